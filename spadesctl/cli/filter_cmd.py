"""``spadesctl filter``: the games that match, written whole or split into files."""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.choices import RegistryChoice
from spadesctl.cli.errors import fail
from spadesctl.cli.game_filters import NO_FILTERS, GameFilters, game_filters
from spadesctl.cli.options import (
    PathsArgument,
    RulesOption,
    ToOption,
    output_option,
    record_files,
    ruleset,
)
from spadesctl.output import OutputError, open_output, write_text
from spadesctl.record_formats import RECORD_FORMATS
from spadesctl.status import ExitStatus

if TYPE_CHECKING:
    from spadesctl.filtering import SplitBy
    from spadesctl.record import Game


def _day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    from spadesctl.dates import game_date

    day = game_date(text)
    if day is None:
        fail(f"{option} expects a date written YYYY-MM-DD, not {text!r}")
    return day


def _split_choices() -> tuple[str, ...]:
    from spadesctl.filtering import SPLIT_BY

    return SPLIT_BY


def _names(values: list[str] | None) -> tuple[str, ...]:
    return tuple(item.strip() for raw in values or () for item in raw.split(",") if item.strip())


@app.command(
    "filter",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl filter league/ --player Ann --since 2026-01-01 -o ann.spades
  spadesctl filter league/ --with renege --to pbn
  spadesctl filter league/ --split-by event -o by-event/
  spadesctl filter big.spades --split 100 -o parts/""",
)
@game_filters("games with this player in a seat")
def filter_command(
    paths: PathsArgument,
    filters: GameFilters = NO_FILTERS,
    having: Annotated[
        list[str] | None,
        typer.Option(
            "--with",
            metavar="CODES",
            help="Games with one of these diagnostics (names, codes or prefixes such as SP3).",
        ),
    ] = None,
    rules: RulesOption = None,
    to: ToOption = "spades",
    output: Annotated[
        str | None,
        output_option(
            "FILE|DIR",
            "Write here instead of standard output (a folder with --split/--split-by).",
        ),
    ] = None,
    split: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Write N games a file, into -o DIR.")
    ] = None,
    split_by: Annotated[
        str | None,
        typer.Option(
            "--split-by",
            click_type=RegistryChoice(_split_choices),
            help="One file per event, date or player (a game goes to each of its "
            "players'), into -o DIR.",
        ),
    ] = None,
) -> None:
    """Write the games that match, whole or split into files.

    A game is kept when it matches every condition given.  Exits 0 when done, 1 when
    no game matched, 2 for usage errors and unreadable files.
    """
    from spadesctl.filtering import GameFilter, matching_games, split_key
    from spadesctl.rules.presets import PRESETS, preset_name
    from spadesctl.selection import Selection, SelectorError

    presets = tuple(preset_name(p) for p in _names(filters.preset))
    for name in presets:
        if name not in PRESETS:
            fail(f"unknown preset {name!r} for --preset; presets: {', '.join(PRESETS)}")
    try:
        having_selection = Selection.of(having) if having else None
    except SelectorError as exc:
        fail(f"--with: {exc}")
    if split is not None and split_by is not None:
        fail("--split and --split-by cannot be used together")
    splitting = split is not None or split_by is not None
    if splitting and (output is None or output == "-"):
        fail("--split and --split-by write files: give a folder with -o DIR")
    files = record_files(paths)
    chosen = GameFilter(
        _names(filters.player),
        _names(filters.event),
        _day(filters.since, "--since"),
        _day(filters.until, "--until"),
        presets,
        having_selection,
        ruleset(rules),
    )
    target = RECORD_FORMATS.get(to)
    write = target.load().write
    assert write is not None  # --to offers writable formats only
    unreadable = 0

    def warn(message: str) -> None:
        nonlocal unreadable
        unreadable += 1
        typer.echo(f"spadesctl: {message}", err=True)

    kept = 0

    def counted(games: Iterator[Game]) -> Iterator[Game]:
        nonlocal kept
        for game in games:
            kept += 1
            yield game

    games = counted(matching_games(files, chosen, warn=warn))
    try:
        if not splitting:
            with contextlib.suppress(_Unreadable), open_output(output) as out:
                for chunk in write(games):
                    out.write(chunk)
                if unreadable and output not in (None, "-"):
                    raise _Unreadable  # a file written only from every input
        else:
            folder = Path(str(output))
            groups: dict[str, list[Game]] = defaultdict(list)
            for index, game in enumerate(games):
                if split is not None:
                    keys = [f"{index // split + 1}"]
                else:
                    keys = split_key(game, cast("SplitBy", split_by))
                for key in keys:
                    groups[key].append(game)
            if unreadable:
                raise typer.Exit(ExitStatus.USAGE)
            folder.mkdir(parents=True, exist_ok=True)
            for key, members in groups.items():
                write_text(folder / f"{key}{target.suffixes[0]}", write(members))
    except OutputError as exc:
        fail(str(exc))
    if unreadable:
        raise typer.Exit(ExitStatus.USAGE)
    raise typer.Exit(ExitStatus.CLEAN if kept else ExitStatus.PROBLEMS)


class _Unreadable(Exception):
    """An input could not be read: the output file is not written."""
