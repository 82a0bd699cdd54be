"""One ordered process pool for ``check``, ``stats`` and ``export``, and one job chooser.

:func:`ordered_results` runs tasks in worker processes and yields their results in the
order the tasks were given, with at most ``2 * jobs`` tasks in flight, so memory stays
flat whatever the size of the input; a value computed in the parent (:class:`Done`)
takes its place in the order.  :func:`choose_jobs` decides how many workers ``--jobs 0``
(auto) means.

How workers start (:func:`start_method`): forked when polars has not been imported in
this process, spawned when it has.  A fork copies the parent's memory at once, which is
what makes ``check`` on many small files worth parallelising; but a process forked from
one that runs polars' (Rust) thread pool can deadlock in the child, since the pool's
threads and locks are not copied with it.  ``check`` never imports polars, the tables
(``stats``, ``export``) always do; spawning costs each worker a fresh interpreter and a
polars import (about a second), hence the larger threshold for spawned pools.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, Generic, Literal, TypeVar

R = TypeVar("R")

StartMethod = Literal["fork", "spawn"]

#: Below this many bytes of input, forked workers cost more than they save.
FORK_MIN_BYTES: Final = 512 * 1024
#: Below this many bytes (about 8,000 played hands), spawned workers (a second or so
#: each, importing polars) cost more than they save.
SPAWN_MIN_BYTES: Final = 4 * 1024 * 1024
#: Tasks in flight per worker: one running, one waiting, so that no worker idles.
IN_FLIGHT_PER_JOB: Final = 2


@dataclass(frozen=True, slots=True)
class Task(Generic[R]):
    """``function(*arguments)``, to be run in a worker (both must pickle)."""

    function: Callable[..., R]
    arguments: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Done(Generic[R]):
    """A result the parent computed itself (standard input, a file it could not read)."""

    value: R


def start_method() -> StartMethod:
    """``fork`` unless polars is loaded in this process (see the module's docstring)."""
    if "polars" in sys.modules or not hasattr(os, "fork"):
        return "spawn"
    return "fork"


def _sizes(paths: Sequence[str]) -> list[int]:
    sizes = [0] * len(paths)
    for i, path in enumerate(paths):
        if path != "-":
            with contextlib.suppress(OSError):
                sizes[i] = os.path.getsize(path)
    return sizes


def choose_jobs(
    jobs: int,
    paths: Sequence[str],
    *,
    split_bytes: int,
    method: StartMethod | None = None,
) -> int:
    """The worker processes to use: ``jobs``, or for 0 (auto) one per core when the input
    is large enough for the start method (:data:`FORK_MIN_BYTES`,
    :data:`SPAWN_MIN_BYTES`).  Never more than there are files, unless a file is at
    least ``split_bytes`` long and so is split among workers (0: every file is)."""
    sizes = _sizes(paths)
    if jobs <= 0:
        chosen = method or start_method()
        threshold = FORK_MIN_BYTES if chosen == "fork" else SPAWN_MIN_BYTES
        if sum(sizes) < threshold:
            return 1
        jobs = os.cpu_count() or 1
    if any(size >= split_bytes for size in sizes):
        return jobs
    return min(jobs, max(len(paths), 1))


def ordered_results(
    tasks: Iterable[Task[R] | Done[R]], jobs: int, *, method: StartMethod | None = None
) -> Iterator[R]:
    """The results of ``tasks``, in order, computed by ``jobs`` worker processes (in
    this process, one after another, for ``jobs`` <= 1).  The tasks are drawn lazily:
    at most ``IN_FLIGHT_PER_JOB * jobs`` are waiting for a result at any time."""
    if jobs <= 1:
        for task in tasks:
            yield task.value if isinstance(task, Done) else task.function(*task.arguments)
        return
    context = multiprocessing.get_context(method or start_method())
    window: deque[Future[R]] = deque()
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    try:
        for task in tasks:
            window.append(
                _done(task.value)
                if isinstance(task, Done)
                else pool.submit(task.function, *task.arguments)
            )
            while len(window) > IN_FLIGHT_PER_JOB * jobs:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _done(value: R) -> Future[R]:
    future: Future[R] = Future()
    future.set_result(value)
    return future


__all__ = [
    "FORK_MIN_BYTES",
    "IN_FLIGHT_PER_JOB",
    "SPAWN_MIN_BYTES",
    "Done",
    "StartMethod",
    "Task",
    "choose_jobs",
    "ordered_results",
    "start_method",
]
