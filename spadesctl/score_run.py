"""The library behind ``spadesctl score``: files in, one score-sheet report per game out,
with what went wrong counted for the exit status.

A game whose ``[Rules]`` tag is invalid is not scored (a sheet under rules the record
did not declare would mislead a referee) and a file that cannot be read is skipped;
both are told to ``warn`` (the command prints them on standard error) and counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from spadesctl.bulk import bulk_gc
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.rules import RulesError, Ruleset
from spadesctl.sheet.render import SheetReport
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
        if self.unreadable:
            return ExitStatus.USAGE
        return ExitStatus.PROBLEMS if self.disputed or self.unscorable else ExitStatus.CLEAN


def score_files(
    files: Iterable[str],
    rules: Ruleset | None = None,
    *,
    apply_penalties: bool = False,
    summary: ScoreSummary | None = None,
    warn: Callable[[str], None] = lambda message: None,
) -> Iterator[SheetReport]:
    """The report of every game of ``files`` that can be scored, in order (``rules``:
    the ruleset of games that declare none)."""
    from spadesctl.sheet.run import game_rules, sheet_report

    counts = summary if summary is not None else ScoreSummary()
    with bulk_gc():  # restored when the reports are done (or abandoned)
        for path in files:
            try:
                for game in iter_games(path, rules=rules):
                    try:
                        chosen = game_rules(game, rules)
                    except RulesError as exc:
                        counts.unscorable += 1
                        warn(
                            f"{game.source}: game {game.index} cannot be scored: "
                            f"invalid rules: {exc}"
                        )
                        continue
                    report = sheet_report(game, chosen, apply_penalties=apply_penalties)
                    if report.disputed:
                        counts.disputed += 1
                    yield report
            except RecordReadError as exc:
                counts.unreadable += 1
                warn(f"error: {exc}")


__all__ = ["ScoreSummary", "score_files"]
