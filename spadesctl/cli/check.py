"""``spadesctl check``: every diagnostic in the given records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.engine_options import AddressOption, EngineChoice, EngineOption, engine_of
from spadesctl.cli.errors import fail
from spadesctl.cli.options import (
    Colour,
    ColourOption,
    ConfigOption,
    ExitZeroOption,
    IsolatedOption,
    JobsOption,
    OutputOption,
    PathsArgument,
    QuietOption,
    RulesOption,
    colour_for,
    exit_with,
    express_option,
    format_option,
    record_files,
    selector_option,
    settings,
)
from spadesctl.cli.progress import BytesProgress
from spadesctl.emit import DIAGNOSTIC_FORMATS, DiagnosticSettings, Emitter
from spadesctl.emit.diagnostics import statistics_lines
from spadesctl.output import OutputError, open_output
from spadesctl.selection import Selection, SelectorError

if TYPE_CHECKING:
    from spadesctl.check_run import CheckRequest, CheckSummary
    from spadesctl.diagnostics import Diagnostic


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl check samples/
  spadesctl check --select renege,score-mismatch league.spades
  spadesctl check --format json --rules "standard nil=50" sheets/ > problems.json
  spadesctl check --format github records/    (annotations in GitHub Actions)
  cat game.spades | spadesctl check -""",
)
def check(
    paths: PathsArgument,
    output_format: Annotated[str, format_option(DIAGNOSTIC_FORMATS)] = "text",
    rules: RulesOption = None,
    select: Annotated[
        list[str] | None,
        selector_option("Report only", examples=" such as SP3"),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        selector_option("Do not report"),
    ] = None,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics",
            help="Print a count per diagnostic name instead of each diagnostic "
            "(as text, json or ndjson: --format).",
        ),
    ] = False,
    output: OutputOption = None,
    exit_zero: ExitZeroOption = False,
    quiet: QuietOption = False,
    colour: ColourOption = Colour.auto,
    jobs: JobsOption = 0,
    engine: EngineOption = EngineChoice.local,
    address: AddressOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    express: Annotated[
        bool,
        express_option(
            "Settle the clean games of the common rulesets with the express check",
            "diagnostics",
            "replays every game",
        ),
    ] = True,
) -> None:
    """Report every rule broken and every score-sheet mistake.

    Every bid, card and recorded score of each game is checked against its ruleset.
    Exits 0 when clean, 1 when an error was found, 2 for usage errors and unreadable
    files.
    """
    # the replay and scoring are imported here, not with the CLI: --help starts faster
    from spadesctl.check_run import CheckRequest, CheckSummary, check_jobs
    from spadesctl.checking import CheckOptions

    found = settings(config, isolated)
    try:
        selection = Selection.of(select or found.select, [*found.ignore, *(ignore or ())])
    except SelectorError as exc:
        fail(f"{found.path}: {exc}" if not select and not ignore else str(exc))
    files = record_files(paths)
    options = CheckOptions(rules=rules if rules is not None else found.rules, express=express)
    request = CheckRequest(
        tuple(files),
        options,
        selection,
        check_jobs(jobs or found.jobs or 0, files),
        engine_of(engine, address),
    )
    summary = CheckSummary()
    fmt = DIAGNOSTIC_FORMATS.get(output_format)
    try:
        with open_output(output) as out:
            emitter = fmt.emitter(out, DiagnosticSettings(colour=colour_for(out, colour)))
            _report(request, summary, emitter, statistics, quiet)
            if statistics:
                for line in statistics_lines(summary.by_name, fmt.name):
                    out.write(line + "\n")
    except OutputError as exc:
        fail(str(exc))
    if fmt.name == "text" and not statistics and not quiet:
        typer.echo(summary.line(), err=True)
    exit_with(summary.status, exit_zero)


def _report(
    request: CheckRequest,
    summary: CheckSummary,
    emitter: Emitter[Diagnostic],
    statistics: bool,
    quiet: bool,
) -> None:
    """Each diagnostic to the emitter as soon as it is found (none for --statistics),
    with a progress bar by bytes on a terminal (a large file's too, as its games are
    checked)."""
    from spadesctl.check_run import check_stream

    bar = BytesProgress(request.files, "checking", enabled=False if quiet else None)
    if not statistics:
        emitter.start()
    for report, _ in check_stream(request, summary, bar.add if bar.enabled else None):
        if not statistics and report.diagnostics:
            bar.clear()  # diagnostics and the bar may share the terminal
            for d in report.diagnostics:
                emitter.write(d)
    bar.close()
    if not statistics:
        emitter.finish()
