"""The order games were played in, defined on their content alone.

Ratings and streaks follow the games in the order they were played: by the ``Date``
tag, then the ``Time`` tag, then the game's position in its file, then a key made of
the game's content (its players, its length, the sums of its bids, tricks and points,
and the points weighted by hand and seat), then the file name.  None of it depends on
the order the files were given in, so the same records in any order give the same
ratings.  Two games equal in every part of the key have the same players and, but for
a freak, the same result, and rate the same in either order.  Undated games come
first.
"""

from __future__ import annotations

from typing import Final

import polars as pl

from spadesctl.tables.chunks import GAME_ID

#: The columns, in order, that sort the rows of ``hands`` into playing order (with
#: ``game_key`` joined from :func:`game_order`).
ORDER_COLUMNS: Final = ("date", "time", "game", "game_key", "file")


def _text(expr: pl.Expr) -> pl.Expr:
    return expr.cast(pl.String).fill_null("-")


def game_order(hands: pl.LazyFrame, *columns: str) -> pl.LazyFrame:
    """``(file, game, game_key)``: one row per game of ``hands``, with its content key
    (and the game columns named in ``columns``).  Rows that carry their games' numbers
    (:data:`~spadesctl.tables.chunks.GAME_ID`) are grouped on them, and the numbers
    kept."""
    i64 = pl.Int64
    seats = ("north", "east", "south", "west")
    numbered = GAME_ID in hands.collect_schema()
    keys = (GAME_ID,) if numbered else ("file", "game")
    firsts = (*(("file", "game") if numbered else ()), *seats, *columns)
    per_game = hands.group_by(*keys).agg(
        *(pl.col(s).first() for s in dict.fromkeys(firsts)),
        hands=pl.col("hand").max(),
        bids=pl.col("bid").cast(i64).sum(),
        tricks=pl.col("tricks").cast(i64).sum(),
        points=pl.col("points").cast(i64).sum(),
        # the points again, weighted by hand and seat, so that who scored what counts
        weighted=(
            pl.col("points").cast(i64)
            * pl.col("hand").cast(i64)
            * (pl.col("seat").to_physical().cast(i64) + 1)
        ).sum(),
    )
    parts = ("north", "east", "south", "west", "hands", "bids", "tricks", "points", "weighted")
    return per_game.select(
        *((GAME_ID,) if numbered else ()),
        "file",
        "game",
        *columns,
        game_key=pl.concat_str([_text(pl.col(c)) for c in parts], separator="|"),
    )
