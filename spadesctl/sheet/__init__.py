"""Score sheets: a game's recomputed scores beside the record's, the disputes between them,
and the ``spadesctl score`` renderings (text table, explanation, JSON, CSV).

:func:`sheet_from_referee` (the referee's scored hands) or :func:`build_sheet` (hands
scored here) gives a :class:`ScoreSheet`; :func:`disputes` gives its ``score-mismatch``,
``bags-mismatch``, ``result-mismatch`` and ``play-after-game-over`` diagnostics;
:func:`compare_penalties` recomputes it with every proven renege penalised.
docs/scoring.md describes the readings chosen.
"""

from __future__ import annotations

from spadesctl.sheet.build import (
    all_reneges,
    build_sheet,
    resume_from_sheet,
    score_hands,
    sheet_from_referee,
    sheet_from_replay,
    sheet_hand,
    table_rulings,
    uncalled_reneges,
    with_all_penalties,
)
from spadesctl.sheet.disputes import Disagreement, SheetCheck, check_sheet, disputes
from spadesctl.sheet.model import ScoreSheet, SheetHand
from spadesctl.sheet.penalties import PenaltyChange, PenaltyComparison, compare_penalties
from spadesctl.sheet.render import (
    SheetReport,
    render_csv,
    render_json,
    render_text,
    sheet_json,
)
from spadesctl.sheet.run import sheet_report

__all__ = [
    "Disagreement",
    "PenaltyChange",
    "PenaltyComparison",
    "ScoreSheet",
    "SheetCheck",
    "SheetHand",
    "SheetReport",
    "all_reneges",
    "build_sheet",
    "check_sheet",
    "compare_penalties",
    "disputes",
    "render_csv",
    "render_json",
    "render_text",
    "resume_from_sheet",
    "score_hands",
    "sheet_from_referee",
    "sheet_from_replay",
    "sheet_hand",
    "sheet_json",
    "sheet_report",
    "table_rulings",
    "uncalled_reneges",
    "with_all_penalties",
]
