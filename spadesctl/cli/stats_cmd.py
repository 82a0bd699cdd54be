"""``spadesctl stats``: statistics by player, team, seat, game or event.

polars is imported inside the command (through :mod:`spadesctl.tables`), never when the
CLI itself is imported, so that ``spadesctl --help`` and ``check`` start fast.
"""

from __future__ import annotations

import enum
import shutil
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, fail, is_broken_pipe
from spadesctl.cli.options import JobsOption, RulesOption
from spadesctl.cli.progress import Progress
from spadesctl.sources import expand_paths

if TYPE_CHECKING:
    from spadesctl.rules.ruleset import Ruleset
    from spadesctl.tables.corpus import Failure


class By(enum.Enum):
    player = "player"
    team = "team"
    seat = "seat"
    game = "game"
    event = "event"


class StatsFormat(enum.Enum):
    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


def parse_date(text: str | None, option: str) -> date | None:
    """``YYYY-MM-DD`` (or ``YYYY.MM.DD``) for ``--since``/``--until``; exit 2 otherwise."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip().replace(".", "-").replace("/", "-"))
    except ValueError:
        fail(f"{option} expects a date written YYYY-MM-DD, not {text!r}")


def split_list(values: list[str] | None) -> tuple[str, ...]:
    """Repeated options and comma-separated lists, as one tuple (``--player A,B --player C``)."""
    out: list[str] = []
    for raw in values or ():
        out.extend(item.strip() for item in raw.split(",") if item.strip())
    return tuple(out)


def load_default_rules(text: str | None) -> Ruleset | None:
    """The ruleset for records that declare none (``None``: not given, standard): rules
    text or a ``.toml`` house-rules file, read as ``check --rules`` reads it; exit 2 if
    it is not valid."""
    from spadesctl.rules import RulesError
    from spadesctl.rules.resolve import rules_option

    if text is None:
        return None
    try:
        return rules_option(text)
    except RulesError as exc:
        fail(f"--default-rules: {exc}")


def record_inputs(paths: list[str]) -> tuple[list[str], list[str]]:
    """(record files, Parquet exports) among ``paths``; exit 2 for a path that does not exist."""
    records: list[str] = []
    exports: list[str] = []
    for raw in paths:
        if raw != "-" and not Path(raw).exists():
            fail(f"{raw}: no such file or directory")
        if raw.lower().endswith(".parquet") and not Path(raw).is_dir():
            exports.append(raw)
        else:
            records.extend(expand_paths([raw]))
    if not records and not exports:
        fail("no record files found in " + ", ".join(paths))
    return records, exports


def report_failures(failures: list[Failure], games: int) -> None:
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


@app.command(
    "stats",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl stats samples/
  spadesctl stats --by team --sort win_rate --top 10 league/
  spadesctl stats --player Ann --since 2026-01-01 --format csv -o ann.csv league/
  spadesctl stats hands.parquet    (made by spadesctl export --table hands)""",
)
def stats(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH",
            help="Record files, directories (searched for *.spades, *.pbn, *.ptn), - for "
            "standard input, or Parquet exports of the hands table.",
        ),
    ],
    by: Annotated[By, typer.Option("--by", help="What a row of the figures is.")] = By.player,
    player: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME", help="Only this player (repeatable, or comma-separated names)."
        ),
    ] = None,
    event: Annotated[
        list[str] | None,
        typer.Option(
            metavar="EVENT",
            help="Only games with this Event tag (repeatable, or comma-separated).",
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(metavar="DATE", help="Only games on or after DATE (YYYY-MM-DD)."),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(metavar="DATE", help="Only games on or before DATE (YYYY-MM-DD)."),
    ] = None,
    rules: Annotated[
        list[str] | None,
        typer.Option(
            metavar="PRESET",
            help="Only games played under this preset (repeatable, or comma-separated).",
        ),
    ] = None,
    default_rules: RulesOption = None,
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
    output_format: Annotated[
        StatsFormat,
        typer.Option("--format", help="Output format (parquet needs -o FILE)."),
    ] = StatsFormat.table,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file (- for standard output)."
        ),
    ] = None,
    jobs: JobsOption = 0,
) -> None:
    """Statistics by player, team, seat, game or event across records.

    Bidding accuracy, nils, sets, bags, violations, wins and points; the columns are
    described in docs/stats.md.  Exits 0 when every game was counted, 1 when some
    could not be read (reported on standard error), 2 for usage and I/O errors.
    """
    from spadesctl.rules.presets import PRESETS, preset_name

    presets = tuple(preset_name(p) for p in split_list(rules))
    for name in presets:
        if name not in PRESETS:
            fail(f"unknown preset {name!r} for --rules; presets: {', '.join(PRESETS)}")
    since_day = parse_date(since, "--since")
    until_day = parse_date(until, "--until")
    if output_format is StatsFormat.parquet and output in (None, "-"):
        fail("--format parquet writes a binary file: give it with -o FILE")
    default = load_default_rules(default_rules)
    records, exports = record_inputs(paths)

    from spadesctl.tables import stats as st
    from spadesctl.tables.corpus import CorpusOptions, choose_jobs, iter_batches, total_size
    from spadesctl.tables.exports import ExportError, add_export
    from spadesctl.tables.writers import OutputError, write_frame

    grouping: st.GroupBy = by.value
    shown = st.COLUMNS[grouping]
    if sort is not None and sort not in shown:
        fail(f"cannot sort by {sort!r}; the columns are: {', '.join(shown)}")
    chosen: list[str] | None = None
    if columns is not None:
        wanted = split_list([columns])
        unknown = [c for c in wanted if c not in shown]
        if unknown:
            fail(f"unknown column {unknown[0]!r}; the columns are: {', '.join(shown)}")
        keys = [k for k in st.KEYS[grouping] if k in shown]
        chosen = [*keys, *(c for c in wanted if c not in keys)]
    filters = st.Filters(split_list(player), split_list(event), since_day, until_day, presets)
    accumulator = st.Accumulator(grouping, filters)
    for export in exports:
        try:
            add_export(accumulator, export)
        except ExportError as exc:
            fail(str(exc))
    failures: list[Failure] = []
    games = 0
    if records:
        size = total_size(records)
        progress = Progress(max(size // 1024, 1), "reading (KiB)", enabled=None if size else False)
        options = CorpusOptions(tables=("hands",), default_rules=default)
        for batch in iter_batches(records, options, choose_jobs(jobs, records)):
            accumulator.add(batch.frames["hands"])
            failures.extend(batch.failures)
            games += batch.games
            progress.advance(batch.size // 1024)
        progress.close()
    top = None if top is None else min(top, sys.maxsize)  # more rows than there can be
    table = st.order(accumulator.result(), grouping, sort, reverse, top)
    if chosen is not None:
        table = table.select(chosen)
    try:
        if output_format is StatsFormat.table:
            width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
            text = st.format_table(table, width, st.KEYS[grouping])
            if output in (None, "-"):
                sys.stdout.write(text)
                sys.stdout.flush()
            else:
                Path(output).write_text(text, encoding="utf-8")
        else:
            write_frame(table, output_format.value, output or "-")
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        if is_broken_pipe(exc):
            raise
        fail(f"{output}: cannot be written ({exc.strerror or exc})")
    report_failures(failures, games)
    raise typer.Exit(EXIT_PROBLEMS if failures else EXIT_CLEAN)
