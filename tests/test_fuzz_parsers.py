"""Fuzzing the readers with random text: the native and the PBN parsers, rules text and
house-rules files.  Problems become issues on the games (or a documented error), never
an exception of another kind."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import spadesctl
from spadesctl import RecordReadError
from spadesctl.diagnostics import SYNTAX_ERROR
from spadesctl.notation import games_from_stream, parse_text
from spadesctl.rules import RulesError
from spadesctl.rules.parse import parse_rules
from spadesctl.rules.resolve import rules_option
from tests.strategies import (
    CARD_WORDS,
    JUNK_TEXT,
    NUMBER_WORDS,
    SEAT_WORDS,
    fuzz_rules_texts,
    fuzz_settings,
)

KEYWORDS = (
    "hand", "dealer", "deal", "pass", "bid", "draw", "keep", "discard", "trick", "claim",
    "took", "renege", "score", "bags", "result", "[Rules", "[Event", "]", '"', "% PBN",
    "% PTN", "[Deal", "[Auction", "[Play", "[Dealer", "[GameOptionsJson", "[Scoring",
    "N:", "E>W", "W>E", "*", "-", ".", ":", "{", "}", ";",
)  # fmt: skip

#: Lines made of the notation's own words, in any order: deeper than random characters.
wordy_lines = st.lists(
    st.sampled_from(KEYWORDS + CARD_WORDS + SEAT_WORDS + NUMBER_WORDS + JUNK_TEXT),
    max_size=8,
).map(" ".join)
texts = st.one_of(
    st.text(max_size=300),
    st.lists(wordy_lines, max_size=12).map("\n".join),
    st.lists(st.one_of(wordy_lines, st.text(max_size=20)), max_size=12).map("\n".join),
)


def _read(text: str, source: str) -> None:
    try:
        games = parse_text(text, source)
    except RecordReadError:
        assert "\x00" in text
        return
    for game in games:
        for issue in game.issues:
            assert issue.message and issue.pos.line >= 1 and issue.pos.column >= 1


@fuzz_settings(100)
@given(texts)
def test_native_parser_never_raises(text: str) -> None:
    _read(text, "random.spades")


@fuzz_settings(100)
@given(texts)
def test_pbn_parser_never_raises(text: str) -> None:
    _read("% PBN 2.1\n" + text, "random.pbn")


@fuzz_settings(60)
@given(st.binary(max_size=400), st.sampled_from(["random.spades", "random.ptn", "-"]))
@example(b"PAR1", "random.spades")  # found by hypothesis: the magic alone, no table
def test_readers_never_raise_on_random_bytes(data: bytes, name: str) -> None:
    try:
        for game in games_from_stream(io.BytesIO(data), name):
            assert game.source == name
    except ValueError as exc:  # the stream reader's BinaryFileError
        if data.startswith(b"PAR1"):  # Parquet's magic: a damaged table is an io-error
            assert "parquet" in str(exc).lower()
        else:  # otherwise only NUL bytes make a text unreadable
            assert b"\x00" in data


@fuzz_settings(100)
@given(fuzz_rules_texts)
def test_rules_text_raises_only_rules_error(text: str) -> None:
    try:
        parse_rules(text)
    except RulesError as exc:
        assert str(exc)


@fuzz_settings(50)
@given(st.one_of(st.binary(max_size=80), st.text(max_size=80).map(str.encode)))
def test_house_rules_file_raises_only_rules_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        path.write_bytes(data)
        try:
            rules_option(str(path))
        except RulesError as exc:
            assert str(exc).startswith(str(path))


# --- regressions -------------------------------------------------------------------------


def test_parse_text_with_a_nul_raises_record_read_error() -> None:
    """Was: the stream reader's ValueError (BinaryFileError) escaped ``parse_text``."""
    with pytest.raises(RecordReadError, match="NUL bytes"):
        spadesctl.parse_text("hand 1 dealer N\n\x00\n")


def test_parse_text_with_a_lone_surrogate_reports_the_line() -> None:
    """Was: UnicodeEncodeError from ``parse_text`` for a string no file could hold."""
    [game] = spadesctl.parse_text("hand 1 dealer N\nbid E \ud800\n")
    assert [(i.pos.line, i.kind) for i in game.issues] == [(2, SYNTAX_ERROR)]


def test_house_rules_file_that_is_not_utf8_is_a_rules_error(tmp_path: Path) -> None:
    """Was: UnicodeDecodeError (a traceback from ``check --rules house.toml``)."""
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xff\xfe nil = 50\n")
    with pytest.raises(RulesError, match="not a valid TOML file"):
        rules_option(str(path))


@pytest.mark.parametrize("line", ["\x1f", "\x85", "\u2028", "\x0b", "\x1c\x1d"])
def test_pbn_line_of_characters_python_calls_blank_is_reported(line: str) -> None:
    """Was: IndexError in the PBN line-by-line reader, whose ``str.split()`` found no
    word in a line the grammar does not call blank."""
    [game] = spadesctl.parse_text(f"% PBN 2.1\n{line}\n", "odd.pbn")
    [issue] = game.issues
    assert issue.pos.line == 2
    assert "outside a section" in issue.message
