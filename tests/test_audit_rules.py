"""Audit of the rulesets: combinations that cannot be played are refused, their neighbours
that can are accepted."""

from __future__ import annotations

import pytest

from spadesctl.rules import RulesError, parse_rules

REFUSED = [
    # 4 players, standard deck: the 13 spades are all dealt, so mirror bids add up to 13.
    ("mirror bids_total_13=no", "bidding=mirror with bids_total_13=no"),
    # Partners who both hold no spades have no bid but nil.
    ("mirror both_nil=no", "bidding=mirror rules out both_nil=no"),
    ("jjdd players=3 partnership=no blind_nil=off", "high_twos=2D cannot be played by 3"),
    ("standard deck=jjdd players=3 partnership=no", "deck=jjdd cannot be played by 3"),
    ("jokers first_lead=two_of_clubs", "first_lead=two_of_clubs needs deck=standard"),
    ("standard players=3", "partnership=yes needs players=4"),
    ("cutthroat failed_nil_tricks=partner", "failed_nil_tricks=partner needs partnership"),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[t for t, _ in REFUSED])
def test_impossible_rules_are_refused(text: str, message: str) -> None:
    with pytest.raises(RulesError, match="impossible rules") as caught:
        parse_rules(text)
    assert message in str(caught.value)


ACCEPTED = [
    # Under jokers 15 spades are dealt, with three players 13 of 17 tricks: the mirror
    # bids never add up to the tricks in the hand.
    "mirror bids_total_13=no deck=jokers",
    # A 0 that is not a nil: partners without spades bid 0 each, no double nil.
    "mirror both_nil=no zero_is_nil=no",
    "cutthroat players=3 bidding=mirror bids_total_13=no",
    "britannica must_overtake=yes",
    "solo nil=50 first_lead=lowest_club spades_first_trick=no",
    "cutthroat blind_nil=200 blind_nil_pass=0",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_playable_rules_are_accepted(text: str) -> None:
    parse_rules(text)
