"""Which files a command reads: paths as given, directories searched recursively."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from spadesctl.record_formats import record_suffixes


def expand_paths(paths: Iterable[str], suffixes: tuple[str, ...] | None = None) -> list[str]:
    """Files to read, in a stable order: each directory's records sorted by path (files
    with one of ``suffixes``, by default those of every record format).

    Import tables named as one set's (``hands.csv``, ``tricks.csv``) are one source,
    their lead (:mod:`spadesctl.imports.sets`).  A path that is neither a file nor a
    directory is passed through, so that reading it reports the problem (``no such
    file``) in order with the rest.
    """
    wanted = record_suffixes() if suffixes is None else suffixes
    out: list[str] = []
    for raw in paths:
        if raw == "-":
            out.append(raw)
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in wanted and p.is_file())
            out.extend(str(p) for p in found)
        else:
            out.append(raw)
    from spadesctl.imports.sets import collapse

    return collapse(out)  # an import's companion tables are read with its lead
