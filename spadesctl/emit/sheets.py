"""Score sheets as text tables, one JSON document, or CSV rows, written game by game."""

from __future__ import annotations

import csv
import json
from typing import IO, Final

from spadesctl.emit import SheetSettings, StreamEmitter
from spadesctl.emit.json_text import indented
from spadesctl.express.sheet import ScoredGame, SettledSheet, as_report
from spadesctl.express.sheet_csv import settled_rows
from spadesctl.express.sheet_json import settled_json
from spadesctl.sheet.render import render_csv, render_text, sheet_json


class TextEmitter(StreamEmitter):
    """A table per game (with ``--explain``, each hand itemised), a blank line between."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        super().__init__(out)
        self.explain = settings.explain
        self._first = True

    def write(self, item: ScoredGame) -> None:
        if not self._first:
            self.out.write("\n")
        self.out.write(render_text([as_report(item)], explain=self.explain))
        self.out.flush()  # a referee watching a long file sees each game as it is done
        self._first = False


#: What stands before each line of a game in the JSON document (a member of ``games``).
_GAME_PREFIX: Final = "    "


class JsonEmitter(StreamEmitter):
    """``{"games": [...], "disputed": bool}``, indented, holding one game at a time (a
    game the express check settled written straight from what it found)."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        super().__init__(out)
        self._first = True
        self.disputed = False

    def start(self) -> None:
        self.out.write('{\n  "games": [')

    def write(self, item: ScoredGame) -> None:
        self.disputed = self.disputed or item.disputed
        if isinstance(item, SettledSheet) and not item.apply_penalties:
            text = settled_json(item.ledger, item.source, item.index)
        else:
            text = indented(sheet_json(as_report(item)), _GAME_PREFIX)
        self.out.write(("\n" if self._first else ",\n") + text)
        self._first = False

    def finish(self) -> None:
        self.out.write("]" if self._first else "\n  ]")
        self.out.write(f',\n  "disputed": {json.dumps(self.disputed)}\n}}\n')
        self.out.flush()


class CsvEmitter(StreamEmitter):
    """One row per game, hand and party; the header once (also for no games). A game the
    express check settled is written straight from what it found."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        super().__init__(out)
        self.penalties = settings.penalties
        self.rows = csv.writer(out, lineterminator="\n")  # as render_csv writes them

    def start(self) -> None:
        self.out.write(render_csv([], penalties=self.penalties))

    def write(self, item: ScoredGame) -> None:
        if isinstance(item, SettledSheet) and not self.penalties:
            self.rows.writerows(settled_rows(item.ledger, item.source, item.index))
        else:
            self.out.write(
                render_csv([as_report(item)], penalties=self.penalties).split("\n", 1)[1]
            )
