"""A fast reader for well-formed lines, equivalent to the Lark grammar where it answers.

The grammar (``grammar/spades.lark``) is the parser of record.  This module reads the
common, well-formed lines (those ``spadesctl fmt`` and ``spadesctl generate`` write,
and most hand-written ones) with plain string operations, about ten times faster.  For
any line it is not sure about it answers ``None`` and the caller hands that line to the
grammar, so errors, their messages and every unusual-but-valid spelling stay the
grammar's.  ``tests/test_fastpath.py`` parses generated corpora both ways and compares
the events and their positions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from spadesctl.cards import CARD_SPELLINGS, Card, Party, Seat, Side, parse_holding
from spadesctl.events import (
    Bid,
    BidKind,
    Bids,
    Claim,
    Deal,
    Draw,
    HandStart,
    Holding,
    LineEvent,
    Pass,
    Position,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    Tag,
    Took,
    Trick,
)
from spadesctl.notation.escapes import unescape

_TOKEN: Final = re.compile(r"[^ \t\f\r]+")
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:\\.|[^"\\\n])*)"[ \t]*\][ \t]*$')
_DIGITS: Final = re.compile(r"[0-9]{1,2}$")
_SIGNED: Final = re.compile(r"[+-]?[0-9]+$")
_HOLDING: Final = re.compile(r"[NESW]:[^\s;{]*$")

_SEATS: Final = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_PARTIES: Final[dict[str, Party]] = {
    **_SEATS,
    "NS": Side.NS,
    "EW": Side.EW,
    "SN": Side.NS,
    "WE": Side.EW,
}
_SEAT_ORDER: Final = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}

Tokens = list[tuple[str, int]]


_card = CARD_SPELLINGS.get
_card_of = CARD_SPELLINGS.__getitem__


def _cards(tokens: Tokens) -> tuple[tuple[Card, ...], tuple[int, ...]] | None:
    """The cards and their columns, or ``None`` if a token is not a card."""
    try:
        return tuple(_card_of(text) for text, _ in tokens), tuple(col for _, col in tokens)
    except KeyError:
        return None


def _hand(t: Tokens, line: int) -> LineEvent | None:
    if len(t) != 4 or t[2][0] != "dealer" or not _DIGITS.match(t[1][0]):
        return None
    seat = _SEATS.get(t[3][0])
    if seat is None:
        return None
    return HandStart(int(t[1][0]), seat, Position(line, t[0][1]))


def _deal(t: Tokens, line: int) -> LineEvent | None:
    if len(t) < 2:
        return None
    holdings = []
    for text, col in t[1:]:
        if not _HOLDING.match(text):
            return None
        try:
            cards = parse_holding(text[2:])
        except ValueError:
            return None
        holdings.append(Holding(_SEATS[text[0]], cards, Position(line, col)))
    holdings.sort(key=lambda h: _SEAT_ORDER[h.seat])
    return Deal(tuple(holdings), Position(line, t[0][1]))


def _pass(t: Tokens, line: int) -> LineEvent | None:
    if len(t) < 3 or len(t[1][0]) != 3 or t[1][0][1] != ">":
        return None
    giver, receiver = _SEATS.get(t[1][0][0]), _SEATS.get(t[1][0][2])
    cards = _cards(t[2:])
    if giver is None or receiver is None or cards is None:
        return None
    return Pass(giver, receiver, cards[0], Position(line, t[0][1]))


def _bid_value(bidder: Party, text: str, pos: Position) -> Bid | None:
    if text == "nil":
        return Bid(bidder, BidKind.NIL, 0, pos)
    if text == "bnil":
        return Bid(bidder, BidKind.BLIND_NIL, 0, pos)
    if text.startswith("b"):
        return Bid(bidder, BidKind.BLIND, int(text[1:]), pos) if _DIGITS.match(text[1:]) else None
    return Bid(bidder, BidKind.NUMBER, int(text), pos) if _DIGITS.match(text) else None


def _bid(t: Tokens, line: int) -> LineEvent | None:
    if len(t) < 3 or len(t) % 2 == 0:
        return None
    bids = []
    for i in range(1, len(t), 2):
        bidder = _PARTIES.get(t[i][0])
        if bidder is None:
            return None
        bid = _bid_value(bidder, t[i + 1][0], Position(line, t[i][1]))
        if bid is None:
            return None
        bids.append(bid)
    return Bids(tuple(bids), Position(line, t[0][1]))


def _draw(t: Tokens, line: int) -> LineEvent | None:
    if len(t) != 6:
        return None
    seat = _SEATS.get(t[1][0])
    first, second = _card(t[3][0]), _card(t[5][0])
    actions = (t[2][0], t[4][0])
    if seat is None or first is None or second is None:
        return None
    if actions == ("keep", "discard"):
        return Draw(seat, first, second, True, Position(line, t[0][1]))
    if actions == ("discard", "keep"):
        return Draw(seat, second, first, False, Position(line, t[0][1]))
    return None


def _trick(t: Tokens, line: int) -> LineEvent | None:
    if len(t) < 4 or not _DIGITS.match(t[1][0]):
        return None
    leader = _SEATS.get(t[2][0])
    cards = _cards(t[3:])
    if leader is None or cards is None:
        return None
    return Trick(int(t[1][0]), leader, cards[0], cards[1], Position(line, t[0][1]))


def _claim(t: Tokens, line: int) -> LineEvent | None:
    seat = _SEATS.get(t[1][0]) if len(t) == 2 else None
    return None if seat is None else Claim(seat, Position(line, t[0][1]))


def _renege(t: Tokens, line: int) -> LineEvent | None:
    if len(t) != 3 or not _DIGITS.match(t[2][0]):
        return None
    seat = _SEATS.get(t[1][0])
    return None if seat is None else Renege(seat, int(t[2][0]), Position(line, t[0][1]))


def _result(t: Tokens, line: int) -> LineEvent | None:
    party = _PARTIES.get(t[1][0]) if len(t) == 2 else None
    return None if party is None else Result(party, Position(line, t[0][1]))


def _entries(t: Tokens, signed: bool) -> tuple[tuple[Party, int], ...] | None:
    if len(t) < 3 or len(t) % 2 == 0:
        return None
    number = _SIGNED if signed else _DIGITS
    out = []
    for i in range(1, len(t), 2):
        party = _PARTIES.get(t[i][0])
        if party is None or not number.match(t[i + 1][0]):
            return None
        out.append((party, int(t[i + 1][0])))
    return tuple(out)


def _took(t: Tokens, line: int) -> LineEvent | None:
    e = _entries(t, signed=False)
    return None if e is None else Took(e, Position(line, t[0][1]))


def _score(t: Tokens, line: int) -> LineEvent | None:
    e = _entries(t, signed=True)
    return None if e is None else RecordedScore(e, Position(line, t[0][1]))


def _bags(t: Tokens, line: int) -> LineEvent | None:
    e = _entries(t, signed=False)
    return None if e is None else RecordedBags(e, Position(line, t[0][1]))


_BY_KEYWORD: Final[dict[str, Callable[[Tokens, int], LineEvent | None]]] = {
    "hand": _hand,
    "deal": _deal,
    "pass": _pass,
    "bid": _bid,
    "draw": _draw,
    "trick": _trick,
    "claim": _claim,
    "took": _took,
    "renege": _renege,
    "score": _score,
    "bags": _bags,
    "result": _result,
}


def _tokens(text: str) -> Tokens:
    """Tokens and their 1-based columns; single-spaced lines take the quick way."""
    parts = text.split(" ")
    if "" in parts or "\t" in text or "\f" in text or "\r" in text:
        return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]
    out = []
    col = 1
    for part in parts:
        out.append((part, col))
        col += len(part) + 1
    return out


def fast_line(text: str, line: int) -> LineEvent | None:
    """The event of a well-formed line, or ``None`` when the grammar must decide."""
    stripped = text.lstrip(" \t\f\r")
    if stripped.startswith("["):
        m = _TAG.match(stripped)
        if m is None:
            return None
        return Tag(m.group(1), unescape(m.group(2)), Position(line, len(text) - len(stripped) + 1))
    tokens = _tokens(text)
    if not tokens:
        return None
    reader = _BY_KEYWORD.get(tokens[0][0])
    return None if reader is None else reader(tokens, line)
