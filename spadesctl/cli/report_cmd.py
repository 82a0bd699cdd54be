"""``spadesctl report``: HTML pages of games, to open, step through and share.

Exit status: 0 when the report was written and no game has a problem, 1 when it was
written and some game has problems (shown on its page), 2 for usage errors and records
that cannot be read (then nothing is written).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, fail
from spadesctl.cli.options import PathsArgument, RulesOption
from spadesctl.output import is_standard_output
from spadesctl.rules import RulesError
from spadesctl.rules.resolve import rules_option


@app.command(
    "report",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl report samples/mistakes/renege.spades -o renege.html
  spadesctl report samples/ -o site/""",
)
def report(
    paths: PathsArgument,
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="OUT",
            help="One game: the page (an .html file, or - for standard output). "
            "Several games or a directory: "
            "a folder, written with an index.html and a page per game.",
        ),
    ],
    rules: RulesOption = None,
) -> None:
    """Write HTML pages of games to open, step through and share.

    Each page shows the score sheet, a chart, every hand and trick and every problem
    on the card, bid or line it concerns; pages open from disk with no network.
    """
    from spadesctl.report.site import ReportError, write_report

    try:
        default = None if rules is None else rules_option(rules)
    except RulesError as exc:
        fail(f"--rules: {exc}")
    try:
        done = write_report(paths, output, default)
    except ReportError as exc:
        fail(str(exc))
    games = f"{done.games} game{'s' if done.games != 1 else ''}"
    problems = f"{done.problems} problem{'s' if done.problems != 1 else ''}"
    where = f"{done.path}{'/index.html' if done.folder else ''}"
    # the page itself may be what standard output carries (-o -)
    typer.echo(f"{where}: {games}, {problems}", err=is_standard_output(output))
    raise typer.Exit(EXIT_PROBLEMS if done.problems else EXIT_CLEAN)
