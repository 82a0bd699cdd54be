"""Reading a block of lines at a time gives exactly what reading line by line gives.

The reference below is the line-by-line reader (``readline`` with a length limit) that
the block reader replaced; both are run on arbitrary bytes (long lines, NUL bytes,
invalid UTF-8, a byte-order mark, carriage returns, comments, games) with small block
and line limits, so that every boundary case is reached.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spadesctl.events import Position, SyntaxIssue
from spadesctl.notation import reader
from spadesctl.notation.reader import (
    GAME_SEPARATOR,
    BinaryFileError,
    GameText,
    blank_comments,
    split_games,
)


def reference_lines(
    stream: BinaryIO, max_line: int
) -> Iterator[tuple[int, str | None, SyntaxIssue | None]]:
    line_no = 0
    while True:
        raw = stream.readline(max_line + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > max_line and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(max_line + 1)
            message = f"line longer than {max_line} bytes; skipped"
            yield line_no, None, SyntaxIssue(message, Position(line_no, 1))
            continue
        if b"\x00" in raw:
            raise BinaryFileError(f"line {line_no} holds NUL bytes: this is not a text record")
        if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            message = f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); line skipped"
            yield line_no, None, SyntaxIssue(message, Position(line_no, column))
            continue
        yield line_no, text.rstrip("\r\n"), None


def reference_games(stream: BinaryIO, max_line: int) -> Iterator[GameText]:
    lines: list[str] = []
    issues: list[SyntaxIssue] = []
    first = 1
    seen_body = False
    opened = False
    in_block = False
    block_start = Position(1, 1)
    for line_no, text, issue in reference_lines(stream, max_line):
        if text is None:
            if issue is not None:
                issues.append(issue)
            text = ""
        else:
            was_in_block, raw_text = in_block, text
            text, in_block = blank_comments(text, in_block)
            if in_block and not was_in_block:
                block_start = Position(line_no, raw_text.rfind("{") + 1)
        stripped = text.strip()
        if stripped == GAME_SEPARATOR:
            if opened or issues or any(line.strip() for line in lines):
                yield GameText(first, tuple(lines), tuple(issues))
            lines, issues, first, seen_body, opened = [""], [], line_no, False, True
            continue
        if stripped.startswith("["):
            if seen_body:
                yield GameText(first, tuple(lines), tuple(issues))
                lines, issues, first, seen_body, opened = [], [], line_no, False, False
        elif stripped:
            seen_body = True
        if not lines and not stripped and not issues:
            first = line_no + 1
            continue
        lines.append(text)
    if in_block:
        issues.append(SyntaxIssue("a { block comment } is never closed", block_start))
    if opened or any(line.strip() for line in lines) or issues:
        yield GameText(first, tuple(lines), tuple(issues))


def outcome(games: Iterator[GameText]) -> list[object]:
    """The games (issues with their positions) and the error that ended the reading."""
    out: list[object] = []
    try:
        for g in games:
            out.append((g.first_line, g.lines, tuple((i.message, i.pos) for i in g.issues)))
    except BinaryFileError as exc:
        out.append(("error", str(exc)))
    return out


PIECES = [
    b'[Event "x"]\n',
    b"hand 1 dealer N\n",
    b"trick 1 N AS KS QS JS\n",
    b"bid N 4 ; a comment\n",
    b"{ block\n",
    b"still } bid E 3\n",
    b"\n",
    b"   \n",
    b'  [Tag "indented"]\n',
    b"[NewGame]\n",
    b" [NewGame] \r\n",
    b"[NewGame] x\n",
    b"\r\n",
    b"took N 3\r\r\n",
    b"\xef\xbb\xbf",
    b"caf\xc3\xa9\n",
    b"bad \xff byte\n",
    b"nul \x00 here\n",
    b"\xe2\x80\xa8 separator\n",
    b"\x0c[Form feed tag]\n",
    b"x" * 40,
    b"y" * 90 + b"\n",
]


@pytest.mark.parametrize("block", [7, 64, 1 << 20])
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.lists(st.sampled_from(PIECES), max_size=30))
def test_block_reader_matches_the_line_reader(
    block: int, data: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = b"".join(data)
    monkeypatch.setattr(reader, "BLOCK", block)  # the same values for every example
    monkeypatch.setattr(reader, "MAX_LINE", 60)
    expected = outcome(reference_games(io.BytesIO(raw), 60))
    assert outcome(split_games(io.BytesIO(raw))) == expected


def test_a_line_without_end_is_skipped_without_holding_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reader, "BLOCK", 16)
    monkeypatch.setattr(reader, "MAX_LINE", 60)
    raw = b"hand 1 dealer N\n" + b"z" * 1000 + b"\x00\ntrick 1 N AS\n" + b"q" * 500
    expected = outcome(reference_games(io.BytesIO(raw), 60))
    assert outcome(split_games(io.BytesIO(raw))) == expected


class _Trickle(io.RawIOBase):
    """A pipe-like stream: ``read1`` hands out what has arrived, one piece at a time."""

    def __init__(self, pieces: list[bytes]) -> None:
        self.pieces = list(pieces)
        self.asked = 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        self.asked += 1
        return self.pieces.pop(0) if self.pieces else b""


def test_a_game_is_read_as_soon_as_the_next_one_starts() -> None:
    """Standard input is not held back until a whole block arrives."""
    stream = _Trickle([b'[Event "a"]\nhand 1 dealer N\n', b'[Event "b"]\n', b"hand 1 dealer E\n"])
    games = split_games(stream)  # type: ignore[arg-type]
    first = next(games)
    assert first.lines == ('[Event "a"]', "hand 1 dealer N")
    assert stream.asked == 2  # the second game's tag line, and nothing after it
    assert [g.lines for g in games] == [('[Event "b"]', "hand 1 dealer E")]
