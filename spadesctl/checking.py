"""Checking records: every diagnostic for a game, a file, or many files.

This is the library behind ``spadesctl check``: read (streaming), replay under the
ruleset, score, and collect diagnostics in source order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from spadesctl.diagnostics import Diagnostic
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.record import Game


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """How to check: the ruleset text for records that declare none, and so on."""

    rules: str | None = None


def game_diagnostics(game: Game, options: CheckOptions = CheckOptions()) -> list[Diagnostic]:
    """Every diagnostic for one game, in source order."""
    out = [
        Diagnostic(
            name=issue.code,
            message=issue.message,
            file=game.source,
            line=issue.pos.line,
            column=issue.pos.column,
            game=game.index,
        )
        for issue in game.issues
    ]
    out.sort(key=Diagnostic.sort_key)
    return out


@dataclass(frozen=True, slots=True)
class FileReport:
    """The outcome of checking one file: its diagnostics and how many games/hands it held."""

    file: str
    diagnostics: tuple[Diagnostic, ...]
    games: int
    hands: int


def check_file(path: str, options: CheckOptions = CheckOptions()) -> FileReport:
    """Check one record file (``-`` for standard input); never raises for bad input."""
    diagnostics: list[Diagnostic] = []
    games = hands = 0
    try:
        for game in iter_games(path):
            games += 1
            hands += len(game.hands)
            diagnostics.extend(game_diagnostics(game, options))
    except RecordReadError as exc:
        message = str(exc).split(": ", 1)[-1]
        diagnostics.append(Diagnostic("io-error", message, file=path, line=1, column=1))
    return FileReport(path, tuple(diagnostics), games, hands)


def check_files(paths: list[str], options: CheckOptions = CheckOptions()) -> Iterator[FileReport]:
    """Check files one after another (the CLI spreads them over processes)."""
    for path in paths:
        yield check_file(path, options)
