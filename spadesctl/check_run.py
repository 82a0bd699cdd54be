"""The library behind ``spadesctl check``: files in, the selected diagnostics and the
exit status out, as ruff's library owns rule selection and the command line only maps
flags onto it.

:func:`check_stream` checks files (directories searched for records, on ``jobs``
processes) and yields their reports in parts with only the selected diagnostics, each as
soon as it is known (a game's, or a worker's task's), so that ``check`` writes every
diagnostic when it is found and holds no file's; :func:`check_paths` joins them into
each file's report.  A :class:`CheckSummary` counts what was shown: the exit status
and the summary line come from it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from heapq import merge

from spadesctl.checking import CheckOptions, FileReport, check_parts, join_parts
from spadesctl.diagnostics import IO_ERROR, Diagnostic, Severity
from spadesctl.engines import LOCAL, Engine
from spadesctl.file_warnings import RepeatedGames, no_games
from spadesctl.selection import EVERYTHING, Selection
from spadesctl.status import ExitStatus


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """What to check and how: the files, the check's options, which diagnostics to
    report (``--select``/``--ignore``), the worker processes (0: auto), and where
    they run (``--engine``)."""

    files: tuple[str, ...]
    options: CheckOptions = field(default_factory=CheckOptions)
    selection: Selection = EVERYTHING
    jobs: int = 1
    engine: Engine = LOCAL


@dataclass(slots=True)
class CheckSummary:
    """Counts of what a check reported, filled in as the reports are yielded."""

    files: int = 0
    files_with_problems: int = 0
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0  # not problems: what the record itself deals with (a ruled renege)
    io_errors: int = 0
    by_name: Counter[str] = field(default_factory=Counter)
    #: Whether the file whose parts are being added has shown a problem yet.
    _open_file_problems: bool = field(default=False, init=False, repr=False)

    def add(self, report: FileReport, last: bool = True) -> None:
        """Count a file's report, or a part of it (``last``: the file's last part)."""
        self.games += report.games
        self.hands += report.hands
        if any(d.severity is not Severity.NOTE for d in report.diagnostics):
            self._open_file_problems = True
        if last:
            self.files += 1
            self.files_with_problems += self._open_file_problems
            self._open_file_problems = False
        for d in report.diagnostics:
            self.by_name[d.name] += 1
            if d.kind is IO_ERROR:
                self.io_errors += 1
            elif d.severity is Severity.ERROR:
                self.errors += 1
            elif d.severity is Severity.NOTE:
                self.notes += 1
            else:
                self.warnings += 1

    @property
    def problems(self) -> int:
        return sum(self.by_name.values()) - self.notes

    @property
    def status(self) -> ExitStatus:
        """2 when a file could not be read, 1 when an error was reported, else 0."""
        return ExitStatus.of(self.io_errors, self.errors)

    def line(self) -> str:
        """The summary after the diagnostics, as ruff prints one: ``Found 13 problems (10
        errors, 3 warnings) in 7 of 12 files; 4,210 hands checked.``, or ``All 12 files
        clean (4,210 hands).``"""
        hands = _count(self.hands, "hand")
        if not self.problems and not self.games:
            return f"No games found in {_count(self.files, 'file')}."
        notes = f"; {_count(self.notes, 'note')}" if self.notes else ""
        if not self.problems:
            if self.files == 1:
                return f"1 file clean ({hands}{notes})."
            return f"All {self.files:,} files clean ({hands}{notes})."
        errors = self.errors + self.io_errors
        counted = ((errors, "error"), (self.warnings, "warning"), (self.notes, "note"))
        parts = [_count(n, word) for n, word in counted if n]
        return (
            f"Found {_count(self.problems, 'problem')} ({', '.join(parts)}) in "
            f"{self.files_with_problems:,} of {_count(self.files, 'file')}; {hands} checked."
        )


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def check_jobs(jobs: int, files: Sequence[str]) -> int:
    """The worker processes ``--jobs`` means for these files (0: auto)."""
    from spadesctl.check_pool import choose_check_jobs

    return choose_check_jobs(jobs, list(files))


#: A file's report in part, and whether it is the file's last part.
Part = tuple[FileReport, bool]


def report_parts(
    files: Sequence[str],
    options: CheckOptions,
    jobs: int,
    progress: Callable[[int], None] | None = None,
    engine: Engine = LOCAL,
) -> Iterator[Part]:
    """Every file's full report in parts, in the order of ``files``, each as soon as it
    is known: in this process a game at a time
    (:func:`~spadesctl.checking.check_parts`), with ``jobs`` processes (or on
    ``engine``'s cluster) a task at a time (a file, or a batch of a large file's games);
    each file ends with a part that says so.  ``progress`` (when given) is told the
    bytes checked as they are."""
    if engine.distributed or jobs > 1:
        from spadesctl.check_pool import check_in_processes

        yield from check_in_processes(list(files), options, jobs, progress=progress, engine=engine)
        return
    for path in files:
        yield from _local_parts(path, options, progress)


def _local_parts(
    path: str, options: CheckOptions, progress: Callable[[int], None] | None
) -> Iterator[Part]:
    """One file's parts checked here, a game at a time, then the part that ends it."""
    told = 0

    def tell(size: int) -> None:
        nonlocal told
        told += size
        assert progress is not None
        progress(size)

    for part in check_parts(path, options, None if progress is None else tell):
        yield part, False
    yield FileReport(path, (), 0, 0), True
    if progress is not None and path != "-":
        progress(max(_size(path) - told, 0))  # what no game held (comments, blanks)


class _FileWarnings:
    """The warnings about a file as a whole (``no-games``) and about its games seen
    before in the run (``duplicate-game``), added to its parts as they come."""

    def __init__(self) -> None:
        self.repeats = RepeatedGames()
        self.fresh = True  # the next part begins a file
        self.said = False  # this file reported something of its own
        self.games = self.hands = 0

    def add(self, part: FileReport, last: bool) -> tuple[Diagnostic, ...]:
        """``part``'s diagnostics with the warnings that belong to it, in line order: a
        duplicate at its game's first line, ``no-games`` (known only then) at the end of
        a file that said nothing else."""
        if self.fresh:
            self.repeats.begin(part.file)
            self.fresh, self.said, self.games, self.hands = False, False, 0, 0
        diagnostics = part.diagnostics
        self.said = self.said or bool(diagnostics)
        self.games += part.games
        self.hands += part.hands
        found = self.repeats.found(part.fingerprints)
        if found:
            diagnostics = tuple(merge(diagnostics, found, key=lambda d: (d.line, d.column)))
        if last:
            self.fresh = True
            empty = None if self.said else no_games(part.file, self.games, self.hands)
            if empty is not None:
                diagnostics = (*diagnostics, empty)
        return diagnostics


def check_stream(
    request: CheckRequest,
    summary: CheckSummary | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Part]:
    """Each file's report in parts with only the selected diagnostics (and the file
    warnings of :mod:`~spadesctl.file_warnings`), each part as soon as it is known and
    in the order of a local run, whatever ``request.jobs``: ``check`` writes each
    diagnostic when it is found.  ``summary`` (when given) counts them as they are
    yielded, ``progress`` the bytes checked."""
    warnings = _FileWarnings()
    parts = report_parts(request.files, request.options, request.jobs, progress, request.engine)
    names = request.selection.names
    for part, last in parts:
        found = warnings.add(part, last)
        shown = tuple(d for d in found if d.name in names)
        if found is not part.diagnostics or len(shown) != len(found) or part.fingerprints:
            part = FileReport(part.file, shown, part.games, part.hands)
        if summary is not None:
            summary.add(part, last)
        yield part, last


def check_paths(
    request: CheckRequest,
    summary: CheckSummary | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[FileReport]:
    """Each file's report with only the selected diagnostics, in order: the parts of
    :func:`check_stream` joined; ``summary`` (when given) counts them as they are
    yielded, ``progress`` the bytes checked."""
    return join_parts(check_stream(request, summary, progress))


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


__all__ = [
    "CheckRequest",
    "CheckSummary",
    "Part",
    "check_jobs",
    "check_paths",
    "check_stream",
    "report_parts",
]
