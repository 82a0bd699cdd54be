"""Records -> ``spadesctl export`` (games, hands, tricks) -> the exported files read back
as records: ``check``, ``score``, ``stats`` and ``convert --to spades`` say the same as on
the original records, for generated games of every preset and for the samples."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.formatting import Outcome, format_source
from spadesctl.generate import generate_games
from spadesctl.notation import format_games, iter_games
from spadesctl.rules import PRESETS, parse_rules
from spadesctl.sources import expand_paths
from tests.test_fmt_comments import put_comments

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
TABLE_SUFFIXES = (".csv", ".ndjson", ".parquet")


def export_set(records: Path, out: Path, suffix: str) -> Path:
    """``export --table T`` of games, hands and tricks into ``out``."""
    out.mkdir()
    for table in ("games", "hands", "tricks"):
        target = out / f"{table}{suffix}"
        result = runner.invoke(app, ["export", str(records), "--table", table, "-o", str(target)])
        assert result.exit_code in (0, 1), result.output
    return out


def diagnostics(path: Path) -> list[tuple[str, str, object, object, object]]:
    """What ``check`` reports, without where (the positions are the tables' own)."""
    result = runner.invoke(app, ["check", "--format", "json", "--exit-zero", str(path)])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    return sorted((d["code"], d["message"], d["hand"], d["trick"], d["seat"]) for d in found)


def score_text(path: Path, file_names: tuple[str, ...]) -> str:
    result = runner.invoke(app, ["score", "--exit-zero", "--explain", str(path)])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for name in file_names:
        text = text.replace(name, "FILE")
    text = re.sub(r"\bline \d+", "line L", text)  # positions are the tables' own
    return re.sub("=+", "=", text)  # a heading's underline is as long as its file name


def stats_text(path: Path) -> str:
    result = runner.invoke(app, ["stats", "--by", "player", "--format", "csv", str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def converted(path: Path) -> str:
    return "".join(format_games(g for p in expand_paths([str(path)]) for g in iter_games(p)))


def formatted(path: Path) -> str:
    """What ``fmt`` makes of a native record (every comment kept where it puts them), or
    the converted text of a record of another format."""
    if path.is_file():
        result = format_source(str(path))
        if result.outcome in (Outcome.CANONICAL, Outcome.CHANGED):
            return result.text
    return converted(path)


def assert_same(records: Path, out: Path) -> None:
    assert diagnostics(out) == diagnostics(records)
    lead = expand_paths([str(out)])
    assert len(lead) == 1
    assert score_text(out, (lead[0],)) == score_text(records, (str(records),))
    assert stats_text(out) == stats_text(records)
    assert converted(out) == formatted(records)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_generated_games_of_every_preset_round_trip(preset: str, tmp_path: Path) -> None:
    records = tmp_path / f"{preset}.spades"
    records.write_text("".join(format_games(generate_games(3, 7, PRESETS[preset]))))
    suffix = TABLE_SUFFIXES[sorted(PRESETS).index(preset) % 3]
    assert_same(records, export_set(records, tmp_path / "out", suffix))


@pytest.mark.parametrize(
    "rules",
    [
        "standard bid_rounds=2",
        "standard pass_cards=2",
        "cutthroat players=3",
        "standard renege_penalty=3",
    ],
)
def test_generated_variants_round_trip(rules: str, tmp_path: Path) -> None:
    """Raises, card passes and other lines no column holds go through the hands' lines."""
    records = tmp_path / "variant.spades"
    records.write_text("".join(format_games(generate_games(2, 5, parse_rules(rules)))))
    assert_same(records, export_set(records, tmp_path / "out", ".parquet"))


#: Lines the columns cannot hold exactly (a score line in another order than the seats',
#: a took line by sides), a claim, rulings, a tag of the record's own, a result.
ODD_LINES = """\
[Event "Odd lines"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Custom "kept"]

hand 1 dealer N
deal E:KQT975.A62.3.Q62 N:AJ64.QT9.74.J984 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7
bid E 6 S nil W 4 N 3
trick 1 E AH JH 4H 9H
trick 2 E 2H KH TH 3H
claim W
renege N 2
score EW 81 NS -100
bags NS 1 EW 0

hand 2 dealer E
bid S 4 W 3 N 3 E 2
took NS 7 EW 6
renege E 3
renege S 5
score NS 0 EW 100

result EW
"""


def test_lines_the_columns_cannot_hold_round_trip(tmp_path: Path) -> None:
    records = tmp_path / "odd.spades"
    records.write_text(ODD_LINES)
    out = export_set(records, tmp_path / "out", ".csv")
    hands = (out / "hands.csv").read_text()
    assert "score EW 81 NS -100" in hands and "took NS 7 EW 6" in hands
    assert diagnostics(records)  # the claim, rulings and sheet give problems: all kept
    assert diagnostics(out) == diagnostics(records)
    assert converted(out) == converted(records)
    assert stats_text(out) == stats_text(records)
    # score's notes are numbered in the order of their positions, which several problems
    # of one hand's row share in a table: the same notes, maybe in another order
    [lead] = expand_paths([str(out)])

    def notes(text: str) -> list[str]:
        return sorted(re.sub(r"\[\d+\]", "[n]", text).splitlines())

    assert notes(score_text(out, (lead,))) == notes(score_text(records, (str(records),)))


def _clean_samples() -> list[Path]:
    """The samples whose games read without a reading problem (a reading warning, such
    as a PBN option spadesctl does not know, is the source format's, not the game's)."""
    found = []
    for path in expand_paths([str(ROOT / "samples")]):
        games = list(iter_games(path))
        if games and not any(g.issues for g in games):
            found.append(Path(path))
    return found


@pytest.mark.parametrize("sample", _clean_samples(), ids=lambda p: p.name)
def test_samples_round_trip(sample: Path, tmp_path: Path) -> None:
    assert_same(sample, export_set(sample, tmp_path / "out", ".ndjson"))


def test_the_samples_are_many() -> None:
    assert len(_clean_samples()) >= 10


#: Comments everywhere ``fmt`` keeps them: before the first line, at the end of tag,
#: bid and hand lines, a block spanning lines (and one ending in a ``;`` comment),
#: between hands, after a game's last line, on the next game's first tag, at the end.
COMMENTED = """\
; scorekeeper: Ann
[Event "Commented"]  ; the Friday one
[North "Ann"] { who }
[Rules "standard"]

{ a block
  spanning lines }
hand 1 dealer N
bid E 3 S 4 ; first bids
bid W 2 N 4 { Bo showed
out of diamonds } ; here
took N 4 E 3 S 4 W 2
; between hands

hand 2 dealer E ; the second
bid S 3 W 3 N 3 E 3
took N 3 E 4 S 2 W 4
; after the game
[Event "Second"] ; its own
hand 1 dealer N
bid E 3 S 3 W 3 N 3
took N 3 E 4 S 2 W 4
; the end
"""


def test_comments_round_trip_where_fmt_puts_them(tmp_path: Path) -> None:
    records = tmp_path / "commented.spades"
    records.write_text(COMMENTED)
    out = export_set(records, tmp_path / "out", ".csv")
    text = converted(out)
    assert text == format_source(str(records)).text
    assert text.count(";") + text.count("{") == COMMENTED.count(";") + COMMENTED.count("{")
    assert_same(records, out)


@pytest.mark.parametrize("seed", range(4))
def test_random_comments_round_trip(seed: int, tmp_path: Path) -> None:
    """Comments put anywhere in generated games (several a file): the export keeps each
    where ``fmt`` puts it, with the games' own comment lines read as the reader found them."""
    rules = PRESETS[sorted(PRESETS)[seed % len(PRESETS)]]
    records = tmp_path / "random.spades"
    rng = random.Random(seed)
    kinds = ("alone", "line", "block", "span")
    placements = [(rng.randrange(400), rng.choice(kinds), f"note {n}") for n in range(12)]
    text = "".join(format_games(generate_games(2, seed, rules)))
    records.write_text(put_comments(text, placements))
    out = export_set(records, tmp_path / "out", TABLE_SUFFIXES[seed % 3])
    assert converted(out) == format_source(str(records)).text
    assert diagnostics(out) == diagnostics(records)


def test_export_says_once_that_a_table_drops_the_comments(tmp_path: Path) -> None:
    records = tmp_path / "commented.spades"
    records.write_text(COMMENTED)
    target = tmp_path / "hands.csv"
    result = runner.invoke(app, ["export", str(records), "--table", "hands", "-o", str(target)])
    assert result.exit_code == 0, result.output
    warning = (
        "spadesctl: warning: the comments of 2 games are not kept: the hands table has none; "
        "only the games table keeps them (docs/import.md)\n"
    )
    assert result.stderr == warning
    express = runner.invoke(
        app, ["export", str(records), "--table", "games", "--express", "-o", str(target)]
    )
    assert express.exit_code == 0, express.output
    assert "--express leaves them out" in express.stderr
    games = runner.invoke(app, ["export", str(records), "--table", "games", "-o", str(target)])
    assert games.exit_code == 0 and games.stderr == ""


@pytest.mark.parametrize(
    ("cell", "problem"),
    [
        ("not json", "not a JSON list of comments"),
        ('[{"line": 0, "text": "; x"}]', "comment 1: line 0 is not from 1 to"),
        ('[{"line": 1, "text": "hand 2 dealer N"}]', "is not a comment"),
        ('[{"line": 1, "text": "; x\\nhand 2 dealer N"}]', "is not a comment"),
        ('[{"line": 1, "text": "{ open"}]', "is not a comment"),
        ('[{"line": 1, "inline": "yes", "text": "; x"}]', "inline 'yes' is not true or false"),
    ],
)
def test_a_bad_comments_cell_is_a_syntax_error_at_the_cell(
    cell: str, problem: str, tmp_path: Path
) -> None:
    """A comments cell is only ever comments: one that would add a line is refused."""
    games = tmp_path / "games.ndjson"
    games.write_text(json.dumps({"game": "g1", "comments": cell}) + "\n")
    (tmp_path / "hands.ndjson").write_text(
        "".join(
            json.dumps({"game": "g1", "hand": 1, "dealer": "N", "seat": s, "bid": "3", "tricks": 3})
            + "\n"
            for s in "NESW"
        )
    )
    result = runner.invoke(app, ["check", "--format", "json", str(tmp_path / "hands.ndjson")])
    found = json.loads(result.stdout)
    assert [d["name"] for d in found] == ["syntax-error"]
    assert "column 'comments'" in found[0]["message"] and problem in found[0]["message"]
    assert found[0]["file"] == str(tmp_path / "hands.ndjson")
