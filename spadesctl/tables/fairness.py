"""Is the shuffle fair?  The deal columns of ``hands`` against the exact chance distribution.

For every hand whose whole deal is known (see :mod:`spadesctl.tables.deal`), in games of
three or four players (two players choose their cards in the draw), each seat's count of
spades, high cards, aces, voids and jokers is compared with what a fair shuffle of that
very deck gives.  The deck is read from the deal itself (its cards are the four
holdings' sum), so every deck and player count is covered without a table of decks:

- spades, high cards, aces and jokers are hypergeometric: a seat dealt ``n`` cards of a
  deck of ``N`` holding ``K`` of a kind has ``x`` of them with probability
  ``C(K, x) C(N - K, n - x) / C(N, n)``;
- voids come from the joint (multivariate hypergeometric) law of the four suit lengths,
  summed over every length vector: exact, not simulated.

Per seat, and per player, and per measure, the observed counts of each value are set
against the expected counts (the sum of those probabilities over the hands counted) with
Pearson's chi-square test, the bins pooled from the tails until each expects at least
:data:`MIN_EXPECTED` hands.  The p-values of every test made are corrected together
with Holm's method, and each test's verdict is read at :data:`LEVEL`.

Streaks: for each player, the longest run of weak hands (at most
:data:`WEAK_HIGH_CARDS` high cards) in game order, against the chance of a run at least
that long in that many hands (an exact Markov-chain computation); these p-values join
the same Holm correction.

All the counting is polars expressions; the loop in Python is over the tests (a few
per seat and player), never over hands.  docs/stats.md explains how to read the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from math import comb, fsum
from types import MappingProxyType
from typing import Final, Literal

import polars as pl

from spadesctl.cards import Seat
from spadesctl.tables.chunks import GAME_ID, games_together, number_games
from spadesctl.tables.order import ORDER_COLUMNS, game_order
from spadesctl.tables.schema import HANDS

#: The family-wise level at which a test is said to find a bias.
LEVEL: Final = 0.01
#: Bins are pooled until each expects at least this many hands.
MIN_EXPECTED: Final = 5.0
#: A weak hand: at most this many high cards (about one hand in seven of a 52-card deck).
WEAK_HIGH_CARDS: Final = 2

Measure = Literal["spades", "high_cards", "aces", "voids", "jokers"]
MEASURES: Final[tuple[Measure, ...]] = ("spades", "high_cards", "aces", "voids", "jokers")
_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
#: The deck a hand was dealt from, and the size of the seat's holding.
_DECK: Final = ("deck_cards", "deck_spades", "deck_hearts", "deck_diamonds", "deck_clubs")
_DECK_ALL: Final = (*_DECK, "deck_jokers", "deck_aces", "deck_high", "held")
#: What ``deck_key`` packs, seven bits each (``deck_cards`` is the sum of the suits and
#: the jokers): one integer to group the rows by instead of nine columns.
_DECK_KEY: Final = (*_DECK[1:], "deck_jokers", "deck_aces", "deck_high", "held")
_KEY_BITS: Final = 7
#: Each deck column and the deal column summed over a hand's seats into it.
_DECK_OF: Final = MappingProxyType(
    {
        "deck_spades": "spades",
        "deck_hearts": "hearts",
        "deck_diamonds": "diamonds",
        "deck_clubs": "clubs",
        "deck_jokers": "jokers",
        "deck_aces": "aces",
        "deck_high": "high_cards",
    }
)
_SEAT_WORDS: Final = MappingProxyType({s.value: s.word.capitalize() for s in Seat})
_WORDING: Final[Mapping[Measure, tuple[str, str, str]]] = MappingProxyType(
    {
        "spades": ("{who}'s spades are longer", "{who}'s spades are shorter", "spade lengths"),
        "high_cards": (
            "{who} is dealt more high cards",
            "{who} is dealt fewer high cards",
            "high cards",
        ),
        "aces": ("{who} is dealt more aces", "{who} is dealt fewer aces", "aces"),
        "voids": ("{who} is dealt more voids", "{who} is dealt fewer voids", "voids"),
        "jokers": ("{who} is dealt more jokers", "{who} is dealt fewer jokers", "jokers"),
    }
)

#: The columns of the table of tests.
TEST_COLUMNS: Final = (
    "scope",
    "who",
    "measure",
    "deals",
    "observed_mean",
    "expected_mean",
    "statistic",
    "df",
    "p",
    "p_holm",
    "biased",
    "verdict",
)
#: The columns the aligned table of ``spadesctl fairness`` shows.
SHOWN_COLUMNS: Final = tuple(c for c in TEST_COLUMNS if c not in ("statistic", "df", "biased"))


@dataclass(frozen=True, slots=True)
class Fairness:
    """The result: every test made, the hands counted, and the summary sentence."""

    tests: pl.DataFrame
    deals: int
    summary: str

    @property
    def biased(self) -> bool:
        """Whether some test found a bias at :data:`LEVEL` (after the correction)."""
        return bool(self.tests.height and self.tests.get_column("biased").any())


def hands_adjacent(hands: pl.LazyFrame) -> bool:
    """Whether the rows of each hand are next to each other, as every export and batch
    of spadesctl writes them (:func:`~spadesctl.tables.chunks.games_together`)."""
    return games_together(hands)


def _pack_deck() -> pl.Expr:
    """The deck columns and ``held`` as one integer, seven bits each (:data:`_DECK_KEY`)."""
    parts = (pl.col(c).cast(pl.Int64) * (1 << (_KEY_BITS * i)) for i, c in enumerate(_DECK_KEY))
    return pl.sum_horizontal(*parts)


def _unpack_deck(key: int) -> dict[str, int]:
    """The columns :data:`_DECK_ALL` of a packed deck (:func:`_pack_deck`)."""
    mask = (1 << _KEY_BITS) - 1
    found = {c: (key >> (_KEY_BITS * i)) & mask for i, c in enumerate(_DECK_KEY)}
    natural = sum(found[f"deck_{s}"] for s in _SUITS)
    return {"deck_cards": natural + found["deck_jokers"], **found}


def deal_rows(hands: pl.LazyFrame, adjacent: bool = False) -> pl.LazyFrame:
    """The rows whose deal is known, in games of three or four players, with ``voids``
    and ``deck_key`` added: the deck (the sum of the hand's holdings) and the seat's
    ``held`` cards, packed (:func:`_pack_deck`).  A hand whose holdings add up to no deck
    of at most 127 cards of a kind (a foreign table's counts) is not a deal.

    ``adjacent``: the rows of each hand are next to each other (:func:`hands_adjacent`),
    so a hand is a run of rows and its sums need no grouping.  Games are keyed by their
    number (:data:`~spadesctl.tables.chunks.GAME_ID`) when the rows carry it."""
    game = (GAME_ID,) if GAME_ID in hands.collect_schema() else ("file", "game")
    keys = (*game, "hand")
    per_hand = ("_hand",) if adjacent else keys
    i32 = pl.Int32
    rows = hands.filter(pl.col("spades").is_not_null()).select(
        *keys,
        "seat",
        "player",
        *_SUITS,
        "jokers",
        "aces",
        "high_cards",
        held=pl.sum_horizontal(*(pl.col(c).cast(i32) for c in (*_SUITS, "jokers"))),
        voids=pl.sum_horizontal(*((pl.col(s) == 0).cast(pl.Int8) for s in _SUITS)).cast(pl.Int8),
    )
    # Window sums over the hand (polars shares the groups between them): faster than a
    # group-by joined back.
    if adjacent:
        rows = rows.with_columns(_hand=pl.struct(keys).rle_id())
    decks = rows.with_columns(
        _seats=pl.len().over(per_hand),
        **{deck: pl.col(c).cast(i32).sum().over(per_hand) for deck, c in _DECK_OF.items()},
    )
    a_deck = pl.all_horizontal(*(pl.col(c).is_between(0, (1 << _KEY_BITS) - 1) for c in _DECK_KEY))
    return (
        decks.filter((pl.col("_seats") >= 3) & a_deck)
        .with_columns(deck_key=_pack_deck())
        .drop("_seats", *_DECK_OF, "held", *(("_hand",) if adjacent else ()))
    )


def hypergeometric(total: int, kind: int, drawn: int) -> tuple[float, ...]:
    """P(x of ``kind`` among ``drawn`` cards of ``total``), for x = 0..min(kind, drawn)."""
    ways = comb(total, drawn)
    top = min(kind, drawn)
    return tuple(comb(kind, x) * comb(total - kind, drawn - x) / ways for x in range(top + 1))


@cache
def void_distribution(
    suits: tuple[int, int, int, int], others: int, drawn: int
) -> tuple[float, ...]:
    """P(v voids) for v = 0..4: a holding of ``drawn`` cards from a deck of the four suits
    (``suits`` cards each) and ``others`` cards in none (jokers), summed exactly over
    every vector of suit lengths."""
    total = sum(suits) + others
    ways = comb(total, drawn)
    out = [0] * 5
    for lengths in product(*(range(min(k, drawn) + 1) for k in suits)):
        rest = drawn - sum(lengths)
        if rest < 0 or rest > others:
            continue
        count = comb(others, rest)
        for k, x in zip(suits, lengths, strict=True):
            count *= comb(k, x)
        out[sum(1 for x in lengths if x == 0)] += count
    return tuple(c / ways for c in out)


def _deck_law(deck: Mapping[str, int], measure: Measure) -> tuple[float, ...]:
    total, held = deck["deck_cards"], deck["held"]
    if measure == "voids":
        suits = tuple(deck[f"deck_{s}"] for s in _SUITS)
        others = total - sum(suits)
        return void_distribution((suits[0], suits[1], suits[2], suits[3]), others, held)
    kind = {
        "spades": deck["deck_spades"],
        "high_cards": deck["deck_high"],
        "aces": deck["deck_aces"],
        "jokers": deck["deck_jokers"],
    }[measure]
    return hypergeometric(total, kind, held)


def chance_table(decks: pl.DataFrame) -> pl.DataFrame:
    """``(deck, measure, value, probability)`` for each distinct deck of ``decks``."""
    rows: list[tuple[int, str, int, float]] = []
    for deck in decks.iter_rows(named=True):
        for measure in MEASURES:
            for value, probability in enumerate(_deck_law(deck, measure)):
                if probability > 0:
                    rows.append((deck["deck"], measure, value, probability))
    return pl.DataFrame(
        rows,
        schema={
            "deck": pl.UInt32,
            "measure": pl.String,
            "value": pl.Int32,
            "probability": pl.Float64,
        },
        orient="row",
    )


def pooled_bins(
    expected: Sequence[float], observed: Sequence[int]
) -> tuple[list[float], list[int]]:
    """Adjacent bins merged from the low end until each expects :data:`MIN_EXPECTED`
    hands, a short last bin merged into the one before."""
    e_out: list[float] = []
    o_out: list[int] = []
    e_run, o_run = 0.0, 0
    for e, o in zip(expected, observed, strict=True):
        e_run += e
        o_run += o
        if e_run >= MIN_EXPECTED:
            e_out.append(e_run)
            o_out.append(o_run)
            e_run, o_run = 0.0, 0
    if e_run > 0 or o_run > 0:
        if e_out:
            e_out[-1] += e_run
            o_out[-1] += o_run
        else:
            e_out.append(e_run)
            o_out.append(o_run)
    return e_out, o_out


def chi_square(expected: Sequence[float], observed: Sequence[int]) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p) of Pearson's test over the pooled bins; a test
    with a single bin has 0 degrees of freedom and p = 1."""
    e_bins, o_bins = pooled_bins(expected, observed)
    if len(e_bins) < 2:
        return 0.0, 0, 1.0
    # the chi-square law's survival function (what scipy.stats.chi2.sf computes), from
    # scipy.special: importing scipy.stats would cost a stats command 0.4 s of CPU
    from scipy.special import chdtrc

    statistic = sum((o - e) ** 2 / e for e, o in zip(e_bins, o_bins, strict=True))
    df = len(e_bins) - 1
    return statistic, df, float(chdtrc(df, statistic))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (each at most 1), in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def longest_run_chance(hands: int, p_weak: float, run: int) -> float:
    """P(a run of at least ``run`` weak hands in ``hands`` hands, each weak with
    probability ``p_weak`` independently): the absorbing Markov chain of the current run
    length, raised to the ``hands``-th power."""
    if run <= 0:
        return 1.0
    if run > hands:
        return 0.0
    import numpy as np

    states = run + 1
    step = np.zeros((states, states))
    for length in range(run):
        step[length, 0] = 1.0 - p_weak
        step[length, length + 1] = p_weak
    step[run, run] = 1.0
    final = np.linalg.matrix_power(step, hands)
    return float(min(1.0, max(0.0, final[0, run])))


def format_p(p: float) -> str:
    """``p < 0.0001`` or ``p = 0.41`` (two significant digits)."""
    if p < 0.0001:
        return "p < 0.0001"
    return f"p = {p:.2g}"


def _tests_of(
    rows: pl.LazyFrame, decks: pl.DataFrame, chance: pl.DataFrame, scope: str, key: str
) -> list[dict[str, object]]:
    """One test per (who, measure) of the scope: observed against expected counts."""
    units = rows.filter(pl.col(key).is_not_null())
    who = pl.col(key).cast(pl.String).alias("who")
    # the rows counted once by who, deck and the five measures (a few thousand cells),
    # every count below summed from those
    cells_of = units.group_by(key, "deck_key", *MEASURES).agg(pl.len().alias("rows"))
    per_deck = (
        cells_of.group_by(key, "deck_key")
        .agg(pl.col("rows").sum())
        .join(decks.lazy().select("deck_key", "deck"), on="deck_key")
        .select(who, "deck", "rows")
    )
    # Each expected count is a sum of floats (a deck's rows times a chance), added up in
    # Python with fsum, exactly rounded: polars' sums depend on how the rows are chunked
    # (records and their Parquet export gave figures a last bit apart on polars 2).
    expected = (
        per_deck.join(chance.lazy(), on="deck")
        .group_by("who", "measure", "value")
        .agg((pl.col("rows") * pl.col("probability")).alias("terms"))
    )
    observed = pl.concat(
        [
            cells_of.group_by(key, pl.col(m).cast(pl.Int32).alias("value"))
            .agg(pl.col("rows").sum().cast(pl.UInt32).alias("observed"))
            .select(who, pl.lit(m).alias("measure"), "value", "observed")
            for m in MEASURES
        ]
    )
    cells = (
        expected.join(observed, on=["who", "measure", "value"], how="full", coalesce=True)
        .with_columns(pl.col("observed").fill_null(0))
        .sort("who", "measure", "value")
        .group_by("who", "measure", maintain_order=True)
        .agg("value", "terms", "observed")
        .collect()
    )
    out: list[dict[str, object]] = []
    for who, measure, values, terms, observed_counts in cells.iter_rows():
        expected_counts = [fsum(t or ()) for t in terms]
        deals = int(sum(observed_counts))
        statistic, df, p = chi_square(expected_counts, observed_counts)
        if df == 0:
            continue  # a measure the deck makes certain (no jokers), or too few hands
        out.append(
            {
                "scope": scope,
                "who": _SEAT_WORDS.get(who, who) if scope == "seat" else who,
                "measure": measure,
                "deals": deals,
                "observed_mean": sum(v * o for v, o in zip(values, observed_counts, strict=True))
                / deals,
                "expected_mean": sum(v * e for v, e in zip(values, expected_counts, strict=True))
                / deals,
                "statistic": statistic,
                "df": df,
                "p": p,
            }
        )
    return out


def _streak_tests(
    rows: pl.LazyFrame, decks: pl.DataFrame, chance: pl.DataFrame, ranks: pl.DataFrame
) -> list[dict[str, object]]:
    """Per player: the longest run of weak hands in game order against chance."""
    named = rows.filter(pl.col("player").is_not_null())
    weak_chance = (
        chance.filter((pl.col("measure") == "high_cards") & (pl.col("value") <= WEAK_HIGH_CARDS))
        .group_by("deck")
        .agg(pl.col("probability").sum().alias("p_weak"))
        .join(decks.select("deck_key", "deck"), on="deck")
        .lazy()
    )
    chances = (
        named.group_by("player", "deck_key")
        .agg(pl.len().alias("rows"))
        .join(weak_chance, on="deck_key")
        .group_by("player")
        # the chance of a weak hand, weighted by the decks: summed with fsum below
        .agg(terms=pl.col("rows") * pl.col("p_weak"), rows=pl.col("rows").sum())
    )
    weak = pl.col("high_cards") <= WEAK_HIGH_CARDS
    # Each player's hands in playing order, with no sort by name: the rows sorted by an
    # integer position, and a run of weak hands is the weak rows of one player between
    # the same two of their other hands (the count of their hands that were not weak so
    # far, a cumulative sum in that order).
    ordered = (
        named.join(ranks.lazy(), on=GAME_ID)
        .select(
            "player",
            weak.alias("weak"),
            # (rank, hand) as one integer: any Int32 hand number keeps its place
            position=pl.col("rank").cast(pl.Int64) * 2**32 + pl.col("hand").cast(pl.Int64) + 2**31,
        )
        .sort("position", maintain_order=True)
    )
    stretches = ordered.with_columns(run=(~pl.col("weak")).cast(pl.Int64).cum_sum().over("player"))
    longest = (
        stretches.filter(pl.col("weak"))
        .group_by("player", "run")
        .agg(pl.len().alias("length"))
        .group_by("player")
        .agg(pl.col("length").max().alias("longest"))
    )
    totals = ordered.group_by("player").agg(
        hands=pl.len(), observed_mean=pl.col("weak").cast(pl.Float64).mean()
    )
    runs = (
        totals.join(chances, on="player")
        .join(longest, on="player", how="left")
        .select("player", "hands", "terms", "rows", "observed_mean", pl.col("longest").fill_null(0))
        .sort("player")
        .collect()
    )
    out: list[dict[str, object]] = []
    for player, hands, terms, deck_rows, observed, longest in runs.iter_rows():
        if longest == 0:
            continue
        p_weak = fsum(terms) / deck_rows
        out.append(
            {
                "scope": "streak",
                "who": player,
                "measure": "weak_run",
                "deals": hands,
                "observed_mean": observed,
                "expected_mean": p_weak,
                "statistic": float(longest),
                "df": 0,
                "p": longest_run_chance(hands, p_weak, longest),
            }
        )
    return out


def _verdict(test: Mapping[str, object], biased: bool) -> str:
    who = str(test["who"])
    measure = test["measure"]
    p_text = format_p(float(test["p_holm"]))  # type: ignore[arg-type]
    if test["scope"] == "streak":
        run = int(test["statistic"])  # type: ignore[call-overload]
        if biased:
            return f"{who}'s run of {run} weak hands is longer than chance allows ({p_text})"
        return f"{who}'s longest run of weak hands ({run}) is within chance ({p_text})"
    more, fewer, noun = _WORDING[measure]  # type: ignore[index]
    if not biased:
        return f"{who}'s {noun}: consistent with a fair shuffle ({p_text})"
    observed, expected = float(test["observed_mean"]), float(test["expected_mean"])  # type: ignore[arg-type]
    if abs(observed - expected) < 1e-9:
        return f"{who}'s {noun} are spread unlike a fair shuffle ({p_text})"
    text = more if observed > expected else fewer
    return f"{text.format(who=who)} than chance allows ({p_text})"


def _summary(tests: Sequence[Mapping[str, object]], deals: int) -> str:
    if not deals:
        return "no known deals to test"
    found = [t for t in tests if t["biased"]]
    if found:
        return "; ".join(str(t["verdict"]) for t in found)
    smallest = min((float(t["p_holm"]) for t in tests), default=1.0)  # type: ignore[arg-type]
    return f"consistent with a fair shuffle ({format_p(smallest)} over {deals:,} deals)"


#: The columns of the rows :func:`test_deals` reads.
DEAL_ROW_COLUMNS: Final = (GAME_ID, "hand", "seat", "player", *MEASURES, "deck_key")
#: The columns of :attr:`DealRows.games`.
_GAME_ORDER: Final = (GAME_ID, "file", "game", "date", "time", "game_key")


@dataclass(frozen=True, slots=True)
class DealRows:
    """What the tests read: the rows with a known deal (:data:`DEAL_ROW_COLUMNS`), and
    the playing order of the games (``file``, ``game``, ``date``, ``time``,
    ``game_key``), each game by its number (``GAME_ID``: 0, 1, ... in ``games``).
    Games never span batches, so the parts of batches concatenate (their games
    numbered on)."""

    rows: pl.DataFrame
    games: pl.DataFrame

    @staticmethod
    def concat(parts: Sequence[DealRows]) -> DealRows:
        if not parts:
            return prepare(pl.LazyFrame(schema=pl.Schema(HANDS)))
        rows: list[pl.DataFrame] = []
        games: list[pl.DataFrame] = []
        offset = 0
        for part in parts:
            number = pl.col(GAME_ID) + offset
            rows.append(part.rows.with_columns(number))
            games.append(part.games.with_columns(number))
            offset += part.games.height
        return DealRows(pl.concat(rows), pl.concat(games))


def prepare(
    hands: pl.LazyFrame | pl.DataFrame,
    seats: pl.Expr | None = None,
    games: pl.DataFrame | None = None,
) -> DealRows:
    """The :class:`DealRows` of ``hands``; ``seats`` keeps only the rows it holds true
    for (the deck is still the whole hand's).  ``games``: the
    :func:`~spadesctl.tables.order.game_order` of ``hands`` with ``date`` and ``time``,
    when the caller has it already.

    Rows that carry their games' numbers (:data:`~spadesctl.tables.chunks.GAME_ID`: a
    batch of whole games, numbered by
    :func:`~spadesctl.tables.chunks.number_games`) are taken as they are; others are
    numbered here."""
    lazy = hands.lazy()
    adjacent = True
    if GAME_ID not in lazy.collect_schema():
        adjacent = hands_adjacent(lazy)
        if adjacent:
            lazy = number_games(lazy)
        else:
            numbers = lazy.select("file", "game").unique(maintain_order=True)
            numbers = numbers.with_row_index(GAME_ID).with_columns(pl.col(GAME_ID).cast(pl.UInt32))
            lazy = lazy.join(numbers, on=["file", "game"], how="left", maintain_order="left")
        games = None
    rows = deal_rows(lazy, adjacent)
    if seats is not None:
        kept = lazy.filter(seats).select(GAME_ID, "hand", "seat")
        rows = rows.join(kept, on=[GAME_ID, "hand", "seat"], how="semi")
    chosen = rows.select(DEAL_ROW_COLUMNS)
    if games is not None:
        return DealRows(chosen.collect(), games.select(_GAME_ORDER).sort(GAME_ID))
    found = pl.collect_all([chosen, game_order(lazy, "date", "time").sort(GAME_ID)])
    return DealRows(found[0], found[1].select(_GAME_ORDER))


def fairness(hands: pl.LazyFrame | pl.DataFrame) -> Fairness:
    """Every fairness test of a ``hands`` table (a frame, or a scan of an export)."""
    return test_deals(prepare(hands))


def _decks(rows: pl.DataFrame) -> pl.DataFrame:
    """Each deck of the rows (``deck_key``, :data:`_DECK_ALL`), numbered (``deck``) in
    the order of its columns."""
    keys = rows.get_column("deck_key").unique().to_list()
    found = [{"deck_key": key, **_unpack_deck(key)} for key in keys]
    schema = {"deck_key": pl.Int64, **{c: pl.Int32 for c in _DECK_ALL}}
    return pl.DataFrame(found, schema=schema, orient="row").sort(_DECK_ALL).with_row_index("deck")


def test_deals(prepared: DealRows) -> Fairness:
    """Every fairness test of the rows of :func:`prepare`."""
    rows = prepared.rows.lazy()
    decks = _decks(prepared.rows)
    deals = prepared.rows.filter(pl.col("seat") == "N").height  # every deal has a North
    chance = chance_table(decks)
    ranks = (
        prepared.games.sort(*ORDER_COLUMNS, nulls_last=False)
        .with_row_index("rank")
        .select(GAME_ID, "rank")
    )
    tests = [
        *_tests_of(rows, decks, chance, "seat", "seat"),
        *_tests_of(rows, decks, chance, "player", "player"),
        *_streak_tests(rows, decks, chance, ranks),
    ]
    adjusted = holm([float(t["p"]) for t in tests])  # type: ignore[arg-type]
    for test, p_holm in zip(tests, adjusted, strict=True):
        test["p_holm"] = p_holm
        test["biased"] = p_holm < LEVEL
        test["verdict"] = _verdict(test, p_holm < LEVEL)
    table = pl.DataFrame(tests, schema=_TEST_SCHEMA, orient="row")
    return Fairness(table.select(TEST_COLUMNS), deals, _summary(tests, deals))


_TEST_SCHEMA: Final = pl.Schema(
    {
        "scope": pl.String,
        "who": pl.String,
        "measure": pl.String,
        "deals": pl.Int64,
        "observed_mean": pl.Float64,
        "expected_mean": pl.Float64,
        "statistic": pl.Float64,
        "df": pl.Int64,
        "p": pl.Float64,
        "p_holm": pl.Float64,
        "biased": pl.Boolean,
        "verdict": pl.String,
    }
)


def sentence(result: Fairness) -> str:
    """The one line ``stats`` and ``fairness`` print under their tables."""
    return f"Deals: {result.summary}."
