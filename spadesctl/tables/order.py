"""The order games were played in, defined on their content alone.

Ratings and streaks follow the games in the order they were played: by the ``Date``
tag, then the ``Time`` tag, then the game's position in its file, then a key made of
the game's content (its players, length, bids, tricks and final scores), then the file
name.  None of it depends on the order the files were given in, so the same records in
any order give the same ratings.  Two games equal in every part of the key have the
same players and the same result, and rate the same in either order.  Undated games
come first.
"""

from __future__ import annotations

from typing import Final

import polars as pl

#: The columns, in order, that sort the rows of ``hands`` into playing order (with
#: ``game_key`` joined from :func:`game_order`).
ORDER_COLUMNS: Final = ("date", "time", "game", "game_key", "file")


def _text(expr: pl.Expr) -> pl.Expr:
    return expr.cast(pl.String).fill_null("-")


def game_order(hands: pl.LazyFrame) -> pl.LazyFrame:
    """``(file, game, game_key)``: one row per game of ``hands``, with its content key."""
    last = pl.col("hand") == pl.col("hand").max()
    return hands.group_by("file", "game").agg(
        game_key=pl.concat_str(
            [
                *(_text(pl.col(s).first()) for s in ("north", "east", "south", "west")),
                _text(pl.col("hand").max()),
                _text(pl.col("bid").sum()),
                _text(pl.col("tricks").sum()),
                _text(pl.col("points").sum()),
                _text(pl.col("score").filter(last).sort_by(pl.col("seat").filter(last))).str.join(
                    ","
                ),
            ],
            separator="|",
        )
    )
