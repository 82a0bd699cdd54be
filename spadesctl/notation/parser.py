"""Text of one game -> line events: the fast reader first, the Lark grammar for the rest.

:func:`parse_lines` reads each line with :func:`~spadesctl.notation.fastpath.fast_line`,
which reads the well-formed lines and declines anything else; a declined line goes to
the grammar (``grammar/spades.lark``, the parser of record), which gives its event or a
positioned :class:`~spadesctl.events.SyntaxIssue`.  Lark is imported, and the parser
built, the first time a line needs it (:mod:`spadesctl.notation.grammar_events`): a
file of well-formed lines never pays for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from spadesctl.errors import NotationSyntaxError
from spadesctl.events import LineEvent, SyntaxIssue
from spadesctl.notation.fastpath import CANONICAL, general_line
from spadesctl.quoting import quoted

if TYPE_CHECKING:
    from lark import Token

#: What the grammar ignores between tokens (and nothing else: not Unicode spaces).
BLANK: Final = " \t\f\r"


class NotationError(NotationSyntaxError):
    """A token that matched the grammar but does not mean anything (``hand 1 dealer NS``)."""

    def __init__(self, message: str, token: Token) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


def too_large(text: str) -> str:
    """The message for a number larger than a line allows (long ones shortened)."""
    shown = text if len(text) <= 15 else f"{text[:12]}..."
    return f"{shown} is far too large here"


def parse_line(text: str, line_no: int) -> LineEvent | None:
    """Parse one line (no newline) with the grammar; ``None`` for a blank line."""
    if not text.strip(BLANK):
        return None
    from spadesctl.notation.grammar_events import grammar_line

    return grammar_line(text, line_no)


def parse_lines(lines: Sequence[str], first_line: int = 1, fast: bool = True) -> list[LineEvent]:
    """Parse consecutive lines (without newlines) starting at file line ``first_line``.

    Well-formed lines are read by :mod:`spadesctl.notation.fastpath`; every other line
    by the grammar, which reports its errors.  ``fast=False`` uses the grammar alone.
    """
    out: list[LineEvent] = []
    append = out.append
    canonical = CANONICAL if fast else {}
    for line_no, line in enumerate(lines, first_line):
        if not line:
            continue
        # fast_line, inline: the canonical readers, then the general one
        parts = line.split(" ")
        reader = canonical.get(parts[0])
        event = reader(line, parts, line_no) if reader is not None else None
        if event is None and fast:
            event = general_line(line, line_no)
        if event is None:
            if not line.strip(BLANK):
                continue
            event = parse_line(line, line_no)
            if event is None:  # pragma: no cover - parse_line answers every non-blank line
                continue
            if isinstance(event, SyntaxIssue) and event.message.startswith("unknown line"):
                out.extend(_misspelt_keyword(line, line_no, event))
                continue
        append(event)
    return out


def _misspelt_keyword(line: str, line_no: int, issue: SyntaxIssue) -> list[LineEvent]:
    """A line whose first word is a keyword misspelt (``Hand 1 dealer N``, ``tirck``): the
    issue says which keyword was meant, and the line is read on as that keyword's line, so
    that one slip does not make every later line of the hand misplaced.  Any other
    unknown line: the issue alone."""
    import difflib

    from spadesctl.notation.grammar_events import LINE_KEYWORDS

    word = line.split()[0]
    keywords = [k for k in LINE_KEYWORDS if k.isalpha()]
    meant = word.lower() if word.lower() in keywords else None
    if meant is None:
        close = difflib.get_close_matches(word.lower(), keywords, n=1, cutoff=0.75)
        meant = close[0] if close else None
    if meant is None:
        return [issue]
    at = line.index(word)
    event = parse_line(line[:at] + meant + line[at + len(word) :], line_no)
    if event is None or isinstance(event, SyntaxIssue):
        return [issue]
    message = (
        f"unknown line {quoted(word)}; did you mean {meant!r}? (the line is read as {meant!r})"
    )
    return [SyntaxIssue(message, issue.pos), event]


__all__ = ["BLANK", "NotationError", "parse_line", "parse_lines", "too_large"]
