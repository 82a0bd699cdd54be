"""spadesctl: check, score and summarise Spades game records.

The library API (the command-line tool is a thin layer over it)::

    import spadesctl
    games = spadesctl.load("samples/league.spades")      # every game in a file
    for game in spadesctl.iter_games("big.spades"): ...  # streaming, one game at a time
    text = spadesctl.format_game(games[0])               # canonical notation
"""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"

from spadesctl.notation import (
    RecordReadError,
    format_game,
    format_games,
    iter_games,
    parse_text,
)
from spadesctl.record import Game, Hand


def load(source: str | Path) -> list[Game]:
    """Every game in a record file (``-`` for standard input)."""
    return list(iter_games(source))


__all__ = [
    "Game",
    "Hand",
    "RecordReadError",
    "__version__",
    "format_game",
    "format_games",
    "iter_games",
    "load",
    "parse_text",
]
