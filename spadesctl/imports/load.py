"""Reading one import table (CSV, NDJSON or Parquet) with polars into plain rows.

CSV is read with every cell as text (the reader checks each cell's type itself, so that
a bad cell is reported at its row and column); NDJSON and Parquet keep their types.
A table is opened (:func:`open_table`: its schema) and then read in batches of rows
(:meth:`TableFile.batches`, polars' lazy scans), never whole.  A Parquet file is read
whole by a :mod:`spadesctl.parquet_guard` child first, which turns a damaged file into
one error instead of a crash.  Whatever polars cannot read is a :class:`TableReadError`.
"""

from __future__ import annotations

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


#: Rows polars reads at a time (a batch): memory holds about one batch of each table.
BATCH_ROWS: Final = 16_384


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

    @property
    def first_line(self) -> int:
        """The file line of the first row (CSV: 2, after the header; else 1)."""
        return 2 if self.fmt == "csv" else 1

    def _scan(self) -> pl.LazyFrame:
        import polars as pl

        if self.fmt == "parquet":
            scan = pl.scan_parquet(self.path)
        elif self.fmt == "csv":
            scan = pl.scan_csv(self.path, infer_schema=False)
        else:
            scan = pl.scan_ndjson(self.path, infer_schema_length=None)
        return scan.select(list(self.select))

    def batches(self, columns: Sequence[str] | None = None) -> Iterator[list[tuple[object, ...]]]:
        """The rows in file order, a batch at a time, as tuples of the table's columns
        (or of ``columns``).  Every column is read (a bad cell anywhere fails here).
        Raises :class:`TableReadError`, also for a table that ends early (polars'
        batches end silently when its reader panics)."""
        import polars as pl

        scan = self._scan()
        try:
            with _held(self.fmt):
                expected = int(scan.select(pl.len()).collect().item())
            read = 0
            batches = iter(scan.collect_batches(chunk_size=BATCH_ROWS))
            while True:
                with _held(self.fmt):
                    batch = next(batches, None)
                if batch is None:
                    break
                read += batch.height
                yield (batch if columns is None else batch.select(columns)).rows()
        except TableReadError:
            raise
        except (pl.exceptions.PanicException, pl.exceptions.PolarsError) as exc:
            raise _unreadable(self.fmt, exc) from None
        except (OSError, ValueError) as exc:
            raise _unreadable(self.fmt, exc) from None
        if read != expected:
            raise TableReadError(
                f"not a readable {_fmt_word(self.fmt)} table (its reader stopped at row "
                f"{read + 1} of {expected})"
            )


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
    return TableFile(name, path, fmt, tuple(names), select)


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
