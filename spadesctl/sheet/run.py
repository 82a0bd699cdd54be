"""One game in, its score sheet report out: the library behind ``spadesctl score``.

:func:`game_rules` picks a game's ruleset (its ``[Rules]`` tag, else the caller's
default, else ``standard``); :func:`sheet_report` replays the game, scores it, checks
the record's score lines and, when asked, compares it with every renege penalised.
"""

from __future__ import annotations

from spadesctl.diagnostics import Diagnostic
from spadesctl.record import Game
from spadesctl.replay.engine import replay_game
from spadesctl.rules.parse import parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sheet.build import sheet_from_replay
from spadesctl.sheet.penalties import compare_penalties
from spadesctl.sheet.render import SheetReport


def game_rules(game: Game, default: Ruleset | None = None) -> Ruleset:
    """The game's ruleset.  Raises :class:`~spadesctl.rules.RulesError` for a bad tag."""
    text = game.rules_text
    if text is not None:
        return parse_rules(text)
    return default if default is not None else STANDARD


def sheet_report(game: Game, rules: Ruleset, *, apply_penalties: bool = False) -> SheetReport:
    """Replay and score ``game`` under ``rules`` into the ``score`` command's report."""
    replayed = replay_game(game, rules)
    sheet = sheet_from_replay(replayed)
    problems = tuple(_issue(game, i.code, i.message, i.pos.line, i.pos.column) for i in game.issues)
    penalties = compare_penalties(sheet) if apply_penalties else None
    return SheetReport.of(sheet, penalties, problems + replayed.diagnostics)


def _issue(game: Game, name: str, message: str, line: int, column: int) -> Diagnostic:
    return Diagnostic(name, message, game.source, line, column, game=game.index)
