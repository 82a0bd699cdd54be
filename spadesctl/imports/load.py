"""Reading one import table (CSV, NDJSON or Parquet) with polars into plain rows.

CSV is read with every cell as text (the reader checks each cell's type itself, so that
a bad cell is reported at its row and column); NDJSON and Parquet keep their types.
A table is opened (:func:`open_table`: its schema) and then read in batches of rows
(:meth:`TableFile.batches`, polars' lazy scans), never whole.  A Parquet file is read
whole by a :mod:`spadesctl.parquet_guard` child first, which turns a damaged file into
one error instead of a crash.  Whatever polars cannot read is a :class:`TableReadError`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, Final, Literal

from spadesctl.errors import SpadesctlIOError
from spadesctl.imports.schema import ImportTable, required

if TYPE_CHECKING:
    import polars as pl

    from spadesctl.parquet_guard import ParquetGuard

TableFormat = Literal["csv", "ndjson", "parquet"]

_SUFFIXES: Final[dict[str, TableFormat]] = {
    ".csv": "csv",
    ".ndjson": "ndjson",
    ".jsonl": "ndjson",
    ".parquet": "parquet",
}
_PARQUET_MAGIC: Final = b"PAR1"
#: The tables a CSV header is recognised by (a games table alone is told by its suffix).
_PLAYED: Final[tuple[ImportTable, ...]] = ("hands", "tricks", "cards")
#: A CSV header: names separated by commas (optionally quoted), one of them ``game``.
_CSV_HEADER: Final = re.compile(rb'^\s*(?:"?[A-Za-z_][A-Za-z0-9_]*"?\s*,\s*)*"?[A-Za-z_]\w*"?\s*$')
_NDJSON_ROW: Final = re.compile(rb'^\s*\{\s*"(?:file|game|hand|seat|trick)"\s*:')


class TableReadError(SpadesctlIOError, ValueError):
    """A table that cannot be read at all (not CSV, NDJSON or Parquet, or damaged)."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table's rows as Python values (``None`` for a null), with where each is.

    ``rows`` maps a row's number (from 0) to its values: the rows read and not yet
    released (a window of the file, :mod:`spadesctl.imports.stream`)."""

    name: str
    columns: tuple[str, ...]
    rows: Mapping[int, tuple[object, ...]]
    #: The file line of the first row (CSV: 2, after the header; NDJSON and Parquet: 1).
    first_line: int

    def line_of(self, row: int) -> int:
        """The line (CSV, NDJSON) or row number (Parquet, from 1) of row ``row`` (from 0)."""
        return self.first_line + row

    def column_number(self, name: str) -> int:
        """The 1-based column of ``name``."""
        return self.columns.index(name) + 1


def format_of_name(name: str) -> TableFormat | None:
    """The table format a file name's suffix says, if any."""
    dot = name.rfind(".")
    return _SUFFIXES.get(name[dot:].lower()) if dot >= 0 else None


def format_of_head(head: bytes) -> TableFormat | None:
    """The table format a file's first bytes show: Parquet's magic, an NDJSON row naming
    an import column first, or a CSV header holding the required columns of a hands,
    tricks or cards table (of a header longer than the head: ``game`` and ``hand``)."""
    data = head.removeprefix(b"\xef\xbb\xbf")
    if data.startswith(_PARQUET_MAGIC):
        return "parquet"
    if _NDJSON_ROW.match(data):
        return "ndjson"
    first = data.split(b"\n", 1)
    header = first[0].rstrip(b"\r")
    if b"," not in header or not _CSV_HEADER.match(header):
        return None
    names = [n.strip().strip(b'"').decode() for n in header.split(b",")]
    if len(first) < 2:  # a header longer than the head: its names so far
        known = set(names[:-1])
        return "csv" if "game" in known and known & {"hand", "trick"} else None
    present = set(names)
    return "csv" if any(set(required(k)) <= present for k in _PLAYED) else None


def _ndjson_order(stream: BinaryIO, found: Sequence[str]) -> list[str]:
    """The columns in the order the first row names them (polars' inference may not keep
    it), then any others."""
    import json

    first = next((line for line in stream if line.strip()), b"{}")
    try:
        keys = json.loads(first)
    except ValueError:
        keys = {}
    named = [k for k in keys if k in found] if isinstance(keys, dict) else []
    return named + [c for c in found if c not in named]


#: Rows read at a time (a batch): memory holds about one batch of each table.
BATCH_ROWS: Final = 2048


@dataclass(frozen=True, slots=True)
class TableFile:
    """One table file, opened for reading in batches of rows (nothing held but its
    schema): ``name`` is what messages call it, ``path`` what polars reads."""

    name: str
    path: str
    fmt: TableFormat
    columns: tuple[str, ...]
    #: The columns polars reads, in order, with Enum/Categorical columns cast to text.
    select: tuple[Any, ...]
    #: NDJSON: the types polars infers from the whole file, which every batch is read as.
    schema: Mapping[str, Any] | None = None

    @property
    def first_line(self) -> int:
        """The file line of the first row (CSV: 2, after the header; else 1)."""
        return 2 if self.fmt == "csv" else 1

    def batches(self, columns: Sequence[str] | None = None) -> Iterator[list[tuple[object, ...]]]:
        """The rows in file order, :data:`BATCH_ROWS` at a time, as tuples of the
        table's columns (or of ``columns``).  Every column is read (a bad cell anywhere
        fails here).  Raises :class:`TableReadError`.

        Each batch is read eagerly by polars and nothing is read ahead: CSV and NDJSON
        cut into runs of whole rows (a CSV row ends at a line end outside quotes),
        Parquet sliced by rows.  (``LazyFrame.collect_batches`` reads ahead of its
        consumer, holding most of a file, and in polars 2.1 it ends silently when its
        reader panics.)"""
        import polars as pl

        try:
            for frame in self._frames():
                frame = frame.select(list(self.select))
                yield (frame if columns is None else frame.select(columns)).rows()
        except TableReadError:
            raise
        except (pl.exceptions.PanicException, pl.exceptions.PolarsError) as exc:
            raise _unreadable(self.fmt, exc) from None
        except (OSError, ValueError) as exc:
            raise _unreadable(self.fmt, exc) from None

    def _frames(self) -> Iterator[pl.DataFrame]:
        import polars as pl

        if self.fmt == "csv":
            for chunk in _csv_chunks(self.path, BATCH_ROWS):
                yield pl.read_csv(io.BytesIO(chunk), infer_schema=False)
        elif self.fmt == "ndjson":
            for chunk in _line_chunks(self.path, BATCH_ROWS):
                yield pl.read_ndjson(io.BytesIO(chunk), schema=self.schema)
        else:
            scan = pl.scan_parquet(self.path)
            with _held(self.fmt):
                expected = int(scan.select(pl.len()).collect().item())
            read = 0
            while read < expected:
                with _held(self.fmt):
                    frame = scan.slice(read, BATCH_ROWS).collect()
                if frame.height == 0:  # never for a file the guard read whole
                    raise TableReadError(
                        f"a damaged Parquet file (its rows stop at row {read + 1} of {expected})"
                    )
                read += frame.height
                yield frame


def _csv_chunks(path: str, rows: int) -> Iterator[bytes]:
    """The CSV file at ``path`` as runs of about ``rows`` whole rows, each after the
    header line (a row ends at a line end outside quotes: an even count of ``"``)."""
    with open(path, "rb") as stream:
        header = b""
        for line in stream:
            if not header and line.removeprefix(b"\xef\xbb\xbf") in (b"\n", b"\r\n"):
                continue  # polars skips the empty lines before the header: so do the batches
            header += line
            if not header.count(b'"') % 2:
                break
        chunk: list[bytes] = []
        count = odd = 0
        for line in stream:
            chunk.append(line)
            odd ^= line.count(b'"') & 1
            if not odd:
                count += 1
                if count >= rows:
                    yield header + b"".join(chunk)
                    chunk, count = [], 0
        if chunk:
            yield header + b"".join(chunk)


def _line_chunks(path: str, rows: int) -> Iterator[bytes]:
    """The file at ``path`` as runs of ``rows`` lines (NDJSON: an object a line)."""
    with open(path, "rb") as stream:
        chunk: list[bytes] = []
        for line in stream:
            chunk.append(line)
            if len(chunk) >= rows:
                yield b"".join(chunk)
                chunk = []
        if chunk:
            yield b"".join(chunk)


def _fmt_word(fmt: TableFormat) -> str:
    return "CSV" if fmt == "csv" else fmt


def _unreadable(fmt: TableFormat, exc: BaseException) -> TableReadError:
    if fmt == "parquet":
        from spadesctl.parquet_guard import exception_problem

        return TableReadError(exception_problem(exc))
    text = str(exc).strip().splitlines()
    return TableReadError(
        f"not a readable {_fmt_word(fmt)} table" + (f" ({text[0]})" if text else "")
    )


def _held(fmt: TableFormat) -> AbstractContextManager[None]:
    """Native standard error held while polars reads Parquet (a panic prints there)."""
    if fmt != "parquet":
        return nullcontext()
    from spadesctl.tables.exports import _native_stderr_held

    return _native_stderr_held()


def _blank(path: str) -> bool:
    """Whether a file holds only blank space (an export of no game)."""
    with open(path, "rb") as stream:
        while chunk := stream.read(64 * 1024):
            if chunk.strip():
                return False
    return True


def open_table(
    path: str, name: str, fmt: TableFormat, guard: ParquetGuard | None = None
) -> TableFile:
    """The table file at ``path`` (called ``name``), its schema read: a Parquet file
    first read whole by ``guard``'s child (:mod:`spadesctl.parquet_guard`).  A file of
    blank space is a table of no column.  Raises :class:`TableReadError`."""
    import polars as pl

    if fmt != "parquet" and _blank(path):
        return TableFile(name, path, fmt, (), ())
    if fmt == "parquet":
        from spadesctl.parquet_guard import ParquetGuard

        if guard is None:
            with ParquetGuard() as own:
                return open_table(path, name, fmt, own)
        verdict = guard.check(path)
        if verdict.problem is not None:
            raise TableReadError(verdict.problem)
    try:
        with _held(fmt):
            if fmt == "parquet":
                schema = pl.scan_parquet(path).collect_schema()
            elif fmt == "csv":
                schema = pl.scan_csv(path, infer_schema=False).collect_schema()
            else:
                schema = pl.scan_ndjson(path, infer_schema_length=None).collect_schema()
    except (pl.exceptions.PanicException, pl.exceptions.PolarsError, OSError, ValueError) as exc:
        raise _unreadable(fmt, exc) from None
    names = list(schema.names())
    if fmt == "ndjson":
        with open(path, "rb") as stream:
            names = _ndjson_order(stream, names)
    select = tuple(
        pl.col(c).cast(pl.String) if isinstance(schema[c], pl.Enum | pl.Categorical) else pl.col(c)
        for c in names
    )
    kept = dict(schema) if fmt == "ndjson" else None
    return TableFile(name, path, fmt, tuple(names), select, kept)


__all__ = [
    "BATCH_ROWS",
    "Table",
    "TableFile",
    "TableFormat",
    "TableReadError",
    "format_of_head",
    "format_of_name",
    "open_table",
]
