"""``export --partition-by`` and directories of shards read as one corpus: lossless
shards, whole games per shard, pruning by the filters (a shard outside them is never
opened), and the usage errors of ``--partition-by`` and ``--engine``."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.emit import TABLE_FORMATS
from spadesctl.engines import ENGINE_NAMES
from spadesctl.exporting import export_table
from spadesctl.tables.corpus import CorpusOptions, iter_batches
from spadesctl.tables.schema import SCHEMAS, TABLE_NAMES, TableName
from spadesctl.tables.shards import (
    NULL_VALUE,
    PARTITIONS,
    PartitionBy,
    directory_name,
    find_shards,
    may_match,
    partition_values,
    write_shards,
)
from spadesctl.tables.stats import Filters
from spadesctl.tables.writers import parquet_metadata
from tests.shard_corpus import EVENTS, write_corpus

runner = CliRunner()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return write_corpus(tmp_path_factory.mktemp("records"))


def test_the_cli_offers_every_partition_key_and_engine() -> None:
    from spadesctl.cli.engine_options import EngineChoice
    from spadesctl.cli.export_cmd import PartitionBy as Choice

    assert tuple(c.value for c in Choice) == PARTITIONS
    assert tuple(c.value for c in EngineChoice) == ENGINE_NAMES


def test_the_corpus_has_what_the_tests_need(corpus: list[str]) -> None:
    hands = pl.concat(b.frames["hands"] for b in iter_batches(corpus, CorpusOptions()))
    assert set(EVENTS) <= set(hands.get_column("event").unique())
    assert hands.get_column("violations").sum() > 0
    assert hands.get_column("date").null_count() > 0  # undated games
    assert hands.get_column("date").drop_nulls().dt.month().n_unique() == 4
    assert hands.get_column("preset").n_unique() == 2


def _export(corpus: list[str], table: TableName, out: Path, by: PartitionBy | None) -> None:
    fmt = TABLE_FORMATS.get("parquet")
    summary = export_table(corpus, table, fmt, str(out), jobs=1, partition_by=by)
    assert summary.written and not summary.failures


def _key_text(by: PartitionBy) -> pl.Expr:
    return {
        "date": pl.col("date").dt.strftime("%Y-%m-%d"),
        "month": pl.col("date").dt.strftime("%Y-%m"),
    }.get(by, pl.col(by).cast(pl.String))


@pytest.mark.parametrize("table", TABLE_NAMES)
@pytest.mark.parametrize("by", PARTITIONS)
def test_shards_hold_exactly_the_rows_of_the_export(
    corpus: list[str], table: TableName, by: PartitionBy, tmp_path: Path
) -> None:
    _export(corpus, table, tmp_path / "one.parquet", None)
    _export(corpus, table, tmp_path / "shards", by)
    whole = pl.read_parquet(tmp_path / "one.parquet")
    shards = find_shards(tmp_path / "shards")
    assert shards and all(Path(s).parent.parent == tmp_path / "shards" for s in shards)
    parts = []
    for shard in shards:
        part = pl.read_parquet(shard)
        assert part.schema == pl.Schema(SCHEMAS[table])  # every column, every type kept
        values = part.select(_key_text(by).unique()).to_series().to_list()
        assert len(values) == 1  # a shard holds one value of the key: its directory's
        assert partition_values(shard) == {by: values[0]}
        assert Path(shard).parent.name == directory_name(by, values[0])
        metadata = pl.read_parquet_metadata(shard)
        assert metadata["spadesctl.table"] == parquet_metadata(table)["spadesctl.table"]
        assert metadata["spadesctl.partition_by"] == by
        parts.append(part)
    joined = pl.concat(parts).sort("file", "game", maintain_order=True)
    assert joined.equals(whole.sort("file", "game", maintain_order=True))
    assert joined.height == whole.height > 0


def test_shard_files_are_zstd_compressed(corpus: list[str], tmp_path: Path) -> None:
    pyarrow_parquet = pytest.importorskip("pyarrow.parquet")
    _export(corpus, "hands", tmp_path / "shards", "event")
    for shard in find_shards(tmp_path / "shards"):
        column = pyarrow_parquet.ParquetFile(shard).metadata.row_group(0).column(0)
        assert column.compression == "ZSTD"


def test_a_large_partition_is_cut_into_shards_of_whole_games(
    corpus: list[str], tmp_path: Path
) -> None:
    options = CorpusOptions(batch_lines=400)  # batches of a few games
    frames = (b.frames["hands"] for b in iter_batches(corpus, options))
    summary = write_shards(
        frames, "event", str(tmp_path / "shards"), parquet_metadata("hands"), shard_bytes=6_000
    )
    shards = find_shards(tmp_path / "shards")
    assert [str(tmp_path / "shards" / s) for s in summary.shards] == shards
    folders = {Path(s).parent for s in shards}
    assert len(shards) > 2 * len(folders)  # several shards a value
    games: dict[tuple[str, int], str] = {}
    for shard in shards:
        for file, game in pl.read_parquet(shard).select("file", "game").unique().iter_rows():
            assert (file, game) not in games, "a game split over two shards"
            games[file, game] = shard
    whole = pl.concat(b.frames["hands"] for b in iter_batches(corpus, CorpusOptions()))
    assert len(games) == whole.select("file", "game").n_unique()
    assert summary.rows == whole.height


def test_an_export_into_a_directory_that_is_not_empty_is_refused(
    corpus: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "shards"
    out.mkdir()
    (out / "keep.txt").write_text("keep me")
    result = runner.invoke(app, ["export", *corpus, "--partition-by", "month", "-o", str(out)])
    assert result.exit_code == 2
    assert "not empty" in result.stderr
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shards"]  # no temporary left


def test_an_empty_directory_is_filled(corpus: list[str], tmp_path: Path) -> None:
    out = tmp_path / "shards"
    out.mkdir()
    result = runner.invoke(app, ["export", *corpus, "--partition-by", "month", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert find_shards(out)


def test_partitions_are_parquet_in_a_directory(corpus: list[str], tmp_path: Path) -> None:
    for args in (["--format", "csv", "-o", str(tmp_path / "d")], ["-o", "-"]):
        result = runner.invoke(app, ["export", *corpus, "--partition-by", "date", *args])
        assert result.exit_code == 2
        assert "--partition-by writes Parquet shards into a directory" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_input_leaves_no_directory(corpus: list[str], tmp_path: Path) -> None:
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    out = tmp_path / "shards"
    result = runner.invoke(app, ["export", *corpus, str(binary), "--partition-by", "file"])
    assert result.exit_code == 2  # -o is required
    result = runner.invoke(
        app, ["export", *corpus, str(binary), "--partition-by", "file", "-o", str(out)]
    )
    assert result.exit_code == 2
    assert "not written" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["binary.spades"]


@pytest.mark.parametrize(
    ("path", "filters", "expected"),
    [
        ("d/month=2026-11/part-00000.parquet", Filters(since=date(2026, 11, 1)), True),
        ("d/month=2026-11/part-00000.parquet", Filters(since=date(2026, 11, 30)), True),
        ("d/month=2026-10/part-00000.parquet", Filters(since=date(2026, 11, 1)), False),
        ("d/month=2026-12/part-00000.parquet", Filters(until=date(2026, 11, 30)), False),
        ("d/month=2026-02/part-00000.parquet", Filters(since=date(2026, 2, 28)), True),
        ("d/month=2024-02/part-00000.parquet", Filters(since=date(2024, 2, 29)), True),
        ("d/month=2026-02/part-00000.parquet", Filters(since=date(2026, 3, 1)), False),
        (f"d/month={NULL_VALUE}/part-00000.parquet", Filters(since=date(2000, 1, 1)), False),
        (f"d/month={NULL_VALUE}/part-00000.parquet", Filters(), True),
        ("d/date=2026-11-05/part-00000.parquet", Filters(since=date(2026, 11, 5)), True),
        ("d/date=2026-11-05/part-00000.parquet", Filters(until=date(2026, 11, 4)), False),
        ("d/event=Cup%20%2F%20Final/part-00000.parquet", Filters(events=("Cup / Final",)), True),
        ("d/event=Open/part-00000.parquet", Filters(events=("Cup / Final",)), False),
        (f"d/event={NULL_VALUE}/part-00000.parquet", Filters(events=("Open",)), False),
        ("d/event=Open/part-00000.parquet", Filters(since=date(2026, 1, 1)), True),
        ("d/file=a.spades/part-00000.parquet", Filters(since=date(2026, 1, 1)), True),
        ("d/month=garbage/part-00000.parquet", Filters(since=date(2026, 1, 1)), True),
        ("d/part-00000.parquet", Filters(events=("Open",), since=date(2026, 1, 1)), True),
        ("d/month=2026-10/part-00000.parquet", Filters(players=("Ann",), presets=("x",)), True),
    ],
)
def test_which_shards_the_filters_need(path: str, filters: Filters, expected: bool) -> None:
    assert may_match(path, filters) is expected


def test_values_round_trip_through_directory_names() -> None:
    for value in ("Friday League", "Cup / Final 100%", "a=b", "ü", "2026-11", None):
        name = directory_name("event", value)
        assert "/" not in name
        assert partition_values(f"root/{name}/part-00000.parquet") == {"event": value}


def test_hidden_files_are_not_shards(tmp_path: Path) -> None:
    for name in ("month=2026-11/part-0.parquet", "_spool/x.parquet", ".tmp/y.parquet", "z.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    assert find_shards(tmp_path) == [str(tmp_path / "month=2026-11" / "part-0.parquet")]


def _stats(*args: str) -> subprocess.CompletedProcess[str]:
    """``spadesctl stats`` in a child process (a damaged file is read only there)."""
    return subprocess.run(
        [sys.executable, "-m", "spadesctl", "stats", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def _damage(shard: str) -> None:
    Path(shard).write_bytes(b"PAR1" + b"\x00" * 64 + b"PAR1")


@pytest.mark.parametrize(
    ("by", "damaged", "args"),
    [
        ("month", "month=2026-09", ["--since", "2026-10-01"]),
        ("month", f"month={NULL_VALUE}", ["--until", "2026-12-31"]),
        ("date", "date=2026.", ["--since", "2026-11-01"]),
        ("event", "event=Open", ["--event", "Friday League,Cup / Final 100%"]),
    ],
)
def test_a_shard_outside_the_filters_is_never_read(
    corpus: list[str], by: PartitionBy, damaged: str, args: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "shards"
    _export(corpus, "hands", out, by)
    expected = runner.invoke(app, ["stats", *corpus, *args, "--format", "csv"])
    assert expected.exit_code == 0, expected.output
    wanted = damaged.replace("date=2026.", "date=2026-09")  # a day of September
    hit = [s for s in find_shards(out) if Path(s).parent.name.startswith(wanted)]
    assert hit, f"no shard under {wanted}"
    for shard in hit:
        _damage(shard)
    read = runner.invoke(app, ["stats", str(out), *args, "--format", "csv"])
    assert read.exit_code == 0, read.output
    assert read.stdout == expected.stdout
    every = _stats(str(out), "--format", "csv")  # without the filters it is read, and named
    assert every.returncode == 2
    assert any(f"{h}: " in every.stderr for h in hit), every.stderr


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--since", "2026-11-01"],
        ["--player", "Ann", "--by", "seat"],
        ["--preset", "britannica", "--by", "pair"],
        ["--event", "Open", "--until", "2026-11-15", "--by", "game"],
        ["--ratings"],
    ],
)
def test_a_directory_of_shards_gives_what_the_records_give(
    corpus: list[str], args: list[str], tmp_path: Path
) -> None:
    _export(corpus, "hands", tmp_path / "shards", "month")
    from_records = runner.invoke(app, ["stats", *corpus, *args, "--format", "csv"])
    from_shards = runner.invoke(app, ["stats", str(tmp_path / "shards"), *args, "--format", "csv"])
    assert from_records.exit_code == from_shards.exit_code == 0, from_shards.output
    assert from_shards.stdout == from_records.stdout
    fairness = runner.invoke(app, ["fairness", str(tmp_path / "shards"), "--format", "csv"])
    assert fairness.stdout == runner.invoke(app, ["fairness", *corpus, "--format", "csv"]).stdout


def test_engine_ray_without_ray_is_a_usage_error(
    corpus: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import spadesctl.engines

    monkeypatch.setattr(spadesctl.engines, "ray_installed", lambda: False)
    for command in (
        ["check", *corpus],
        ["stats", *corpus],
        ["fairness", *corpus],
        ["export", *corpus, "-o", str(tmp_path / "x.parquet")],
    ):
        result = runner.invoke(app, [*command, "--engine", "ray"])
        assert result.exit_code == 2, result.output
        assert "--engine ray needs Ray, which is not installed" in result.stderr
        assert "pip install 'spadesctl[ray]'" in result.stderr
        assert result.stdout == ""
    result = runner.invoke(app, ["check", *corpus, "--address", "localhost:6379"])
    assert result.exit_code == 2 and "--address names a Ray cluster" in result.stderr
    assert list(tmp_path.iterdir()) == []
