"""Quoting a word of the input in a message, cut short when it is long.

A message quotes what it could not read (``unknown line 'Hand'``); a garbage word of
10 KB would make a 10 KB message.  :func:`quoted` is the one way to quote such a word:
``repr`` up to :data:`MAX_QUOTED` characters, then how long the whole word is.
"""

from __future__ import annotations

from typing import Final

#: The most characters of a word a message quotes.
MAX_QUOTED: Final = 40


def quoted(text: str, limit: int = MAX_QUOTED) -> str:
    """``'text'`` (as ``repr`` quotes it), or for a word longer than ``limit``
    characters its start and its length: ``'xxxx...'... (10,000 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def one_line(text: str) -> str:
    """``text`` with every character that would break its line (``\\r``, ``\\x0c``,
    ``\\u2028``... as :meth:`str.splitlines` breaks) written as its escape: a comment
    carried from another format stays one line of the native notation."""
    return "".join(
        c if len(f"{c}.".splitlines()) == 1 else c.encode("unicode_escape").decode() for c in text
    )


__all__ = ["MAX_QUOTED", "one_line", "quoted"]
