"""How ``check`` reports: warnings marked in text, the party a diagnostic is about, rulings
that cover a renege, every bad key of a Rules tag."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.schema import PARTY

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


# -- warnings are marked in text output ---------------------------------------------------


def test_warnings_are_marked_after_code_and_name_errors_are_not() -> None:
    path = str(SAMPLES / "pbn" / "jokers-partial-play.pbn")
    text = runner.invoke(app, ["check", path]).stdout.splitlines()
    # (variation=1 is Joker-Joker-Ace, which the Event text and the option now both say)
    assert [line.split(": ", 1)[1] for line in text] == [
        "SP005 unknown-option: warning: GameOptionsJson autoPlay=true: spadesctl does not know "
        "this option; it is ignored",
        "SP309 incomplete-hand: hand 1 has only 7 of its 13 tricks, and no claim or took line",
        "SP311 wrong-card-count: trick 7 has 2 cards; 4 players play one card each",
    ]
    found = json.loads(runner.invoke(app, ["check", path, "--format", "json"]).stdout)
    assert found[0]["severity"] == "warning"
    assert found[0]["message"].startswith("GameOptionsJson autoPlay=true:")  # no marker in JSON


# -- the party a diagnostic is about ----------------------------------------------------

#: East and West bid 3 together where 4 is the least (the bid line's last EW bidder,
#: West, is the seat); EW took 9 on 3: 30 + 6 bags = 36, not the 0 written; NS is right
#: (North 4 of 4: 40, South's nil made: 100).
SIDE_PROBLEMS = """[Rules "standard min_team_bid=4"]
hand 1 dealer N
bid E 1 S nil W 2 N 4
took N 4 E 2 S 0 W 7
score NS 140 EW 0
"""


def test_the_party_is_a_field_of_json_ndjson_and_the_violations_table(tmp_path: Path) -> None:
    record = tmp_path / "sides.spades"
    record.write_text(SIDE_PROBLEMS)
    expected = [
        ("min-bid-violated", "W", "EW"),
        ("score-mismatch", None, "EW"),
    ]
    found = json.loads(runner.invoke(app, ["check", str(record), "--format", "json"]).stdout)
    assert [(d["name"], d["seat"], d["party"]) for d in found] == expected
    lines = runner.invoke(app, ["check", str(record), "--format", "ndjson"]).stdout
    rows = [json.loads(line) for line in lines.splitlines()]
    assert [(d["name"], d["seat"], d["party"]) for d in rows] == expected
    out = tmp_path / "violations.parquet"
    args = ["export", str(record), "--table", "violations", "--format", "parquet", "-o", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    table = pl.read_parquet(out)
    assert table.schema["party"] == PARTY
    assert list(table.select("name", "seat", "party").iter_rows()) == expected


def test_a_seats_problem_is_about_that_seat() -> None:
    path = str(SAMPLES / "mistakes" / "renege.spades")
    found = json.loads(runner.invoke(app, ["check", path, "--format", "json"]).stdout)
    assert [(d["name"], d["seat"], d["party"]) for d in found] == [("renege", "E", "E")]


# -- a renege the record already ruled --------------------------------------------------

#: docs/diagnostics.md's renege (South keeps the 8H and the 5H while discarding the JD on
#: hearts in trick 3), called by the table; under standard the 3-trick penalty moves
#: NS's 3 tricks to EW: NS bid 3, took 0, set -30, and South's nil made +100: 70; EW bid
#: 10, took 13: 100 (the penalty's tricks are no bags).
PLAY = """hand 1 dealer N
bid E 6 S nil W 4 N 3
trick 1 E AH JH 4H 9H
trick 2 E 6C 5C 7C 8C
trick 3 N QH 2H JD KH
trick 4 W AD 4D 3D KD
trick 5 W AC 4C QC 3C
trick 6 W 2D 7D 5S QD
trick 7 E 7S 8S 2S AS
trick 8 N TH 6H 5H 7H
trick 9 N JC 2C 8H KC
claim E
"""


def test_a_ruled_renege_is_a_note_and_check_exits_clean(tmp_path: Path) -> None:
    record = tmp_path / "ruled.spades"
    record.write_text(PLAY + "renege S 3\nscore NS 70 EW 100\n")
    result = runner.invoke(app, ["check", str(record)])
    assert result.exit_code == 0
    assert result.stderr == "1 file clean (1 hand; 1 note).\n"  # a note is no problem
    assert result.stdout == (
        f"{record}:5:17: SP313 renege-ruled: note: South did not follow hearts in trick 3 "
        "while holding 5H (played in trick 8) and 8H (played in trick 9); the record's "
        "ruling 'renege S 3' (line 13) covers it, and the score applies its penalty\n"
    )
    [found] = json.loads(runner.invoke(app, ["check", str(record), "--format", "json"]).stdout)
    assert (found["name"], found["severity"], found["seat"]) == ("renege-ruled", "note", "S")
    score = runner.invoke(app, ["score", str(record)])
    assert score.exit_code == 0
    assert "other problem" not in score.stdout  # a note is no problem


def test_an_unruled_renege_stays_an_error(tmp_path: Path) -> None:
    record = tmp_path / "unruled.spades"
    record.write_text(PLAY)
    result = runner.invoke(app, ["check", str(record)])
    assert result.exit_code == 1
    assert ": SP304 renege: South did not follow hearts in trick 3" in result.stdout


def test_a_ruling_for_another_seat_leaves_the_renege_an_error(tmp_path: Path) -> None:
    record = tmp_path / "wrong-seat.spades"
    record.write_text(PLAY + "renege N 3\n")
    names = [
        d["name"]
        for d in json.loads(runner.invoke(app, ["check", str(record), "--format", "json"]).stdout)
    ]
    assert names == ["renege", "unsupported-renege-call"]


# -- an invalid Rules tag ---------------------------------------------------------------


def test_check_reports_every_bad_key_of_a_rules_tag_and_nothing_under_other_rules(
    tmp_path: Path,
) -> None:
    """Two bad keys, two diagnostics; the sheet line (wrong under any rules) is not
    judged, as score does not score the game."""
    record = tmp_path / "typos.spades"
    record.write_text(
        '[Rules "standard nill=50 bag_mode=maybe"]\nhand 1 dealer N\n'
        "bid E 6 S nil W 4 N 3\ntook N 3 E 6 S 0 W 4\nscore NS 999 EW 0\n"
    )
    found = json.loads(runner.invoke(app, ["check", str(record), "--format", "json"]).stdout)
    assert [(d["name"], d["line"]) for d in found] == [("invalid-rules", 1)] * 2
    assert found[0]["message"].startswith("unknown ruleset key 'nill' (did you mean 'nil'?)")
    assert found[1]["message"].startswith("bad value 'maybe' for bag_mode")
    score = runner.invoke(app, ["score", str(record)])
    assert score.exit_code == 1 and score.stdout == ""
    assert len(score.stderr.splitlines()) == 2
