"""How many deals the fairness test needs to find a biased dealer: measured by simulation.

``python -m benchmarks.fairness_power`` deals ``--runs`` corpora of each size, fair and
from a dealer who gives North a spade more (in every deal, or in one deal of four), runs
:func:`spadesctl.tables.fairness.fairness` on each, and prints how often North's spades
are found biased (the power) and how often a fair corpus is called biased anywhere (the
false alarms, which the Holm correction keeps under the 1% level).  The hands table is
built directly from the deals (the deal columns as :mod:`spadesctl.tables.deal` counts
them), without records, so that thousands of corpora take a minute.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence

import polars as pl

from spadesctl.tables.deal import features
from spadesctl.tables.fairness import fairness
from spadesctl.tables.schema import DEAL_FEATURES, HANDS
from tests.dealing import PLAYERS, SEATS, Deal, biased_deal, fair_deal

Dealer = Callable[[random.Random], Deal]


def hands_frame(deals: Sequence[Deal], hands_per_game: int = 10) -> pl.DataFrame:
    """The ``hands`` rows of ``deals`` (four seats each), deal columns filled."""
    columns: dict[str, list[object]] = {name: [] for name in ("game", "hand", "seat", "player")}
    dealt: list[tuple[int, ...]] = []
    for index, deal in enumerate(deals):
        for seat, player, holding in zip(SEATS, PLAYERS, deal, strict=True):
            columns["game"].append(index // hands_per_game + 1)
            columns["hand"].append(index % hands_per_game + 1)
            columns["seat"].append(seat)
            columns["player"].append(player)
            dealt.append(features(holding))
    frame = pl.DataFrame(columns).with_columns(
        pl.DataFrame(dealt, schema=list(DEAL_FEATURES), orient="row")
    )
    frame = frame.with_columns(file=pl.lit("sim.spades"))
    return frame.select(
        (pl.col(name) if name in frame.columns else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in HANDS.items()
    )


def biased_sometimes(share: float) -> Dealer:
    """A dealer who favours North in ``share`` of the deals, fair otherwise."""

    def deal(rng: random.Random) -> Deal:
        return biased_deal(rng) if rng.random() < share else fair_deal(rng)

    return deal


def rate(dealer: Dealer, deals: int, runs: int, seed: int, north_only: bool) -> float:
    """The share of ``runs`` corpora in which a bias is found (North's spades, or any)."""
    found = 0
    for run in range(runs):
        rng = random.Random(seed * 1_000_003 + run)
        result = fairness(hands_frame([dealer(rng) for _ in range(deals)]))
        tests = result.tests
        if north_only:
            tests = tests.filter(
                (pl.col("scope") == "seat")
                & (pl.col("who") == "North")
                & (pl.col("measure") == "spades")
            )
        found += bool(tests.get_column("biased").any())
    return found / runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--sizes", default="25,50,100,200,400,800,1600")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    start = time.perf_counter()
    print(f"machine: {platform.machine()}, {platform.processor() or platform.platform()}")
    print(f"runs per cell: {args.runs}; level 0.01 (Holm over every test made)")
    print("| deals | North +1 spade always | +1 spade in 1 deal of 4 | fair: any false alarm |")
    print("|---:|---:|---:|---:|")
    for size in sizes:
        always = rate(biased_deal, size, args.runs, 1, True)
        quarter = rate(biased_sometimes(0.25), size, args.runs, 2, True)
        fair = rate(fair_deal, size, args.runs, 3, False)
        print(f"| {size:,} | {always:.0%} | {quarter:.0%} | {fair:.0%} |", flush=True)
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
