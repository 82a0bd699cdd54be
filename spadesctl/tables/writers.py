"""Writing tables as their batches come, in any format of :data:`~spadesctl.emit.TABLE_FORMATS`.

:func:`write_batches` writes a stream of DataFrames of one schema (``export``);
:func:`write_frame` one small frame (a statistics table).  The output is opened with
:func:`spadesctl.output.open_output`: a file is written under a temporary name next to
its destination and renamed into place at the end, so that a failed run never leaves
half a file under the name asked for, and a device or FIFO is written through.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

import polars as pl

from spadesctl import __version__
from spadesctl.emit import TABLE_FORMATS, TableSettings, TableWriter
from spadesctl.output import (
    OutputError,
    ReaderGone,
    cannot_write,
    destination_name,
    is_broken_pipe,
    is_standard_output,
    open_output,
)

#: Rows per Parquet row group: large enough for good compression and fast scans.
ROW_GROUP_ROWS: Final = 128 * 1024


def parquet_metadata(table: str) -> dict[str, str]:
    """Key-value metadata stored in an export: which table, written by which version."""
    return {"spadesctl.table": table, "spadesctl.version": __version__}


def write_batches(
    batches: Iterable[pl.DataFrame],
    schema: Mapping[str, pl.DataType],
    fmt: str,
    out: str,
    metadata: Mapping[str, str] | None = None,
    row_group_rows: int = ROW_GROUP_ROWS,
) -> int:
    """Write the batches (DataFrames of ``schema``) to ``out`` (``-``: standard output,
    for the formats that are not binary); return the number of rows written.  Parquet
    row groups hold ``row_group_rows`` rows (the last one fewer).

    Raises :class:`OutputError` when ``out`` cannot be written.
    """
    chosen = TABLE_FORMATS.get(fmt)
    if chosen.binary and is_standard_output(out):
        raise OutputError(
            f"{chosen.name} is a binary format and is not written to standard output: "
            "give a file with -o"
        )
    writer: TableWriter = chosen.load()
    settings = TableSettings(schema, metadata or {}, row_group_rows)
    with _guarded(out), open_output(out, binary=True) as stream:
        return writer(batches, stream, settings)


def write_frame(frame: pl.DataFrame, fmt: str, out: str) -> None:
    """Write one whole (small) frame in a table format (JSON: an array of objects)."""
    write_batches([frame], frame.schema, fmt, out)


@contextlib.contextmanager
def _guarded(out: str) -> Iterator[None]:
    """polars reports a failed write in its own words (an :class:`OSError` without the
    name, or a ``ComputeError``): say which output could not be written."""
    try:
        yield
    except OutputError:
        raise
    except OSError as exc:
        if is_broken_pipe(exc):
            raise ReaderGone(destination_name(out)) from None
        raise cannot_write(out, exc) from None
    except pl.exceptions.ComputeError as exc:
        raise cannot_write(out, OSError(0, str(exc).split("\n", 1)[0])) from None


__all__ = [
    "ROW_GROUP_ROWS",
    "OutputError",
    "parquet_metadata",
    "write_batches",
    "write_frame",
]
