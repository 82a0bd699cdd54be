"""What the cards are under a ruleset: the pack, each card's suit in play, its power.

Under the ``jokers`` and ``jjdd`` decks some cards change suit (the jokers, and under
``jjdd`` the 2D, are spades) and rank above the ace of spades.  Everything here is looked
up in tables built once at import, one per :class:`Deck`, so the trick-by-trick calls
(:func:`effective_suit`, :func:`power`, :func:`trick_winner_index`) are dictionary reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def _suits(deck: Deck) -> Mapping[Card, Suit]:
    top = _TOP_SPADES[deck]
    return MappingProxyType({c: Suit.SPADES if c in top else c.suit for c in ALL_CARDS})


def _powers(deck: Deck) -> Mapping[Card, int]:
    top = _TOP_SPADES[deck]
    above_ace = {c: 15 + i for i, c in enumerate(top)}
    return MappingProxyType({c: above_ace.get(c, c.rank) for c in ALL_CARDS})


def _packs(deck: Deck) -> Mapping[int, frozenset[Card]]:
    """The pack of ``deck`` for each number of players that can play with it."""
    pack = frozenset(ALL_CARDS) - _LEFT_OUT[deck]
    packs = {2: pack, 4: pack}
    if _LEFT_OUT_BY_THREE not in _TOP_SPADES[deck]:
        packs[3] = pack - {_LEFT_OUT_BY_THREE}
    return MappingProxyType(packs)


_SUIT: Final[Mapping[Deck, Mapping[Card, Suit]]] = MappingProxyType({d: _suits(d) for d in Deck})
_POWER: Final[Mapping[Deck, Mapping[Card, int]]] = MappingProxyType({d: _powers(d) for d in Deck})
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
    return _SUIT[deck][c]


def is_spade(c: Card, deck: Deck) -> bool:
    """Whether ``c`` is a trump (a spade) under ``deck``."""
    return _SUIT[deck][c] is Suit.SPADES


def power(c: Card, deck: Deck) -> int:
    """The rank of ``c`` within its effective suit: the higher card of a suit beats the lower.

    2..14 for the pips and honours; above the ace of spades 15, 16 (LJ, BJ) under
    ``jokers`` and 15..18 (2S, 2D, LJ, BJ) under ``jjdd``.
    """
    return _POWER[deck][c]


def trick_winner_index(cards: Sequence[Card], deck: Deck) -> int:
    """The index in ``cards`` (in the order played) of the card that wins the trick.

    The highest spade wins; without spades, the highest card of the suit led.
    """
    suit_of = _SUIT[deck]
    power_of = _POWER[deck]
    best = 0
    best_suit = suit_of[cards[0]]
    best_power = power_of[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit_of[c]
        if s is best_suit:
            p = power_of[c]
            if p > best_power:
                best, best_power = i, p
        elif s is Suit.SPADES:
            best, best_suit, best_power = i, s, power_of[c]
    return best
