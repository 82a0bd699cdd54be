"""The typer application: global options, the command registry and the help layout."""

from __future__ import annotations

import io
import sys
from typing import TYPE_CHECKING, Annotated, Final

import typer
from typer.core import TyperCommand, TyperGroup

from spadesctl import __version__

if TYPE_CHECKING:  # click as typer bundles it; only its public methods are used
    from typer._click import Context, HelpFormatter, Parameter

#: The most worker processes ``--jobs`` asks for (each is a Python interpreter of its own).
MAX_JOBS: Final = 256

#: The commands in the order ``spadesctl --help`` lists them (the README's order).
COMMAND_ORDER: Final = (
    "check",
    "score",
    "report",
    "stats",
    "fairness",
    "export",
    "convert",
    "filter",
    "formats",
    "fmt",
    "rules",
    "explain",
    "generate",
)


class Group(TyperGroup):
    """The main command: lists its commands in :data:`COMMAND_ORDER`."""

    def list_commands(self, ctx: Context) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: rank.get(name, len(rank)))


class Command(TyperCommand):
    """A command whose help names its arguments as people write them (``PATH...``), not
    by their Python type (``paths... <list[str]>``)."""

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(_argument_name(param))
        return pieces

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((_argument_name(param), record[1]))
            else:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def _argument_name(param: Parameter) -> str:
    """``PATH...`` for a required list, ``[NAME]`` for an optional argument."""
    name = param.metavar or (param.name or "").upper()
    if param.nargs != 1:
        name += "..."
    return name if param.required else f"[{name}]"


app = typer.Typer(
    name="spadesctl",
    cls=Group,
    help="Check, score and summarise Spades game records.",
    epilog="Exit status: 0 clean, 1 problems found, 2 usage or I/O error. "
    "Run 'spadesctl COMMAND --help' for a command's options.",
    no_args_is_help=True,
    add_completion=True,
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
            "--version",
            "-V",
            help="Print the version and exit.",
            callback=_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Check, score and summarise Spades game records."""
    _write_file_names_as_they_are()


def _write_file_names_as_they_are() -> None:
    """Let standard output carry file names that are not UTF-8 (Linux allows any bytes).

    Python reads such a name with surrogate escapes, and a terminal with a UTF-8 locale
    would refuse to print them (a UnicodeEncodeError); written back as the bytes they
    stand for, they show as ``ls`` shows them.  Standard error escapes them already.
    """
    stream = sys.stdout
    if getattr(stream, "errors", None) == "strict" and isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")
