"""``spadesctl convert``: records from one format to another (native, PBN, trick-notation)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.cli.options import (
    Colour,
    ColourOption,
    PathsArgument,
    ToOption,
    checked_rules,
    colour_for,
    output_option,
    record_files,
    ruleset,
)
from spadesctl.emit.diagnostics import format_text
from spadesctl.output import OutputError
from spadesctl.record_formats import RECORD_FORMATS


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl convert --to spades samples/pbn/renege.ptn
  spadesctl convert --to pbn league.spades -o league.pbn
  spadesctl convert --to spades exports/ -o converted/    (one file per input)""",
)
def convert(
    paths: PathsArgument,
    to: ToOption,
    output: Annotated[
        str | None,
        output_option(
            "FILE|DIR",
            "Write here instead of standard output: a file (all games), or an existing "
            "directory (one file per input, named after it).",
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            metavar="RULES",
            callback=checked_rules,
            help="Ruleset for PBN records, replacing what their options map to: "
            "'PRESET key=value ...' or a TOML file.",
        ),
    ] = None,
    colour: ColourOption = Colour.auto,
) -> None:
    """Convert records to another format (see spadesctl formats).

    Problems found while reading are printed on standard error; the games are still
    converted.  Exits 0 when clean, 1 when a record had errors, 2 for usage errors and
    unreadable files.
    """
    from spadesctl.converting import Conversion, convert_files

    files = record_files(paths)
    paint = colour_for(sys.stderr, colour)
    conversion = Conversion(
        RECORD_FORMATS.get(to),
        ruleset(rules),
        report=lambda d: typer.echo(format_text(d, paint), err=True),
        warn=lambda message: typer.echo(f"spadesctl: {message}", err=True),
    )
    try:
        summary = convert_files(files, conversion, output)
    except (ValueError, OutputError) as exc:
        fail(str(exc))
    raise typer.Exit(summary.status)
