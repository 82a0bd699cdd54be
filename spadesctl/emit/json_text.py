"""Indented JSON text, as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it,
for documents of plain values, several times faster.

The standard library writes indented JSON with its pure-Python encoder (its C encoder
only writes compact JSON in Python 3.11): a chain of generators yielding a chunk per
key, value and separator, which costs more than building the score sheet it writes.
:func:`indented` writes the same text from dicts with string keys, lists, tuples,
strings, ints, booleans and ``None`` by plain recursion, with the standard library's own
string escaping (``json.encoder.encode_basestring``, in C); a document holding anything
else (floats, other keys, subclasses) is handed to ``json.dumps`` whole.
``tests/test_json_text.py`` proves both equal on random documents (hypothesis).
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any, Final

_STEP: Final = "  "


class _Foreign(Exception):
    """A value that :func:`indented` leaves to ``json.dumps``."""


def indented(value: Any, prefix: str = "") -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``, with ``prefix`` before every
    line (the first one too)."""
    try:
        return prefix + _text(value, "\n" + prefix)
    except _Foreign:
        text = json.dumps(value, indent=2, ensure_ascii=False)
        return "\n".join(prefix + line for line in text.split("\n")) if prefix else text


def _text(value: Any, newline: str) -> str:
    """``value`` as JSON text whose lines after the first start with ``newline``."""
    kind = type(value)
    if kind is dict:
        if not value:
            return "{}"
        inner = newline + _STEP
        entries = []
        for key, item in value.items():
            if type(key) is not str:
                raise _Foreign
            kind = type(item)
            if kind is str:
                entries.append(encode_basestring(key) + ": " + encode_basestring(item))
            elif kind is int:
                entries.append(encode_basestring(key) + ": " + int.__repr__(item))
            else:
                entries.append(encode_basestring(key) + ": " + _text(item, inner))
        return "{" + inner + ("," + inner).join(entries) + newline + "}"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = newline + _STEP
        return "[" + inner + ("," + inner).join([_text(v, inner) for v in value]) + newline + "]"
    if kind is str:
        text: str = encode_basestring(value)
        return text
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    raise _Foreign


__all__ = ["indented"]
