"""Reading a Parquet export back for ``stats``: any file, however corrupt, is an error
message, never a crash.

polars reports most unreadable files as a :class:`polars.exceptions.PolarsError`, but a
damaged page can make its Rust reader panic, and the panic surfaces as
``pyo3_runtime.PanicException``, which derives from :class:`BaseException`, not from
:class:`Exception` (a handler for polars' errors lets it through); and some damage makes
it abort the process, which nothing can catch.  So each file is first read whole by a
:class:`~spadesctl.parquet_guard.ParquetGuard`'s child process, and read here only if
that child read it cleanly.  Everything that can go wrong with a file (not Parquet, cut
short, a damaged page or footer, another table's columns, a column of another type than
the export's, a value too large for its column) is turned into one :class:`ExportError`
naming the file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import polars as pl

from spadesctl.errors import SpadesctlError
from spadesctl.parquet_guard import ParquetGuard, exception_problem
from spadesctl.tables.schema import HANDS

if TYPE_CHECKING:
    from spadesctl.tables.stats import Accumulator, GroupBy


class ExportError(SpadesctlError, ValueError):
    """A Parquet file that ``stats`` cannot read as an export of the hands table.

    The message starts with the file's name.
    """


@contextmanager
def _native_stderr_held() -> Iterator[None]:
    """Hold what native code writes to file descriptor 2 while the body runs: given back
    when the body returns, dropped when it raises (a Rust panic prints its message and a
    backtrace there, and the user gets one line from :class:`ExportError` instead)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):  # no real standard error: nothing to hold
        yield
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException:
            os.dup2(saved, 2)
            raise
        else:
            os.dup2(saved, 2)
            held.seek(0)
            text = held.read()
            if text:
                os.write(2, text)
        finally:
            os.close(saved)


def _check_types(path: str, found: pl.Schema) -> None:
    """Refuse a column of another type than the export's (a foreign file: casting would
    truncate floats, or fail only for the columns a query happens to read)."""
    for name, declared in HANDS.items():
        dtype = found.get(name)
        if dtype is not None and dtype != declared:
            raise ExportError(
                f"{path}: column {name!r} is {dtype}; an export of the hands table has {declared}"
            )


def add_export(accumulator: Accumulator, path: str, guard: ParquetGuard | None = None) -> None:
    """Count the rows of the hands export at ``path`` into ``accumulator``.

    The file is read (streaming) inside this call, so that every error surfaces here.
    Raises :class:`ExportError`; ``accumulator`` is unchanged then.
    """
    read_export(path, accumulator.add, guard)


def read_export(
    path: str,
    use: Callable[[pl.LazyFrame], None],
    guard: ParquetGuard | None = None,
    columns: Sequence[str] | None = None,
) -> None:
    """Give a scan of the hands export at ``path`` to ``use``, which reads it inside
    this call, so that every error surfaces here as an :class:`ExportError`.  The file
    is read by ``guard``'s child first (a guard of its own when ``None``): whole, or
    only ``columns`` when ``use`` reads no other."""
    from spadesctl.tables.stats import scan_hands

    if guard is None:
        with ParquetGuard() as own:
            read_export(path, use, own, columns)
        return
    verdict = guard.check(path, columns)
    if verdict.problem is not None:
        raise ExportError(f"{path}: {verdict.problem}")
    try:
        with _native_stderr_held():
            _check_types(path, pl.scan_parquet(path).collect_schema())
            use(scan_hands(path))
    except ExportError:
        raise
    except (pl.exceptions.PanicException, pl.exceptions.PolarsError, OSError, ValueError) as exc:
        raise ExportError(f"{path}: {exception_problem(exc)}") from None


def read_exports(
    paths: Sequence[str],
    use: Callable[[pl.LazyFrame], None],
    columns: Sequence[str] | None = None,
) -> None:
    """:func:`read_export` for each of ``paths`` in turn, with one guard (one child
    process) for them all."""
    if not paths:
        return
    with ParquetGuard() as guard:
        for path in paths:
            read_export(path, use, guard, columns)


def read_parquet_frame(
    source: str | bytes, name: str, guard: ParquetGuard | None = None
) -> pl.DataFrame:
    """The whole of a Parquet file (a path, or its bytes) of any table, read eagerly
    once ``guard``'s child (a guard of its own when ``None``) has read it whole;
    anything wrong with it is one :class:`ExportError` starting with ``name``."""
    if isinstance(source, bytes):  # the guard's child reads files: the bytes as one
        with tempfile.NamedTemporaryFile(prefix="spadesctl-", suffix=".parquet") as held:
            held.write(source)
            held.flush()
            return read_parquet_frame(held.name, name, guard)
    if guard is None:
        with ParquetGuard() as own:
            return read_parquet_frame(source, name, own)
    verdict = guard.check(source)
    if verdict.problem is not None:
        raise ExportError(f"{name}: {verdict.problem}")
    try:
        with _native_stderr_held():
            return pl.read_parquet(source)
    except (pl.exceptions.PanicException, pl.exceptions.PolarsError, OSError, ValueError) as exc:
        raise ExportError(f"{name}: {exception_problem(exc)}") from None


def export_statistics(
    path: str, by: GroupBy = "player", guard: ParquetGuard | None = None
) -> pl.DataFrame:
    """The statistics of one hands export (what ``stats FILE.parquet`` prints), ordered.

    Raises :class:`ExportError`.
    """
    from spadesctl.tables.stats import Accumulator, format_table, order

    accumulator = Accumulator(by)
    add_export(accumulator, path, guard)
    table = order(accumulator.result(), by)
    format_table(table, 100)
    return table


__all__ = [
    "ExportError",
    "add_export",
    "export_statistics",
    "read_export",
    "read_exports",
    "read_parquet_frame",
]
