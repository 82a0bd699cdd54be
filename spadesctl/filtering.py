"""The library behind ``spadesctl filter``: the games of a corpus that match, as
pgn-extract picks games from a PGN collection, written whole or split into files.

A :class:`GameFilter` keeps a game when it matches every condition given: a player in
one of its seats, its Event tag, its Date tag within ``since``/``until`` (undated games
are left out then), the preset of its ruleset, and a diagnostic it has (``--with``:
names, codes or code prefixes, as ``check --select`` reads them).  The conditions mean
what ``stats``' filters mean.  :func:`split_key` names the file a game goes to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

from spadesctl.dates import game_date
from spadesctl.diagnostics import Diagnostic
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.record import Game
from spadesctl.rules import RulesError, Ruleset
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.resolve import declared_rules
from spadesctl.selection import Selection

SplitBy = Literal["event", "date", "player"]
SPLIT_BY: Final[tuple[SplitBy, ...]] = ("event", "date", "player")
_SEATS: Final = ("North", "East", "South", "West")
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9]+")


@dataclass(frozen=True, slots=True)
class GameFilter:
    """Which games to keep (empty and ``None``: no condition)."""

    players: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None
    presets: tuple[str, ...] = ()
    having: Selection | None = None  # --with: games with one of these diagnostics
    rules: Ruleset | None = None  # the ruleset of games that declare none

    def matches(self, game: Game) -> bool:
        if self.players and not any(game.tag(seat) in self.players for seat in _SEATS):
            return False
        if self.events and game.tag("Event") not in self.events:
            return False
        if self.since is not None or self.until is not None:
            day = game_date(game.tag("Date"))
            if day is None:
                return False
            if (self.since is not None and day < self.since) or (
                self.until is not None and day > self.until
            ):
                return False
        if self.presets and _preset(game, self.rules) not in self.presets:
            return False
        if self.having is None:
            return True
        return any(d.name in self.having.names for d in _problems(game, self.rules))


def _preset(game: Game, default: Ruleset | None) -> str | None:
    try:
        return declared_rules(game.tag("Rules"), default or STANDARD).name
    except RulesError:
        return None


def _problems(game: Game, default: Ruleset | None) -> list[Diagnostic]:
    from spadesctl.checking import CheckOptions, game_diagnostics

    return game_diagnostics(game, CheckOptions(), default=default or STANDARD)


def matching_games(
    files: Iterable[str],
    game_filter: GameFilter,
    *,
    warn: Callable[[str], None] = lambda message: None,
) -> Iterator[Game]:
    """The games of ``files`` that match, in order; a file that cannot be read is told
    to ``warn`` and skipped (raise from ``warn`` to stop)."""
    for path in files:
        try:
            for game in iter_games(path, rules=game_filter.rules):
                if game_filter.matches(game):
                    yield game
        except RecordReadError as exc:
            warn(f"error: {exc}")


def split_key(game: Game, by: SplitBy) -> list[str]:
    """The names (without suffix) of the files a game goes to when splitting by ``by``:
    its event, its date (``YYYY-MM-DD``), or each of its players (``undated``,
    ``no-event``, ``no-players`` for what a game does not say)."""
    if by == "date":
        day = game_date(game.tag("Date"))
        return [day.isoformat() if day is not None else "undated"]
    if by == "event":
        return [_slug(game.tag("Event")) or "no-event"]
    players = [_slug(game.tag(seat)) for seat in _SEATS]
    named = list(dict.fromkeys(p for p in players if p))
    return named or ["no-players"]


def _slug(text: str | None) -> str:
    return _UNSAFE.sub("-", text or "").strip("-").lower()[:80].rstrip("-")


__all__ = ["SPLIT_BY", "GameFilter", "SplitBy", "matching_games", "split_key"]
