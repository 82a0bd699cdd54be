"""The warnings about whole files and across games (issue 14): a file with no games
(``no-games``), and a game recorded twice (``duplicate-game``), in one file or across the
files of a run, with ``--jobs``, a file read in parts and the express check alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.check_pool import check_in_processes
from spadesctl.checking import CheckOptions, check_file, join_parts
from spadesctl.cli import app
from spadesctl.express.canonical import express_check
from spadesctl.file_warnings import PLAY_LINES, fingerprint, game_fingerprint, play_fingerprint
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import GameText, format_game, game_from_text, iter_game_texts
from spadesctl.rules.parse import parse_rules
from spadesctl.rules.presets import PRESETS, STANDARD
from tests.test_express_lenient import respelled_fixed

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


def _games(count: int, seed: int = 5, rules: str = "standard") -> list[str]:
    return [format_game(g) for g in generate_games(count, seed=seed, rules=parse_rules(rules))]


def _check(*args: str) -> tuple[int, list[dict[str, object]]]:
    result = runner.invoke(app, ["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def _line_of(text: str, game: int, games: list[str]) -> int:
    """The first line of game ``game`` (1-based) of ``text``, the games joined by a
    blank line."""
    before = "\n".join(games[: game - 1])
    return before.count("\n") + 2 if game > 1 else 1


# -- duplicate-game ---------------------------------------------------------------------


def test_a_game_recorded_twice_in_one_file(tmp_path: Path) -> None:
    games = _games(3)
    text = "\n".join([*games, games[1]])
    record = tmp_path / "league.spades"
    record.write_text(text)
    status, found = _check(str(record))
    assert status == 0  # a warning: the games themselves are clean
    assert [(d["name"], d["line"], d["game"]) for d in found] == [
        ("duplicate-game", _line_of(text, 4, [*games, games[1]]), 4)
    ]
    second = _line_of(text, 2, games)
    assert found[0]["message"] == (
        f"the same deal and play as game 2 (line {second}): the game is recorded twice"
    )
    assert found[0]["severity"] == "warning"


def test_a_game_recorded_in_two_files_names_the_first(tmp_path: Path) -> None:
    games = _games(2)
    first, second = tmp_path / "a.spades", tmp_path / "b.spades"
    first.write_text("\n".join(games))
    second.write_text(games[1].replace('[Event "', '[Event "copy of '))  # other tags
    status, found = _check(str(first), str(second))
    assert status == 0
    assert [(d["file"], d["line"], d["game"]) for d in found] == [(str(second), 1, 1)]
    line = _line_of("\n".join(games), 2, games)
    assert f"as game 2 of {first} (line {line})" in str(found[0]["message"])
    text = runner.invoke(app, ["check", str(first), str(second)])
    assert text.exit_code == 0
    assert f"{second}:1:1: SP008 duplicate-game: warning: " in text.stdout


def test_the_same_deal_played_otherwise_is_no_duplicate(tmp_path: Path) -> None:
    """Duplicate spades deals the same cards at every table: only the play tells a copy."""
    (game,) = _games(1)
    lines = game.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("trick "))
    lines[at] += " ; the same"  # a comment changes nothing of the play
    copy = "\n".join(lines)
    other = game.replace("trick 13 ", "trick 13  ", 1)  # nor do blanks
    record = tmp_path / "tables.spades"
    record.write_text("\n".join([game, copy, other]))
    assert [d["name"] for d in _check(str(record))[1]] == ["duplicate-game"] * 2
    # the same deals, the last trick's cards in another order: not the same play
    changed = game.split("\n")
    last = max(i for i, line in enumerate(changed) if line.startswith("trick "))
    words = changed[last].split(" ")
    words[3], words[4] = words[4], words[3]
    changed[last] = " ".join(words)
    record.write_text("\n".join([game, "\n".join(changed)]))
    assert "duplicate-game" not in {d["name"] for d in _check(str(record))[1]}


def test_score_sheets_without_cards_are_never_duplicates(tmp_path: Path) -> None:
    (sheet,) = [
        format_game(g) for g in generate_games(1, 2, STANDARD, GenerateOptions(hands_only=True))
    ]
    assert "trick " not in sheet and "deal " not in sheet
    record = tmp_path / "sheets.spades"
    record.write_text("\n".join([sheet, sheet]))
    assert "duplicate-game" not in {d["name"] for d in _check(str(record))[1]}


def test_a_lenient_spelling_is_the_same_game(tmp_path: Path) -> None:
    """The full engine reads lenient card spellings; the game is the same one."""
    (game,) = _games(1)
    lenient = "\n".join(
        " ".join(w.replace("T", "10").lower() if len(w) == 2 else w for w in line.split(" "))
        if line.startswith("trick ")
        else line
        for line in game.split("\n")
    )
    assert lenient != game
    record = tmp_path / "lenient.spades"
    record.write_text("\n".join([game, lenient]))
    status, found = _check(str(record))
    assert (status, [d["name"] for d in found]) == (0, ["duplicate-game"])


def test_a_pbn_record_beside_its_conversion(tmp_path: Path) -> None:
    pbn = SAMPLES / "pbn" / "renege.ptn"
    native = tmp_path / "renege.spades"
    converted = runner.invoke(app, ["convert", "--to", "spades", str(pbn), "-o", str(native)])
    assert converted.exit_code == 0, converted.output
    _, found = _check(str(pbn), str(native))
    duplicates = [d for d in found if d["name"] == "duplicate-game"]
    assert [d["file"] for d in duplicates] == [str(native)]
    assert f"of {pbn}" in str(duplicates[0]["message"])


def test_selected_and_ignored_as_every_diagnostic(tmp_path: Path) -> None:
    games = _games(1)
    record = tmp_path / "twice.spades"
    record.write_text("\n".join(games * 2))
    assert _check("--ignore", "duplicate-game", str(record))[1] == []
    assert [d["code"] for d in _check("--select", "SP008", str(record))[1]] == ["SP008"]


@pytest.mark.parametrize("respelled", [False, True])
@pytest.mark.parametrize(
    "rules", ["standard", "cutthroat players=3", "two-player", "jokers", *sorted(PRESETS)]
)
def test_express_and_full_engine_give_each_game_the_same_fingerprint(
    rules: str, respelled: bool, tmp_path: Path
) -> None:
    """The express check settles a clean game from its lines (in canonical form: a
    record written by hand is rewritten first), the full engine parses it: both give the
    fingerprint of the same canonical text (so that the express check never hides a
    duplicate); the play lines the express check tells as it reads them are the ones
    :func:`fingerprint` picks out of the canonical lines."""
    record = tmp_path / "games.spades"
    games = _games(6, seed=11, rules=rules)
    record.write_text("\n".join(map(respelled_fixed, games) if respelled else games))
    record_rules = parse_rules(rules)
    settled = 0
    for index, unit in enumerate(iter_game_texts(record), start=1):
        assert isinstance(unit, GameText)
        game = game_from_text(unit, "-", index)
        assert game_fingerprint(game) is not None
        play: list[str] = []
        found = express_check(unit.lines, record_rules, play=play)
        if found is not None:
            settled += 1
            assert play == [line for line in found[1] if line.startswith(PLAY_LINES)]
            assert play_fingerprint(play) == fingerprint(found[1]) == game_fingerprint(game)
    if rules in ("standard", "two-player"):  # two players: the draw lines too
        assert settled == 6  # the express check was really asked


def test_jobs_parts_and_express_give_the_same_warnings(tmp_path: Path) -> None:
    games = _games(8, seed=9)
    first, second = tmp_path / "a.spades", tmp_path / "b.spades"
    first.write_text("\n".join([*games, games[2]]))
    second.write_text("\n".join([games[5], *_games(2, seed=10)]))
    paths = [str(first), str(second)]
    outputs = {
        args: runner.invoke(app, ["check", *args, *paths]).stdout
        for args in ((), ("--jobs", "2"), ("--no-express",), ("--no-express", "--jobs", "2"))
    }
    assert len(set(outputs.values())) == 1, outputs
    assert outputs[()].count("SP008 duplicate-game") == 2
    # a large file is read in parts (batches of games for the workers): the same report,
    # fingerprints included
    options = CheckOptions()
    (parts,) = join_parts(
        check_in_processes([str(first)], options, 2, split_bytes=1, batch_games=2)
    )
    assert parts == check_file(str(first), options)
    assert len(parts.fingerprints) == len(games) + 1


def test_the_library_check_reports_them_too(tmp_path: Path) -> None:
    import spadesctl

    record = tmp_path / "twice.spades"
    record.write_text("\n".join(_games(1) * 2))
    assert [d.name for d in spadesctl.check(record)] == ["duplicate-game"]


# -- no-games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("empty.spades", "", "the file is empty"),
        ("blank.spades", "\n\n  \n", "nothing but blank lines and comments"),
        ("comments.spades", "; to do\n{ a block }\n", "nothing but blank lines and comments"),
        ("tags.spades", '[Event "Friday"]\n', "1 game of tags only, without a hand"),
        ("empty.pbn", "", "the file is empty"),
    ],
)
def test_a_file_without_games_says_so(tmp_path: Path, name: str, content: str, says: str) -> None:
    record = tmp_path / name
    record.write_text(content)
    status, found = _check(str(record))
    assert status == 0
    assert [(d["name"], d["line"], d["column"]) for d in found] == [("no-games", 1, 1)]
    where = "standard input" if name == "-" else "this file"
    assert found[0]["message"] == f"no games in {where}: {says}"
    score = runner.invoke(app, ["score", str(record)])
    assert score.exit_code == 0
    assert f"{record}:1:1: SP007 no-games: warning: no games in {where}: {says}" in score.stderr


def test_standard_input_without_games_says_so() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spadesctl", "check", "-"], input="", capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.startswith("-:1:1: SP007 no-games: warning: no games in standard input")


def test_an_unreadable_file_is_an_io_error_only(tmp_path: Path) -> None:
    status, found = _check(str(tmp_path / "missing.spades"))
    assert status == 2
    assert [d["name"] for d in found] == ["io-error"]


def test_a_file_with_games_has_no_such_warning() -> None:
    assert _check(str(SAMPLES / "league-night.spades")) == (0, [])
