"""Dates as records write them (a Date tag) and as options give them (``--since``)."""

from __future__ import annotations

import re
from datetime import date
from typing import Final

_DATE: Final = re.compile(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$")


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


__all__ = ["game_date"]
