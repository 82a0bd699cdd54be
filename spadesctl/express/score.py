"""Scoring for the express check: one party's hand from the seats' bids, and the game end.

A hand is scored by the rules core (:func:`spadesctl.core.score.score_party`, the
function :func:`spadesctl.scoring.score_hand` calls too); :func:`score_parties` here only
adds up each party's seats.  ``tests/test_express.py`` compares it with
:func:`spadesctl.scoring.score_hand` over random bids, tricks and bag counts under every
ruleset the express check covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadesctl.core.bids import NO_BID
from spadesctl.core.score import Figures, score_unbid_party
from spadesctl.core.score import score_party as core_score_party
from spadesctl.express.family import ExpressRules


def score_parties(
    rules: ExpressRules,
    bids: Sequence[int],
    took: Sequence[int],
    scores: list[int],
    bags: list[int],
    sets: list[int],
    bostons: list[bool],
    figures: list[Figures] | None = None,
    sides: Sequence[tuple[int, int]] | None = None,
    unbid: bool = False,
) -> None:
    """Score one hand for every party, moving each party's running figures on in place:
    ``scores``, ``bags`` (the bag counts), ``sets`` (sets in a row) and ``bostons``
    (whether it bid 10 or more and took every trick in this hand).

    ``bids`` and ``took``: every seat's bid (:mod:`spadesctl.core.bids` codes) and
    tricks; ``sides``: each side's bid as one, openly and blind (``(0, 0)``: none;
    :class:`~spadesctl.express.bids.BidLine`); ``unbid``: the hand was played without
    bids.  The arithmetic is :func:`spadesctl.core.score.score_party`'s (an unbid hand's
    :func:`~spadesctl.core.score.score_unbid_party`, as the scorer's); here the seats of
    each party are only added up.  ``figures``, when given, is told each party's figures
    in turn (the tables' rows are written from them).
    """
    score = rules.score
    for p, seats in enumerate(rules.party_seats):
        contract = 0
        blind = 0
        has_contract = False
        nils: list[tuple[int, int]] = []
        taken = 0
        for seat in seats:
            bid = bids[seat]
            tricks = took[seat]
            taken += tricks
            if bid >= 0:
                contract += bid
                has_contract = True
            elif bid != NO_BID:
                nils.append((bid, tricks))
        if sides is not None and sides[p] != (0, 0):
            contract += sides[p][0]
            blind = sides[p][1]
            has_contract = True
        if unbid:  # no one bid: the tricks it took, or a made bid of them
            f = score_unbid_party(score, taken, bags[p])
        else:
            f = core_score_party(score, contract, blind, has_contract, nils, taken, bags[p])
        if figures is not None:
            figures.append(f)
        scores[p] += f[0]
        bags[p] = f[1]
        sets[p] = sets[p] + 1 if f[2] is False else 0
        bostons[p] = f[3]


#: Why a game ended, as :class:`spadesctl.scoring.model.EndReason` words it (not
#: imported: a clean file never loads the scorer).
BOSTON: Final = "boston"
SET_TWICE: Final = "set-twice"
SET_STREAK: Final = "set-streak"
MERCY: Final = "mercy"
TARGET: Final = "target"


def winner(
    rules: ExpressRules, scores: list[int], sets: list[int], bostons: list[bool]
) -> tuple[int, str] | None:
    """The party (its index in ``rules.parties``) that has won after a hand and why (an
    ``EndReason`` value), or ``None``: play goes on.

    As :func:`spadesctl.scoring.game_end` decides it: a Boston (``boston_wins``), set
    twice in a row, the mercy rule, then the target; a tie at the top decides nothing.
    """
    if rules.boston_wins and any(bostons):
        return bostons.index(True), BOSTON
    streak = rules.set_streak_loses
    if streak is not None:
        decided = _without(scores, [s >= streak for s in sets])
        if decided is not None:
            return decided, SET_TWICE if streak == 2 else SET_STREAK
    if rules.lose_at is not None:
        limit = rules.lose_at
        decided = _without(scores, [s <= limit for s in scores])
        if decided is not None:
            return decided, MERCY
    if max(scores) >= rules.target:
        top = _top(scores, tuple(range(len(scores))))
        return None if top is None else (top, TARGET)
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
