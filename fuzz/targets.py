"""The fuzz targets: each takes one input (a file name and its bytes) and raises on a defect.

A target fails when the library raises anything a user could not be shown as a
diagnostic (the one documented exception of a reader is
:class:`~spadesctl.RecordReadError`, for a file that is not a text record at all), or
when a property the project promises does not hold:

- ``read``: every reader streams the input into games; ``game_events`` is the inverse
  of ``assemble``;
- ``check``: every diagnostic formats, and the express check agrees with the full
  engine (with ``express`` on and off, the same diagnostics and hand counts);
- ``sheet``: the referee and the score sheet, rendered as text (with ``--explain``),
  JSON and CSV (with penalties);
- ``fmt``: ``fmt`` output re-parses to the same number of games, the same games and the
  same diagnostics (for games read without syntax issues: those lines are not written),
  and formatting it again gives the same text;
- ``convert``: native -> PBN -> native and PBN -> native -> PBN keep the game count and
  every game (again for games read without issues); every game read without issues
  (of any format: OpenSpiel, trick-notation and tables inputs too) written as
  trick-notation reads back as one game with the same hands and tricks, and writes
  again as the same text less what the notation says it cannot hold;
- ``import``: game-server tables (a bundle of CSV or NDJSON files, mutated as text,
  written into a directory) read as every command reads them: nothing but the
  documented error for a table that cannot be read, the same games read in batches of
  two rows as in the usual batches, and the ``read``, ``check``, ``sheet`` and
  ``convert`` properties on the games read;
- ``tables``: the four tables of every game, and the statistics of the hands table;
- ``parquet``: a (corrupt) Parquet file read by ``stats`` (through one Parquet guard
  for the run, :mod:`spadesctl.parquet_guard`) gives a statistics table or the
  documented :class:`~spadesctl.tables.exports.ExportError`, never anything else;
- ``import-parquet``: the same file read as an import table (through the same guard)
  gives games (with their issues) or the documented error, and the same games in
  batches of two rows;
- ``cli``: ``check``, ``score``, ``fmt`` and ``convert`` on the input as a file exit 0, 1
  or 2 without a traceback;
- ``outputs`` (real processes, rare): a failed write to standard output or a device is
  one line and exit 2, and an interrupted ``fmt --write`` leaves nothing behind.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import IO, Final

from spadesctl.checking import CheckOptions, check_game_text
from spadesctl.diagnostics import Diagnostic
from spadesctl.events import GameStart
from spadesctl.notation import (
    GameText,
    format_games,
    game_texts_from_stream,
    games_from_stream,
)
from spadesctl.notation.reader import BinaryFileError
from spadesctl.parquet_guard import ParquetGuard
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game, assemble, game_events
from spadesctl.rules import RulesError
from spadesctl.rules.presets import STANDARD

#: A target: one input in, the number of library calls it made out (the unit of the
#: issue's first campaign); raises on a defect.
Target = Callable[[str, bytes], int]


class FuzzFailure(AssertionError):
    """A property that does not hold; ``label`` names it (the failure's signature)."""

    def __init__(self, label: str, detail: str = "") -> None:
        super().__init__(f"{label}: {detail}" if detail else label)
        self.label = label


def expect(condition: bool, label: str, detail: object = "") -> None:
    if not condition:
        raise FuzzFailure(label, str(detail)[:2000])


@lru_cache(maxsize=8)
def games_of(name: str, data: bytes) -> tuple[Game, ...]:
    """The games of an input as ``iter_games`` reads a file of that name (read once for
    all the targets of an input: games are immutable)."""
    try:
        return tuple(games_from_stream(io.BytesIO(data), name))
    except BinaryFileError:  # NUL bytes: iter_games raises RecordReadError for the file
        return ()


def _units(name: str, data: bytes) -> Iterator[GameText | Game]:
    try:
        yield from game_texts_from_stream(io.BytesIO(data), name)
    except BinaryFileError:
        return


def _clean(games: Sequence[Game]) -> bool:
    return all(not g.issues for g in games)


def _shape(diagnostics: list[Diagnostic]) -> list[tuple[str, str, int | None, int | None]]:
    """Diagnostics without their positions (text written again has other line numbers)."""
    return sorted((d.name, d.message, d.hand, d.trick) for d in diagnostics)


# -- the targets ---------------------------------------------------------------------


def read(name: str, data: bytes) -> int:
    return _read_games(games_of(name, data))


def _read_games(games: Sequence[Game]) -> int:
    for game in games:
        start, *events = game_events(game)
        expect(isinstance(start, GameStart), "game_events does not start with GameStart")
        again = assemble((e for e in events if not isinstance(e, GameStart)), game.source)
        expect(again == game, "game_events is not the inverse of assemble", game)
    return 1 + 2 * len(games)


def check(name: str, data: bytes) -> int:
    return _check_units(_units(name, data), name)


def _check_units(units: Iterable[GameText | Game], name: str) -> int:
    fast, full = CheckOptions(express=True), CheckOptions(express=False)
    calls = 1
    for index, unit in enumerate(units, start=1):
        calls += 2
        express = check_game_text(unit, index, name, fast, STANDARD)
        engine = check_game_text(unit, index, name, full, STANDARD)
        expect(express == engine, "express and the full engine disagree", (express, engine))
        for d in engine[0]:
            expect(d.format().startswith(f"{name}:"), "a diagnostic without its file", d)
            d.to_dict()
    return calls


def sheet(name: str, data: bytes) -> int:
    return _sheets(games_of(name, data))


def _sheets(games: Sequence[Game]) -> int:
    from spadesctl.referee import referee_game
    from spadesctl.rules.resolve import declared_rules
    from spadesctl.sheet.render import render_csv, render_json, render_text
    from spadesctl.sheet.run import sheet_report

    for game in games:
        try:
            rules = declared_rules(game.rules_text)
        except RulesError:  # the sheet of a game with an invalid Rules tag, as standard
            rules = STANDARD
        referee_game(game, rules)
        report = sheet_report(game, rules, apply_penalties=True)
        render_text([report], explain=True)
        render_text([report])
        render_json([report])
        render_csv([report], penalties=True)
    return 7 * len(games)


def _diagnostics(game: Game) -> list[Diagnostic]:
    from spadesctl.checking import game_diagnostics

    return game_diagnostics(game)


def fmt(name: str, data: bytes) -> int:
    from spadesctl.formatting import with_comments
    from spadesctl.notation import parse_text

    games = games_of(name, data)
    text = "".join(format_games(games))
    again = parse_text(text, "again.spades")
    expect(len(again) == len(games), "fmt changes the number of games", (len(games), len(again)))
    expect(_clean(again), "fmt writes text that does not read back cleanly", again)
    # the comments a game holds (PBN's, trick-notation's) come back as fmt places them
    expect(with_comments(again, text) == text, "fmt is not idempotent")
    for before, after in zip(games, again, strict=True):
        if before.issues:
            continue  # the lines that could not be read are not written
        expect(before == after, "fmt changes a game", (before, after))
        expect(
            _shape(_diagnostics(before)) == _shape(_diagnostics(after)),
            "fmt changes the diagnostics",
        )
    return 3 + 2 * sum(not g.issues for g in games)


def convert(name: str, data: bytes) -> int:
    return _conversions(games_of(name, data), name)


def _conversions(games: Sequence[Game], name: str) -> int:
    from spadesctl.notation import parse_text

    if name.endswith((".pbn", ".ptn")):
        native = parse_text("".join(format_games(games)), "back.spades")
        expect(len(native) == len(games), "PBN -> native changes the game count")
        for before, after in zip(games, native, strict=True):
            expect(before.issues != () or before == after, "PBN -> native changes a game")
        pbn = parse_text("".join(format_pbn_games(native)), "back.pbn")
    else:
        pbn = parse_text("".join(format_pbn_games(games)), "back.pbn")
    expect(len(pbn) == len(games), "-> PBN changes the game count", (len(games), len(pbn)))
    for before, after in zip(games, pbn, strict=True):
        if before.issues:
            continue
        expect(before == after, "-> PBN changes a game", (before, after))
    return (4 if name.endswith((".pbn", ".ptn")) else 2) + _trick_notation_trips(games)


def _hands(game: Game, numbered: bool) -> list[tuple[object, ...]]:
    """Each hand's passes (before the bids or after: with its bids not held, the notation
    cannot tell) and tricks (leader and cards), and the numbers of the hand and its
    tricks when the notation holds them."""
    return [
        (
            h.number if numbered else 0,
            (*h.passes_before_bid, *h.passes),
            [(t.number if numbered else 0, t.leader, t.cards) for t in h.tricks],
        )
        for h in game.hands
    ]


def _held(text: str) -> list[str]:
    """The lines of a trick-notation text but those saying what it does not hold."""
    return [line for line in text.splitlines() if not line.startswith("; not held")]


def _trick_notation_trips(games: Sequence[Game]) -> int:
    """Each game read without issues, written as trick-notation, reads back as one game
    with the same hands and tricks, and is written again as the same text less what the
    notation says it cannot hold (docs/trick-notation.md)."""
    from spadesctl.interop.trick_notation import (
        format_trick_notation_game,
        games_from_trick_notation_stream,
    )

    calls = 0
    for game in games:
        if game.issues:
            continue
        text = format_trick_notation_game(game)
        back = list(games_from_trick_notation_stream(io.BytesIO(text.encode()), "back.tn"))
        calls += 2
        expect(len(back) == 1, "-> trick-notation changes the game count", text)
        if len(_held(text)) == 1:
            continue  # jokers: the whole game is said not to be held (its version line)
        (again,) = back
        numbered = "are numbered in order" not in text  # else said not held
        expect(
            _hands(again, numbered) == _hands(game, numbered),
            "-> trick-notation changes the hands or tricks",
        )
        expect(
            _held(format_trick_notation_game(again)) == _held(text),
            "trick-notation read back writes other text",
            text,
        )
    return calls


@contextmanager
def _batches_of(rows: int) -> Iterator[None]:
    """The import reader's batches cut to ``rows`` rows for the body."""
    from spadesctl.imports import load

    saved = load.BATCH_ROWS
    load.BATCH_ROWS = rows  # type: ignore[misc]
    try:
        yield
    finally:
        load.BATCH_ROWS = saved  # type: ignore[misc]


def _games_in(source: str) -> tuple[Game, ...] | None:
    """The games of a file as ``iter_games`` reads it; ``None`` for the documented error
    of a table that cannot be read at all."""
    with open(source, "rb") as stream:
        try:
            return tuple(games_from_stream(stream, source))
        except BinaryFileError:
            return None


def import_tables(name: str, data: bytes) -> int:
    from fuzz.seeds import unbundle
    from spadesctl.sources import expand_paths

    calls = 0
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        for file, content in unbundle(data):
            (Path(scratch) / file).write_bytes(content)
        for source in expand_paths([scratch]):
            games = _games_in(source)
            with _batches_of(2):
                small = _games_in(source)
            calls += 2
            expect(small == games, "the import reads other games in smaller batches")
            if games is None:
                continue
            calls += _read_games(games) + _check_units(games, source)
            calls += _sheets(games) + _conversions(games, source)
    return calls


def import_parquet(name: str, data: bytes) -> int:
    """A (damaged) Parquet file read as an import table, through the run's guard."""
    from spadesctl.imports.load import TableReadError, open_table
    from spadesctl.imports.schema import table_kind
    from spadesctl.imports.stream import games_of_tables

    def games(path: str) -> tuple[Game, ...] | None:
        try:
            table = open_table(path, path, "parquet", _Guards.get())
            kind = table_kind(frozenset(table.columns))
            if kind is None:
                return None
            return tuple(games_of_tables(path, {kind: (table, True)}))
        except TableReadError:
            return None

    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        path = Path(scratch) / "table.parquet"
        path.write_bytes(data)
        try:
            whole = games(str(path))
            with _batches_of(2):
                expect(games(str(path)) == whole, "the import reads other games in smaller batches")
        except BaseException:
            _Guards.drop()  # a hang cut short: the child may still owe an answer
            raise
        if whole is not None:
            _read_games(whole)
    return 2


def tables(name: str, data: bytes) -> int:
    from spadesctl.tables import stats
    from spadesctl.tables.adapter import add_game
    from spadesctl.tables.builder import TableSet

    built = TableSet(("games", "hands", "tricks", "violations"))
    games = games_of(name, data)
    for game in games:
        add_game(built, game, STANDARD)
    frames = built.frames()
    stats.statistics(frames["hands"], "player")
    return len(games) + 2


class _Guards:
    """The Parquet guard the ``parquet`` target reads through: one child process for the
    whole run (a new one after a file kills it), dropped when a case is cut short."""

    guard: ParquetGuard | None = None

    @classmethod
    def get(cls) -> ParquetGuard:
        if cls.guard is None:
            cls.guard = ParquetGuard()
        return cls.guard

    @classmethod
    def drop(cls) -> None:
        if cls.guard is not None:
            cls.guard.close()
        cls.guard = None


def parquet(name: str, data: bytes) -> int:
    from spadesctl.tables.exports import ExportError, export_statistics

    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        path = Path(scratch) / name
        path.write_bytes(data)
        try:
            export_statistics(str(path), "player", _Guards.get())
        except ExportError as exc:
            expect(str(exc).startswith(str(path)), "an export error without its file", exc)
        except BaseException:
            _Guards.drop()  # a hang cut short: the child may still owe an answer
            raise
    return 1


def cli(name: str, data: bytes) -> int:
    from typer.testing import CliRunner

    from spadesctl.cli import app

    runner = CliRunner()
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        path = Path(scratch) / name
        path.write_bytes(data)
        for argv in (
            ["check", str(path)],
            ["score", "--format", "json", str(path)],
            ["fmt", str(path)],
            ["convert", "--to", "pbn" if path.suffix == ".spades" else "spades", str(path)],
        ):
            result = runner.invoke(app, argv)
            crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
            expect(not crashed, f"{argv[0]} raised", repr(result.exception))
            expect(result.exit_code in (0, 1, 2), f"{argv[0]} exit status", result.exit_code)
    return 4


def _spadesctl(*args: str, stdout: int | IO[bytes] = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
    )


def outputs(name: str, data: bytes) -> int:
    """Failed writes and interrupted ones, through real processes: with standard output
    on ``/dev/full``, ``check``, ``score --format json`` and ``fmt`` print one error
    line and exit 2 (``export -o /dev/full`` too, and the device is still a device); a
    ``fmt --write`` interrupted by ``SIGINT`` leaves no temporary file, and the record
    either as it was or whole."""
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        path = Path(scratch) / name
        path.write_bytes(data)
        with open(os.devnull if not Path("/dev/full").exists() else "/dev/full", "wb") as full:
            for args in (
                ("check", str(path)),
                ("score", "--format", "json", str(path)),
                ("fmt", str(path)),
                ("export", str(path), "--table", "hands", "--format", "csv", "-o", "/dev/full"),
            ):
                run = _spadesctl(*args, stdout=full)
                _, err = run.communicate(timeout=60)
                text = err.decode("utf-8", "replace")
                expect("Traceback" not in text, f"{args[0]} to a full device: a traceback", text)
                expect(run.returncode in (0, 1, 2), f"{args[0]} exit status", run.returncode)
                if "cannot be written" in text:  # nothing to write is not a failure
                    expect(run.returncode == 2, f"{args[0]}: a failed write, not exit 2", text)
                    last = text.strip().splitlines()[-1]
                    named = "standard output" in last or "/dev/full" in last
                    expect(named, f"{args[0]}: the failed write does not name it", text)
        expect(Path("/dev/full").is_char_device() or not Path("/dev/full").exists(), "device")
        if path.suffix == ".spades":
            before = path.read_bytes()
            run = _spadesctl("fmt", "--write", str(path))
            time.sleep(random.Random(data).uniform(0.05, 0.6))
            run.send_signal(signal.SIGINT)
            run.communicate(timeout=60)
            left = [p.name for p in Path(scratch).iterdir() if p.name != path.name]
            expect(not left, "fmt --write interrupted leaves files behind", left)
            after = path.read_bytes()
            formatted = _spadesctl("fmt", str(path), stdout=subprocess.PIPE).communicate()[0]
            expect(after in (before, formatted), "fmt --write interrupted: a torn record")
    return 6


#: The targets run on each kind of input, by name.
RECORD_TARGETS: Final[dict[str, Target]] = {
    "read": read,
    "check": check,
    "sheet": sheet,
    "fmt": fmt,
    "convert": convert,
    "tables": tables,
}
PARQUET_TARGETS: Final[dict[str, Target]] = {"parquet": parquet, "import-parquet": import_parquet}
#: The targets run on a bundle of game-server tables.
TABLES_TARGETS: Final[dict[str, Target]] = {"import": import_tables}
CLI_TARGETS: Final[dict[str, Target]] = {"cli": cli}
PROCESS_TARGETS: Final[dict[str, Target]] = {"outputs": outputs}
ALL_TARGETS: Final[dict[str, Target]] = {
    **RECORD_TARGETS,
    **PARQUET_TARGETS,
    **TABLES_TARGETS,
    **CLI_TARGETS,
    **PROCESS_TARGETS,
}
