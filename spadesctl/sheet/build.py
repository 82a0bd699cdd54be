"""Building score sheets: from the replay's hands, and again with every renege penalised.

The replay (:mod:`spadesctl.replay`) says what each hand's bids and tricks were and which
reneges the play proves; :func:`sheet_hand` turns one replayed hand into a
:class:`~spadesctl.sheet.model.SheetHand`.  :func:`score_hands` scores a game's hands in
turn with :func:`~spadesctl.scoring.score_hand`, carrying the standing; it is what
:func:`with_all_penalties` uses to recompute a sheet as if every proven renege had been
called at the table.

**Reading, a hand that cannot be scored** (no tricks recorded, or no bids): its points
are unknown, so the standing after it is taken from the sheet's own ``score`` and
``bags`` lines for that hand where written (else carried unchanged), and the hands after
it are recomputed from there.  A sheet is never blamed for a figure the recomputation
could not check; the hand itself is reported by the replay (``incomplete-hand``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import replace

from spadesctl.record import Game
from spadesctl.referee import RefereedGame
from spadesctl.replay.result import ReplayedGame, ReplayedHand
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring import (
    HandScore,
    PartyStanding,
    RenegeRuling,
    ScoringError,
    Standing,
    score_hand,
)
from spadesctl.sheet.model import ScoreSheet, SheetHand

#: Which rulings to score a hand with (by default: the table's own, ``SheetHand.rulings``).
RulingsOf = Callable[[SheetHand], tuple[RenegeRuling, ...]]


def table_rulings(hand: SheetHand) -> tuple[RenegeRuling, ...]:
    """The renege rulings the table made (the record's ``renege`` lines)."""
    return hand.rulings


def all_reneges(hand: SheetHand) -> tuple[RenegeRuling, ...]:
    """The table's rulings plus every renege the replay proved that the table did not call."""
    called = {(r.offender, r.trick) for r in hand.rulings}
    extra = tuple(r for r in hand.reneges if (r.offender, r.trick) not in called)
    return hand.rulings + extra


def uncalled_reneges(hand: SheetHand) -> tuple[RenegeRuling, ...]:
    """The reneges the replay proved that the table did not call."""
    called = {(r.offender, r.trick) for r in hand.rulings}
    return tuple(r for r in hand.reneges if (r.offender, r.trick) not in called)


def sheet_hand(replayed: ReplayedHand) -> SheetHand:
    """The sheet's view of one replayed hand, not scored yet (see :func:`score_hands`)."""
    return _sheet_hand(replayed, None, _unscored(replayed))


def _unscored(replayed: ReplayedHand) -> str | None:
    """Why a replayed hand cannot be scored, if it cannot."""
    if not replayed.taken:
        return "the record does not give the tricks taken"
    if not replayed.unbid and not replayed.bids:
        return "the record gives no bids"
    return None


def _sheet_hand(replayed: ReplayedHand, score: HandScore | None, unscored: str | None) -> SheetHand:
    hand = replayed.hand
    return SheetHand(
        number=hand.number,
        dealer=hand.dealer,
        bids=replayed.bids,
        taken=replayed.taken,
        score=score,
        recorded_score=hand.score,
        recorded_bags=hand.bags,
        rulings=tuple(RenegeRuling(r.seat, r.trick) for r in hand.reneges) if hand.reneges else (),
        reneges=(
            tuple(RenegeRuling(r.seat, r.trick) for r in replayed.reneges)
            if replayed.reneges
            else ()
        ),
        unbid=replayed.unbid,
        unscored=unscored,
        pos=hand.pos,
    )


def score_hands(
    rules: Ruleset,
    hands: Iterable[SheetHand],
    rulings: RulingsOf = table_rulings,
    start: Standing | None = None,
) -> tuple[SheetHand, ...]:
    """Score the hands in order from ``start`` (all zero by default), carrying the standing.

    A hand that cannot be scored keeps ``score=None`` and says why in ``unscored``; the
    standing after it is the sheet's (see the module's reading).
    """
    standing = start if start is not None else Standing.start(rules)
    out: list[SheetHand] = []
    for hand in hands:
        reason = hand.unscored if hand.score is None else None
        if reason is None:
            try:
                score = score_hand(
                    rules, hand.bids, hand.taken, standing, rulings(hand), hand.number
                )
            except ScoringError as exc:
                reason = str(exc)
            else:
                out.append(replace(hand, score=score, unscored=None))
                standing = score.after
                continue
        out.append(replace(hand, score=None, unscored=reason))
        standing = resume_from_sheet(standing, hand)
    return tuple(out)


def resume_from_sheet(before: Standing, hand: SheetHand) -> Standing:
    """The standing after a hand that could not be scored: the sheet's figures where it
    wrote them, the standing before the hand otherwise; sets in a row start again."""
    totals = hand.recorded_totals
    bags = hand.recorded_bag_counts
    return Standing(
        tuple(
            (p, PartyStanding(totals.get(p, s.score), bags.get(p, s.bags), 0))
            for p, s in before.entries
        )
    )


def build_sheet(
    game: Game, rules: Ruleset, hands: Iterable[SheetHand], rulings: RulingsOf = table_rulings
) -> ScoreSheet:
    """Score ``hands`` (see :func:`score_hands`) into the game's :class:`ScoreSheet`."""
    return ScoreSheet.of(game, rules, score_hands(rules, hands, rulings))


def sheet_from_replay(replayed: ReplayedGame) -> ScoreSheet:
    """The score sheet of a replayed game, each hand scored with the table's rulings."""
    return build_sheet(replayed.game, replayed.rules, (sheet_hand(h) for h in replayed.hands))


def sheet_from_referee(refereed: RefereedGame, unreadable: Collection[int] = ()) -> ScoreSheet:
    """The score sheet of a refereed game, with the referee's scores.

    ``unreadable``: numbers of hands with a line that could not be read (a syntax
    error); their figures are not trusted: such a hand counts as not scored (see the
    module's reading) and the hands after it are scored again from there.
    """
    hands = tuple(_sheet_hand(h.replayed, h.score, h.problem) for h in refereed.hands)
    if any(h.number in unreadable for h in hands):
        unread = "a line of this hand could not be read"
        hands = score_hands(
            refereed.rules,
            (
                replace(h, score=None, unscored=unread) if h.number in unreadable else h
                for h in hands
            ),
        )
        return ScoreSheet.of(refereed.game, refereed.rules, hands)
    # the referee decided the game's end from these very scores, as ScoreSheet.of would
    return ScoreSheet(
        refereed.game, refereed.rules, hands, refereed.result, refereed.hands_after_end
    )


def with_all_penalties(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet recomputed as if every renege the replay proved had been called."""
    return build_sheet(sheet.game, sheet.rules, sheet.hands, all_reneges)
