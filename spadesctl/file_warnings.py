"""Warnings about whole files and across the games of a run: a file that holds no game,
and a game recorded twice.

Both are found as each file's games are checked, by
:func:`spadesctl.check_run.check_stream` (a duplicate as soon as its game is, ``no-games``
at the end of its file, the one place it can be known), whichever way a game was
checked: the express check (:mod:`spadesctl.express`) settles a clean game from its
lines, the full engine parses it, and each gives the game's :func:`fingerprint` of the
same canonical text.  Memory stays bounded by one 16-byte
digest (and where it was) per game of the run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from spadesctl.diagnostics import DUPLICATE_GAME, NO_GAMES, Diagnostic
from spadesctl.notation.writer import play_lines
from spadesctl.record import Game

#: The lines that say what was dealt and played (``draw``: the two-player deal).
PLAY_LINES: Final = ("deal ", "draw ", "trick ")


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A game's deal and play, as a digest, and where the game starts."""

    digest: bytes
    line: int
    game: int


def fingerprint(lines: Iterable[str]) -> bytes | None:
    """The digest of a game's deal and play, from its lines: its ``deal``, ``draw`` and
    ``trick`` lines in canonical form (as ``fmt`` writes them; blanks between words do
    not count), or ``None`` for a game that shows no card (a score sheet only)."""
    return play_fingerprint([line for line in lines if line.startswith(PLAY_LINES)])


def play_fingerprint(play_lines: list[str]) -> bytes | None:
    """:func:`fingerprint` of a game's lines already picked out (its ``deal``, ``draw``
    and ``trick`` lines, in order): the express check tells them as it reads them."""
    play = " ".join(play_lines)
    if not play:
        return None
    if "  " in play or "\t" in play or play.endswith(" "):  # rare: a blanked comment
        play = " ".join(play.split())
    return hashlib.blake2b(play.encode("utf-8"), digest_size=16).digest()


def game_fingerprint(game: Game) -> bytes | None:
    """:func:`fingerprint` of a parsed game, from the canonical lines of its hands (the
    same digest as its lines give when they are canonical)."""
    return play_fingerprint([line for hand in game.hands for line in play_lines(hand)])


def no_games(path: str, games: int, hands: int) -> Diagnostic | None:
    """The ``no-games`` warning of a file read whole that holds no game (or only games
    without a hand), else ``None``."""
    if hands:
        return None
    if games:
        what = f"{games:,} game{'s' if games > 1 else ''} of tags only, without a hand"
    elif path != "-" and _size(path) == 0:
        what = "the file is empty"
    else:
        what = "nothing but blank lines and comments"
    where = "standard input" if path == "-" else "this file"
    return Diagnostic(NO_GAMES, f"no games in {where}: {what}", file=path, line=1, column=1)


class RepeatedGames:
    """The games seen so far in a run, by fingerprint: where each was first seen."""

    def __init__(self) -> None:
        self._files: list[str] = []
        self._first: dict[bytes, tuple[int, int, int]] = {}  # digest -> file, line, game

    def warnings(self, path: str, prints: Iterable[Fingerprint]) -> list[Diagnostic]:
        """A ``duplicate-game`` warning for each game of the file ``path`` (its
        fingerprints, in order) whose deal and play were seen before in the run, at the
        later copy: :meth:`begin` and :meth:`found` at once."""
        self.begin(path)
        return self.found(prints)

    def begin(self, path: str) -> None:
        """The next fingerprints are of the file ``path``, the run's next file."""
        self._files.append(path)

    def found(self, prints: Iterable[Fingerprint]) -> list[Diagnostic]:
        """A ``duplicate-game`` warning for each of these games of the file last begun
        (in order, as they are checked) seen before in the run, at the later copy."""
        path = self._files[-1]
        file_no = len(self._files) - 1
        out = []
        for p in prints:
            first = self._first.get(p.digest)
            if first is None:
                self._first[p.digest] = (file_no, p.line, p.game)
                continue
            other, line, game = first
            where = "" if other == file_no else f" of {self._files[other]}"
            out.append(
                Diagnostic(
                    DUPLICATE_GAME,
                    f"the same deal and play as game {game}{where} (line {line}): "
                    "the game is recorded twice",
                    file=path,
                    line=p.line,
                    column=1,
                    game=p.game,
                )
            )
        return out


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return -1


__all__ = [
    "PLAY_LINES",
    "Fingerprint",
    "RepeatedGames",
    "fingerprint",
    "game_fingerprint",
    "no_games",
    "play_fingerprint",
]
