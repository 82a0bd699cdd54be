"""A fast reader for well-formed lines, equivalent to the Lark grammar where it answers.

The grammar (``grammar/spades.lark``) is the parser of record.  This module reads the
common, well-formed lines (those ``spadesctl fmt`` and ``spadesctl generate`` write,
and most hand-written ones) with plain string operations, about ten times faster.  For
any line it is not sure about it answers ``None`` and the caller hands that line to the
grammar, so errors, their messages and every unusual-but-valid spelling stay the
grammar's.  ``tests/test_fastpath.py`` parses generated corpora both ways and compares
the events and their positions.

Lines as ``spadesctl fmt`` writes them (single spaces, nothing before the keyword) take
the quickest way: split on spaces, every word looked up in a table (numbers, seats,
cards, bid values), columns from the words' lengths.  Anything these readers do not
recognise falls to the general token reader below, and from there to the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final, TypeVar

from spadesctl import events as ev
from spadesctl.cards import CARD_SPELLINGS, Card, Party, Seat, Side, parse_holding
from spadesctl.core.limits import MAX_NUMBER
from spadesctl.notation.escapes import unescape

_TOKEN: Final = re.compile(r"[^ \t\f\r]+")
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:\\.|[^"\\\n])*)"[ \t]*\][ \t]*$')
_DIGITS: Final = re.compile(r"[0-9]{1,2}$")
_SIGNED: Final = re.compile(r"[+-]?[0-9]{1,9}$")  # longer: the grammar decides
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
#: A line's reader: its tokens and line number -> its event, or ``None`` (not sure).
_Reader = Callable[[Tokens, int], ev.LineEvent | None]
W = TypeVar("W")


_card = CARD_SPELLINGS.get
_card_of = CARD_SPELLINGS.__getitem__


def _cards(tokens: Tokens) -> tuple[tuple[Card, ...], tuple[int, ...]] | None:
    """The cards and their columns, or ``None`` if a token is not a card."""
    try:
        return tuple(_card_of(text) for text, _ in tokens), tuple(col for _, col in tokens)
    except KeyError:
        return None


def _hand(t: Tokens, line: int) -> ev.LineEvent | None:
    if len(t) != 4 or t[2][0] != "dealer" or not _DIGITS.match(t[1][0]):
        return None
    seat = _SEATS.get(t[3][0])
    if seat is None:
        return None
    return ev.HandStart(int(t[1][0]), seat, ev.Position(line, t[0][1]))


def _deal(t: Tokens, line: int) -> ev.LineEvent | None:
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
        holdings.append(ev.Holding(_SEATS[text[0]], cards, ev.Position(line, col)))
    holdings.sort(key=lambda h: _SEAT_ORDER[h.seat])
    return ev.Deal(tuple(holdings), ev.Position(line, t[0][1]))


def _pass(t: Tokens, line: int) -> ev.LineEvent | None:
    if len(t) < 3 or len(t[1][0]) != 3 or t[1][0][1] != ">":
        return None
    giver, receiver = _SEATS.get(t[1][0][0]), _SEATS.get(t[1][0][2])
    cards = _cards(t[2:])
    if giver is None or receiver is None or cards is None:
        return None
    return ev.Pass(giver, receiver, cards[0], ev.Position(line, t[0][1]))


def _bid_value(bidder: Party, text: str, pos: ev.Position) -> ev.Bid | None:
    if text == "nil":
        return ev.Bid(bidder, ev.BidKind.NIL, 0, pos)
    if text == "bnil":
        return ev.Bid(bidder, ev.BidKind.BLIND_NIL, 0, pos)
    if text.startswith("b"):
        return (
            ev.Bid(bidder, ev.BidKind.BLIND, int(text[1:]), pos)
            if _DIGITS.match(text[1:])
            else None
        )
    return ev.Bid(bidder, ev.BidKind.NUMBER, int(text), pos) if _DIGITS.match(text) else None


def _bid(t: Tokens, line: int) -> ev.LineEvent | None:
    if len(t) < 3 or len(t) % 2 == 0:
        return None
    bids = []
    for i in range(1, len(t), 2):
        bidder = _PARTIES.get(t[i][0])
        if bidder is None:
            return None
        bid = _bid_value(bidder, t[i + 1][0], ev.Position(line, t[i][1]))
        if bid is None:
            return None
        bids.append(bid)
    return ev.Bids(tuple(bids), ev.Position(line, t[0][1]))


def _widow(t: Tokens, line: int) -> ev.LineEvent | None:
    cards = _cards(t[1:]) if len(t) >= 2 else None
    return None if cards is None else ev.Widow(cards[0], ev.Position(line, t[0][1]))


def _widow_line(kind: type[ev.Take] | type[ev.Discard]) -> _Reader:
    """The reader of ``take SEAT CARD ...`` or ``discard SEAT CARD ...``."""

    def read(t: Tokens, line: int) -> ev.LineEvent | None:
        seat = _SEATS.get(t[1][0]) if len(t) >= 3 else None
        cards = _cards(t[2:])
        if seat is None or cards is None:
            return None
        return kind(seat, cards[0], ev.Position(line, t[0][1]))

    return read


def _draw(t: Tokens, line: int) -> ev.LineEvent | None:
    if len(t) != 6:
        return None
    seat = _SEATS.get(t[1][0])
    first, second = _card(t[3][0]), _card(t[5][0])
    actions = (t[2][0], t[4][0])
    if seat is None or first is None or second is None:
        return None
    if actions == ("keep", "discard"):
        return ev.Draw(seat, first, second, True, ev.Position(line, t[0][1]))
    if actions == ("discard", "keep"):
        return ev.Draw(seat, second, first, False, ev.Position(line, t[0][1]))
    return None


def _trick(t: Tokens, line: int) -> ev.LineEvent | None:
    if len(t) < 4 or not _DIGITS.match(t[1][0]):
        return None
    leader = _SEATS.get(t[2][0])
    cards = _cards(t[3:])
    if leader is None or cards is None:
        return None
    return ev.Trick(int(t[1][0]), leader, cards[0], cards[1], ev.Position(line, t[0][1]))


def _named(who: Mapping[str, W], kind: Callable[[W, ev.Position], ev.LineEvent]) -> _Reader:
    """The reader of a line that names one seat or party: ``claim SEAT``, ``result PARTY``."""

    def read(t: Tokens, line: int) -> ev.LineEvent | None:
        found = who.get(t[1][0]) if len(t) == 2 else None
        return None if found is None else kind(found, ev.Position(line, t[0][1]))

    return read


def _named_number(
    who: Mapping[str, W], kind: Callable[[W, int, ev.Position], ev.LineEvent]
) -> _Reader:
    """The reader of a line that names one seat or party and a number: ``raise PARTY N``,
    ``renege SEAT N``."""

    def read(t: Tokens, line: int) -> ev.LineEvent | None:
        if len(t) != 3 or not _DIGITS.match(t[2][0]):
            return None
        found = who.get(t[1][0])
        return None if found is None else kind(found, int(t[2][0]), ev.Position(line, t[0][1]))

    return read


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


def _took(t: Tokens, line: int) -> ev.LineEvent | None:
    e = _entries(t, signed=False)
    return None if e is None else ev.Took(e, ev.Position(line, t[0][1]))


def _score(t: Tokens, line: int) -> ev.LineEvent | None:
    e = _entries(t, signed=True)
    return None if e is None else ev.RecordedScore(e, ev.Position(line, t[0][1]))


def _bags(t: Tokens, line: int) -> ev.LineEvent | None:
    e = _entries(t, signed=False)
    return None if e is None else ev.RecordedBags(e, ev.Position(line, t[0][1]))


_BY_KEYWORD: Final[dict[str, _Reader]] = {
    "hand": _hand,
    "deal": _deal,
    "pass": _pass,
    "bid": _bid,
    "raise": _named_number(_PARTIES, ev.Raise),
    "widow": _widow,
    "take": _widow_line(ev.Take),
    "discard": _widow_line(ev.Discard),
    "draw": _draw,
    "trick": _trick,
    "claim": _named(_SEATS, ev.Claim),
    "took": _took,
    "renege": _named_number(_SEATS, ev.Renege),
    "score": _score,
    "bags": _bags,
    "result": _named(_PARTIES, ev.Result),
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


def fast_line(text: str, line: int) -> ev.LineEvent | None:
    """The event of a well-formed line, or ``None`` when the grammar must decide."""
    parts = text.split(" ")
    canonical = CANONICAL.get(parts[0])
    if canonical is not None:
        event = canonical(text, parts, line)
        if event is not None:
            return event
    return general_line(text, line)


def general_line(text: str, line: int) -> ev.LineEvent | None:
    """:func:`fast_line` without the canonical readers: any spacing, tags, rare lines."""
    stripped = text.lstrip(" \t\f\r")
    if stripped.startswith("["):
        m = _TAG.match(stripped)
        if m is None:
            return None
        return ev.Tag(
            m.group(1), unescape(m.group(2)), ev.Position(line, len(text) - len(stripped) + 1)
        )
    tokens = _tokens(text)
    if not tokens:
        return None
    reader = _BY_KEYWORD.get(tokens[0][0])
    return None if reader is None else reader(tokens, line)


# Canonical lines: the keyword at column 1, one space between words.  Each reader gets
# the line and its words, and answers ``None`` for anything unexpected.

#: The numbers ``[0-9]{1,2}`` spells (the grammar's INT, at most MAX_NUMBER), by their text.
_NUMBER: Final[dict[str, int]] = {
    **{str(i): i for i in range(MAX_NUMBER + 1)},
    **{f"0{i}": i for i in range(10)},
}
#: Every bid value the grammar takes, by its text: (kind, tricks).
_BID_VALUES: Final[dict[str, tuple[ev.BidKind, int]]] = {
    "nil": (ev.BidKind.NIL, 0),
    "bnil": (ev.BidKind.BLIND_NIL, 0),
    **{text: (ev.BidKind.NUMBER, n) for text, n in _NUMBER.items()},
    **{"b" + text: (ev.BidKind.BLIND, n) for text, n in _NUMBER.items()},
}


#: The columns of 0..17 two-letter cards one space apart, from column 11 ("trick N S ")
#: and from column 12 ("trick NN S "): ``_TWO_LETTER_COLUMNS[start - 11][count]``.
_TWO_LETTER_COLUMNS: Final = tuple(
    tuple(tuple(range(start, start + 3 * count, 3)) for count in range(18)) for start in (11, 12)
)


def _card_columns(start: int, words: list[str]) -> tuple[int, ...]:
    out = []
    col = start
    for word in words:
        out.append(col)
        col += len(word) + 1
    return tuple(out)


def _canonical_trick(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    count = len(p) - 3
    if count <= 0:
        return None
    number = _NUMBER.get(p[1])
    leader = _SEATS.get(p[2])
    if number is None or leader is None:
        return None
    words = p[3:]
    try:
        cards = tuple(map(_card_of, words))
    except KeyError:
        return None
    start = 10 + len(p[1])  # "trick N S " and the first card
    if len(text) == start + 3 * count - 2 and count < 18:  # every card in two letters
        columns = _TWO_LETTER_COLUMNS[start - 11][count]
    else:
        columns = _card_columns(start, words)
    return ev.Trick(number, leader, cards, columns, ev.Position(line, 1))


def _canonical_hand(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    if len(p) != 4 or p[2] != "dealer":
        return None
    number = _NUMBER.get(p[1])
    dealer = _SEATS.get(p[3])
    if number is None or dealer is None:
        return None
    return ev.HandStart(number, dealer, ev.Position(line, 1))


def _canonical_deal(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    if len(p) < 2:
        return None
    holdings = []
    col = 6
    ordered = True
    last = -1
    for word in p[1:]:
        seat = _SEATS.get(word[:1])
        if seat is None or word[1:2] != ":":
            return None
        try:
            cards = parse_holding(word[2:])
        except ValueError:
            return None
        holdings.append(ev.Holding(seat, cards, ev.Position(line, col)))
        col += len(word) + 1
        order = _SEAT_ORDER[seat]
        ordered = ordered and order > last
        last = order
    if not ordered:
        holdings.sort(key=lambda h: _SEAT_ORDER[h.seat])
    return ev.Deal(tuple(holdings), ev.Position(line, 1))


def _canonical_bid(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    n = len(p)
    if n < 3 or n % 2 == 0:
        return None
    bids = []
    col = 5
    for i in range(1, n, 2):
        who = p[i]
        bidder = _PARTIES.get(who)
        value = _BID_VALUES.get(p[i + 1])
        if bidder is None or value is None:
            return None
        bids.append(ev.Bid(bidder, value[0], value[1], ev.Position(line, col)))
        col += len(who) + len(p[i + 1]) + 2
    return ev.Bids(tuple(bids), ev.Position(line, 1))


def _canonical_entries(p: list[str], signed: bool) -> tuple[tuple[Party, int], ...] | None:
    n = len(p)
    if n < 3 or n % 2 == 0:
        return None
    out = []
    for i in range(1, n, 2):
        party = _PARTIES.get(p[i])
        if party is None:
            return None
        word = p[i + 1]
        value = _NUMBER.get(word)
        if value is None:
            if not signed or not _SIGNED.match(word):
                return None
            value = int(word)
        out.append((party, value))
    return tuple(out)


def _canonical_score(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    entries = _canonical_entries(p, signed=True)
    return None if entries is None else ev.RecordedScore(entries, ev.Position(line, 1))


def _canonical_bags(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    entries = _canonical_entries(p, signed=False)
    return None if entries is None else ev.RecordedBags(entries, ev.Position(line, 1))


def _canonical_took(text: str, p: list[str], line: int) -> ev.LineEvent | None:
    entries = _canonical_entries(p, signed=False)
    return None if entries is None else ev.Took(entries, ev.Position(line, 1))


#: The readers of canonical lines by keyword: (line, its words, line number) -> event,
#: or ``None`` for anything else (then :func:`general_line` tries).
CANONICAL: Final[dict[str, Callable[[str, list[str], int], ev.LineEvent | None]]] = {
    "trick": _canonical_trick,
    "hand": _canonical_hand,
    "deal": _canonical_deal,
    "bid": _canonical_bid,
    "score": _canonical_score,
    "bags": _canonical_bags,
    "took": _canonical_took,
}
