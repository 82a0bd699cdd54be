"""``spadesctl fmt``: print, check or rewrite records in canonical form."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.diagnostics import Diagnostic
from spadesctl.emit.diagnostics import format_text, use_colour
from spadesctl.notation import RecordReadError, format_games, iter_games
from spadesctl.output import OutputError, write_text
from spadesctl.record import Game
from spadesctl.record_formats import NATIVE, RecordFormat, detect, suffix_list
from spadesctl.sources import expand_paths


def _issues(games: list[Game]) -> list[Diagnostic]:
    return [
        Diagnostic(
            issue.code, issue.message, g.source, issue.pos.line, issue.pos.column, game=g.index
        )
        for g in games
        for issue in g.issues
    ]


def _format_of(name: str) -> RecordFormat:
    try:
        with Path(name).open("rb") as stream:
            return detect(stream, name)
    except OSError:
        return NATIVE  # reading it again reports the problem


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl fmt messy.spades > clean.spades
  spadesctl fmt --check records/
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
    write: Annotated[
        bool, typer.Option("--write", help="Rewrite the files in place (atomically).")
    ] = False,
) -> None:
    """Print records in canonical form (or check or rewrite them).

    Records of the native notation only (convert PBN records with spadesctl convert).
    A file with syntax errors is left as it is and its errors printed on standard error.
    Exits 0 when done (or, with --check, when every file is canonical), 1 when a file
    is not canonical or has errors, 2 for usage errors and unreadable files.
    """
    if check and write:
        fail("--check and --write cannot be used together")
    if write and "-" in paths:
        fail("--write cannot rewrite standard input")
    files = expand_paths(paths, NATIVE.suffixes)  # fmt writes the native notation only
    if not files:
        fail("no record files found in " + ", ".join(paths))
    status = EXIT_CLEAN
    colour = use_colour(sys.stderr)
    for name in files:
        record_format = NATIVE if name == "-" else _format_of(name)
        if record_format is not NATIVE:
            typer.echo(
                f"spadesctl: error: {name} is a {record_format.title} record; fmt writes the "
                f"native notation (use 'spadesctl convert --to spades {name}')",
                err=True,
            )
            status = EXIT_USAGE
            continue
        try:
            games = list(iter_games(name))
            original = None if name == "-" else Path(name).read_bytes()
        except (RecordReadError, OSError) as exc:
            typer.echo(f"spadesctl: error: {exc}", err=True)
            status = EXIT_USAGE
            continue
        problems = _issues(games)
        if problems:
            for d in problems:
                typer.echo(format_text(d, colour), err=True)
            typer.echo(f"{name}: not formatted: fix the errors above first", err=True)
            status = max(status, EXIT_PROBLEMS)
            continue
        text = "".join(format_games(games))
        if check:
            if original is None or original.decode("utf-8", "replace") != text:
                typer.echo(f"would reformat {name}")
                status = max(status, EXIT_PROBLEMS)
        elif write:
            if original is not None and original.decode("utf-8", "replace") != text:
                try:
                    write_text(name, [text])
                except OutputError as exc:
                    typer.echo(f"spadesctl: error: {exc}", err=True)
                    status = EXIT_USAGE
                    continue
                typer.echo(f"reformatted {name}", err=True)
        else:
            sys.stdout.write(text)
    raise typer.Exit(status)
