"""Streaming a record file into one block of lines per game.

Reading never holds more than one game (and one block of the file) in memory: the
binary stream is read a block of whole lines at a time (decoded and split in one go),
the lines stripped of comments (kept column-exact by blanking them with spaces) and
grouped so that a tag line following hand lines starts a new game, and so does the
separator line ``[NewGame]`` wherever it stands (the writer puts it where games could not
be told apart otherwise: a game without tags after another, a game after one without
hands).  Lines that cannot be decoded or are absurdly long become positioned issues, not
exceptions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Final, cast

from spadesctl.core.limits import MAX_HANDS
from spadesctl.diagnostics import MISPLACED_LINE
from spadesctl.errors import SpadesctlIOError
from spadesctl.events import Position, SyntaxIssue
from spadesctl.record import GAME_CUT
from spadesctl.values import fast_init

#: Longest line read; anything longer is reported and skipped (a record line is short).
MAX_LINE: Final = 64 * 1024

#: What one game may hold, so that memory stays bounded whatever the input: lines (blank
#: and comment lines too) and characters.  A real game is far smaller (99 fully played
#: two-player hands with their draws are about 6,000 lines and 200 KB); past either
#: bound, or past the notation's last hand (:data:`~spadesctl.core.limits.MAX_HANDS`),
#: the rest of the game, up to the line that starts the next one, is left out with one
#: ``misplaced-line`` issue.
MAX_GAME_LINES: Final = 20_000
MAX_GAME_CHARS: Final = 4 * 1024 * 1024

#: The line that starts a new game wherever it stands; read as a blank line.  It is not
#: a tag (a tag has a value), so no record that was valid before means anything else.
GAME_SEPARATOR: Final = "[NewGame]"


class BinaryFileError(SpadesctlIOError, ValueError):
    """The input holds NUL bytes: it is not a text record."""


@fast_init
@dataclass(frozen=True, slots=True)
class GameText:
    """The lines of one game (comments blanked), from file line ``first_line`` on.

    ``comments``: the lines of the game that held a comment, as written, with their
    numbers (a comment line before the game's first line too, and every line of a block
    comment): what ``export`` keeps of them (:func:`spadesctl.formatting.place_comments`).
    """

    first_line: int
    lines: tuple[str, ...]
    issues: tuple[SyntaxIssue, ...] = ()
    comments: tuple[tuple[int, str], ...] = field(default=(), compare=False)


def comment_spans(line: str, in_block: bool) -> tuple[list[tuple[int, int]], bool]:
    """Where the ``; ...`` and ``{ ... }`` comments of ``line`` are: ``(start, end)``
    column ranges (0-based, end excluded), respecting quoted tag values.

    ``in_block`` says whether a block comment is open at the start of the line (the
    first span then starts at 0); the second value says whether one is still open at
    its end (the last span then runs to the end of the line).
    """
    spans: list[tuple[int, int]] = []
    start = 0 if in_block else -1
    quoted = False
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if in_block:
            if ch == "}":
                in_block = False
                spans.append((start, i + 1))
        elif quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == ";":
            spans.append((i, n))
            return spans, False
        elif ch == "{":
            in_block = True
            start = i
        i += 1
    if in_block:
        spans.append((start, n))
    return spans, in_block


def blank_comments(line: str, in_block: bool) -> tuple[str, bool]:
    """Replace ``; ...`` and ``{ ... }`` comments by spaces (:func:`comment_spans`), so
    that every other character keeps its column.

    ``in_block`` says whether a block comment is open at the start of the line; the
    second value says whether one is still open at its end.
    """
    if not in_block and ";" not in line and "{" not in line:
        return line, False
    spans, in_block = comment_spans(line, in_block)
    out = line
    for start, end in reversed(spans):
        out = out[:start] + " " * (end - start) + out[end:]
    return out, in_block


#: Bytes read at a time: blocks of whole lines are decoded and split in one go.
BLOCK: Final = 1 << 20
_BOM: Final = b"\xef\xbb\xbf"

#: A block of lines: the number of its first line, each line's text (``None`` for a line
#: that could not be read), the issues of those lines by line number, and whether the
#: block is free of ``;`` and ``{`` (no comment can start in it).
Block = tuple[int, list[str | None], dict[int, SyntaxIssue], bool]


def _read_blocks(stream: BinaryIO) -> Iterator[Block]:
    """The stream's lines, a block at a time (at most :data:`BLOCK` bytes and a line).

    Lines longer than :data:`MAX_LINE` bytes and lines that are not UTF-8 become issues;
    a NUL byte raises :class:`BinaryFileError` once the lines before it are yielded.
    Memory stays bounded whatever the input: a line without an end is skipped as it is
    read, never held.
    """
    line_no = 1  # the number of the next line
    pending = b""
    read = _reader(stream)
    while True:
        chunk = read(BLOCK)
        if chunk:
            data = pending + chunk if pending else chunk
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                if len(data) > MAX_LINE:
                    yield _too_long(line_no)
                    line_no += 1
                    pending = _skip_line(read)
                else:
                    pending = data
                continue
            data, pending = data[:cut], data[cut:]
        else:
            data, pending = pending, b""
            if not data:
                return
        block = _decode_block(line_no, data)
        if block is None:
            yield from _read_slowly(line_no, data)  # raises at a NUL byte
            line_no += data.count(b"\n") + (not data.endswith(b"\n"))
            continue
        yield block
        line_no += len(block[1])


def _decode_block(line_no: int, data: bytes) -> Block | None:
    """Whole lines decoded at once; ``None`` when a line needs :func:`_read_slowly`."""
    if b"\x00" in data:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    if data.endswith(b"\n"):
        lines.pop()
    if (
        len(data) > MAX_LINE
        and max(map(len, lines), default=0) * 4 > MAX_LINE
        and any(len(t.encode("utf-8")) > MAX_LINE for t in lines)
    ):
        return None  # a line too long (a UTF-8 character is at most 4 bytes)
    if "\r" in text:
        lines = [t.rstrip("\r") for t in lines]
    if line_no == 1 and data.startswith(_BOM):
        lines[0] = lines[0][1:]
    return line_no, cast(list[str | None], lines), {}, ";" not in text and "{" not in text


def _too_long(line_no: int) -> Block:
    issue = SyntaxIssue(f"line longer than {MAX_LINE} bytes; skipped", Position(line_no, 1))
    return line_no, [None], {line_no: issue}, False


def _skip_line(read: Callable[[int], bytes]) -> bytes:
    """Read on to the end of the current line; what follows it in the last block read."""
    while True:
        chunk = read(BLOCK)
        if not chunk:
            return b""
        end = chunk.find(b"\n")
        if end >= 0:
            return chunk[end + 1 :]


def _reader(stream: BinaryIO) -> Callable[[int], bytes]:
    """``read1`` where the stream has it: what is there, up to the size asked, without
    waiting for a whole block from a pipe (so that standard input streams as it comes);
    ``read`` otherwise."""
    read1: Callable[[int], bytes] | None = getattr(stream, "read1", None)
    return read1 if read1 is not None else stream.read


def _read_slowly(line_no: int, data: bytes) -> Iterator[Block]:
    """Whole lines one at a time: long lines, undecodable lines, a NUL byte."""
    texts: list[str | None] = []
    bad: dict[int, SyntaxIssue] = {}
    raws = data.split(b"\n")
    if data.endswith(b"\n"):
        raws.pop()
    for number, raw in enumerate(raws, line_no):
        if len(raw) > MAX_LINE:
            bad[number] = _too_long(number)[2][number]
            texts.append(None)
            continue
        if b"\x00" in raw:
            if texts:
                yield line_no, texts, bad, False
            raise BinaryFileError(f"line {number} holds NUL bytes: this is not a text record")
        if number == 1 and raw.startswith(_BOM):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            bad[number] = SyntaxIssue(
                f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); line skipped",
                Position(number, column),
            )
            texts.append(None)
            continue
        texts.append(text.rstrip("\r\n"))
    yield line_no, texts, bad, False


def read_lines(stream: BinaryIO) -> Iterator[tuple[int, str | None, SyntaxIssue | None]]:
    """(line number, text or None, issue or None) for each physical line, one at a time.

    The plain line-by-line reading that the block reader (:func:`split_games`) speeds up;
    the PBN reader uses it, and the tests hold the block reader equal to it.
    """
    line_no = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE + 1)
            message = f"line longer than {MAX_LINE} bytes; skipped"
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


def too_many_hands(what: str) -> str:
    """The message for ``what`` (``hand line 100``), a game's hand past
    :data:`~spadesctl.core.limits.MAX_HANDS`."""
    return f"{what}: a game has at most {MAX_HANDS} hands; {GAME_CUT}"


def split_games(stream: BinaryIO) -> Iterator[GameText]:
    """Group a record stream into games, one :class:`GameText` at a time.

    A game opened by :data:`GAME_SEPARATOR` is a game even when nothing follows it (the
    separator itself is kept as a blank line, so that line numbers stay right).  A game
    holds at most :data:`MAX_GAME_LINES` lines, :data:`~spadesctl.core.limits.MAX_HANDS`
    hand lines and :data:`MAX_GAME_CHARS` characters (counted as each block of the
    stream begins, so a game may pass it by at most a block): past them, one issue, and
    the lines up to the next game are dropped as they are read.
    """
    lines: list[str] = []
    issues: list[SyntaxIssue] = []
    first = 1
    seen_body = False
    opened = False  # the game was opened by a separator: a game even if empty
    hands = 0  # hand lines in this game
    full = False  # this game is full: its lines are dropped until the next game
    in_block = False
    commented: list[tuple[int, str]] = []  # this game's lines that held a comment
    block_start = Position(1, 1)
    most_lines, most_chars = MAX_GAME_LINES, MAX_GAME_CHARS
    # the line number at which the game holds ``most_lines`` (lines run on from
    # ``first``), or 0 once it is full: one comparison a line checks both
    cut = first + most_lines

    def overflow(line_no: int, message: str) -> None:
        nonlocal full, cut
        if not full:
            issues.append(SyntaxIssue(message, Position(line_no, 1), MISPLACED_LINE))
            full, cut = True, 0

    for start, texts, bad, plain in _read_blocks(stream):
        line_no = start - 1
        if not full and len(lines) > 1 and sum(map(len, lines)) > most_chars:
            overflow(start, _TOO_LONG)
        for text in texts:
            line_no += 1
            if text is None:
                if not full:
                    issues.append(bad[line_no])
                text = ""
            elif in_block or not plain:
                was_in_block, raw_text = in_block, text
                text, in_block = blank_comments(text, in_block)
                if text is not raw_text or was_in_block:
                    commented.append((line_no, raw_text))
                if in_block and not was_in_block:
                    block_start = Position(line_no, raw_text.rfind("{") + 1)
            if text and not text[0].isspace() and text[0] != "[":
                # the common line: a hand's line, nothing before its first word
                seen_body = True
                if line_no >= cut:  # full, or the line past the most a game holds
                    overflow(line_no, _TOO_LONG)
                    continue
                if text[0] == "h" and text.startswith(_HAND):
                    hands += 1
                    if hands > MAX_HANDS:
                        overflow(line_no, too_many_hands(f"hand line {hands}"))
                        continue
                lines.append(text)
                continue
            stripped = text.lstrip()
            if stripped.startswith("["):
                if stripped.rstrip() == GAME_SEPARATOR:
                    if opened or issues or any(line.strip() for line in lines):
                        yield GameText(first, tuple(lines), tuple(issues), tuple(commented))
                        commented = []
                    lines, issues, first, seen_body, opened = [""], [], line_no, False, True
                    hands, full, cut = 0, False, line_no + most_lines
                    continue
                if seen_body:
                    own = commented[-1:] if commented and commented[-1][0] == line_no else []
                    mine = commented[: len(commented) - len(own)]
                    yield GameText(first, tuple(lines), tuple(issues), tuple(mine))
                    commented = own  # a comment on this tag line is the next game's
                    lines, issues, first, seen_body, opened = [], [], line_no, False, False
                    hands, full, cut = 0, False, line_no + most_lines
            elif stripped:
                seen_body = True
                if not full and (stripped == "hand" or stripped.startswith(_HAND)):
                    hands += 1
                    if hands > MAX_HANDS:
                        overflow(line_no, too_many_hands(f"hand line {hands}"))
            if full:
                continue
            if not lines and not stripped and not issues:
                first = line_no + 1
                cut = first + most_lines
                continue
            if line_no >= cut:
                overflow(line_no, _TOO_LONG)
                continue
            lines.append(text)
    if in_block:
        issues.append(SyntaxIssue("a { block comment } is never closed", block_start))
    if opened or issues or any(line.strip() for line in lines):
        yield GameText(first, tuple(lines), tuple(issues), tuple(commented))


#: How a hand line starts (the keyword, then a blank).
_HAND: Final = ("hand ", "hand\t")
_TOO_LONG: Final = (
    f"a game of more than {MAX_GAME_LINES:,} lines or {MAX_GAME_CHARS // 2**20} MiB; {GAME_CUT}"
)
