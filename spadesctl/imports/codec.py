"""Import tables (CSV, NDJSON, Parquet) as a record format (:mod:`spadesctl.record_formats`).

polars is imported only when a table is read."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import BinaryIO, Final

from spadesctl.imports.load import TableFormat, format_of_head, format_of_name
from spadesctl.imports.schema import ImportTable
from spadesctl.record import Game
from spadesctl.record_formats import RecordCodec
from spadesctl.rules.ruleset import Ruleset


def sniff(head: bytes) -> bool:
    """Whether a source's first bytes are an import table's (Parquet, NDJSON, CSV)."""
    return format_of_head(head) is not None


def read(stream: BinaryIO, source: str, rules: Ruleset | None) -> Iterator[Game]:
    """The games of an import (the source and its companion tables), game by game
    (:mod:`spadesctl.imports.stream`).  A table that cannot be read at all raises
    :class:`~spadesctl.notation.reader.BinaryFileError` (an ``io-error``); a game without
    a ``rules`` column is refereed under ``--rules`` or the configuration's (``rules``),
    as a record without a Rules tag, and ``rules`` says when its widow is taken where no
    column says it."""
    from spadesctl.interop.codecs import looks_like_openspiel
    from spadesctl.notation.reader import BinaryFileError
    from spadesctl.record_formats import head_of

    head = head_of(stream, 64)
    if head is None:  # a stream that cannot be peeked: read through a file of its own
        with _local_copy(stream, source) as path, open(path, "rb") as copy:
            yield from read(copy, source, rules)
        return
    fmt = format_of_name(source) or format_of_head(head)
    if fmt is None:
        raise BinaryFileError("not a CSV, NDJSON or Parquet table")
    if fmt == "ndjson" and looks_like_openspiel(head):
        # OpenSpiel's JSON histories, one a line: that format's, whatever the suffix
        from spadesctl.interop.openspiel import games_from_openspiel_stream

        yield from games_from_openspiel_stream(stream, source, rules)
        return
    with _local_copy(stream, source) as path:
        yield from _games(path, source, fmt, rules)


def _games(path: str, source: str, fmt: TableFormat, rules: Ruleset | None) -> Iterator[Game]:
    from spadesctl.imports.load import TableFile, TableReadError, open_table
    from spadesctl.imports.schema import table_kind
    from spadesctl.imports.sets import companions
    from spadesctl.imports.stream import games_of_tables
    from spadesctl.notation.reader import BinaryFileError
    from spadesctl.parquet_guard import ParquetGuard

    with ParquetGuard() if _any_parquet(source, fmt) else nullcontext() as guard:
        try:
            table = open_table(path, source, fmt, guard)
        except TableReadError as exc:
            raise BinaryFileError(str(exc)) from None
        if not table.columns:
            return  # an empty file: no game
        kind = _kind_of(table.columns)
        tables: dict[ImportTable, tuple[TableFile, bool]] = {kind: (table, True)}
        if source != "-":
            for word, other_path in companions(source).items():
                if word == kind:
                    continue
                try:
                    other = open_table(
                        str(other_path),
                        str(other_path),
                        format_of_name(other_path.name) or fmt,
                        guard,
                    )
                except (TableReadError, OSError) as exc:
                    raise BinaryFileError(f"its companion table {other_path}: {exc}") from None
                if not other.columns:
                    continue
                other_kind = table_kind(frozenset(other.columns))
                if other_kind is not None and other_kind not in tables:
                    tables[other_kind] = (other, False)
        try:
            yield from games_of_tables(source, tables, rules)
        except TableReadError as exc:
            raise BinaryFileError(str(exc)) from None


def _any_parquet(source: str, fmt: TableFormat) -> bool:
    """Whether the import holds a Parquet table (then one guard child reads them all)."""
    from spadesctl.imports.sets import companions

    if fmt == "parquet":
        return True
    others = companions(source).values() if source != "-" else ()
    return any(format_of_name(p.name) == "parquet" for p in others)


@contextmanager
def _local_copy(stream: BinaryIO, source: str) -> Iterator[str]:
    """A path polars can scan with the stream's bytes: the source file itself when the
    stream reads it from its start, else a temporary copy (standard input, a UTF-16
    file read as UTF-8), written a block at a time."""
    if _is_the_file(stream, source):
        yield source
        return
    with tempfile.NamedTemporaryFile(prefix="spadesctl-import-", suffix=".table") as copy:
        shutil.copyfileobj(stream, copy, 1024 * 1024)
        copy.flush()
        yield copy.name


def _is_the_file(stream: BinaryIO, source: str) -> bool:
    if source == "-" or not isinstance(stream, io.BufferedReader):
        return False
    try:
        return stream.tell() == 0 and os.path.samefile(stream.fileno(), source)
    except (OSError, ValueError):
        return False


def _kind_of(names: tuple[str, ...]) -> ImportTable:
    from spadesctl.imports.schema import table_kind
    from spadesctl.notation.reader import BinaryFileError

    columns = frozenset(names)
    if {"code", "message", "severity"} <= columns:
        raise BinaryFileError("a violations table holds what check found, not a record")
    kind = table_kind(columns)
    if kind is None:
        raise BinaryFileError(
            "this table has no 'game' column: it is not an import table (docs/import.md)"
        )
    return kind


CODEC: Final = RecordCodec(sniff=sniff, read=read)
