"""Scoring: pure functions from bids and tricks to points, bags and game results.

:func:`score_hand` scores one hand from a :class:`Standing`; :func:`score_game` runs a
game's hands in turn and decides its end; :func:`first_sheet_errors` compares a score
sheet's recorded running totals with the computed ones.  docs/scoring.md describes the
rules and the readings chosen.
"""

from __future__ import annotations

from spadesctl.core.score import SetReason
from spadesctl.scoring.explain import first_sheet_errors, format_hand
from spadesctl.scoring.game import game_decision, game_end, score_game
from spadesctl.scoring.hand import score_hand
from spadesctl.scoring.model import (
    EndReason,
    GameResult,
    GameScore,
    HandInput,
    HandScore,
    Item,
    NilResult,
    PartyCounts,
    PartyResult,
    PartyStanding,
    RenegeRuling,
    RulingOutcome,
    ScoringError,
    SheetError,
    Standing,
    parties_of,
    party_of,
    seats_of,
)

__all__ = [
    "EndReason",
    "GameResult",
    "GameScore",
    "HandInput",
    "HandScore",
    "Item",
    "NilResult",
    "PartyCounts",
    "PartyResult",
    "PartyStanding",
    "RenegeRuling",
    "RulingOutcome",
    "ScoringError",
    "SetReason",
    "SheetError",
    "Standing",
    "first_sheet_errors",
    "format_hand",
    "game_decision",
    "game_end",
    "parties_of",
    "party_of",
    "score_game",
    "score_hand",
    "seats_of",
]
