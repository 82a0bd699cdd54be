"""PBN records as a record format (:mod:`spadesctl.record_formats`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from spadesctl.pbn import format_pbn_games, games_from_pbn_stream, looks_like_pbn
from spadesctl.record import Game
from spadesctl.record_formats import RecordCodec
from spadesctl.rules.ruleset import Ruleset


def read(stream: BinaryIO, source: str, rules: Ruleset | None) -> Iterator[Game]:
    """The games of a PBN record, parsed (``rules`` replaces what their options map to)."""
    yield from games_from_pbn_stream(stream, source, rules)


CODEC = RecordCodec(sniff=looks_like_pbn, read=read, write=format_pbn_games)
