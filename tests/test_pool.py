"""The one ordered process pool (spadesctl.pool): results in order, bounded in flight,
fork or spawn chosen by whether polars is loaded, and the one job chooser."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from spadesctl import pool
from spadesctl.pool import Done, Task, choose_jobs, ordered_results


def square(n: int) -> int:
    return n * n


def worker_pid(_: int) -> int:
    return os.getpid()


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_results_come_in_the_order_of_the_tasks(jobs: int, method: pool.StartMethod) -> None:
    tasks: list[Task[int] | Done[int]] = [Task(square, (n,)) for n in range(20)]
    tasks.insert(5, Done(-1))  # computed by the parent, in its place
    expected = [n * n for n in range(20)]
    expected.insert(5, -1)
    assert list(ordered_results(tasks, jobs, method=method)) == expected


def test_tasks_are_drawn_lazily() -> None:
    drawn: list[int] = []

    def tasks() -> Iterator[Task[int]]:
        for n in range(100):
            drawn.append(n)
            yield Task(square, (n,))

    results = ordered_results(tasks(), 2, method="fork")
    assert isinstance(results, Generator)
    assert next(results) == 0
    assert len(drawn) <= pool.IN_FLIGHT_PER_JOB * 2 + 1
    results.close()  # the pool shuts down; nothing left running


def test_work_runs_in_other_processes() -> None:
    pids = set(ordered_results([Task(worker_pid, (n,)) for n in range(8)], 2, method="fork"))
    assert os.getpid() not in pids


def test_forks_only_while_polars_is_not_loaded() -> None:
    probe = (
        "import sys; from spadesctl.pool import start_method; a = start_method(); "
        "import polars; print(a, start_method())"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["fork", "spawn"]


def test_the_job_chooser(tmp_path: Path) -> None:
    small = [tmp_path / f"{i}.spades" for i in range(3)]
    for path in small:
        path.write_text("x\n")
    names = [str(p) for p in small]
    assert choose_jobs(0, names, split_bytes=10**9) == 1  # small input: one process
    assert choose_jobs(8, names, split_bytes=10**9) == 3  # never more than the files
    assert choose_jobs(8, names, split_bytes=0) == 8  # unless every file is split
    big = tmp_path / "big.spades"
    big.write_bytes(b"x" * pool.FORK_MIN_BYTES)
    cores = os.cpu_count() or 1
    assert choose_jobs(0, [str(big)], split_bytes=10**9, method="fork") == 1
    assert choose_jobs(0, [str(big), names[0]], split_bytes=10**9, method="fork") == min(cores, 2)
    assert choose_jobs(0, [str(big)], split_bytes=10**9, method="spawn") == 1
    assert choose_jobs(0, [str(big)], split_bytes=pool.FORK_MIN_BYTES, method="fork") == cores
