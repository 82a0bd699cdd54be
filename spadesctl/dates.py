"""Dates and times as records write them (Date and Time tags) and options give them."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, time
from typing import Final, TypeVar

#: A Date tag: 2026-11-20, 2026.11.20 or 2026/11/20 (PGN-style ``????.??.??`` is no date).
_DATE: Final = re.compile(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$")
#: A Time tag: 20:15 or 20:15:42 (PGN-style ``??:??:??`` is no time).
_TIME: Final = re.compile(r"\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")


def game_date(text: str | None) -> date | None:
    """The date of a Date tag (``2026-11-20``, ``2026.11.20``, ``2026/11/20``), or
    ``None`` when it is missing, partial or not a date."""
    return _read(_DATE, text, lambda found: date(int(found[1]), int(found[2]), int(found[3])))


def game_time(text: str | None) -> time | None:
    """The time of day of a Time tag, or ``None`` when it is missing or not a time."""
    return _read(_TIME, text, lambda found: time(int(found[1]), int(found[2]), int(found[3] or 0)))


_T = TypeVar("_T")


def _read(
    pattern: re.Pattern[str], text: str | None, build: Callable[[re.Match[str]], _T]
) -> _T | None:
    """``build`` of ``text`` matched by ``pattern``; ``None`` when the tag is missing, does
    not match, or its numbers are out of range (``build`` raises ``ValueError``)."""
    if text is None:
        return None
    found = pattern.match(text)
    if found is None:
        return None
    try:
        return build(found)
    except ValueError:
        return None


__all__ = ["game_date", "game_time"]
