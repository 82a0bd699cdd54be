"""Writing tables batch by batch: Parquet in row groups, CSV, NDJSON; atomic outputs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import polars as pl
import pytest

from spadesctl.tables.builder import GameInfo, ViolationsBuilder
from spadesctl.tables.schema import VIOLATIONS, schema_of
from spadesctl.tables.writers import OutputError, parquet_metadata, write_batches, write_frame

INFO = GameInfo("a.spades", 1, "Cup", date(2026, 1, 2), "standard", "Ann", "Bo", "Cy", "Di")


def batch(first: int, count: int) -> pl.DataFrame:
    builder = ViolationsBuilder()
    for line in range(first, first + count):
        builder.add(
            INFO,
            hand=1,
            trick=line % 13 or None,
            seat="NESW"[line % 4],
            player=None,
            party="NESW"[line % 4],
            name="renege",
            code="SP304",
            severity="error",
            line=line,
            column=1,
            message=f'line {line}, "quoted"',
        )
    return builder.frame()


def batches(pulled: list[int] | None = None) -> Iterator[pl.DataFrame]:
    for i in range(3):
        if pulled is not None:
            pulled.append(i)
        yield batch(10 * i, 5)


def test_parquet_in_row_groups_reads_back_with_the_schema(tmp_path: Path) -> None:
    out = tmp_path / "v.parquet"
    pulled: list[int] = []
    rows = write_batches(
        batches(pulled),
        VIOLATIONS,
        "parquet",
        str(out),
        parquet_metadata("violations"),
        row_group_rows=4,
    )
    assert rows == 15 and pulled == [0, 1, 2]
    back = pl.read_parquet(out)
    assert back.schema == schema_of("violations")
    assert back.equals(pl.concat(list(batches())))
    assert pl.read_parquet_metadata(out)["spadesctl.table"] == "violations"
    import pyarrow.parquet as pq  # a test dependency: counts the row groups polars wrote

    assert pq.ParquetFile(out).metadata.num_row_groups == 4  # 15 rows, 4 a group
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.parquet"]


@pytest.mark.parametrize("fmt", ["csv", "ndjson"])
def test_text_formats_read_back(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"v.{fmt}"
    assert write_batches(batches(), VIOLATIONS, fmt, str(out)) == 15
    schema = schema_of("violations")
    if fmt == "csv":
        back = pl.read_csv(out, schema=schema)
        assert out.read_text().count("file,game,event") == 1  # one header
    else:
        back = pl.read_ndjson(out, schema=schema)
        first = json.loads(out.read_text().splitlines()[0])
        assert first["date"] == "2026-01-02" and first["seat"] == "N"
    assert back.equals(pl.concat(list(batches())))


def test_no_rows(tmp_path: Path) -> None:
    out = tmp_path / "v.csv"
    assert write_batches(iter(()), VIOLATIONS, "csv", str(out)) == 0
    assert out.read_text().startswith("file,game,event,date,")
    parquet = tmp_path / "v.parquet"
    assert write_batches(iter(()), VIOLATIONS, "parquet", str(parquet)) == 0
    assert pl.read_parquet(parquet).schema == schema_of("violations")


def test_a_failed_export_leaves_no_file(tmp_path: Path) -> None:
    def failing() -> Iterator[pl.DataFrame]:
        yield batch(0, 3)
        raise RuntimeError("interrupted")

    for fmt in ("parquet", "csv"):
        out = tmp_path / f"v.{fmt}"
        with pytest.raises(RuntimeError, match="interrupted"):
            write_batches(failing(), VIOLATIONS, fmt, str(out))
    assert list(tmp_path.iterdir()) == []


def test_outputs_that_cannot_be_written(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "v.csv"
    with pytest.raises(OutputError, match="cannot be written"):
        write_batches(batches(), VIOLATIONS, "csv", str(missing))
    with pytest.raises(OutputError, match="binary"):
        write_batches(batches(), VIOLATIONS, "parquet", "-")
    with pytest.raises(OutputError, match="binary"):
        write_frame(batch(0, 1), "parquet", "-")


def test_write_frame_json_is_an_array_of_objects(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    write_frame(pl.DataFrame({"player": ["Ann", "Bo"], "win_rate": [0.5, None]}), "json", str(out))
    assert json.loads(out.read_text()) == [
        {"player": "Ann", "win_rate": 0.5},
        {"player": "Bo", "win_rate": None},
    ]
