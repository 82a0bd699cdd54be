"""The referee: replay a game and score it hand by hand, carrying the standing.

Blind nil and blind bids depend on the running score before each hand, and that score
depends on the hands before it; :func:`referee_game` therefore replays one hand
(:func:`~spadesctl.replay.replay_hand`, through
:func:`~spadesctl.replay.replay_game`), scores it
(:func:`~spadesctl.scoring.score_hand`), and tells the next hand the recomputed score.

A hand that cannot be scored (no bids, no tricks, figures the scorer rejects) gets no
:class:`~spadesctl.scoring.HandScore`; the standing after it is the record's ``score``
and ``bags`` lines where written, else the standing before it, and blind nil
eligibility in the hands that follow is judged from that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spadesctl.cards import Party
from spadesctl.diagnostics import Diagnostic
from spadesctl.midgame import is_continued
from spadesctl.record import Game
from spadesctl.replay import ReplayedGame, ReplayedHand, replay_game, replay_hand
from spadesctl.rules.ruleset import BagMode, Ruleset
from spadesctl.scoring import (
    GameResult,
    HandScore,
    PartyStanding,
    RenegeRuling,
    ScoringError,
    Standing,
    game_decision,
    score_hand,
)
from spadesctl.values import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class RefereedHand:
    """One hand replayed and scored.  ``score`` is ``None`` when it could not be scored
    (``problem`` says why); ``before`` and ``after`` are the standings around it."""

    replayed: ReplayedHand
    score: HandScore | None
    problem: str | None
    before: Standing
    after: Standing

    @property
    def number(self) -> int:
        return self.replayed.number


@fast_init
@dataclass(frozen=True, slots=True)
class RefereedGame:
    """A game replayed and scored: its hands, the final standing and the result."""

    replayed: ReplayedGame
    hands: tuple[RefereedHand, ...]
    standing: Standing
    result: GameResult | None
    hands_after_end: tuple[int, ...]

    @property
    def game(self) -> Game:
        return self.replayed.game

    @property
    def rules(self) -> Ruleset:
        return self.replayed.rules

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """The replay's violations, hand by hand."""
        return self.replayed.diagnostics


def rulings_for(hand: ReplayedHand, apply_penalties: bool = False) -> tuple[RenegeRuling, ...]:
    """The renege rulings to score: the record's ``renege`` lines and, with
    ``apply_penalties``, every renege the replay proved that the table did not call."""
    if not hand.hand.reneges and not (apply_penalties and hand.reneges):
        return ()
    out = [RenegeRuling(r.seat, r.trick) for r in hand.hand.reneges]
    if apply_penalties:
        called = {(r.seat, r.trick) for r in hand.hand.reneges}
        out.extend(
            RenegeRuling(r.seat, r.trick) for r in hand.reneges if (r.seat, r.trick) not in called
        )
    return tuple(out)


def referee_game(
    game: Game,
    rules: Ruleset,
    *,
    file: str | None = None,
    apply_penalties: bool = False,
    start: Standing | None = None,
) -> RefereedGame:
    """Replay and score ``game`` under ``rules``, each hand from the standing before it.

    The first hand starts from ``start``, else (a game marked ``[Continued "yes"]``) the
    standing its recorded totals imply (:func:`~spadesctl.midgame.opening_standing`),
    else 0-0.
    """
    if start is None:
        start = opening_standing(game, rules, apply_penalties)
    standing = start if start is not None else Standing.start(rules)
    hands: list[RefereedHand] = []

    def scored(
        replayed: ReplayedHand, before: Mapping[Party, int] | None
    ) -> Mapping[Party, int] | None:
        nonlocal standing
        prior = standing
        score: HandScore | None = None
        problem: str | None = None
        if replayed.hand.totals_only:
            problem = "the sheet gives only the totals"
        elif not replayed.scorable:
            problem = "no bids" if replayed.taken else "the tricks taken are not known"
        else:
            try:
                score = score_hand(
                    rules,
                    replayed.bids,
                    replayed.taken,
                    prior,
                    rulings_for(replayed, apply_penalties),
                    replayed.number,
                )
            except ScoringError as exc:
                problem = str(exc)
        standing = score.after if score is not None else _recorded_standing(replayed, prior)
        hands.append(RefereedHand(replayed, score, problem, prior, standing))
        return standing.scores

    replayed = replay_game(game, rules, file=file, after_hand=scored, start=standing.scores)
    result, after_end = game_decision(rules, ((h.number, h.score) for h in hands))
    return RefereedGame(replayed, tuple(hands), standing, result, after_end)


def _recorded_standing(replayed: ReplayedHand, prior: Standing) -> Standing:
    """The standing the record writes after a hand that cannot be scored, else ``prior``."""
    scores = dict(replayed.hand.score.entries) if replayed.hand.score else {}
    bags = dict(replayed.hand.bags.entries) if replayed.hand.bags else {}
    return Standing(
        tuple(
            (p, PartyStanding(scores.get(p, s.score), bags.get(p, s.bags), 0))
            for p, s in prior.entries
        )
    )


def opening_standing(game: Game, rules: Ruleset, apply_penalties: bool = False) -> Standing | None:
    """The standing before the first hand of a game marked ``[Continued "yes"]``
    (:mod:`spadesctl.midgame`): that hand's recorded totals less its points, its bags the
    recorded bags less the hand's (0 without a bags line).  ``None`` when the game is not
    continued, or its first hand has no score line or cannot be scored (it then starts
    at 0-0).
    """
    if not is_continued(game) or not game.hands:
        return None
    first = game.hands[0]
    if first.score is None:
        return None
    replayed = replay_hand(first, rules, None, file=game.source, game=game.index)
    if not replayed.scorable:
        return None
    rulings = rulings_for(replayed, apply_penalties)
    recorded_bags = dict(first.bags.entries) if first.bags is not None else {}
    try:
        probe = score_hand(
            rules, replayed.bids, replayed.taken, Standing.start(rules), rulings, replayed.number
        )
        before = Standing(
            tuple(
                (p, PartyStanding(0, _bags_before(rules, recorded_bags.get(p), s.bags)))
                for p, s in probe.after.entries
            )
        )
        score = score_hand(rules, replayed.bids, replayed.taken, before, rulings, replayed.number)
    except ScoringError:
        return None
    recorded = dict(first.score.entries)
    return Standing(
        tuple(
            (p, PartyStanding(recorded.get(p, s.score) - score.after.score(p), s.bags, 0))
            for p, s in before.entries
        )
    )


def _bags_before(rules: Ruleset, recorded: int | None, gained: int) -> int:
    """A party's bags before a hand: the recorded count after it less the bags it gained
    (round the bag limit), or 0 when the record does not say."""
    if recorded is None or rules.bag_mode is not BagMode.CARRY:
        return 0
    before = recorded - gained
    if rules.bag_limit is not None:
        before %= rules.bag_limit
    return max(before, 0)
