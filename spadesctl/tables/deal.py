"""What a seat was dealt, as the figures of the ``hands`` table count it.

The seven deal columns of ``hands`` (:data:`~spadesctl.tables.schema.DEAL_FEATURES`):
the length of each natural suit (jokers are not in any suit here, whatever the deck
plays them as), the jokers, the aces, and the high cards (aces, kings, queens and jacks
of the four suits).  A seat's holding counts only when it is known whole: from the
``deal`` line (or the two-player draws), or rebuilt from a hand whose every trick was
played with every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadesctl.cards import Card, Suit

#: The lowest rank counted as a high card (the jack); the ace is 14.
HIGH_CARD_RANK: Final = 11
ACE_RANK: Final = 14
_SUIT_INDEX: Final = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}

#: (spades, hearts, diamonds, clubs, jokers, aces, high_cards)
Features = tuple[int, int, int, int, int, int, int]
#: The deal columns of a seat whose holding is not known.
NoDeal = tuple[None, None, None, None, None, None, None]
NO_DEAL: Final[NoDeal] = (None, None, None, None, None, None, None)


def features(holding: Sequence[Card]) -> Features:
    """The deal columns of one holding."""
    counts = [0, 0, 0, 0, 0, 0, 0]
    for card in holding:
        if card.is_joker:
            counts[4] += 1
            continue
        counts[_SUIT_INDEX[card.suit]] += 1
        if card.rank >= HIGH_CARD_RANK:
            counts[6] += 1
            if card.rank == ACE_RANK:
                counts[5] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])


def whole_deal_known(holdings: Sequence[Sequence[Card]], known: bool, hand_size: int) -> bool:
    """Whether every seat's holding is known whole: recorded (``known``), or rebuilt from
    play in which every seat played all ``hand_size`` of its cards."""
    if not holdings:
        return False
    if known:
        return all(holdings)
    return all(len(h) == hand_size for h in holdings)
