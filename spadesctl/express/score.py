"""Scoring in plain integers for the express check: one party's hand, and the game end.

The same arithmetic as :mod:`spadesctl.scoring` (docs/scoring.md) for the rulesets of
:mod:`spadesctl.express.family`, without the explanations.  ``tests/test_express.py``
compares :func:`score_party` with :func:`spadesctl.scoring.score_hand` over random bids,
tricks and bag counts under every ruleset the express check covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadesctl.core.bids import BLIND_NIL
from spadesctl.express.family import ExpressRules
from spadesctl.rules.ruleset import FailedNilTricks

#: A made bid of 10 or more under ``ten_for_200``.
TEN_FOR_200_POINTS: Final = 200


def score_party(
    rules: ExpressRules,
    bids: Sequence[int],
    took: Sequence[int],
    seats: tuple[int, ...],
    bags_before: int,
    sets_before: int,
) -> tuple[int, int, int, bool]:
    """One party's hand: (points, bag count after, sets in a row after, Boston).

    ``bids`` and ``took``: every seat's bid (codes above) and tricks; ``seats``: the
    party's (two for a side, one for a player on their own).  Boston: the party bid 10
    or more and took every trick.
    """
    contract = 0
    has_contract = False
    nil_points = 0
    nil_tricks = 0
    taken = 0
    for seat in seats:
        bid = bids[seat]
        tricks = took[seat]
        taken += tricks
        if bid >= 0:
            contract += bid
            has_contract = True
            continue
        if bid == BLIND_NIL and rules.blind_nil is not None:
            bonus = penalty = rules.blind_nil
        else:
            bonus, penalty = rules.nil or 0, rules.nil_penalty
        nil_points += bonus if tricks == 0 else -penalty
        nil_tricks += tricks
    counted = taken - nil_tricks
    nil_bags = 0
    if rules.failed_nil_tricks is FailedNilTricks.BAGS:
        nil_bags = nil_tricks
    elif rules.failed_nil_tricks is FailedNilTricks.PARTNER and has_contract:
        counted += nil_tricks
    overtricks = 0
    contract_points = 0
    is_set = boston = False
    if has_contract:
        moon = rules.moon is not None and contract == rules.tricks
        boston = contract >= 10 and taken == rules.tricks
        over = counted - contract
        if over >= 0 and (rules.max_overtricks is None or over <= rules.max_overtricks):
            overtricks = over
            if moon:
                contract_points = rules.moon or 0
            elif rules.ten_for_200 and contract >= 10:
                contract_points = TEN_FOR_200_POINTS
            else:
                contract_points = 10 * contract
        else:
            is_set = True
            if moon and rules.moon_fail_bags and over < 0:
                nil_bags += counted  # the failed moon's tricks count as bags
            elif rules.set_scores_zero:
                contract_points = 0
            elif rules.ten_for_200 and contract >= 10:
                contract_points = -TEN_FOR_200_POINTS
            else:
                contract_points = -10 * contract
    bags_added = overtricks + nil_bags
    points = contract_points + rules.bag_unit * bags_added + nil_points
    bags = bags_before
    if rules.carry:
        bags += bags_added
        if rules.bag_limit:
            penalties, bags = divmod(bags, rules.bag_limit)
            points -= rules.bag_penalty * penalties
    return points, bags, sets_before + 1 if is_set else 0, boston


def winner(
    rules: ExpressRules, scores: list[int], sets: list[int], bostons: list[bool]
) -> int | None:
    """The party (its index in ``rules.parties``) that has won after a hand, or
    ``None``: play goes on.

    As :func:`spadesctl.scoring.game_end` decides it: a Boston (``boston_wins``), set
    twice in a row, the mercy rule, then the target; a tie at the top decides nothing.
    """
    if rules.boston_wins and any(bostons):
        return bostons.index(True)
    if rules.set_twice_loses:
        decided = _without(scores, [s >= 2 for s in sets])
        if decided is not None:
            return decided
    if rules.lose_at is not None:
        limit = rules.lose_at
        decided = _without(scores, [s <= limit for s in scores])
        if decided is not None:
            return decided
    if max(scores) >= rules.target:
        return _top(scores, tuple(range(len(scores))))
    return None


def _without(scores: list[int], lost: list[bool]) -> int | None:
    if not any(lost):
        return None
    others = tuple(p for p in range(len(scores)) if not lost[p]) or tuple(range(len(scores)))
    return _top(scores, others)


def _top(scores: list[int], sides: tuple[int, ...]) -> int | None:
    best = max(scores[p] for p in sides)
    top = [p for p in sides if scores[p] == best]
    return top[0] if len(top) == 1 else None
