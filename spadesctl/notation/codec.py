"""The native notation as a record format (:mod:`spadesctl.record_formats`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from spadesctl.notation.reader import GameText, split_games
from spadesctl.notation.writer import format_games
from spadesctl.record import Game
from spadesctl.record_formats import RecordCodec
from spadesctl.rules.ruleset import Ruleset


def read(stream: BinaryIO, source: str, rules: Ruleset | None) -> Iterator[GameText | Game]:
    """The games of a native record, unparsed (a record says its rules in a Rules tag:
    ``rules`` does not apply)."""
    yield from split_games(stream)


def _anything(head: bytes) -> bool:
    return True  # the format of what no other format claims


CODEC = RecordCodec(sniff=_anything, read=read, write=format_games)
