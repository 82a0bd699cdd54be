"""Cards as a page shows them: rank and suit symbol, and which suits are red.

Red suits are drawn with the hollow symbols (``♡ ♢``) and black suits with the solid
ones (``♠ ♣``), so that red and black are told apart by shape as well as by colour (in
print, and for readers who do not see the colours).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from spadesctl.cards import BIG_JOKER_RANK, HOLDING_SUITS, Card, Suit

#: Each suit's symbol, class name and word.
SUIT_SYMBOL: Final = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♡",
    Suit.DIAMONDS: "♢",
    Suit.CLUBS: "♣",
    Suit.JOKER: "★",
}
SUIT_CLASS: Final = {
    Suit.SPADES: "s",
    Suit.HEARTS: "h",
    Suit.DIAMONDS: "d",
    Suit.CLUBS: "c",
    Suit.JOKER: "j",
}
RED_SUITS: Final = frozenset({Suit.HEARTS, Suit.DIAMONDS})

#: The rows of a holding: the four suits, then the jokers.
ROW_SUITS: Final = (*HOLDING_SUITS, Suit.JOKER)


@dataclass(frozen=True, slots=True)
class CardView:
    """One card: ``code`` as the notation writes it (``7C``), ``rank`` as people read it
    (``10``, ``big joker``), the suit's symbol and class (``s h d c j``)."""

    code: str
    rank: str
    symbol: str
    suit: str
    red: bool

    @property
    def label(self) -> str:
        """Rank and symbol together: ``10♡``."""
        return f"{self.rank}{self.symbol}" if self.suit != "j" else self.rank


@functools.cache
def card_view(c: Card) -> CardView:
    if c.is_joker:
        rank = "BJ" if c.rank == BIG_JOKER_RANK else "LJ"
    else:
        rank = "10" if c.rank == 10 else c.text[0]
    return CardView(c.text, rank, SUIT_SYMBOL[c.suit], SUIT_CLASS[c.suit], c.suit in RED_SUITS)


def by_suit(
    held: tuple[Card, ...] | list[Card],
) -> tuple[tuple[str, str, tuple[CardView, ...]], ...]:
    """A holding as rows (symbol, suit class, cards high to low); jokers only if held."""
    rows = []
    for suit in ROW_SUITS:
        in_suit = sorted((c for c in held if c.suit is suit), key=lambda c: -c.rank)
        if suit is Suit.JOKER and not in_suit:
            continue
        rows.append((SUIT_SYMBOL[suit], SUIT_CLASS[suit], tuple(card_view(c) for c in in_suit)))
    return tuple(rows)
