"""``stats`` and ``fairness`` on a cluster: a reduction of per-shard partial aggregates.

Each shard of a Parquet corpus (those the filters select) and each unit of record text
is one task.  The worker reads or builds its rows and collects them exactly as the
local run does (a :class:`~spadesctl.tables.query._Collector` of its own: the partial
sums of the figures, the ratings' game rows, the fairness deal rows, the games kept,
the players seen), and only that collector travels back; the driver merges them in the
order of the tasks and finishes as a local run, so the output is the same to the byte.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from spadesctl import engines
from spadesctl.parquet_guard import worker_guard
from spadesctl.pool import Task
from spadesctl.tables.corpus import CorpusOptions, Failure, Work, build_batch, read_work
from spadesctl.tables.exports import ExportError, read_export
from spadesctl.tables.shards import select_shards
from spadesctl.tables.stats import read_columns

if TYPE_CHECKING:
    from spadesctl.tables.query import Inputs, StatsRequest, _Collector

#: What a task sends back: its collector (or why a shard could not be read), the games
#: it could not read, and the games it counted.
Partial = tuple["_Collector | str", tuple[Failure, ...], int]


def _figures(collector: _Collector) -> bool:
    """The ``figures`` argument ``collector`` was made with."""
    return collector.figures or collector.rate


def shard_partial(path: str, request: StatsRequest, figures: bool) -> Partial:
    """One shard collected (in a worker, read first by the worker's one Parquet guard);
    an unreadable shard is its message."""
    from spadesctl.tables.query import _Collector

    collector = _Collector(request, figures)
    try:
        read_export(path, collector.add, worker_guard(), columns=read_columns(request.by))
    except ExportError as exc:
        return str(exc), (), 0
    return collector, (), 0


def records_partial(
    work: Work, options: CorpusOptions, request: StatsRequest, figures: bool
) -> Partial:
    """One unit of record text built into rows and collected (in a worker)."""
    from spadesctl.tables.query import _Collector

    batch = build_batch(work, options)
    collector = _Collector(request, figures)
    collector.add_batch(batch.frames["hands"].lazy())
    return collector, batch.failures, batch.games


def read_on_cluster(
    inputs: Inputs, request: StatsRequest, collector: _Collector
) -> tuple[list[Failure], int]:
    """What ``query._read`` does, with every shard and unit of records a task on
    ``request.engine``: the partials merged into ``collector`` in input order."""
    from spadesctl.tables.query import QueryError

    figures = _figures(collector)
    options = CorpusOptions(
        tables=("hands",), default_rules=request.rules, express=request.express, lossless=False
    )
    shards = select_shards(inputs.exports, request.filters)
    work = read_work(list(inputs.records), options.batch_lines, options.default_rules)
    every = chain(  # drawn lazily: the driver holds the window of tasks in flight
        (Task(shard_partial, (path, request, figures)) for path in shards),
        (Task(records_partial, (unit, options, request, figures)) for unit in work),
    )
    failures: list[Failure] = []
    games = 0
    for part, failed, counted in engines.ordered_results(every, 1, request.engine):
        if isinstance(part, str):
            raise QueryError(part)
        collector.merge(part)
        failures.extend(failed)
        games += counted
    return failures, games


__all__ = ["read_on_cluster", "records_partial", "shard_partial"]
