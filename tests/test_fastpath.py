"""The fast line reader gives exactly the grammar's events and positions, or defers to it."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl import format_game
from spadesctl.events import LineEvent, Position
from spadesctl.notation.fastpath import fast_line
from spadesctl.notation.parser import parse_line
from spadesctl.rules.presets import STANDARD
from tests.strategies import games


def deep(value: Any) -> Any:
    """A value with every field, positions included (events leave positions out of ==)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            *(deep(getattr(value, f.name)) for f in dataclasses.fields(value)),
        )
    if isinstance(value, tuple):
        return tuple(deep(v) for v in value)
    return value


def agree(line: str) -> LineEvent | None:
    """Assert that the fast reader agrees with the grammar on ``line``; return its answer."""
    fast = fast_line(line, 7)
    slow = parse_line(line, 7)
    if fast is not None:
        assert deep(fast) == deep(slow), line
    return fast


CANONICAL_LINES = [
    '[Event "Friday League"]',
    '[Event "quote \\" and backslash \\\\"]',
    "hand 12 dealer W",
    "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7",
    "deal N:.Q975.AJ8732.5.BL",
    "pass W>E AS QD",
    "bid E 6 S nil W bnil N b4",
    "bid EW 6 NS 5 N nil",
    "draw N keep AS discard 3H",
    "draw S discard 2C keep KD",
    "trick 1 E AH JH 4H 9H",
    "trick 17 N BJ LJ 2D",
    "claim E",
    "took N 4 E 5 S 4 W 0",
    "took NS 6 EW 7",
    "renege E 4",
    "score NS 81 EW -100",
    "score N +5 E 0",
    "bags NS 1 EW 0",
    "result NS",
]


def test_the_fast_reader_answers_every_canonical_line() -> None:
    for line in CANONICAL_LINES:
        assert agree(line) is not None, line


UNUSUAL_OR_BAD = [
    "  trick 1 E AH JH 4H 9H",
    "trick\t1 E AH JH 4H 9H",
    "trick 1 E ah Jh H4 9♥ 10h",
    "trick 1 E AH  JH",
    "trick 1 NS AH",
    "trick 1 E AH JX",
    "trick 123 E AH",
    "hand 1 dealer NS",
    "hand 1dealer N",
    "hand 007 dealer N",
    "bid N",
    "bid N 4 E",
    "bid N b",
    "bid N 100",
    "bid N4",
    "pass W > E AS",
    "pass W>EAS",
    "deal N:AKQ.x.y.z",
    "deal N:AK",
    "draw N keep AS keep 3H",
    "took N 3 E",
    "score NS 81 EW",
    "result X",
    "claim",
    "renege E",
    '[Event"x"]',
    '[ Event "x" ]',
    '[Event "x"] junk',
    "trick 1 E AH\xa0JH",
    "Hand 1 dealer N",
    "frobnicate",
]


def test_unusual_or_bad_lines_agree_with_the_grammar() -> None:
    for line in UNUSUAL_OR_BAD:
        agree(line)


separators = st.sampled_from([" ", "  ", "\t", " \t "])


@settings(max_examples=80, deadline=None)
@given(games(), st.data())
def test_generated_records_agree_line_by_line(game: Any, data: st.DataObject) -> None:
    for line in format_game(game).splitlines():
        if not line:
            continue
        assert agree(line) is not None, line
        words = line.split(" ")
        sep = data.draw(separators)
        messy = sep.join(words) + data.draw(st.sampled_from(["", " ", "\t"]))
        agree(messy)


def test_positions_are_absolute() -> None:
    event = fast_line("   trick 3 N AS KS", 41)
    assert event is not None
    assert event.pos == Position(41, 4)
    assert event.position_of(1) == Position(41, 17)  # type: ignore[union-attr]


def _corpus_lines() -> list[tuple[str, str]]:
    """(preset, line) for every line of generated games under each preset."""
    from spadesctl.generate import GenerateOptions, generate_games
    from spadesctl.rules.presets import PRESETS

    out: list[tuple[str, str]] = []
    for name, rules in sorted(PRESETS.items()):
        for options in (GenerateOptions(), GenerateOptions(hands_only=True)):
            for game in generate_games(2, seed=11, rules=rules, options=options):
                out.extend((name, line) for line in format_game(game).splitlines())
    return out


def test_a_generated_corpus_parses_the_same_both_ways() -> None:
    """Every preset's generated games, line by line: the fast reader's events and positions
    are the grammar's, and the fast reader answers every line the writer writes."""
    from spadesctl.notation.parser import parse_lines

    lines = [line for _, line in _corpus_lines()]
    assert len(lines) > 1000
    fast = parse_lines(lines, first_line=3)
    slow = parse_lines(lines, first_line=3, fast=False)
    assert [deep(e) for e in fast] == [deep(e) for e in slow]
    for number, line in enumerate(lines, 3):
        if line:
            assert fast_line(line, number) is not None, line


def test_canonical_lines_read_the_same_as_spaced_out_ones() -> None:
    """The quickest readers (single-spaced lines) agree with the general token reader."""
    for _, line in _corpus_lines():
        if not line or line.startswith("["):
            continue
        quick = fast_line(line, 5)
        general = fast_line(" " + line, 5)  # a leading space: the general reader's way
        assert quick is not None and general is not None, line
        assert deep(_unshift(general)) == deep(quick), line


def _unshift(event: Any) -> Any:
    """``event`` read from the line with one leading space, moved back one column."""
    if isinstance(event, Position):
        return Position(event.line, event.column - 1)
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        changes = {f.name: _unshift(getattr(event, f.name)) for f in dataclasses.fields(event)}
        if "card_columns" in changes:
            changes["card_columns"] = tuple(c - 1 for c in changes["card_columns"])
        return dataclasses.replace(event, **changes)
    if isinstance(event, tuple):
        return tuple(_unshift(v) for v in event)
    return event


def test_checking_a_clean_file_never_imports_the_grammar(tmp_path: Path) -> None:
    """Well-formed records are read without Lark: it is imported, and the parser built,
    only for a line the fast reader declines."""
    from spadesctl.generate import generate_games

    path = tmp_path / "clean.spades"
    path.write_text("\n".join(format_game(g) for g in generate_games(3, 5, STANDARD)))
    script = (
        "import sys\n"
        "from spadesctl.checking import check_file\n"
        f"report = check_file({str(path)!r})\n"
        "assert report.hands > 0 and not report.diagnostics, report\n"
        "assert 'lark' not in sys.modules, 'lark was imported'\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
