"""Reading one import table (CSV, NDJSON or Parquet) with polars into plain rows.

CSV is read with every cell as text (the reader checks each cell's type itself, so that
a bad cell is reported at its row and column); NDJSON and Parquet keep their types.
Parquet goes through :func:`spadesctl.tables.exports.read_parquet_frame`, which turns a
damaged file into one error instead of a crash.  Whatever polars cannot read is a
:class:`TableReadError` naming the file.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from spadesctl.errors import SpadesctlIOError
from spadesctl.imports.schema import ImportTable, required

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
    """One table's rows as Python values (``None`` for a null), with where each is."""

    name: str
    columns: tuple[str, ...]
    rows: Sequence[tuple[object, ...]]
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


def _ndjson_order(data: bytes, found: Sequence[str]) -> list[str]:
    """The columns in the order the first row names them (polars' inference may not keep
    it), then any others."""
    import json

    first = next((line for line in data.splitlines() if line.strip()), b"{}")
    try:
        keys = json.loads(first)
    except ValueError:
        keys = {}
    named = [k for k in keys if k in found] if isinstance(keys, dict) else []
    return named + [c for c in found if c not in named]


def read_table(data: bytes, name: str, fmt: TableFormat) -> Table:
    """The rows of a table file's bytes. Raises :class:`TableReadError`."""
    import polars as pl

    from spadesctl.tables.exports import ExportError, read_parquet_frame

    if fmt != "parquet" and not data.strip():
        return Table(name, (), (), 1)  # an empty file: no rows (an export of no game)
    try:
        if fmt == "parquet":
            frame = read_parquet_frame(data, name)
        elif fmt == "csv":
            frame = pl.read_csv(io.BytesIO(data), infer_schema=False)
        else:
            frame = pl.read_ndjson(io.BytesIO(data), infer_schema_length=None)
    except ExportError as exc:
        raise TableReadError(str(exc).removeprefix(f"{name}: ")) from None
    except (pl.exceptions.PolarsError, OSError, ValueError) as exc:
        text = str(exc).strip().splitlines()
        raise TableReadError(
            f"not a readable {fmt.upper() if fmt == 'csv' else fmt} table"
            + (f" ({text[0]})" if text else "")
        ) from None
    if fmt == "ndjson":
        frame = frame.select(_ndjson_order(data, frame.columns))
    columns = tuple(frame.columns)
    _enums_as_text = [
        pl.col(c).cast(pl.String)
        for c, t in frame.schema.items()
        if isinstance(t, pl.Enum | pl.Categorical)
    ]
    if _enums_as_text:
        frame = frame.with_columns(_enums_as_text)
    return Table(name, columns, frame.rows(), 2 if fmt == "csv" else 1)


__all__ = [
    "Table",
    "TableFormat",
    "TableReadError",
    "format_of_head",
    "format_of_name",
    "read_table",
]
