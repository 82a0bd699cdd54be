"""The hot path's shortcuts give exactly what the plain computation gives.

Each shortcut taken for speed (cached holding groups, holdings sorted by place, the
referee's own game result reused for the score sheet) is compared here with the plain
computation it replaced, on generated games of every preset or on random input.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl.cards import ALL_CARDS, HOLDING_SUITS, holding_order, parse_holding
from spadesctl.core.deck import CARDS, holding_cards
from spadesctl.generate import generate_games
from spadesctl.referee import referee_game
from spadesctl.rules.presets import PRESETS
from spadesctl.sheet.build import sheet_from_referee
from spadesctl.sheet.model import ScoreSheet


@given(st.sets(st.integers(0, len(CARDS) - 1)))
def test_holdings_sorted_by_place_are_in_holding_order(indices: set[int]) -> None:
    expected = tuple(sorted((CARDS[i] for i in indices), key=holding_order))
    assert holding_cards(indices) == expected


RANK_SPELLINGS = ["A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def reference_holding(text: str) -> tuple[object, ...]:
    """The holding read character by character, then sorted (the reader before caching)."""
    groups = text.split(".")
    out = []
    for index, group in enumerate(groups):
        group = group.replace("10", "T")
        for ch in group:
            if index == 4:
                out.append({"B": ALL_CARDS[-2], "H": ALL_CARDS[-2], "L": ALL_CARDS[-1]}[ch.upper()])
            else:
                rank = "23456789TJQKA".index(ch.upper()) + 2
                suit = HOLDING_SUITS[index]
                out.append(next(c for c in ALL_CARDS if c.rank == rank and c.suit is suit))
    return tuple(sorted(out, key=holding_order))


group = st.lists(st.sampled_from([*RANK_SPELLINGS, "a", "k", "t", "q"]), max_size=6).map("".join)
jokers = st.lists(st.sampled_from(["B", "L", "b", "l", "H"]), max_size=2).map("".join)


@settings(max_examples=300)
@given(st.lists(group, min_size=4, max_size=4), st.none() | jokers)
def test_cached_holding_groups_read_as_the_plain_reader(
    groups: list[str], joker: str | None
) -> None:
    text = ".".join(groups + ([joker] if joker is not None else []))
    assert parse_holding(text) == reference_holding(text)
    assert parse_holding(text) == reference_holding(text)  # the second time from the cache


def test_score_sheet_from_the_referee_equals_the_sheet_decided_again() -> None:
    """The referee's result and hands after the end are what ScoreSheet.of decides."""
    for rules in PRESETS.values():
        for game in generate_games(3, seed=4, rules=rules):
            refereed = referee_game(game, rules)
            sheet = sheet_from_referee(refereed)
            again = ScoreSheet.of(sheet.game, sheet.rules, sheet.hands)
            assert sheet == again
            assert sheet.result == again.result
            assert sheet.hands_after_end == again.hands_after_end
