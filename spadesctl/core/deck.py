"""The deck on integers: suit numbers, card indices, each deck's tables, the trick winner.

Everything that plays or checks cards works on card *indices* (positions in
:data:`~spadesctl.cards.ALL_CARDS`, 0..53) and suit *numbers* (:data:`SPADES` 0,
:data:`HEARTS` 1, :data:`DIAMONDS` 2, :data:`CLUBS` 3: the one suit numbering, which the
express check's bit tables use too), so that a trick is replayed with tuple indexing and
small-integer sets rather than hashing card objects.  The tables are derived once, at
import, from :mod:`spadesctl.rules.deck` (the single source of what each card is under a
deck), one per (deck, number of players).  :func:`trick_winner` is the one definition of
who wins a trick.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from spadesctl.cards import ALL_CARDS, Card, Suit, card
from spadesctl.rules.deck import deck_cards, effective_suit, has_widow, power
from spadesctl.rules.ruleset import Deck, FirstLead, Ruleset, WidowRule

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
#: The suits' letters by number (holdings list the suits in this order too).
SUIT_LETTERS: Final = "SHDC"
SUIT_NUMBER: Final = {
    Suit.SPADES: SPADES,
    Suit.HEARTS: HEARTS,
    Suit.DIAMONDS: DIAMONDS,
    Suit.CLUBS: CLUBS,
}

#: Card index -> card.
CARDS: Final = ALL_CARDS
TWO_OF_CLUBS: Final = ALL_CARDS.index(card("2C"))

# Cards are interned and hashed by identity (``Card`` has ``eq=False``), so a plain dict
# maps each card to its index with a pointer hash; a whole trick or holding is mapped in
# one ``map`` call.  Plain dicts (never changed after import) rather than mapping
# proxies: these are read for every card of every trick.
_INDEX_BY_CARD: Final[dict[Card, int]] = {c: i for i, c in enumerate(ALL_CARDS)}
#: Card -> index, as a C-level callable (for ``map``).
index_of: Final = _INDEX_BY_CARD.__getitem__


def card_index(c: Card) -> int:
    """The index of ``c`` in :data:`CARDS`."""
    return _INDEX_BY_CARD[c]


def card_indices(cards: Iterable[Card]) -> list[int]:
    """The indices of ``cards``, in order (one call for a whole trick or holding)."""
    return list(map(index_of, cards))


#: Card index -> its place in the canonical holding order (S, H, D, C, jokers; high
#: first), and back: ``sorted`` on places needs no key function.
HOLDING_PLACE: Final = tuple(
    sorted(
        range(len(ALL_CARDS)),
        key=lambda i: ("SHDCJ".index(ALL_CARDS[i].suit.value), -ALL_CARDS[i].rank),
    ).index(i)
    for i in range(len(ALL_CARDS))
)
CARD_AT_PLACE: Final = tuple(
    ALL_CARDS[i] for i in sorted(range(len(ALL_CARDS)), key=HOLDING_PLACE.__getitem__)
)


def indices_text(indices: Iterable[int]) -> str:
    """The cards of a set of indices as a message names them, in index order (``AS 3H``)."""
    return " ".join(CARDS[i].text for i in sorted(indices))


def holding_cards(indices: Iterable[int]) -> tuple[Card, ...]:
    """The cards of a set of indices, in the canonical holding order."""
    return tuple(map(CARD_AT_PLACE.__getitem__, sorted(map(HOLDING_PLACE.__getitem__, indices))))


@dataclass(frozen=True, slots=True)
class DeckTable:
    """One deck as seen by a table of ``players``: per card index, its suit and power.

    ``suit[i]`` is the suit number card ``i`` plays as (jokers, and the 2D under
    ``jjdd``, are spades); ``power[i]`` its rank within that suit (higher beats lower);
    ``in_pack[i]`` whether it is in the pack at all; ``widow``: the pack is the whole
    54 cards, dealt 13 each with two left over (the ``widow`` rules).
    """

    deck: Deck
    players: int
    widow: bool
    suit: tuple[int, ...]
    power: tuple[int, ...]
    in_pack: tuple[bool, ...]
    pack: frozenset[int]

    def spades_in(self, indices: Iterable[int]) -> int:
        """How many of the cards ``indices`` play as spades (a mirror bid: the spades held)."""
        suit = self.suit
        return sum(1 for i in indices if suit[i] == SPADES)

    def not_in_pack_reason(self, index: int) -> str:
        """Why card ``index`` is not dealt, in words: ``2C is not in the jokers deck``."""
        c = CARDS[index]
        if self.players == 3 and c.text == "2D" and self.deck is not Deck.JJDD:
            return "2D is left out of the deck when three play"
        return f"{c.text} is not in the {self.deck.value} deck"


@functools.cache
def _table(deck: Deck, high_twos: tuple[str, ...], players: int, widow: bool) -> DeckTable:
    rules = Ruleset(
        deck=deck,
        high_twos=high_twos,
        players=players,
        partnership=players == 4,
        widow=WidowRule.ASIDE if widow and deck is not Deck.STANDARD else WidowRule.OFF,
    )
    try:
        pack = deck_cards(rules)
    except ValueError:  # no valid pack (jjdd, or a raised 2D, with three): the rules refuse it
        pack = deck_cards(Ruleset(deck=deck, high_twos=high_twos))
    indices = frozenset(card_index(c) for c in pack)
    return DeckTable(
        deck=deck,
        players=players,
        widow=has_widow(rules),
        suit=tuple(SUIT_NUMBER.get(effective_suit(c, rules), -1) for c in ALL_CARDS),
        power=tuple(power(c, rules) for c in ALL_CARDS),
        in_pack=tuple(i in indices for i in range(len(ALL_CARDS))),
        pack=indices,
    )


def deck_table(rules: Ruleset) -> DeckTable:
    """The table of the deck (with its ``high_twos``), number of players and widow of
    ``rules``."""
    return _table(rules.deck, rules.high_twos, rules.players, has_widow(rules))


def trick_winner(table: DeckTable, indices: Sequence[int], lowest_club: bool = False) -> int:
    """The position in ``indices`` (card indices, in the order played) of the card that
    wins the trick: the highest spade, else the highest card of the suit led.

    ``lowest_club``: the first trick under ``first_lead=lowest_club``, which the highest
    club wins (an ordinary trick when no club was played).
    """
    suit, power = table.suit, table.power
    led = suit[indices[0]]
    best, best_key = 0, -1
    for k, c in enumerate(indices):
        cs = suit[c]
        if lowest_club and cs == CLUBS:
            key = 300 + power[c]
        elif cs == SPADES:
            key = 200 + power[c]
        elif cs == led:
            key = 100 + power[c]
        else:
            key = 0
        if key > best_key:
            best, best_key = k, key
    return best


def first_trick_lowest_club(rules: Ruleset, first: bool) -> bool:
    """Whether a trick is the first one of a hand under ``first_lead=lowest_club``."""
    return first and rules.first_lead is FirstLead.LOWEST_CLUB


def trick_winner_of_cards(cards: Sequence[Card], rules: Ruleset, first: bool = False) -> int:
    """:func:`trick_winner` of cards under ``rules``; ``first``: the hand's first trick."""
    return trick_winner(
        deck_table(rules), card_indices(cards), first_trick_lowest_club(rules, first)
    )
