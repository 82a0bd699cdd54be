"""Scoring a game: running totals hand by hand, and the end of the game.

:func:`game_end` decides, after one hand, whether the game is over; :func:`score_game`
runs it over a whole game.  A replay that scores hands one at a time can call
:func:`~spadesctl.scoring.hand.score_hand` and :func:`game_end` itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from spadesctl.cards import Party
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring.hand import score_hand
from spadesctl.scoring.model import (
    EndReason,
    GameResult,
    GameScore,
    HandInput,
    HandScore,
    Standing,
)


def score_game(
    rules: Ruleset, hands: Iterable[HandInput], start: Standing | None = None
) -> GameScore:
    """Score the hands in order from ``start`` (all zero by default).

    The result is the first decision reached; hands after it are still scored and their
    numbers listed in ``hands_after_end``.
    """
    standing = start if start is not None else Standing.start(rules)
    scored: list[HandScore] = []
    for position, hand in enumerate(hands, start=1):
        number = hand.number if hand.number is not None else position
        score = score_hand(rules, hand.bids, hand.taken, standing, hand.rulings, number)
        scored.append(score)
        standing = score.after
    result, after_end = game_decision(rules, ((s.number, s) for s in scored))
    return GameScore(rules, tuple(scored), standing, result, after_end)


def game_decision(
    rules: Ruleset, hands: Iterable[tuple[int, HandScore | None]]
) -> tuple[GameResult | None, tuple[int, ...]]:
    """A game's result and the hands recorded after it, from its hands in order (each
    hand's number and score, ``None`` for a hand that could not be scored): the result
    is the first decision :func:`game_end` reaches (a hand without a score decides
    nothing), and every hand after the deciding one is listed, scored or not."""
    result: GameResult | None = None
    after_end: list[int] = []
    for number, score in hands:
        if result is not None:
            after_end.append(number)
        elif score is not None:
            result = game_end(rules, score)
    return result, tuple(after_end)


def game_end(rules: Ruleset, hand: HandScore) -> GameResult | None:
    """Whether the game is decided after ``hand``, and how.

    Checked in this order: a Boston (boston_wins), a side set on that many hands in a row
    (set_streak_loses), the mercy rule (lose_at), the target.  A check whose winner would
    be a tie decides nothing: play goes on.
    """
    after = hand.after
    n = hand.number
    if rules.boston_wins:
        for r in hand.results:
            if r.boston:
                text = f"{r.party} bid {r.contract} and took every trick of hand {n}: Boston"
                return GameResult(r.party, EndReason.BOSTON, n, text)
    streak = rules.set_streak_loses
    if streak is not None:
        losers = tuple(p for p in after.parties if after[p].sets_in_a_row >= streak)
        winner = _winner_without(after, losers)
        if winner is not None:
            if streak == 2:
                hands, reason = f"two hands in a row (hands {n - 1} and {n})", EndReason.SET_TWICE
            else:
                hands = f"{streak} hands in a row (hands {n - streak + 1} to {n})"
                reason = EndReason.SET_STREAK
            return GameResult(winner, reason, n, f"{_names(losers)} set on {hands}: {winner} wins")
    if rules.lose_at is not None:
        limit = rules.lose_at
        losers = tuple(p for p in after.parties if after.score(p) <= limit)
        winner = _winner_without(after, losers)
        if winner is not None:
            scores = ", ".join(f"{p} at {after.score(p)}" for p in losers)
            text = f"{scores}, at or below {limit} after hand {n}: {winner} wins"
            return GameResult(winner, EndReason.MERCY, n, text)
    if any(s.score >= rules.target for _, s in after.entries):
        winner = _top(after, after.parties)
        if winner is not None:
            text = f"{winner} reached {after.score(winner)} (target {rules.target}) after hand {n}"
            return GameResult(winner, EndReason.TARGET, n, text)
    return None


def _winner_without(standing: Standing, losers: tuple[Party, ...]) -> Party | None:
    """The winner when ``losers`` lose: the best of the others, or of all if all lose."""
    if not losers:
        return None
    others = tuple(p for p in standing.parties if p not in losers) or standing.parties
    return _top(standing, others)


def _top(standing: Standing, parties: tuple[Party, ...]) -> Party | None:
    """The party with the highest score among ``parties``; None on a tie for the top."""
    best = max(standing.score(p) for p in parties)
    top = [p for p in parties if standing.score(p) == best]
    return top[0] if len(top) == 1 else None


def _names(parties: Iterable[Party]) -> str:
    return " and ".join(p.value for p in parties)
