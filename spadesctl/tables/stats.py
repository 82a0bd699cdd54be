"""Statistics over the ``hands`` table, by player, team, seat, game or event.

Everything is computed from the ``hands`` table alone, so that a Parquet export of it
gives exactly the figures the records give.  The work is done in three steps, each a
polars query:

1. :func:`units`: the rows counted.  For ``--by team`` one row per side per hand (the
   two partners' rows folded together), otherwise one row per seat per hand.
2. :func:`partial`: per group, sums and counts only (never a mean).  Batches of records
   are summarised one at a time and their partial sums added up (:func:`combine`), so
   memory holds one batch and the groups, never the corpus.  A game never spans two
   batches, so counting distinct games per batch and adding the counts is exact.
3. :func:`finish`: the rates and means, each a quotient of two sums (null when the
   divisor is 0), in the documented column order.

docs/stats.md defines every column.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Final, Literal, get_args

import polars as pl

from spadesctl.tables.chunks import GAME_ID
from spadesctl.tables.schema import HANDS, table_of_columns

#: What the statistics are grouped by.
GroupBy = Literal[
    "player",
    "team",
    "pair",
    "pair_bid",
    "seat",
    "game",
    "event",
    "bid",
    "spades",
    "high_cards",
    "voids",
    "holding",
]
GROUPINGS: Final[tuple[GroupBy, ...]] = get_args(GroupBy)
#: Groupings whose unit is a side in a hand (its two rows folded together).
SIDE_GROUPINGS: Final = frozenset({"team", "pair", "pair_bid"})
#: Groupings by what a seat bid or was dealt: the rows are the seat's own.
HAND_GROUPINGS: Final = frozenset({"bid", "spades", "high_cards", "voids", "holding"})
#: The card ``--by holding`` asks about unless told another.
HOLDING_CARD: Final = "AS"

#: The key columns of each grouping.
KEYS: Final[Mapping[GroupBy, tuple[str, ...]]] = MappingProxyType(
    {
        "player": ("player",),
        "team": ("team",),
        "pair": ("team",),
        "pair_bid": ("team", "contract"),
        "seat": ("seat",),
        "game": ("file", "game", "event", "date"),
        "event": ("event",),
        "bid": ("bid_kind", "bid"),
        "spades": ("spades",),
        "high_cards": ("high_cards",),
        "voids": ("voids",),
        "holding": ("card", "seat", "holds"),
    }
)

_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
#: Key columns computed from the ``hands`` columns (the others are columns of it).
_DERIVED_KEYS: Final[Mapping[str, pl.Expr]] = MappingProxyType(
    {
        "bid_kind": pl.when(pl.col("blind_nil"))
        .then(pl.lit("blind nil"))
        .when(pl.col("nil"))
        .then(pl.lit("nil"))
        .when(pl.col("bid").is_null())
        .then(pl.lit(None, pl.String))
        .when(pl.col("blind"))
        .then(pl.lit("blind"))
        .otherwise(pl.lit("tricks")),
        "voids": pl.sum_horizontal(*((pl.col(s) == 0).cast(pl.Int8) for s in _SUITS)).cast(pl.Int8),
    }
)

#: Sums and counts kept per group between batches (all Int64).
COUNTERS: Final = (
    "games",
    "wins",
    "losses",
    "hands",
    "bid_sum",
    "bid_n",
    "tricks_sum",
    "tricks_n",
    "exact_n",
    "exact_of",
    "over_n",
    "under_n",
    "error_sum",
    "error_sq",
    "made_n",
    "made_of",
    "bags_sum",
    "bags_n",
    "points_sum",
    "points_n",
    "nil_attempts",
    "nil_made",
    "blind_nil_attempts",
    "blind_nil_made",
    "reneges",
    "violations",
    "raises",
    "raises_made",
    "passes",
    "spades_passed",
    "renege_lost",
    "renege_received",
    "renege_counted",
)

#: The figures every grouping shows, after its keys (and the game record, where shown).
FIGURES: Final = (
    "hands",
    "bid_mean",
    "tricks_mean",
    "exact_rate",
    "over_rate",
    "under_rate",
    "bid_error_mean",
    "bid_error_sd",
    "made_rate",
    "sets",
    "bags_per_hand",
    "nil_attempts",
    "nil_made",
    "nil_rate",
    "blind_nil_attempts",
    "blind_nil_made",
    "blind_nil_rate",
    "reneges",
    "violations",
    "violations_per_100",
    "points_per_hand",
    "raises",
    "raise_made_rate",
    "passes",
    "spades_passed_per_pass",
    "renege_tricks_lost",
    "renege_tricks_received",
    "renege_tricks_counted",
)
RECORD: Final = ("games", "wins", "losses", "win_rate")
#: What ``--by player`` shows of the ratings (:mod:`spadesctl.tables.ratings`).
PLAYER_RATING: Final = ("rating", "rating_sigma", "rating_ordinal", "rated_games")
#: What ``--by pair`` shows of its members' ratings.
PAIR_RATING: Final = ("rated_games", "expected_wins", "wins_over_expected")

#: The columns :func:`finish` makes for each grouping, in order.
COLUMNS: Final[Mapping[GroupBy, tuple[str, ...]]] = MappingProxyType(
    {
        "player": ("player", *RECORD, *FIGURES),
        "team": ("team", *RECORD, *FIGURES),
        "pair": ("team", *RECORD, *FIGURES),
        "seat": ("seat", *RECORD, *FIGURES),
        "game": ("file", "game", "event", "date", "winner", *FIGURES),
        "event": ("event", "games", *FIGURES),
        "bid": ("bid_kind", "bid", "games", *FIGURES),
        "spades": ("spades", "games", *FIGURES),
        "high_cards": ("high_cards", "games", *FIGURES),
        "voids": ("voids", "games", *FIGURES),
        "pair_bid": ("team", "contract", "games", *FIGURES),
        "holding": ("card", "seat", "holds", "games", *FIGURES),
    }
)
#: The columns ``stats`` shows: those of :data:`COLUMNS`, with the ratings joined after
#: the record for ``player`` and ``pair``.
SHOWN: Final[Mapping[GroupBy, tuple[str, ...]]] = MappingProxyType(
    {
        **COLUMNS,
        "player": ("player", *RECORD, *PLAYER_RATING, *FIGURES),
        "pair": ("team", *RECORD, *PAIR_RATING, *FIGURES),
    }
)


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands count.  Empty tuples and ``None`` filter nothing.

    ``players``: with ``--by player`` or ``seat`` the rows of these players; with
    ``team`` the sides they sat on; with ``game`` or ``event`` the games they played.
    ``events``: games whose Event tag is one of these.  ``since``/``until``: games
    dated in that range, inclusive (undated games are left out when either is given).
    ``presets``: games played under one of these ruleset presets.
    """

    players: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None
    presets: tuple[str, ...] = ()
    #: the card ``--by holding`` asks about (not a filter: the rows of both answers count)
    card: str = HOLDING_CARD

    def condition(self, by: GroupBy) -> pl.Expr | None:
        """The filter as one boolean expression over ``hands`` rows, or ``None``."""
        parts: list[pl.Expr] = []
        if self.players:
            parts.append(_player_condition(self.players, by))
        if self.events:
            parts.append(pl.col("event").is_in(self.events))
        if self.since is not None:
            parts.append(pl.col("date") >= self.since)
        if self.until is not None:
            parts.append(pl.col("date") <= self.until)
        if self.presets:
            parts.append(pl.col("preset").is_in(self.presets))
        if not parts:
            return None
        condition = parts[0]
        for part in parts[1:]:
            condition = condition & part
        return condition.fill_null(False)


def _player_condition(players: tuple[str, ...], by: GroupBy) -> pl.Expr:
    if by in ("player", "seat") or by in HAND_GROUPINGS:
        return pl.col("player").is_in(players)
    if by in SIDE_GROUPINGS:
        ns = pl.col("north").is_in(players) | pl.col("south").is_in(players)
        ew = pl.col("east").is_in(players) | pl.col("west").is_in(players)
        return pl.when(pl.col("side") == "NS").then(ns).otherwise(ew)
    seats = ("north", "east", "south", "west")
    return pl.any_horizontal(*(pl.col(s).is_in(players) for s in seats))


def _count(condition: pl.Expr) -> pl.Expr:
    return condition.fill_null(False).cast(pl.Int64)


def _seat_counts() -> dict[str, pl.Expr]:
    """What each seat's row adds to its unit: its nils and blind nils (tried, made),
    reneges and violations."""
    return {
        "nil": _count(pl.col("nil")),
        "nil_made": _count(pl.col("nil") & pl.col("nil_made")),
        "blind_nil": _count(pl.col("blind_nil")),
        "blind_nil_made": _count(pl.col("blind_nil") & pl.col("nil_made")),
        "reneges": pl.col("reneges").cast(pl.Int64),
        "violations": pl.col("violations").cast(pl.Int64),
        "passes": _count(pl.col("passed_cards").is_not_null()),
        "spades_passed": pl.col("passed_spades").fill_null(0).cast(pl.Int64),
    }


def _party_figures(once: Callable[[pl.Expr], pl.Expr]) -> dict[str, pl.Expr]:
    """The party's raise and renege-transfer figures (the same on each of its rows),
    read through ``once``."""
    return {
        "raised": once(pl.col("raised")),
        "raise_made": once(pl.col("raised") & pl.col("made")),
        "renege_lost": once(pl.col("renege_lost")).cast(pl.Int64),
        "renege_received": once(pl.col("renege_received")).cast(pl.Int64),
        "renege_counted": once(pl.col("renege_counted")).cast(pl.Int64),
    }


def units(hands: pl.LazyFrame, by: GroupBy, filters: Filters = Filters()) -> pl.LazyFrame:
    """The rows counted: one per seat per hand; for ``team`` and ``pair`` the two rows
    of a side in a hand make one unit (their ``unit`` column is 1 on the first seat's
    row, 0 on the partner's, whose side figures are null).

    Columns: the grouping's keys, ``file``, ``game``, ``party`` and the measures
    ``won``, ``bid``, ``tricks``, ``exact``, ``made``, ``bags``, ``points`` and the
    per-unit counts ``nil``, ``nil_made``, ``blind_nil``, ``blind_nil_made``,
    ``reneges``, ``violations``.
    """
    condition = filters.condition(by)
    if condition is not None:
        hands = hands.filter(condition)
    if by == "player":
        hands = hands.filter(pl.col("player").is_not_null())
    if by in HAND_GROUPINGS:
        derived = {k: e for k, e in _DERIVED_KEYS.items() if k in KEYS[by]}
        if by == "holding":
            derived.update(card=pl.lit(filters.card), holds=holds(filters.card))
        hands = hands.with_columns(**derived).filter(
            pl.all_horizontal(pl.col(k).is_not_null() for k in KEYS[by])
        )
    contract_bid = pl.col("bid").is_not_null() & ~pl.col("nil") & ~pl.col("blind_nil")
    error = pl.when(contract_bid).then(pl.col("tricks") - pl.col("bid")).cast(pl.Int64)
    game_id = [GAME_ID] if GAME_ID in hands.collect_schema() else []
    seat_units = hands.select(
        *(pl.col(k) for k in KEYS[by] if k not in ("file", "game", "bid")),
        "file",
        "game",
        *game_id,
        "party",
        "won",
        *(["bid"] if "bid" in KEYS[by] else []),
        bid_=pl.when(contract_bid).then(pl.col("bid")).cast(pl.Int64),
        tricks=pl.col("tricks").cast(pl.Int64),
        error=error,
        made="made",
        bags=pl.col("bags").cast(pl.Int64),
        points=pl.col("points").cast(pl.Int64),
        **_seat_counts(),
        **_party_figures(lambda e: e),
    )
    if by not in SIDE_GROUPINGS:
        return seat_units
    # A side's unit is its two rows in a hand: the side's own figures (the same on both
    # rows) are read from the row of its first seat (N or E) alone, its members' counts
    # from both rows, so that no group-by folds the rows together.
    sides = hands.filter(pl.col("team").is_not_null() & pl.col("side").is_not_null())
    if by == "pair_bid":  # by the side's contract: the hands in which it has one
        sides = sides.filter(pl.col("contract").is_not_null())
    lead = pl.col("seat").is_in(["N", "E"])

    def once(expr: pl.Expr) -> pl.Expr:
        return pl.when(lead).then(expr)

    return sides.select(
        "team",
        *(["contract"] if "contract" in KEYS[by] else []),
        "file",
        "game",
        *game_id,
        "party",
        "won",
        unit=lead.cast(pl.Int64),
        bid_=once(pl.col("contract")).cast(pl.Int64),
        tricks=once(pl.col("party_tricks")).cast(pl.Int64),
        error=once(pl.col("party_tricks") - pl.col("contract")).cast(pl.Int64),
        made=once(pl.col("made")),
        bags=once(pl.col("bags")).cast(pl.Int64),
        points=once(pl.col("points")).cast(pl.Int64),
        **_seat_counts(),
        **_party_figures(once),
    )


#: Counters summed from the :func:`units` column of the same name.
_PASS_AND_RENEGE: Final = (
    "passes",
    "spades_passed",
    "renege_lost",
    "renege_received",
    "renege_counted",
)


def holds(card: str) -> pl.Expr:
    """Whether the seat was dealt ``card`` (a card as the notation writes it, ``AS``),
    read from ``dealt``; null when the deal is not known."""
    return pl.col("dealt").str.contains(f"(?:^| ){re.escape(card)}(?: |$)")


def partial(counted: pl.LazyFrame, by: GroupBy) -> pl.LazyFrame:
    """Per group: the :data:`COUNTERS` (and the winner, by game), from :func:`units` rows.

    The sums are taken per group in one step; the games, wins and losses in two, per
    group and game first (on :data:`GAME_ID` when the rows carry it, else on ``file``
    and ``game``), then per group, so that they are counts of rows rather than of
    distinct games.  A game counts as a win of the group when one of its units'
    parties won it (one party per player, seat or team in a game), as a loss when one
    lost it.
    """
    i64 = pl.Int64
    sums = [
        # a seat's row is a unit; a side's two rows are one (``unit``, see :func:`units`)
        (pl.col("unit").sum() if by in SIDE_GROUPINGS else pl.len()).cast(i64).alias("hands"),
        pl.col("bid_").sum().cast(i64).alias("bid_sum"),
        pl.col("bid_").count().cast(i64).alias("bid_n"),
        pl.col("tricks").sum().cast(i64).alias("tricks_sum"),
        pl.col("tricks").count().cast(i64).alias("tricks_n"),
        (pl.col("error") == 0).sum().cast(i64).alias("exact_n"),
        pl.col("error").count().cast(i64).alias("exact_of"),
        (pl.col("error") > 0).sum().cast(i64).alias("over_n"),
        (pl.col("error") < 0).sum().cast(i64).alias("under_n"),
        pl.col("error").sum().cast(i64).alias("error_sum"),
        (pl.col("error") * pl.col("error")).sum().cast(i64).alias("error_sq"),
        pl.col("made").sum().cast(i64).alias("made_n"),
        pl.col("made").count().cast(i64).alias("made_of"),
        pl.col("bags").sum().cast(i64).alias("bags_sum"),
        pl.col("bags").count().cast(i64).alias("bags_n"),
        pl.col("points").sum().cast(i64).alias("points_sum"),
        pl.col("points").count().cast(i64).alias("points_n"),
        pl.col("nil").sum().cast(i64).alias("nil_attempts"),
        pl.col("nil_made").sum().cast(i64).alias("nil_made"),
        pl.col("blind_nil").sum().cast(i64).alias("blind_nil_attempts"),
        pl.col("blind_nil_made").sum().cast(i64).alias("blind_nil_made"),
        pl.col("reneges").sum().cast(i64).alias("reneges"),
        pl.col("violations").sum().cast(i64).alias("violations"),
        pl.col("raised").sum().cast(i64).alias("raises"),
        pl.col("raise_made").sum().cast(i64).alias("raises_made"),
        *(pl.col(c).sum().cast(i64) for c in _PASS_AND_RENEGE),
    ]
    per_game = [
        pl.col("won").fill_null(False).any().alias("_won"),
        (~pl.col("won")).fill_null(False).any().alias("_lost"),
    ]
    if by == "game":
        winner = pl.col("party").filter(pl.col("won").fill_null(False)).first()
        per_game.append(winner.cast(pl.String).alias("winner"))
    keys = KEYS[by]
    game = (GAME_ID,) if GAME_ID in counted.collect_schema() else ("file", "game")
    games = (
        counted.group_by(*keys, *(k for k in game if k not in keys))
        .agg(per_game)
        .group_by(*keys)
        .agg(
            pl.len().cast(i64).alias("games"),
            pl.col("_won").sum().cast(i64).alias("wins"),
            pl.col("_lost").sum().cast(i64).alias("losses"),
            *([pl.col("winner").first()] if by == "game" else []),
        )
    )
    return (
        counted.group_by(*keys)
        .agg(sums)
        .join(games, on=keys, how="inner", nulls_equal=True)
        .select(*keys, *COUNTERS, *(["winner"] if by == "game" else []))
    )


def combine(partials: Sequence[pl.DataFrame], by: GroupBy) -> pl.DataFrame:
    """Partial sums of several batches added up into one partial frame."""
    frames = [p for p in partials if p.height] or list(partials[:1])
    if not frames:
        return pl.DataFrame()
    if len(frames) == 1:
        return frames[0]
    sums = [pl.col(c).sum() for c in COUNTERS]
    if by == "game":
        sums.append(pl.col("winner").drop_nulls().first())
    return pl.concat(frames, how="vertical").group_by(*KEYS[by]).agg(sums)


def _ratio(numerator: str, denominator: str, scale: float = 1.0) -> pl.Expr:
    num, den = pl.col(numerator), pl.col(denominator)
    return pl.when(den > 0).then(num * scale / den).otherwise(None).cast(pl.Float64)


def _spread(total: str, squares: str, count: str) -> pl.Expr:
    """The sample standard deviation from a sum, a sum of squares and a count (null
    under two values)."""
    n, s, q = pl.col(count).cast(pl.Float64), pl.col(total), pl.col(squares)
    variance = (q - s * s / n) / (n - 1)
    return pl.when(n > 1).then(variance.clip(lower_bound=0.0).sqrt()).cast(pl.Float64)


def finish(combined: pl.DataFrame | pl.LazyFrame, by: GroupBy) -> pl.DataFrame:
    """The statistics of each group from its partial sums, columns as :data:`COLUMNS`."""
    decided = pl.col("wins") + pl.col("losses")
    frame = (
        combined.lazy()
        .with_columns(_decided=decided)
        .with_columns(
            win_rate=_ratio("wins", "_decided"),
            bid_mean=_ratio("bid_sum", "bid_n"),
            tricks_mean=_ratio("tricks_sum", "tricks_n"),
            exact_rate=_ratio("exact_n", "exact_of"),
            over_rate=_ratio("over_n", "exact_of"),
            under_rate=_ratio("under_n", "exact_of"),
            bid_error_mean=_ratio("error_sum", "exact_of"),
            bid_error_sd=_spread("error_sum", "error_sq", "exact_of"),
            made_rate=_ratio("made_n", "made_of"),
            sets=(pl.col("made_of") - pl.col("made_n")).cast(pl.Int64),
            bags_per_hand=_ratio("bags_sum", "bags_n"),
            nil_rate=_ratio("nil_made", "nil_attempts"),
            blind_nil_rate=_ratio("blind_nil_made", "blind_nil_attempts"),
            violations_per_100=_ratio("violations", "hands", 100.0),
            points_per_hand=_ratio("points_sum", "points_n"),
            raise_made_rate=_ratio("raises_made", "raises"),
            spades_passed_per_pass=_ratio("spades_passed", "passes"),
            renege_tricks_lost=pl.col("renege_lost"),
            renege_tricks_received=pl.col("renege_received"),
            renege_tricks_counted=pl.col("renege_counted"),
        )
    )
    return frame.select(COLUMNS[by]).collect()


def empty_partial(by: GroupBy) -> pl.DataFrame:
    """A partial frame with no groups (the statistics of no hands)."""
    return partial(units(pl.LazyFrame(schema=pl.Schema(HANDS)), by), by).collect()


#: The first of the columns of ``hands`` that keep the record's own words (docs/import.md:
#: ``bid_text`` and every column after it), which no figure, rating or fairness test
#: reads: an export's are left unread.
FIRST_RECORD_COLUMN: Final = "bid_text"


def read_columns(by: GroupBy) -> tuple[str, ...]:
    """The columns of ``hands`` the statistics of ``by`` (with their ratings and
    fairness tests) read: those before :data:`FIRST_RECORD_COLUMN`, with ``dealt`` only
    ``--by holding``."""
    names = list(HANDS)
    read = names[: names.index(FIRST_RECORD_COLUMN)]
    return tuple(c for c in read if c != "dealt" or by == "holding")


def scan_hands(path: str) -> pl.LazyFrame:
    """A lazy scan of a Parquet export of the ``hands`` table, in the declared schema.

    Raises :class:`ValueError` when the file holds another table or is no spadesctl
    export, and polars' errors or :class:`OSError` when it is not Parquet at all.
    """
    lazy = pl.scan_parquet(path)
    names = lazy.collect_schema().names()
    table = table_of_columns(names)
    if table != "hands":
        what = f"a '{table}' export" if table is not None else "not a spadesctl export"
        raise ValueError(f"{what}; stats reads an export of the hands table (--table hands)")
    return lazy.cast(pl.Schema(HANDS))


def statistics(
    hands: pl.DataFrame | pl.LazyFrame, by: GroupBy = "player", filters: Filters = Filters()
) -> pl.DataFrame:
    """The statistics of a whole ``hands`` table (a frame, or a scan of an export)."""
    counted = partial(units(hands.lazy(), by, filters), by)
    return finish(counted.collect(engine="streaming"), by)


class Accumulator:
    """Statistics of batches of ``hands`` rows, added one batch at a time.

    Memory holds the partial sums of at most ``compact_after`` batches besides the
    running total, whatever the number of batches.
    """

    __slots__ = ("_partials", "by", "compact_after", "filters")

    def __init__(
        self, by: GroupBy = "player", filters: Filters = Filters(), compact_after: int = 32
    ) -> None:
        self.by: Final[GroupBy] = by
        self.filters: Final = filters
        self.compact_after: Final = compact_after
        self._partials: list[pl.DataFrame] = [empty_partial(by)]

    def add(self, hands: pl.DataFrame | pl.LazyFrame) -> None:
        """Count the rows of one batch (or of a whole scanned export)."""
        counted = partial(units(hands.lazy(), self.by, self.filters), self.by)
        self._partials.append(counted.collect(engine="streaming"))
        if len(self._partials) > self.compact_after:
            self._partials = [combine(self._partials, self.by)]

    def merge(self, other: Accumulator) -> None:
        """Add the batches ``other`` counted (another process's accumulator)."""
        self._partials.extend(other._partials)
        if len(self._partials) > self.compact_after:
            self._partials = [combine(self._partials, self.by)]

    def result(self) -> pl.DataFrame:
        """The statistics of every batch added so far."""
        return finish(combine(self._partials, self.by), self.by)


def default_order(by: GroupBy) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """(columns, descending) of the default sort of a grouping."""
    if by in ("seat", "pair_bid") or by in HAND_GROUPINGS:
        return KEYS[by], tuple(False for _ in KEYS[by])
    if by == "game":
        return ("file", "game"), (False, False)
    key = KEYS[by][0]
    return ("games", "hands", key), (True, True, False)


def order(
    table: pl.DataFrame,
    by: GroupBy,
    sort: str | None = None,
    reverse: bool = False,
    top: int | None = None,
) -> pl.DataFrame:
    """Sort the statistics (numbers high to low, text and dates A to Z) and keep the top.

    ``sort`` must be one of the table's columns (:class:`ValueError` otherwise); ties
    are broken by the grouping's keys.  ``reverse`` flips the main order.
    """
    if sort is None:
        columns, descending = default_order(by)
    else:
        if sort not in table.columns:
            raise ValueError(
                f"cannot sort by {sort!r}; the columns are: {', '.join(table.columns)}"
            )
        numeric = table.schema[sort].is_numeric()
        keys = tuple(k for k in KEYS[by] if k != sort)
        columns = (sort, *keys)
        descending = (numeric, *(False for _ in keys))
    if reverse:
        descending = (not descending[0], *descending[1:])
    ordered = table.sort(list(columns), descending=list(descending), nulls_last=True)
    return ordered.head(top) if top is not None else ordered


#: Columns shown with four decimals (p-values and chances).
_PROBABILITIES: Final = frozenset({"p", "p_holm", "expected"})


def _cell(value: object, column: str) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        digits = 4 if column in _PROBABILITIES else 3 if column.endswith("_rate") else 2
        return f"{value:.{digits}f}"
    return str(value)


def format_table(table: pl.DataFrame, width: int | None = None, keys: Sequence[str] = ()) -> str:
    """The statistics as an aligned text table: numbers right-aligned, text left, null ``-``.

    Rates show three decimals, p-values and chances four, means and other fractions two
    (the machine formats keep every digit).  When ``width`` is given and the table is
    wider, its columns are shown in blocks that fit, one under the other, each block
    repeating the ``keys``.
    """
    columns = table.columns
    cells = {c: [_cell(v, c) for v in table.get_column(c).to_list()] for c in columns}
    widths = {c: max([len(c), *(len(v) for v in cells[c])]) for c in columns}
    numeric = {c: table.schema[c].is_numeric() for c in columns}
    lead = [c for c in keys if c in columns]
    blocks: list[list[str]] = []
    current: list[str] = list(lead)
    for c in columns:
        if c in lead:
            continue
        used = sum(widths[k] + 2 for k in current)
        if width is not None and current != lead and used + widths[c] > width:
            blocks.append(current)
            current = [*lead]
        current.append(c)
    blocks.append(current)

    def line(block: list[str], values: Sequence[str]) -> str:
        parts = [
            value.rjust(widths[c]) if numeric[c] else value.ljust(widths[c])
            for c, value in zip(block, values, strict=True)
        ]
        return "  ".join(parts).rstrip()

    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        out.append(line(block, block))
        out.append(line(block, ["-" * widths[c] for c in block]))
        out.extend(line(block, [cells[c][i] for c in block]) for i in range(table.height))
    return "\n".join(out) + "\n"
