"""What the cards are under a ruleset: the pack, each card's suit in play, its power.

Under the ``jokers`` and ``jjdd`` decks some cards change suit (the jokers, and under
``jjdd`` the 2D, are spades) and rank above the ace of spades.  Everything here is looked
up in tables built once at import, one per :class:`Deck`, so the calls
(:func:`effective_suit`, :func:`power`) are dictionary reads.  The same facts as integer
tables, and the trick winner, are :mod:`spadesctl.core.deck`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from spadesctl.cards import ALL_CARDS, Card, Suit, card
from spadesctl.rules.ruleset import Deck, Ruleset, WidowRule

#: The cards each deck leaves out of the 52 + 2 jokers.
_LEFT_OUT: Final[Mapping[Deck, frozenset[Card]]] = MappingProxyType(
    {
        Deck.STANDARD: frozenset(c for c in ALL_CARDS if c.is_joker),
        Deck.JOKERS: frozenset({card("2H"), card("2C")}),
        Deck.JJDD: frozenset({card("2H"), card("2C")}),
    }
)
#: The card three players leave out as well, so that 51 cards deal 17 each.
_LEFT_OUT_BY_THREE: Final = card("2D")

#: The spades above the ace under each deck, lowest first.
_TOP_SPADES: Final[Mapping[Deck, tuple[Card, ...]]] = MappingProxyType(
    {
        Deck.STANDARD: (),
        Deck.JOKERS: (card("LJ"), card("BJ")),
        Deck.JJDD: (card("2S"), card("2D"), card("LJ"), card("BJ")),
    }
)


def _places(top: tuple[Card, ...]) -> Mapping[Card, tuple[Suit, int]]:
    """Each card's effective suit and power with ``top`` above the ace of spades, lowest
    first (one lookup gives both)."""
    above_ace = {c: 15 + i for i, c in enumerate(top)}
    return MappingProxyType(
        {c: (Suit.SPADES, above_ace[c]) if c in above_ace else (c.suit, c.rank) for c in ALL_CARDS}
    )


def _packs(deck: Deck, top: tuple[Card, ...], widow: bool) -> Mapping[int, frozenset[Card]]:
    """The pack of ``deck`` for each number of players that can play with it; with a
    ``widow``, four players and the whole 54-card pack (the 2H and 2C kept)."""
    if widow:
        return MappingProxyType({4: frozenset(ALL_CARDS)})
    pack = frozenset(ALL_CARDS) - _LEFT_OUT[deck]
    packs = {2: pack, 4: pack}
    if _LEFT_OUT_BY_THREE not in top:
        packs[3] = pack - {_LEFT_OUT_BY_THREE}
    return MappingProxyType(packs)


@functools.cache
def _top(deck: Deck, high_twos: tuple[str, ...]) -> tuple[Card, ...]:
    """The spades above the ace, lowest first: the ``high_twos`` (listed highest first),
    then the deck's own (the jokers; ``jjdd`` is ``jokers`` with ``high_twos=2D,2S``)."""
    return tuple(card(t) for t in reversed(high_twos)) + _TOP_SPADES[deck]


@functools.cache
def _place(deck: Deck, high_twos: tuple[str, ...] = ()) -> Mapping[Card, tuple[Suit, int]]:
    return _places(_top(deck, high_twos))


@functools.cache
def _pack(
    deck: Deck, high_twos: tuple[str, ...] = (), widow: bool = False
) -> Mapping[int, frozenset[Card]]:
    return _packs(deck, _top(deck, high_twos), widow and deck is not Deck.STANDARD)


DeckOf = Deck | Ruleset  # a deck alone, or a ruleset (its deck and high_twos)


def _place_of(deck: DeckOf) -> Mapping[Card, tuple[Suit, int]]:
    if isinstance(deck, Deck):
        return _place(deck)
    return _place(deck.deck, deck.high_twos)


def has_widow(rules: Ruleset) -> bool:
    """Whether ``rules`` deal 54 cards 13 each and leave two over, the widow (``widow``)."""
    return rules.widow is not WidowRule.OFF


def deck_cards(rules: Ruleset) -> frozenset[Card]:
    """The cards of the pack under ``rules``: 52 of them, or 51 (the 2D left out) for 3
    players; all 54 under the ``widow`` rules, which deal 52 and leave two over.

    The ``jokers`` and ``jjdd`` decks are the 54-card pack less the 2H and 2C, unless a
    widow keeps them (004: "if jokers are used and no cards are eliminated").  Raises
    :class:`ValueError` for ``jjdd`` with 3 players, which has no valid pack.
    """
    pack = _pack(rules.deck, rules.high_twos, has_widow(rules)).get(rules.players)
    if pack is None:
        raise ValueError(f"no {rules.deck.value} pack for {rules.players} players")
    return pack


def effective_suit(c: Card, deck: DeckOf) -> Suit:
    """The suit ``c`` plays as: spades for the jokers (and under ``jjdd`` the 2D).

    Cards outside the deck keep their printed suit.
    """
    return _place_of(deck)[c][0]


def is_spade(c: Card, deck: DeckOf) -> bool:
    """Whether ``c`` is a trump (a spade) under ``deck``."""
    return _place_of(deck)[c][0] is Suit.SPADES


def power(c: Card, deck: DeckOf) -> int:
    """The rank of ``c`` within its effective suit: the higher card of a suit beats the lower.

    2..14 for the pips and honours; above the ace of spades 15, 16 (LJ, BJ) under
    ``jokers`` and 15..18 (2S, 2D, LJ, BJ) under ``jjdd``; the ``high_twos`` of a
    ruleset above the ace, below the jokers.
    """
    return _place_of(deck)[c][1]
