"""The library behind ``spadesctl score``: files in, one score-sheet report per game out,
with what went wrong counted for the exit status.

A game whose ``[Rules]`` tag is invalid is not scored, as ``check`` does not referee it
(a sheet under rules the record did not declare would mislead a referee): its
``invalid-rules`` diagnostics, one per bad key, are told to ``warn``, and so is a file
that cannot be read, which is skipped (the command prints them on standard error);
both are counted.  A file without a game is told to ``warn`` too (the ``no-games``
warning ``check`` reports), and is not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from spadesctl.bulk import bulk_gc
from spadesctl.express import GameLedger
from spadesctl.express.canonical import express_check
from spadesctl.express.sheet import ScoredGame, SettledSheet
from spadesctl.file_warnings import no_games
from spadesctl.notation import (
    GameText,
    RecordReadError,
    game_from_text,
    iter_game_texts,
    unit_size,
)
from spadesctl.record import Game
from spadesctl.rules import Ruleset
from spadesctl.rules.presets import STANDARD
from spadesctl.status import ExitStatus


@dataclass(slots=True)
class ScoreSummary:
    """What went wrong while scoring, counted as the reports are yielded."""

    unreadable: int = 0
    unscorable: int = 0
    disputed: int = 0

    @property
    def status(self) -> ExitStatus:
        """2 when a file could not be read, 1 when a game is disputed or unscorable."""
        return ExitStatus.of(self.unreadable, self.disputed or self.unscorable)


def score_files(
    files: Iterable[str],
    rules: Ruleset | None = None,
    *,
    apply_penalties: bool = False,
    summary: ScoreSummary | None = None,
    warn: Callable[[str], None] = lambda message: None,
    progress: Callable[[int], None] | None = None,
    express: bool = True,
) -> Iterator[ScoredGame]:
    """The report of every game of ``files`` that can be scored, in order (``rules``:
    the ruleset of games that declare none); ``progress`` is told the bytes of each game
    read.  ``express``: the games the express check settles (as written, or rewritten in
    canonical form) are yielded as what it found (:class:`SettledSheet`: the JSON is
    written from it, and its report is the full engine's), the others with the full
    engine's report; ``False``: the full engine for every game."""
    from spadesctl.rules.resolve import rules_for_game
    from spadesctl.sheet.run import sheet_report

    counts = summary if summary is not None else ScoreSummary()
    default = rules or STANDARD
    with bulk_gc():  # restored when the reports are done (or abandoned)
        for path in files:
            games = hands = 0
            try:
                for unit in iter_game_texts(path, rules=rules):
                    games += 1
                    settled = _express(unit, default, path, games, apply_penalties, express)
                    if settled is not None:
                        hands += len(settled.ledger.hands)
                        yield settled
                        if progress is not None:
                            progress(unit_size(unit))
                        continue
                    game = game_from_text(unit, path, games) if isinstance(unit, GameText) else unit
                    hands += len(game.hands) or len(game.issues)  # issues: said already
                    chosen = rules_for_game(game, default)
                    if chosen.problems:  # as check does: not refereed under other rules
                        counts.unscorable += 1
                        for problem in chosen.problems:
                            warn(problem.format())  # every bad key, as check reports it
                    else:
                        report = sheet_report(game, chosen.rules, apply_penalties=apply_penalties)
                        if report.disputed:
                            counts.disputed += 1
                        yield report
                    if progress is not None:
                        progress(unit_size(unit))
            except RecordReadError as exc:
                counts.unreadable += 1
                warn(f"error: {exc}")
                continue
            empty = no_games(path, games, hands)
            if empty is not None:
                warn(empty.format())  # as check reports it; not a problem for the status


def _express(
    unit: GameText | Game,
    default: Ruleset,
    path: str,
    index: int,
    apply_penalties: bool,
    express: bool,
) -> SettledSheet | None:
    """What the express check found in a native game it settles, else ``None``."""
    if not express or not isinstance(unit, GameText) or unit.issues:
        return None
    ledger = GameLedger()
    if express_check(unit.lines, default, ledger=ledger) is None:
        return None
    return SettledSheet(ledger, path, index, apply_penalties)


__all__ = ["ScoreSummary", "score_files"]
