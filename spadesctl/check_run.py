"""The library behind ``spadesctl check``: files in, the selected diagnostics and the
exit status out, as ruff's library owns rule selection and the command line only maps
flags onto it.

:func:`check_paths` checks files (directories searched for records, on ``jobs``
processes) and yields each file's report with only the selected diagnostics, while a
:class:`CheckSummary` counts what was shown: the exit status and the summary line come
from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from heapq import merge

from spadesctl.checking import CheckOptions, FileReport, check_file
from spadesctl.diagnostics import IO_ERROR, Severity
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

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.games += report.games
        self.hands += report.hands
        if any(d.severity is not Severity.NOTE for d in report.diagnostics):
            self.files_with_problems += 1
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


def file_reports(
    files: Sequence[str],
    options: CheckOptions,
    jobs: int,
    progress: Callable[[int], None] | None = None,
    engine: Engine = LOCAL,
) -> Iterator[FileReport]:
    """Every file's full report, in the order of ``files``, computed in ``jobs`` processes
    (or on ``engine``'s cluster); ``progress`` (when given) is told the bytes checked as
    they are, a large file's in parts (it is read in batches of games, as for several
    processes)."""
    if engine.distributed:
        from spadesctl.check_pool import check_in_processes

        yield from check_in_processes(list(files), options, jobs, progress=progress, engine=engine)
        return
    if progress is not None:
        from spadesctl.check_pool import check_in_processes

        yield from check_in_processes(list(files), options, jobs, progress=progress)
        return
    if jobs <= 1:
        for path in files:
            yield check_file(path, options)
        return
    from spadesctl.check_pool import check_in_processes

    yield from check_in_processes(list(files), options, jobs)


def with_file_warnings(report: FileReport, repeats: RepeatedGames) -> FileReport:
    """``report`` with the warnings about its file as a whole (``no-games``) and its
    games seen before in the run (``duplicate-game``, from ``repeats``), in line order;
    its fingerprints are dropped once counted."""
    found = repeats.warnings(report.file, report.fingerprints)
    if not report.diagnostics:  # said nothing else (unreadable, another format...)
        empty = no_games(report.file, report.games, report.hands)
        if empty is not None:
            found.insert(0, empty)
    if not found and not report.fingerprints:
        return report
    diagnostics = report.diagnostics
    if found:
        diagnostics = tuple(merge(diagnostics, found, key=lambda d: (d.line, d.column)))
    return FileReport(report.file, diagnostics, report.games, report.hands)


def check_paths(
    request: CheckRequest,
    summary: CheckSummary | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[FileReport]:
    """Each file's report with only the selected diagnostics, in order; ``summary``
    (when given) counts them as they are yielded, ``progress`` the bytes checked."""
    repeats = RepeatedGames()
    reports = file_reports(request.files, request.options, request.jobs, progress, request.engine)
    for report in reports:
        report = with_file_warnings(report, repeats)
        shown = tuple(d for d in report.diagnostics if d.name in request.selection.names)
        if len(shown) != len(report.diagnostics):
            report = FileReport(report.file, shown, report.games, report.hands)
        if summary is not None:
            summary.add(report)
        yield report


__all__ = [
    "CheckRequest",
    "CheckSummary",
    "check_jobs",
    "check_paths",
    "file_reports",
    "with_file_warnings",
]
