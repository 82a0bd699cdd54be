"""The library behind ``spadesctl fmt``: a record file in, its canonical form out (or why
it cannot be formatted), and the unified diff between the two.

Only records of the native notation are formatted; a file of another record format is
refused (``convert --to spades`` writes it natively), and so is a file with syntax
errors: its errors come back instead, so that nothing a person wrote is lost by
formatting text that was not understood.
"""

from __future__ import annotations

import difflib
import enum
import io
import sys
from dataclasses import dataclass
from pathlib import Path

from spadesctl.diagnostics import Diagnostic
from spadesctl.notation import RecordReadError, format_games, games_from_stream
from spadesctl.notation.reader import BinaryFileError
from spadesctl.record_formats import NATIVE, RecordFormat, detect


class Outcome(enum.Enum):
    CANONICAL = "canonical"  # already in canonical form
    CHANGED = "changed"  # formatting changes it
    HAS_ERRORS = "has errors"  # not formatted: ``problems`` says why
    UNREADABLE = "unreadable"  # not formatted: ``message`` says why
    NOT_NATIVE = "not native"  # a record of ``record_format``, not formatted


@dataclass(frozen=True, slots=True)
class Formatted:
    """What formatting one source gives."""

    name: str
    outcome: Outcome
    original: str = ""
    text: str = ""
    problems: tuple[Diagnostic, ...] = ()
    message: str = ""
    record_format: RecordFormat = NATIVE

    @property
    def changed(self) -> bool:
        return self.outcome is Outcome.CHANGED

    def diff(self) -> str:
        """The unified diff from the source to its canonical form ("" when unchanged)."""
        if self.outcome is not Outcome.CHANGED:
            return ""
        lines = difflib.unified_diff(
            self.original.splitlines(keepends=True),
            self.text.splitlines(keepends=True),
            fromfile=self.name,
            tofile=f"{self.name} (formatted)",
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except FileNotFoundError:
        raise RecordReadError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise RecordReadError(f"{name}: is a directory, not a record file") from None
    except OSError as exc:
        raise RecordReadError(f"{name}: cannot be read ({exc.strerror or exc})") from None


def format_source(name: str) -> Formatted:
    """Format one record file (``-``: standard input)."""
    try:
        data = _read(name)
    except RecordReadError as exc:
        return Formatted(name, Outcome.UNREADABLE, message=str(exc))
    record_format = detect(io.BytesIO(data), name)
    if record_format is not NATIVE:
        return Formatted(name, Outcome.NOT_NATIVE, record_format=record_format)
    try:
        games = list(games_from_stream(io.BytesIO(data), name))
    except BinaryFileError as exc:
        return Formatted(name, Outcome.UNREADABLE, message=f"{name}: {exc}")
    original = data.decode("utf-8", "replace")
    problems = tuple(Diagnostic.from_issue(i, g.source, g.index) for g in games for i in g.issues)
    if problems:
        return Formatted(name, Outcome.HAS_ERRORS, original, problems=problems)
    text = "".join(format_games(games))
    outcome = Outcome.CANONICAL if text == original else Outcome.CHANGED
    return Formatted(name, outcome, original, text)


__all__ = ["Formatted", "Outcome", "format_source"]
