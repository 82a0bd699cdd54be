"""``spadesctl fmt``: print, check or rewrite records in canonical form."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.cli.files import write_atomically
from spadesctl.cli.output import format_text, use_colour
from spadesctl.diagnostics import Diagnostic
from spadesctl.notation import RecordReadError, format_games, is_pbn_source, iter_games
from spadesctl.record import Game


def _issues(games: list[Game]) -> list[Diagnostic]:
    return [Diagnostic.from_issue(issue, g.source, g.index) for g in games for issue in g.issues]


def _is_pbn_file(name: str) -> bool:
    try:
        with Path(name).open("rb") as stream:
            return is_pbn_source(stream, name)
    except OSError:
        return False  # reading it again reports the problem


def _native_files(paths: list[str]) -> list[str]:
    """The files to format: paths as given, directories searched for ``*.spades`` (PBN
    records are left alone there: fmt writes the native notation only)."""
    out: list[str] = []
    for raw in paths:
        path = Path(raw)
        if raw != "-" and path.is_dir():
            out.extend(str(p) for p in sorted(path.rglob("*.spades")) if p.is_file())
        else:
            out.append(raw)
    return out


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
            help="Record files, directories (searched for *.spades), or - for standard input.",
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
    files = _native_files(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    status = EXIT_CLEAN
    colour = use_colour(sys.stderr)
    for name in files:
        if name != "-" and _is_pbn_file(name):
            typer.echo(
                f"spadesctl: error: {name} is a PBN record; fmt writes the native notation "
                f"(use 'spadesctl convert --to spades {name}')",
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
                    write_atomically(Path(name), [text])
                except OSError as exc:
                    typer.echo(
                        f"spadesctl: error: {name}: cannot be written ({exc.strerror or exc})",
                        err=True,
                    )
                    status = EXIT_USAGE
                    continue
                typer.echo(f"reformatted {name}", err=True)
        else:
            sys.stdout.write(text)
    raise typer.Exit(status)
