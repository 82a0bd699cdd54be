"""What a diagnostic means: its section of docs/diagnostics.md (``spadesctl explain``).

docs/diagnostics.md documents every kind under ``### CODE name``: the severity and what
it means, an example record and the fix (a test holds every kind to such a section).
:func:`explain` gives that section for a code or name, as ``ruff rule`` gives a rule's
documentation.  The page ships inside the wheel as ``spadesctl/docs/diagnostics.md``;
in a source checkout it is read from ``docs/``.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from spadesctl.diagnostics import DOCS, KIND_BY_CODE, KIND_BY_NAME, KINDS, Kind, kind
from spadesctl.errors import SpadesctlError

_PACKAGE_DIR: Final = Path(__file__).resolve().parent
_HEADING: Final = re.compile(r"^### (SP\d{3}) ([a-z0-9-]+)\n", re.MULTILINE)
_END: Final = re.compile(r"^#{1,3} ", re.MULTILINE)


class UnknownKindError(SpadesctlError, LookupError):
    """A code or name that is no diagnostic kind; the message suggests the nearest."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """A kind and its documentation (the Markdown of its section, without the heading)."""

    kind: Kind
    text: str

    def format(self) -> str:
        """The section as ``spadesctl explain`` prints it: a Markdown heading, the text,
        and where it is documented."""
        k = self.kind
        return f"# {k.code} {k.name}\n\n{self.text}\n\n(documented in {k.doc})\n"

    def to_dict(self) -> dict[str, Any]:
        k = self.kind
        return {
            "code": k.code,
            "name": k.name,
            "severity": k.severity.value,
            "summary": k.summary,
            "doc": k.doc,
            "text": self.text,
        }


def docs_path() -> Path:
    """docs/diagnostics.md, installed (in the package) or in a source checkout."""
    for candidate in (_PACKAGE_DIR / DOCS, _PACKAGE_DIR.parent / DOCS):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"{DOCS} is missing from the installation")  # pragma: no cover


@functools.cache
def _sections() -> dict[str, str]:
    """Every ``### CODE name`` section of the page, by code: its text, stripped."""
    page = docs_path().read_text(encoding="utf-8")
    out = {}
    for m in _HEADING.finditer(page):
        end = _END.search(page, m.end())
        out[m[1]] = page[m.end() : end.start() if end else len(page)].strip()
    return out


def explain(name_or_code: str) -> Explanation:
    """The documentation of the kind named ``name_or_code`` (``renege`` or ``SP304``).

    Raises :class:`UnknownKindError` for anything else, suggesting the nearest kinds.
    """
    try:
        found = kind(name_or_code.strip())
    except KeyError:
        raise UnknownKindError(_unknown(name_or_code)) from None
    return Explanation(found, _sections()[found.code])


def _unknown(text: str) -> str:
    near = difflib.get_close_matches(text.strip().lower(), [*KIND_BY_NAME], n=3)
    near += difflib.get_close_matches(text.strip().upper(), [*KIND_BY_CODE], n=3)
    message = f"no diagnostic is called {text!r}"
    if near:
        message += "; did you mean " + " or ".join(repr(n) for n in near) + "?"
    return message + " ('spadesctl explain' lists them all)"


def kind_lines() -> list[str]:
    """``spadesctl explain`` without a kind: one line per kind, in the page's order."""
    width = max(len(k.name) for k in KINDS)
    return [f"{k.code}  {k.name:<{width}}  {k.severity.value:<7}  {k.summary}" for k in KINDS]


__all__ = ["Explanation", "UnknownKindError", "docs_path", "explain", "kind_lines"]
