"""Import tables -> games: the rows of each game joined on its key and turned into the
line events of a record, then grouped by :func:`spadesctl.record.assemble`, the one
place that knows which line may follow which.

A bad cell (a wrong type, a null where a value is required, an unknown card or seat, a
second row with the same key) is a syntax issue of its game, at the cell's row and
column; the game's other rows are read on.  The component readers (:func:`bids_of`,
:func:`took_of`, ...) are also what :mod:`spadesctl.imports.encode` checks its columns
against, so that an export holds in its columns only what reads back the same.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from spadesctl.cards import Card, Party, Seat, holding_order, parse_party, side_of
from spadesctl.core.limits import MAX_NUMBER, MAX_SCORE_DIGITS
from spadesctl.diagnostics import SYNTAX_ERROR
from spadesctl.events import (
    Bid,
    BidKind,
    Bids,
    Claim,
    Deal,
    Discard,
    HandStart,
    Holding,
    LineEvent,
    Pass,
    Position,
    Raise,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    SyntaxIssue,
    Tag,
    Take,
    Took,
    Trick,
    Widow,
    WidowLine,
)
from spadesctl.imports.load import Table
from spadesctl.imports.schema import COLUMNS, SEAT_CARD_COLUMNS, ImportTable, Type, required
from spadesctl.quoting import one_line, quoted
from spadesctl.record import Game, GameComment, assemble
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset

T = TypeVar("T")

_INTEGER: Final = re.compile(r"[+-]?\d{1,9}")
_TRUE: Final = frozenset({"true", "t", "yes", "y", "1"})
_FALSE: Final = frozenset({"false", "f", "no", "n", "0"})
_SEATS: Final = {s.value: s for s in Seat} | {s.word.upper(): s for s in Seat}
_SEAT_ORDER: Final = tuple(Seat)
_BID: Final = re.compile(r"(nil|bnil|b(\d{1,2})|(\d{1,2}))")
_TAG_COLUMNS: Final = (
    ("event", "Event"),
    ("date", "Date"),
    ("time", "Time"),
    ("north", "North"),
    ("east", "East"),
    ("south", "South"),
    ("west", "West"),
    ("rules", "Rules"),
)


class CellError(ValueError):
    """A cell whose value is not of its column's type."""


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | datetime.date | datetime.time):
        return value.isoformat() if not isinstance(value, int) else str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    raise CellError(f"{value!r} is not text")


def _int(value: object) -> int:
    if isinstance(value, bool):
        raise CellError(f"{value!r} is not an integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        return int(value)
    raise CellError(f"{value!r} is not an integer")


def _bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        low = value.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
    raise CellError(f"{value!r} is not true or false")


def _seat(value: object) -> Seat:
    seat = _SEATS.get(value.strip().upper()) if isinstance(value, str) else None
    if seat is None:
        raise CellError(f"{value!r} is not a seat (N, E, S or W)")
    return seat


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise CellError(f"{value!r} is not a card")
    try:
        return Card.parse(value.strip())
    except ValueError:
        raise CellError(f"{value!r} is not a card") from None


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, list | tuple):
        return tuple(_card(v) for v in value)
    if isinstance(value, str):
        return () if value.strip() == "-" else tuple(_card(t) for t in value.split())
    raise CellError(f"{value!r} is not a list of cards")


_PARSERS: Final = {
    Type.TEXT: _text,
    Type.INT: _int,
    Type.BOOL: _bool,
    Type.SEAT: _seat,
    Type.CARD: _card,
    Type.CARDS: _cards,
}


def _in_limits(column: str, value: int) -> None:
    """The notation's limits: a running score of at most nine digits, every other number
    (a hand, trick, count, place) from 0 to :data:`~spadesctl.core.limits.MAX_NUMBER`."""
    if column == "recorded_score":
        if len(str(abs(value))) > MAX_SCORE_DIGITS:
            raise CellError(f"{value} has more than {MAX_SCORE_DIGITS} digits")
    elif not 0 <= value <= MAX_NUMBER:
        raise CellError(f"{value} is not a number from 0 to {MAX_NUMBER}")


def parse_bid(seat: Party, text: str) -> Bid:
    """A seat's (or a side's) bid as written (``4``, ``nil``, ``bnil``, ``b6``)."""
    found = _BID.fullmatch(text.strip().lower())
    if found is None:
        raise CellError(f"{text!r} is not a bid (a number, nil, bnil or bN)")
    word, blind, number = found.groups()
    if word == "nil":
        return Bid(seat, BidKind.NIL, 0)
    if word == "bnil":
        return Bid(seat, BidKind.BLIND_NIL, 0)
    if blind is not None:
        return Bid(seat, BidKind.BLIND, int(blind))
    return Bid(seat, BidKind.NUMBER, int(number))


# The component readers, shared with the encoder -------------------------------------


def deal_of(dealt: Sequence[tuple[Seat, tuple[Card, ...]]]) -> Deal | None:
    """The deal of the seats' ``deal`` (or ``dealt``) cells (in the notation's order: the
    seats N, E, S, W and each holding's cards, whatever the rows' and cells'); none when
    no row has one."""
    if not dealt:
        return None
    ordered = sorted(dealt, key=lambda held: _SEAT_ORDER.index(held[0]))
    return Deal(
        tuple(Holding(seat, tuple(sorted(cards, key=holding_order))) for seat, cards in ordered)
    )


def in_order(items: Sequence[tuple[int | None, int, T]]) -> tuple[T, ...]:
    """``(place, row, item)`` ordered by the place column (``bid_order``,
    ``pass_after_bids_order``, ``widow_order``; rows without one after), then by row."""
    ordered = sorted(items, key=lambda b: (b[0] is None, b[0] or 0, b[1]))
    return tuple(b for _, _, b in ordered)


def bids_of(bids: Sequence[tuple[int | None, int, Bid]]) -> tuple[Bid, ...]:
    """The bids ordered by ``bid_order`` (rows without one after, in row order)."""
    return in_order(bids)


def raises_of(values: Sequence[tuple[int | None, int, tuple[Party, int]]]) -> tuple[Raise, ...]:
    """The ``raise`` lines of the rows' ``raise_to`` (with each row's ``bid_order``):
    each party once, in the order of its first row in the bidding (the second round goes
    round the table as the first), else in the rows' order."""
    return tuple(Raise(party, tricks) for party, tricks in entries_of(in_order(values)))


@dataclass(frozen=True, slots=True)
class WidowCells:
    """A seat's widow cells: the cards it took and discarded (``None``: no such line),
    each before the bidding or after it."""

    seat: Seat
    taken: tuple[Card, ...] | None
    taken_before_bids: bool
    discarded: tuple[Card, ...] | None
    discarded_before_bids: bool


def widow_lines_of(
    seats: Sequence[tuple[int | None, int, WidowCells]],
) -> tuple[tuple[WidowLine, ...], tuple[WidowLine, ...]]:
    """The ``take`` and ``discard`` lines before the bidding and after it: in each, the
    takes and then the discards, in ``widow_order`` (else the rows' order)."""
    ordered = in_order(seats)
    before: list[WidowLine] = []
    after: list[WidowLine] = []
    for c in ordered:
        if c.taken is not None:
            (before if c.taken_before_bids else after).append(Take(c.seat, c.taken))
    for c in ordered:
        if c.discarded is not None:
            (before if c.discarded_before_bids else after).append(Discard(c.seat, c.discarded))
    return tuple(before), tuple(after)


def took_of(counts: Sequence[tuple[Seat, int]]) -> Took | None:
    return Took(tuple(counts)) if counts else None


def reneges_of(rulings: Sequence[tuple[Seat, tuple[int, ...]]]) -> tuple[Renege, ...]:
    return tuple(Renege(seat, trick) for seat, tricks in rulings for trick in tricks)


def entries_of(values: Sequence[tuple[Party, int]]) -> tuple[tuple[Party, int], ...]:
    """A score or bags line's entries: each party once, in the order of its first row."""
    seen: dict[Party, int] = {}
    for party, value in values:
        seen.setdefault(party, value)
    return tuple(seen.items())


def _is_comment(text: str) -> bool:
    """Whether ``text`` is only comments (``; ...``, ``{ ... }``), closed, so that writing
    it adds no line of the notation."""
    from spadesctl.notation.reader import blank_comments

    if text[:1] not in (";", "{"):
        return False
    in_block = False
    for line in text.split("\n"):
        blanked, in_block = blank_comments(line, in_block)
        if blanked.strip():
            return False
    return not in_block


def comments_of(text: str, lines: int) -> tuple[GameComment, ...]:
    """The comments of a ``comments`` cell (:func:`spadesctl.imports.encode.game_comments`)
    of a game whose canonical text has ``lines`` lines."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, list):
        raise CellError('not a JSON list of comments ([{"line": 1, "text": "; x"}])')
    out: list[GameComment] = []
    for n, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise CellError(f"comment {n} is not an object")
        line, inline, words = item.get("line"), item.get("inline", False), item.get("text")
        if not isinstance(line, int) or isinstance(line, bool) or not 1 <= line <= lines + 1:
            raise CellError(f"comment {n}: line {line!r} is not from 1 to {lines + 1}")
        if not isinstance(inline, bool) or (inline and line > lines):
            raise CellError(f"comment {n}: inline {inline!r} is not true or false for line {line}")
        if not isinstance(words, str) or not _is_comment(words):
            raise CellError(f"comment {n}: {words!r} is not a comment ('; ...' or '{{ ... }}')")
        out.append(GameComment(line, inline, words))
    return tuple(out)


def renege_tricks(text: str) -> tuple[int, ...]:
    numbers = tuple(_int(t) for t in text.replace(",", " ").split())
    for n in numbers:
        _in_limits("ruled_reneges", n)
    return numbers


# Reading the tables -----------------------------------------------------------------


@dataclass(slots=True)
class _Rows:
    """One table of the import with its column indices."""

    kind: ImportTable
    table: Table
    is_source: bool
    index: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {name: i for i, name in enumerate(self.table.columns)}

    def has(self, column: str) -> bool:
        return column in self.index


@dataclass(slots=True)
class _GameParts:
    """What the tables hold of one game."""

    first: Position
    games_row: tuple[_Rows, int] | None = None
    hand_runs: list[tuple[int, list[int]]] = field(default_factory=list)
    tricks: dict[int, list[int]] = field(default_factory=dict)
    card_rows: dict[int, list[int]] = field(default_factory=dict)
    issues: list[SyntaxIssue] = field(default_factory=list)
    rules_tag: str | None = None  # its Rules tag
    rules: Ruleset | None = None  # its ruleset, once asked for
    #: The (table, hand, trick, seat) of the play rows indexed (a second one is an issue).
    plays_seen: set[tuple[ImportTable, int, int, Seat | None]] = field(default_factory=set)


GameKey = tuple[str | None, str]


class TableReader:
    """Rows -> games (a short-lived worker for one import).

    :mod:`spadesctl.imports.stream` drives it: the keys of every row first
    (:meth:`missing_columns`, :meth:`key_of`, :meth:`parts`: the games in order and the
    problems no game owns), then each row in table order (:meth:`index_row`), and each
    game once its rows are all indexed (:meth:`game`).  ``tables``' rows need hold only
    the rows not yet released (a window of the file)."""

    def __init__(
        self,
        source: str,
        tables: Mapping[ImportTable, tuple[Table, bool]],
        default_rules: Ruleset = STANDARD,
    ) -> None:
        self.source = source
        self.default_rules = default_rules
        self.rows = {kind: _Rows(kind, t, is_source) for kind, (t, is_source) in tables.items()}
        self.games: dict[GameKey, _GameParts] = {}
        self.global_issues: list[SyntaxIssue] = []
        #: The hands table's last indexed run (game and hand number) and its seats.
        self._last_run: tuple[GameKey, int] | None = None
        self._run_seats: set[Seat] = set()

    # positions and issues
    def pos(self, rows: _Rows, row: int, column: str | None = None) -> Position:
        col = rows.table.column_number(column) if column is not None and rows.has(column) else 1
        if rows.is_source:
            return Position(rows.table.line_of(row), col)
        return Position(1, 1)

    def issue(self, rows: _Rows, row: int, column: str | None, message: str) -> SyntaxIssue:
        where = ""
        if not rows.is_source:
            where = f"{rows.table.name}:{rows.table.line_of(row)}"
            if column is not None and rows.has(column):
                where += f":{rows.table.column_number(column)}"
            where += ": "
        line = rows.table.line_of(row)
        return SyntaxIssue(
            f"{where}{rows.kind} row at line {line}, column {column!r}: {message}"
            if column
            else f"{where}{rows.kind} row at line {line}: {message}",
            self.pos(rows, row, column),
            SYNTAX_ERROR,
        )

    def cell(self, rows: _Rows, row: int, column: str, parts: _GameParts | None) -> object:
        """The parsed value of a cell, or ``None`` (a null, or a bad value reported)."""
        at = rows.index.get(column)
        if at is None or column not in COLUMNS[rows.kind]:
            return None  # a column the table's kind does not have is not read
        value = rows.table.rows[row][at]
        if value is None or (isinstance(value, str) and not value.strip() and column != "tags"):
            if COLUMNS[rows.kind][column].required:
                self._report(parts, self.issue(rows, row, column, "a required value is missing"))
            return None
        if isinstance(value, str) and "\x00" in value:  # as the text readers refuse it
            self._report(parts, self.issue(rows, row, column, "a NUL byte is not text"))
            return None
        try:
            parsed = _PARSERS[COLUMNS[rows.kind][column].type](value)
            if isinstance(parsed, int) and not isinstance(parsed, bool):
                _in_limits(column, parsed)
            return parsed
        except CellError as exc:
            self._report(parts, self.issue(rows, row, column, str(exc)))
            return None

    def _report(self, parts: _GameParts | None, issue: SyntaxIssue) -> None:
        (parts.issues if parts is not None else self.global_issues).append(issue)

    # keys
    def key_of(
        self, rows: _Rows, row: int, game: object, file: object, *, report: bool = True
    ) -> GameKey | None:
        """The key of a row whose ``game`` and ``file`` cells hold these values; ``None``
        for an unreadable one (reported, unless ``report`` is false)."""
        if game is None:
            if report:
                self.global_issues.append(
                    self.issue(rows, row, "game", "a required value is missing")
                )
            return None
        try:
            return (None if file is None else _text(file), _text(game))
        except CellError as exc:
            if report:
                self.global_issues.append(self.issue(rows, row, "game", str(exc)))
            return None

    def parts(self, key: GameKey, rows: _Rows, row: int) -> _GameParts:
        found = self.games.get(key)
        if found is None:
            found = self.games[key] = _GameParts(self.pos(rows, row))
        return found

    def missing_columns(self, kind: ImportTable) -> bool:
        """Whether the ``kind`` table lacks a required column (reported, and the table
        left unread)."""
        rows = self.rows[kind]
        missing = [c for c in required(kind) if not rows.has(c)]
        if missing:
            names = ", ".join(repr(c) for c in missing)
            self.global_issues.append(
                SyntaxIssue(
                    f"{rows.table.name}: the {kind} table has no {names} column "
                    f"(it needs {', '.join(required(kind))})",
                    Position(1, 1),
                    SYNTAX_ERROR,
                )
            )
            del self.rows[kind]
        return bool(missing)

    def unjoined(self) -> bool:
        """Whether the play tables have no hands table to join (reported): no game."""
        play = self.rows.get("tricks") or self.rows.get("cards")
        if play is None or "hands" in self.rows:
            return False
        self.global_issues.append(
            SyntaxIssue(
                f"{play.table.name}: a {play.kind} table is read with its hands table "
                "(dealer, seats, bids), named alike beside it (hands.csv and "
                f"{play.kind}.csv); none was found",
                Position(1, 1),
                SYNTAX_ERROR,
            )
        )
        return True

    def index_row(self, rows: _Rows, row: int, key: GameKey, parts: _GameParts) -> None:
        """Index one row of a table (the rows of each table in their order)."""
        if rows.kind == "games":
            self._index_games(rows, row, parts)
        elif rows.kind == "hands":
            self._index_hands(rows, row, key, parts)
        else:
            self._index_plays(rows, row, parts, rows.kind)

    def _index_games(self, rows: _Rows, row: int, parts: _GameParts) -> None:
        if parts.games_row is not None:
            parts.issues.append(self.issue(rows, row, "game", "a second row of this game"))
        else:
            parts.games_row = (rows, row)

    def _index_hands(self, rows: _Rows, row: int, key: GameKey, parts: _GameParts) -> None:
        number = self.cell(rows, row, "hand", parts)
        seat = self.cell(rows, row, "seat", parts)
        if not isinstance(number, int):
            return
        if self._last_run != (key, number):
            parts.hand_runs.append((number, []))
            self._last_run = (key, number)
            self._run_seats = set()
        if isinstance(seat, Seat):
            if seat in self._run_seats:
                parts.issues.append(
                    self.issue(
                        rows, row, "seat", f"a second row of seat {seat.value} in hand {number}"
                    )
                )
                return
            self._run_seats.add(seat)
        parts.hand_runs[-1][1].append(row)

    def _index_plays(self, rows: _Rows, row: int, parts: _GameParts, kind: ImportTable) -> None:
        hand = self.cell(rows, row, "hand", parts)
        trick = self.cell(rows, row, "trick", parts)
        if not isinstance(hand, int) or not isinstance(trick, int):
            return
        seat = self.cell(rows, row, "seat", parts) if kind == "cards" else None
        mark = (kind, hand, trick, seat if isinstance(seat, Seat) else None)
        if kind == "tricks" or isinstance(seat, Seat):
            if mark in parts.plays_seen:
                what = f"trick {trick} of hand {hand}"
                if isinstance(seat, Seat):
                    what = f"seat {seat.value}'s card in {what}"
                parts.issues.append(self.issue(rows, row, "trick", f"a second row of {what}"))
                return
            parts.plays_seen.add(mark)
        target = parts.tricks if kind == "tricks" else parts.card_rows
        target.setdefault(hand, []).append(row)

    # games
    def game(self, key: GameKey, parts: _GameParts, index: int) -> Game:
        """The game of ``key``, its rows all indexed, numbered ``index`` in its import."""
        events = list(self._game_events(key, parts))
        events.extend(parts.issues)
        events.sort(key=lambda e: 0 if isinstance(e, Tag) else 1)  # tags first
        return self._with_comments(assemble(events, source=self.source, index=index), parts)

    def _with_comments(self, game: Game, parts: _GameParts) -> Game:
        """``game`` with the comments of its ``games`` row's ``comments`` cell."""
        if parts.games_row is None:
            return game
        rows, row = parts.games_row
        text = self.cell(rows, row, "comments", parts)
        if not isinstance(text, str):
            return game
        from spadesctl.notation.writer import game_lines

        try:
            comments = comments_of(text, sum(1 for _ in game_lines(game)))
        except CellError as exc:
            issue = self.issue(rows, row, "comments", str(exc))
            issues = sorted([*game.issues, issue], key=lambda i: (i.pos.line, i.pos.column))
            return dataclasses.replace(game, issues=tuple(issues))
        return dataclasses.replace(game, comments=comments)

    def _game_events(self, key: GameKey, parts: _GameParts) -> Iterator[LineEvent]:
        for tag in self._tags(parts):
            if isinstance(tag, Tag) and tag.name.lower() == "rules" and parts.rules_tag is None:
                parts.rules_tag = tag.value
            yield tag
        hands = self.rows.get("hands")
        occurrence: dict[int, int] = {}
        for number, hand_rows in parts.hand_runs:
            assert hands is not None
            k = occurrence.get(number, 0)
            occurrence[number] = k + 1
            yield from self._hand(parts, hands, number, hand_rows, k)
        if parts.games_row is not None:
            rows, row = parts.games_row
            winner = self.cell(rows, row, "recorded_winner", parts)
            if isinstance(winner, str):
                try:
                    yield Result(
                        parse_party(winner.strip()), self.pos(rows, row, "recorded_winner")
                    )
                except ValueError:
                    parts.issues.append(
                        self.issue(rows, row, "recorded_winner", f"{winner!r} is not a party")
                    )

    def _tags(self, parts: _GameParts) -> Iterator[LineEvent]:
        if parts.games_row is not None:
            rows, row = parts.games_row
        else:
            hands = self.rows.get("hands")
            if hands is None or not parts.hand_runs or not parts.hand_runs[0][1]:
                return
            rows, row = hands, parts.hand_runs[0][1][0]
        text = self.cell(rows, row, "tags", parts) if rows.has("tags") else None
        if isinstance(text, str):
            yield from self._lines(parts, rows, row, "tags", text)
            return
        for column, name in _TAG_COLUMNS:
            value = self.cell(rows, row, column, parts)
            if isinstance(value, str) and one_line(value) != value:
                message = f"{quoted(value)} breaks its line: the {name} tag is one line"
                parts.issues.append(self.issue(rows, row, column, message))
            elif isinstance(value, str):
                yield Tag(name, value, self.pos(rows, row, column))

    def _lines(
        self, parts: _GameParts, rows: _Rows, row: int, column: str, text: str
    ) -> Iterator[LineEvent]:
        from spadesctl.notation.parser import parse_lines

        for event in parse_lines(text.split("\n")):
            pos = self.pos(rows, row, column)
            if isinstance(event, SyntaxIssue):
                parts.issues.append(self.issue(rows, row, column, event.message))
                continue
            yield _at(event, pos)

    def _hand(
        self, parts: _GameParts, rows: _Rows, number: int, hand_rows: list[int], occurrence: int
    ) -> Iterator[LineEvent]:
        first = hand_rows[0]
        dealer = self.cell(rows, first, "dealer", parts)
        if not isinstance(dealer, Seat):
            return
        for row in hand_rows[1:]:
            other = self.cell(rows, row, "dealer", parts)
            if isinstance(other, Seat) and other is not dealer:
                parts.issues.append(
                    self.issue(
                        rows,
                        row,
                        "dealer",
                        f"hand {number}'s dealer is {dealer.value} on its first row",
                    )
                )
        start = self.pos(rows, first, "hand")
        yield HandStart(number, dealer, start)
        seats: list[tuple[int, Seat]] = []
        for row in hand_rows:
            seat = self.cell(rows, row, "seat", parts)
            if isinstance(seat, Seat):
                seats.append((row, seat))
        # the record's deal line; a table without that column: a server's dealt hands
        deal_column = "deal" if "deal" in rows.index else "dealt"
        dealt = self._seat_cells(parts, rows, seats, deal_column, tuple)
        deal = deal_of([(seat, cards) for _, seat, cards in dealt])
        if deal is not None:
            yield _at(deal, self.pos(rows, seats[0][0], deal_column))
        before_events: list[LineEvent] = []
        before = self.cell(rows, first, "lines_before_bids", parts)
        if isinstance(before, str):
            before_events = list(self._lines(parts, rows, first, "lines_before_bids", before))
        after_events: list[LineEvent] = []
        after = self.cell(rows, first, "lines_after_bids", parts)
        if isinstance(after, str):
            after_events = list(self._lines(parts, rows, first, "lines_after_bids", after))
        # a kind of line the hand's lines hold is read from them, not from its columns
        in_lines = {type(e) for e in before_events} | {type(e) for e in after_events}
        early_passes = Pass not in {type(e) for e in before_events}
        late_passes = Pass not in {type(e) for e in after_events}
        widow = self._hand_cell(parts, rows, hand_rows, "widow", number)
        if isinstance(widow, tuple) and widow and Widow not in in_lines:
            yield Widow(widow, start)  # an empty one ("-") is none, as PBN's empty Widow
        yield from before_events
        widow_before: tuple[WidowLine, ...] = ()
        widow_after: tuple[WidowLine, ...] = ()
        if not in_lines & {Take, Discard}:
            widow_before, widow_after = self._widow_lines(parts, rows, seats)
        yield from (_at(line, start) for line in widow_before)
        if early_passes:
            yield from self._passes(parts, rows, seats, "pass_to", "passed_cards", None, start)
        bids: list[tuple[int | None, int, Bid]] = []
        sides_bid: set[Party] = set()
        for row, seat in seats:
            bid = self._bid(parts, rows, row, seat)
            if bid is None and rows.has("party_bid"):
                bid = self._party_bid(parts, rows, row, seat, len(seats), sides_bid)
            if bid is not None:
                order = self.cell(rows, row, "bid_order", parts)
                bids.append((order if isinstance(order, int) else None, row, bid))
        if bids:
            ordered = bids_of(bids)
            yield Bids(ordered, ordered[0].pos)
        yield from after_events
        if Raise not in in_lines:
            yield from self._raises(parts, rows, seats, start)
        yield from (_at(line, start) for line in widow_after)
        if late_passes:
            yield from self._passes(
                parts,
                rows,
                seats,
                "pass_after_bids_to",
                "passed_after_bids",
                "pass_after_bids_order",
                start,
            )
        played = False
        if not any(isinstance(e, Trick) for e in after_events):
            for trick in self._tricks(parts, number, occurrence, start):
                played = True
                yield trick
        claims = [seat for row, seat in seats if self.cell(rows, row, "claim", parts) is True]
        for seat in claims:
            yield Claim(seat, start)
        counts: list[tuple[Seat, int]] = []
        took_column = "took" if rows.has("took") else "tricks"
        if took_column == "took" or not played:
            counts = [
                (seat, n) for _, seat, n in self._seat_cells(parts, rows, seats, took_column, int)
            ]
        took = took_of(counts)
        if took is not None:
            yield _at(took, start)
        rulings: list[tuple[Seat, tuple[int, ...]]] = []
        for row, seat, text in self._seat_cells(parts, rows, seats, "ruled_reneges", str):
            try:
                rulings.append((seat, renege_tricks(text)))
            except CellError as exc:
                parts.issues.append(self.issue(rows, row, "ruled_reneges", str(exc)))
        for renege in reneges_of(rulings):
            yield _at(renege, start)
        for column, make in (("recorded_score", RecordedScore), ("recorded_bags", RecordedBags)):
            values = [
                (self._party(parts, rows, row, seat, len(seats)), value)
                for row, seat, value in self._seat_cells(parts, rows, seats, column, int)
            ]
            if values:
                yield make(entries_of(values), start)

    def _seat_cells(
        self,
        parts: _GameParts,
        rows: _Rows,
        seats: list[tuple[int, Seat]],
        column: str,
        kind: type[T],
    ) -> list[tuple[int, Seat, T]]:
        """The seats' cells of ``column`` that hold a value (a ``kind``), each with its
        row and seat; the null and the bad cells (reported) are left out."""
        found: list[tuple[int, Seat, T]] = []
        for row, seat in seats:
            value = self.cell(rows, row, column, parts)
            if isinstance(value, kind):
                found.append((row, seat, value))
        return found

    def _hand_cell(
        self, parts: _GameParts, rows: _Rows, hand_rows: list[int], column: str, number: int
    ) -> object:
        """A cell of the whole hand: the value of its first row that has one (a row that
        gives another is an error)."""
        found: object = None
        for row in hand_rows:
            value = self.cell(rows, row, column, parts)
            if value is None:
                continue
            if found is None:
                found = value
            elif value != found:
                message = f"hand {number}'s {column} is {_shown(found)} on an earlier row"
                parts.issues.append(self.issue(rows, row, column, message))
        return found

    def _passes(
        self,
        parts: _GameParts,
        rows: _Rows,
        seats: list[tuple[int, Seat]],
        to_column: str,
        cards_column: str,
        order_column: str | None,
        start: Position,
    ) -> Iterator[Pass]:
        """The ``pass`` lines of the seats' pass columns (a seat: to whom, the cards)."""
        found: list[tuple[int | None, int, Pass]] = []
        for row, seat in seats:
            to = self.cell(rows, row, to_column, parts)
            cards = self.cell(rows, row, cards_column, parts)
            if not isinstance(to, Seat) or not isinstance(cards, tuple) or not cards:
                continue  # an empty one ("-") is none: no notation has a pass without cards
            place = self.cell(rows, row, order_column, parts) if order_column else None
            found.append((place if isinstance(place, int) else None, row, Pass(seat, to, cards)))
        for p in in_order(found):
            yield _at(p, start)

    def _raises(
        self, parts: _GameParts, rows: _Rows, seats: list[tuple[int, Seat]], start: Position
    ) -> Iterator[Raise]:
        values: list[tuple[int | None, int, tuple[Party, int]]] = []
        for row, seat in seats:
            value = self.cell(rows, row, "raise_to", parts)
            if isinstance(value, int):
                party = self._party(parts, rows, row, seat, len(seats))
                place = self.cell(rows, row, "bid_order", parts)
                values.append((place if isinstance(place, int) else None, row, (party, value)))
        for r in raises_of(values):
            yield _at(r, start)

    def _widow_lines(
        self, parts: _GameParts, rows: _Rows, seats: list[tuple[int, Seat]]
    ) -> tuple[tuple[WidowLine, ...], tuple[WidowLine, ...]]:
        """The ``take`` and ``discard`` lines of the seats' widow columns; without a
        ``..._before_bids`` cell, when the game's ruleset has them (its Rules tag, else the
        ruleset the command reads records under)."""
        found: list[tuple[int | None, int, WidowCells]] = []
        for row, seat in seats:
            taken = self.cell(rows, row, "widow_taken", parts)
            discarded = self.cell(rows, row, "widow_discarded", parts)
            # an empty cell ("-") is none: no notation has a take or discard without cards
            taken = taken if isinstance(taken, tuple) and taken else None
            discarded = discarded if isinstance(discarded, tuple) and discarded else None
            if taken is None and discarded is None:
                continue
            early_take = self.cell(rows, row, "widow_taken_before_bids", parts)
            early_discard = self.cell(rows, row, "widow_discarded_before_bids", parts)
            if not isinstance(early_take, bool) or not isinstance(early_discard, bool):
                from spadesctl.replay.widow import discarded_before_bid, taken_before_bid

                rules = self._rules(parts)
                if not isinstance(early_take, bool):
                    early_take = taken_before_bid(rules)
                if not isinstance(early_discard, bool):
                    early_discard = discarded_before_bid(rules)
            cells = WidowCells(
                seat,
                taken,
                early_take,
                discarded,
                early_discard,
            )
            place = self.cell(rows, row, "widow_order", parts)
            found.append((place if isinstance(place, int) else None, row, cells))
        return widow_lines_of(found)

    def _rules(self, parts: _GameParts) -> Ruleset:
        """The game's ruleset: its Rules tag, else the default (one that is not valid:
        the default, as the referee reads it)."""
        if parts.rules is None:
            from spadesctl.rules.parse import RulesError
            from spadesctl.rules.resolve import declared_rules

            try:
                parts.rules = declared_rules(parts.rules_tag, self.default_rules)
            except RulesError:
                parts.rules = self.default_rules
        return parts.rules

    def _party(self, parts: _GameParts, rows: _Rows, row: int, seat: Seat, seats: int) -> Party:
        text = self.cell(rows, row, "party", parts)
        if isinstance(text, str):
            try:
                return parse_party(text.strip())
            except ValueError:
                parts.issues.append(self.issue(rows, row, "party", f"{text!r} is not a party"))
        return side_of(seat) if seats == 4 else seat

    def _party_bid(
        self, parts: _GameParts, rows: _Rows, row: int, seat: Seat, seats: int, done: set[Party]
    ) -> Bid | None:
        """The bid of the row's party as one (``party_bid``), on its first row only."""
        text = self.cell(rows, row, "party_bid", parts)
        if not isinstance(text, str):
            return None
        party = self._party(parts, rows, row, seat, seats)
        if party in done:
            return None
        done.add(party)
        try:
            bid = parse_bid(party, text)
        except CellError as exc:
            parts.issues.append(self.issue(rows, row, "party_bid", str(exc)))
            return None
        return Bid(party, bid.kind, bid.tricks, self.pos(rows, row, "party_bid"))

    def _bid(self, parts: _GameParts, rows: _Rows, row: int, seat: Seat) -> Bid | None:
        text = self.cell(rows, row, "bid_text", parts)
        column = "bid_text"
        if not isinstance(text, str):
            text = self.cell(rows, row, "bid", parts)
            column = "bid"
        if not isinstance(text, str):
            return None
        pos = self.pos(rows, row, column)
        try:
            bid = parse_bid(seat, text)
        except CellError as exc:
            parts.issues.append(self.issue(rows, row, column, str(exc)))
            return None
        if column == "bid" and bid.kind is BidKind.NUMBER:
            if self.cell(rows, row, "blind_nil", parts) is True:
                bid = Bid(seat, BidKind.BLIND_NIL, 0)
            elif self.cell(rows, row, "nil", parts) is True and bid.tricks == 0:
                bid = Bid(seat, BidKind.NIL, 0)
            elif self.cell(rows, row, "blind", parts) is True:
                bid = Bid(seat, BidKind.BLIND, bid.tricks)
        return Bid(bid.bidder, bid.kind, bid.tricks, pos)

    def _tricks(
        self, parts: _GameParts, number: int, occurrence: int, start: Position
    ) -> Iterator[Trick]:
        tricks = self.rows.get("tricks")
        if tricks is not None:
            yield from self._tricks_of_table(parts, tricks, number, occurrence, start)
            return
        cards = self.rows.get("cards")
        if cards is not None:
            yield from self._tricks_of_cards(parts, cards, number, occurrence, start)

    def _runs(
        self, rows: list[int], rows_of: _Rows, parts: _GameParts, occurrence: int
    ) -> list[int]:
        """The rows of the ``occurrence``-th run of a hand number (a record may repeat one)."""
        runs: list[list[int]] = []
        for row in rows:
            if runs and row == runs[-1][-1] + 1:
                runs[-1].append(row)
            else:
                runs.append([row])
        return runs[occurrence] if occurrence < len(runs) else []

    def _tricks_of_table(
        self, parts: _GameParts, rows: _Rows, number: int, occurrence: int, start: Position
    ) -> Iterator[Trick]:
        for row in self._runs(parts.tricks.get(number, []), rows, parts, occurrence):
            trick = self.cell(rows, row, "trick", parts)
            leader = self.cell(rows, row, "leader", parts)
            if not isinstance(trick, int) or not isinstance(leader, Seat):
                continue
            pos = self.pos(rows, row, "leader") if rows.is_source else start
            cards = self.cell(rows, row, "cards", parts)
            if not isinstance(cards, tuple):
                by_seat: dict[Seat, Card] = {}
                for seat, column in zip(Seat, SEAT_CARD_COLUMNS, strict=True):
                    card = self.cell(rows, row, column, parts)
                    if isinstance(card, Card):
                        by_seat[seat] = card
                order = list(Seat)
                turn = order.index(leader)
                clockwise = order[turn:] + order[:turn]
                cards = tuple(by_seat[s] for s in clockwise if s in by_seat)
            if not cards:
                parts.issues.append(self.issue(rows, row, "trick", f"trick {trick} has no card"))
                continue
            yield Trick(trick, leader, cards, (), pos)

    def _tricks_of_cards(
        self, parts: _GameParts, rows: _Rows, number: int, occurrence: int, start: Position
    ) -> Iterator[Trick]:
        hand_rows = self._runs(parts.card_rows.get(number, []), rows, parts, occurrence)
        by_trick: dict[int, list[tuple[int, int, Seat, Card]]] = {}
        for row in hand_rows:
            trick = self.cell(rows, row, "trick", parts)
            seat = self.cell(rows, row, "seat", parts)
            card = self.cell(rows, row, "card", parts)
            order = self.cell(rows, row, "order", parts)
            if isinstance(trick, int) and isinstance(seat, Seat) and isinstance(card, Card):
                rank = order if isinstance(order, int) else len(by_trick.get(trick, ()))
                by_trick.setdefault(trick, []).append((rank, row, seat, card))
        for trick, plays in sorted(by_trick.items()):  # rows in any order: by number
            plays.sort(key=lambda p: (p[0], p[1]))
            pos = self.pos(rows, plays[0][1], "card") if rows.is_source else start
            yield Trick(trick, plays[0][2], tuple(p[3] for p in plays), (), pos)


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(c.text for c in value if isinstance(c, Card)) or "-"
    return repr(value)


E = TypeVar("E", bound=LineEvent)


def _at(event: E, pos: Position) -> E:
    """``event`` placed at ``pos`` (events are frozen: a copy)."""
    return dataclasses.replace(event, pos=pos)


__all__ = [
    "CellError",
    "GameKey",
    "TableReader",
    "WidowCells",
    "bids_of",
    "comments_of",
    "deal_of",
    "entries_of",
    "in_order",
    "parse_bid",
    "raises_of",
    "renege_tricks",
    "reneges_of",
    "took_of",
    "widow_lines_of",
]
