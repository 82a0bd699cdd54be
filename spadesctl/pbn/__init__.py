"""Trickster-style PBN ("PTN") Spades records: reading them as games, and writing them.

``games_from_pbn_stream`` reads a binary stream one deal record at a time and yields
:class:`~spadesctl.record.Game` values made of the same events the native notation
produces (so ``check``, ``score`` and ``stats`` need nothing more); ``parse_pbn_text``
reads a string; ``format_pbn_games`` writes games back as PBN.  ``is_pbn_name`` and
``looks_like_pbn`` tell a PBN source from a native one (by its name, or by a first line
``% PTN`` / ``% PBN``).  docs/pbn.md describes the dialect.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import PurePath
from typing import BinaryIO, Final

from spadesctl.pbn.options import EVENT_PHRASES, JSON_KEYS, MappedRules, map_options
from spadesctl.pbn.parser import (
    PbnDeal,
    PbnRecord,
    PbnSection,
    PbnTag,
    PbnToken,
    parse_records,
)
from spadesctl.pbn.tags import RULES_FROM
from spadesctl.pbn.to_game import game_rules, games_from_records, pbn_card
from spadesctl.pbn.writer import format_pbn_game, format_pbn_games, pbn_card_text
from spadesctl.record import Game
from spadesctl.rules import Ruleset

#: File name endings of PBN records.
PBN_SUFFIXES: Final = (".pbn", ".ptn")
_MAGIC: Final = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t\r\n]*%[ \t]*(?:PTN|PBN)\b", re.IGNORECASE)


def is_pbn_name(name: str) -> bool:
    """Whether a file name says PBN (``.pbn`` or ``.ptn``, any case)."""
    return PurePath(name).suffix.lower() in PBN_SUFFIXES


def looks_like_pbn(head: bytes) -> bool:
    """Whether the first bytes of a file are a ``% PTN`` or ``% PBN`` line."""
    return _MAGIC.match(head) is not None


def games_from_pbn_stream(
    stream: BinaryIO, source: str = "-", rules: Ruleset | None = None
) -> Iterator[Game]:
    """The games of a PBN stream, one at a time (``rules`` replaces the records' own)."""
    yield from games_from_records(parse_records(stream), source, rules)


def parse_pbn_text(text: str, source: str = "-", rules: Ruleset | None = None) -> list[Game]:
    """Every game in a PBN string."""
    return list(games_from_pbn_stream(io.BytesIO(text.encode("utf-8")), source, rules))


__all__ = [
    "EVENT_PHRASES",
    "JSON_KEYS",
    "PBN_SUFFIXES",
    "RULES_FROM",
    "MappedRules",
    "PbnDeal",
    "PbnRecord",
    "PbnSection",
    "PbnTag",
    "PbnToken",
    "format_pbn_game",
    "format_pbn_games",
    "game_rules",
    "games_from_pbn_stream",
    "is_pbn_name",
    "looks_like_pbn",
    "map_options",
    "parse_pbn_text",
    "pbn_card",
    "pbn_card_text",
]
