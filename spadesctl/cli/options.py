"""Options shared by several commands, defined once so that they read the same everywhere."""

from __future__ import annotations

import enum
from typing import IO, TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from spadesctl.cli.app import MAX_JOBS
from spadesctl.cli.choices import RegistryChoice
from spadesctl.cli.errors import fail
from spadesctl.emit.diagnostics import use_colour
from spadesctl.record_formats import suffix_list, writable_formats
from spadesctl.sources import expand_paths
from spadesctl.status import ExitStatus

if TYPE_CHECKING:
    from spadesctl.config import Config
    from spadesctl.registry import Registry
    from spadesctl.rules.ruleset import Ruleset

#: The help of a command's PATH arguments (the suffixes are the record formats').
PATHS_HELP = f"Record files, directories (searched for {suffix_list()}), or - for standard input."

#: A command's record files (``PATH...``).
PathsArgument = Annotated[list[str], typer.Argument(metavar="PATH", help=PATHS_HELP)]
#: The PATH arguments of the commands that read Parquet exports too (stats, fairness).
TablePathsArgument = Annotated[
    list[str],
    typer.Argument(
        metavar="PATH",
        help=f"Record files, directories (searched for {suffix_list()}), - for standard "
        "input, Parquet exports of the hands table, or directories of their shards "
        "(export --partition-by).",
    ),
]


def format_option(formats: Registry[Any]) -> Any:
    """``--format``, its choices and help read from a registry of output formats when
    the command line is parsed (``Annotated[str, format_option(SHEET_FORMATS)]``)."""
    return typer.Option(
        "--format", click_type=RegistryChoice(formats.names), help=formats.help() + "."
    )


#: ``--to``: the record format to write (``convert``, ``filter``).
ToOption = Annotated[
    str,
    typer.Option(
        "--to", click_type=RegistryChoice(writable_formats), help="The notation to write."
    ),
]

# The game filters of ``filter``, ``stats`` and ``fairness`` (spadesctl.filtering and
# spadesctl.tables.query read them alike: repeatable, or comma-separated lists).


def selector_option(what: str, examples: str = "") -> Any:
    """``--select``/``--ignore NAMES``: ``what`` is done with the diagnostics named
    (``Report only``, ``Do not report``)."""
    return typer.Option(
        metavar="NAMES",
        help=f"{what} these diagnostics (names, codes or code prefixes{examples}, "
        "comma-separated).",
    )


def player_option(what: str) -> Any:
    """``--player NAME``: ``what`` it keeps of each command (``this player's hands``)."""
    return typer.Option(metavar="NAME", help=f"Only {what} (repeatable, or comma-separated).")


EventOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="EVENT", help="Only games with this Event tag (repeatable, or comma-separated)."
    ),
]
SinceOption = Annotated[
    str | None, typer.Option(metavar="DATE", help="Only games on or after DATE (YYYY-MM-DD).")
]
UntilOption = Annotated[
    str | None, typer.Option(metavar="DATE", help="Only games on or before DATE (YYYY-MM-DD).")
]
PresetOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="PRESET",
        help="Only games played under this preset (repeatable, or comma-separated).",
    ),
]

JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=0,
        max=MAX_JOBS,
        metavar="N",
        help="Worker processes; 0 picks one per core for large inputs.",
    ),
]


def checked_rules(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> str | None:
    """A ``--rules`` value, checked as it is parsed: an invalid ruleset, an unreadable
    house-rules file or an empty text is a usage error naming the option (exit 2)."""
    if value is None:
        return None
    option = param.opts[0] if param.opts else "--rules"
    if not value.strip():
        from spadesctl.rules.resolve import empty_rules_message

        fail(empty_rules_message(option))
    from spadesctl.rules import RulesError
    from spadesctl.rules.resolve import rules_option

    try:
        rules_option(value)
    except RulesError as exc:
        fail(f"{option}: {exc}")
    return value


def ruleset(value: str | None) -> Ruleset | None:
    """The ruleset of a checked ``--rules`` value (``None``: not given)."""
    if value is None:
        return None
    from spadesctl.rules.resolve import rules_option

    return rules_option(value)


#: ``--rules`` (``--default-rules`` for stats and export): the name comes from the parameter.
RulesOption = Annotated[
    str | None,
    typer.Option(
        metavar="RULES",
        callback=checked_rules,
        help="Ruleset for records that declare none: 'PRESET key=value ...' or a TOML "
        "file (see spadesctl rules).  [default: standard]",
    ),
]


class Colour(enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"


ColourOption = Annotated[
    Colour,
    typer.Option(
        "--color",
        help="Colour the diagnostics: auto (on a terminal, unless NO_COLOR is set), "
        "always or never.",
    ),
]


def colour_for(stream: IO[str], choice: Colour) -> bool:
    """Whether to colour what goes to ``stream``: ``--color``, else a terminal without
    ``NO_COLOR``."""
    if choice is Colour.auto:
        return use_colour(stream)
    return choice is Colour.always


QuietOption = Annotated[
    bool,
    typer.Option("--quiet", "-q", help="Print the diagnostics only: no summary line, no progress."),
]

ExitZeroOption = Annotated[
    bool,
    typer.Option(
        "--exit-zero",
        help="Exit 0 even when problems are found (2 still means a usage or I/O error).",
    ),
]


def exit_with(status: ExitStatus, exit_zero: bool = False) -> NoReturn:
    """End the command with ``status``: 0 instead of 1 (problems) with ``--exit-zero``."""
    raise typer.Exit(ExitStatus.CLEAN if exit_zero and status is ExitStatus.PROBLEMS else status)


def record_files(paths: list[str]) -> list[str]:
    """The record files the PATH arguments name (:func:`~spadesctl.sources.expand_paths`);
    none at all is a usage error."""
    files = expand_paths(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    return files


def express_option(how: str, same: str, otherwise: str) -> Any:
    """``--express/--no-express`` (on by default) in a command's own words: ``how`` it
    uses the express check, ``same`` what stays the same, and what ``--no-express`` does
    ``otherwise`` with the full engine."""
    return typer.Option(
        "--express/--no-express",
        help=f"{how} (the same {same}, several times faster); --no-express {otherwise} "
        "with the full engine.",
    )


def output_option(metavar: str, help: str) -> Any:
    """``-o``/``--output`` in a command's own words (a file, or a folder too)."""
    return typer.Option("--output", "-o", metavar=metavar, help=help)


OutputOption = Annotated[
    str | None,
    output_option(
        "FILE",
        "Write to this file instead of standard output (replaced only when the command succeeds).",
    ),
]


ConfigOption = Annotated[
    str | None,
    typer.Option(
        "--config",
        metavar="PATH",
        help="Read the settings from this file (spadesctl.toml or pyproject.toml) instead "
        "of the one found from the current directory up.",
    ),
]

IsolatedOption = Annotated[
    bool, typer.Option("--isolated", help="Ignore every configuration file.")
]


def settings(config: str | None, isolated: bool) -> Config:
    """The configuration the command runs with (see :mod:`spadesctl.config`); a file
    that is wrong is a usage error naming it."""
    from spadesctl.config import ConfigError, resolve_config

    if config is not None and isolated:
        fail("--config and --isolated cannot be used together")
    try:
        found = resolve_config(config, isolated)
    except ConfigError as exc:
        fail(str(exc))
    if found.rules is not None:
        from spadesctl.rules import RulesError
        from spadesctl.rules.resolve import rules_option

        try:
            rules_option(found.rules)
        except RulesError as exc:
            fail(f"{found.path}: rules: {exc}")
    return found
