"""``spadesctl stats``: statistics by player, pair, seat, game, event, bid or hand strength.

The options are declared here; :func:`spadesctl.tables.query.run_stats` does the work.
polars is imported inside the command, never when the CLI itself is imported, so that
``spadesctl --help`` and ``check`` start fast.
"""

from __future__ import annotations

import enum
import shutil
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.engine_options import AddressOption, EngineChoice, EngineOption, engine_of
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, fail, is_broken_pipe
from spadesctl.cli.game_filters import NO_FILTERS, GameFilters, game_filters
from spadesctl.cli.options import JobsOption, RulesOption, TablePathsArgument, express_option
from spadesctl.cli.progress import Progress

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spadesctl.rules.ruleset import Ruleset
    from spadesctl.tables.corpus import Failure
    from spadesctl.tables.query import StatsResult


class By(enum.Enum):
    """The groupings (``spadesctl.tables.stats.GROUPINGS``; a test keeps them equal)."""

    player = "player"
    team = "team"
    pair = "pair"
    pair_bid = "pair_bid"
    seat = "seat"
    game = "game"
    event = "event"
    bid = "bid"
    spades = "spades"
    high_cards = "high_cards"
    voids = "voids"
    holding = "holding"


class StatsFormat(enum.Enum):
    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


#: ``--format`` of ``stats`` and ``fairness``.
FormatOption = Annotated[
    StatsFormat | None,
    typer.Option(
        "--format",
        help="Output format.  [default: what -o ends with (.csv, .json, .parquet), else table]",
    ),
]
#: ``-o`` of ``stats`` and ``fairness``.
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output", "-o", metavar="FILE", help="Write to this file (- for standard output)."
    ),
]


def load_default_rules(text: str | None) -> Ruleset | None:
    """The ruleset for records that declare none (``export`` shares it); exit 2 if bad."""
    from spadesctl.tables.query import QueryError, ruleset_option

    try:
        return ruleset_option(text, "--default-rules")
    except QueryError as exc:
        fail(str(exc))


def record_inputs(paths: list[str]) -> tuple[list[str], list[str]]:
    """(record files, Parquet exports) among ``paths`` (``export`` shares it); exit 2 for
    a path that does not exist."""
    from spadesctl.tables.query import QueryError, find_inputs

    try:
        found = find_inputs(paths)
    except QueryError as exc:
        fail(str(exc))
    return list(found.records), list(found.exports)


def report_failures(failures: Sequence[Failure], games: int) -> None:
    """Each failure on standard error, then a one-line summary."""
    if not failures:
        return
    for failure in failures:
        typer.echo(f"spadesctl: {failure.format()}", err=True)
    files = len({f.file for f in failures})
    bad_games = sum(1 for f in failures if f.game is not None)
    unreadable = sum(1 for f in failures if f.game is None)
    parts = []
    if bad_games:
        parts.append(f"{bad_games} {'game' if bad_games == 1 else 'games'} could not be read")
    if unreadable:
        parts.append(f"{unreadable} {'file' if unreadable == 1 else 'files'} could not be read")
    typer.echo(
        f"spadesctl: {' and '.join(parts)} ({files} {'file' if files == 1 else 'files'}); "
        f"left out of the figures, which count {games} {'game' if games == 1 else 'games'}",
        err=True,
    )


def report_filters(result: StatsResult) -> None:
    """The footnotes on standard error: no games at all, the games the filters kept,
    unknown players."""
    if result.games_read == 0:
        typer.echo(
            "spadesctl: warning: no games in these records: the files are empty or hold "
            "nothing but blank lines and comments",
            err=True,
        )
    for name in result.unmatched_players:
        typer.echo(f"spadesctl: --player {name!r} matches no player in these records", err=True)
    if result.filtered:
        kept = result.games_kept
        typer.echo(
            f"spadesctl: the filters kept {kept:,} {'game' if kept == 1 else 'games'}", err=True
        )


@app.command(
    "stats",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl stats samples/
  spadesctl stats --by pair --sort wins_over_expected --top 10 league/
  spadesctl stats --player Ann --since 2026-01-01 -o ann.csv league/
  spadesctl stats --by spades --player Ann league/    (her bids by spade length)
  spadesctl stats --ratings -o ratings.parquet league/
  spadesctl stats hands.parquet    (made by spadesctl export --table hands)""",
)
@game_filters("this player's rows")
def stats(
    paths: TablePathsArgument,
    by: Annotated[By, typer.Option("--by", help="What a row of the figures is.")] = By.player,
    ratings: Annotated[
        bool,
        typer.Option(
            "--ratings", help="The rating history (player, game, before and after) instead."
        ),
    ] = False,
    filters: GameFilters = NO_FILTERS,
    card: Annotated[
        str,
        typer.Option(
            metavar="CARD",
            help="The card --by holding asks about: whether the seat was dealt it.",
        ),
    ] = "AS",
    rules: RulesOption = None,
    default_rules: Annotated[
        str | None,
        typer.Option(metavar="RULES", hidden=True, help="Deprecated: use --rules."),
    ] = None,
    sort: Annotated[
        str | None,
        typer.Option(
            metavar="COLUMN",
            help="Sort by this column (numbers high to low, text A to Z).  "
            "[default: games, then hands]",
        ),
    ] = None,
    reverse: Annotated[bool, typer.Option("--reverse", help="Reverse the sort order.")] = False,
    top: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Show only the first N rows.")
    ] = None,
    columns: Annotated[
        str | None,
        typer.Option(
            metavar="A,B,...",
            help="Show only these columns (comma-separated), the keys always first.",
        ),
    ] = None,
    output_format: FormatOption = None,
    output: OutputOption = None,
    jobs: JobsOption = 0,
    engine: EngineOption = EngineChoice.local,
    address: AddressOption = None,
    express: Annotated[
        bool,
        express_option(
            "Take the rows of the games the express check settles straight from it",
            "figures",
            "builds every row",
        ),
    ] = True,
) -> None:
    """Statistics by player, team, seat, game or event across records.

    Also by pair, a pair's contract size (pair_bid), bid size, hand strength and
    whether a seat holds a card (--by holding --card AS).  Ratings, bidding accuracy, nils,
    sets, bags, violations, wins and points, and whether the deals look fair; the
    columns are described in docs/stats.md.  Exits 0 when every game was counted, 1 when
    some could not be read (reported on standard error), 2 for usage and I/O errors.
    """
    from spadesctl.tables import query

    rules_option = "--rules"
    if default_rules is not None:
        typer.echo("spadesctl: --default-rules is deprecated: use --rules", err=True)
        if rules is None:
            rules, rules_option = default_rules, "--default-rules"
    try:
        fmt = query.output_format(
            output_format.value if output_format is not None else None, output
        )
        request = query.StatsRequest(
            paths=tuple(paths),
            by=by.value,
            filters=query.filters(*filters.values(), card),
            rules=query.ruleset_option(rules, rules_option),
            sort=sort,
            reverse=reverse,
            top=None if top is None else min(top, sys.maxsize),
            columns=query.split_list([columns]) if columns is not None else None,
            history=ratings,
            fairness=fmt == "table" and not ratings,
            jobs=jobs,
            engine=engine_of(engine, address),
            express=express,
        )
        result = query.run_stats(
            request, lambda total: Progress(total, "reading (KiB)", enabled=None)
        )
    except query.QueryError as exc:
        fail(str(exc))
    write_result(result, fmt, output)
    report_failures(result.failures, result.games_read)
    report_filters(result)
    raise typer.Exit(EXIT_PROBLEMS if result.failures else EXIT_CLEAN)


def write_result(result: StatsResult, fmt: str, output: str | None) -> None:
    """The table in ``fmt`` to ``output`` (standard output for ``None`` or ``-``), with
    the fairness line under the aligned table."""
    from spadesctl.output import OutputError, write_text
    from spadesctl.tables import fairness, stats
    from spadesctl.tables.writers import write_frame

    try:
        if fmt == "table":
            to_terminal = output in (None, "-") and sys.stdout.isatty()
            width = shutil.get_terminal_size().columns if to_terminal else None
            text = stats.format_table(result.table, width, result.keys)
            if result.fairness is not None and result.fairness.deals:
                text += "\n" + fairness.sentence(result.fairness) + "\n"
            write_text(output, [text])
        else:
            write_frame(result.table, fmt, output or "-")
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        if is_broken_pipe(exc):
            raise
        fail(f"{output}: cannot be written ({exc.strerror or exc})")
