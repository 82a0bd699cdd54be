"""spadesctl: check, score and summarise Spades game records.

The library API (the command-line tool is a thin layer over it)::

    import spadesctl
    games = spadesctl.load("samples/league-night.spades")  # every game in a file
    for game in spadesctl.iter_games("big.spades"): ...    # streaming, one game at a time
    text = spadesctl.format_game(games[0])                 # canonical notation
    problems = spadesctl.check("samples/mistakes/")        # diagnostics, as `check` prints
    refereed = spadesctl.referee_game(games[0])            # replayed and scored, hand by hand

The heavier parts (replay, scoring, statistics) are imported when first used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

__version__ = "0.1.0"

from spadesctl.notation import (
    RecordReadError,
    format_game,
    format_games,
    iter_events,
    iter_games,
    parse_text,
)
from spadesctl.record import Game, Hand

if TYPE_CHECKING:
    from spadesctl.diagnostics import Diagnostic
    from spadesctl.referee import RefereedGame


def load(source: str | Path) -> list[Game]:
    """Every game in a record file (``-`` for standard input)."""
    return list(iter_games(source))


def check(*paths: str | Path, rules: str | None = None) -> list[Diagnostic]:
    """Every diagnostic ``spadesctl check`` reports for these files or directories.

    ``rules`` is the ruleset for records that declare none (rules text or a TOML path).
    """
    from spadesctl.checking import CheckOptions, check_file
    from spadesctl.sources import expand_paths

    options = CheckOptions(rules=rules)
    out: list[Diagnostic] = []
    for path in expand_paths(str(p) for p in paths):
        out.extend(check_file(path, options).diagnostics)
    return out


def referee_game(game: Game, rules: str | None = None) -> RefereedGame:
    """Replay and score ``game`` under its ruleset (its Rules tag, else ``rules``)."""
    from spadesctl import referee
    from spadesctl.rules.resolve import rules_for_game, rules_option

    chosen = rules_for_game(game, rules_option(rules))
    return referee.referee_game(game, chosen.rules)


__all__ = [
    "Game",
    "Hand",
    "RecordReadError",
    "__version__",
    "check",
    "format_game",
    "format_games",
    "iter_events",
    "iter_games",
    "load",
    "parse_text",
    "referee_game",
]
