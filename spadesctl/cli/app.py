"""The typer application: global options and the command registry."""

from __future__ import annotations

from typing import Annotated

import typer

from spadesctl import __version__

app = typer.Typer(
    name="spadesctl",
    help="Check, score and summarise Spades game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"spadesctl {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Check, score and summarise Spades game records."""
