"""The decks as the express check reads them: each card's suit in play, bit and strength.

Built once per :class:`~spadesctl.rules.ruleset.Deck` from :mod:`spadesctl.rules.deck`
(the one place that says which cards are in the pack, which are spades and how they
rank), for four players.  A card is ``(suit, bit, strength)``: its suit in play (spades
0, hearts 1, diamonds 2, clubs 3; the jokers, and under ``jjdd`` the 2D, are spades),
its bit among the cards of that suit (1 << (power - 2), so that a lower card has a lower
bit), and its strength in a trick it can win by following suit or trumping (spades 100
above the rest).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from spadesctl.cards import ALL_CARDS, Suit
from spadesctl.rules.deck import deck_cards, effective_suit, power
from spadesctl.rules.ruleset import Deck, Ruleset

#: Suits in play by number; holdings list them in this order too (spades.hearts...).
SUIT_NUMBER: Final = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
SUIT_LETTERS: Final = "SHDC"
#: A holding group's ranks, high first; the fifth group holds the jokers, big first.
_GROUP_ORDER: Final = ("AKQJT98765432",) * 4 + ("BL",)
_JOKER_TEXT: Final = {"B": "BJ", "L": "LJ"}

Card = tuple[int, int, int]  # (suit in play, bit, strength)


@dataclass(frozen=True, slots=True)
class DeckTables:
    """One deck for the express check."""

    deck: Deck
    cards: dict[str, Card]  # canonical card text -> card, for the cards in the pack
    two_of_clubs: Card | None  # None where the 2C is not in the pack


@functools.cache
def deck_tables(deck: Deck) -> DeckTables:
    """The express check's tables for ``deck`` (four players)."""
    pack = deck_cards(Ruleset(deck=deck))
    cards: dict[str, Card] = {}
    for c in ALL_CARDS:
        if c not in pack:
            continue
        suit = SUIT_NUMBER[effective_suit(c, deck)]
        strength = power(c, deck) + (100 if suit == 0 else 0)
        cards[c.text] = (suit, 1 << (power(c, deck) - 2), strength)
    return DeckTables(deck, cards, cards.get("2C"))


@functools.lru_cache(maxsize=5 * 8192)
def holding_group(deck: Deck, group: int, text: str) -> tuple[int, int, int, int, int] | None:
    """Group ``group`` of a holding (0..3 the printed suits S, H, D, C; 4 the jokers), as
    ``fmt`` writes it (high first): the bits it adds to each suit in play, and its number
    of cards; ``None`` if it is not written so or holds a card outside the pack."""
    order = _GROUP_ORDER[group]
    cards = deck_tables(deck).cards
    masks = [0, 0, 0, 0]
    last = -1
    for ch in text:
        place = order.find(ch)
        if place <= last:  # not a rank, or not below the one before
            return None
        last = place
        card = cards.get(_JOKER_TEXT[ch] if group == 4 else ch + SUIT_LETTERS[group])
        if card is None:
            return None  # not in this deck's pack
        masks[card[0]] |= card[1]
    return masks[0], masks[1], masks[2], masks[3], len(text)
