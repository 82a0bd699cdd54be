"""``spadesctl check``: every diagnostic in the given records."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.choices import RegistryChoice
from spadesctl.cli.errors import fail
from spadesctl.cli.options import PATHS_HELP, JobsOption, RulesOption
from spadesctl.cli.progress import Progress
from spadesctl.emit import DIAGNOSTIC_FORMATS, DiagnosticSettings
from spadesctl.emit.diagnostics import statistics_lines, use_colour
from spadesctl.selection import Selection, SelectorError
from spadesctl.sources import expand_paths


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
    paths: Annotated[list[str], typer.Argument(metavar="PATH", help=PATHS_HELP)],
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            click_type=RegistryChoice(DIAGNOSTIC_FORMATS.names),
            help=DIAGNOSTIC_FORMATS.help() + ".",
        ),
    ] = "text",
    rules: RulesOption = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAMES",
            help="Report only these diagnostics (names, codes or code prefixes such as "
            "SP3, comma-separated).",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAMES",
            help="Do not report these diagnostics (names, codes or code prefixes, "
            "comma-separated).",
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
    from spadesctl.check_run import CheckRequest, CheckSummary, check_jobs, check_paths
    from spadesctl.checking import CheckOptions

    try:
        selection = Selection.of(select, ignore)
    except SelectorError as exc:
        fail(str(exc))
    files = expand_paths(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    request = CheckRequest(
        tuple(files), CheckOptions(rules=rules, express=express), selection, check_jobs(jobs, files)
    )
    summary = CheckSummary()
    fmt = DIAGNOSTIC_FORMATS.get(output_format)
    emitter = fmt.emitter(sys.stdout, DiagnosticSettings(colour=use_colour(sys.stdout)))
    progress = Progress(len(files), "checking", enabled=None if len(files) > 1 else False)
    if not statistics:
        emitter.start()
    for report in check_paths(request, summary):
        if not statistics and report.diagnostics:
            progress.clear()  # diagnostics and the bar may share the terminal
            for d in report.diagnostics:
                emitter.write(d)
        progress.advance()
    progress.close()
    if statistics:
        for line in statistics_lines(summary.by_name, fmt.name):
            typer.echo(line)
    else:
        emitter.finish()
    sys.stdout.flush()
    raise typer.Exit(summary.status)
