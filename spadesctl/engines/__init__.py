"""Where the per-file and per-batch work runs: this machine's processes, or a Ray cluster.

An :class:`Engine` names it.  ``local`` (the default, nothing to install) is
:mod:`spadesctl.pool`: worker processes of this machine.  ``ray`` sends the same tasks
(:class:`~spadesctl.pool.Task`: a module-level function and its arguments) to an
existing Ray cluster (:mod:`spadesctl.engines.ray_engine`, ``pip install
'spadesctl[ray]'``), and gives their results back in the order of the tasks, so that
``check`` prints the same diagnostics in the same order, ``export`` writes the same
files and ``stats`` the same figures as a local run.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal, TypeVar, get_args

from spadesctl import pool
from spadesctl.errors import SpadesctlError

R = TypeVar("R")

EngineName = Literal["local", "ray"]
ENGINE_NAMES: Final[tuple[EngineName, ...]] = get_args(EngineName)
#: What to install for ``--engine ray``.
RAY_EXTRA: Final = "pip install 'spadesctl[ray]'"


class EngineError(SpadesctlError, ValueError):
    """An engine that cannot be used as asked (exit status 2): Ray not installed, or an
    ``--address`` without ``--engine ray``."""


@dataclass(frozen=True, slots=True)
class Engine:
    """``local``, or ``ray`` on the cluster at ``address`` (``None``: the cluster that
    ``RAY_ADDRESS`` names, else one started on this machine for the run)."""

    name: EngineName = "local"
    address: str | None = None

    @property
    def distributed(self) -> bool:
        return self.name != "local"


LOCAL: Final = Engine()


def ray_installed() -> bool:
    """Whether Ray can be imported here (without importing it)."""
    return importlib.util.find_spec("ray") is not None


def choose_engine(name: str, address: str | None) -> Engine:
    """The engine of ``--engine NAME [--address ADDR]``; :class:`EngineError` for Ray
    when it is not installed, or an address without Ray."""
    if name not in ENGINE_NAMES:
        raise EngineError(f"unknown engine {name!r}; engines: {', '.join(ENGINE_NAMES)}")
    if name == "local":
        if address is not None:
            raise EngineError("--address names a Ray cluster: give it with --engine ray")
        return LOCAL
    if not ray_installed():
        raise EngineError(f"--engine ray needs Ray, which is not installed: {RAY_EXTRA}")
    return Engine("ray", address)


def join(engine: Engine) -> None:
    """Connect to ``engine``'s cluster now (nothing for the local engine), so that a
    cluster that cannot be reached is an :class:`EngineError` before any work starts
    (Ray itself waits for a while before it gives up on an address)."""
    if not engine.distributed:
        return
    from spadesctl.engines.ray_engine import connect

    try:
        connect(engine.address)
    except Exception as exc:  # Ray's own errors (ConnectionError, RuntimeError, ...)
        where = engine.address or "RAY_ADDRESS or this machine"
        lines = str(exc).strip().splitlines() or [type(exc).__name__]
        raise EngineError(f"cannot join the Ray cluster at {where}: {lines[0]}") from None


def ordered_results(
    tasks: Iterable[pool.Task[R] | pool.Done[R]], jobs: int, engine: Engine | None = None
) -> Iterator[R]:
    """The results of ``tasks`` in order: :func:`spadesctl.pool.ordered_results` with
    ``jobs`` processes locally, Ray tasks on the cluster otherwise."""
    if engine is None or not engine.distributed:
        yield from pool.ordered_results(tasks, jobs)
        return
    from spadesctl.engines.ray_engine import ordered_results as on_ray

    yield from on_ray(tasks, engine.address)


__all__ = [
    "ENGINE_NAMES",
    "LOCAL",
    "RAY_EXTRA",
    "Engine",
    "EngineError",
    "EngineName",
    "choose_engine",
    "join",
    "ordered_results",
    "ray_installed",
]
