"""``--engine`` and ``--address`` (``check``, ``export``, ``stats``): where the work runs.

Declared here, read by :func:`engine_of` into a :class:`spadesctl.engines.Engine`; a
request that cannot be met (Ray not installed, ``--address`` without Ray) is a usage
error, exit status 2, before anything is read.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated

import typer

from spadesctl.cli.errors import fail

if TYPE_CHECKING:
    from spadesctl.engines import Engine


class EngineChoice(enum.Enum):
    """The engines (``spadesctl.engines.ENGINE_NAMES``; a test keeps them equal)."""

    local = "local"
    ray = "ray"


EngineOption = Annotated[
    EngineChoice,
    typer.Option(
        "--engine",
        help="Where the work runs: this machine's processes, or a Ray cluster "
        "(pip install 'spadesctl[ray]'; docs/scale.md).",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDR",
        help="The Ray cluster to join (host:port, or ray://host:10001).  "
        "[default: RAY_ADDRESS, else a cluster started on this machine]",
    ),
]


def engine_of(choice: EngineChoice, address: str | None) -> Engine:
    """The engine asked for, its cluster joined; exit 2 when it cannot be had."""
    from spadesctl.engines import EngineError, choose_engine, join

    try:
        engine = choose_engine(choice.value, address)
        join(engine)
    except EngineError as exc:
        fail(str(exc))
    return engine
