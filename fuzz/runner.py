"""The mutation loop: pick a seed, mutate it, run the targets, remember what failed.

A *case* is one target run on one input; each also counts the library calls it made
(the unit of the issue's first campaign: read, check, referee, render, write...).
Each input is a mutated seed (one time in fifty the seed itself; a plain loop, without
coverage feedback).  Record inputs go
through every record target (the tables and statistics, slow, one input in
:data:`TABLES_EVERY`), Parquet inputs through the Parquet target, one record input in
:data:`CLI_EVERY` also through the command line, and one in :data:`PROCESS_EVERY`
through real processes (failed writes and interrupts).  A failure's *signature* is the
target and where it failed (the broken property's label, or the exception type and the
innermost spadesctl frame); the first input of each signature is shrunk (lines, then
bytes) and saved with its traceback.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType
from typing import Final

from fuzz.mutate import mutate
from fuzz.seeds import Seed, all_seeds
from fuzz.targets import (
    CLI_TARGETS,
    PARQUET_TARGETS,
    PROCESS_TARGETS,
    RECORD_TARGETS,
    TABLES_TARGETS,
    FuzzFailure,
    Target,
)

#: One record input in this many also goes through the command line (slow: typer).
CLI_EVERY: Final = 50
#: One record input in this many also goes through real processes (failed writes,
#: interrupts: the slowest target, a few seconds).
PROCESS_EVERY: Final = 500
#: One record input in this many also goes through the tables and statistics (polars).
TABLES_EVERY: Final = 4
#: One input in this many is a bundle of game-server tables (the import: polars scans).
TABLES_IMPORT_EVERY: Final = 8
#: Seconds one case may take before it counts as a hang.
CASE_SECONDS: Final = 20
#: Seconds a case of real processes (``outputs``: eight command runs) may take: its
#: processes have their own time limits, and on a loaded machine 20 s was a false hang.
PROCESS_CASE_SECONDS: Final = 120
#: Target runs spent shrinking one failure.
SHRINK_BUDGET: Final = 400


class Hang(Exception):
    """A case ran longer than :data:`CASE_SECONDS`."""


@dataclass(slots=True)
class Failure:
    """A distinct failure: its signature, the shrunk input and what it raised."""

    target: str
    signature: str
    name: str
    data: bytes
    error: str
    count: int = 1


@dataclass(slots=True)
class Summary:
    """What a run did: cases by target, and the distinct failures."""

    cases: dict[str, int] = field(default_factory=dict)
    calls: dict[str, int] = field(default_factory=dict)
    failures: dict[str, Failure] = field(default_factory=dict)
    inputs: int = 0
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.cases.values())

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())

    def merge(self, other: Summary) -> None:
        for target, n in other.cases.items():
            self.cases[target] = self.cases.get(target, 0) + n
        for target, n in other.calls.items():
            self.calls[target] = self.calls.get(target, 0) + n
        self.inputs += other.inputs
        for sig, failure in other.failures.items():
            if sig in self.failures:
                self.failures[sig].count += failure.count
            else:
                self.failures[sig] = failure
        self.seconds = max(self.seconds, other.seconds)


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def alarm(_signum: int, _frame: FrameType | None) -> None:
        raise Hang(f"a case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def signature(target: str, exc: BaseException) -> str:
    """The target and where it failed: a property's label, or the exception type and the
    innermost frame inside spadesctl (or fuzz)."""
    if isinstance(exc, FuzzFailure):
        return f"{target}: {exc.label}"
    where = "?"
    for frame in traceback.extract_tb(exc.__traceback__):
        if "spadesctl" in frame.filename or "/fuzz/" in frame.filename:
            where = f"{Path(frame.filename).name}:{frame.name}"
    return f"{target}: {type(exc).__name__} in {where}"


def run_case(target: str, run: Target, name: str, data: bytes) -> tuple[str | None, int]:
    """Run one case: the failure's signature (``None`` when it passed), and the library
    calls it made (1 when it failed)."""
    limit = PROCESS_CASE_SECONDS if target in PROCESS_TARGETS else CASE_SECONDS
    try:
        with _time_limit(limit):
            calls = run(name, data)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a panic from a native library is a BaseException
        return signature(target, exc), 1
    return None, calls


def _error_text(run: Target, name: str, data: bytes) -> str:
    try:
        with _time_limit(CASE_SECONDS):
            run(name, data)
    except BaseException as exc:
        return "".join(traceback.format_exception(exc))[-6000:]
    return "(passed when run again)"


def shrink(target: str, run: Target, name: str, data: bytes, sig: str) -> bytes:
    """A smaller input with the same signature: whole lines dropped, then bytes cut."""
    budget = SHRINK_BUDGET

    def fails(candidate: bytes) -> bool:
        nonlocal budget
        budget -= 1
        return run_case(target, run, name, candidate)[0] == sig

    binary = name.endswith(".parquet")
    units = [bytes([b]) for b in data] if binary else data.split(b"\n")
    sep = b"" if binary else b"\n"
    chunk = max(len(units) // 2, 1)
    while chunk >= 1 and budget > 0:
        i = 0
        while i < len(units) and budget > 0:
            candidate = units[:i] + units[i + chunk :]
            if candidate and fails(sep.join(candidate)):
                units = candidate
            else:
                i += chunk
        chunk //= 2
    return sep.join(units)


def _reproducer(out: Path, failure: Failure) -> Path:
    digest = hashlib.sha1(failure.signature.encode()).hexdigest()[:10]
    suffix = Path(failure.name).suffix or ".bin"
    path = out / f"{failure.target}-{digest}{suffix}"
    out.mkdir(parents=True, exist_ok=True)
    path.write_bytes(failure.data)
    path.with_suffix(path.suffix + ".txt").write_text(
        f"{failure.signature}\n\n{failure.error}\n", encoding="utf-8"
    )
    return path


def fuzz(
    seed: int,
    *,
    seconds: float | None = None,
    cases: int | None = None,
    out: Path | None = None,
    seeds: Sequence[Seed] | None = None,
    record_targets: Mapping[str, Target] = RECORD_TARGETS,
    log: Callable[[str], None] | None = None,
) -> Summary:
    """Fuzz until ``seconds`` have passed or ``cases`` cases have run (whichever first).

    ``seeds`` and ``record_targets`` replace the usual ones (the harness's own tests).
    """
    rng = random.Random(seed)
    pool = list(seeds) if seeds is not None else all_seeds(seed)
    records = [s for s in pool if s.kind not in ("parquet", "tables")]
    binaries = [s for s in pool if s.kind == "parquet"]
    bundles = [s for s in pool if s.kind == "tables"]
    by_kind: dict[str, list[bytes]] = {}
    for s in pool:
        by_kind.setdefault(s.kind, []).append(s.data)
    summary = Summary()
    start = time.monotonic()
    last_log = start
    inputs = 0
    while True:
        elapsed = time.monotonic() - start
        if (seconds is not None and elapsed >= seconds) or (
            cases is not None and summary.total >= cases
        ):
            break
        inputs += 1
        if binaries and inputs % 16 == 0:
            base = rng.choice(binaries)
            targets: dict[str, Target] = PARQUET_TARGETS
            data = mutate(base.data, rng, (), binary=True)
        elif bundles and inputs % TABLES_IMPORT_EVERY == TABLES_IMPORT_EVERY // 2:
            base = rng.choice(bundles)
            targets = TABLES_TARGETS
            data = base.data if rng.random() < 0.02 else mutate(base.data, rng, by_kind["tables"])
        else:
            base = rng.choice(records)
            targets = dict(record_targets)
            if inputs % TABLES_EVERY:
                targets.pop("tables", None)
            if inputs % CLI_EVERY == 0:
                targets.update(CLI_TARGETS)
            if inputs % PROCESS_EVERY == 0:
                targets.update(PROCESS_TARGETS)
            others = by_kind.get(base.kind, [])
            data = base.data if rng.random() < 0.02 else mutate(base.data, rng, others)
        for target, run in targets.items():
            summary.cases[target] = summary.cases.get(target, 0) + 1
            sig, calls = run_case(target, run, base.name, data)
            summary.calls[target] = summary.calls.get(target, 0) + calls
            if sig is None:
                continue
            if sig in summary.failures:
                summary.failures[sig].count += 1
                continue
            small = shrink(target, run, base.name, data, sig)
            failure = Failure(target, sig, base.name, small, _error_text(run, base.name, small))
            summary.failures[sig] = failure
            if out is not None:
                saved = _reproducer(out, failure)
                if log is not None:
                    log(f"new failure {sig} -> {saved}")
        now = time.monotonic()
        if log is not None and now - last_log >= 60:
            last_log = now
            log(
                f"{inputs:,} inputs, {summary.total:,} cases, {summary.total_calls:,} "
                f"library calls, {len(summary.failures)} distinct failures"
            )
    summary.seconds = time.monotonic() - start
    summary.inputs = inputs
    return summary


def _worker(args: tuple[int, float | None, int | None, str | None]) -> Summary:
    seed, seconds, cases, out = args
    sys.setrecursionlimit(10_000)

    def log(message: str) -> None:
        print(f"[{os.getpid()}] {message}", file=sys.stderr, flush=True)

    log(f"seed {seed} started")
    return fuzz(seed, seconds=seconds, cases=cases, out=Path(out) if out else None, log=log)


def _child(args: tuple[int, float | None, int | None, str | None], answer: Connection) -> None:
    """A worker process: its summary sent back over ``answer``."""
    try:
        answer.send(_worker(args))
    finally:
        answer.close()


def _death(seed: int, exitcode: int | None) -> Failure:
    """The harness failure of a worker that ended without its summary (killed from
    outside, out of memory, a crash of the interpreter)."""
    if exitcode is not None and exitcode < 0:
        try:
            how = f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            how = f"killed by signal {-exitcode}"
    else:
        how = f"exit status {exitcode}"
    sig = f"harness: the worker of seed {seed} died ({how}); its cases are lost"
    return Failure("harness", sig, "worker.txt", b"", sig)


def fuzz_parallel(
    seed: int, jobs: int, seconds: float | None, cases: int | None, out: Path | None
) -> Summary:
    """``jobs`` processes, each fuzzing with a seed of its own (``seed``, ``seed + 1``...).

    The parent waits on each worker's process as well as its answer, so a worker that
    dies (killed from outside) is noticed at once: it becomes a ``harness`` failure of
    the summary, and the other workers go on to the end of their budget."""
    if jobs <= 1:
        return _worker((seed, seconds, cases, str(out) if out else None))
    from multiprocessing import get_context

    context = get_context("spawn")
    share = None if cases is None else -(-cases // jobs)
    running: dict[int, tuple[int, BaseProcess, Connection]] = {}
    for i in range(jobs):
        receive, send = context.Pipe(duplex=False)
        args = (seed + i, seconds, share, str(out) if out else None)
        worker: BaseProcess = context.Process(target=_child, args=(args, send), daemon=True)
        worker.start()
        send.close()  # the child's end: only the child holds it now
        running[worker.sentinel] = (seed + i, worker, receive)
    total = Summary()
    try:
        while running:
            ready = wait([*running, *(conn for _, _, conn in running.values())])
            for sentinel, (job_seed, process, conn) in list(running.items()):
                if conn not in ready and sentinel not in ready:
                    continue
                part: Summary | None = None
                try:
                    if conn.poll():
                        part = conn.recv()
                except (EOFError, OSError):  # closed unanswered: the worker is ending
                    pass
                del running[sentinel]
                conn.close()
                process.join()
                if part is not None:
                    total.merge(part)
                else:
                    failure = _death(job_seed, process.exitcode)
                    total.failures[failure.signature] = failure
    finally:
        for _, left, conn in running.values():  # interrupted: end the others
            left.terminate()
            left.join()
            conn.close()
    return total
