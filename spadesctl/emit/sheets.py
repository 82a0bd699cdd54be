"""Score sheets as text tables, one JSON document, or CSV rows, written game by game."""

from __future__ import annotations

import json
from typing import IO

from spadesctl.emit import SheetSettings
from spadesctl.emit.json_text import indented
from spadesctl.sheet.render import SheetReport, render_csv, render_text, sheet_json


class TextEmitter:
    """A table per game (with ``--explain``, each hand itemised), a blank line between."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        self.out = out
        self.explain = settings.explain
        self._first = True

    def start(self) -> None:
        pass

    def write(self, item: SheetReport) -> None:
        if not self._first:
            self.out.write("\n")
        self.out.write(render_text([item], explain=self.explain))
        self.out.flush()  # a referee watching a long file sees each game as it is done
        self._first = False

    def finish(self) -> None:
        self.out.flush()


class JsonEmitter:
    """``{"games": [...], "disputed": bool}``, indented, holding one game at a time."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        self.out = out
        self._first = True
        self.disputed = False

    def start(self) -> None:
        self.out.write('{\n  "games": [')

    def write(self, item: SheetReport) -> None:
        self.disputed = self.disputed or item.disputed
        self.out.write(("\n" if self._first else ",\n") + indented(sheet_json(item), "    "))
        self._first = False

    def finish(self) -> None:
        self.out.write("]" if self._first else "\n  ]")
        self.out.write(f',\n  "disputed": {json.dumps(self.disputed)}\n}}\n')
        self.out.flush()


class CsvEmitter:
    """One row per game, hand and party; the header once (also for no games)."""

    def __init__(self, out: IO[str], settings: SheetSettings) -> None:
        self.out = out
        self.penalties = settings.penalties

    def start(self) -> None:
        self.out.write(render_csv([], penalties=self.penalties))

    def write(self, item: SheetReport) -> None:
        self.out.write(render_csv([item], penalties=self.penalties).split("\n", 1)[1])

    def finish(self) -> None:
        self.out.flush()
