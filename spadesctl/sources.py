"""Which files a command reads: paths as given, directories searched recursively."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

#: File name endings read from directories (records of the native notation and PBN).
RECORD_SUFFIXES = (".spades", ".pbn", ".ptn")


def expand_paths(paths: Iterable[str]) -> list[str]:
    """Files to read, in a stable order: each directory's records sorted by path.

    A path that is neither a file nor a directory is passed through, so that reading it
    reports the problem (``no such file``) in order with the rest.
    """
    out: list[str] = []
    for raw in paths:
        if raw == "-":
            out.append(raw)
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(
                p for p in path.rglob("*") if p.suffix.lower() in RECORD_SUFFIXES and p.is_file()
            )
            out.extend(str(p) for p in found)
        else:
            out.append(raw)
    return out
