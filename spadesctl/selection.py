"""Which diagnostics to report: ``--select`` and ``--ignore``, read as ruff reads them.

A selector is a diagnostic's name (``renege``), its code (``SP304``), a code prefix
(``SP3``: every play diagnostic; ``SP``: all of them) or ``ALL``, in any case.  Each
kind is decided by the most specific selector that matches it (a name counts as its
full code); at equal specificity ``--ignore`` wins.  So ``--select SP3 --ignore renege``
reports play problems except reneges, and ``--select SP304 --ignore SP3`` reports
reneges only.  With no ``--select``, everything is selected (as ``ALL``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from spadesctl.diagnostics import KIND_BY_NAME, KINDS, Diagnostic, Kind
from spadesctl.errors import SpadesctlError

_ALL: Final = "ALL"


class SelectorError(SpadesctlError, ValueError):
    """A selector that names no diagnostic; the message says where to find them."""


@dataclass(frozen=True, slots=True)
class Selector:
    """One ``--select``/``--ignore`` item: the code prefix it stands for."""

    prefix: str  # "" for ALL
    text: str

    @classmethod
    def parse(cls, text: str) -> Selector:
        item = text.strip()
        if item.upper() == _ALL:
            return cls("", item)
        known = KIND_BY_NAME.get(item.lower())
        if known is not None:
            return cls(known.code, item)
        prefix = item.upper()
        if any(k.code.startswith(prefix) for k in KINDS):
            return cls(prefix, item)
        raise SelectorError(
            f"unknown diagnostic {item!r}: give a name (renege), a code (SP304), a code "
            "prefix (SP3) or ALL (see docs/diagnostics.md)"
        )

    def matches(self, kind: Kind) -> bool:
        return kind.code.startswith(self.prefix)


def parse_selectors(values: Iterable[str] | None) -> tuple[Selector, ...]:
    """Selectors from repeated options and comma-separated lists (``-s SP3,renege``)."""
    return tuple(
        Selector.parse(item) for raw in values or () for item in raw.split(",") if item.strip()
    )


@dataclass(frozen=True, slots=True)
class Selection:
    """The diagnostics to report, by name (decided once per kind)."""

    names: frozenset[str]

    @classmethod
    def of(
        cls, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None
    ) -> Selection:
        """From ``--select`` and ``--ignore`` values; :class:`SelectorError` if one is unknown."""
        chosen = parse_selectors(select) or (Selector("", _ALL),)
        dropped = parse_selectors(ignore)
        names = set()
        for kind in KINDS:
            best_select = max((len(s.prefix) for s in chosen if s.matches(kind)), default=-1)
            best_ignore = max((len(s.prefix) for s in dropped if s.matches(kind)), default=-1)
            if best_select > best_ignore:
                names.add(kind.name)
        return cls(frozenset(names))

    def __contains__(self, d: object) -> bool:
        return isinstance(d, Diagnostic) and d.name in self.names

    def shown(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if d.name in self.names]


#: Every diagnostic.
EVERYTHING: Final = Selection(frozenset(KIND_BY_NAME))

__all__ = ["EVERYTHING", "Selection", "Selector", "SelectorError", "parse_selectors"]
