"""The tables' rows from the express check (spadesctl.express.rows) against the full engine.

``export`` and ``stats`` take the rows of a game the express check settles straight from
its integer replay; every other game goes through the full engine
(:func:`spadesctl.tables.adapter.add_game`).  These tests prove the two give the very
same tables: on the generated games of every preset and of every covered house ruleset,
on the samples, on planted sheet lines and tags, on hands that end with ``claim`` or
``took`` lines and score sheets' hands (generated, and planted: :mod:`tests.outcomes`),
and on random edits of generated games (hypothesis: whatever the express check settles,
its rows are the full engine's), with
the lossless columns ``export`` writes and without them (``stats``), and byte for byte
through ``spadesctl export`` with and without ``--no-express``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

import spadesctl.tables.corpus as corpus
from spadesctl.cli import app
from spadesctl.express import GameLedger, express_game
from spadesctl.express.canonical import express_check
from spadesctl.express.rows import add_express_game
from spadesctl.generate import generate_games
from spadesctl.notation import GameText, format_game
from spadesctl.rules import PRESETS, parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.tables.builder import TableSet
from spadesctl.tables.corpus import CorpusOptions, Work, build_batch, read_work
from spadesctl.tables.schema import TABLE_NAMES
from tests.outcomes import PLANTED, outcome_texts, planted_texts, reversed_entries
from tests.strategies import mutated_lines
from tests.test_express import COVERED, DRAWN, units, with_rules_tag
from tests.test_express_lenient import respelled_by_hand

ROOT: Final = Path(__file__).resolve().parents[1]
SAMPLES: Final = sorted(str(p) for p in (ROOT / "samples").rglob("*.spades"))


@functools.cache
def _texts(rules_text: str, count: int = 4) -> tuple[str, ...]:
    """``count`` generated games under ``rules_text`` (Rules tag as written)."""
    rules = parse_rules(rules_text)
    games = generate_games(count, seed=7, rules=rules)
    return tuple(with_rules_tag(format_game(g), rules_text) for g in games)


@functools.cache
def _work(rules_text: str, count: int = 4, spelling: str = "canonical") -> Work:
    """The games of :func:`_texts` as one unit of work, as ``fmt`` writes them
    (``spelling`` "canonical") or as a person might ("by hand", and "commented": with
    comments too; :func:`tests.test_express_lenient.respelled_by_hand`)."""
    texts = _texts(rules_text, count)
    if spelling != "canonical":
        texts = tuple(respelled_by_hand(t, comments=spelling == "commented") for t in texts)
    games = [u for t in texts for u in units(t)]
    return Work(tuple(("g.spades", i, u) for i, u in enumerate(games, start=1)))


def _settled(work: Work) -> int:
    """How many games of ``work`` the express check settles (as written, or rewritten in
    canonical form: what ``export`` and ``stats`` ask)."""
    return sum(
        1
        for item in work.games
        if not isinstance(item, corpus.Failure)
        and isinstance(item[2], GameText)
        and not item[2].issues
        and express_check(item[2].lines, STANDARD) is not None
    )


def _work_of(texts: Iterable[str]) -> Work:
    """The games of record ``texts`` as one unit of work."""
    games = [u for t in texts for u in units(t)]
    return Work(tuple(("o.spades", i, u) for i, u in enumerate(games, start=1)))


def _tabled_by_express(work: Work) -> tuple[int, int]:
    """How many games of ``work`` ``export`` (every table, the lossless columns) and
    ``stats`` (without them) table from the express rows."""
    tabled = {True: 0, False: 0}
    real = add_express_game

    def counting(*args: Any, lossless: bool = True, **kwargs: Any) -> int:
        tabled[lossless] += 1
        return real(*args, lossless=lossless, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(corpus, "add_express_game", counting)
        for lossless in (True, False):
            build_batch(work, CorpusOptions(tables=TABLE_NAMES, lossless=lossless))
    return tabled[True], tabled[False]


def assert_same_tables(work: Work) -> None:
    """Every table of ``work`` is the same with and without the express rows, with the
    lossless columns (``export``) and without them (``stats``)."""
    for lossless in (True, False):
        fast = build_batch(work, CorpusOptions(tables=TABLE_NAMES, lossless=lossless))
        full = build_batch(
            work, CorpusOptions(tables=TABLE_NAMES, express=False, lossless=lossless)
        )
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


_SPELLINGS: Final = ("by hand", "commented")


@pytest.mark.parametrize("spelling", _SPELLINGS)
@pytest.mark.parametrize("rules_text", COVERED)
def test_rows_of_games_written_by_hand_match_the_engine(rules_text: str, spelling: str) -> None:
    work = _work(rules_text, 2, spelling)
    assert _settled(work) == len(work.games)  # every game took the express path
    assert_same_tables(work)


@pytest.mark.parametrize("spelling", _SPELLINGS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rows_of_every_preset_written_by_hand_match_the_engine(preset: str, spelling: str) -> None:
    canonical, written = _work(preset, 3), _work(preset, 3, spelling)
    assert _settled(written) == _settled(canonical)  # the spelling changes no answer
    assert_same_tables(written)


def test_games_written_by_hand_are_tabled_without_the_full_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Comments and lenient spellings take the express rows (but for the lossless games
    table, which places the comments with the full engine)."""
    _refuse(monkeypatch, "add_game")
    for spelling in _SPELLINGS:
        for options in (
            CorpusOptions(tables=TABLE_NAMES, lossless=False),
            CorpusOptions(tables=("hands", "tricks")),
        ):
            batch = build_batch(_work("standard", 4, spelling), options)
            assert batch.games == 4 and not batch.failures


@pytest.mark.parametrize("rules_text", COVERED)
def test_rows_of_claims_took_lines_and_score_sheets_match_the_engine(rules_text: str) -> None:
    work = _work_of(outcome_texts(rules_text))
    assert _settled(work) == len(work.games)  # every game took the express path
    assert _tabled_by_express(work) == (len(work.games), len(work.games))
    assert_same_tables(work)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rows_of_every_presets_claims_took_lines_and_score_sheets_match_the_engine(
    preset: str,
) -> None:
    work = _work_of(outcome_texts(preset))
    settled = _settled(work)  # what check settles, export and stats table from the ledger
    assert _tabled_by_express(work) == (settled, settled)
    assert_same_tables(work)


@pytest.mark.parametrize("edit", sorted(PLANTED))
@pytest.mark.parametrize("rules_text", ["standard", "cutthroat", "cutthroat players=3", "jjdd"])
def test_rows_of_planted_claims_and_took_lines_match_the_engine(rules_text: str, edit: str) -> None:
    work = _work_of(planted_texts(rules_text, edit))
    settled = _settled(work)
    assert settled > 0 and _tabled_by_express(work) == (settled, settled)
    assert_same_tables(work)


def _express_hands(texts: Iterable[str]) -> pl.DataFrame:
    """The hands table, lossless columns and all, of the games of ``texts`` the express
    check settles, from the express rows alone."""
    tables = TableSet(("hands", "tricks"))
    for index, unit in enumerate((u for t in texts for u in units(t)), start=1):
        ledger = GameLedger()
        if not unit.issues and express_check(unit.lines, STANDARD, ledger=ledger) is not None:
            add_express_game(tables, ledger, "o.spades", index)
    return tables.frames()["hands"]


def test_the_express_rows_reach_every_way_a_hand_ends() -> None:
    """The games above reach each case of a hand's end in the express rows (so that their
    equality with the engine's proves something): a seat counted with its side (null
    ``tricks``), took lines in the ``took`` cells and in ``lines_after_bids``, claims,
    hands without trick lines (score sheets' and claims before the first trick, with and
    without their deal) and hands whose play a claim cuts short."""
    texts = [
        *outcome_texts("standard"),
        *planted_texts("cutthroat", "claimed early"),
        *planted_texts("standard", "took in another order"),
    ]
    hands = _express_hands(texts)
    assert hands.filter(pl.col("tricks").is_null()).height > 0
    assert hands.filter(pl.col("took").is_not_null()).height > 0
    assert hands.filter(pl.col("lines_after_bids").str.contains("took ")).height > 0
    assert hands.filter(pl.col("claim")).height > 0
    unplayed = hands.filter(~pl.col("played"))
    assert unplayed.filter(pl.col("dealt").is_null()).height > 0  # sheets
    assert unplayed.filter(pl.col("dealt").is_not_null()).height > 0  # claimed at once
    assert hands.filter(pl.col("spades").is_null()).height == hands["dealt"].null_count()


def test_rows_of_the_samples_match_the_engine() -> None:
    for work in read_work(SAMPLES, batch_lines=1):
        assert_same_tables(work)


def _refuse(
    monkeypatch: pytest.MonkeyPatch, name: str, message: str = "the full engine was asked"
) -> None:
    """Make :mod:`spadesctl.tables.corpus`'s ``name`` fail the test if it is called."""

    def refuse(*args: object, **kwargs: object) -> int:
        raise AssertionError(message)

    monkeypatch.setattr(corpus, name, refuse)


def test_two_player_games_are_tabled_without_the_full_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two players' games (hands drawn) take the express rows: the draw lines in the first
    row's ``lines_before_bids``, South's cards in ``card_s`` (East's and West's null)."""
    _refuse(monkeypatch, "add_game")
    for rules_text in DRAWN:
        work = _work(rules_text, 2)
        batch = build_batch(work, CorpusOptions(tables=TABLE_NAMES))
        assert batch.games == len(work.games) == 2 and not batch.failures
        hands, tricks = batch.frames["hands"], batch.frames["tricks"]
        assert set(hands["seat"]) == {"N", "S"}
        before = hands.filter(pl.col("seat") == "N")["lines_before_bids"]
        assert before.null_count() == 0
        assert {len(cell.split("\n")) for cell in before} == {26}
        assert all(line.startswith("draw ") for cell in before for line in cell.split("\n"))
        assert hands.filter(pl.col("seat") == "S")["lines_before_bids"].null_count() == len(before)
        assert tricks["card_n"].null_count() == tricks["card_s"].null_count() == 0
        assert tricks["card_e"].null_count() == tricks["card_w"].null_count() == tricks.height


def _standard_record(tmp_path: Path) -> Path:
    """A file of :func:`_texts` of ``standard`` (games the express check settles)."""
    generated = tmp_path / "generated.spades"
    generated.write_text("\n".join(_texts("standard")), "utf-8")
    return generated


def test_a_settled_game_is_tabled_without_the_full_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    _refuse(monkeypatch, "add_game")
    for lossless in (True, False):
        options = CorpusOptions(tables=TABLE_NAMES, lossless=lossless)
        batch = build_batch(_work("standard"), options)
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


def _zero_signed(line: str) -> str:
    """A score line's figures of 0 written ``-0`` (which the grammar reads as 0)."""
    if not line.startswith("score "):
        return line
    words = line.split(" ")
    return " ".join("-0" if i > 1 and i % 2 == 0 and w == "0" else w for i, w in enumerate(words))


def _tags_as_written(line: str) -> str:
    """Tag names in lower case and an odd value (a tab, a non-ASCII letter, a semicolon)."""
    if not line.startswith("["):
        return line
    name, value = line[1:-1].split(" ", 1)
    if name == "Rules":
        return f"[rules {value}]"
    return f"[{name.lower()} {value[:-1]}\tÉ; x{value[-1]}]"


#: Edits of a record's lines that keep every game clean and settled by the express
#: check, and reach every branch of the lossless columns of :mod:`spadesctl.express.rows`.
_PLANTED: Final[dict[str, Callable[[str], str | None]]] = {
    "score in another order": lambda line: (
        reversed_entries(line) if line.startswith("score ") else line
    ),
    "bags in another order": lambda line: (
        reversed_entries(line) if line.startswith("bags ") else line
    ),
    "both in another order": lambda line: (
        reversed_entries(line) if line.startswith(("score ", "bags ")) else line
    ),
    "bags without score": lambda line: None if line.startswith("score ") else line,
    "score without bags": lambda line: None if line.startswith("bags ") else line,
    "no sheet lines": lambda line: None if line.startswith(("score ", "bags ")) else line,
    "-0 figures": _zero_signed,
    "-0 figures in another order": lambda line: (
        reversed_entries(_zero_signed(line)) if line.startswith("score ") else line
    ),
    "tags as written": _tags_as_written,
    "no tags": lambda line: None if line.startswith("[") and "Rules" not in line else line,
}


@pytest.mark.parametrize("edit", sorted(_PLANTED))
@pytest.mark.parametrize("rules_text", ["standard", "cutthroat", "cutthroat players=3", "jjdd"])
def test_rows_of_planted_sheet_lines_and_tags_match_the_engine(rules_text: str, edit: str) -> None:
    change = _PLANTED[edit]
    texts = []
    for text in _texts(rules_text, 30 if edit.startswith("-0") else 3):
        lines = [change(line) for line in text.split("\n")]
        texts.append("\n".join(line for line in lines if line is not None))
    if edit.startswith("-0"):
        texts = [t for t in texts if " -0" in t][:3]
        assert texts, "no generated game has a figure of 0"
    games = [u for t in texts for u in units(t)]
    work = Work(tuple(("p.spades", i, u) for i, u in enumerate(games, start=1)))
    assert _settled(work) == len(work.games)  # every game took the express path
    assert_same_tables(work)
    if "another order" in edit:  # the line is kept as written, in lines_after_bids
        hands = build_batch(work, CorpusOptions()).frames["hands"]
        kept = "\n".join(hands["lines_after_bids"].drop_nulls())
        assert ("bags " if edit.startswith("bags") else "score ") in kept


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rows_of_edited_games_match_the_engine(data: st.DataObject) -> None:
    rules_text = data.draw(st.sampled_from(COVERED))
    text = data.draw(st.sampled_from((*_texts(rules_text), *outcome_texts(rules_text))))
    lines = data.draw(mutated_lines(text.split("\n"), extra_rules=COVERED))
    games = units("\n".join(lines))
    assert_same_tables(Work(tuple(("e.spades", i, u) for i, u in enumerate(games, start=1))))


#: The rulesets of :func:`_generated_record`'s games with claims, took lines and sheets.
_OUTCOME_RECORDED: Final = ("standard", "cutthroat players=3", "solo", "jjdd", "two-player")


@functools.cache
def _generated_record() -> str:
    """A record of a generated game of every preset and every covered ruleset, and of
    games whose hands end with claim or took lines and score sheets of a few (partners,
    three and four players alone, jokers), some of which the express check settles and
    some of which it hands to the full engine, as ``fmt`` writes them and as a person
    might (:func:`respelled_by_hand`)."""
    texts = [t for r in (*sorted(PRESETS), *COVERED) for t in _texts(r, 1)]
    texts.extend(t for r in _OUTCOME_RECORDED for t in outcome_texts(r))
    return "\n".join(
        [*texts, *(respelled_by_hand(t, comments=i % 2 == 1) for i, t in enumerate(texts))]
    )


def _exports(tmp_path: Path, fmt: str) -> Iterator[tuple[str, bytes, bytes]]:
    """Each table of the samples and :func:`_generated_record`, exported in ``fmt`` by
    ``spadesctl export`` and by ``spadesctl export --no-express``."""
    generated = tmp_path / "generated.spades"
    generated.write_text(_generated_record(), "utf-8")
    runner = CliRunner()
    for table in TABLE_NAMES:
        out = {}
        for flags in ((), ("--no-express",)):
            target = tmp_path / f"{table}{''.join(flags)}.{fmt}"
            args = [*SAMPLES, str(generated), "--table", table, "-o", str(target), "--jobs", "1"]
            result = runner.invoke(app, ["export", *args, *flags])
            assert result.exit_code in (0, 1), result.output
            out[flags] = target.read_bytes()
        yield table, out[()], out[("--no-express",)]


@pytest.mark.parametrize("fmt", ["parquet", "csv", "ndjson"])
def test_export_writes_the_same_bytes_with_and_without_the_express_rows(
    tmp_path: Path, fmt: str
) -> None:
    for table, fast, full in _exports(tmp_path, fmt):
        assert fast and fast == full, table


def test_export_takes_the_express_rows_with_the_lossless_columns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    generated = _standard_record(tmp_path)
    _refuse(monkeypatch, "add_game")
    for table in ("hands", "games"):
        target = tmp_path / f"{table}.parquet"
        args = ["export", str(generated), "--table", table, "-o", str(target), "--jobs", "1"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        frame = pl.read_parquet(target)
        for column in (
            ("deal", "bid_text", "bid_order", "recorded_score") if table == "hands" else ("tags",)
        ):
            assert frame[column].null_count() == 0, column


def test_export_tables_claims_took_lines_and_score_sheets_without_the_full_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = tmp_path / "outcomes.spades"
    record.write_text("\n\n".join(outcome_texts("standard")), "utf-8")
    _refuse(monkeypatch, "add_game")
    for table in TABLE_NAMES:
        target = tmp_path / f"{table}.parquet"
        args = ["export", str(record), "--table", table, "-o", str(target), "--jobs", "1"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        assert pl.read_parquet(target).height > 0 or table == "violations"


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
            # the full engine for all
            patch.setattr(corpus, "express_check", lambda *args, **kwargs: None)
            full = run_stats(request)
        assert_frame_equal(fast.table, full.table)
        assert (fast.games_read, fast.failures) == (full.games_read, full.failures)


@pytest.mark.parametrize(
    "args", [("--format", "csv"), ("--format", "json", "--by", "seat"), ("--by", "pair")]
)
def test_stats_prints_the_same_with_and_without_no_express(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    generated = tmp_path / "generated.spades"
    generated.write_text(_generated_record(), "utf-8")
    runner = CliRunner()
    out = []
    for flags in ((), ("--no-express",)):
        result = runner.invoke(app, ["stats", *SAMPLES, str(generated), *args, *flags])
        assert result.exit_code in (0, 1), result.output
        out.append((result.exit_code, result.stdout, result.stderr))
    assert out[0][1] and out[0] == out[1]


def test_stats_no_express_builds_every_row_with_the_full_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    generated = _standard_record(tmp_path)
    _refuse(monkeypatch, "add_express_game", "the express rows were taken")
    args = ["stats", str(generated), "--format", "csv", "--jobs", "1"]
    result = CliRunner().invoke(app, [*args, "--no-express"])
    assert result.exit_code == 0, result.output
    assert "Ann" in result.stdout
    with pytest.raises(AssertionError, match="express rows were taken"):
        CliRunner().invoke(app, args, catch_exceptions=False)


def test_a_commented_game_exports_the_same_with_and_without_the_express_rows(
    tmp_path: Path,
) -> None:
    """The games table keeps a record's comments, whichever path builds its rows."""
    lines = _texts("standard")[0].split("\n")
    lines[0] += "  ; the league's first night"
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 3 "))
    lines.insert(at, "{ a block comment before trick 3 }")
    # the express check hands it over today; once it settles comments, corpus.build_batch
    # still gives a game whose comments a lossless games table keeps to the full engine
    record = tmp_path / "commented.spades"
    record.write_text("\n".join(lines), "utf-8")
    out = {}
    for flags in ((), ("--no-express",)):
        target = tmp_path / f"games{''.join(flags)}.ndjson"
        args = ["export", str(record), "--table", "games", "-o", str(target), "--jobs", "1"]
        result = CliRunner().invoke(app, [*args, *flags])
        assert result.exit_code == 0, result.output
        out[flags] = target.read_bytes()
    assert out[()] == out[("--no-express",)]
    assert "first night" in out[()].decode() and "block comment" in out[()].decode()
