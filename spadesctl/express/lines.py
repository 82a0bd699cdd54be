"""Where a settled hand's lines are among its game's rows, for what is written from them.

The express check proves a settled game's lines to be as ``spadesctl fmt`` writes them
(:class:`~spadesctl.express.game.GameLedger` keeps them, blank lines left out), so a
hand's lines are in a known order: its ``hand`` line, ``deal`` (none on a score sheet),
any ``draw`` lines (two players), ``bid``, any ``pass`` lines, its ``trick`` lines, an
optional ``claim`` and an optional ``took`` line (a score sheet's hand: always), then an
optional ``score`` and an optional ``bags`` line;
:class:`~spadesctl.express.game.HandLedger` says where its deal, bids, tricks and end are.
:func:`settled_lines` picks them out once, for the express rows
(:mod:`spadesctl.express.rows`) and sheets (:mod:`spadesctl.express.sheet`,
:mod:`~spadesctl.express.sheet_json`, :mod:`~spadesctl.express.sheet_csv`), so that a
line the express check comes to settle is placed in one function.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.express.family import ExpressRules
from spadesctl.express.game import HandLedger


class SettledLines(NamedTuple):
    """A settled hand's lines, as written (canonical)."""

    bids: list[str]  # the words of its bid line, ``bid`` first (none: the hand is unbid)
    passes: list[str]  # its pass lines, in order
    claim: str | None  # its claim line, if written
    took: str | None  # its took line, if written
    score: str | None  # its score line, if written
    bags: str | None  # its bags line, if written
    draws: list[str]  # its draw lines, in order (two players draw the deal's hands)


def settled_lines(rows: Sequence[str], hand: HandLedger) -> SettledLines:
    """The lines of ``hand`` among its settled game's ``rows``."""
    claim = took = score = bags = None
    at = hand.tricks + len(hand.winners)
    end = hand.end
    if at < end:  # the hand ends with a claim, a took line, or both
        if rows[at][0] == "c":
            claim = rows[at]
            at += 1
        if at < end:
            took = rows[at]
    if end < len(rows) and rows[end].startswith("score "):
        score = rows[end]
        end += 1
    if end < len(rows) and rows[end].startswith("bags "):
        bags = rows[end]
    if hand.bid is None:  # a hand played without bids: no bid line, no pass line
        draws = [] if hand.deal is None else list(rows[hand.deal + 1 : hand.tricks])
        return SettledLines([], [], claim, took, score, bags, draws)
    return SettledLines(
        rows[hand.bid].split(" "),
        list(rows[hand.bid + 1 : hand.tricks]),
        claim,
        took,
        score,
        bags,
        [] if hand.deal is None else list(rows[hand.deal + 1 : hand.bid]),
    )


def took_entries(line: str) -> list[tuple[str, int]]:
    """A settled ``took`` line's entries, in the order written: each party's name (a
    seat, or a side given together) and its count."""
    words = line.split(" ")
    return list(zip(words[1::2], map(int, words[2::2]), strict=True))


def seat_tricks(rules: ExpressRules, hand: HandLedger, took: str | None) -> list[int | None]:
    """Each seat's tricks in a settled hand whose took line is ``took`` (if written), as
    the full engine tells them: ``None`` for a seat whose tricks its took line gives
    together with its partner's (``took NS 5 EW 8``), which only the side's count knows."""
    if took is None:
        return list(hand.took)
    counts: list[int | None] = [None] * rules.players
    for name, count in took_entries(took):
        members = rules.party_words[name]
        if len(members) == 1:
            counts[members[0]] = count
    return counts


def nils_by_party(
    rules: ExpressRules, hand: HandLedger, bidders: Sequence[str]
) -> list[list[tuple[int, bool, int]]]:
    """A settled hand's nils, party by party, each party's in the order they were bid
    (``bidders``: its bid line's parties, in order; as the scorer lists them): each nil as
    its seat's index, whether it was blind, and the tricks that seat took."""
    codes, took = hand.bids, hand.took
    found: list[list[tuple[int, bool, int]]] = [[] for _ in rules.party_seats]
    if NIL not in codes and BLIND_NIL not in codes:
        return found
    for word in bidders:
        if word not in rules.seats:
            continue  # a side's bid as one
        s = rules.seats.index(word)
        code = codes[s]
        if code in (NIL, BLIND_NIL):
            found[rules.party_of[s]].append((s, code == BLIND_NIL, took[s]))
    return found
