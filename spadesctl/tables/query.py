"""The library behind ``spadesctl stats`` and ``spadesctl fairness``: inputs in, tables out.

:func:`run_stats` reads records (in worker processes, batch by batch) and Parquet
exports of the ``hands`` table, and returns the statistics of a grouping, sorted and cut
as asked, with the ratings joined (``--by player`` and ``pair``) or the rating history
instead (``--ratings``), the deal-fairness result when asked, and what the command line
reports besides: the games that could not be read, the games the filters kept, and the
``--player`` names that matched no one.  Every usage problem is a :class:`QueryError`.

The common figures are summed batch by batch (:class:`~spadesctl.tables.stats.Accumulator`);
ratings and fairness need every game at once, so each batch gives them only what they
read: one row per seat per game (ratings) and the narrow deal rows (fairness).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Final, Protocol

import polars as pl

from spadesctl.engines import LOCAL, Engine
from spadesctl.errors import SpadesctlError
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sources import expand_paths
from spadesctl.tables import fairness as fair
from spadesctl.tables import ratings as rt
from spadesctl.tables import stats as st
from spadesctl.tables.chunks import GAME_ID, game_chunks, number_games
from spadesctl.tables.corpus import CorpusOptions, Failure, choose_jobs, iter_batches, total_size
from spadesctl.tables.exports import ExportError, read_exports
from spadesctl.tables.order import game_order
from spadesctl.tables.schema import HANDS
from spadesctl.tables.shards import find_shards, is_shard_directory, select_shards


class QueryError(SpadesctlError, ValueError):
    """A request that cannot be answered as given (exit status 2): an unknown column or
    preset, an input that does not exist or is not a ``hands`` export."""


class Progress(Protocol):
    """What :func:`run_stats` tells of its reading: bytes read, in KiB."""

    def advance(self, n: int = 1) -> None: ...

    def close(self) -> None: ...


#: ``total KiB -> progress``: how the caller shows progress (``None``: not at all).
ProgressFactory = Callable[[int], Progress]


@dataclass(frozen=True, slots=True)
class Inputs:
    """Record files (directories expanded) and Parquet exports of ``hands``."""

    records: tuple[str, ...]
    exports: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StatsRequest:
    """Everything ``stats`` is asked: what to read, how to group, filter, sort and cut.

    ``rules``: the ruleset of records that declare none (``None``: standard).
    ``history``: the rating history instead of the figures.  ``fairness``: test the
    deals too (the command line asks for it where it shows it).  ``express``: the rows of
    the games the express check settles straight from it (``False``: the full engine).
    """

    paths: tuple[str, ...]
    by: st.GroupBy = "player"
    filters: st.Filters = field(default_factory=st.Filters)
    rules: Ruleset | None = None
    sort: str | None = None
    reverse: bool = False
    top: int | None = None
    columns: tuple[str, ...] | None = None
    history: bool = False
    fairness: bool = False
    jobs: int = 0
    engine: Engine = LOCAL
    express: bool = True


@dataclass(frozen=True, slots=True)
class StatsResult:
    """The table to print, its key columns, and what to report beside it."""

    table: pl.DataFrame
    keys: tuple[str, ...]
    failures: tuple[Failure, ...] = ()
    games_read: int = 0
    games_kept: int = 0
    unmatched_players: tuple[str, ...] = ()
    fairness: fair.Fairness | None = None
    filtered: bool = False


def parse_date(text: str | None, option: str) -> date | None:
    """``YYYY-MM-DD`` (or ``YYYY.MM.DD``, ``YYYY/MM/DD``) for ``--since``/``--until``."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip().replace(".", "-").replace("/", "-"))
    except ValueError:
        raise QueryError(f"{option} expects a date written YYYY-MM-DD, not {text!r}") from None


def split_list(values: Sequence[str] | None) -> tuple[str, ...]:
    """Repeated options and comma-separated lists as one tuple (``--player A,B --player C``)."""
    out: list[str] = []
    for raw in values or ():
        out.extend(item.strip() for item in raw.split(",") if item.strip())
    return tuple(out)


def presets(names: Sequence[str]) -> tuple[str, ...]:
    """Preset names as the ``preset`` column spells them; :class:`QueryError` for one
    that is not a preset."""
    from spadesctl.rules.presets import PRESETS, preset_name

    found = tuple(preset_name(p) for p in names)
    for name in found:
        if name not in PRESETS:
            raise QueryError(f"unknown preset {name!r} for --preset; presets: {', '.join(PRESETS)}")
    return found


def filters(
    players: Sequence[str] | None = None,
    events: Sequence[str] | None = None,
    since: str | None = None,
    until: str | None = None,
    preset_names: Sequence[str] | None = None,
    card: str = st.HOLDING_CARD,
) -> st.Filters:
    """The filters of ``--player``, ``--event``, ``--since``, ``--until`` and ``--preset``
    as the command line gives them (repeated or comma-separated lists, dates as text),
    and the ``--card`` of ``--by holding``."""
    return st.Filters(
        split_list(players),
        split_list(events),
        parse_date(since, "--since"),
        parse_date(until, "--until"),
        presets(split_list(preset_names)),
        holding_card(card),
    )


def holding_card(text: str) -> str:
    """A card as the ``dealt`` column writes it (``AS``, ``TH``, ``BJ``; any case, ``10``
    for ``T``); :class:`QueryError` for one that is no card."""
    from spadesctl.cards import ALL_CARDS

    card = text.strip().upper().replace("10", "T")
    known = [c.text for c in ALL_CARDS]
    if card not in known:
        raise QueryError(f"--card expects a card such as AS, TH or BJ, not {text!r}")
    return card


def ruleset_option(text: str | None, option: str = "--rules") -> Ruleset | None:
    """The ruleset for records that declare none (``None``: not given, standard): rules
    text or a ``.toml`` house-rules file, as ``check --rules`` reads it."""
    from spadesctl.rules import RulesError
    from spadesctl.rules.resolve import empty_rules_message, rules_option

    if text is None:
        return None
    if not text.strip():
        raise QueryError(empty_rules_message(option))
    try:
        return rules_option(text)
    except RulesError as exc:
        raise QueryError(f"{option}: {exc}") from None


def output_format(chosen: str | None, output: str | None) -> str:
    """The format to write: ``--format`` if given, else the table format ``-o``'s suffix
    names (``spadesctl.emit.TABLE_FORMATS``: ``.csv``, ``.json``, ``.parquet``, ...),
    else ``table``, the aligned text.  :class:`QueryError` when the two disagree, or for
    a binary format on standard output."""
    from spadesctl.emit import TABLE_FORMATS, choose_format

    to_file = output not in (None, "-")
    named = TABLE_FORMATS.for_name(str(output)) if to_file else None
    if chosen == "table" or (chosen is None and named is None):
        if named is not None:
            raise QueryError(
                f"--format table contradicts the name of the output {output} ({named.name})"
            )
        return "table"
    try:
        fmt = choose_format(TABLE_FORMATS, chosen, output, "csv")
    except ValueError as exc:
        raise QueryError(str(exc)) from None
    if fmt.binary and not to_file:
        raise QueryError(f"--format {fmt.name} writes a binary file: give it with -o FILE")
    return fmt.name


def find_inputs(paths: Sequence[str]) -> Inputs:
    """(record files, Parquet exports) among ``paths``; :class:`QueryError` for a path
    that does not exist, or when no record is found."""
    records: list[str] = []
    exports: list[str] = []
    for raw in paths:
        if raw != "-" and not Path(raw).exists():
            raise QueryError(f"{raw}: no such file or directory")
        if raw.lower().endswith(".parquet") and not Path(raw).is_dir():
            exports.append(raw)
        elif is_shard_directory(raw):  # export --partition-by: one corpus, pruned by filters
            exports.extend(find_shards(raw))
        else:
            found = expand_paths([raw])
            records.extend(found)
            if not found:  # a directory of Parquet shards (export --partition-by): one corpus
                exports.extend(find_shards(raw))
    if not records and not exports:
        raise QueryError("no record files found in " + ", ".join(paths))
    return Inputs(tuple(records), tuple(exports))


def shown_columns(request: StatsRequest) -> tuple[str, ...]:
    """The columns of the table :func:`run_stats` returns, before ``columns`` cuts it."""
    if request.history:
        return tuple(rt.HISTORY)
    return st.SHOWN[request.by]


def _check(request: StatsRequest) -> tuple[str, ...] | None:
    """The columns to keep (keys first), or ``None`` for all; :class:`QueryError` for an
    unknown sort or column."""
    shown = shown_columns(request)
    if request.sort is not None and request.sort not in shown:
        raise QueryError(f"cannot sort by {request.sort!r}; the columns are: {', '.join(shown)}")
    if request.columns is None:
        return None
    unknown = [c for c in request.columns if c not in shown]
    if unknown:
        raise QueryError(f"unknown column {unknown[0]!r}; the columns are: {', '.join(shown)}")
    keys = [k for k in _keys(request) if k in shown]
    return (*keys, *(c for c in request.columns if c not in keys))


def _keys(request: StatsRequest) -> tuple[str, ...]:
    return ("order", "player") if request.history else st.KEYS[request.by]


def _rating_filters(filters: st.Filters) -> st.Filters:
    """The filters ratings are computed under: all but ``--player`` (a rating rests on
    the opponents' games too)."""
    return st.Filters((), filters.events, filters.since, filters.until, filters.presets)


class _Collector:
    """Per batch: the accumulator's sums, the ratings' game rows, the fairness rows, the
    games kept and the player names seen."""

    def __init__(self, request: StatsRequest, figures: bool = True) -> None:
        self.request = request
        self.figures = figures and not request.history
        self.accumulator = st.Accumulator(request.by, request.filters)
        self.rate = figures and (request.history or request.by in ("player", "pair"))
        self.results: list[pl.DataFrame] = []
        self.deals: list[fair.DealRows] = []
        self.kept = 0
        #: the games of the exports read (the records' are counted by their batches)
        self.exported = 0
        self.seen: set[str] = set()

    def add(self, hands: pl.LazyFrame) -> None:
        """Collect a ``hands`` table (a scan of an export, say) chunk by chunk: only the
        columns the request reads, in chunks of whole games (memory holds one)."""
        for chunk in game_chunks(hands, st.read_columns(self.request.by)):
            self.add_batch(chunk.lazy())
            self.exported += int(chunk.select(pl.struct("file", "game").n_unique()).item())

    def add_batch(self, hands: pl.LazyFrame) -> None:
        """Collect a batch of ``hands`` rows that holds its games whole (a corpus batch,
        a chunk of :func:`~spadesctl.tables.chunks.game_chunks`), each game's rows
        together: its games are numbered (:data:`~spadesctl.tables.chunks.GAME_ID`) by
        their runs of rows, so that the figures group on an integer."""
        request = self.request
        hands = number_games(hands)
        if self.figures:
            self.accumulator.add(hands)
        condition = request.filters.condition("game")
        kept = hands if condition is None else hands.filter(condition)
        self.kept += kept.select(pl.col(GAME_ID).n_unique()).collect().item()
        if request.filters.players:
            names = hands.select(pl.col("player").drop_nulls().unique()).collect()
            self.seen.update(names.get_column("player").to_list())
        # the playing order of the batch's games, read once for the ratings and the deals
        games = (
            game_order(hands, *rt.ORDER_OF_GAMES).collect()
            if self.rate or request.fairness
            else None
        )
        if self.rate:
            around = _rating_filters(request.filters).condition("game")
            rated = hands if around is None else hands.filter(around)
            self.results.append(rt.game_results(rated, games))
        if request.fairness:
            self.deals.append(fair.prepare(hands, request.filters.condition("seat"), games))

    def merge(self, other: _Collector) -> None:
        """Add what ``other`` (a worker's collector of one batch or shard) collected."""
        self.accumulator.merge(other.accumulator)
        self.results.extend(other.results)
        self.deals.extend(other.deals)
        self.kept += other.kept
        self.exported += other.exported
        self.seen.update(other.seen)


def _read(
    inputs: Inputs, request: StatsRequest, collector: _Collector, progress: ProgressFactory | None
) -> tuple[list[Failure], int]:
    if request.engine.distributed:
        from spadesctl.engines.stats import read_on_cluster

        failed, counted = read_on_cluster(inputs, request, collector)
        return failed, counted + collector.exported
    try:  # the shards pruned by key=value; each read first by one guard's child
        read_exports(
            select_shards(inputs.exports, request.filters),
            collector.add,
            st.read_columns(request.by),  # the guard's child reads only those
        )
    except ExportError as exc:
        raise QueryError(str(exc)) from None
    failures: list[Failure] = []
    games = 0
    if inputs.records:
        records = list(inputs.records)
        size = total_size(records)
        shown: AbstractContextManager[Progress | None] = nullcontext(
            progress(max(size // 1024, 1)) if progress is not None and size else None
        )
        with shown as bar:
            options = CorpusOptions(
                tables=("hands",),
                default_rules=request.rules,
                express=request.express,
                lossless=False,
            )
            for batch in iter_batches(records, options, choose_jobs(request.jobs, records)):
                collector.add_batch(batch.frames["hands"].lazy())
                failures.extend(batch.failures)
                games += batch.games
                if bar is not None:
                    bar.advance(batch.size // 1024)
            if bar is not None:
                bar.close()
    return failures, games + collector.exported


def run_stats(request: StatsRequest, progress: ProgressFactory | None = None) -> StatsResult:
    """Answer ``request``: see the module's documentation.  :class:`QueryError` for a
    usage problem (nothing is read then, or nothing returned)."""
    chosen = _check(request)
    inputs = find_inputs(request.paths)
    collector = _Collector(request)
    failures, games = _read(inputs, request, collector, progress)
    ratings = (
        rt.rate(_concat(collector.results, rt.game_results(_NO_HANDS))) if collector.rate else None
    )
    if request.history:
        assert ratings is not None
        table = ratings.history
        if request.filters.players:
            table = table.filter(pl.col("player").is_in(request.filters.players))
        table = _order_history(table, request)
    else:
        table = _join_ratings(collector.accumulator.result(), request.by, ratings)
        table = st.order(table, request.by, request.sort, request.reverse, request.top)
    if chosen is not None:
        table = table.select(chosen)
    deals = None
    if request.fairness:
        deals = fair.test_deals(fair.DealRows.concat(collector.deals))
    unmatched = tuple(p for p in request.filters.players if p not in collector.seen)
    return StatsResult(
        table=table,
        keys=_keys(request),
        failures=tuple(failures),
        games_read=games,
        games_kept=collector.kept,
        unmatched_players=unmatched,
        fairness=deals,
        filtered=request.filters.condition("game") is not None,
    )


_NO_HANDS: Final = pl.LazyFrame(schema=pl.Schema(HANDS))


def run_fairness(
    paths: Sequence[str],
    filters: st.Filters | None = None,
    rules: Ruleset | None = None,
    jobs: int = 0,
    progress: ProgressFactory | None = None,
    engine: Engine = LOCAL,
) -> StatsResult:
    """The deal-fairness tests of records and exports (``spadesctl fairness``): the
    table of tests as :attr:`StatsResult.table`, the result as its ``fairness``."""
    request = StatsRequest(
        paths=tuple(paths),
        by="seat",
        filters=filters or st.Filters(),
        rules=rules,
        history=False,
        fairness=True,
        jobs=jobs,
        engine=engine,
    )
    inputs = find_inputs(request.paths)
    collector = _Collector(request, figures=False)
    failures, games = _read(inputs, request, collector, progress)
    result = fair.test_deals(fair.DealRows.concat(collector.deals))
    return StatsResult(
        table=result.tests,
        keys=("scope", "who", "measure"),
        failures=tuple(failures),
        games_read=games,
        games_kept=collector.kept,
        unmatched_players=tuple(p for p in request.filters.players if p not in collector.seen),
        fairness=result,
        filtered=request.filters.condition("game") is not None,
    )


def _concat(frames: list[pl.DataFrame], empty: pl.DataFrame) -> pl.DataFrame:
    return pl.concat(frames, how="vertical") if frames else empty


def _join_ratings(table: pl.DataFrame, by: st.GroupBy, ratings: rt.Ratings | None) -> pl.DataFrame:
    if ratings is None:
        return table
    if by == "player":
        joined = table.join(ratings.players, on="player", how="left")
        joined = joined.with_columns(pl.col("rated_games").fill_null(0))
    elif by == "pair":
        pairs = rt.pair_expectations(ratings.history)
        joined = table.join(pairs, on="team", how="left").with_columns(
            pl.col("rated_games").fill_null(0)
        )
    else:
        return table
    return joined.select(st.SHOWN[by])


def _order_history(table: pl.DataFrame, request: StatsRequest) -> pl.DataFrame:
    if request.sort is None:
        ordered = table.sort("order", "player", descending=request.reverse)
    else:
        numeric = table.schema[request.sort].is_numeric()
        ordered = table.sort(
            [request.sort, "order", "player"],
            descending=[numeric != request.reverse, False, False],
            nulls_last=True,
        )
    return ordered.head(request.top) if request.top is not None else ordered
