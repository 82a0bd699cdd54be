"""Import tables are read game by game (spadesctl/imports/stream.py): a game is built as
soon as its rows are read, holding only its own rows when the tables are in game order;
rows of games interleaved in a table read as the games they are; the batch size does
not change what is read; a Parquet table whose rows stop early is an error, never a
short read."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.imports import load
from spadesctl.imports.build import GameKey, TableReader
from spadesctl.notation import format_games, iter_games
from spadesctl.record import Game
from spadesctl.rules import PRESETS
from spadesctl.sources import expand_paths

runner = CliRunner()


def _export_set(tmp_path: Path, games: int, suffix: str = ".csv") -> tuple[Path, list[Game]]:
    records = tmp_path / "games.spades"
    made = list(generate_games(games, 5, PRESETS["standard"], GenerateOptions(max_hands=3)))
    records.write_text("".join(format_games(made)))
    out = tmp_path / "set"
    out.mkdir()
    for table in ("games", "hands", "tricks"):
        target = out / f"{table}{suffix}"
        result = runner.invoke(app, ["export", str(records), "--table", table, "-o", str(target)])
        assert result.exit_code == 0, result.output
    return out, list(iter_games(records))


def _read(path: Path) -> list[Game]:
    return [g for p in expand_paths([str(path)]) for g in iter_games(p)]


def _text(games: list[Game]) -> str:
    return "".join(format_games(games))


def test_each_game_holds_only_its_own_rows_when_it_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, records = _export_set(tmp_path, 12)
    hands = pl.read_csv(out / "hands.csv", infer_schema=False)
    tricks = pl.read_csv(out / "tricks.csv", infer_schema=False)
    held: list[tuple[int, int, int]] = []
    built = TableReader.game

    def game(self: TableReader, key: GameKey, parts: object, index: int) -> Game:
        windows = {kind: len(rows.table.rows) for kind, rows in self.rows.items()}
        game_id = key[1]
        held.append(
            (
                windows["hands"] - hands.filter(pl.col("game") == game_id).height,
                windows["tricks"] - tricks.filter(pl.col("game") == game_id).height,
                windows["games"] - 1,
            )
        )
        return built(self, key, parts, index)  # type: ignore[arg-type]

    monkeypatch.setattr(TableReader, "game", game)
    read = _read(out)
    assert _text(read) == _text(records)
    assert held == [(0, 0, 0)] * len(records)


def _interleaved(path: Path) -> None:
    """The hands table's rows reordered: hand by hand, the games taking turns."""
    frame = pl.read_csv(path, infer_schema=False)
    order = frame.with_row_index("at").with_columns(
        pl.col("hand").cast(pl.Int64), pl.col("game").rank("dense").alias("g")
    )
    order = order.sort("hand", "g", "at")
    order.select(frame.columns).write_csv(path)


def test_games_interleaved_in_a_table_read_as_the_games_they_are(tmp_path: Path) -> None:
    out, records = _export_set(tmp_path, 4)
    _interleaved(out / "hands.csv")
    first_hands = pl.read_csv(out / "hands.csv", infer_schema=False)["game"].head(8).to_list()
    assert len(set(first_hands)) > 1  # the games do take turns
    read = _read(out)
    assert [g.issues for g in read] == [() for _ in records]
    assert _text(read) == _text(records)


@pytest.mark.parametrize("suffix", [".csv", ".ndjson", ".parquet"])
def test_the_batch_size_does_not_change_what_is_read(
    suffix: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, records = _export_set(tmp_path, 5, suffix)
    whole = _read(out)
    monkeypatch.setattr(load, "BATCH_ROWS", 3)
    small = _read(out)
    assert small == whole
    assert [g.issues for g in small] == [g.issues for g in whole]
    assert _text(small) == _text(records)


def test_a_parquet_table_whose_rows_stop_early_is_an_error_not_a_short_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rows read are counted against the table's length (a reader that stops
    early, as polars' batches do when its reader panics, is never a shorter table)."""
    out, _ = _export_set(tmp_path, 3, ".parquet")
    real = pl.LazyFrame.slice
    calls: list[int] = []

    def stops(self: pl.LazyFrame, offset: int, length: int | None = None) -> pl.LazyFrame:
        calls.append(offset)
        return real(self, offset, length) if len(calls) == 1 else real(self, 0, 0)

    monkeypatch.setattr(load, "BATCH_ROWS", 2)
    monkeypatch.setattr(pl.LazyFrame, "slice", stops)
    result = runner.invoke(app, ["check", str(out / "hands.parquet")])
    assert result.exit_code == 2, result.output
    assert "a damaged Parquet file (its rows stop at row 3 of" in result.output
    assert "Traceback" not in result.output


def test_a_bad_key_and_a_missing_column_come_first_in_the_order_they_stand(tmp_path: Path) -> None:
    rows = [["game", "hand", "dealer", "seat", "bid"]]
    rows += [["g1", "1", "N", s, "3"] for s in "ESWN"]
    rows += [["", "1", "N", "E", "3"], ["g2", "1", "N", "E", "x"]]
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    (tmp_path / "hands.csv").write_text(text.getvalue())
    (tmp_path / "tricks.csv").write_text("game,trick,leader\ng1,1,E\n")
    first, *games = _read(tmp_path / "hands.csv")
    assert [i.message for i in first.issues] == [  # in the order of where they stand
        f"{tmp_path / 'tricks.csv'}: the tricks table has no 'hand' column "
        "(it needs game, hand, trick, leader)",
        "hands row at line 6, column 'game': a required value is missing",
    ]
    assert [len(g.hands) for g in games] == [1, 1]
    assert "'x' is not a bid" in games[1].issues[0].message
