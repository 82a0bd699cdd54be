"""The deal columns of ``hands`` (suit lengths, jokers, aces, high cards) and the Time tag."""

from __future__ import annotations

from datetime import time
from pathlib import Path

import polars as pl
import pytest

from spadesctl.cards import parse_holding
from spadesctl.dates import game_time
from spadesctl.generate import generate_games
from spadesctl.notation.writer import format_game
from spadesctl.rules.parse import parse_rules
from spadesctl.tables.corpus import CorpusOptions, iter_batches
from spadesctl.tables.deal import features
from spadesctl.tables.schema import DEAL_FEATURES

# The deal of README.md's example, counted by hand.
ONE_HAND = """[Event "Deal"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Time "20:15"]

hand 1 dealer N
deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7
bid E 6 S 3 W 4 N 3
took N 3 E 6 S 3 W 1
"""


@pytest.mark.parametrize(
    ("holding", "expected"),
    [
        # spades hearts diamonds clubs jokers aces high
        ("AJ64.QT9.74.J984", (4, 3, 2, 4, 0, 1, 4)),  # AS JS QH JC
        ("KQT975.A62.3.Q62", (6, 3, 1, 3, 0, 1, 4)),  # KS QS AH QC
        ("8.J853.KQJT96.53", (1, 4, 6, 2, 0, 0, 4)),  # JH KD QD JD
        ("32.K74.A852.AKT7", (2, 3, 4, 4, 0, 2, 4)),  # KH AD AC KC
    ],
)
def test_features_of_a_holding(holding: str, expected: tuple[int, ...]) -> None:
    assert features(parse_holding(holding)) == expected


def _hands(text: str, tmp_path: Path) -> pl.DataFrame:
    path = tmp_path / "g.spades"
    path.write_text(text, encoding="utf-8")
    batches = list(iter_batches([str(path)], CorpusOptions(tables=("hands",)), 1))
    return pl.concat([b.frames["hands"] for b in batches])


def test_a_deal_line_fills_the_deal_columns(tmp_path: Path) -> None:
    hands = _hands(ONE_HAND, tmp_path)
    rows = {r["seat"]: r for r in hands.iter_rows(named=True)}
    assert [rows["N"][c] for c in DEAL_FEATURES] == [4, 3, 2, 4, 0, 1, 4]
    assert [rows["W"][c] for c in DEAL_FEATURES] == [2, 3, 4, 4, 0, 2, 4]
    assert hands.get_column("time").unique().to_list() == [time(20, 15)]
    # Every card dealt once: the four hands' suits add up to the deck.
    totals = hands.select(pl.sum(c) for c in ("spades", "hearts", "aces", "high_cards"))
    assert totals.row(0) == (13, 13, 4, 16)


def test_no_deal_and_no_full_play_leave_the_deal_columns_null(tmp_path: Path) -> None:
    text = ONE_HAND.replace(
        "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7\n", ""
    )
    hands = _hands(text, tmp_path)
    assert hands.height == 4
    assert hands.select(DEAL_FEATURES).null_count().row(0) == (4,) * len(DEAL_FEATURES)


def test_full_play_rebuilds_the_deal(tmp_path: Path) -> None:
    game = format_game(next(generate_games(1, 5, parse_rules("standard"))))
    text = "\n".join(line for line in game.splitlines() if not line.startswith("deal "))
    with_deal = _hands(game, tmp_path).select("hand", "seat", *DEAL_FEATURES)
    rebuilt = _hands(text, tmp_path).select("hand", "seat", *DEAL_FEATURES)
    assert rebuilt.null_count().sum_horizontal().item() == 0
    assert rebuilt.equals(with_deal)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("20:15", time(20, 15)),
        ("7:05:09", time(7, 5, 9)),
        (" 23:59:59 ", time(23, 59, 59)),
        ("24:00", None),
        ("??:??:??", None),
        ("evening", None),
        (None, None),
    ],
)
def test_time_tag(text: str | None, expected: time | None) -> None:
    assert game_time(text) == expected
