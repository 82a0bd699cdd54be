"""spadesctl: check, score and summarise Spades game records.

The library API (the command-line tool is a thin layer over it)::

    import spadesctl
    games = spadesctl.load("samples/league-night.spades")  # every game in a file
    for game in spadesctl.iter_games("big.spades"): ...    # streaming, one game at a time
    text = spadesctl.format_game(games[0])                 # canonical notation
    problems = spadesctl.check("samples/mistakes/")        # diagnostics, as `check` prints
    rules = spadesctl.ruleset_of(games[0])                 # its [Rules] tag, else standard
    refereed = spadesctl.referee_game(games[0], rules)     # replayed and scored, hand by hand

Each name here means one thing: ``spadesctl.referee_game`` is
:func:`spadesctl.referee.referee_game`, and so on.  The values it hands out are
:class:`Diagnostic` (with its :class:`Kind`), :class:`Game` and :class:`Ruleset`; what
it refuses raises a :class:`SpadesctlError` (:mod:`spadesctl.errors`).  The heavier parts
(replay, scoring, statistics) are imported when first used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from spadesctl.diagnostics import KINDS, Diagnostic, Kind, Severity
from spadesctl.errors import NotationSyntaxError, RulesError, SpadesctlError, SpadesctlIOError
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
    from spadesctl.referee import RefereedGame, referee_game
    from spadesctl.rules.ruleset import Ruleset


def load(source: str | Path) -> list[Game]:
    """Every game in a record file (``-`` for standard input)."""
    return list(iter_games(source))


def check(*paths: str | Path, rules: str | None = None) -> list[Diagnostic]:
    """Every diagnostic ``spadesctl check`` reports for these files or directories.

    ``rules`` is the ruleset for records that declare none (rules text or a TOML path).
    """
    from spadesctl.check_run import CheckRequest, check_paths
    from spadesctl.checking import CheckOptions
    from spadesctl.sources import expand_paths

    files = tuple(expand_paths(str(p) for p in paths))
    request = CheckRequest(files, CheckOptions(rules=rules))
    return [d for report in check_paths(request) for d in report.diagnostics]


def ruleset_of(game: Game, default: str | Ruleset | None = None) -> Ruleset:
    """The ruleset ``game`` is played under, as ``check`` reads it: its ``[Rules]`` tag,
    else ``default`` (rules text, a ``.toml`` house-rules path, or a :class:`Ruleset`;
    ``None`` is ``standard``).  A tag that is not valid rules gives ``default`` too
    (``check`` reports it as ``invalid-rules``); an invalid ``default`` raises
    :class:`RulesError`."""
    from spadesctl.rules.resolve import rules_for_game, rules_option

    fallback = default if not isinstance(default, str | None) else rules_option(default)
    return rules_for_game(game, fallback).rules


_LAZY = {
    "referee_game": ("spadesctl.referee", "referee_game"),
    "RefereedGame": ("spadesctl.referee", "RefereedGame"),
    "Ruleset": ("spadesctl.rules.ruleset", "Ruleset"),
}


def __getattr__(name: str) -> Any:
    """The names of the heavier modules, imported when first used."""
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'spadesctl' has no attribute {name!r}")


__all__ = [
    "KINDS",
    "Diagnostic",
    "Game",
    "Hand",
    "Kind",
    "NotationSyntaxError",
    "RecordReadError",
    "RefereedGame",
    "RulesError",
    "Ruleset",
    "Severity",
    "SpadesctlError",
    "SpadesctlIOError",
    "__version__",
    "check",
    "format_game",
    "format_games",
    "iter_events",
    "iter_games",
    "load",
    "parse_text",
    "referee_game",
    "ruleset_of",
]
