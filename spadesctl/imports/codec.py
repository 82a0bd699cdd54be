"""Import tables (CSV, NDJSON, Parquet) as a record format (:mod:`spadesctl.record_formats`).

polars is imported only when a table is read."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO, Final

from spadesctl.imports.load import format_of_head, format_of_name
from spadesctl.imports.schema import ImportTable
from spadesctl.record import Game
from spadesctl.record_formats import RecordCodec
from spadesctl.rules.ruleset import Ruleset


def sniff(head: bytes) -> bool:
    """Whether a source's first bytes are an import table's (Parquet, NDJSON, CSV)."""
    return format_of_head(head) is not None


def read(stream: BinaryIO, source: str, rules: Ruleset | None) -> Iterator[Game]:
    """The games of an import (the source and its companion tables).  A table that
    cannot be read at all raises :class:`~spadesctl.notation.reader.BinaryFileError`
    (an ``io-error``); a game without a ``rules`` column is refereed under ``--rules``
    or the configuration's (``rules``), as a record without a Rules tag, and ``rules``
    says when its widow is taken where no column says it."""
    from spadesctl.imports.build import games_from_tables
    from spadesctl.imports.load import Table, TableReadError, read_table
    from spadesctl.imports.schema import table_kind
    from spadesctl.imports.sets import companions
    from spadesctl.interop.codecs import looks_like_openspiel
    from spadesctl.notation.reader import BinaryFileError

    data = stream.read()
    fmt = format_of_name(source) or format_of_head(data[:64])
    if fmt is None:
        raise BinaryFileError("not a CSV, NDJSON or Parquet table")
    if fmt == "ndjson" and looks_like_openspiel(data[:64]):
        # OpenSpiel's JSON histories, one a line: that format's, whatever the suffix
        from spadesctl.interop.openspiel import games_from_openspiel_stream

        yield from games_from_openspiel_stream(io.BytesIO(data), source, rules)
        return
    tables: dict[ImportTable, tuple[Table, bool]] = {}
    try:
        table = read_table(data, source, fmt)
    except TableReadError as exc:
        raise BinaryFileError(str(exc)) from None
    if not table.columns:
        return  # an empty file: no game
    kind = _kind_of(table, source)
    tables[kind] = (table, True)
    if source != "-":
        for word, path in companions(source).items():
            if word == kind:
                continue
            try:
                other = read_table(path.read_bytes(), str(path), format_of_name(path.name) or fmt)
            except (TableReadError, OSError) as exc:
                raise BinaryFileError(f"its companion table {path}: {exc}") from None
            if not other.columns:
                continue
            other_kind = table_kind(frozenset(other.columns))
            if other_kind is not None and other_kind not in tables:
                tables[other_kind] = (other, False)
    yield from games_from_tables(source, tables, rules)


def _kind_of(table: object, source: str) -> ImportTable:
    from spadesctl.imports.load import Table
    from spadesctl.imports.schema import table_kind
    from spadesctl.notation.reader import BinaryFileError

    assert isinstance(table, Table)
    columns = frozenset(table.columns)
    if {"code", "message", "severity"} <= columns:
        raise BinaryFileError("a violations table holds what check found, not a record")
    kind = table_kind(columns)
    if kind is None:
        raise BinaryFileError(
            "this table has no 'game' column: it is not an import table (docs/import.md)"
        )
    return kind


CODEC: Final = RecordCodec(sniff=sniff, read=read)
