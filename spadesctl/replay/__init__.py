"""The replay engine: every bid and card of a record checked against its ruleset.

``replay_hand(hand, rules, scores_before)`` replays one hand and ``replay_game(game,
rules)`` a whole game; both return plain immutable values
(:class:`ReplayedHand`, :class:`ReplayedGame`) with the tricks, the tricks taken, and
every violation as a :class:`~spadesctl.diagnostics.Diagnostic`.  ``legal_plays`` lists
the cards a player may play, for bots and hints.

Modules, each with one job: ``state`` (who holds what during a replay), ``deal`` (deal,
draws, inferred holdings, passes), ``bidding``, ``play`` (the tricks), ``legal`` (play
legality: the rule a card breaks, the legal cards), ``outcome`` (tricks taken,
completeness, renege rulings), ``engine`` (the steps in order), ``result`` (the output
values), ``report`` (stamping diagnostics).
"""

from __future__ import annotations

from spadesctl.replay.engine import ScoresAfter, recorded_scores, replay_game, replay_hand
from spadesctl.replay.result import FoundRenege, PlayedTrick, ReplayedGame, ReplayedHand

__all__ = [
    "FoundRenege",
    "PlayedTrick",
    "ReplayedGame",
    "ReplayedHand",
    "ScoresAfter",
    "recorded_scores",
    "replay_game",
    "replay_hand",
]
