"""The library behind ``spadesctl formats``: every record format, as a table for people."""

from __future__ import annotations

from spadesctl.record_formats import RECORD_FORMATS, RecordFormat


def _how(fmt: RecordFormat) -> str:
    return "read, write" if fmt.writable else "read"


def _suffixes(fmt: RecordFormat) -> str:
    return " ".join(fmt.suffixes) if fmt.suffixes else "(by content)"


def format_lines() -> list[str]:
    """One line per record format: its name (``--to``), the file name endings that say
    it, whether spadesctl reads or also writes it, and what it holds."""
    rows = [("format", "endings", "spadesctl", "what it holds")]
    rows += [(f.name, _suffixes(f), _how(f), f.help) for f in RECORD_FORMATS]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return [
        f"{name:<{widths[0]}}  {ends:<{widths[1]}}  {how:<{widths[2]}}  {holds}"
        for name, ends, how, holds in rows
    ]


__all__ = ["format_lines"]
