"""The Parquet guard (:mod:`spadesctl.parquet_guard`): a child process reads each file
whole before the caller does; a file that kills it is named damaged, and a new child
takes over; one child serves every file of a guard; nothing is left running.

The damaged files are only ever read by the guard's children, never by this process.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from spadesctl.parquet_guard import (
    DAMAGED,
    READABLE,
    GuardError,
    ParquetGuard,
    death_problem,
    error_problem,
)
from tests.damaged_parquet import page_header_flips

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "league-night.spades"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A good export, and its copies whose first page header of the ``nil`` column has
    one bit flipped (one of them makes polars abort on this machine)."""
    folder = tmp_path_factory.mktemp("guard")
    shutil.copyfile(SAMPLE, folder / SAMPLE.name)
    command = ["export", SAMPLE.name, "--table", "hands", "-o", "good.parquet"]
    subprocess.run([sys.executable, "-m", "spadesctl", *command], check=True, cwd=folder)
    good = folder / "good.parquet"
    out = {"good": good}
    for name, data in page_header_flips(good.read_bytes(), good).items():
        if name.startswith("header-nil-"):
            out[name] = folder / f"{name}.parquet"
            out[name].write_bytes(data)
    return out


def test_a_guard_asked_for_some_columns_reads_only_those(files: dict[str, Path]) -> None:
    # the nil column is damaged in every copy: a caller that reads only other columns
    # is safe, one that reads it is told what reading the whole file tells
    damaged = [path for name, path in files.items() if name.startswith("header-nil-")]
    with ParquetGuard() as guard:
        whole = [guard.check(str(path)) for path in damaged]
        assert any(not verdict.readable for verdict in whole)
        for path, verdict in zip(damaged, whole, strict=True):
            assert guard.check(str(path), ("bid", "seat")) == READABLE
            assert guard.check(str(path), ("bid", "nil")).problem == verdict.problem


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/status").exists() and "zombie" not in Path(
        f"/proc/{pid}/status"
    ).read_text(encoding="utf-8")


def test_a_good_file_is_readable_and_one_child_reads_every_file(files: dict[str, Path]) -> None:
    with ParquetGuard() as guard:
        assert guard.check(str(files["good"])) == READABLE
        assert guard.check(str(files["good"])) == READABLE
        assert guard.started == 1


def test_a_file_that_kills_the_child_is_damaged_and_a_new_child_goes_on(
    files: dict[str, Path],
) -> None:
    with ParquetGuard() as guard:
        verdicts = {name: guard.check(str(path)) for name, path in files.items()}
        died = [name for name, verdict in verdicts.items() if verdict.died]
        assert died  # the flip that makes the nil page's value count negative
        for name in died:
            assert verdicts[name].problem == death_problem(-signal.SIGABRT)
        assert guard.started == 1 + len(died)
        assert guard.check(str(files["good"])) == READABLE
    assert death_problem(-signal.SIGABRT) == (
        "a damaged Parquet file (reading it killed the reader: SIGABRT)"
    )
    assert verdicts["good"] == READABLE


def test_files_that_cannot_be_opened_need_no_child(tmp_path: Path) -> None:
    text = tmp_path / "text.parquet"
    text.write_text("not parquet\n", encoding="utf-8")
    with ParquetGuard() as guard:
        assert guard.check(str(tmp_path / "missing.parquet")).problem == "no such file"
        assert guard.check(str(tmp_path)).problem == "is a directory, not a Parquet file"
        problem = guard.check(str(text)).problem
        assert problem is not None and problem.startswith("parquet: File out of specification")
        assert "\n" not in problem


def test_a_panic_is_the_damaged_message() -> None:
    assert error_problem("PanicException", "called `Option::unwrap()`\nbacktrace") == DAMAGED
    assert error_problem("ComputeError", "\nfirst line\nsecond") == "first line"
    assert error_problem("OSError", "") == "OSError"


def test_closing_ends_the_child(files: dict[str, Path]) -> None:
    guard = ParquetGuard()
    guard.check(str(files["good"]))
    pid = guard.pid
    assert pid is not None and _alive(pid)
    guard.close()
    assert guard.pid is None
    assert not _alive(pid)
    guard.close()  # twice is harmless


def test_the_users_ctrl_c_belongs_to_the_parent(files: dict[str, Path]) -> None:
    with ParquetGuard() as guard:
        guard.check(str(files["good"]))
        assert guard.pid is not None
        os.kill(guard.pid, signal.SIGINT)
        assert guard.check(str(files["good"])) == READABLE
        assert guard.started == 1


def test_a_child_that_cannot_start_is_an_error(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "executable", "/bin/false")
    with ParquetGuard() as guard, pytest.raises(GuardError, match="did not start"):
        guard.check(str(files["good"]))
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    with pytest.raises(GuardError, match="cannot start"):
        ParquetGuard()
