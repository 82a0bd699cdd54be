"""The library behind ``spadesctl export``: record files in, one table written out.

Batches are written as they come (Parquet in row groups), so a corpus of any size is
exported in bounded memory.  A game that cannot be tabled is a failure, counted and left
out; a file that cannot be read at all leaves the output file as it was (or absent),
since an export missing a whole file would pass for a complete one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from spadesctl.output import is_standard_output
from spadesctl.status import ExitStatus

if TYPE_CHECKING:
    import polars as pl

    from spadesctl.emit import OutputFormat
    from spadesctl.engines import Engine
    from spadesctl.rules.ruleset import Ruleset
    from spadesctl.tables.corpus import Batch, Failure
    from spadesctl.tables.schema import TableName
    from spadesctl.tables.shards import PartitionBy


@dataclass(slots=True)
class ExportSummary:
    """What an export read: the games tabled, the failures, whether the output was written."""

    games: int = 0
    failures: list[Failure] = field(default_factory=list)
    written: bool = False
    #: Games whose comments the table written does not keep (only a lossless ``games``
    #: table does): said once, as :meth:`dropped_comments` words it.
    comments_dropped: int = 0

    def dropped_comments(self, table: str, express: bool) -> str | None:
        """The warning for the comments the export drops, if it drops any."""
        n = self.comments_dropped
        if not n:
            return None
        where = "--express leaves them out" if express else f"the {table} table has none"
        games = "game" if n == 1 else "games"
        return (
            f"the comments of {n} {games} are not kept: {where}; "
            "only the games table keeps them (docs/import.md)"
        )

    @property
    def unreadable(self) -> bool:
        return any(f.game is None for f in self.failures)

    @property
    def status(self) -> ExitStatus:
        """2 when the output was not written, 1 when a game was left out, else 0."""
        if not self.written:
            return ExitStatus.USAGE
        return ExitStatus.PROBLEMS if self.failures else ExitStatus.CLEAN


class _Unreadable(Exception):
    """An input file could not be read: the output file is not written."""


def export_table(
    records: Sequence[str],
    table: TableName,
    fmt: OutputFormat,
    output: str,
    *,
    rules: Ruleset | None = None,
    jobs: int = 0,
    progress: Callable[[int], None] = lambda size: None,
    express: bool = False,
    partition_by: PartitionBy | None = None,
    engine: Engine | None = None,
) -> ExportSummary:
    """Write ``table`` of the games in ``records`` to ``output`` in ``fmt`` (``jobs``:
    worker processes, 0 for auto); ``progress`` is told the bytes of each batch read.
    ``express``: the rows of the games the express check settles come straight from it
    (faster), with the lossless columns null (docs/import.md); by default every row is
    built by the full engine.
    With ``partition_by``, ``output`` is a new directory of Parquet shards
    (:mod:`spadesctl.tables.shards`).  ``engine``: where the batches are built (the
    local process pool by default, or a Ray cluster: :mod:`spadesctl.engines`).

    Raises :class:`~spadesctl.output.OutputError` when the output cannot be written.
    """
    from spadesctl.tables.corpus import CorpusOptions, choose_jobs, iter_batches
    from spadesctl.tables.schema import SCHEMAS
    from spadesctl.tables.writers import parquet_metadata, write_batches

    summary = ExportSummary()
    options = CorpusOptions(
        tables=(table,), default_rules=rules, express=express, lossless=not express
    )

    def frames(batches: Iterator[Batch]) -> Iterator[pl.DataFrame]:
        for batch in batches:
            summary.failures.extend(batch.failures)
            summary.games += batch.games
            summary.comments_dropped += batch.comments_dropped
            progress(batch.size)
            if summary.unreadable and not is_standard_output(output):
                raise _Unreadable  # the file is written from every input, or left alone
            yield batch.frames[table]

    batches = iter_batches(list(records), options, choose_jobs(jobs, list(records)), engine)
    try:
        if partition_by is not None:
            from spadesctl.tables.shards import write_shards

            write_shards(
                frames(batches), partition_by, output, parquet_metadata(table), table=table
            )
        else:
            write_batches(
                frames(batches), SCHEMAS[table], fmt.name, output, parquet_metadata(table)
            )
    except _Unreadable:
        return summary
    summary.written = True
    return summary


__all__ = ["ExportSummary", "export_table"]
