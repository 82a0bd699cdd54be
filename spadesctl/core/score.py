"""One party's hand scored on integers: the arithmetic of docs/scoring.md, written once.

:func:`score_party` is called by the full scorer (:func:`spadesctl.scoring.score_hand`,
which adds the seats, renege rulings and, when asked, the explanation) and by the express
check (:mod:`spadesctl.express.game`).  Its inputs and outputs are plain numbers: a
party's contract (tricks bid openly and blind), its nil bids (:mod:`spadesctl.core.bids`
codes with the tricks each nil bidder took), the tricks it took, and its bag counter
before the hand.  Explanations are written from the figures afterwards
(:mod:`spadesctl.scoring.explain`), never while scoring.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from spadesctl.core.bids import BLIND_NIL
from spadesctl.rules.ruleset import (
    BagMode,
    BlindBidSet,
    FailedNilTricks,
    MoonFail,
    Ruleset,
    SetPenalty,
)

#: A made bid of 10 or more under ``ten_for_200``.
TEN_FOR_200_POINTS: Final = 200
#: Points a trick scores: bid (made or set), bid blind (double), in an unbid hand.
TRICK_POINTS: Final = 10
BLIND_TRICK_POINTS: Final = 20


class SetReason(enum.Enum):
    """Why a contract was set."""

    SHORT = "short"  # fewer tricks than bid
    OVERTRICKS = "overtricks"  # more overtricks than max_overtricks allows
    RENEGE = "renege"  # a renege ruling of "set"


@dataclass(frozen=True, slots=True)
class ScoreRules:
    """The scoring keys of a ruleset, as plain numbers (:func:`score_rules`)."""

    tricks: int  # in a hand
    nil: int  # a made nil's bonus (0 when nil is off)
    nil_penalty: int
    blind_nil: int | None
    failed_nil_tricks: FailedNilTricks
    bag_unit: int  # points per bag: 1 carry, -1 deduct, 0 off
    carry: bool  # a bag counter is kept
    bag_limit: int  # 0: no limit
    bag_penalty: int
    set_scores_zero: bool
    max_overtricks: int | None
    ten_for_200: bool
    moon: int | None
    moon_fail_bags: bool
    blind_set_double: bool  # blind_bid_set=double: a failed blind bid loses double too
    unbid_bids_itself: bool  # first_hand_bids_itself: an unbid hand is a bid of its tricks


_BAG_UNIT: Final = {BagMode.CARRY: 1, BagMode.DEDUCT: -1, BagMode.OFF: 0}


@functools.lru_cache(maxsize=256)
def score_rules(rules: Ruleset) -> ScoreRules:
    """The scoring view of ``rules``."""
    return ScoreRules(
        tricks=rules.tricks_per_hand,
        nil=rules.nil or 0,
        nil_penalty=rules.effective_nil_penalty,
        blind_nil=rules.blind_nil,
        failed_nil_tricks=rules.failed_nil_tricks,
        bag_unit=_BAG_UNIT[rules.bag_mode],
        carry=rules.bag_mode is BagMode.CARRY,
        bag_limit=rules.bag_limit if rules.bag_limit is not None and rules.bag_limit > 0 else 0,
        bag_penalty=rules.bag_penalty,
        set_scores_zero=rules.set_penalty is SetPenalty.ZERO,
        max_overtricks=rules.max_overtricks,
        ten_for_200=rules.ten_for_200,
        moon=rules.moon,
        moon_fail_bags=rules.moon_fail is MoonFail.BAGS,
        blind_set_double=rules.blind_bid_set is BlindBidSet.DOUBLE,
        unbid_bids_itself=rules.first_hand_bids_itself,
    )


def nil_values(r: ScoreRules, code: int) -> tuple[int, int]:
    """(bonus, penalty) of a nil bid of ``code`` (``NIL`` or ``BLIND_NIL``)."""
    if code == BLIND_NIL and r.blind_nil is not None:
        return r.blind_nil, r.blind_nil
    return r.nil, r.nil_penalty


class PartyFigures(NamedTuple):
    """One party's hand, as :func:`score_party` computes it."""

    points: int  # everything below added up, bag penalties included
    bags: int  # the bag counter after the hand
    made: bool | None  # None: no contract
    boston: bool  # a bid of 10 or more and every trick of the hand taken
    contract: int | None
    blind: int  # of the contract, tricks bid blind
    counted: int  # tricks counted toward the contract
    set_reason: SetReason | None
    overtricks: int  # counted beyond the contract, when made
    extra_bags: int  # failed nils' and a failed moon's tricks that count as bags
    moon: bool  # the contract was for every trick (and moon is on)
    contract_points: int
    overtrick_points: int  # the bags as bag_mode scores them
    nil_points: int
    bags_added: int  # to the bag counter (carry only)
    bag_penalties: int  # times the counter reached bag_limit
    bag_penalty_points: int  # 0 or less
    nil_bags: int  # failed nils' tricks that count as bags
    partner_nil_tricks: int  # failed nils' tricks counted toward the contract
    void: int  # tricks that count for nothing


#: :func:`score_party`'s result: a plain tuple, in the order of :class:`PartyFigures`
#: (``PartyFigures._make`` names them; a plain tuple is cheaper to build).
Figures = tuple[
    int, int, bool | None, bool, int | None, int, int, SetReason | None, int, int, bool,
    int, int, int, int, int, int, int, int, int,
]  # fmt: skip


def score_party(
    r: ScoreRules,
    plain: int,
    blind: int,
    has_contract: bool,
    nils: Sequence[tuple[int, int]],
    taken: int,
    bags_before: int,
    removed: int = 0,
    received: int = 0,
    set_by_ruling: bool = False,
) -> Figures:
    """Score one party's hand: its :class:`PartyFigures` as a plain tuple.

    ``plain`` and ``blind``: the tricks of its contract bid openly and blind (a side's
    number bids added up; ``has_contract`` false when all its bidders bid nil); ``nils``:
    per nil bidder, its bid code and the tricks it took; ``taken``: all the party's
    tricks; ``bags_before``: its bag counter.  A side whose partners both bid nil has no
    contract, and its tricks count for nothing (no bags).  Renege rulings: ``removed``
    tricks leave the party (those counted toward its contract first, then failed nils'
    bags, then tricks that count for nothing); ``received`` tricks come to it from other
    parties' reneges and count toward its contract only: never as bags, nor toward the
    overtrick limit, and for nothing without a contract; ``set_by_ruling`` sets its
    contract.
    """
    nil_points = 0
    nil_tricks = 0
    for code, tricks in nils:
        if code == BLIND_NIL and r.blind_nil is not None:
            bonus = penalty = r.blind_nil
        else:
            bonus, penalty = r.nil, r.nil_penalty
        nil_points += bonus if tricks == 0 else -penalty
        nil_tricks += tricks
    counted = taken - nil_tricks
    nil_bags = partner = void = 0
    policy = r.failed_nil_tricks
    if not has_contract and len(nils) > 1:
        void = nil_tricks  # both partners nil: no contract, the tricks count for nothing
    elif policy is FailedNilTricks.BAGS:
        nil_bags = nil_tricks
    elif policy is FailedNilTricks.PARTNER and has_contract:
        counted += nil_tricks
        partner = nil_tricks
    else:
        void = nil_tricks
    if removed:
        take = min(removed, counted)
        counted -= take
        left = removed - take
        take = min(left, nil_bags)
        nil_bags -= take
        void -= min(left - take, void)
    own = counted  # the party's own tricks toward its contract, after any penalty
    if received:
        if has_contract:
            counted += received
        else:
            void += received
    contract: int | None = None
    made: bool | None = None
    reason: SetReason | None = None
    overtricks = moon_bags = contract_points = 0
    moon = boston = False
    if has_contract:
        contract = plain + blind
        moon = r.moon is not None and contract == r.tricks
        boston = contract >= 10 and taken - removed + received == r.tricks
        over = counted - contract
        own_over = own - contract  # overtricks are the party's own tricks, never received
        limit = r.max_overtricks
        if over >= 0 and not set_by_ruling and (limit is None or blind or own_over <= limit):
            made = True
            overtricks = max(own_over, 0)
            if moon:
                contract_points = r.moon or 0
            elif r.ten_for_200 and contract >= 10:
                contract_points = TEN_FOR_200_POINTS * (2 if blind else 1)
            else:
                contract_points = TRICK_POINTS * plain + BLIND_TRICK_POINTS * blind
        else:
            made = False
            if set_by_ruling:
                reason = SetReason.RENEGE
            else:
                reason = SetReason.SHORT if over < 0 else SetReason.OVERTRICKS
            if moon and r.moon_fail_bags and reason is SetReason.SHORT:
                moon_bags = own  # the failed moon's own tricks count as bags
            elif r.set_scores_zero:
                pass
            elif r.ten_for_200 and contract >= 10:
                contract_points = -TEN_FOR_200_POINTS * (2 if blind and r.blind_set_double else 1)
            elif r.blind_set_double:
                contract_points = -(TRICK_POINTS * plain + BLIND_TRICK_POINTS * blind)
            else:
                contract_points = -TRICK_POINTS * contract
    extra = nil_bags + moon_bags
    bag_points = r.bag_unit * (overtricks + extra)
    bags = bags_before
    added = penalties = 0
    if r.carry:
        added = overtricks + extra
        bags += added
        if r.bag_limit:
            penalties, bags = divmod(bags, r.bag_limit)
    penalty_points = -r.bag_penalty * penalties
    return (
        contract_points + bag_points + nil_points + penalty_points,
        bags,
        made,
        boston,
        contract,
        blind,
        counted,
        reason,
        overtricks,
        extra,
        moon,
        contract_points,
        bag_points,
        nil_points,
        added,
        penalties,
        penalty_points,
        nil_bags,
        partner,
        void,
    )


def unbid_figures(taken: int, bags_before: int, set_by_ruling: bool = False) -> Figures:
    """A party's figures in a hand played without bids (``unbid_hands``, unless
    ``first_hand_bids_itself``): 10 points a trick it counts (``taken``, after renege
    transfers; 0 if set by a ruling), no contract, its bag counter as it was
    (``bags_before``)."""
    points = 0 if set_by_ruling else TRICK_POINTS * taken
    return (
        points, bags_before, None, False, None, 0, taken, None, 0, 0, False,
        points, 0, 0, 0, 0, 0, 0, 0, 0,
    )  # fmt: skip


def score_unbid_party(
    r: ScoreRules,
    taken: int,
    bags_before: int,
    removed: int = 0,
    received: int = 0,
    set_by_ruling: bool = False,
) -> Figures:
    """One party's hand played without bids, under either reading of the ruleset: its
    :func:`unbid_figures` (the tricks it counts, ``taken - removed + received``), or,
    under ``first_hand_bids_itself``, a made bid of exactly those tricks
    (:func:`score_party` with that contract).  The scorer and the express check both call
    it."""
    counted = taken - removed + received
    if r.unbid_bids_itself:
        return score_party(
            r, counted, 0, True, (), taken, bags_before, removed, received, set_by_ruling
        )
    return unbid_figures(counted, bags_before, set_by_ruling)
