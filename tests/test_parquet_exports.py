"""Any Parquet file given to ``stats`` or ``fairness`` gives statistics or one error line
(exit 2), never a crash (issue #18, defect 5).

Real files: an export of the samples written by ``spadesctl export``, then damaged (bytes
flipped, runs of bytes overwritten, cut short: hundreds of files) or rewritten with
another schema.  Before the first fix a flipped byte could make polars' reader panic
(``pyo3_runtime.PanicException``, a ``BaseException`` that the command's handler let
through, a traceback); some flips make polars abort the whole process, which the
Parquet guard (:mod:`spadesctl.parquet_guard`) now turns into one line.  The damaged
files are read in child processes only.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pytest

from spadesctl.parquet_guard import DAMAGED
from spadesctl.tables.exports import ExportError, export_statistics
from tests.damaged_parquet import HEADER_COLUMNS, page_header_flips, random_damage

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "league-night.spades"


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


@pytest.fixture(scope="module")
def damaged(export: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Hundreds of damaged copies of the export, by name: page headers flipped, seeded
    random flips and runs of bytes, and cuts every 1/60th of the file."""
    data = export.read_bytes()
    folder = tmp_path_factory.mktemp("damaged")
    files = {}
    for name, content in {**page_header_flips(data, export), **random_damage(data)}.items():
        path = folder / f"{name}.parquet"
        path.write_bytes(content)
        files[name] = path
    return files


def _outcomes(paths: list[Path]) -> dict[Path, tuple[str, str]]:
    """(``ok`` or ``error``, the message) of ``stats`` on each file, found in a child
    process (:mod:`tests.damaged_parquet`): this process never reads the files."""
    run = subprocess.run(
        [sys.executable, "-m", "tests.damaged_parquet", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = [json.loads(line) for line in run.stdout.splitlines()]
    return {Path(f["file"]): (f["outcome"], f["message"]) for f in found}


@pytest.fixture(scope="module")
def outcomes(damaged: dict[str, Path]) -> dict[str, tuple[str, str]]:
    by_path = _outcomes(list(damaged.values()))
    return {name: by_path[path] for name, path in damaged.items()}


def test_the_export_itself_reads(export: Path) -> None:
    assert _outcomes([export]) == {export: ("ok", "")}


def test_every_damaged_file_gives_statistics_or_one_line_naming_it(
    damaged: dict[str, Path], outcomes: dict[str, tuple[str, str]]
) -> None:
    assert len(outcomes) == len(damaged) > 400
    for name, (outcome, message) in outcomes.items():
        if outcome == "error":
            assert message.startswith(f"{damaged[name]}: "), name
            assert "\n" not in message, name
        else:
            assert (outcome, message) == ("ok", ""), name
    assert {outcome for outcome, _ in outcomes.values()} == {"ok", "error"}


def test_a_file_cut_short_is_an_error(outcomes: dict[str, tuple[str, str]]) -> None:
    cuts = [outcome for name, (outcome, _) in outcomes.items() if name.startswith("cut-")]
    assert len(cuts) >= 60
    assert set(cuts) == {"error"}


def _aborted(outcomes: dict[str, tuple[str, str]]) -> list[str]:
    return [name for name, (_, message) in outcomes.items() if "killed the reader" in message]


def test_the_files_that_abort_polars_are_named_damaged(
    damaged: dict[str, Path], outcomes: dict[str, tuple[str, str]]
) -> None:
    """The page-header flips include some that make polars abort the process; the
    guard's child dies of them instead, and each file is named.  Which columns' flips
    abort depends on the polars version (on 2.1 every column's did; on 2.2 the ``player``
    column's flips are read errors), so the test asks for some, not for each."""
    aborted = _aborted(outcomes)
    assert aborted, "no flip aborts polars any more: find one that does (damaged_parquet.py)"
    assert {name.split("-")[1] for name in aborted} <= set(HEADER_COLUMNS)
    for name in aborted:
        assert outcomes[name][1] == (
            f"{damaged[name]}: a damaged Parquet file (reading it killed the reader: SIGABRT)"
        )


_READ_WITH_POLARS = "import sys, polars; polars.read_parquet(sys.argv[1])"


def test_polars_itself_aborts_on_those_files(
    damaged: dict[str, Path], outcomes: dict[str, tuple[str, str]]
) -> None:
    """Without the guard, polars does abort on them: the case the guard is for (if a new
    polars stops aborting, find the flips that still do: tests/damaged_parquet.py)."""
    for name in _aborted(outcomes)[:3]:
        run = subprocess.run(
            [sys.executable, "-c", _READ_WITH_POLARS, str(damaged[name])],
            capture_output=True,
            timeout=120,
        )
        assert run.returncode == -signal.SIGABRT, (name, run.returncode)


def test_a_panic_is_one_line_too(outcomes: dict[str, tuple[str, str]]) -> None:
    panics = [n for n, (_, message) in outcomes.items() if message.endswith(DAMAGED)]
    assert panics  # the seed's flips make polars' reader panic (a catchable BaseException)


def _cases(
    damaged: dict[str, Path], outcomes: dict[str, tuple[str, str]]
) -> list[tuple[Path, str]]:
    """One file of each way of failing: killed the reader, panicked, cut short, other."""
    chosen: dict[str, tuple[Path, str]] = {}
    for name, (outcome, message) in outcomes.items():
        if outcome != "error":
            continue
        way = (
            "killed" if "killed the reader" in message
            else "panic" if message.endswith(DAMAGED)
            else "cut" if name.startswith("cut-")
            else "other"
        )  # fmt: skip
        chosen.setdefault(way, (damaged[name], message))
    assert set(chosen) == {"killed", "panic", "cut", "other"}
    return list(chosen.values())


@pytest.mark.parametrize("command", ["stats", "fairness"])
def test_the_commands_print_one_line_and_exit_2(
    damaged: dict[str, Path], outcomes: dict[str, tuple[str, str]], command: str
) -> None:
    for path, message in _cases(damaged, outcomes):
        run = subprocess.run(
            [sys.executable, "-m", "spadesctl", command, str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 2, (path, run.stderr)
        assert run.stderr.splitlines() == [f"spadesctl: error: {message}"]
        assert run.stdout == ""


Change = Callable[[pl.DataFrame], pl.DataFrame]

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
