"""Where a settled hand's lines are among its game's rows, for what is written from them.

The express check proves a settled game's lines to be as ``spadesctl fmt`` writes them
(:class:`~spadesctl.express.game.GameLedger` keeps them, blank lines left out), so a
hand's lines are in a known order: its ``hand`` line, ``deal``, ``bid``, any ``pass``
lines, one ``trick`` line per trick, then an optional ``score`` and an optional
``bags`` line.  :func:`settled_lines` picks them out once, for the express rows
(:mod:`spadesctl.express.rows`) and sheets (:mod:`spadesctl.express.sheet`,
:mod:`~spadesctl.express.sheet_json`, :mod:`~spadesctl.express.sheet_csv`), so that a
line the express check comes to settle is placed in one function.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.express.family import ExpressRules
from spadesctl.express.game import HandLedger, first_trick


class SettledLines(NamedTuple):
    """A settled hand's lines, as written (canonical)."""

    bids: list[str]  # the words of its bid line, ``bid`` first
    passes: list[str]  # its pass lines, in order
    tricks: int  # the row of its first trick line
    score: str | None  # its score line, if written
    bags: str | None  # its bags line, if written


def settled_lines(rows: Sequence[str], hand: HandLedger, tricks: int) -> SettledLines:
    """The lines of ``hand`` (of ``tricks`` tricks) among its settled game's ``rows``."""
    first = first_trick(rows, hand.deal)
    at = first + tricks
    score = bags = None
    if at < len(rows) and rows[at].startswith("score "):
        score = rows[at]
        at += 1
    if at < len(rows) and rows[at].startswith("bags "):
        bags = rows[at]
    return SettledLines(
        rows[hand.deal + 1].split(" "), list(rows[hand.deal + 2 : first]), first, score, bags
    )


def nils_by_party(
    rules: ExpressRules, hand: HandLedger, bidders: Sequence[str]
) -> list[list[tuple[int, bool, int]]]:
    """A settled hand's nils, party by party, each party's in the order they were bid
    (``bidders``: its bid line's seats, in order; as the scorer lists them): each nil as
    its seat's index, whether it was blind, and the tricks that seat took."""
    codes, took = hand.bids, hand.took
    found: list[list[tuple[int, bool, int]]] = [[] for _ in rules.party_seats]
    if NIL not in codes and BLIND_NIL not in codes:
        return found
    for word in bidders:
        s = rules.seats.index(word)
        code = codes[s]
        if code in (NIL, BLIND_NIL):
            found[rules.party_of[s]].append((s, code == BLIND_NIL, took[s]))
    return found
