"""Locating and building the Lark parser for the record notation.

The grammar files live in the top-level ``grammar/`` folder of the source tree and are
packaged into the wheel as ``spadesctl/grammar/``; :func:`grammar_path` finds them in
either place.  Parsers are built once per process (LALR, parse tables cached on disk).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def grammar_path(name: str) -> Path:
    """The path of ``grammar/<name>``, installed (in the package) or in a source checkout."""
    for candidate in (_PACKAGE_DIR / "grammar" / name, _PACKAGE_DIR.parent / "grammar" / name):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"grammar file {name!r} is missing from the installation")


@functools.cache
def spades_parser() -> Lark:
    """The LALR parser of ``grammar/spades.lark``: one line at a time (start symbol ``line``)."""
    from lark import Lark

    path = grammar_path("spades.lark")
    return Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start="line",
        maybe_placeholders=False,
        cache=True,
    )


def build_parser(name: str, start: str | list[str]) -> Lark:
    """An LALR parser of ``grammar/<name>`` with these start symbols (parse tables cached
    on disk); callers keep it (``functools.cache``) so it is built once per process."""
    from lark import Lark

    return Lark(
        grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=start,
        maybe_placeholders=False,
        cache=True,
    )


@functools.cache
def line_parser(name: str) -> Lark:
    """The parser of ``grammar/<name>`` from its ``line`` start symbol, built once (the
    line-by-line readers: :class:`~spadesctl.grammar_errors.LineGrammar`)."""
    return build_parser(name, "line")
