"""``spadesctl formats``: the record formats spadesctl reads and writes."""

from __future__ import annotations

import typer

from spadesctl.cli.app import Command, app
from spadesctl.format_list import format_lines


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl formats
  spadesctl convert --to trick-notation game.spades""",
)
def formats() -> None:
    """The record formats spadesctl reads, and those it writes.

    Each with its name (for convert --to), the file name endings that say it (others are
    told by their first bytes), whether spadesctl writes it too, and what it holds.
    """
    for line in format_lines():
        typer.echo(line)
