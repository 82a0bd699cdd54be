"""Timing commands and the read-and-split baseline; describing the machine.

Commands run as child processes; each run's wall time is measured around it and its peak
memory is the ``ru_maxrss`` that ``os.wait4`` reports for it (the largest resident set of
the process and of the worker processes it waited for).  The fastest of several runs is
kept: on a shared machine the slower runs measure the neighbours, not the code.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Run:
    """The best of ``runs`` runs of one command: seconds and peak memory (MiB)."""

    seconds: float
    peak_mib: float
    status: int
    runs: int


def child_env() -> dict[str, str]:
    """The environment of the measured commands: as a user's, with bytecode caches.

    ``PYTHONDONTWRITEBYTECODE`` (set on some CI machines) would make every start-up
    compile the modules again; an installed package has its ``.pyc`` files.
    """
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_command(argv: Sequence[str], repeat: int = 3, ok: Sequence[int] = (0,)) -> Run:
    """Run ``argv`` ``repeat`` times (output discarded); the fastest run, the largest peak."""
    best = float("inf")
    peak = 0.0
    status = 0
    env = child_env()
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(
            list(argv),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
        )
        assert proc.stderr is not None
        err = proc.stderr.read()
        _, wait_status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = status = os.waitstatus_to_exitcode(wait_status)
        if status not in ok:
            message = err.decode("utf-8", "replace")[-2000:]
            raise RuntimeError(f"{' '.join(argv)} exited with {status}:\n{message}")
        best = min(best, elapsed)
        peak = max(peak, usage.ru_maxrss / 1024)
    return Run(best, peak, status, repeat)


def _split_file(path: str) -> int:
    """Read a file line by line and split every line into words; the number of words."""
    words = 0
    with open(path, "rb") as f:
        for line in f:
            words += len(line.split())
    return words


def baseline(paths: Sequence[Path], jobs: int = 1, repeat: int = 3) -> float:
    """Seconds (best of ``repeat``) to read ``paths`` and split every line into words.

    This is the floor for any Python program that looks at every word of the records:
    the practical limit the commands are compared with.  ``jobs > 1`` spreads the files
    over that many processes (the pool is started before the clock).
    """
    names = [str(p) for p in paths]
    best = float("inf")
    if jobs <= 1:
        for _ in range(repeat):
            start = time.perf_counter()
            for name in names:
                _split_file(name)
            best = min(best, time.perf_counter() - start)
        return best
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(_split_file, names[:jobs]))  # warm the workers up
        for _ in range(repeat):
            start = time.perf_counter()
            list(pool.map(_split_file, names, chunksize=max(1, len(names) // (jobs * 8))))
            best = min(best, time.perf_counter() - start)
    return best


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, str]:
    """The facts that the figures depend on."""
    load = os.getloadavg()
    return {
        "cpu": cpu_model(),
        "cores": str(os.cpu_count() or 1),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "load": " ".join(f"{x:.2f}" for x in load),
    }
