"""Dates and times as records write them (Date and Time tags) and options give them."""

from __future__ import annotations

import re
from datetime import date, time
from typing import Final

#: A Date tag: 2026-11-20, 2026.11.20 or 2026/11/20 (PGN-style ``????.??.??`` is no date).
_DATE: Final = re.compile(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$")
#: A Time tag: 20:15 or 20:15:42 (PGN-style ``??:??:??`` is no time).
_TIME: Final = re.compile(r"\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")


def game_date(text: str | None) -> date | None:
    """The date of a Date tag (``2026-11-20``, ``2026.11.20``, ``2026/11/20``), or
    ``None`` when it is missing, partial or not a date."""
    if text is None:
        return None
    found = _DATE.match(text)
    if found is None:
        return None
    try:
        return date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        return None


def game_time(text: str | None) -> time | None:
    """The time of day of a Time tag, or ``None`` when it is missing or not a time."""
    if text is None:
        return None
    found = _TIME.match(text)
    if found is None:
        return None
    try:
        return time(int(found[1]), int(found[2]), int(found[3] or 0))
    except ValueError:
        return None


__all__ = ["game_date", "game_time"]
