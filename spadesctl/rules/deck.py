"""What the cards are under a ruleset: the pack, each card's suit in play, its power.

Under the ``jokers`` and ``jjdd`` decks some cards change suit (the jokers, and under
``jjdd`` the 2D, are spades) and rank above the ace of spades.  Everything here is looked
up in tables built once at import, one per :class:`Deck`, so the calls
(:func:`effective_suit`, :func:`power`) are dictionary reads.  The same facts as integer
tables, and the trick winner, are :mod:`spadesctl.core.deck`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from spadesctl.cards import ALL_CARDS, Card, Suit, card
from spadesctl.rules.ruleset import Deck, Ruleset

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


def _places(deck: Deck) -> Mapping[Card, tuple[Suit, int]]:
    """Each card's effective suit and power under ``deck`` (one lookup gives both)."""
    above_ace = {c: 15 + i for i, c in enumerate(_TOP_SPADES[deck])}
    return MappingProxyType(
        {c: (Suit.SPADES, above_ace[c]) if c in above_ace else (c.suit, c.rank) for c in ALL_CARDS}
    )


def _packs(deck: Deck) -> Mapping[int, frozenset[Card]]:
    """The pack of ``deck`` for each number of players that can play with it."""
    pack = frozenset(ALL_CARDS) - _LEFT_OUT[deck]
    packs = {2: pack, 4: pack}
    if _LEFT_OUT_BY_THREE not in _TOP_SPADES[deck]:
        packs[3] = pack - {_LEFT_OUT_BY_THREE}
    return MappingProxyType(packs)


_PLACE: Final[Mapping[Deck, Mapping[Card, tuple[Suit, int]]]] = MappingProxyType(
    {d: _places(d) for d in Deck}
)
_PACK: Final[Mapping[Deck, Mapping[int, frozenset[Card]]]] = MappingProxyType(
    {d: _packs(d) for d in Deck}
)


def deck_cards(rules: Ruleset) -> frozenset[Card]:
    """The cards dealt under ``rules``: 52 of them, or 51 (the 2D left out) for 3 players.

    The ``jokers`` and ``jjdd`` decks are the 54-card pack less the 2H and 2C.  Raises
    :class:`ValueError` for ``jjdd`` with 3 players, which has no valid pack.
    """
    pack = _PACK[rules.deck].get(rules.players)
    if pack is None:
        raise ValueError(f"no {rules.deck.value} pack for {rules.players} players")
    return pack


def effective_suit(c: Card, deck: Deck) -> Suit:
    """The suit ``c`` plays as: spades for the jokers (and under ``jjdd`` the 2D).

    Cards outside the deck keep their printed suit.
    """
    return _PLACE[deck][c][0]


def is_spade(c: Card, deck: Deck) -> bool:
    """Whether ``c`` is a trump (a spade) under ``deck``."""
    return _PLACE[deck][c][0] is Suit.SPADES


def power(c: Card, deck: Deck) -> int:
    """The rank of ``c`` within its effective suit: the higher card of a suit beats the lower.

    2..14 for the pips and honours; above the ace of spades 15, 16 (LJ, BJ) under
    ``jokers`` and 15..18 (2S, 2D, LJ, BJ) under ``jjdd``.
    """
    return _PLACE[deck][c][1]
