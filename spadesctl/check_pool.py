"""Checking on several cores: files spread over worker processes, large files split.

:func:`check_in_processes` gives the same reports as
:func:`~spadesctl.checking.check_file` on each path, in the order of the paths, in parts
as they are done (``check --jobs`` writes each part's diagnostics at once;
:func:`~spadesctl.checking.join_parts` joins them into each file's report).  A file
smaller than ``split_bytes`` is one task for a worker.  A larger one is read here, in
the parent, one game at a time, and its games go to the workers in batches of
``batch_games`` (:class:`GameBatch`; fewer once they hold :data:`BATCH_BYTES`), so that
``--jobs`` speeds up a single large file as well as many small ones.  At most two tasks
per worker are in flight, so memory stays flat however large the input.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from spadesctl.bulk import bulk_gc
from spadesctl.checking import (
    CheckOptions,
    FileReport,
    check_file,
    check_game_text,
    file_rules,
    first_line,
    io_error,
)
from spadesctl.engines import Engine, ordered_results
from spadesctl.file_warnings import Fingerprint
from spadesctl.notation import GameText, RecordReadError, iter_game_texts, unit_size
from spadesctl.pool import Done, Task, choose_jobs
from spadesctl.record import Game

#: Files at least this large are split into batches of games (about 50 games a MB).
SPLIT_BYTES: Final = 4 * 1024 * 1024
#: Games per batch: big enough that sending a batch costs little beside checking it.
BATCH_GAMES: Final = 200
#: A batch ends sooner once its games hold this many bytes, so that a batch of long games
#: (and the diagnostics they may hold) stays small in the parent and in its worker.
BATCH_BYTES: Final = 1024 * 1024


@dataclass(frozen=True, slots=True)
class GameBatch:
    """Consecutive games of one file, as read, for a worker: the first is game
    ``first_index`` of the file."""

    path: str
    first_index: int
    units: tuple[GameText | Game, ...]

    @property
    def size(self) -> int:
        """About how many bytes of the file the batch holds (for progress by bytes)."""
        return sum(map(unit_size, self.units))


def check_batch(batch: GameBatch, options: CheckOptions) -> FileReport:
    """The report of a batch's games (a part of its file's report)."""
    default, diagnostics = file_rules(batch.path, options)
    if batch.first_index != 1:
        diagnostics = []  # a bad --rules is reported once, with the file's first batch
    hands = 0
    prints: list[Fingerprint] = []
    with bulk_gc():
        for index, unit in enumerate(batch.units, start=batch.first_index):
            found, count, digest = check_game_text(unit, index, batch.path, options, default)
            diagnostics.extend(found)
            hands += count
            if digest is not None:
                prints.append(Fingerprint(digest, first_line(unit), index))
    return FileReport(batch.path, tuple(diagnostics), len(batch.units), hands, tuple(prints))


def check_in_processes(
    paths: list[str],
    options: CheckOptions,
    jobs: int,
    *,
    split_bytes: int = SPLIT_BYTES,
    batch_games: int = BATCH_GAMES,
    progress: Callable[[int], None] | None = None,
    engine: Engine | None = None,
) -> Iterator[tuple[FileReport, bool]]:
    """Each path's report in parts (a small file's whole, a large one's a batch of games
    at a time), in order, each with whether it ends its file, as soon as the part and
    those before it are done, computed by ``jobs`` worker processes (in this one for
    ``jobs`` 1), or by ``engine``'s cluster, to which every file goes in batches of
    games read here (its workers need no access to the files); ``progress`` is told the
    bytes of each part as it is done."""
    if engine is not None and engine.distributed:
        split_bytes = 0
    lasts: deque[tuple[bool, int]] = deque()  # each task's: whether it ends its file, bytes

    def tasks() -> Iterator[Task[FileReport] | Done[FileReport]]:
        for path in paths:
            size = _size(path)
            if path == "-":  # standard input belongs to this process
                lasts.append((True, 0))
                yield Done(check_file(path, options))
            elif size < split_bytes:
                lasts.append((True, size))
                yield Task(check_file, (path, options))
            else:
                for part, last in _parts(path, options, batch_games):
                    if isinstance(part, FileReport):
                        lasts.append((last, 0))
                        yield Done(part)
                    else:
                        lasts.append((last, part.size))
                        yield Task(check_batch, (part, options))

    for part in ordered_results(tasks(), jobs, engine):
        last, size = lasts.popleft()
        if progress is not None:
            progress(size)
        yield part, last


def choose_check_jobs(jobs: int, paths: list[str]) -> int:
    """``check --jobs``: :func:`~spadesctl.pool.choose_jobs` for files split from
    :data:`SPLIT_BYTES` on."""
    return choose_jobs(jobs, paths, split_bytes=SPLIT_BYTES)


def _parts(
    path: str, options: CheckOptions, batch_games: int
) -> Iterator[tuple[GameBatch | FileReport, bool]]:
    """A large file's batches, each with whether it is the last part of the file; a
    file that cannot be read (further) ends with a report of its ``io-error``."""
    pending: GameBatch | None = None
    try:
        for batch in _batches(path, options, batch_games):
            if pending is not None:
                yield pending, False
            pending = batch
    except RecordReadError as exc:
        if pending is not None:
            yield pending, False
        problems = file_rules(path, options)[1] if pending is None else []
        yield FileReport(path, (*problems, io_error(path, exc)), 0, 0), True
        return
    yield (pending if pending is not None else GameBatch(path, 1, ())), True


def _batches(path: str, options: CheckOptions, batch_games: int) -> Iterator[GameBatch]:
    """The file's games as read, ``batch_games`` at a time; the games read before a
    :class:`RecordReadError` are yielded before it is raised."""
    default, _ = file_rules(path, options)
    units: list[GameText | Game] = []
    first = 1
    held = 0  # the bytes of ``units``
    try:
        for unit in iter_game_texts(path, rules=None if options.rules is None else default):
            units.append(unit)
            held += unit_size(unit)
            if len(units) == batch_games or held >= BATCH_BYTES:
                yield GameBatch(path, first, tuple(units))
                first += len(units)
                units, held = [], 0
    except RecordReadError:
        if units:
            yield GameBatch(path, first, tuple(units))
        raise
    if units:
        yield GameBatch(path, first, tuple(units))


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0  # the worker's check_file reports it
