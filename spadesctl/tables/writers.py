"""Writing tables as their batches come: CSV, NDJSON and Parquet, never the whole corpus at once.

:func:`write_batches` writes a stream of DataFrames of one schema.  CSV and NDJSON are
appended batch by batch; Parquet goes through polars' streaming sink, which pulls the
batches one at a time from a generator and writes row groups as they fill, so memory
holds about one row group whatever the size of the corpus.  A file is written under a
temporary name next to its destination and renamed into place at the end, so that a
failed run never leaves half a file under the name asked for.

:func:`write_frame` writes one small frame (a statistics table) in the same formats,
and JSON as one array of objects.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import BinaryIO, Final, Literal

import polars as pl
from polars.io.plugins import register_io_source

from spadesctl import __version__
from spadesctl.errors import SpadesctlIOError

#: Formats of a table export.
ExportFormat = Literal["parquet", "csv", "ndjson"]
EXPORT_FORMATS: Final[tuple[ExportFormat, ...]] = ("parquet", "csv", "ndjson")
#: Formats of a statistics table written to a file.
FrameFormat = Literal["csv", "json", "ndjson", "parquet"]

#: Rows per Parquet row group: large enough for good compression and fast scans.
ROW_GROUP_ROWS: Final = 128 * 1024


class OutputError(SpadesctlIOError):
    """An output that cannot be written (a missing directory, no permission, a full disk)."""


def parquet_metadata(table: str) -> dict[str, str]:
    """Key-value metadata stored in an export: which table, written by which version."""
    return {"spadesctl.table": table, "spadesctl.version": __version__}


@contextlib.contextmanager
def _atomic(path: str) -> Iterator[str]:
    """A temporary path next to ``path``, renamed to ``path`` if the block succeeds."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=directory)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    os.close(fd)
    try:
        umask = os.umask(0)  # mkstemp makes the file private; give it the usual mode
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        yield temporary
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise OutputError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _binary_output(path: str) -> Iterator[BinaryIO]:
    """``-`` is standard output; anything else is written atomically."""
    if path == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    with _atomic(path) as temporary, open(temporary, "wb") as stream:
        yield stream


def write_batches(
    batches: Iterable[pl.DataFrame],
    schema: Mapping[str, pl.DataType],
    fmt: ExportFormat,
    out: str,
    metadata: Mapping[str, str] | None = None,
    row_group_rows: int = ROW_GROUP_ROWS,
) -> int:
    """Write the batches (DataFrames of ``schema``) to ``out`` (``-``: standard output,
    for CSV and NDJSON); return the number of rows written.  Parquet row groups hold
    ``row_group_rows`` rows (the last one fewer).

    Raises :class:`OutputError` when ``out`` cannot be written.
    """
    if fmt == "parquet":
        if out == "-":
            raise OutputError("Parquet is a binary format: give an output file with -o")
        return _write_parquet(batches, schema, out, metadata, row_group_rows)
    rows = 0
    with _binary_output(out) as stream:
        for frame in batches:
            if frame.height:
                if fmt == "csv":
                    frame.write_csv(stream, include_header=rows == 0)
                else:
                    frame.write_ndjson(stream)
            rows += frame.height
        if rows == 0 and fmt == "csv":
            pl.DataFrame(schema=pl.Schema(schema)).write_csv(stream)
    return rows


def _write_parquet(
    batches: Iterable[pl.DataFrame],
    schema: Mapping[str, pl.DataType],
    out: str,
    metadata: Mapping[str, str] | None,
    row_group_rows: int,
) -> int:
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

    lazy = register_io_source(source, schema=pl.Schema(schema))
    with _atomic(out) as temporary:
        lazy.sink_parquet(
            temporary,
            row_group_size=row_group_rows,
            metadata=dict(metadata) if metadata else None,
        )
    return counted


def write_frame(frame: pl.DataFrame, fmt: FrameFormat, out: str) -> None:
    """Write one whole (small) frame: CSV, JSON (an array of objects), NDJSON or Parquet."""
    if fmt == "parquet":
        if out == "-":
            raise OutputError("Parquet is a binary format: give an output file with -o")
        with _atomic(out) as temporary:
            frame.write_parquet(temporary)
        return
    with _binary_output(out) as stream:
        if fmt == "csv":
            frame.write_csv(stream)
        elif fmt == "ndjson":
            frame.write_ndjson(stream)
        else:
            stream.write(frame.write_json().encode() + b"\n")
