"""The record notation: reading records into games (streaming) and writing them back.

``iter_games`` reads one game at a time from a file, standard input or a stream;
``parse_text`` reads a string; ``format_game`` writes the canonical form.  Records of
the other formats of :mod:`spadesctl.record_formats` (PBN: a ``.pbn``/``.ptn`` name, or
a first line ``% PTN``/``% PBN``) are read by their codecs into the same games.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from spadesctl.errors import SpadesctlIOError, unreadable
from spadesctl.events import GameStart, LineEvent
from spadesctl.notation.encoding import utf8_stream
from spadesctl.notation.parser import parse_lines
from spadesctl.notation.reader import BinaryFileError, GameText
from spadesctl.notation.writer import format_game, format_games
from spadesctl.record import Game, assemble, game_events
from spadesctl.record_formats import detect

if TYPE_CHECKING:
    from spadesctl.rules.ruleset import Ruleset


class RecordReadError(SpadesctlIOError):
    """A record source that cannot be read at all (missing, a directory, binary data)."""


#: Told the bytes of each game as it is read (about: :func:`unit_size`), for progress bars.
Progress = Callable[[int], None]


def games_from_stream(
    stream: BinaryIO,
    source: str = "-",
    *,
    rules: Ruleset | None = None,
    progress: Progress | None = None,
) -> Iterator[Game]:
    """Parse games one at a time from a binary stream.

    ``rules`` (``--rules``) replaces the ruleset that PBN records' options map to; native
    records say their rules in a ``[Rules]`` tag and are not affected.  ``progress`` is
    told each game's size in bytes once it is parsed.
    """
    units = game_texts_from_stream(stream, source, rules=rules)
    yield from _parsed(units, source, progress)


def game_texts_from_stream(
    stream: BinaryIO, source: str = "-", *, rules: Ruleset | None = None
) -> Iterator[GameText | Game]:
    """The games of a binary stream, native ones as their unparsed lines.

    The stream's format is told by :func:`spadesctl.record_formats.detect`.  A native
    record's game comes as the :class:`GameText` the reader split off (parse it with
    :func:`game_from_text`); a PBN record's as a parsed :class:`Game`.  A UTF-16 stream
    (told by its byte-order mark) is read as the UTF-8 it holds.
    """
    stream = utf8_stream(stream)
    yield from detect(stream, source).load().read(stream, source, rules)


def unit_size(unit: GameText | Game) -> int:
    """About how many bytes of its file a game as read holds: its lines' for native
    text, 240 a hand for a parsed game of another format."""
    if isinstance(unit, GameText):
        return sum(len(line) + 1 for line in unit.lines)
    return 240 * len(unit.hands)


def _parsed(
    units: Iterable[GameText | Game], source: str, progress: Progress | None = None
) -> Iterator[Game]:
    """Native games parsed (numbered from 1 in their file); PBN games as they come."""
    for index, unit in enumerate(units, start=1):
        yield game_from_text(unit, source, index) if isinstance(unit, GameText) else unit
        if progress is not None:
            progress(unit_size(unit))


def game_from_text(block: GameText, source: str = "-", index: int = 1) -> Game:
    """Parse the lines of one game (as split by the reader) into a :class:`Game`."""
    events = parse_lines(block.lines, block.first_line)
    if block.issues:
        events = sorted([*block.issues, *events], key=lambda e: (e.pos.line, e.pos.column))
    return assemble(events, source=source, index=index)


def iter_games(
    source: str | Path, *, rules: Ruleset | None = None, progress: Progress | None = None
) -> Iterator[Game]:
    """Stream the games of a record file (``-`` is standard input), native or PBN.

    Raises :class:`RecordReadError` for a source that cannot be read at all; problems
    inside the file are reported on each game (``Game.issues``) instead.  ``progress``
    is told each game's size in bytes once it is parsed.
    """
    yield from _parsed(iter_game_texts(source, rules=rules), str(source), progress)


def iter_game_texts(
    source: str | Path, *, rules: Ruleset | None = None
) -> Iterator[GameText | Game]:
    """As :func:`iter_games`, but a native record's games come unparsed, as the lines
    of each (:class:`GameText`; :func:`game_from_text` parses one).

    For readers that can settle most games from their text alone (the express check
    of :mod:`spadesctl.express`) and parse only the rest.
    """
    name = str(source)
    if name == "-":
        yield from _guarded(sys.stdin.buffer, name, rules)
        return
    path = Path(source)
    try:
        stream = path.open("rb")
    except OSError as exc:
        raise RecordReadError(f"{name}: {unreadable(exc)}") from None
    with stream:
        yield from _guarded(stream, name, rules)


def _guarded(
    stream: BinaryIO, name: str, rules: Ruleset | None = None
) -> Iterator[GameText | Game]:
    try:
        yield from game_texts_from_stream(stream, name, rules=rules)
    except BinaryFileError as exc:
        raise RecordReadError(f"{name}: {exc}") from None
    except IsADirectoryError:
        raise RecordReadError(f"{name}: is a directory, not a record file") from None
    except OSError as exc:
        raise RecordReadError(f"{name}: cannot be read ({exc.strerror or exc})") from None


def iter_events(
    source: str | Path, *, rules: Ruleset | None = None
) -> Iterator[GameStart | LineEvent]:
    """Stream the typed events of a record file, game by game, in source order.

    Each game starts with a :class:`~spadesctl.events.GameStart`; its tags, hands' lines,
    result and syntax issues follow.  For readers that want lines, not games.
    """
    for game in iter_games(source, rules=rules):
        yield from game_events(game)


def parse_text(text: str, source: str = "-", *, rules: Ruleset | None = None) -> list[Game]:
    """Parse every game in ``text`` (PBN when ``source`` or the first line says so).

    Problems are reported on each game (``Game.issues``), as :func:`iter_games` reports
    them; text that is not a record at all (NUL characters) raises
    :class:`RecordReadError`.  Lone surrogates are read as the undecodable bytes they are.
    """
    data = text.encode("utf-8", "surrogatepass")
    return list(_parsed(_guarded(io.BytesIO(data), source, rules), source))


__all__ = [
    "GameText",
    "RecordReadError",
    "format_game",
    "format_games",
    "game_from_text",
    "game_texts_from_stream",
    "games_from_stream",
    "iter_events",
    "iter_game_texts",
    "iter_games",
    "parse_text",
    "unit_size",
]
