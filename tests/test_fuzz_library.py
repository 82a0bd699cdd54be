"""Fuzzing the library: mutated sample records never raise anything undocumented.

Every reader and every consumer of a game is fed sample records with random edits
(:mod:`tests.strategies`): ``spadesctl.check``, ``spadesctl.referee_game``, the score
sheet (``sheet_report`` and its three renderings), the statistics tables (the adapter,
and the corpus batches, which must report no internal error), ``fmt`` (the canonical
writer, which must round-trip what it writes) and ``convert`` (the PBN writer, read back).
The only exception a file may cause is :class:`spadesctl.RecordReadError`, when it is
not a text record at all.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spadesctl
from spadesctl import RecordReadError
from spadesctl.notation import format_games, parse_text
from spadesctl.notation.reader import split_games
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game
from spadesctl.rules import RulesError
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.resolve import rules_for_game
from spadesctl.sheet.render import render_csv, render_json, render_text
from spadesctl.sheet.run import sheet_report
from tests.strategies import fuzz_rules_texts, fuzz_settings, mutated_records

pytest.importorskip("polars")

from spadesctl.tables.adapter import add_game
from spadesctl.tables.builder import TableSet
from spadesctl.tables.corpus import CorpusOptions, Work, build_batch

_FOLDER = tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-")


def _write(name: str, data: bytes) -> Path:
    path = Path(_FOLDER.name) / name
    path.write_bytes(data)
    return path


def _games(path: Path) -> Iterator[Game]:
    try:
        yield from spadesctl.iter_games(path)
    except RecordReadError:
        return


@fuzz_settings(60)
@given(mutated_records(), st.none() | fuzz_rules_texts)
def test_check_never_raises(record: tuple[str, bytes], rules: str | None) -> None:
    path = _write(*record)
    for d in spadesctl.check(path, rules=rules):  # a bad --rules is a diagnostic here
        assert d.format().startswith(f"{path}:")
    for game in _games(path):
        with contextlib.suppress(RulesError):  # documented: the rules given are not valid
            spadesctl.referee_game(game, spadesctl.ruleset_of(game, rules))


@fuzz_settings(60)
@given(mutated_records())
def test_referee_and_score_sheet_never_raise(record: tuple[str, bytes]) -> None:
    for game in _games(_write(*record)):
        spadesctl.referee_game(game, spadesctl.ruleset_of(game))
        rules = rules_for_game(game).rules  # score skips a game whose Rules tag is invalid
        report = sheet_report(game, rules, apply_penalties=True)
        render_text([report], explain=True)
        render_json([report])
        render_csv([report], penalties=True)


@fuzz_settings(60)
@given(mutated_records())
def test_statistics_tables_never_raise(record: tuple[str, bytes]) -> None:
    name, data = record
    path = _write(name, data)
    tables = TableSet(("games", "hands", "tricks", "violations"))
    for game in _games(path):
        add_game(tables, game, STANDARD)
    tables.frames()
    if not name.endswith(".spades"):
        return
    try:  # the corpus path: workers parse the games' text themselves
        blocks = list(split_games(io.BytesIO(data)))
    except ValueError:  # NUL bytes: a file the corpus reports as unreadable
        return
    work = Work(tuple((str(path), i, b) for i, b in enumerate(blocks, start=1)), len(data))
    batch = build_batch(work, CorpusOptions(tables=("games", "hands", "tricks", "violations")))
    assert not [f for f in batch.failures if "internal error" in f.message]


@fuzz_settings(60)
@given(mutated_records())
def test_fmt_and_convert_never_raise_and_round_trip(record: tuple[str, bytes]) -> None:
    name, data = record
    games = list(_games(_write(name, data)))
    native = "".join(format_games(games))
    pbn = "".join(format_pbn_games(games))
    # What fmt writes, it reads back the same; but the notation cannot keep apart a game
    # without hands from the next game (a PBN record of tags alone, converted)
    if games and not any(g.issues for g in games) and all(g.hands for g in games[:-1]):
        again = parse_text(native, "again.spades")
        assert [g.issues for g in again] == [()] * len(again)
        assert "".join(format_games(again)) == native
    back = parse_text(pbn, "again.pbn")  # convert --to pbn, then read it
    "".join(format_games(back))
