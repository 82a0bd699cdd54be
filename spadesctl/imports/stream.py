"""An import read game by game: its tables streamed in batches and joined per game, so
that memory holds a batch of each table and the games not yet complete, not the files.

Two passes over each table (polars' lazy scans, :meth:`TableFile.batches`):

1. the keys: every row's ``game`` (and ``file``) cells, in the order of the tables
   (``games``, ``hands``, ``tricks``, ``cards``), give the games in the order of their
   first row, the problems no game owns (reported first, as one game of issues), and
   each game's last row in each table; every column is read, so a file polars cannot
   read fails here, before any game;
2. the rows: each table read again in file order, each row indexed
   (:meth:`TableReader.index_row`) and held until its game is complete (every table
   read past the game's last row), then the game is built and its rows let go.

With tables in the order of their games (as ``export`` and the SQL of docs/import.md
write them) a game is complete soon after its last row: memory is bounded by a batch.
Rows of one game spread through a table are read all the same, held until the game's
last row.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from spadesctl.events import SyntaxIssue
from spadesctl.imports.build import GameKey, TableReader
from spadesctl.imports.load import Table, TableFile
from spadesctl.imports.schema import ImportTable
from spadesctl.record import Game
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset

_ORDER: Final[tuple[ImportTable, ...]] = ("games", "hands", "tricks", "cards")


class _Cursor:
    """One table's rows in file order, taken one at a time."""

    def __init__(self, file: TableFile) -> None:
        self._batches = file.batches()
        self._batch: list[tuple[object, ...]] = []
        self._at = 0
        #: The number of the next row (from 0).
        self.row = 0

    def take(self) -> tuple[object, ...]:
        while self._at >= len(self._batch):
            self._batch, self._at = next(self._batches), 0
        values = self._batch[self._at]
        self._at += 1
        self.row += 1
        return values


def _keys(file: TableFile) -> Iterator[tuple[int, object, object]]:
    """(row, game cell, file cell) of every row of a table."""
    has_file = "file" in file.columns
    columns = ["game", "file"] if has_file else ["game"]
    row = 0
    for batch in file.batches(columns):
        for values in batch:
            yield row, values[0], values[1] if has_file else None
            row += 1


def games_of_tables(
    source: str,
    files: Mapping[ImportTable, tuple[TableFile, bool]],
    default_rules: Ruleset | None = None,
) -> Iterator[Game]:
    """The games of the import tables ``files`` (each kind's table and whether it is the
    source file itself, which positions its cells), in the order of their first row.
    Problems no game owns (a missing column, a row without a game) come first, as one
    game of issues.  ``default_rules``: the ruleset of games without a Rules tag
    (``--rules``; standard), which only says when a widow is taken and discarded where
    no column says it.  Raises :class:`~spadesctl.imports.load.TableReadError`."""
    windows: dict[ImportTable, dict[int, tuple[object, ...]]] = {k: {} for k in files}
    reader = TableReader(
        source,
        {
            kind: (Table(f.name, f.columns, windows[kind], f.first_line), is_source)
            for kind, (f, is_source) in files.items()
        },
        default_rules or STANDARD,
    )
    last: dict[GameKey, dict[ImportTable, int]] = {}
    for kind in _ORDER:
        if kind not in files or reader.missing_columns(kind):
            continue
        rows = reader.rows[kind]
        for row, game, file in _keys(files[kind][0]):
            key = reader.key_of(rows, row, game, file)
            if key is not None:
                reader.parts(key, rows, row)
                last.setdefault(key, {})[kind] = row
    unjoined = reader.unjoined()
    if reader.global_issues:  # in the order of where they stand, as a record's issues
        issues = sorted(reader.global_issues, key=lambda i: (i.pos.line, i.pos.column))
        yield Game(issues=tuple(issues), source=source, index=1)
    if unjoined:
        return
    cursors = {kind: _Cursor(files[kind][0]) for kind in reader.rows}
    #: The rows held for each game not yet built, and the problems its rows showed, by
    #: table (a game's problems come in the order of its tables, as they are listed).
    held: dict[GameKey, list[tuple[ImportTable, int]]] = {}
    found: dict[GameKey, dict[ImportTable, list[SyntaxIssue]]] = {}
    for index, key in enumerate(list(reader.games), start=1):
        for kind, final in last[key].items():
            rows, cursor, window = reader.rows[kind], cursors[kind], windows[kind]
            file_at = rows.index.get("file")
            while cursor.row <= final:
                row = cursor.row
                values = window[row] = cursor.take()
                file = None if file_at is None else values[file_at]
                owner = reader.key_of(rows, row, values[rows.index["game"]], file, report=False)
                if owner is None:  # reported by the first pass
                    del window[row]
                    continue
                parts = reader.games[owner]
                reader.index_row(rows, row, owner, parts)
                held.setdefault(owner, []).append((kind, row))
                if parts.issues:
                    found.setdefault(owner, {}).setdefault(kind, []).extend(parts.issues)
                    parts.issues.clear()
        parts = reader.games.pop(key)
        problems = found.pop(key, {})
        parts.issues = [issue for kind in _ORDER for issue in problems.get(kind, ())]
        yield reader.game(key, parts, index)
        for kind, row in held.pop(key, ()):
            del windows[kind][row]


__all__ = ["games_of_tables"]
