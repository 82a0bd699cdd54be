"""The index page of a corpus: a row per game, and the players' statistics.

The statistics are those of ``spadesctl stats`` (the very call behind that command,
:func:`spadesctl.tables.query.run_stats`: the figures, the players' ratings and the deal
fairness sentence), so the two always agree; games ``stats`` cannot count are listed
with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

from markupsafe import Markup

from spadesctl.report.model import GamePage
from spadesctl.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class GameRow:
    href: str
    title: str
    source: str
    index: int
    date: str
    date_sort: str
    players: str
    winner: str
    hands: int
    problems: int

    @classmethod
    def of(cls, page: GamePage, href: str) -> GameRow:
        return cls(
            href=href,
            title=page.title,
            source=page.source,
            index=page.index,
            date=page.date or "",
            date_sort=page.date_sort,
            players=page.player_names(),
            winner=page.winner_names or "no winner yet",
            hands=len(page.hands),
            problems=len(page.diagnostics),
        )


@dataclass(frozen=True, slots=True)
class StatRow:
    player: str
    games: int
    hands: int
    bid_accuracy: float | None  # exact_rate: took exactly the bid
    made_rate: float | None  # contracts made; the rest were set

    @property
    def set_rate(self) -> float | None:
        return None if self.made_rate is None else 1.0 - self.made_rate

    nil_attempts: int
    nil_made: int
    nil_rate: float | None
    bags_per_hand: float | None
    rating: float | None  # openskill's mean skill after the player's last rated game
    rating_sigma: float | None
    rating_ordinal: float | None  # mu - 3 sigma: the conservative rating
    rated_games: int

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> StatRow:
        """The row of a player's figures in ``stats --by player``'s table: each field
        is the column of its name (``bid_accuracy``: ``exact_rate``)."""
        return cls(**{name: row[_STAT_COLUMN.get(name, name)] for name in _STAT_FIELDS})


#: A figure of :class:`StatRow` read from a ``stats`` column of another name.
_STAT_COLUMN: Final = {"bid_accuracy": "exact_rate"}
_STAT_FIELDS: Final = tuple(f.name for f in fields(StatRow))


@dataclass(frozen=True, slots=True)
class StatsView:
    rows: tuple[StatRow, ...]
    charts: tuple[tuple[str, Markup], ...]  # (caption, SVG)
    not_counted: tuple[str, ...]  # games stats could not count, with why
    fairness: str | None = None  # the sentence of ``stats``, where deals are known


@dataclass(frozen=True, slots=True)
class IndexPage:
    title: str
    games: tuple[GameRow, ...]
    stats: StatsView | None

    @property
    def problems(self) -> int:
        return sum(g.problems for g in self.games)


#: What a figure without a value shows (an en dash).
NONE = "\u2013"


def _rate(value: float | None) -> str:
    return NONE if value is None else f"{value:.0%}"


def player_stats(files: Sequence[str], default: Ruleset | None) -> StatsView:
    """``spadesctl stats --by player`` over the files (its figures, ratings and deal
    fairness sentence), with its bar charts."""
    from spadesctl.tables import fairness as fair
    from spadesctl.tables import query

    request = query.StatsRequest(
        paths=tuple(files), by="player", rules=default, fairness=True, jobs=1
    )
    result = query.run_stats(request)
    rows = tuple(
        StatRow.of(r) for r in result.table.iter_rows(named=True) if r["player"] is not None
    )
    deals = result.fairness
    sentence = fair.sentence(deals) if deals is not None and deals.deals else None
    failures = tuple(f.format() for f in result.failures)
    return StatsView(rows, _charts(rows), failures, sentence)


#: The charts show this many players at most: those with the most hands.
CHARTED = 12


def _charts(rows: tuple[StatRow, ...]) -> tuple[tuple[str, Markup], ...]:
    from spadesctl.report.chart import bar_chart

    shown = sorted(rows, key=lambda r: -r.hands)[:CHARTED]
    of = f" ({len(shown)} players with the most hands)" if len(shown) < len(rows) else ""
    figures: list[tuple[str, list[tuple[str, float | None, str]]]] = [
        (
            "Bid accuracy (took exactly the bid)",
            [(r.player, r.bid_accuracy, _rate(r.bid_accuracy)) for r in shown],
        ),
        ("Contracts set", [(r.player, r.set_rate, _rate(r.set_rate)) for r in shown]),
        (
            "Nil success",
            [(r.player, r.nil_rate, f"{r.nil_made} of {r.nil_attempts}") for r in shown],
        ),
        (
            "Bags per hand",
            [(r.player, r.bags_per_hand, _figure(r.bags_per_hand)) for r in shown],
        ),
    ]
    return tuple((title + of, bar_chart(title + of, bars)) for title, bars in figures)


def _figure(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f}"
