"""Bids as the rules read them: whether a bid is a nil, and bids as integer codes.

A bid of 0 is a nil when the ruleset has nil bids and reads a 0 as one
(``zero_is_nil=yes``, ``nil`` not ``off``); otherwise it is an ordinary bid of no tricks.
The express check and the scorer work on bid codes: 0.. a number of tricks, :data:`NIL`
and :data:`BLIND_NIL` below 0 (and :data:`NO_BID`, a seat without a bid of its own).
The rules on bids that the replay (:mod:`spadesctl.replay.bidding`) words and the express
check (:mod:`spadesctl.express.bids`) only obeys are here too: how far a party trails
(:func:`trail`), when a blind bid or a blind nil is refused (:func:`blind_bid_fault`,
:func:`blind_nil_refused`), and the suicide partner's least bid.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import Ruleset, UnbidHands

#: Bid codes: 0 and up is a number of tricks (after a 0 that counts as nil became NIL).
NIL: Final = -1
BLIND_NIL: Final = -2
#: A seat without a bid of its own: its side bid as one (``bid NS 7``), or the hand is
#: unbid.
NO_BID: Final = -3

#: ``bidding=suicide``: the partner of a side's nil bidder bids at least this many.
SUICIDE_PARTNER_MIN: Final = 4


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


def is_nil_code(code: int) -> bool:
    """Whether bid code ``code`` is a nil (:data:`NIL` or :data:`BLIND_NIL`)."""
    return code in (NIL, BLIND_NIL)


def trail(scores: Sequence[int], party: int) -> int | None:
    """How far party ``party`` (an index of ``scores``, each party's running score)
    trails the best other party (negative: it leads); ``None`` without another party."""
    others = [v for p, v in enumerate(scores) if p != party]
    return max(others) - scores[party] if others else None


class BlindFault(enum.Enum):
    """Why a blind bid is refused (``blind-bid-not-allowed``)."""

    OFF = "off"  # blind bids are off
    SMALL = "small"  # fewer tricks than ``blind_bids``
    DEFICIT = "deficit"  # the party does not trail by ``blind_bid_deficit``


def blind_bid_fault(
    smallest: int | None, deficit: int, tricks: int, behind: int | None
) -> BlindFault | None:
    """Why a blind bid of ``tricks`` by a party trailing by ``behind`` (:func:`trail`;
    ``None``: the standing is unknown, not checked) is refused under ``blind_bids`` =
    ``smallest`` and ``blind_bid_deficit`` = ``deficit``; ``None``: it is allowed."""
    if smallest is None:
        return BlindFault.OFF
    if tricks < smallest:
        return BlindFault.SMALL
    if behind is not None and behind < deficit:
        return BlindFault.DEFICIT
    return None


def blind_nil_refused(blind_nil: int | None, deficit: int, behind: int | None) -> bool:
    """Whether a blind nil by a party trailing by ``behind`` (:func:`trail`; ``None``:
    the standing is unknown, not checked) is refused under ``blind_nil`` and
    ``blind_nil_deficit`` = ``deficit``: blind nil is off, or the party trails by less."""
    if blind_nil is None:
        return True
    return behind is not None and behind < deficit
