"""``spadesctl check``: every diagnostic in the given records."""

from __future__ import annotations

import contextlib
import os
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.cli.options import JobsOption, RulesOption
from spadesctl.cli.output import DiagnosticFormat, DiagnosticWriter, statistics_lines
from spadesctl.cli.progress import Progress
from spadesctl.diagnostics import IO_ERROR, Diagnostic, Severity, kind
from spadesctl.rules.parse import RulesError
from spadesctl.sources import expand_paths

if TYPE_CHECKING:
    from spadesctl.checking import CheckOptions, FileReport

#: Below this many bytes of input, worker processes cost more than they save.
_PARALLEL_MIN_BYTES = 512 * 1024


def _names(values: list[str] | None) -> frozenset[str] | None:
    if not values:
        return None
    names = set()
    for raw in values:
        for item in raw.split(","):
            item = item.strip()
            if not item:
                continue
            try:
                names.add(kind(item).name)
            except KeyError:
                fail(f"unknown diagnostic {item!r} (see docs/diagnostics.md for names and codes)")
    return frozenset(names)


def choose_jobs(jobs: int, paths: list[str]) -> int:
    """The worker processes to use: ``--jobs``, or for 0 (auto) one per core when the
    input is large enough; never more than there are files, unless a file is large
    enough to be split into batches of games (then one file can use every core)."""
    from spadesctl.check_pool import SPLIT_BYTES

    sizes = [0] * len(paths)
    for i, p in enumerate(paths):
        with contextlib.suppress(OSError):
            sizes[i] = os.path.getsize(p)
    if jobs <= 0:
        if sum(sizes) < _PARALLEL_MIN_BYTES:
            return 1
        jobs = os.cpu_count() or 1
    if any(size >= SPLIT_BYTES for size in sizes):
        return jobs
    return min(jobs, max(len(paths), 1))


def run_reports(paths: list[str], options: CheckOptions, jobs: int) -> Iterator[FileReport]:
    """Reports in the order of ``paths``, computed in ``jobs`` processes."""
    if jobs <= 1:
        from spadesctl.checking import check_file

        for p in paths:
            yield check_file(p, options)
        return
    from spadesctl.check_pool import check_in_processes

    yield from check_in_processes(paths, options, jobs)


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl check samples/
  spadesctl check --select renege,score-mismatch league.spades
  spadesctl check --format json --rules "standard nil=50" sheets/ > problems.json
  cat game.spades | spadesctl check -""",
)
def check(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH",
            help="Record files, directories (searched for *.spades, *.pbn, *.ptn), "
            "or - for standard input.",
        ),
    ],
    output_format: Annotated[
        DiagnosticFormat,
        typer.Option(
            "--format",
            help="text: path:line:col: CODE name: message; json: one array; "
            "ndjson: one object a line.",
        ),
    ] = DiagnosticFormat.text,
    rules: RulesOption = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAMES",
            help="Report only these diagnostics (names or codes, comma-separated).",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAMES",
            help="Do not report these diagnostics (names or codes, comma-separated).",
        ),
    ] = None,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics",
            help="Print a count per diagnostic name instead of each diagnostic "
            "(as text, json or ndjson: --format).",
        ),
    ] = False,
    jobs: JobsOption = 0,
    express: Annotated[
        bool,
        typer.Option(
            "--express/--no-express",
            help="Settle the clean games of the common rulesets with the express check "
            "(the same diagnostics, several times faster); --no-express replays every "
            "game with the full engine.",
        ),
    ] = True,
) -> None:
    """Report every rule broken and every score-sheet mistake.

    Every bid, card and recorded score of each game is checked against its ruleset.
    Exits 0 when clean, 1 when an error was found, 2 for usage errors and unreadable
    files.
    """
    # the replay and scoring are imported here, not with the CLI: --help starts faster
    from spadesctl.checking import CheckOptions, default_rules

    selected = _names(select)
    ignored = _names(ignore) or frozenset()
    options = CheckOptions(rules=rules, express=express)
    try:
        default_rules(options)
    except RulesError as exc:
        fail(f"--rules: {exc}")
    files = expand_paths(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    writer = DiagnosticWriter(output_format)
    counts: Counter[str] = Counter()
    errors = io_errors = 0
    progress = Progress(len(files), "checking", enabled=None if len(files) > 1 else False)
    if not statistics:
        writer.start()
    for report in run_reports(files, options, choose_jobs(jobs, files)):
        shown: list[Diagnostic] = [
            d
            for d in report.diagnostics
            if (selected is None or d.name in selected) and d.name not in ignored
        ]
        for d in shown:
            counts[d.name] += 1
            if d.kind is IO_ERROR:
                io_errors += 1
            elif d.severity is Severity.ERROR:
                errors += 1
        if not statistics and shown:
            progress.clear()  # diagnostics and the bar may share the terminal
            writer.write(shown)
        progress.advance()
    progress.close()
    if statistics:
        for line in statistics_lines(counts, output_format):
            typer.echo(line)
    else:
        writer.finish()
    sys.stdout.flush()
    if io_errors:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_PROBLEMS if errors else EXIT_CLEAN)
