"""Record files to batches of table rows, in parallel across processes, in bounded memory.

The main process reads the files (the cheap part: lines split into games, see
:func:`~spadesctl.notation.reader.split_games`) and groups the games' text into units of
about ``batch_lines`` lines, several small files to a unit or a large file over many.
Each unit is parsed, replayed, scored and turned into one DataFrame per table
(:func:`build_batch`) in a worker process (``jobs`` of them; in the main process itself
with one job).  Batches come back in input order, and at most two per worker are in
flight, so memory holds a few batches whatever the size of the corpus.

A game that does not parse (syntax errors, misplaced lines), and a file that cannot be
read, is a :class:`Failure`: reported with its batch, never fatal, and left out of the
tables.  So is a game the referee fails on (an internal error): its rows are rolled
back, so that the tables never hold half a game.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final

import polars as pl

from spadesctl import engines, pool
from spadesctl.bulk import bulk_gc
from spadesctl.diagnostics import Severity
from spadesctl.engines import Engine
from spadesctl.express import GameLedger
from spadesctl.express.canonical import express_check
from spadesctl.express.rows import add_express_game
from spadesctl.notation import game_from_text
from spadesctl.notation.encoding import utf8_stream
from spadesctl.notation.reader import BinaryFileError, GameText
from spadesctl.record import Game
from spadesctl.record_formats import detect
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset
from spadesctl.tables.adapter import add_game
from spadesctl.tables.builder import TableSet
from spadesctl.tables.schema import TableName

#: Lines of record text per batch: about a thousand fully played hands.
BATCH_LINES: Final = 20_000


@dataclass(frozen=True, slots=True)
class CorpusOptions:
    """What to build: which tables, the ruleset of records that declare none, batch size."""

    tables: tuple[TableName, ...] = ("hands",)
    default_rules: Ruleset | None = None  # None: standard, and PBN options as they map
    batch_lines: int = BATCH_LINES
    #: Rows of the games the express check settles straight from its integer replay
    #: (:mod:`spadesctl.express.rows`: the same rows); ``False``: the full engine for all.
    express: bool = True
    #: Fill the columns that keep what a record says, so that the tables read back as it
    #: (docs/import.md): ``export`` asks for them, ``stats`` (which reads none) does not.
    #: The express rows fill them as the full engine does.
    lossless: bool = True

    @property
    def keeps_comments(self) -> bool:
        """Whether the tables keep the records' comments: only the lossless ``games``
        table does (its ``comments`` column)."""
        return self.lossless and "games" in self.tables


@dataclass(frozen=True, slots=True)
class Failure:
    """A game that could not be tabled, or a file that could not be read (``game`` None)."""

    file: str
    line: int
    column: int
    game: int | None
    message: str

    def format(self) -> str:
        """``path:line:col: message`` (``game N`` named when it is a game)."""
        where = f"{self.file}:{self.line}:{self.column}:"
        what = f"game {self.game} not counted: " if self.game is not None else ""
        return f"{where} {what}{self.message}"


@dataclass(frozen=True, slots=True)
class Work:
    """A unit of work: some games (source, index in file, and the game's text, or the game
    itself when it was read from PBN) and, in input order among them, the files that
    could not be read (a :class:`Failure`); ``size`` is their length in bytes (about)."""

    games: tuple[tuple[str, int, GameText | Game] | Failure, ...] = ()
    size: int = 0


@dataclass(frozen=True, slots=True)
class Batch:
    """The tables of one unit of work, with its counts and failures."""

    frames: Mapping[TableName, pl.DataFrame]
    games: int
    hands: int
    failures: tuple[Failure, ...] = ()
    size: int = 0
    #: Games tabled whose comments these tables do not keep (:attr:`CorpusOptions.keeps_comments`).
    comments_dropped: int = 0


def _open(path: str) -> BinaryIO:
    if path == "-":
        return sys.stdin.buffer
    return Path(path).open("rb")


def _read_failure(path: str, exc: BaseException) -> Failure:
    if isinstance(exc, FileNotFoundError):
        message = "no such file"
    elif isinstance(exc, IsADirectoryError):
        message = "is a directory, not a record file"
    elif isinstance(exc, PermissionError):
        message = "permission denied"
    elif isinstance(exc, OSError):
        message = f"cannot be read ({exc.strerror or exc})"
    else:
        message = str(exc)
    return Failure(path, 1, 1, None, message)


def _blocks(
    stream: BinaryIO, path: str, rules: Ruleset | None
) -> Iterator[tuple[int, GameText | Game, int, int]]:
    """(index, text or game, lines, bytes) of each game: native records are only split
    into games here (workers parse them); other formats' records are parsed here."""
    stream = utf8_stream(stream)
    codec = detect(stream, path).load()
    for index, unit in enumerate(codec.read(stream, path, rules), start=1):
        if isinstance(unit, Game):
            lines = max(len(unit.hands), 1) * 20  # about: a played hand is 20 lines
            yield unit.index, unit, lines, lines * 12
        else:
            yield index, unit, len(unit.lines), sum(len(line) + 1 for line in unit.lines)


def read_work(
    paths: Iterable[str], batch_lines: int = BATCH_LINES, rules: Ruleset | None = None
) -> Iterator[Work]:
    """The games of ``paths`` in order, grouped into units of about ``batch_lines`` lines.

    A file that cannot be read is a failure in the unit where its reading stopped (the
    games read before a problem in the middle of a file are kept).  ``rules`` replaces
    the rulesets that PBN records' options map to.
    """
    games: list[tuple[str, int, GameText | Game] | Failure] = []
    lines = size = 0
    for path in paths:
        try:
            stream = _open(path)
        except OSError as exc:
            games.append(_read_failure(path, exc))
            continue
        try:
            for index, block, block_lines, block_size in _blocks(stream, path, rules):
                games.append((path, index, block))
                lines += block_lines
                size += block_size
                if lines >= batch_lines:
                    yield Work(tuple(games), size)
                    games, lines, size = [], 0, 0
        except (BinaryFileError, OSError) as exc:
            games.append(_read_failure(path, exc))
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    if games:
        yield Work(tuple(games), size)


def build_batch(work: Work, options: CorpusOptions) -> Batch:
    """Parse, replay and score the games of ``work`` into one DataFrame per table."""
    tables = TableSet(options.tables)
    failures: list[Failure] = []
    games = hands = comments_dropped = 0
    default = options.default_rules or STANDARD
    with bulk_gc():
        for item in work.games:
            if isinstance(item, Failure):
                failures.append(item)
                continue
            source, index, text = item
            lines = text.comments if isinstance(text, GameText) else ()
            if (
                options.express
                and isinstance(text, GameText)
                and not text.issues
                and not (lines and options.keeps_comments)  # a comment's place: the full engine
            ):
                ledger = GameLedger()
                if express_check(text.lines, default, ledger=ledger) is not None:
                    hands += add_express_game(
                        tables, ledger, source, index, lossless=options.lossless
                    )
                    games += 1
                    comments_dropped += bool(lines)
                    continue
            game = text if isinstance(text, Game) else game_from_text(text, source, index)
            errors = [i for i in game.issues if i.kind.severity is Severity.ERROR]
            if errors:  # warnings (an option an imported record has that we ignore) do not count
                first = errors[0]
                more = len(errors) - 1
                message = f"{first.kind.name}: {first.message}"
                if more:
                    message += f" (and {more} more {'problem' if more == 1 else 'problems'})"
                failures.append(Failure(source, first.pos.line, first.pos.column, index, message))
                continue
            if (lines or game.comments) and not options.keeps_comments:
                comments_dropped += 1
            mark = tables.checkpoint()
            try:
                hands += add_game(tables, game, default, lossless=options.lossless, comments=lines)
            except Exception as exc:  # a bug met on some record: report it, go on with the rest
                tables.rollback(mark)
                pos = game.pos
                message = f"could not be refereed (internal error, please report: {exc!r})"
                failures.append(Failure(source, pos.line, pos.column, index, message))
                continue
            games += 1
    return Batch(tables.frames(), games, hands, tuple(failures), work.size, comments_dropped)


def total_size(paths: Iterable[str]) -> int:
    """The bytes of the files that exist (0 for standard input and the others)."""
    total = 0
    for path in paths:
        if path != "-":
            with contextlib.suppress(OSError):
                total += os.path.getsize(path)
    return total


def choose_jobs(jobs: int, paths: list[str]) -> int:
    """``jobs`` 0 (auto): one process per core when the input is large enough, else one
    (:func:`spadesctl.pool.choose_jobs`; every file is split into units of work)."""
    return pool.choose_jobs(jobs, paths, split_bytes=0)


def iter_batches(
    paths: list[str], options: CorpusOptions, jobs: int = 1, engine: Engine | None = None
) -> Iterator[Batch]:
    """The batches of ``paths``, in input order, built in ``jobs`` processes (spawned:
    polars is loaded here, see :mod:`spadesctl.pool`), or by ``engine``'s workers."""
    work = read_work(paths, options.batch_lines, options.default_rules)
    tasks = (pool.Task(build_batch, (unit, options)) for unit in work)
    yield from engines.ordered_results(tasks, jobs, engine)
