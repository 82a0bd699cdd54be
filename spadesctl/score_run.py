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
from spadesctl.file_warnings import no_games
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.rules import Ruleset
from spadesctl.rules.presets import STANDARD
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
        return ExitStatus.of(self.unreadable, self.disputed or self.unscorable)


def score_files(
    files: Iterable[str],
    rules: Ruleset | None = None,
    *,
    apply_penalties: bool = False,
    summary: ScoreSummary | None = None,
    warn: Callable[[str], None] = lambda message: None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[SheetReport]:
    """The report of every game of ``files`` that can be scored, in order (``rules``:
    the ruleset of games that declare none); ``progress`` is told the bytes of each game
    read."""
    from spadesctl.rules.resolve import rules_for_game
    from spadesctl.sheet.run import sheet_report

    counts = summary if summary is not None else ScoreSummary()
    with bulk_gc():  # restored when the reports are done (or abandoned)
        for path in files:
            games = hands = 0
            try:
                for game in iter_games(path, rules=rules, progress=progress):
                    games += 1
                    hands += len(game.hands) or len(game.issues)  # issues: said already
                    chosen = rules_for_game(game, rules or STANDARD)
                    if chosen.problems:  # as check does: not refereed under other rules
                        counts.unscorable += 1
                        for problem in chosen.problems:
                            warn(problem.format())  # every bad key, as check reports it
                        continue
                    report = sheet_report(game, chosen.rules, apply_penalties=apply_penalties)
                    if report.disputed:
                        counts.disputed += 1
                    yield report
            except RecordReadError as exc:
                counts.unreadable += 1
                warn(f"error: {exc}")
                continue
            empty = no_games(path, games, hands)
            if empty is not None:
                warn(empty.format())  # as check reports it; not a problem for the status


__all__ = ["ScoreSummary", "score_files"]
