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
import codecs
import collections
import contextlib
import dataclasses
import enum
import functools
import hashlib
import io
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, BinaryIO, Final, cast

from spadesctl.diagnostics import Diagnostic
from spadesctl.diffing import UnifiedDiff, diff_lines, popular_lines
from spadesctl.errors import SpadesctlIOError, unreadable
from spadesctl.notation import (
    Progress,
    RecordReadError,
    game_from_text,
    game_texts_from_stream,
    games_from_stream,
    unit_size,
)
from spadesctl.notation.encoding import UTF16_BOMS, utf8_stream
from spadesctl.notation.reader import (
    BinaryFileError,
    GameText,
    blank_comments,
    comment_spans,
    read_lines,
)
from spadesctl.notation.writer import format_games, game_lines, game_parts
from spadesctl.output import OutputError, open_output
from spadesctl.record import Game, GameComment
from spadesctl.record_formats import NATIVE, RecordFormat, detect, head_of


class Outcome(enum.Enum):
    CANONICAL = "canonical"  # already in canonical form
    CHANGED = "changed"  # formatting changes it
    HAS_ERRORS = "has errors"  # not formatted: ``problems`` says why
    UNREADABLE = "unreadable"  # not formatted: ``message`` says why
    NOT_NATIVE = "not native"  # a record of ``record_format``, not formatted


class Mode(enum.Enum):
    """What :func:`format_file` does with a file's canonical form."""

    PRINT = "print"  # write it (a file with nothing to format: as it is)
    CHECK = "check"  # only tell whether it differs
    DIFF = "diff"  # write the unified diff from the file to it
    WRITE = "write"  # rewrite the file with it (atomically), if it differs


@dataclass(frozen=True, slots=True)
class Formatted:
    """What formatting one source gives.  ``text`` and :meth:`diff` are filled by
    :func:`format_source` only (in memory); :func:`format_file` writes them as it goes."""

    name: str
    outcome: Outcome
    text: str = ""
    problems: tuple[Diagnostic, ...] = ()
    message: str = ""
    record_format: RecordFormat = NATIVE
    diff_text: str = field(default="", repr=False)

    @property
    def changed(self) -> bool:
        return self.outcome is Outcome.CHANGED

    @property
    def formatted(self) -> bool:
        """Whether the file was formatted (canonical already, or changed)."""
        return self.outcome in (Outcome.CANONICAL, Outcome.CHANGED)

    def diff(self) -> str:
        """The unified diff from the source to its canonical form ("" when unchanged)."""
        return self.diff_text if self.outcome is Outcome.CHANGED else ""


#: How much of a canonical form or a diff :func:`format_file` holds in memory before it
#: goes on in a temporary file.
SPOOL_CHARS: Final = 1 << 20


def format_file(
    name: str, mode: Mode, out: IO[str] | None = None, progress: Progress | None = None
) -> Formatted:
    """Format one record file (``-``: standard input) a game at a time, in memory bounded
    by its largest game: print its canonical form to ``out`` (:attr:`Mode.PRINT`), or the
    diff to it (:attr:`Mode.DIFF`), rewrite it (:attr:`Mode.WRITE`: the file is left as
    it was unless every game was formatted), or only tell (:attr:`Mode.CHECK`).

    Nothing is written unless the whole file was formatted and proven (its canonical
    form read back to the same games, cleanly): until then the text goes to a
    temporary file (for :attr:`Mode.WRITE`, the one beside the file that
    :func:`~spadesctl.output.open_output` renames into place).  ``progress`` is told
    the bytes formatted as it goes (half of each game's as it is read, the other half
    as its canonical form is read back).
    :class:`~spadesctl.output.OutputError` when ``out`` (or the rewritten file) cannot
    be written.
    """
    if mode is Mode.WRITE:
        return _rewrite(name, progress)
    with _Source(name) as source, _spool() as spool:
        if mode is Mode.CHECK:
            return _format_stream(source, None, None, progress)
        result = _format_stream(source, spool, None, progress)
        if mode is Mode.DIFF and result.changed:  # again, the diff (matched as difflib would)
            popular = popular_lines(lambda: _lines_of(spool))
            spool.seek(0)
            spool.truncate()
            result = _format_stream(source, None, spool, None, popular)
        if not result.formatted or (mode is Mode.DIFF and not result.changed):
            return result
        assert out is not None
        spool.seek(0)
        empty = True
        for chunk in iter(functools.partial(spool.read, SPOOL_CHARS), ""):
            out.write(chunk)
            empty = False
        if empty and mode is Mode.PRINT:  # nothing to format: printed as it is
            with source.opened() as stream:
                _copy_text(utf8_stream(stream), out)
    return result


def _spool() -> IO[str]:
    """A temporary text file, in memory while it is small."""
    return cast(
        IO[str],
        tempfile.SpooledTemporaryFile(
            max_size=SPOOL_CHARS, mode="w+", encoding="utf-8", errors="surrogateescape", newline=""
        ),
    )


def _lines_of(spool: IO[str]) -> Iterator[str]:
    """The lines of a spooled text from its start, as :func:`~spadesctl.diffing.diff_lines`
    splits the whole text."""
    spool.seek(0)
    carry = ""
    while chunk := spool.read(SPOOL_CHARS):
        lines = diff_lines(carry + chunk)
        carry = lines.pop()  # it may go on in the next chunk
        yield from lines
    if carry:
        yield carry


class _Unchanged(Exception):
    """The rewritten file would be the same (or could not be formatted): not renamed."""

    def __init__(self, result: Formatted) -> None:
        super().__init__(result.name)
        self.result = result


def _rewrite(name: str, progress: Progress | None) -> Formatted:
    """:attr:`Mode.WRITE`: the canonical text written, as it is made, to the temporary
    file of :func:`~spadesctl.output.open_output`, renamed over ``name`` only when the
    whole file was formatted and changed (else removed: the file is left as it was).
    A file that cannot be rewritten is an error only when it is not canonical."""
    with _Source(name) as source:
        try:
            with open_output(name) as sink:
                result = _format_stream(source, sink, None, progress)
                if not result.changed:
                    raise _Unchanged(result)
        except _Unchanged as unchanged:
            return unchanged.result
        except OutputError:
            checked = _format_stream(source, None, None, None)  # nothing to write: no error
            if checked.changed:
                raise
            return checked
    return result


def format_source(name: str, progress: Callable[[int], None] | None = None) -> Formatted:
    """Format one record file (``-``: standard input) in memory: its canonical form in
    ``text`` and the diff in :meth:`Formatted.diff` (:func:`format_file` holds only a
    game of them)."""
    with _Source(name) as source:
        text = io.StringIO()
        result = _format_stream(source, text, None, progress)
        if not result.formatted:
            return result
        diff = io.StringIO()
        if result.changed:
            popular = popular_lines(lambda: diff_lines(text.getvalue()))
            _format_stream(source, None, diff, None, popular)
    return dataclasses.replace(result, text=text.getvalue(), diff_text=diff.getvalue())


def _format_stream(
    source: _Source,
    canonical: IO[str] | None,
    diff: IO[str] | None,
    progress: Progress | None,
    popular: frozenset[str] = frozenset(),
) -> Formatted:
    """Format ``name`` a game at a time: its canonical text to ``canonical`` and the diff
    to ``diff`` as they are found (to be thrown away unless the outcome says the file
    was formatted); ``popular``: the canonical lines the diff anchors no match on
    (:func:`~spadesctl.diffing.popular_lines` of the canonical text)."""
    name = source.name
    try:
        with source.opened() as raw:
            utf8 = not (head_of(raw, 2) or b"").startswith(UTF16_BOMS)  # canonical is UTF-8
            tee = _Tee(utf8_stream(raw), name, keep=diff is not None)
            stream = io.BufferedReader(tee)
            record_format = detect(stream, name)
            if record_format is not NATIVE:
                return Formatted(name, Outcome.NOT_NATIVE, record_format=record_format)
            run = _Run(source, stream, tee, canonical, diff, progress, popular)
            return run.formatted(utf8)
    except RecordReadError as exc:
        return Formatted(name, Outcome.UNREADABLE, message=str(exc))


class _Source:
    """A record file to read as often as formatting it needs (standard input copied to
    a temporary file at its first reading); closed with :meth:`close`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._copy: IO[bytes] | None = None

    def __enter__(self) -> _Source:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._copy is not None:
            self._copy.close()

    @contextlib.contextmanager
    def opened(self) -> Iterator[BinaryIO]:
        """The file from its start."""
        name = self.name
        if name != "-":
            try:
                stream = open(name, "rb")  # noqa: SIM115 (closed below)
            except OSError as exc:
                raise RecordReadError(f"{name}: {unreadable(exc)}") from None
            with stream:
                yield stream
            return
        if self._copy is None:
            self._copy = tempfile.TemporaryFile()  # noqa: SIM115 (closed by __exit__)
            try:
                shutil.copyfileobj(sys.stdin.buffer, self._copy)
            except OSError as exc:
                raise RecordReadError(f"{name}: {unreadable(exc)}") from None
        self._copy.seek(0)
        yield cast(BinaryIO, self._copy)


def _copy_text(stream: BinaryIO, out: IO[str]) -> None:
    """A stream's bytes written as the text they hold (undecodable bytes replaced)."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    while chunk := stream.read(SPOOL_CHARS):
        out.write(decoder.decode(chunk))
    out.write(decoder.decode(b"", final=True))


class _Tee(io.RawIOBase):
    """A raw stream that hashes what is read through it and, when asked (``keep``),
    keeps it until :meth:`take` takes it a line at a time (the original side of
    ``fmt --diff``)."""

    def __init__(self, stream: BinaryIO, name: str, *, keep: bool) -> None:
        super().__init__()
        self._stream = stream
        self._name = name
        self.digest = hashlib.blake2b()
        self._keep = keep
        self._kept = bytearray()
        self._line = 1  # the number of the first line kept

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        try:
            data = self._stream.read(len(buffer))
        except OSError as exc:
            if isinstance(exc, SpadesctlIOError):
                raise
            raise RecordReadError(f"{self._name}: {unreadable(exc)}") from None
        n = len(data)
        buffer[:n] = data
        self.digest.update(data)
        if self._keep:
            self._kept += data
        return n

    def take(self, before: int | None) -> str:
        """The kept lines before line ``before`` (``None``: all that is left), as text."""
        if before is None:
            cut = len(self._kept)
        else:
            cut = 0
            for _ in range(before - self._line):
                cut = self._kept.find(b"\n", cut) + 1
                if not cut:  # not read yet: cannot be (the reader reads whole lines)
                    cut = len(self._kept)
                    break
            self._line = max(before, self._line)
        taken = bytes(self._kept[:cut])
        del self._kept[:cut]
        return taken.decode("utf-8", "replace")


class _OriginalError(Exception):
    """The file itself could not be read on (raised through the read-back)."""

    def __init__(self, cause: BinaryFileError) -> None:
        super().__init__(str(cause))
        self.cause = cause


class _HasErrors(Exception):
    """A game of the file has syntax issues: it is not formatted."""


class _Chunks(io.RawIOBase):
    """The bytes of an iterator of byte strings, read as a raw stream."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        super().__init__()
        self._chunks = chunks
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while not self._pending:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._pending = chunk
        n = min(len(buffer), len(self._pending))
        buffer[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n


class _Run:
    """Formatting one native file: its games read, commented, written, read back and
    compared one at a time (at most a block of the file and a game or two held)."""

    def __init__(
        self,
        source: _Source,
        stream: BinaryIO,
        tee: _Tee,
        canonical: IO[str] | None,
        diff: IO[str] | None,
        progress: Progress | None,
        popular: frozenset[str],
    ) -> None:
        self.source = source
        self.name = name = source.name
        self.half = None if progress is None else (lambda n: progress(n // 2))
        self.units = iter(game_texts_from_stream(stream, name))
        self.index = 0
        self.tee = tee
        self.canonical = canonical
        formatted = f"{name} (formatted)"
        self.diff = None if diff is None else UnifiedDiff(diff.write, name, formatted, popular)
        self.digest = hashlib.blake2b()
        self.written: collections.deque[Game] = collections.deque()  # awaiting the read-back
        self.problems: list[Diagnostic] = []
        self.segment: list[str] = []  # the canonical lines of the diff's current segment

    def formatted(self, utf8: bool) -> Formatted:
        name = self.name
        try:
            again = games_from_stream(
                io.BufferedReader(_Chunks(self._written())), name, progress=self.half
            )
            for back in again:
                game = self.written.popleft() if self.written else None
                if game is None or back != game or back.issues:
                    return self._not_kept()
            if self.written:
                return self._not_kept()
        except _HasErrors:
            try:
                self._collect_problems()
            except BinaryFileError as exc:
                return Formatted(name, Outcome.UNREADABLE, message=f"{name}: {exc}")
            return Formatted(name, Outcome.HAS_ERRORS, problems=tuple(self.problems))
        except (_OriginalError, BinaryFileError) as exc:
            return Formatted(name, Outcome.UNREADABLE, message=f"{name}: {exc}")
        if self.diff is not None:
            self.diff.close()
        same = utf8 and self.digest.digest() == self.tee.digest.digest()
        return Formatted(name, Outcome.CANONICAL if same else Outcome.CHANGED)

    def _not_kept(self) -> Formatted:
        message = (
            f"{self.name}: not formatted: its comments could not be kept in place (please report)"
        )
        return Formatted(self.name, Outcome.UNREADABLE, message=message)

    def _games(self) -> Iterator[Game]:
        """The file's games, each holding its comments where ``fmt`` puts them."""
        comments = CommentReader()
        while True:
            try:
                unit = next(self.units, None)
            except BinaryFileError as exc:
                raise _OriginalError(exc) from None
            if unit is None:
                break
            self.index += 1
            game = self._game(unit)
            if game.issues:
                self.problems.extend(_problems(game))
                raise _HasErrors
            if isinstance(unit, GameText) and unit.comments:
                found = comments.read(unit.comments)
                if found:
                    game = dataclasses.replace(game, comments=place_comments(game, found))
            if self.half is not None:
                self.half(unit_size(unit))
            yield game

    def _game(self, unit: GameText | Game) -> Game:
        return game_from_text(unit, self.name, self.index) if isinstance(unit, GameText) else unit

    def _collect_problems(self) -> None:
        """The problems of the rest of the file, once one game had some."""
        for unit in self.units:
            self.index += 1
            self.problems.extend(_problems(self._game(unit)))

    def _written(self) -> Iterator[bytes]:
        """The canonical text, a game at a time, as it is also written out."""
        count = 0
        last: int | None = None  # the last source line of the game before (with lines)
        for game, lead, body in game_parts(self._games()):
            count += 1
            lines = _source_lines(game) if game is not None else None
            if lines is not None:  # the diff's pieces: a game, with the gap before it
                if last is not None:
                    self._cut(last + 1)
                last = lines[1]
            self._emit(lead + body)
            if game is not None:
                self.written.append(game)
            yield (lead + body).encode("utf-8", "surrogateescape")
        if not count:  # no game: its comments are kept as they are
            for text in self._lone_comments():
                self._emit(text)
                yield text.encode("utf-8", "surrogateescape")
        if self.diff is not None:
            self.diff.add(diff_lines(self.tee.take(None)), self.segment)
            self.segment = []

    def _emit(self, text: str) -> None:
        if not text:
            return
        self.digest.update(text.encode("utf-8", "surrogateescape"))
        if self.canonical is not None:
            self.canonical.write(text)
        if self.diff is not None:
            self.segment.extend(diff_lines(text))

    def _cut(self, line: int) -> None:
        if self.diff is not None:
            self.diff.add(diff_lines(self.tee.take(line)), self.segment)
            self.segment = []

    def _lone_comments(self) -> Iterator[str]:
        """The comments of a file without games, read again from its start."""
        with self.source.opened() as raw:
            lines = read_lines(utf8_stream(raw))
            numbered = ((n, text) for n, text, _ in lines if text is not None)
            reader = CommentReader()
            for number, text in numbered:
                for comment in reader.read([(number, text)]):
                    yield comment.text + "\n"
            for comment in reader.close():
                yield comment.text + "\n"


def _source_lines(game: Game) -> tuple[int, int] | None:
    """The first and last source lines of ``game``'s lines (``None``: it wrote none)."""
    origins = [o for _, found in game_lines(game) for o in found]
    return (min(origins), max(origins)) if origins else None


def _problems(game: Game) -> Iterator[Diagnostic]:
    return (Diagnostic.from_issue(i, game.source, game.index) for i in game.issues)


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

    Lines end at ``\n`` only, as the reader reads them (a U+2028 in a tag's value is
    no line end). A block comment that spans lines is one comment; so is what follows it on the line
    where it ends when that line holds nothing else (``out of diamonds } ; Bob``), so
    that the two stay together.
    """
    lines = [line.removesuffix("\r") for line in text.split("\n")]  # as the reader splits
    return comments_of_lines(enumerate(lines, start=1))


def comments_of_lines(numbered: Iterable[tuple[int, str]]) -> list[Comment]:
    """:func:`find_comments` of a record's lines with their numbers; the lines without a
    comment may be left out (:attr:`~spadesctl.notation.reader.GameText.comments`), but
    not a line inside a block comment."""
    reader = CommentReader()
    return [*reader.read(numbered), *reader.close()]


class CommentReader:
    """:func:`comments_of_lines` a piece at a time (the comment lines of each game of a
    file in turn), a block comment open at the end of a piece going on in the next."""

    def __init__(self) -> None:
        self._block: tuple[int, list[str], bool] | None = None  # a block still open
        self._in_block = False

    def read(self, numbered: Iterable[tuple[int, str]]) -> list[Comment]:
        """The comments ended by these lines."""
        found: list[Comment] = []
        block, in_block = self._block, self._in_block
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
        self._block, self._in_block = block, in_block
        return found

    def close(self) -> list[Comment]:
        """A block comment never closed (a syntax error, not formatted anyway)."""
        block, self._block = self._block, None
        return [] if block is None else [Comment(block[0], "\n".join(block[1]), block[2])]


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
    "SPOOL_CHARS",
    "Comment",
    "CommentReader",
    "Formatted",
    "Mode",
    "Outcome",
    "commented_game",
    "comments_of_lines",
    "find_comments",
    "format_file",
    "format_source",
    "place_comments",
    "with_comments",
]
