"""The fairness tests: the exact chance laws, checked another way, and a planted bias."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, product
from math import comb
from pathlib import Path

import polars as pl
import pytest

from spadesctl.tables.corpus import CorpusOptions, iter_batches
from spadesctl.tables.deal import features
from spadesctl.tables.fairness import (
    LEVEL,
    WEAK_HIGH_CARDS,
    chi_square,
    fairness,
    format_p,
    hands_adjacent,
    holm,
    hypergeometric,
    longest_run_chance,
    pooled_bins,
    void_distribution,
)
from spadesctl.tables.order import ORDER_COLUMNS, game_order
from tests.dealing import biased_deal, fair_deal, records


def test_hypergeometric_by_hand() -> None:
    law = hypergeometric(52, 13, 13)
    assert law[0] == pytest.approx(comb(39, 13) / comb(52, 13))
    assert law[0] == pytest.approx(0.01279, abs=1e-5)  # no spade in a bridge hand
    assert sum(law) == pytest.approx(1.0)
    assert sum(x * p for x, p in enumerate(law)) == pytest.approx(13 * 13 / 52)
    # 54 cards, 2 jokers, 13 each of 4 seats (2 cards left over): P(both jokers).
    assert hypergeometric(54, 2, 13)[2] == pytest.approx(comb(13, 2) / comb(54, 2))


def test_void_law_against_enumeration_of_a_small_deck() -> None:
    # 3 suits of 3 cards and one of 2, plus 1 joker: 12 cards, hold 4; every holding counted.
    suits = (3, 3, 3, 2)
    deck = [(s, r) for s, k in enumerate(suits) for r in range(k)] + [(4, 0)]
    counts: Counter[int] = Counter()
    for holding in combinations(deck, 4):
        held = {s for s, _ in holding}
        counts[sum(1 for s in range(4) if s not in held)] += 1
    total = comb(len(deck), 4)
    law = void_distribution(suits, 1, 4)
    assert law == pytest.approx(tuple(counts[v] / total for v in range(5)))


def test_void_law_against_simulation() -> None:
    rng = random.Random(7)
    seen: Counter[int] = Counter()
    trials = 20_000
    for _ in range(trials):
        holding = fair_deal(rng)[0]
        seen[sum(1 for x in features(holding)[:4] if x == 0)] += 1
    law = void_distribution((13, 13, 13, 13), 0, 13)
    for voids in range(3):
        assert seen[voids] / trials == pytest.approx(law[voids], abs=0.01)
    # The known bridge figure: about one hand in twenty holds a void.
    assert sum(law[1:]) == pytest.approx(0.0511, abs=0.0001)


def test_chi_square_by_hand() -> None:
    # Two bins expecting 10 each, seen 15 and 5: (5^2 + 5^2) / 10 = 5 on 1 degree of
    # freedom; P(chi2_1 > x) = erfc(sqrt(x / 2)).
    statistic, df, p = chi_square([10.0, 10.0], [15, 5])
    assert (statistic, df) == (5.0, 1)
    assert p == pytest.approx(math.erfc(math.sqrt(5 / 2)))  # 0.0253
    # Bins expecting under 5 are pooled first: [2, 3] + [10] -> 2 bins.
    assert chi_square([2.0, 3.0, 10.0], [5, 0, 10])[1] == 1
    assert chi_square([4.0], [4]) == (0.0, 0, 1.0)


def test_chi_square_p_is_scipy_stats_law() -> None:
    """The p-value (scipy.special's chdtrc, imported lightly) is scipy.stats' chi2.sf."""
    from scipy.stats import chi2

    rng = random.Random(18)
    for bins in range(2, 9):
        for _ in range(25):
            expected = [rng.uniform(5.0, 60.0) for _ in range(bins)]
            observed = [rng.randrange(0, 90) for _ in range(bins)]
            statistic, df, p = chi_square(expected, observed)
            assert p == float(chi2.sf(statistic, df))
    assert chi_square([10.0, 10.0], [10, 10])[2] == float(chi2.sf(0.0, 1)) == 1.0


def test_holm_by_hand() -> None:
    # sorted 0.01, 0.02, 0.04 -> 3 * 0.01, max(0.03, 2 * 0.02), max(0.04, 1 * 0.04)
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    assert holm([0.5, 0.9]) == [1.0, 1.0]


@pytest.mark.parametrize(("hands", "run"), [(1, 1), (4, 2), (6, 3), (8, 2), (10, 4)])
def test_longest_run_chance_against_enumeration(hands: int, run: int) -> None:
    p = 0.3
    chance = 0.0
    for outcome in product((False, True), repeat=hands):
        longest = current = 0
        for weak in outcome:
            current = current + 1 if weak else 0
            longest = max(longest, current)
        if longest >= run:
            chance += p ** sum(outcome) * (1 - p) ** (hands - sum(outcome))
    assert longest_run_chance(hands, p, run) == pytest.approx(chance)


def test_pooling_keeps_every_count() -> None:
    expected = [0.5, 2.0, 6.0, 10.0, 3.0, 1.0]
    observed = [1, 1, 7, 9, 4, 0]
    e, o = pooled_bins(expected, observed)
    assert e == [8.5, 14.0] and o == [9, 13]
    assert min(e) >= 5


def test_format_p() -> None:
    assert format_p(0.41234) == "p = 0.41"
    assert format_p(0.00001) == "p < 0.0001"


def _hands(texts: list[str], tmp_path: Path) -> pl.DataFrame:
    path = tmp_path / "deals.spades"
    path.write_text("\n".join(texts), encoding="utf-8")
    batches = iter_batches([str(path)], CorpusOptions(tables=("hands",)), 1)
    return pl.concat([b.frames["hands"] for b in batches])


def test_a_dealer_favouring_north_is_found(tmp_path: Path) -> None:
    rng = random.Random(11)
    deals = [biased_deal(rng) for _ in range(400)]
    result = fairness(_hands(list(records(deals)), tmp_path))
    assert result.deals == 400
    assert result.biased
    north = result.tests.filter(
        (pl.col("scope") == "seat") & (pl.col("who") == "North") & (pl.col("measure") == "spades")
    ).row(0, named=True)
    assert north["biased"] and north["p_holm"] < LEVEL
    assert north["observed_mean"] > north["expected_mean"] == pytest.approx(3.25)
    assert "North's spades are longer than chance allows" in result.summary
    # The other measures of North are not blamed.
    aces = result.tests.filter((pl.col("who") == "North") & (pl.col("measure") == "aces"))
    assert not aces.get_column("biased").any()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fair_deals_pass(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    deals = [fair_deal(rng) for _ in range(400)]
    result = fairness(_hands(list(records(deals, seed=seed)), tmp_path))
    assert not result.biased
    assert result.summary.startswith("consistent with a fair shuffle (p = ")
    assert result.summary.endswith(" over 400 deals)")


def test_no_deals(tmp_path: Path) -> None:
    text = next(records([fair_deal(random.Random(1))]))
    text = "\n".join(line for line in text.splitlines() if not line.startswith("deal "))
    result = fairness(_hands([text], tmp_path))
    assert result.deals == 0 and result.tests.height == 0
    assert result.summary == "no known deals to test"


def test_rows_in_any_order_give_the_same_tests(tmp_path: Path) -> None:
    rng = random.Random(5)
    deals = [fair_deal(rng) for _ in range(200)]
    deals += [biased_deal(rng) for _ in range(100)]
    hands = _hands(list(records(deals, seed=5)), tmp_path)
    assert hands_adjacent(hands.lazy())  # as every batch and export holds them
    shuffled = hands.sample(fraction=1.0, shuffle=True, seed=3)
    assert not hands_adjacent(shuffled.lazy())
    result = fairness(hands)
    assert fairness(shuffled).tests.equals(result.tests)
    # Each player's longest run of weak hands, counted by hand in playing order.
    games = game_order(hands.lazy(), "date", "time").collect()
    ranks = games.sort(*ORDER_COLUMNS, nulls_last=False).with_row_index("rank")
    dealt = hands.filter(pl.col("high_cards").is_not_null()).join(ranks, on=["file", "game"])
    streaks = result.tests.filter(pl.col("scope") == "streak")
    assert streaks.height == dealt.get_column("player").n_unique()
    for (player,), rows in dealt.sort("rank", "hand").group_by("player", maintain_order=True):
        longest = run = 0
        for high in rows.get_column("high_cards").to_list():
            run = run + 1 if high <= WEAK_HIGH_CARDS else 0
            longest = max(longest, run)
        test = streaks.filter(pl.col("who") == player).row(0, named=True)
        assert test["statistic"] == longest and test["deals"] == rows.height
