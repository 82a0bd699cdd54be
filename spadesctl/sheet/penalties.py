"""``--apply-penalties``: the game recomputed as if every renege had been called.

The table penalises only the reneges it calls (the record's ``renege`` lines).  The replay
proves others from the card play.  :func:`compare_penalties` scores the game again with a
renege ruling for each of those too and sets the two sheets side by side: which hands and
totals change, and whether the winner does.  It is a "what if" for the referee: the
sheet's own figures are still checked against the scores as the table ruled them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadesctl.cards import Party
from spadesctl.scoring import GameResult, RenegeRuling
from spadesctl.sheet.build import uncalled_reneges, with_all_penalties
from spadesctl.sheet.model import ScoreSheet


@dataclass(frozen=True, slots=True)
class PenaltyChange:
    """One party's figures at one hand, as ruled and with every renege penalised."""

    hand: int
    party: Party
    points: int
    penalised_points: int
    total: int
    penalised_total: int

    @property
    def difference(self) -> int:
        return self.penalised_total - self.total


@dataclass(frozen=True, slots=True)
class PenaltyComparison:
    """The sheet as the table ruled it, the same game with every renege penalised, and
    the reneges that were added (hand number, ruling)."""

    ruled: ScoreSheet
    penalised: ScoreSheet
    added: tuple[tuple[int, RenegeRuling], ...]

    @property
    def changed(self) -> bool:
        return bool(self.changes) or self.result_changed

    @property
    def result(self) -> GameResult | None:
        return self.penalised.result

    @property
    def result_changed(self) -> bool:
        a, b = self.ruled.result, self.penalised.result
        if a is None or b is None:
            return (a is None) != (b is None)
        return (a.winner, a.hand) != (b.winner, b.hand)

    @property
    def changes(self) -> tuple[PenaltyChange, ...]:
        """Every (hand, party) whose points or running total differ."""
        out: list[PenaltyChange] = []
        for before, after in zip(self.ruled.hands, self.penalised.hands, strict=True):
            if before.score is None or after.score is None:
                continue
            for party in self.ruled.parties:
                change = PenaltyChange(
                    before.number,
                    party,
                    before.score.points(party),
                    after.score.points(party),
                    before.score.after.score(party),
                    after.score.after.score(party),
                )
                if change.points != change.penalised_points or change.difference:
                    out.append(change)
        return tuple(out)

    @property
    def final_differences(self) -> dict[Party, int]:
        """Each party's final total with penalties minus as ruled."""
        a, b = self.ruled.standing, self.penalised.standing
        return {p: b.score(p) - a.score(p) for p in self.ruled.parties}


def compare_penalties(sheet: ScoreSheet) -> PenaltyComparison:
    """``sheet`` beside the same game with every renege the replay proved penalised."""
    added = tuple((h.number, r) for h in sheet.hands for r in uncalled_reneges(h))
    penalised = with_all_penalties(sheet) if added else sheet
    return PenaltyComparison(sheet, penalised, added)
