"""``spadesctl score``: a score sheet per game, checked against the record's own figures.

Exit status: 0 when every recorded figure agrees, 1 when one disagrees (or a game cannot
be scored: a bad ``[Rules]`` tag), 2 for usage errors and files that cannot be read.
"""

from __future__ import annotations

from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.cli.options import (
    ConfigOption,
    ExitZeroOption,
    IsolatedOption,
    OutputOption,
    PathsArgument,
    RulesOption,
    exit_with,
    express_option,
    format_option,
    record_files,
    ruleset,
    settings,
)
from spadesctl.cli.progress import BytesProgress
from spadesctl.emit import SHEET_FORMATS, SheetSettings
from spadesctl.output import OutputError, open_output


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl score samples/mistakes/forgot-bag-penalty.spades
  spadesctl score --explain --apply-penalties league.spades
  spadesctl score --format csv sheets/ > sheets.csv""",
)
def score(
    paths: PathsArgument,
    explain: Annotated[
        bool, typer.Option("--explain", help="Itemise each hand's points after the table.")
    ] = False,
    output_format: Annotated[str, format_option(SHEET_FORMATS)] = "text",
    rules: RulesOption = None,
    output: OutputOption = None,
    exit_zero: ExitZeroOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    apply_penalties: Annotated[
        bool,
        typer.Option(
            "--apply-penalties",
            help="Also recompute as if every renege the play shows had been called, "
            "and show what changes.",
        ),
    ] = False,
    express: Annotated[
        bool,
        express_option(
            "Build the sheets of the clean games of the common rulesets from the express "
            "check's figures",
            "output",
            "scores every game",
        ),
    ] = True,
) -> None:
    """Recompute score sheets, hand by hand, and flag disputed figures.

    Exits 0 when every recorded score, bag count and result agrees, 1 when one
    disagrees (or a game cannot be scored), 2 for usage errors and unreadable files.
    """
    from spadesctl.score_run import ScoreSummary, score_files

    files = record_files(paths)
    found = settings(config, isolated)
    summary = ScoreSummary()
    shown = SheetSettings(explain=explain, penalties=apply_penalties)
    bar = BytesProgress(files, "scoring")  # on a terminal only

    def warn(message: str) -> None:
        bar.clear()
        _warn(message)

    reports = score_files(
        files,
        ruleset(rules if rules is not None else found.rules),
        apply_penalties=apply_penalties,
        summary=summary,
        warn=warn,
        progress=bar.add if bar.enabled else None,
        express=express,
    )
    try:
        with open_output(output) as out:
            emitter = SHEET_FORMATS.get(output_format).emitter(out, shown)
            emitter.start()
            for report in reports:
                bar.clear()  # the sheets and the bar may share the terminal
                emitter.write(report)
            emitter.finish()
    except OutputError as exc:
        fail(str(exc))
    finally:
        bar.close()
    exit_with(summary.status, exit_zero)


def _warn(message: str) -> None:
    typer.echo(f"spadesctl: {message}", err=True)
