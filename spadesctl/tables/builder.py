"""Columnar builders: rows are appended to per-column lists, one DataFrame is made per batch.

A builder never makes a DataFrame per row: :meth:`TableBuilder.frame` turns everything
appended since the last call into one :class:`polars.DataFrame` of the table's declared
schema (:mod:`spadesctl.tables.schema`) and starts afresh.  The game columns, the same
for every row of a game, are kept as runs (one entry per game) and expanded only then.

Each table's ``add`` method takes its columns as keyword arguments, in the schema's
order (a test keeps the two in step), with enum values as their text (``"N"``, ``"NS"``,
``"AS"``, ``"renege"``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Final

import polars as pl

from spadesctl.tables.schema import GAME_COLUMNS, SCHEMAS, TableName, schema_of


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The game columns of every row of one game: where it is, and its tags."""

    file: str
    game: int
    event: str | None = None
    date: date | None = None
    preset: str | None = None
    north: str | None = None
    east: str | None = None
    south: str | None = None
    west: str | None = None
    time: datetime.time | None = None

    @property
    def values(self) -> tuple[object, ...]:
        """The values in :data:`~spadesctl.tables.schema.GAME_COLUMNS` order."""
        return (
            self.file,
            self.game,
            self.event,
            self.date,
            self.preset,
            self.north,
            self.east,
            self.south,
            self.west,
            self.time,
        )


class TableBuilder:
    """Per-column lists for one table; :meth:`frame` empties them into one DataFrame."""

    __slots__ = ("_columns", "_game_runs", "_own", "_rows", "table")

    def __init__(self, table: TableName) -> None:
        self.table: Final[TableName] = table
        own = [name for name in SCHEMAS[table] if name not in GAME_COLUMNS]
        self._own: tuple[str, ...] = tuple(own)
        self._columns: tuple[list[object], ...] = tuple([] for _ in own)
        self._game_runs: list[tuple[GameInfo, int]] = []
        self._rows = 0

    def __len__(self) -> int:
        return self._rows

    def _append(self, info: GameInfo, values: tuple[object, ...]) -> None:
        for column, value in zip(self._columns, values, strict=True):
            column.append(value)
        runs = self._game_runs
        if runs and runs[-1][0] is info:
            runs[-1] = (info, runs[-1][1] + 1)
        else:
            runs.append((info, 1))
        self._rows += 1

    def extend(self, info: GameInfo, rows: Sequence[tuple[object, ...]]) -> None:
        """Append the ``rows`` of one game at once, each a tuple of the table's own columns
        in the schema's order (the express check's rows: :mod:`spadesctl.express.rows`);
        :class:`ValueError` if a row is not as wide as the table."""
        if not rows:
            return
        for column, values in zip(self._columns, zip(*rows, strict=True), strict=True):
            column.extend(values)
        runs = self._game_runs
        if runs and runs[-1][0] is info:
            runs[-1] = (info, runs[-1][1] + len(rows))
        else:
            runs.append((info, len(rows)))
        self._rows += len(rows)

    def checkpoint(self) -> tuple[int, int, int]:
        """A mark to :meth:`rollback` to: rows, game runs, rows of the last run."""
        runs = self._game_runs
        return (self._rows, len(runs), runs[-1][1] if runs else 0)

    def rollback(self, mark: tuple[int, int, int]) -> None:
        """Drop every row appended since ``mark`` was taken."""
        rows, run_count, last = mark
        for column in self._columns:
            del column[rows:]
        del self._game_runs[run_count:]
        if run_count:
            self._game_runs[-1] = (self._game_runs[-1][0], last)
        self._rows = rows

    def frame(self) -> pl.DataFrame:
        """Everything appended so far as one DataFrame of the table's schema; then empty."""
        data: dict[str, list[object]] = {name: [] for name in GAME_COLUMNS}
        game_lists = tuple(data.values())
        for info, count in self._game_runs:
            for column, value in zip(game_lists, info.values, strict=True):
                column.extend([value] * count)
        for name, column in zip(self._own, self._columns, strict=True):
            data[name] = column
        frame = pl.DataFrame(data, schema=schema_of(self.table), orient="col")
        self._columns = tuple([] for _ in self._own)
        self._game_runs = []
        self._rows = 0
        return frame


class GamesBuilder(TableBuilder):
    """``games``: one row per game."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("games")

    def add(
        self,
        info: GameInfo,
        *,
        rules: str | None,
        players: int,
        partnership: bool,
        hands: int,
        winner: str | None,
        end: str,
        end_hand: int | None,
        hands_after_end: int,
        recorded_winner: str | None,
        score_ns: int | None,
        score_ew: int | None,
        score_n: int | None,
        score_e: int | None,
        score_s: int | None,
        score_w: int | None,
        violations: int,
        bid_rounds: int = 1,
        pass_cards: int = 0,
        renege_transfer: bool = True,
        tags: str | None = None,
        comments: str | None = None,
    ) -> None:
        self._append(
            info,
            (
                rules,
                players,
                partnership,
                hands,
                winner,
                end,
                end_hand,
                hands_after_end,
                recorded_winner,
                score_ns,
                score_ew,
                score_n,
                score_e,
                score_s,
                score_w,
                violations,
                bid_rounds,
                pass_cards,
                renege_transfer,
                tags,
                comments,
            ),
        )


class HandsBuilder(TableBuilder):
    """``hands``: one row per seat per hand."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("hands")

    def add(
        self,
        info: GameInfo,
        *,
        hand: int | None,
        dealer: str,
        seat: str,
        player: str | None,
        side: str | None,
        party: str,
        team: str | None,
        bid: int | None,
        nil: bool,
        blind_nil: bool,
        blind: bool,
        tricks: int | None,
        contract: int | None,
        party_tricks: int | None,
        made: bool | None,
        bags: int | None,
        points: int | None,
        score: int | None,
        nil_made: bool | None,
        reneges: int,
        violations: int,
        unbid: bool,
        played: bool,
        after_end: bool,
        won: bool | None,
        spades: int | None = None,
        hearts: int | None = None,
        diamonds: int | None = None,
        clubs: int | None = None,
        jokers: int | None = None,
        aces: int | None = None,
        high_cards: int | None = None,
        dealt: str | None = None,
        first_bid: int | None = None,
        raised: bool | None = None,
        raise_tricks: int | None = None,
        pass_to: str | None = None,
        passed_cards: str | None = None,
        passed_spades: int | None = None,
        renege_lost: int | None = None,
        renege_received: int | None = None,
        renege_counted: int | None = None,
        bid_text: str | None = None,
        bid_order: int | None = None,
        deal: str | None = None,
        took: int | None = None,
        claim: bool | None = None,
        ruled_reneges: str | None = None,
        recorded_score: int | None = None,
        recorded_bags: int | None = None,
        lines_before_bids: str | None = None,
        lines_after_bids: str | None = None,
    ) -> None:
        self._append(
            info,
            (
                hand,
                dealer,
                seat,
                player,
                side,
                party,
                team,
                bid,
                nil,
                blind_nil,
                blind,
                tricks,
                contract,
                party_tricks,
                made,
                bags,
                points,
                score,
                nil_made,
                reneges,
                violations,
                unbid,
                played,
                after_end,
                won,
                spades,
                hearts,
                diamonds,
                clubs,
                jokers,
                aces,
                high_cards,
                dealt,
                first_bid,
                raised,
                raise_tricks,
                pass_to,
                passed_cards,
                passed_spades,
                renege_lost,
                renege_received,
                renege_counted,
                bid_text,
                bid_order,
                deal,
                took,
                claim,
                ruled_reneges,
                recorded_score,
                recorded_bags,
                lines_before_bids,
                lines_after_bids,
            ),
        )


class TricksBuilder(TableBuilder):
    """``tricks``: one row per trick played."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("tricks")

    def add(
        self,
        info: GameInfo,
        *,
        hand: int | None,
        trick: int | None,
        leader: str,
        leader_player: str | None,
        winner: str,
        winner_player: str | None,
        led_suit: str | None,
        cards: str,
        card_n: str | None,
        card_e: str | None,
        card_s: str | None,
        card_w: str | None,
        winning_card: str | None,
        trumped: bool,
        spades_broken: bool,
        breaks_spades: bool,
    ) -> None:
        self._append(
            info,
            (
                hand,
                trick,
                leader,
                leader_player,
                winner,
                winner_player,
                led_suit,
                cards,
                card_n,
                card_e,
                card_s,
                card_w,
                winning_card,
                trumped,
                spades_broken,
                breaks_spades,
            ),
        )


class ViolationsBuilder(TableBuilder):
    """``violations``: one row per diagnostic."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("violations")

    def add(
        self,
        info: GameInfo,
        *,
        hand: int | None,
        trick: int | None,
        seat: str | None,
        player: str | None,
        party: str | None,
        name: str,
        code: str,
        severity: str,
        line: int,
        column: int,
        message: str,
    ) -> None:
        self._append(
            info, (hand, trick, seat, player, party, name, code, severity, line, column, message)
        )


BUILDER_TYPES: Final[Mapping[TableName, type[TableBuilder]]] = MappingProxyType(
    {
        "games": GamesBuilder,
        "hands": HandsBuilder,
        "tricks": TricksBuilder,
        "violations": ViolationsBuilder,
    }
)


class TableSet:
    """The builders of the tables asked for; the others are ``None`` and cost nothing.

    The adapter checks ``tables.hands is not None`` (and so on) before building a row.
    """

    __slots__ = ("games", "hands", "tricks", "violations")

    def __init__(self, tables: Iterable[TableName]) -> None:
        wanted = frozenset(tables)
        self.games = GamesBuilder() if "games" in wanted else None
        self.hands = HandsBuilder() if "hands" in wanted else None
        self.tricks = TricksBuilder() if "tricks" in wanted else None
        self.violations = ViolationsBuilder() if "violations" in wanted else None

    def _builders(self) -> tuple[TableBuilder, ...]:
        found = (self.games, self.hands, self.tricks, self.violations)
        return tuple(b for b in found if b is not None)

    def checkpoint(self) -> tuple[tuple[int, int, int], ...]:
        """A mark of every table to :meth:`rollback` to (a game that failed half-way)."""
        return tuple(b.checkpoint() for b in self._builders())

    def rollback(self, mark: tuple[tuple[int, int, int], ...]) -> None:
        for builder, table_mark in zip(self._builders(), mark, strict=True):
            builder.rollback(table_mark)

    @property
    def rows(self) -> int:
        """Rows appended since the last :meth:`frames`, over all tables."""
        return sum(len(b) for b in self._builders())

    def frames(self) -> dict[TableName, pl.DataFrame]:
        """One DataFrame per table built, each then emptied."""
        return {b.table: b.frame() for b in self._builders()}
