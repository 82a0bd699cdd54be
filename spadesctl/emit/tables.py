"""Tables (a stream of DataFrame batches of one schema) as Parquet, CSV, NDJSON or JSON.

Each writer takes every batch at once and writes them as they come: CSV and NDJSON are
appended batch by batch, JSON is one array whose objects are joined across batches, and
Parquet goes through polars' streaming sink, which pulls the batches one at a time from
a generator and writes row groups as they fill, so memory holds about one row group
whatever the size of the corpus.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

import polars as pl
from polars.io.plugins import register_io_source

from spadesctl.emit import TableSettings


def write_csv(batches: Iterable[pl.DataFrame], out: IO[bytes], settings: TableSettings) -> int:
    """A header, then every row (the header alone for no rows)."""
    rows = 0
    for frame in batches:
        if frame.height:
            frame.write_csv(out, include_header=rows == 0)
        rows += frame.height
    if rows == 0:
        pl.DataFrame(schema=pl.Schema(settings.schema)).write_csv(out)
    return rows


def write_ndjson(batches: Iterable[pl.DataFrame], out: IO[bytes], settings: TableSettings) -> int:
    """One JSON object a line."""
    rows = 0
    for frame in batches:
        if frame.height:
            frame.write_ndjson(out)
        rows += frame.height
    return rows


def write_json(batches: Iterable[pl.DataFrame], out: IO[bytes], settings: TableSettings) -> int:
    """One JSON array of objects, a line of its own at the end."""
    rows = 0
    out.write(b"[")
    for frame in batches:
        if frame.height:
            objects = frame.write_json().encode()[1:-1]  # polars writes one array a frame
            out.write((b"," if rows else b"") + objects)
        rows += frame.height
    out.write(b"]\n")
    return rows


def write_parquet(batches: Iterable[pl.DataFrame], out: IO[bytes], settings: TableSettings) -> int:
    """Row groups of ``settings.row_group_rows`` rows (the last one fewer), with the
    settings' key-value metadata."""
    counted = 0
    iterator = iter(batches)

    def source(
        with_columns: list[str] | None,
        predicate: pl.Expr | None,
        n_rows: int | None,
        batch_size: int | None,
    ) -> Iterator[pl.DataFrame]:
        nonlocal counted
        left = n_rows
        for frame in iterator:
            if with_columns is not None:
                frame = frame.select(with_columns)
            if predicate is not None:
                frame = frame.filter(predicate)
            if left is not None:
                frame = frame.head(left)
                left -= frame.height
            counted += frame.height
            yield frame
            if left is not None and left <= 0:
                return

    lazy = register_io_source(source, schema=pl.Schema(settings.schema))
    lazy.sink_parquet(
        out,
        row_group_size=settings.row_group_rows,
        metadata=dict(settings.metadata) if settings.metadata else None,
    )
    return counted
