"""A ``hands`` table read in chunks of whole games, with only the columns asked for.

The statistics are summed chunk by chunk, and the ratings and the fairness tests read
each game whole, so a chunk never cuts a game.  Every export and batch of spadesctl
holds the rows of a game together, hand after hand (:func:`games_together`): the table
is then read :data:`CHUNK_ROWS` rows at a time (an export's row groups, decoded once,
only the columns asked for), the rows of the last game of a chunk carried into the
next, so memory holds a chunk, never the file.  A table whose games are not held
together (a foreign file, rows shuffled) is sorted by file, game and hand first, keeping
the order of the rows of a hand: the same figures, with the whole table in memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import polars as pl

#: Rows read at a time: two row groups of an export (``writers.ROW_GROUP_ROWS``).
CHUNK_ROWS: Final = 262_144

#: The integer number of a game in a chunk (0, 1, ... in the order of its rows), which
#: the figures, ratings and fairness rows group on wherever ``(file, game)`` would be.
GAME_ID: Final = "_game"


def _changed(column: str) -> pl.Expr:
    return pl.col(column).ne_missing(pl.col(column).shift())


#: True on the first row of each run of rows of one game.
_GAME_STARTS: Final = _changed("file") | _changed("game")


def number_games(hands: pl.LazyFrame) -> pl.LazyFrame:
    """``hands``, whose games are held together (:func:`games_together`), with each
    game's number in :data:`GAME_ID` (``UInt32``, from 0, by its run of rows)."""
    return hands.with_columns(_GAME_STARTS.cum_sum().cast(pl.UInt32).sub(1).alias(GAME_ID))


def games_together(hands: pl.LazyFrame) -> bool:
    """Whether the rows of each game are next to each other, hand numbers never going
    down within a game (and none null), as every export and batch of spadesctl writes
    them: the runs of rows of one game are as many as the games."""
    hand = pl.col("hand")
    start = pl.col("_start")
    found = (
        hands.select("file", "game", "hand")
        .with_columns(_start=_GAME_STARTS)
        .select(
            runs=start.sum().cast(pl.Int64),
            games=pl.struct("file", "game").filter(start).n_unique().cast(pl.Int64),
            backwards=((hand < hand.shift()) & ~start).any(),
            unknown=hand.null_count(),
        )
        .collect()
    )
    runs, games, backwards, unknown = found.row(0)
    return bool(runs == games and not backwards and unknown == 0)


def game_chunks(
    hands: pl.LazyFrame, columns: Sequence[str], rows: int = CHUNK_ROWS
) -> Iterator[pl.DataFrame]:
    """``hands`` (its ``columns``, which must include ``file``, ``game`` and ``hand``) in
    frames of whole games, in order: about ``rows`` rows each when the games are held
    together, else the whole table sorted by file, game and hand (stably)."""
    chosen = hands.select(columns)
    if not games_together(hands):
        yield chosen.sort("file", "game", "hand", maintain_order=True).collect()
        return
    carry: pl.DataFrame | None = None
    total = int(chosen.select(pl.len()).collect().item())
    for start in range(0, total, rows):
        # a slice of a scan reads only its row groups (and holds no read-ahead, as
        # collect_batches does: twice the memory)
        batch = chosen.slice(start, rows).collect()
        frame = batch if carry is None else pl.concat([carry, batch], how="vertical")
        if not frame.height:
            continue
        # the rows of the frame's last game are a suffix: carried into the next frame
        last_file, last_game = frame.get_column("file")[-1], frame.get_column("game")[-1]
        last = pl.col("file").eq_missing(last_file) & pl.col("game").eq_missing(last_game)
        cut = int(frame.select(last.arg_max()).item())
        if cut:
            yield frame.slice(0, cut)
        carry = frame.slice(cut)
    if carry is not None and carry.height:
        yield carry
