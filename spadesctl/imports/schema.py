"""The import schema: the columns each import table may hold, their types, whether they
are required, and what they mean.

An import is up to four tables (``games``, ``hands``, ``tricks``, ``cards``); their
columns are those ``spadesctl export`` writes, and the ones it adds so that nothing of a
record is lost.  A table's kind is told by its columns (:func:`table_kind`).  This
declaration is the one the reader checks rows against and docs/import.md lists (a test
holds the page to it).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

ImportTable = Literal["games", "hands", "tricks", "cards"]
IMPORT_TABLES: Final[tuple[ImportTable, ...]] = ("games", "hands", "tricks", "cards")


class Type(enum.Enum):
    """A column's type, as the reader accepts it (CSV cells are text)."""

    TEXT = "text"
    INT = "integer"
    BOOL = "boolean"
    SEAT = "seat"
    CARD = "card"
    CARDS = "cards"


@dataclass(frozen=True, slots=True)
class Column:
    """One column of an import table."""

    name: str
    type: Type
    required: bool
    meaning: str


def _columns(*columns: Column) -> Mapping[str, Column]:
    return MappingProxyType({c.name: c for c in columns})


_KEY: Final = (
    Column(
        "file",
        Type.TEXT,
        False,
        "with `game`, which game a row belongs to (the record file an export came from)",
    ),
    Column(
        "game", Type.TEXT, True, "the game's id (any text or number; rows of one game share it)"
    ),
)
_HAND: Final = Column("hand", Type.INT, True, "the hand's number")
#: The key of a trick's rows (``tricks``, ``cards``): its game's, its hand and its number.
_TRICK_KEY: Final = (*_KEY, _HAND, Column("trick", Type.INT, True, "the trick's number"))
_GAME_TAGS: Final = (
    Column("event", Type.TEXT, False, "the `Event` tag"),
    Column("date", Type.TEXT, False, "the `Date` tag"),
    Column("time", Type.TEXT, False, "the `Time` tag"),
    Column("north", Type.TEXT, False, "the North player (`North` tag)"),
    Column("east", Type.TEXT, False, "the East player"),
    Column("south", Type.TEXT, False, "the South player"),
    Column("west", Type.TEXT, False, "the West player"),
    Column(
        "rules",
        Type.TEXT,
        False,
        "the ruleset (`standard nil=50`); without it, `--rules` or the configuration's",
    ),
)

COLUMNS: Final[Mapping[ImportTable, Mapping[str, Column]]] = MappingProxyType(
    {
        "games": _columns(
            *_KEY,
            *_GAME_TAGS,
            Column(
                "tags",
                Type.TEXT,
                False,
                'every tag of the record, one `[Name "value"]` a line, in order '
                "(when present, the tag columns above are not read)",
            ),
            Column("recorded_winner", Type.TEXT, False, "the record's `result` line (a party)"),
            Column(
                "comments",
                Type.TEXT,
                False,
                'the record\'s comments, where `fmt` puts them: a JSON list of `{"line": N, '
                '"inline": BOOL, "text": "; ..."}`, `line` a line of the game as `convert '
                "--to spades` writes it (from 1, one past its last: after the game), "
                "`inline` at that line's end (else on a line of its own before it)",
            ),
        ),
        "hands": _columns(
            *_KEY,
            *_GAME_TAGS,
            _HAND,
            Column("dealer", Type.SEAT, True, "who dealt (the same on every row of the hand)"),
            Column("seat", Type.SEAT, True, "the row's seat"),
            Column(
                "bid",
                Type.TEXT,
                False,
                "the seat's bid: a number of tricks, or as written (`nil`, `bnil`, `b6`); "
                "null when the seat made no bid",
            ),
            Column("nil", Type.BOOL, False, "the bid is a nil (read with `bid` 0)"),
            Column("blind_nil", Type.BOOL, False, "the bid is a blind nil"),
            Column("blind", Type.BOOL, False, "the bid is blind (`bN`)"),
            Column(
                "bid_text",
                Type.TEXT,
                False,
                "the bid as written in the record (`4`, `0`, `nil`, `bnil`, `b6`); "
                "read before `bid` and the flags",
            ),
            Column("bid_order", Type.INT, False, "the bid's place in the bidding, from 1"),
            Column(
                "party_bid",
                Type.TEXT,
                False,
                "the bid of the row's party as one (`bid NS 5`, `b6`: a side's bid), on its "
                "rows with their `bid_order`; read from the party's first row, for a seat "
                "with no bid of its own",
            ),
            Column(
                "deal",
                Type.CARDS,
                False,
                "the seat's cards as the record's `deal` line gives them, space-separated "
                "(`AS JS 6S ...`); without it (and without `dealt`) the deal is rebuilt "
                "from the cards played",
            ),
            Column(
                "dealt",
                Type.CARDS,
                False,
                "the seat's cards as dealt, read as the deal only in a table with no "
                "`deal` column (a server's dealt hands; `export` fills it for every hand "
                "whose deal is known, rebuilt from the play too, for `stats --by holding`)",
            ),
            Column(
                "tricks",
                Type.INT,
                False,
                "tricks the seat took: read as a `took` line for a hand without play "
                "(when the table has no `took` column)",
            ),
            Column("took", Type.INT, False, "the seat's count on the record's `took` line"),
            Column("claim", Type.BOOL, False, "the seat claimed the remaining tricks"),
            Column(
                "ruled_reneges",
                Type.TEXT,
                False,
                "the tricks of the table's renege rulings against the seat (`4 7`)",
            ),
            Column("party", Type.TEXT, False, "who the seat scores for (`NS`, `EW`, or a seat)"),
            Column(
                "recorded_score",
                Type.INT,
                False,
                "the party's running total as the score sheet wrote it",
            ),
            Column(
                "recorded_bags", Type.INT, False, "the party's bags as the score sheet wrote them"
            ),
            Column(
                "raise_to",
                Type.INT,
                False,
                "the party's new total contract on the record's `raise` line (`bid_rounds=2`)",
            ),
            Column(
                "pass_to",
                Type.SEAT,
                False,
                "to whom the seat passed cards before the bidding (`pass_cards`), with "
                "`passed_cards`: its `pass` line, in the rows' order",
            ),
            Column("passed_cards", Type.CARDS, False, "the cards the seat passed to `pass_to`"),
            Column(
                "pass_after_bids_to",
                Type.SEAT,
                False,
                "to whom the seat passed cards after the bidding (a blind nil's exchange), "
                "with `passed_after_bids`",
            ),
            Column(
                "passed_after_bids",
                Type.CARDS,
                False,
                "the cards the seat passed to `pass_after_bids_to`",
            ),
            Column(
                "pass_after_bids_order",
                Type.INT,
                False,
                "that pass's place among the hand's passes after the bidding, from 1 (else "
                "the rows' order)",
            ),
            Column(
                "widow",
                Type.CARDS,
                False,
                "the hand's `widow` line: the cards left over after the deal (the same on "
                "every row of the hand that gives it)",
            ),
            Column(
                "widow_taken",
                Type.CARDS,
                False,
                "the widow's cards the seat took (its `take` line)",
            ),
            Column(
                "widow_taken_before_bids",
                Type.BOOL,
                False,
                "the seat took them before the bidding (else after it); null: when the "
                "ruleset has the widow taken",
            ),
            Column(
                "widow_discarded",
                Type.CARDS,
                False,
                "the cards the seat laid face down for those it took (its `discard` line)",
            ),
            Column(
                "widow_discarded_before_bids",
                Type.BOOL,
                False,
                "the seat discarded before the bidding (else after it); null: when the "
                "ruleset has the taker discard",
            ),
            Column(
                "widow_order",
                Type.INT,
                False,
                "the seat's place among the hand's widow takers, from 1 (else the rows' "
                "order): the takes in this order, then the discards",
            ),
            Column(
                "lines_before_bids",
                Type.TEXT,
                False,
                "the hand's lines before its bids that no column holds exactly (draws, and "
                "the passes or widow lines the columns cannot hold), in the notation, one "
                "a line; read from the hand's first row",
            ),
            Column(
                "lines_after_bids",
                Type.TEXT,
                False,
                "the hand's other lines from its bids on that no column holds exactly, in "
                "the notation; a kind of line (trick, pass, raise, take or discard, widow) "
                "found in either cell is read from there, its columns and rows left unread",
            ),
        ),
        "tricks": _columns(
            *_TRICK_KEY,
            Column("leader", Type.SEAT, True, "who led"),
            Column(
                "cards",
                Type.CARDS,
                False,
                "the cards in the order played, space-separated (else the seat columns)",
            ),
            Column("card_n", Type.CARD, False, "North's card"),
            Column("card_e", Type.CARD, False, "East's card"),
            Column("card_s", Type.CARD, False, "South's card"),
            Column("card_w", Type.CARD, False, "West's card"),
        ),
        "cards": _columns(
            *_TRICK_KEY,
            Column("seat", Type.SEAT, True, "who played the card"),
            Column("card", Type.CARD, True, "the card"),
            Column(
                "order",
                Type.INT,
                False,
                "its place in the trick, from 1 (else the rows' order); the first card's seat led",
            ),
        ),
    }
)

SEAT_CARD_COLUMNS: Final = ("card_n", "card_e", "card_s", "card_w")


def table_kind(columns: frozenset[str]) -> ImportTable | None:
    """Which import table a table with these columns is: ``cards`` (a ``card`` column),
    ``tricks`` (``trick`` and ``leader``), ``hands`` (``seat``), ``games`` (``game``
    alone); ``None`` when it has no ``game`` column."""
    if "game" not in columns:
        return None
    if "card" in columns and "trick" in columns:
        return "cards"
    if "trick" in columns and "leader" in columns:
        return "tricks"
    if "seat" in columns:
        return "hands"
    return "games"


def required(table: ImportTable) -> tuple[str, ...]:
    """The columns ``table`` cannot be read without."""
    return tuple(c.name for c in COLUMNS[table].values() if c.required)
