"""Diagnostics as text (compiler-style lines, coloured on a terminal), JSON or NDJSON."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import IO, Final

from spadesctl.diagnostics import KIND_BY_NAME, Diagnostic, Severity
from spadesctl.emit import DiagnosticSettings, StreamEmitter


def use_colour(stream: IO[str]) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    try:
        return stream.isatty() and "NO_COLOR" not in os.environ
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


#: The colour of a diagnostic's code and name: errors red, warnings yellow, notes cyan.
_TONES: Final = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.NOTE: "36"}


def format_text(d: Diagnostic, colour: bool) -> str:
    """``path:line:col: CODE name: message`` (a warning's or note's message marked so,
    see :attr:`~spadesctl.diagnostics.Diagnostic.text`)."""
    where = _paint(f"{d.file}:{d.line}:{d.column}:", "1", colour)
    code = _paint(f"{d.code} {d.name}:", f"1;{_TONES[d.severity]}", colour)
    return f"{where} {code} {d.text}"


class TextEmitter(StreamEmitter):
    """One ``path:line:col: CODE name: message`` line per diagnostic."""

    def __init__(self, out: IO[str], settings: DiagnosticSettings) -> None:
        super().__init__(out)
        self.colour = settings.colour

    def write(self, item: Diagnostic) -> None:
        self.out.write(format_text(item, self.colour) + "\n")


class NdjsonEmitter(StreamEmitter):
    """One JSON object a line."""

    def write(self, item: Diagnostic) -> None:
        self.out.write(json.dumps(item.to_dict(), ensure_ascii=False) + "\n")


class JsonEmitter(StreamEmitter):
    """One JSON array, written an object at a time."""

    def __init__(self, out: IO[str], settings: DiagnosticSettings) -> None:
        super().__init__(out)
        self._first = True

    def start(self) -> None:
        self.out.write("[")

    def write(self, item: Diagnostic) -> None:
        self.out.write(
            ("\n  " if self._first else ",\n  ") + json.dumps(item.to_dict(), ensure_ascii=False)
        )
        self._first = False

    def finish(self) -> None:
        self.out.write("]\n" if self._first else "\n]\n")
        self.out.flush()


def statistics_lines(counts: Mapping[str, int], fmt: str = "text") -> list[str]:
    """``--statistics``: one line per diagnostic name, most frequent first; with ``json``
    one array of ``{"code", "name", "count"}`` objects, with ``ndjson`` one object a
    line (other formats: as text)."""
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if fmt not in ("json", "ndjson"):
        return [f"{n:>7}  {KIND_BY_NAME[name].code} {name}" for name, n in ranked]
    objects = [{"code": KIND_BY_NAME[name].code, "name": name, "count": n} for name, n in ranked]
    if fmt == "ndjson":
        return [json.dumps(o) for o in objects]
    return [json.dumps(objects, indent=2)]


def _github_escape(text: str, in_property: bool = False) -> str:
    """GitHub's workflow-command escaping (``%``, line ends; and ``:`` ``,`` in properties)."""
    out = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if in_property:
        out = out.replace(":", "%3A").replace(",", "%2C")
    return out


class GithubEmitter(StreamEmitter):
    """GitHub Actions annotations: ``::error file=F,line=L,col=C,title=CODE name::message``
    (``::warning`` for warnings), shown on the lines of a pull request's records."""

    def write(self, item: Diagnostic) -> None:
        level = "error" if item.severity is Severity.ERROR else "warning"
        where = ",".join(
            (
                f"file={_github_escape(item.file, True)}",
                f"line={item.line}",
                f"col={item.column}",
                f"title={_github_escape(f'{item.code} {item.name}', True)}",
            )
        )
        self.out.write(f"::{level} {where}::{_github_escape(item.message)}\n")
