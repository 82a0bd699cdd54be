"""The library behind ``spadesctl fmt``: a record file in, its canonical form out (or why
it cannot be formatted), and the unified diff between the two.

Only records of the native notation are formatted; a file of another record format is
refused (``convert --to spades`` writes it natively), and so is a file with syntax
errors: its errors come back instead, so that nothing a person wrote is lost by
formatting text that was not understood.  Every comment is kept with the line it was
written on or before (:func:`with_comments`), and the result is read back and compared
with the record before it is offered: formatting never drops or changes a word.
"""

from __future__ import annotations

import bisect
import dataclasses
import difflib
import enum
import io
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from spadesctl.diagnostics import Diagnostic
from spadesctl.errors import unreadable
from spadesctl.notation import RecordReadError, game_from_text, games_from_stream
from spadesctl.notation.encoding import UTF16_BOMS, utf8_stream
from spadesctl.notation.reader import BinaryFileError, GameText, blank_comments, comment_spans
from spadesctl.notation.writer import format_games, game_lines
from spadesctl.record import Game, GameComment
from spadesctl.record_formats import NATIVE, RecordFormat, detect


class Outcome(enum.Enum):
    CANONICAL = "canonical"  # already in canonical form
    CHANGED = "changed"  # formatting changes it
    HAS_ERRORS = "has errors"  # not formatted: ``problems`` says why
    UNREADABLE = "unreadable"  # not formatted: ``message`` says why
    NOT_NATIVE = "not native"  # a record of ``record_format``, not formatted


@dataclass(frozen=True, slots=True)
class Formatted:
    """What formatting one source gives."""

    name: str
    outcome: Outcome
    original: str = ""
    text: str = ""
    problems: tuple[Diagnostic, ...] = ()
    message: str = ""
    record_format: RecordFormat = NATIVE

    @property
    def changed(self) -> bool:
        return self.outcome is Outcome.CHANGED

    def diff(self) -> str:
        """The unified diff from the source to its canonical form ("" when unchanged)."""
        if self.outcome is not Outcome.CHANGED:
            return ""
        lines = difflib.unified_diff(
            self.original.splitlines(keepends=True),
            self.text.splitlines(keepends=True),
            fromfile=self.name,
            tofile=f"{self.name} (formatted)",
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as exc:
        raise RecordReadError(f"{name}: {unreadable(exc)}") from None


def format_source(name: str, progress: Callable[[int], None] | None = None) -> Formatted:
    """Format one record file (``-``: standard input); ``progress`` is told the bytes
    formatted as it goes (half of each game's as it is read, the other half as its
    canonical form is read back)."""
    half = None if progress is None else (lambda n: progress(n // 2))
    try:
        data = _read(name)
    except RecordReadError as exc:
        return Formatted(name, Outcome.UNREADABLE, message=str(exc))
    utf8 = not data.startswith(UTF16_BOMS)  # canonical text is UTF-8
    if not utf8:
        data = utf8_stream(io.BytesIO(data)).read()
    record_format = detect(io.BytesIO(data), name)
    if record_format is not NATIVE:
        return Formatted(name, Outcome.NOT_NATIVE, record_format=record_format)
    try:
        games = list(games_from_stream(io.BytesIO(data), name, progress=half))
    except BinaryFileError as exc:
        return Formatted(name, Outcome.UNREADABLE, message=f"{name}: {exc}")
    original = data.decode("utf-8", "replace")
    problems = tuple(Diagnostic.from_issue(i, g.source, g.index) for g in games for i in g.issues)
    if problems:
        return Formatted(name, Outcome.HAS_ERRORS, original, problems=problems)
    text = with_comments(games, original)
    canonical = io.BytesIO(text.encode("utf-8", "surrogateescape"))
    again = list(games_from_stream(canonical, name, progress=half))
    if again != games or any(g.issues for g in again):  # never lose or change a word
        message = f"{name}: not formatted: its comments could not be kept in place (please report)"
        return Formatted(name, Outcome.UNREADABLE, original, message=message)
    outcome = Outcome.CANONICAL if text == original and utf8 else Outcome.CHANGED
    return Formatted(name, outcome, original, text)


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment as written: from source line ``line`` (a block comment may run over
    several lines: ``text`` holds them, joined by newlines), and whether the line it
    starts on holds anything else (``alone``: then it stays a line of its own)."""

    line: int
    text: str
    alone: bool

    @property
    def is_block(self) -> bool:
        return self.text.startswith("{")


def find_comments(text: str) -> list[Comment]:
    """Every comment of a record's text, in order (:func:`comment_spans` finds them).

    A block comment that spans lines is one comment; so is what follows it on the line
    where it ends when that line holds nothing else (``out of diamonds } ; Bob``), so
    that the two stay together.
    """
    return comments_of_lines(enumerate(text.splitlines(), start=1))


def comments_of_lines(numbered: Iterable[tuple[int, str]]) -> list[Comment]:
    """:func:`find_comments` of a record's lines with their numbers; the lines without a
    comment may be left out (:attr:`~spadesctl.notation.reader.GameText.comments`), but
    not a line inside a block comment."""
    found: list[Comment] = []
    block: tuple[int, list[str], bool] | None = None  # a block comment still open
    in_block = False
    for number, line in numbered:
        spans, still_open = comment_spans(line, in_block)
        pieces = [line[start:end].rstrip() for start, end in spans]
        content = any(not ch.isspace() for ch in blank_comments(line, in_block)[0])
        if block is not None:  # the first piece goes on with the block of the lines above
            first, parts, alone = block
            parts.append(pieces.pop(0))
            if not content:  # what follows its end on this line stays with it
                if pieces:
                    parts[-1] = " ".join([parts[-1], *pieces])
                if not still_open:
                    found.append(Comment(first, "\n".join(parts), alone))
                    block = None
                in_block = still_open
                continue
            found.append(Comment(first, "\n".join(parts), alone))  # closed on this line
            block = None
        for index, piece in enumerate(pieces):
            if still_open and index == len(pieces) - 1:
                block = (number, [piece], not content)
            else:
                found.append(Comment(number, piece, not content))
        in_block = still_open
    if block is not None:  # never closed: a syntax error, not formatted anyway
        found.append(Comment(block[0], "\n".join(block[1]), block[2]))
    return found


def place_comments(game: Game, comments: Iterable[Comment]) -> tuple[GameComment, ...]:
    """Where ``fmt`` puts each of ``comments`` (read from the source of ``game``) in the
    game's canonical text: a comment written on a line goes at the end of that line's
    canonical line (block comments first, ``;`` comments last, since those run to the
    end of the line), and a comment on a line of its own (a block may span lines) goes,
    as written, before the canonical line of the next line the record wrote, or after
    the game when the game wrote none after it."""
    lines = list(game_lines(game))
    where: dict[int, int] = {}
    for index, (_, origins) in enumerate(lines):
        for origin in origins:
            where.setdefault(origin, index)
    written = sorted(where)
    placed: list[tuple[int, bool, int, GameComment]] = []  # (line, ;-last, order, comment)
    for order, comment in enumerate(comments):
        if not comment.alone and comment.line in where:
            at, inline = where[comment.line], True
        else:
            following = bisect.bisect_right(written, comment.line)
            at = where[written[following]] if following < len(written) else len(lines)
            inline = False
        last = inline and not comment.is_block
        placed.append((at, last, order, GameComment(at + 1, inline, comment.text)))
    placed.sort(key=lambda p: p[:3])
    return tuple(p[3] for p in placed)


def commented_game(text: GameText, source: str = "-", index: int = 1) -> Game:
    """The game of a native record's ``text`` (:func:`game_from_text`) holding its
    comments where ``fmt`` puts them (:func:`place_comments`): what ``convert --to
    spades`` writes, so that it gives the text ``fmt`` gives."""
    game = game_from_text(text, source, index)
    if not text.comments:
        return game
    return dataclasses.replace(
        game, comments=place_comments(game, comments_of_lines(text.comments))
    )


def with_comments(games: Iterable[Game], original: str) -> str:
    """The canonical text of ``games`` read from ``original``, every comment kept where
    :func:`place_comments` puts it: each comment goes with the game among whose lines it
    was written (one before the first game's first line, with that game)."""
    listed = list(games)
    firsts: list[tuple[int, int]] = []  # (first source line, game) of the games with lines
    for index, game in enumerate(listed):
        origins = [o for _, found in game_lines(game) for o in found]
        if origins:
            firsts.append((min(origins), index))
    own: dict[int, list[Comment]] = {}
    starts = [line for line, _ in firsts]
    for comment in find_comments(original):
        at = bisect.bisect_right(starts, comment.line) - 1
        own.setdefault(firsts[max(at, 0)][1] if firsts else 0, []).append(comment)
    placed = [
        dataclasses.replace(g, comments=place_comments(g, own[i])) if i in own else g
        for i, g in enumerate(listed)
    ]
    if not listed and own:  # comments and no game: kept as they are
        return "".join(c.text + "\n" for c in own[0])
    return "".join(format_games(placed))


__all__ = [
    "Comment",
    "Formatted",
    "Outcome",
    "commented_game",
    "comments_of_lines",
    "find_comments",
    "format_source",
    "place_comments",
    "with_comments",
]
