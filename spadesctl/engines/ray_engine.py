"""Tasks on a Ray cluster, their results in order (imported only for ``--engine ray``).

Each :class:`~spadesctl.pool.Task` becomes one Ray task running the same function on
the same arguments as a local worker would, so the results are the very values a local
run computes; they are fetched in the order the tasks were given.  At most
:data:`IN_FLIGHT_PER_CPU` tasks per CPU of the cluster are submitted and not yet
fetched, so the driver's memory holds a bounded window of inputs and results however
large the corpus.  The cluster's workers need spadesctl installed (the same version):
docs/scale.md says how.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, TypeVar

import ray

from spadesctl.pool import Done, Task

R = TypeVar("R")

#: Tasks submitted per CPU of the cluster before the driver waits for the oldest.
IN_FLIGHT_PER_CPU: Final = 2


def connect(address: str | None) -> None:
    """Join the cluster at ``address`` (or ``RAY_ADDRESS``; without either, start one on
    this machine for the run), unless this process is already connected (a test's
    ``ray.init(num_cpus=2)``, or a notebook's)."""
    if ray.is_initialized():
        return
    ray.init(
        address=address or os.environ.get("RAY_ADDRESS") or None,
        logging_level=logging.WARNING,
        log_to_driver=False,  # the workers' own output is not the command's
        include_dashboard=False,
        configure_logging=False,
    )


def _run(function: Callable[..., Any], arguments: tuple[Any, ...]) -> Any:
    return function(*arguments)


_remote_run: Final = ray.remote(_run)


def cluster_cpus() -> int:
    """The CPUs the cluster has (at least 1)."""
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    return max(int(resources.get("CPU", 1)), 1)


def ordered_results(tasks: Iterable[Task[R] | Done[R]], address: str | None) -> Iterator[R]:
    """The results of ``tasks``, in order, computed by Ray tasks on the cluster."""
    connect(address)
    window_size = IN_FLIGHT_PER_CPU * cluster_cpus()
    window: deque[ray.ObjectRef[R] | Done[R]] = deque()

    def fetch() -> R:
        item = window.popleft()
        return item.value if isinstance(item, Done) else ray.get(item)

    try:
        for task in tasks:
            if isinstance(task, Done):
                window.append(task)
            else:
                window.append(_remote_run.remote(task.function, task.arguments))
            while len(window) > window_size:
                yield fetch()
        while window:
            yield fetch()
    finally:
        for left in window:
            if not isinstance(left, Done):
                ray.cancel(left)


__all__ = ["IN_FLIGHT_PER_CPU", "cluster_cpus", "connect", "ordered_results"]
