"""Cards, suits, seats and sides: the small immutable values everything else is built from.

Cards are interned: ``Card.parse("AS") is Card.parse("sa")``.  Ranks are integers
(2..14 for the pips and honours, 15 for the little joker and 16 for the big joker) so
that comparisons on the hot path are plain integer comparisons.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NoReturn

from spadesctl.errors import NotationSyntaxError
from spadesctl.quoting import quoted


class _Symbol(enum.Enum):
    """The base of the notation's enums (suits, seats, sides): each member is written as
    its ``value`` (``S``, ``N``, ``NS``), and hashed by identity, which is cheap on the
    hot path (members are singletons)."""

    _value_: str
    __hash__ = object.__hash__


class _Worded(_Symbol):
    """A symbol that messages and pages spell out in words (:attr:`word`)."""

    @property
    def word(self) -> str:
        """The member in words: ``spades``, ``North``."""
        word: str = _WORDS[self]
        return word


class Suit(_Worded):
    """A printed suit; ``JOKER`` is the pseudo-suit of the two jokers."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    JOKER = "J"


#: The order of suits in a PBN-style holding (spades.hearts.diamonds.clubs).
HOLDING_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

LITTLE_JOKER_RANK: Final = 15
BIG_JOKER_RANK: Final = 16

_RANK_TEXT: Final = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. Build cards with :meth:`parse` or :func:`card`; they are interned.

    Interning makes identity the equality (and hashing cheap, which the replay's hot
    path relies on); unpickling goes through :meth:`parse` to keep it so.
    """

    rank: int
    suit: Suit

    def __new__(cls, rank: int, suit: Suit) -> Card:
        existing = _INTERNED.get((rank, suit))
        return existing if existing is not None else object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))

    @property
    def is_joker(self) -> bool:
        return self.suit is Suit.JOKER

    @property
    def text(self) -> str:
        """Canonical text: rank then suit (``AS``, ``TD``), ``BJ``/``LJ`` for jokers."""
        return _CARD_TEXT[self]

    @property
    def name(self) -> str:
        """Human name for messages, e.g. ``AS`` (kept short, as players write them)."""
        return self.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card in any accepted form; raises
        :class:`~spadesctl.errors.NotationSyntaxError` (a :class:`ValueError`) otherwise."""
        found = CARD_SPELLINGS.get(text)
        if found is None:
            found = _CARDS_BY_TEXT.get(text.upper())
        if found is None:
            raise NotationSyntaxError(f"not a card: {quoted(text)}")
        return found


#: Filled once while this module is imported, then only read: the interned cards.
_INTERNED: Final[dict[tuple[int, Suit], Card]] = {}


def _build_cards() -> tuple[tuple[Card, ...], dict[str, Card]]:
    cards: list[Card] = []
    by_text: dict[str, Card] = {}
    suit_symbols = {
        Suit.SPADES: ("S", "♠"),
        Suit.HEARTS: ("H", "♥"),
        Suit.DIAMONDS: ("D", "♦"),
        Suit.CLUBS: ("C", "♣"),
    }
    for suit in HOLDING_SUITS:
        for rank in range(2, 15):
            c = Card(rank, suit)
            _INTERNED[(rank, suit)] = c
            cards.append(c)
            rank_forms = [_RANK_TEXT[rank]] + (["10"] if rank == 10 else [])
            for r in rank_forms:
                for s in suit_symbols[suit]:
                    by_text[r + s] = c
                    by_text[s + r] = c
    for rank, text in ((BIG_JOKER_RANK, "BJ"), (LITTLE_JOKER_RANK, "LJ")):
        c = Card(rank, Suit.JOKER)
        _INTERNED[(rank, Suit.JOKER)] = c
        cards.append(c)
        by_text[text] = c
    return tuple(cards), by_text


ALL_CARDS, _CARDS_BY_TEXT = _build_cards()
#: Each card's canonical text (:attr:`Card.text`), written once.
_CARD_TEXT: Final[dict[Card, str]] = {
    c: ("BJ" if c.rank == BIG_JOKER_RANK else "LJ")
    if c.suit is Suit.JOKER
    else _RANK_TEXT[c.rank] + c.suit.value
    for c in ALL_CARDS
}

#: Every accepted spelling of every card, lower and mixed case included.
CARD_SPELLINGS: Final[dict[str, Card]] = {
    **{
        a + b: c
        for text, c in _CARDS_BY_TEXT.items()
        for a in {text[0], text[0].lower()}
        for b in {text[1:], text[1:].lower()}
    },
    **_CARDS_BY_TEXT,
}
BIG_JOKER: Final = _CARDS_BY_TEXT["BJ"]
LITTLE_JOKER: Final = _CARDS_BY_TEXT["LJ"]


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """Parse a space-separated list of cards: ``cards("AS KH 2C")``."""
    return tuple(Card.parse(t) for t in text.split())


class Seat(_Worded):
    """A seat at the table, clockwise N, E, S, W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __str__(self) -> str:
        return self.value


#: The words of :attr:`_Worded.word`: every suit's and seat's.
_WORDS: Final[dict[_Worded, str]] = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
    Suit.JOKER: "jokers",
    Seat.N: "North",
    Seat.E: "East",
    Seat.S: "South",
    Seat.W: "West",
}


class Side(_Symbol):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


#: Who a score, a bag count, a took count or a result belongs to: a partnership, or a
#: single seat in games without partnerships (and a seat's own tricks in any game).
Party = Seat | Side


def side_of(seat: Seat) -> Side:
    return Side.NS if seat in (Seat.N, Seat.S) else Side.EW


def parse_party(text: str) -> Party:
    """``N``/``E``/``S``/``W`` -> :class:`Seat`, ``NS``/``EW`` -> :class:`Side`."""
    if text in ("NS", "EW"):
        return Side(text)
    if text in ("SN", "WE"):
        return Side(text[::-1])
    return Seat(text)


def seats_for(players: int) -> tuple[Seat, ...]:
    """The seats in play, clockwise, for a 2-, 3- or 4-player game."""
    if players == 2:
        return (Seat.N, Seat.S)
    if players == 3:
        return (Seat.N, Seat.E, Seat.S)
    return (Seat.N, Seat.E, Seat.S, Seat.W)


def next_seat(seat: Seat, seats: tuple[Seat, ...]) -> Seat:
    """The seat to the left (clockwise) of ``seat`` among ``seats``."""
    return seats[(seats.index(seat) + 1) % len(seats)]


def party_text(party: Party) -> str:
    return str(party.value)


def parse_holding(text: str) -> tuple[Card, ...]:
    """Parse a PBN-style holding ``AKQ4.T98.AK6.QJ97`` (optionally ``.BL`` jokers).

    The cards come back in canonical order (:func:`holding_order`). Ranks may be
    written ``T`` or ``10`` and in either case; an empty group is a void.
    Raises :class:`~spadesctl.errors.NotationSyntaxError` (a :class:`ValueError`) naming
    the problem.
    """
    groups = text.split(".")
    if len(groups) not in (4, 5):
        raise NotationSyntaxError(
            f"a holding has 4 suit groups (spades.hearts.diamonds.clubs) and an optional "
            f"jokers group, not {len(groups)}: {quoted(text)}"
        )
    read = _GROUP_READERS
    if len(groups) == 4:
        spades, hearts, diamonds, clubs = groups
        s, h, d, c = read[0](spades), read[1](hearts), read[2](diamonds), read[3](clubs)
        if s is None or h is None or d is None or c is None:
            _raise_for_holding(text, groups)
        return s + h + d + c
    out: tuple[Card, ...] = ()
    for index, group in enumerate(groups):
        cards = read[index](group)
        if cards is None:
            _raise_for_holding(text, groups)
        out += cards
    return out


def _group_reader(index: int) -> Callable[[str], tuple[Card, ...] | None]:
    """A reader of suit group ``index`` (4: the jokers): its cards high first, ``None`` if
    a character is not a rank.  Cached: a suit has only so many holdings (one string
    argument, so that the cache key is the string itself)."""
    by_char = _HOLDING_CHARS[index]
    order = _HOLDING_ORDER.__getitem__

    @functools.lru_cache(maxsize=16384)
    def read(group: str) -> tuple[Card, ...] | None:
        if "10" in group:
            group = group.replace("10", "T")
        out: list[Card] = []
        for ch in group:
            c = by_char.get(ch)
            if c is None:
                return None
            out.append(c)
        out.sort(key=order)
        return tuple(out)

    return read


def _raise_for_holding(text: str, groups: list[str]) -> NoReturn:
    """Raise the error (a :class:`ValueError`) naming the first character not a rank."""
    for index, group in enumerate(groups):
        by_char = _HOLDING_CHARS[index]
        for ch in group.replace("10", "T"):
            if ch not in by_char:
                if index == 4:
                    raise NotationSyntaxError(f"{ch!r} is not a joker (B or L) in {quoted(text)}")
                raise NotationSyntaxError(
                    f"{ch!r} is not a rank (in the {HOLDING_SUITS[index].word} of {quoted(text)})"
                )
    raise AssertionError("unreachable: every group was readable")  # pragma: no cover


def _holding_chars() -> tuple[dict[str, Card], ...]:
    per_suit = []
    for suit in HOLDING_SUITS:
        table: dict[str, Card] = {}
        for rank, letter in _RANK_TEXT.items():
            c = _CARDS_BY_TEXT[letter + suit.value]
            table[letter] = table[letter.lower()] = c
            del rank
        per_suit.append(table)
    jokers = {"B": BIG_JOKER, "b": BIG_JOKER, "H": BIG_JOKER, "h": BIG_JOKER}
    jokers.update({"L": LITTLE_JOKER, "l": LITTLE_JOKER})
    return (*per_suit, jokers)


_SUIT_INDEX: Final = {
    Suit.SPADES: 0,
    Suit.HEARTS: 1,
    Suit.DIAMONDS: 2,
    Suit.CLUBS: 3,
    Suit.JOKER: 4,
}
_HOLDING_CHARS: Final = _holding_chars()


def holding_order(c: Card) -> tuple[int, int]:
    """Sort key of the canonical holding order: S, H, D, C, jokers; high to low."""
    return (_SUIT_INDEX[c.suit], -c.rank)


_HOLDING_ORDER: Final = {c: holding_order(c) for c in ALL_CARDS}
_GROUP_READERS: Final = tuple(_group_reader(i) for i in range(5))


#: Each card's letter in a holding's text (``B``/``L`` for the jokers).
_HOLDING_LETTER: Final = {c: _CARD_TEXT[c][0] for c in ALL_CARDS}


def format_holding(hand: tuple[Card, ...] | list[Card]) -> str:
    """Canonical holding text: suits in S.H.D.C order, ranks high to low, jokers as .BL."""
    groups: list[list[str]] = [[], [], [], [], []]  # S, H, D, C, jokers
    for c in sorted(hand, key=_HOLDING_ORDER.__getitem__):
        groups[_HOLDING_ORDER[c][0]].append(_HOLDING_LETTER[c])
    text = ".".join(["".join(g) for g in groups[:4]])
    if groups[4]:
        text += "." + "".join(groups[4])
    return text
