"""Printing diagnostics: compiler-style lines (coloured on a terminal), JSON or NDJSON."""

from __future__ import annotations

import enum
import json
import os
import sys
from collections import Counter
from collections.abc import Iterable
from typing import Final, TextIO

from spadesctl.diagnostics import KIND_BY_NAME, Diagnostic, Severity


class DiagnosticFormat(enum.Enum):
    text = "text"
    json = "json"
    ndjson = "ndjson"


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return stream.isatty() and "NO_COLOR" not in os.environ


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


#: The colour of a diagnostic's code and name: errors red, warnings yellow, notes cyan.
_TONES: Final = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.NOTE: "36"}


def format_text(d: Diagnostic, colour: bool) -> str:
    where = _paint(f"{d.file}:{d.line}:{d.column}:", "1", colour)
    tone = _TONES[d.severity]
    code = _paint(f"{d.code} {d.name}:", f"1;{tone}", colour)
    return f"{where} {code} {d.text}"


class DiagnosticWriter:
    """Streams diagnostics to ``out`` in the chosen format (JSON as one array at the end)."""

    def __init__(self, fmt: DiagnosticFormat, out: TextIO | None = None) -> None:
        self.fmt = fmt
        self.out = out if out is not None else sys.stdout
        self.colour = fmt is DiagnosticFormat.text and use_colour(self.out)
        self._first = True

    def start(self) -> None:
        if self.fmt is DiagnosticFormat.json:
            self.out.write("[")

    def write(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            if self.fmt is DiagnosticFormat.text:
                self.out.write(format_text(d, self.colour) + "\n")
            elif self.fmt is DiagnosticFormat.ndjson:
                self.out.write(json.dumps(d.to_dict(), ensure_ascii=False) + "\n")
            else:
                self.out.write(
                    ("\n  " if self._first else ",\n  ")
                    + json.dumps(d.to_dict(), ensure_ascii=False)
                )
                self._first = False

    def finish(self) -> None:
        if self.fmt is DiagnosticFormat.json:
            self.out.write("\n]\n" if not self._first else "]\n")
        self.out.flush()


def statistics_lines(
    counts: Counter[str], fmt: DiagnosticFormat = DiagnosticFormat.text
) -> list[str]:
    """``--statistics``: one line per diagnostic name, most frequent first; with ``json``
    one array of ``{"code", "name", "count"}`` objects, with ``ndjson`` one object a line."""
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if fmt is DiagnosticFormat.text:
        return [f"{n:>7}  {KIND_BY_NAME[name].code} {name}" for name, n in ranked]
    objects = [{"code": KIND_BY_NAME[name].code, "name": name, "count": n} for name, n in ranked]
    if fmt is DiagnosticFormat.ndjson:
        return [json.dumps(o) for o in objects]
    return [json.dumps(objects, indent=2)]
