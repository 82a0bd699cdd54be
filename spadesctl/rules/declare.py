"""How a ruleset key is declared: once, on its field of :class:`~spadesctl.rules.Ruleset`.

Each field of the ruleset (but ``name``) is written ``key(default, kind, meaning, doc,
source, express)``: the default value, the kind of value it takes (the words it
accepts and the two conversions, text -> value and back), a one-line meaning (for
``spadesctl rules``), the full meaning and source (the docs table of docs/rules.md), and
how the express check treats it.  :data:`spadesctl.rules.keys.KEYS`, ``spadesctl
rules``, :func:`~spadesctl.rules.format_rules`, the express check's classification and
the docs table are all read from these declarations.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

_YES: Final = frozenset({"yes", "true", "on"})
_NO: Final = frozenset({"no", "false", "off"})
_INT: Final = re.compile(r"[+-]?[0-9]+")


class Express(enum.Enum):
    """How the express check (:mod:`spadesctl.express`) treats a key."""

    VARIED = "varied"  # it reads every value of the key
    FIXED = "fixed"  # it covers only the key's default value (others: the full engine)
    NOT_REACHED = "not reached"  # the key cannot matter in a game it accepts


@dataclass(frozen=True, slots=True)
class ValueKind:
    """One way of writing values: the accepted words, as text, and the two conversions.

    ``parse`` gets the stripped, lower-cased text and raises a bare :class:`ValueError`
    when the text is not one of ``values``.
    """

    values: str
    parse: Callable[[str], object]
    format: Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class Alias:
    """An older key that still reads: its name, its values, and its value as the key's."""

    name: str
    kind: ValueKind
    to: Callable[[Any], object]


@dataclass(frozen=True, slots=True)
class KeyInfo:
    """What a field's declaration says of its key (the field's metadata ``"key"``)."""

    kind: ValueKind
    meaning: str  # one line, for ``spadesctl rules``
    doc: str  # the docs table's "Meaning" cell
    source: str  # the rule sources it comes from (seed file numbers) or "project"
    express: Express
    aliases: tuple[Alias, ...] = ()


def key(
    default: Any,
    kind: ValueKind,
    meaning: str,
    doc: str,
    source: str,
    express: Express = Express.VARIED,
    aliases: tuple[Alias, ...] = (),
) -> Any:
    """A ruleset field declared as a key (see the module's docstring); ``aliases``: older
    keys that set it too (``set_twice_loses=yes`` is ``set_streak_loses=2``)."""
    info = KeyInfo(kind, meaning, doc, source, express, aliases)
    return field(default=default, metadata={"key": info})


def yes_no() -> ValueKind:
    """``yes`` / ``no`` (``true``/``false``, ``on``/``off`` accepted)."""

    def parse(text: str) -> bool:
        if text in _YES:
            return True
        if text in _NO:
            return False
        raise ValueError(text)

    return ValueKind("yes, no", parse, lambda v: "yes" if v else "no")


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return "any whole number"
    if hi is None:
        return f"{lo} or more"
    if hi - lo <= 3:
        return ", ".join(str(n) for n in range(lo, hi + 1))
    return f"{lo} to {hi}"


def whole(lo: int | None, hi: int | None = None, off: str | None = None) -> ValueKind:
    """Whole numbers in ``lo..hi`` (``None``: unbounded); with ``off``, that word is ``None``.

    The word for ``None`` is ``off`` (``no`` and ``false`` are accepted too) unless the key
    gives it another meaning, such as ``same`` for ``nil_penalty``.
    """
    none_words = (_NO if off == "off" else frozenset({off})) if off else frozenset()

    def parse(text: str) -> int | None:
        if text in none_words:
            return None
        if _INT.fullmatch(text):
            n = int(text)
            if (lo is None or n >= lo) and (hi is None or n <= hi):
                return n
        raise ValueError(text)

    def text_of(value: int | None) -> str:
        return str(value) if value is not None else str(off)

    values = _range_text(lo, hi) + (f", or {off}" if off else "")
    return ValueKind(values, parse, text_of)


def choice(cls: type[enum.Enum]) -> ValueKind:
    """The values of an enum, written as their ``value`` (``-`` read as ``_``)."""
    by_value = {m.value: m for m in cls}

    def parse(text: str) -> enum.Enum:
        found = by_value.get(text.replace("-", "_"))
        if found is None:
            raise ValueError(text)
        return found

    return ValueKind(", ".join(by_value), parse, lambda v: str(v.value))


def whole_or(numbers: ValueKind, unit: str, cls: type[enum.Enum]) -> ValueKind:
    """A number of ``numbers`` (called ``unit`` in the list of values), or a member of
    the enum ``cls`` (written as its value)."""
    words = {m.value: m for m in cls}

    def parse(text: str) -> object:
        found = words.get(text)
        return found if found is not None else numbers.parse(text)

    def text_of(value: object) -> str:
        return str(value.value) if isinstance(value, cls) else str(value)

    return ValueKind(f"{numbers.values} ({unit}), or {', '.join(words)}", parse, text_of)
