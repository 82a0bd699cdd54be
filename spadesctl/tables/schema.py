"""The four tables' column names and polars types: ``games``, ``hands``, ``tricks``, ``violations``.

Every table starts with the same game columns (source file, game index, the game's
tags); the rest is the table's own.  Seats, sides, parties, suits, cards, diagnostic
names and codes are :class:`polars.Enum` columns with a fixed category order, so that a
table built from one batch concatenates with any other and a Parquet export reads back
with the very same schema.  docs/stats.md describes every column.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

import polars as pl

from spadesctl.cards import ALL_CARDS
from spadesctl.diagnostics import KINDS, Severity
from spadesctl.scoring.model import EndReason

#: The name of a table.
TableName = Literal["games", "hands", "tricks", "violations"]
TABLE_NAMES: Final[tuple[TableName, ...]] = ("games", "hands", "tricks", "violations")

SEAT: Final = pl.Enum(["N", "E", "S", "W"])
SIDE: Final = pl.Enum(["NS", "EW"])
#: Who scores: a side in a four-player partnership game, a seat otherwise.
PARTY: Final = pl.Enum(["NS", "EW", "N", "E", "S", "W"])
#: Suits as they play under the deck (jokers, and the 2D under ``jjdd``, are spades).
SUIT: Final = pl.Enum(["S", "H", "D", "C"])
CARD: Final = pl.Enum([c.text for c in ALL_CARDS])
DIAGNOSTIC: Final = pl.Enum([k.name for k in KINDS])
CODE: Final = pl.Enum([k.code for k in KINDS])
SEVERITY: Final = pl.Enum([s.value for s in Severity])
#: How a game ended: the scorer's reasons, or ``unfinished`` when no one has won.
END: Final = pl.Enum([*(r.value for r in EndReason), "unfinished"])

Schema = Mapping[str, pl.DataType]

#: The columns every table starts with: where the game is, and its tags.
GAME_COLUMNS: Final[Schema] = MappingProxyType(
    {
        "file": pl.String(),
        "game": pl.Int32(),
        "event": pl.String(),
        "date": pl.Date(),
        "preset": pl.String(),
        "north": pl.String(),
        "east": pl.String(),
        "south": pl.String(),
        "west": pl.String(),
        "time": pl.Time(),
    }
)

GAMES: Final[Schema] = MappingProxyType(
    {
        **GAME_COLUMNS,
        "rules": pl.String(),
        "players": pl.Int8(),
        "partnership": pl.Boolean(),
        "hands": pl.Int32(),
        "winner": PARTY,
        "end": END,
        "end_hand": pl.Int32(),
        "hands_after_end": pl.Int32(),
        "recorded_winner": PARTY,
        "score_ns": pl.Int32(),
        "score_ew": pl.Int32(),
        "score_n": pl.Int32(),
        "score_e": pl.Int32(),
        "score_s": pl.Int32(),
        "score_w": pl.Int32(),
        "violations": pl.Int32(),
        "bid_rounds": pl.Int8(),
        "pass_cards": pl.Int8(),
        "renege_transfer": pl.Boolean(),
        # lossless: what the record says, so that the tables read back as it (docs/import.md)
        "tags": pl.String(),
        "comments": pl.String(),
    }
)

HANDS: Final[Schema] = MappingProxyType(
    {
        **GAME_COLUMNS,
        "hand": pl.Int32(),
        "dealer": SEAT,
        "seat": SEAT,
        "player": pl.String(),
        "side": SIDE,
        "party": PARTY,
        "team": pl.String(),
        "bid": pl.Int32(),
        "nil": pl.Boolean(),
        "blind_nil": pl.Boolean(),
        "blind": pl.Boolean(),
        "tricks": pl.Int32(),
        "contract": pl.Int32(),
        "party_tricks": pl.Int32(),
        "made": pl.Boolean(),
        "bags": pl.Int32(),
        "points": pl.Int32(),
        "score": pl.Int32(),
        "nil_made": pl.Boolean(),
        "reneges": pl.Int32(),
        "violations": pl.Int32(),
        "unbid": pl.Boolean(),
        "played": pl.Boolean(),
        "after_end": pl.Boolean(),
        "won": pl.Boolean(),
        "spades": pl.Int8(),
        "hearts": pl.Int8(),
        "diamonds": pl.Int8(),
        "clubs": pl.Int8(),
        "jokers": pl.Int8(),
        "aces": pl.Int8(),
        "high_cards": pl.Int8(),
        "dealt": pl.String(),
        "first_bid": pl.Int32(),
        "raised": pl.Boolean(),
        "raise_tricks": pl.Int32(),
        "pass_to": SEAT,
        "passed_cards": pl.String(),
        "passed_spades": pl.Int8(),
        "renege_lost": pl.Int32(),
        "renege_received": pl.Int32(),
        "renege_counted": pl.Int32(),
        # lossless: what the record says, so that the tables read back as it (docs/import.md)
        "bid_text": pl.String(),
        "bid_order": pl.Int32(),
        "deal": pl.String(),
        "took": pl.Int32(),
        "claim": pl.Boolean(),
        "ruled_reneges": pl.String(),
        "recorded_score": pl.Int32(),
        "recorded_bags": pl.Int32(),
        "lines_before_bids": pl.String(),
        "lines_after_bids": pl.String(),
    }
)

#: The columns of ``hands`` that describe the seat's cards as dealt (null when unknown).
DEAL_FEATURES: Final = ("spades", "hearts", "diamonds", "clubs", "jokers", "aces", "high_cards")

TRICKS: Final[Schema] = MappingProxyType(
    {
        **GAME_COLUMNS,
        "hand": pl.Int32(),
        "trick": pl.Int32(),
        "leader": SEAT,
        "leader_player": pl.String(),
        "winner": SEAT,
        "winner_player": pl.String(),
        "led_suit": SUIT,
        "cards": pl.String(),
        "card_n": CARD,
        "card_e": CARD,
        "card_s": CARD,
        "card_w": CARD,
        "winning_card": CARD,
        "trumped": pl.Boolean(),
        "spades_broken": pl.Boolean(),
        "breaks_spades": pl.Boolean(),
    }
)

VIOLATIONS: Final[Schema] = MappingProxyType(
    {
        **GAME_COLUMNS,
        "hand": pl.Int32(),
        "trick": pl.Int32(),
        "seat": SEAT,
        "player": pl.String(),
        "party": PARTY,
        "name": DIAGNOSTIC,
        "code": CODE,
        "severity": SEVERITY,
        "line": pl.Int32(),
        "column": pl.Int32(),
        "message": pl.String(),
    }
)

SCHEMAS: Final[Mapping[TableName, Schema]] = MappingProxyType(
    {"games": GAMES, "hands": HANDS, "tricks": TRICKS, "violations": VIOLATIONS}
)


def schema_of(table: TableName) -> pl.Schema:
    """The polars schema of ``table`` (a fresh :class:`polars.Schema`, column order kept)."""
    return pl.Schema(SCHEMAS[table])


def empty(table: TableName) -> pl.DataFrame:
    """An empty frame of ``table``'s schema."""
    return pl.DataFrame(schema=schema_of(table))


def table_of_columns(columns: list[str] | tuple[str, ...]) -> TableName | None:
    """Which table a frame with these columns is (an export read back), if any."""
    present = set(columns)
    for name in TABLE_NAMES:
        if set(SCHEMAS[name]) == present:
            return name
    return None
