"""Backslash escapes in quoted tag values: ``\\"`` is a quote, ``\\\\`` a backslash."""

from __future__ import annotations

import re
from typing import Final

_ESCAPE: Final = re.compile(r"\\(.)")


def unescape(body: str) -> str:
    """The value of a quoted tag body (without its quotes)."""
    return _ESCAPE.sub(r"\1", body) if "\\" in body else body


def quote(value: str) -> str:
    """A tag value quoted for writing."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
