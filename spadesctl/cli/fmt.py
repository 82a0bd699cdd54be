"""``spadesctl fmt``: print, check, diff or rewrite records in canonical form."""

from __future__ import annotations

import sys
from typing import IO, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.cli.options import Colour, ColourOption, OutputOption, colour_for
from spadesctl.cli.progress import BytesProgress
from spadesctl.emit.diagnostics import format_text
from spadesctl.formatting import Formatted, Mode, Outcome, format_file
from spadesctl.output import OutputError, open_output
from spadesctl.record_formats import NATIVE, suffix_list
from spadesctl.sources import expand_paths
from spadesctl.status import ExitStatus


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl fmt messy.spades > clean.spades
  spadesctl fmt --check records/
  spadesctl fmt --diff records/
  spadesctl fmt --write records/""",
)
def fmt(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH",
            help=f"Record files, directories (searched for {suffix_list([NATIVE])}), or - for "
            "standard input.",
        ),
    ],
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="Change nothing; name each file that is not canonical and exit 1."
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Change nothing; print what --write would change (a unified diff) and "
            "exit 1 if it would change anything.",
        ),
    ] = False,
    write: Annotated[
        bool, typer.Option("--write", help="Rewrite the files in place (atomically).")
    ] = False,
    output: OutputOption = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not name the files rewritten.")
    ] = False,
    colour: ColourOption = Colour.auto,
) -> None:
    """Print, check, diff or rewrite records in canonical form.

    Records of the native notation only (convert PBN records with spadesctl convert).
    A file with syntax errors is left as it is and its errors printed on standard error.
    Exits 0 when done (or, with --check and --diff, when every file is canonical), 1 when
    a file is not canonical or has errors, 2 for usage errors and unreadable files.
    """
    if sum((check, diff, write)) > 1:
        fail("--check, --diff and --write cannot be used together")
    if write and "-" in paths:
        fail("--write cannot rewrite standard input")
    if write and output is not None:
        fail("--write rewrites the files themselves: --output is for the printed form")
    files = expand_paths(paths, NATIVE.suffixes)  # fmt writes the native notation only
    if not files:
        if expand_paths(paths):
            fail(
                f"no {suffix_list([NATIVE])} records in {', '.join(paths)}: fmt writes the "
                "native notation (convert other records with 'spadesctl convert --to spades')"
            )
        fail("no record files found in " + ", ".join(paths))
    try:
        with open_output(output) as out:
            status = _format(files, out, check, diff, write, quiet, colour_for(sys.stderr, colour))
    except OutputError as exc:
        fail(str(exc))
    raise typer.Exit(status)


def _format(
    files: list[str], out: IO[str], check: bool, diff: bool, write: bool, quiet: bool, colour: bool
) -> ExitStatus:
    status = ExitStatus.CLEAN
    mode = Mode.CHECK if check else Mode.DIFF if diff else Mode.WRITE if write else Mode.PRINT
    # a bar by bytes on a terminal, when nothing but messages is printed
    bar = BytesProgress(files, "formatting", enabled=None if check or diff or write else False)
    try:
        for name in files:
            try:
                result = format_file(name, mode, out, bar.add if bar.enabled else None)
            except OutputError as exc:
                if mode is not Mode.WRITE:
                    raise
                bar.clear()
                typer.echo(f"spadesctl: error: {exc}", err=True)
                status = ExitStatus.USAGE
                continue
            bar.clear()  # messages and the bar may share the terminal
            status = _report(result, out, mode, quiet, colour, status)
    finally:
        bar.close()
    return status


def _report(
    result: Formatted, out: IO[str], mode: Mode, quiet: bool, colour: bool, status: ExitStatus
) -> ExitStatus:
    """Print what formatting one file gave (its text, diff or rewrite are done); the exit
    status so far."""
    name = result.name
    if result.outcome is Outcome.NOT_NATIVE:
        typer.echo(
            f"spadesctl: error: {name} is a {result.record_format.title} record; fmt "
            f"writes the native notation (use 'spadesctl convert --to spades {name}')",
            err=True,
        )
        status = ExitStatus.USAGE
    elif result.outcome is Outcome.UNREADABLE:
        typer.echo(f"spadesctl: error: {result.message}", err=True)
        status = ExitStatus.USAGE
    elif result.outcome is Outcome.HAS_ERRORS:
        for d in result.problems:
            typer.echo(format_text(d, colour), err=True)
        typer.echo(f"{name}: not formatted: fix the errors above first", err=True)
        status = max(status, ExitStatus.PROBLEMS)
    elif result.changed and mode is Mode.CHECK:
        out.write(f"would reformat {name}\n")
        status = max(status, ExitStatus.PROBLEMS)
    elif result.changed and mode is Mode.DIFF:
        status = max(status, ExitStatus.PROBLEMS)
    elif result.changed and mode is Mode.WRITE and not quiet:
        typer.echo(f"reformatted {name}", err=True)
    return status
