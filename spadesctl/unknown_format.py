"""A file that is none of the formats spadesctl reads: one clear word, not an error a line.

An SQL dump, a score-keeper app's text summary or a spreadsheet saved as text would
otherwise reach the native reader, which reports every one of its lines as a
``syntax-error``.  :func:`is_unknown_format` looks at the first lines of a file that no
other reader claimed and whose name does not say it is a record of the notation
(``.spades``: its bad lines are reported one by one).  When none of them is a line of
the notation, the file is of an unknown format and :func:`unknown_format_game` is all
that is read of it: a game holding one ``unknown-format`` issue at 1:1 that names the
formats spadesctl reads.
"""

from __future__ import annotations

from typing import BinaryIO, Final

from spadesctl.diagnostics import UNKNOWN_FORMAT
from spadesctl.events import Position, SyntaxIssue
from spadesctl.record import Game

#: How many of a file's first lines are looked at (blank and comment lines not counted).
LINES: Final = 20
#: How many bytes at most they are read from.
HEAD: Final = 16384
#: A file named so is read as the notation, whatever its first lines hold.
_NATIVE_ENDING: Final = ".spades"

#: What spadesctl reads, for the message.
FORMATS: Final = (
    "the spadesctl notation (.spades)",
    "PBN/PTN records (.pbn, .ptn, '% PTN')",
    "OpenSpiel spades games (serialized state or JSON history)",
    "rust-spades trick-notation ('% trick-notation v1', .tn)",
    "game-server tables (.csv, .ndjson, .parquet)",
)


def is_unknown_format(head: bytes) -> bool:
    """Whether the first bytes of a file hold no line of the notation among its first
    :data:`LINES` lines that are not blank or comments (and at least one other line).

    Binary or undecodable text is left to the reader, which reports it (``io-error``, or
    the invalid byte); so is a file whose first lines are all blank or comments.
    """
    from spadesctl.notation.fastpath import fast_line
    from spadesctl.notation.parser import parse_line
    from spadesctl.notation.reader import GAME_SEPARATOR, blank_comments

    data = head.removeprefix(b"\xef\xbb\xbf")
    if b"\x00" in data:
        return False
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(data) - 3:  # not a character cut short at the end of the head
            return False
        text = data[: exc.start].decode("utf-8")
    lines = text.splitlines()
    if len(head) >= HEAD and lines:
        lines.pop()  # the last line may be cut short
    seen = 0
    in_block = False
    for number, raw in enumerate(lines, start=1):
        line, in_block = blank_comments(raw, in_block)
        if not line.strip():
            continue
        if line.strip() == GAME_SEPARATOR:
            return False
        event = fast_line(line, number) or parse_line(line, number)
        if event is not None and not isinstance(event, SyntaxIssue):
            return False
        seen += 1
        if seen == LINES:
            break
    return seen > 0


def unknown_format(stream: BinaryIO, source: str) -> bool:
    """Whether a source that no other format claimed is of an unknown format: its name
    does not end in ``.spades`` and :func:`is_unknown_format` says so of its first bytes
    (peeked).  A native record's first line settles it at once, without the grammar."""
    from spadesctl.notation.fastpath import fast_line
    from spadesctl.record_formats import head_of

    if source.lower().endswith(_NATIVE_ENDING):
        return False
    head = head_of(stream, HEAD)
    if head is None:
        return False
    first = head.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    if fast_line(first.decode("utf-8", "replace"), 1) is not None:
        return False
    return is_unknown_format(head)


def unknown_format_game(source: str) -> Game:
    """What is read of a file of an unknown format: one ``unknown-format`` issue at 1:1."""
    message = (
        "this is not a record spadesctl reads; it reads "
        + ", ".join(FORMATS[:-1])
        + " and "
        + FORMATS[-1]
    )
    issue = SyntaxIssue(message, Position(1, 1), UNKNOWN_FORMAT)
    return Game(issues=(issue,), source=source, index=1, pos=Position(1, 1))


__all__ = [
    "FORMATS",
    "HEAD",
    "LINES",
    "is_unknown_format",
    "unknown_format",
    "unknown_format_game",
]
