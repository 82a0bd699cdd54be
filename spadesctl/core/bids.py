"""Bids as the rules read them: whether a bid is a nil, and bids as integer codes.

A bid of 0 is a nil when the ruleset has nil bids and reads a 0 as one
(``zero_is_nil=yes``, ``nil`` not ``off``); otherwise it is an ordinary bid of no tricks.
The express check and the scorer work on bid codes: 0.. a number of tricks, :data:`NIL`
and :data:`BLIND_NIL` below 0.
"""

from __future__ import annotations

from typing import Final

from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import Ruleset, UnbidHands

#: Bid codes: 0 and up is a number of tricks (after a 0 that counts as nil became NIL).
NIL: Final = -1
BLIND_NIL: Final = -2


def zero_is_nil(rules: Ruleset) -> bool:
    """Whether a bid of 0 is a nil under ``rules`` (``zero_is_nil`` and nil bids on)."""
    return rules.zero_is_nil and rules.nil is not None


def is_nil(rules: Ruleset, bid: Bid) -> bool:
    """Whether ``bid`` is a nil or blind nil (a plain 0 is one when :func:`zero_is_nil`)."""
    kind = bid.kind
    if kind is BidKind.NIL or kind is BidKind.BLIND_NIL:
        return True
    return kind is BidKind.NUMBER and bid.tricks == 0 and zero_is_nil(rules)


def is_unbid(rules: Ruleset, hand_number: int) -> bool:
    """Whether hand ``hand_number`` (from 1) is played without bids (``unbid_hands``)."""
    unbid = rules.unbid_hands
    return unbid is UnbidHands.ALL or (unbid is UnbidHands.FIRST and hand_number == 1)


def bid_code(rules: Ruleset, bid: Bid) -> int:
    """``bid`` as a code: its tricks, or :data:`NIL` / :data:`BLIND_NIL`."""
    if bid.kind is BidKind.BLIND_NIL:
        return BLIND_NIL
    return NIL if is_nil(rules, bid) else bid.tricks
