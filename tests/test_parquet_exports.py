"""Any Parquet file given to ``stats`` gives statistics or one error line (exit 2), never a
crash (issue #18, defect 5).

Real files: an export of the samples written by ``spadesctl export``, then damaged (bytes
flipped, cut short) or rewritten with another schema.  Before the fix a flipped byte
could make polars' reader panic (``pyo3_runtime.PanicException``, a ``BaseException``
that the command's handler let through, a traceback).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pytest

from spadesctl.tables.exports import ExportError, export_statistics

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "league-night.spades"


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An export whose bytes are the same wherever the tests run: the sample is read under
    a relative name (the ``file`` column holds it), so the flips below hit the same bytes on
    every machine (a damaged file can make polars abort the process, see
    docs/reliability.md, and which flips do depends on the bytes)."""
    folder = tmp_path_factory.mktemp("export")
    shutil.copyfile(SAMPLE, folder / SAMPLE.name)
    command = ["export", SAMPLE.name, "--table", "hands", "-o", "hands.parquet"]
    subprocess.run([sys.executable, "-m", "spadesctl", *command], check=True, cwd=folder)
    return folder / "hands.parquet"


def _outcome(path: Path) -> str:
    """``ok`` or ``error``; anything else (a panic, another exception) fails the test."""
    try:
        export_statistics(str(path), "player")
    except ExportError as exc:
        assert str(exc).startswith(f"{path}: ")
        assert "\n" not in str(exc)
        return "error"
    return "ok"


def test_the_export_itself_reads(export: Path) -> None:
    assert _outcome(export) == "ok"


def test_flipped_bytes_never_crash(export: Path, tmp_path: Path) -> None:
    data = export.read_bytes()
    rng = random.Random(5)  # this seed's flips made polars panic before the fix
    seen = set()
    for _ in range(300):
        damaged = bytearray(data)
        at = rng.randrange(len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
        path = tmp_path / "damaged.parquet"
        path.write_bytes(bytes(damaged))
        seen.add(_outcome(path))
    assert seen == {"ok", "error"}


def test_a_file_cut_short_is_an_error(export: Path, tmp_path: Path) -> None:
    data = export.read_bytes()
    for end in range(0, len(data), max(len(data) // 60, 1)):
        path = tmp_path / "short.parquet"
        path.write_bytes(data[:end])
        assert _outcome(path) == "error"


Change = Callable[["pl.DataFrame"], "pl.DataFrame"]

FOREIGN: list[tuple[str, Change, str]] = [
    ("renamed", lambda f: f.rename({"bid": "bids"}), "not a spadesctl export"),
    ("dropped", lambda f: f.drop("won"), "not a spadesctl export"),
    ("extra", lambda f: f.with_columns(pl.lit(1).alias("more")), "not a spadesctl export"),
    ("string", lambda f: f.with_columns(pl.col("bid").cast(pl.String)), "column 'bid' is String"),
    ("float", lambda f: f.with_columns(pl.col("bid").cast(pl.Float64)), "column 'bid' is Float64"),
    ("int64", lambda f: f.with_columns(pl.lit(2**40).alias("points")), "column 'points' is Int64"),
    ("seat", lambda f: f.with_columns(pl.lit("Q").alias("seat")), "column 'seat' is String"),
    ("date", lambda f: f.with_columns(pl.lit("x").alias("date")), "column 'date' is String"),
]


@pytest.mark.parametrize(("name", "change", "message"), FOREIGN, ids=[c[0] for c in FOREIGN])
def test_a_foreign_schema_is_named(
    export: Path, tmp_path: Path, name: str, change: Change, message: str
) -> None:
    path = tmp_path / f"{name}.parquet"
    change(pl.read_parquet(export)).write_parquet(path)
    with pytest.raises(ExportError, match=message):
        export_statistics(str(path))


def test_nulls_and_the_largest_values_are_counted(export: Path, tmp_path: Path) -> None:
    frame = pl.read_parquet(export)
    path = tmp_path / "edge.parquet"
    frame.with_columns(
        pl.lit(2**31 - 1, pl.Int32).alias("points"), pl.lit(None, pl.Int32).alias("tricks")
    ).write_parquet(path)
    table = export_statistics(str(path))
    assert table["points_per_hand"].to_list() == [2**31 - 1] * table.height


def test_stats_prints_one_line_and_exits_2(export: Path, tmp_path: Path) -> None:
    data = export.read_bytes()
    rng = random.Random(5)
    panicked = 0
    for _ in range(3000):  # until two flips make polars panic (which depends on the bytes)
        damaged = bytearray(data)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        path = tmp_path / "damaged.parquet"
        path.write_bytes(bytes(damaged))
        try:
            export_statistics(str(path))
            continue
        except ExportError as exc:
            message = str(exc)
        if "damaged Parquet file" not in message:
            continue
        panicked += 1
        run = subprocess.run(
            [sys.executable, "-m", "spadesctl", "stats", str(path)],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 2
        assert run.stderr.splitlines() == [f"spadesctl: error: {message}"]
        if panicked == 2:
            break
    assert panicked
