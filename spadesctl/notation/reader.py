"""Streaming a record file into one block of lines per game.

Reading never holds more than one game in memory: lines are read one at a time from a
binary stream, decoded, stripped of comments (kept column-exact by blanking them with
spaces) and grouped so that a tag line following hand lines starts a new game.  Lines
that cannot be decoded or are absurdly long become positioned issues, not exceptions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, Final

from spadesctl.events import Position, SyntaxIssue
from spadesctl.values import fast_init

#: Longest line read; anything longer is reported and skipped (a record line is short).
MAX_LINE: Final = 64 * 1024


class BinaryFileError(ValueError):
    """The input holds NUL bytes: it is not a text record."""


@fast_init
@dataclass(frozen=True, slots=True)
class GameText:
    """The lines of one game (comments blanked), from file line ``first_line`` on."""

    first_line: int
    lines: tuple[str, ...]
    issues: tuple[SyntaxIssue, ...] = ()


def blank_comments(line: str, in_block: bool) -> tuple[str, bool]:
    """Replace ``; ...`` and ``{ ... }`` comments by spaces, respecting quoted tag values.

    ``in_block`` says whether a block comment is open at the start of the line; the
    second value says whether one is still open at its end.
    """
    if not in_block and ";" not in line and "{" not in line:
        return line, False
    out = list(line)
    quoted = False
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if in_block:
            out[i] = " "
            if ch == "}":
                in_block = False
        elif quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == ";":
            for j in range(i, n):
                out[j] = " "
            break
        elif ch == "{":
            in_block = True
            out[i] = " "
        i += 1
    return "".join(out), in_block


def _read_lines(stream: BinaryIO) -> Iterator[tuple[int, str | None, SyntaxIssue | None]]:
    """Yield (line number, text or None, issue or None) for each physical line."""
    line_no = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE + 1)
            yield (
                line_no,
                None,
                SyntaxIssue(f"line longer than {MAX_LINE} bytes; skipped", Position(line_no, 1)),
            )
            continue
        if b"\x00" in raw:
            raise BinaryFileError(f"line {line_no} holds NUL bytes: this is not a text record")
        if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            yield (
                line_no,
                None,
                SyntaxIssue(
                    f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); line skipped",
                    Position(line_no, column),
                ),
            )
            continue
        yield line_no, text.rstrip("\r\n"), None


def split_games(stream: BinaryIO) -> Iterator[GameText]:
    """Group a record stream into games, one :class:`GameText` at a time."""
    lines: list[str] = []
    issues: list[SyntaxIssue] = []
    first = 1
    seen_body = False
    in_block = False
    block_start = Position(1, 1)
    for line_no, text, issue in _read_lines(stream):
        if text is None:
            if issue is not None:
                issues.append(issue)
            text = ""
        else:
            was_in_block, raw_text = in_block, text
            text, in_block = blank_comments(text, in_block)
            if in_block and not was_in_block:
                block_start = Position(line_no, raw_text.rfind("{") + 1)
        stripped = text.lstrip()
        if stripped.startswith("["):
            if seen_body:
                yield GameText(first, tuple(lines), tuple(issues))
                lines, issues, first, seen_body = [], [], line_no, False
        elif stripped:
            seen_body = True
        if not lines and not stripped and not issues:
            first = line_no + 1
            continue
        lines.append(text)
    if in_block:
        issues.append(SyntaxIssue("a { block comment } is never closed", block_start))
    if any(line.strip() for line in lines) or issues:
        yield GameText(first, tuple(lines), tuple(issues))
