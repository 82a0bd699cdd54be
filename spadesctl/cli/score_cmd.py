"""``spadesctl score``: a score sheet per game, checked against the record's own figures.

Exit status: 0 when every recorded figure agrees, 1 when one disagrees (or a game cannot
be scored: a bad ``[Rules]`` tag), 2 for usage errors and files that cannot be read.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.cli.options import RulesOption
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.rules import RulesError, Ruleset
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.resolve import rules_option
from spadesctl.sources import expand_paths

if TYPE_CHECKING:
    from spadesctl.sheet.render import SheetReport


class SheetFormat(enum.Enum):
    text = "text"
    json = "json"
    csv = "csv"


def _default_rules(text: str | None) -> Ruleset | None:
    if text is None:
        return None
    try:
        return rules_option(text)
    except RulesError as exc:
        fail(f"--rules: {exc}")


class _Run:
    """The reports of every game in the files, in order; counts what went wrong."""

    def __init__(self, files: list[str], rules: Ruleset | None, apply_penalties: bool) -> None:
        self.files = files
        self.rules = rules
        self.apply_penalties = apply_penalties
        self.unreadable = 0
        self.unscorable = 0
        self.disputed = 0

    def reports(self) -> Iterator[SheetReport]:
        from spadesctl.bulk import bulk_gc

        with bulk_gc():  # restored when the reports are done (or abandoned)
            yield from self._reports()

    def _reports(self) -> Iterator[SheetReport]:
        from spadesctl.rules.resolve import rules_for_game
        from spadesctl.sheet.run import sheet_report

        for path in self.files:
            try:
                for game in iter_games(path, rules=self.rules):
                    chosen = rules_for_game(game, self.rules or STANDARD)
                    if chosen.problems:  # as check: not refereed under other rules
                        self.unscorable += 1
                        for problem in chosen.problems:
                            typer.echo(problem.format(), err=True)
                        continue
                    report = sheet_report(game, chosen.rules, apply_penalties=self.apply_penalties)
                    if report.disputed:
                        self.disputed += 1
                    yield report
            except RecordReadError as exc:
                self.unreadable += 1
                typer.echo(f"spadesctl: error: {exc}", err=True)

    @property
    def status(self) -> int:
        if self.unreadable:
            return EXIT_USAGE
        return EXIT_PROBLEMS if self.disputed or self.unscorable else EXIT_CLEAN


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl score samples/mistakes/forgot-bag-penalty.spades
  spadesctl score --explain --apply-penalties league.spades
  spadesctl score --format csv sheets/ > sheets.csv""",
)
def score(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH",
            help="Record files, directories (searched for *.spades, *.pbn, *.ptn), "
            "or - for standard input.",
        ),
    ],
    explain: Annotated[
        bool, typer.Option("--explain", help="Itemise each hand's points after the table.")
    ] = False,
    output_format: Annotated[
        SheetFormat,
        typer.Option(
            "--format",
            help="text: a table per game; json: every figure; csv: a row per hand and party.",
        ),
    ] = SheetFormat.text,
    rules: RulesOption = None,
    apply_penalties: Annotated[
        bool,
        typer.Option(
            "--apply-penalties",
            help="Also recompute as if every renege the play shows had been called, "
            "and show what changes.",
        ),
    ] = False,
) -> None:
    """Recompute score sheets, hand by hand, and flag disputed figures.

    Exits 0 when every recorded score, bag count and result agrees, 1 when one
    disagrees (or a game cannot be scored), 2 for usage errors and unreadable files.
    """
    from spadesctl.sheet.render import render_csv, render_text, write_json

    default = _default_rules(rules)
    files = expand_paths(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    run = _Run(files, default, apply_penalties)
    out = sys.stdout
    if output_format is SheetFormat.json:
        write_json(run.reports(), out)
    elif output_format is SheetFormat.csv:
        first = True
        for report in run.reports():
            text = render_csv([report], penalties=apply_penalties)
            out.write(text if first else text.split("\n", 1)[1])
            first = False
        if first:
            out.write(render_csv([], penalties=apply_penalties))
    else:
        first = True
        for report in run.reports():
            if not first:
                out.write("\n")
            out.write(render_text([report], explain=explain))
            out.flush()
            first = False
    out.flush()
    raise typer.Exit(run.status)
