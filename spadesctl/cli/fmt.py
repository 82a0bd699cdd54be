"""``spadesctl fmt``: print, check or rewrite records in canonical form."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.cli.output import format_text, use_colour
from spadesctl.diagnostics import Diagnostic
from spadesctl.notation import RecordReadError, format_games, is_pbn_source, iter_games
from spadesctl.record import Game


def _issues(games: list[Game]) -> list[Diagnostic]:
    return [
        Diagnostic(
            issue.code, issue.message, g.source, issue.pos.line, issue.pos.column, game=g.index
        )
        for g in games
        for issue in g.issues
    ]


def _is_pbn_file(name: str) -> bool:
    try:
        with Path(name).open("rb") as stream:
            return is_pbn_source(stream, name)
    except OSError:
        return False  # reading it again reports the problem


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text``: a temporary file in the same folder, then a rename."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        mode = path.stat().st_mode & 0o7777
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@app.command()
def fmt(
    paths: Annotated[
        list[str], typer.Argument(help="Record files to format, or - for standard input.")
    ],
    check: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")
    ] = False,
    write: Annotated[
        bool, typer.Option("--write", help="Rewrite the files in place (atomically).")
    ] = False,
) -> None:
    """Print records in canonical form (or check or rewrite them)."""
    if check and write:
        fail("--check and --write cannot be used together")
    if write and "-" in paths:
        fail("--write cannot rewrite standard input")
    status = EXIT_CLEAN
    colour = use_colour(sys.stderr)
    for name in paths:
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
                write_atomically(Path(name), text)
                typer.echo(f"reformatted {name}", err=True)
        else:
            sys.stdout.write(text)
    raise typer.Exit(status)
