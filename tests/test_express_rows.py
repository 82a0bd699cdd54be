"""The tables' rows from the express check (spadesctl.express.rows) against the full engine.

``export`` and ``stats`` take the rows of a game the express check settles straight from
its integer replay; every other game goes through the full engine
(:func:`spadesctl.tables.adapter.add_game`).  These tests prove the two give the very
same tables: on the generated games of every preset and of every covered house ruleset,
on the samples, on random edits of generated games (hypothesis: whatever the express
check settles, its rows are the full engine's), and byte for byte through
``spadesctl export`` with and without ``--no-express``.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

import spadesctl.tables.corpus as corpus
from spadesctl.cli import app
from spadesctl.express import GameLedger, express_game
from spadesctl.express.rows import add_express_game
from spadesctl.generate import generate_games
from spadesctl.notation import GameText, format_game
from spadesctl.rules import PRESETS, parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.tables.builder import TableSet
from spadesctl.tables.corpus import CorpusOptions, Work, build_batch, read_work
from spadesctl.tables.schema import TABLE_NAMES
from tests.strategies import mutated_lines
from tests.test_express import COVERED, units, with_rules_tag

ROOT: Final = Path(__file__).resolve().parents[1]
SAMPLES: Final = sorted(str(p) for p in (ROOT / "samples").rglob("*.spades"))


@functools.cache
def _texts(rules_text: str, count: int = 4) -> tuple[str, ...]:
    """``count`` generated games under ``rules_text`` (Rules tag as written)."""
    rules = parse_rules(rules_text)
    games = generate_games(count, seed=7, rules=rules)
    return tuple(with_rules_tag(format_game(g), rules_text) for g in games)


@functools.cache
def _work(rules_text: str, count: int = 4) -> Work:
    """The games of :func:`_texts` as one unit of work."""
    games = [u for t in _texts(rules_text, count) for u in units(t)]
    return Work(tuple(("g.spades", i, u) for i, u in enumerate(games, start=1)))


def _settled(work: Work) -> int:
    """How many games of ``work`` the express check settles."""
    return sum(
        1
        for item in work.games
        if not isinstance(item, corpus.Failure)
        and isinstance(item[2], GameText)
        and not item[2].issues
        and express_game(item[2].lines, STANDARD) is not None
    )


def assert_same_tables(work: Work) -> None:
    """Every table of ``work`` is the same with and without the express rows."""
    fast = build_batch(work, CorpusOptions(tables=TABLE_NAMES, express=True, lossless=False))
    full = build_batch(work, CorpusOptions(tables=TABLE_NAMES, express=False, lossless=False))
    assert (fast.games, fast.hands, fast.failures) == (full.games, full.hands, full.failures)
    for table in TABLE_NAMES:
        assert_frame_equal(fast.frames[table], full.frames[table])


@pytest.mark.parametrize("rules_text", COVERED)
def test_rows_of_every_covered_ruleset_match_the_engine(rules_text: str) -> None:
    work = _work(rules_text)
    assert _settled(work) == len(work.games)  # every game took the express path
    assert_same_tables(work)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rows_of_every_preset_match_the_engine(preset: str) -> None:
    assert_same_tables(_work(preset, 3))


def test_rows_of_the_samples_match_the_engine() -> None:
    for work in read_work(SAMPLES, batch_lines=1):
        assert_same_tables(work)


def test_a_settled_game_is_tabled_without_the_full_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> int:
        raise AssertionError("the full engine was asked")

    monkeypatch.setattr(corpus, "add_game", refuse)
    batch = build_batch(_work("standard"), CorpusOptions(tables=TABLE_NAMES, lossless=False))
    assert batch.games == 4 and not batch.failures


def test_the_ledger_holds_every_hand_of_a_settled_game() -> None:
    item = _work("standard").games[0]
    assert not isinstance(item, corpus.Failure) and isinstance(item[2], GameText)
    ledger = GameLedger()
    count = express_game(item[2].lines, STANDARD, ledger)
    assert count is not None and count == len(ledger.hands)
    tables = TableSet(("hands", "tricks"))
    assert add_express_game(tables, ledger, "g.spades", 1) == count
    frames = tables.frames()
    assert frames["hands"].height == 4 * count
    assert frames["tricks"].height == 13 * count


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rows_of_edited_games_match_the_engine(data: st.DataObject) -> None:
    rules_text = data.draw(st.sampled_from(COVERED))
    text = data.draw(st.sampled_from(_texts(rules_text)))
    lines = data.draw(mutated_lines(text.split("\n"), extra_rules=COVERED))
    games = units("\n".join(lines))
    assert_same_tables(Work(tuple(("e.spades", i, u) for i, u in enumerate(games, start=1))))


def _exports(tmp_path: Path, fmt: str) -> Iterator[tuple[str, bytes, bytes]]:
    runner = CliRunner()
    for table in TABLE_NAMES:
        out = {}
        for flag in ("--express", "--no-express"):
            target = tmp_path / f"{table}{flag}.{fmt}"
            result = runner.invoke(
                app,
                ["export", *SAMPLES, "--table", table, "-o", str(target), "--jobs", "1", flag],
            )
            assert result.exit_code in (0, 1), result.output
            out[flag] = target.read_bytes()
        yield table, out["--express"], out["--no-express"]


#: The columns that keep what a record says (docs/import.md), which ``export --express``
#: leaves null (``claim`` false).
_LOSSLESS = (
    "bid_text",
    "bid_order",
    "deal",
    "took",
    "claim",
    "ruled_reneges",
    "recorded_score",
    "recorded_bags",
    "lines_before_bids",
    "lines_after_bids",
    "tags",
    "comments",
)


def _read(data: bytes, fmt: str) -> pl.DataFrame:
    source = io.BytesIO(data)
    if fmt == "parquet":
        return pl.read_parquet(source)
    if fmt == "csv":
        return pl.read_csv(source, infer_schema_length=None)
    return pl.read_ndjson(source, infer_schema_length=None)


@pytest.mark.parametrize("fmt", ["parquet", "csv", "ndjson"])
def test_export_express_gives_the_same_rows_but_the_lossless_columns(
    tmp_path: Path, fmt: str
) -> None:
    for table, fast_bytes, full_bytes in _exports(tmp_path, fmt):
        assert fast_bytes and full_bytes, table
        fast, full = _read(fast_bytes, fmt), _read(full_bytes, fmt)
        kept = [c for c in fast.columns if c in _LOSSLESS]
        assert_frame_equal(fast.drop(kept), full.drop(kept))
        for column in kept:
            values = fast[column].drop_nulls().to_list()
            assert values in ([], [False] * len(values)), (table, column)
        if table == "hands":
            assert full["deal"].drop_nulls().len() > 0  # the full engine keeps the deals


def test_stats_are_the_same_without_the_express_rows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from spadesctl.tables.query import StatsRequest, run_stats

    generated = tmp_path / "generated.spades"
    generated.write_text("\n".join([*_texts("standard"), *_texts("cutthroat")]), "utf-8")
    assert _settled(read_work([str(generated)]).__next__()) == 8
    for by in ("player", "seat"):
        request = StatsRequest((*SAMPLES, str(generated)), by=by, jobs=1)
        fast = run_stats(request)
        with monkeypatch.context() as patch:
            patch.setattr(corpus, "express_game", lambda *args: None)  # the full engine for all
            full = run_stats(request)
        assert_frame_equal(fast.table, full.table)
        assert (fast.games_read, fast.failures) == (full.games_read, full.failures)
