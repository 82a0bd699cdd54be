"""Which import tables belong together: companions named alike in one directory.

``export`` writes one table a file; a game-server dump is several tables.  Tables whose
names differ only in the table's word (``hands.csv``, ``tricks.csv``, ``games.csv``;
``league-hands.parquet``, ``league-tricks.parquet``) and that share a directory and a
suffix are one import: its **lead** (the ``hands`` table, else ``tricks``, else
``cards``, else ``games``) is read as the source, with the others beside it.  A
``violations`` table (what ``check`` found) is derived data: it belongs to the set but
is never read.  A file named otherwise is an import of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from spadesctl.imports.load import format_of_name
from spadesctl.imports.schema import IMPORT_TABLES, ImportTable

_MEMBER: Final = re.compile(r"(?P<prefix>.*?)(?P<table>games|hands|tricks|cards|violations)")
#: The order in which a set's tables are chosen as its lead.
_LEAD_ORDER: Final[tuple[ImportTable, ...]] = ("hands", "tricks", "cards", "games")


def _parts(path: Path) -> tuple[str, str, str] | None:
    """(prefix, table word, suffix) of an import file's name, if it is named as a member."""
    if format_of_name(path.name) is None:
        return None
    found = _MEMBER.fullmatch(path.stem)
    if found is None:
        return None
    return found["prefix"], found["table"], path.suffix


def members(path: str) -> Mapping[str, Path]:
    """The tables of the set ``path`` belongs to, by table word (itself included);
    empty when its name is not a member's."""
    here = Path(path)
    parts = _parts(here)
    if parts is None:
        return {}
    prefix, _, suffix = parts
    found: dict[str, Path] = {}
    for word in (*IMPORT_TABLES, "violations"):
        for candidate in (here.with_name(f"{prefix}{word}{suffix}"),):
            if candidate == here or candidate.is_file():
                found[word] = candidate
    return found


def lead_of(path: str) -> str:
    """The file read for ``path``: the lead of its set, or ``path`` itself."""
    found = members(path)
    for word in _LEAD_ORDER:
        if word in found:
            lead = found[word]
            return path if lead == Path(path) else str(lead)
    return path


def companions(path: str) -> dict[ImportTable, Path]:
    """The other tables read with the lead ``path`` (by kind)."""
    if lead_of(path) != path:
        return {}
    return {
        word: p for word, p in members(path).items() if word in IMPORT_TABLES and p != Path(path)
    }


def collapse(paths: Iterable[str]) -> list[str]:
    """``paths`` with each import table replaced by its set's lead, each lead once."""
    out: list[str] = []
    seen: set[str] = set()
    for raw in paths:
        chosen = raw if raw == "-" or format_of_name(raw) is None else lead_of(raw)
        if chosen in seen:
            continue
        seen.add(chosen)
        out.append(chosen)
    return out


__all__ = ["collapse", "companions", "lead_of", "members"]
