"""Integer tables of a deck, for the replay's hot path.

The replay works on card *indices* (positions in :data:`~spadesctl.cards.ALL_CARDS`,
0..53) and suit *numbers* (0 spades, 1 hearts, 2 diamonds, 3 clubs), so that a trick is
replayed with tuple indexing and small-integer sets rather than hashing card objects.
The tables are derived once, at import, from :mod:`spadesctl.rules.deck` (the single
source of what each card is under a deck), one per (deck, number of players).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from spadesctl.cards import ALL_CARDS, Card, Suit, card
from spadesctl.rules.deck import deck_cards, effective_suit, power
from spadesctl.rules.ruleset import Deck, Ruleset

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
_SUIT_NUMBER: Final = {
    Suit.SPADES: SPADES,
    Suit.HEARTS: HEARTS,
    Suit.DIAMONDS: DIAMONDS,
    Suit.CLUBS: CLUBS,
}

#: Card index -> card.
CARDS: Final = ALL_CARDS
TWO_OF_CLUBS: Final = ALL_CARDS.index(card("2C"))

# Cards are interned, so an identity lookup finds almost every card; a card built
# directly with ``Card(rank, suit)`` is found by value instead.  No live card other than
# the interned ones can share their ids, since those are alive for the whole run.
# Plain dicts (never changed after import) rather than mapping proxies: these are read
# for every card of every trick.
_INDEX_BY_ID: Final[dict[int, int]] = {id(c): i for i, c in enumerate(ALL_CARDS)}
_INDEX_BY_CARD: Final[dict[Card, int]] = {c: i for i, c in enumerate(ALL_CARDS)}


def card_index(c: Card) -> int:
    """The index of ``c`` in :data:`CARDS`."""
    i = _INDEX_BY_ID.get(id(c))
    return _INDEX_BY_CARD[c] if i is None else i


def card_indices(cards: Iterable[Card]) -> list[int]:
    """The indices of ``cards``, in order (one call for a whole trick or holding)."""
    by_id = _INDEX_BY_ID
    try:
        return [by_id[id(c)] for c in cards]
    except KeyError:
        return [card_index(c) for c in cards]


@dataclass(frozen=True, slots=True)
class DeckTable:
    """One deck as seen by a table of ``players``: per card index, its suit and power.

    ``suit[i]`` is the suit number card ``i`` plays as (jokers, and the 2D under
    ``jjdd``, are spades); ``power[i]`` its rank within that suit (higher beats lower);
    ``in_pack[i]`` whether it is dealt at all.
    """

    deck: Deck
    players: int
    suit: tuple[int, ...]
    power: tuple[int, ...]
    in_pack: tuple[bool, ...]
    pack: frozenset[int]

    def not_in_pack_reason(self, index: int) -> str:
        """Why card ``index`` is not dealt, in words: ``2C is not in the jokers deck``."""
        c = CARDS[index]
        if self.players == 3 and c.text == "2D" and self.deck is not Deck.JJDD:
            return "2D is left out of the deck when three play"
        return f"{c.text} is not in the {self.deck.value} deck"


def _table(deck: Deck, players: int) -> DeckTable:
    try:
        pack = deck_cards(Ruleset(deck=deck, players=players, partnership=players == 4))
    except ValueError:  # jjdd with three players: no valid pack, the rules refuse it
        pack = deck_cards(Ruleset(deck=deck))
    indices = frozenset(card_index(c) for c in pack)
    return DeckTable(
        deck=deck,
        players=players,
        suit=tuple(_SUIT_NUMBER.get(effective_suit(c, deck), -1) for c in ALL_CARDS),
        power=tuple(power(c, deck) for c in ALL_CARDS),
        in_pack=tuple(i in indices for i in range(len(ALL_CARDS))),
        pack=indices,
    )


_TABLES: Final[Mapping[tuple[Deck, int], DeckTable]] = MappingProxyType(
    {(d, p): _table(d, p) for d in Deck for p in (2, 3, 4)}
)


def deck_table(rules: Ruleset) -> DeckTable:
    """The table of the deck and number of players of ``rules``."""
    return _TABLES[(rules.deck, rules.players)]
