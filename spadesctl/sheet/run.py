"""One game in, its score sheet report out: the library behind ``spadesctl score``.

The caller picks the game's ruleset as ``check`` does
(:func:`~spadesctl.rules.resolve.rules_for_game`); a game whose Rules tag is invalid is
not scored at all, as ``check`` referees it no further: a sheet under rules the record
did not declare would mislead a referee.  :func:`sheet_report` referees the game
(:func:`~spadesctl.referee.referee_game`), checks the record's score lines and, when
asked, compares it with every renege penalised.
"""

from __future__ import annotations

from spadesctl.diagnostics import Diagnostic, Severity
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sheet.build import sheet_from_referee
from spadesctl.sheet.penalties import compare_penalties
from spadesctl.sheet.render import SheetReport


def sheet_report(game: Game, rules: Ruleset, *, apply_penalties: bool = False) -> SheetReport:
    """Referee and score ``game`` under ``rules`` into the ``score`` command's report."""
    refereed = referee_game(game, rules)
    unreadable = game.hands_with_issues()
    sheet = sheet_from_referee(refereed, unreadable)
    problems = tuple(Diagnostic.from_issue(issue, game.source, game.index) for issue in game.issues)
    penalties = compare_penalties(sheet) if apply_penalties else None
    # as check does: a hand's replay problems are left out when a line of it is unreadable;
    # a note (a renege the record's ruling covers) is no problem
    replay = tuple(
        d
        for d in refereed.diagnostics
        if d.hand not in unreadable and d.severity is not Severity.NOTE
    )
    return SheetReport.of(sheet, penalties, problems + replay)
