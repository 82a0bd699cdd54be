"""A unified diff of two long texts, written as it is found, in bounded memory.

``fmt --diff`` compares a file with its canonical form a game at a time.  Each pair of
*segments* (the lines of one game in the file, and the canonical lines of that game)
is matched by :class:`difflib.SequenceMatcher`, as :func:`difflib.unified_diff`
matches a whole text (the lines ``difflib`` finds too common in the whole text to
anchor a match on, :func:`popular_lines`, are left out of every segment's anchors); the
matches are joined across segments and grouped into hunks by the very rule of
:meth:`difflib.SequenceMatcher.get_grouped_opcodes` (three lines of context; hunks
closer than six lines joined), and the hunks written in :func:`difflib.unified_diff`'s
form.  So the diff is the whole-text diff byte for byte, but where ``difflib`` would
choose which of several equal lines to keep (a blank line among blank lines taken
away) by a match in another game, or a change runs from one game into the next: there
it is another diff as short, that turns the file into the same text.  A hunk is only
ever held until it is written, and one that would hold more than :data:`MOST_HELD`
characters is written in parts (a valid diff still, whose hunks touch).
"""

from __future__ import annotations

import collections
import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

#: Lines of context around each change (``difflib``'s and ``diff -u``'s).
CONTEXT: Final = 3

#: The most characters a hunk holds before it is written in parts.
MOST_HELD: Final = 8 * 1024 * 1024


def diff_lines(text: str) -> list[str]:
    """``text``'s lines as a unified diff counts them, each with its line ending: broken
    at ``\n`` only, as the notation's reader ends a line and as ``patch`` and ``git
    apply`` read a diff (:meth:`str.splitlines` would also break at ``\r``, ``\x0c``,
    U+2028 and the others, which a record may hold inside a line: the diff would then
    not apply)."""
    lines = text.split("\n")
    last = lines.pop()
    out = [line + "\n" for line in lines]
    if last:
        out.append(last)
    return out


@dataclass(slots=True)
class _Equal:
    """A run of equal lines not yet grouped: where it starts on each side, its length,
    and enough of its lines for context (all of a short run; the first and last
    :data:`CONTEXT` of a long one)."""

    i: int
    j: int
    size: int = 0
    head: list[str] = field(default_factory=list)
    tail: collections.deque[str] = field(default_factory=lambda: collections.deque(maxlen=CONTEXT))

    def extend(self, lines: Sequence[str]) -> None:
        room = 2 * CONTEXT - len(self.head)
        if room > 0:
            self.head.extend(lines[:room])
        self.tail.extend(lines[-CONTEXT:])
        self.size += len(lines)

    def first(self, n: int) -> list[str]:
        return self.head[:n]

    def last(self, n: int) -> list[str]:
        if self.size <= 2 * CONTEXT:
            return self.head[max(0, self.size - n) :]
        return list(self.tail)[-n:] if n else []


#: One op of a hunk: tag, its range on each side, and its lines (``a`` side, ``b`` side).
_Op = tuple[str, int, int, int, int, list[str], list[str]]


class UnifiedDiff:
    """:func:`difflib.unified_diff` of two texts given in aligned pieces (:meth:`add`),
    each line written to ``write`` as soon as its hunk is complete.

    ``popular``: the lines of the whole second text that ``difflib`` would not anchor a
    match on (:func:`popular_lines`), so that each piece is matched as the whole text
    would be."""

    def __init__(
        self,
        write: Callable[[str], object],
        fromfile: str,
        tofile: str,
        popular: frozenset[str] = frozenset(),
    ) -> None:
        self._write = write
        self._popular = popular
        self._names = (fromfile, tofile)
        self._started = False
        self._i = self._j = 0  # lines of each side so far
        self._equal: _Equal | None = None  # the run of equal lines still open
        self._group: list[_Op] = []
        self._held = 0
        self._first = True  # no op grouped yet

    def add(self, a: Sequence[str], b: Sequence[str]) -> None:
        """The next segment of each text, as lines that keep their ends."""
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        anchors: dict[str, list[int]] = matcher.b2j  # type: ignore[attr-defined]
        for line in self._popular.intersection(anchors):  # as the whole text's
            del anchors[line]
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                if self._equal is None:
                    self._equal = _Equal(self._i + i1, self._j + j1)
                self._equal.extend(a[i1:i2])
                continue
            self._close_equal(last=False)
            self._grouped((tag, self._i + i1, self._i + i2, self._j + j1, self._j + j2,
                           list(a[i1:i2]), list(b[j1:j2])))  # fmt: skip
        self._i += len(a)
        self._j += len(b)

    def close(self) -> None:
        """Write what is left (the last hunk)."""
        self._close_equal(last=True)
        group = self._group
        if group and not (len(group) == 1 and group[0][0] == "equal"):
            self._hunk(group)
        self._group = []

    def _close_equal(self, *, last: bool) -> None:
        run, self._equal = self._equal, None
        if run is None:
            return
        n, i, j = CONTEXT, run.i, run.j
        if self._first:  # the leading run: only its last lines are context
            kept = min(run.size, n)
            lines = run.last(kept)
            self._grouped(("equal", i + run.size - kept, i + run.size,
                           j + run.size - kept, j + run.size, lines, []))  # fmt: skip
            return
        if last:  # the trailing run: only its first lines
            kept = min(run.size, n)
            self._group.append(("equal", i, i + kept, j, j + kept, run.first(kept), []))
            return
        if run.size > 2 * n:  # a long run ends the hunk and starts the next
            self._group.append(("equal", i, i + n, j, j + n, run.first(n), []))
            self._hunk(self._group)
            end_i, end_j = i + run.size, j + run.size
            self._group = [("equal", end_i - n, end_i, end_j - n, end_j, run.last(n), [])]
            self._held = n
            return
        self._grouped(("equal", i, i + run.size, j, j + run.size, run.last(run.size), []))

    def _grouped(self, op: _Op) -> None:
        self._first = False
        self._group.append(op)
        self._held += sum(map(len, op[5])) + sum(map(len, op[6]))
        if self._held > MOST_HELD and op[0] != "equal":
            self._hunk(self._group)  # too long to hold: written in parts
            self._group = []
            self._held = 0

    def _hunk(self, group: list[_Op]) -> None:
        if not self._started:
            self._started = True
            self._write(f"--- {self._names[0]}\n+++ {self._names[1]}\n")
        first, last = group[0], group[-1]
        a_range = _range(first[1], last[2])
        b_range = _range(first[3], last[4])
        out = [f"@@ -{a_range} +{b_range} @@\n"]
        for tag, _, _, _, _, a, b in group:
            if tag == "equal":
                out.extend(" " + line for line in a)
                continue
            out.extend("-" + line for line in a)
            out.extend("+" + line for line in b)
        self._write("".join(line if line.endswith("\n") else line + "\n" for line in out))
        self._held = 0


def popular_lines(lines: Callable[[], Iterable[str]]) -> frozenset[str]:
    """The lines ``difflib`` calls *popular* in the text whose lines ``lines()`` gives
    (read twice): in a text of 200 lines or more, those that make more than 1% of it
    (more than ``n // 100 + 1`` of ``n``).  Found in bounded memory: the candidates by
    Misra and Gries' count of at most 100 (any line more frequent than ``n / 101`` is
    among them), then counted exactly."""
    counts: dict[str, int] = {}
    total = 0
    for line in lines():
        total += 1
        if line in counts:
            counts[line] += 1
        elif len(counts) < _CANDIDATES:
            counts[line] = 1
        else:
            for seen in list(counts):
                counts[seen] -= 1
                if not counts[seen]:
                    del counts[seen]
    if total < 200 or not counts:
        return frozenset()
    exact = dict.fromkeys(counts, 0)
    for line in lines():
        if line in exact:
            exact[line] += 1
    most = total // 100 + 1
    return frozenset(line for line, n in exact.items() if n > most)


#: The candidates :func:`popular_lines` keeps (a line more than 1% of a text is among
#: the 100 most frequent counted).
_CANDIDATES: Final = 100


def _range(start: int, stop: int) -> str:
    """A hunk's range as :func:`difflib.unified_diff` writes it."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


__all__ = ["CONTEXT", "MOST_HELD", "UnifiedDiff", "popular_lines"]
