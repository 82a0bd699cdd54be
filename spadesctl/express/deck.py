"""The decks as the express check reads them: each card's suit in play, bit and strength.

Built once per :class:`~spadesctl.rules.ruleset.Deck` and number of players from
:mod:`spadesctl.rules.deck` (the one place that says which cards are in the pack, which
are spades and how they rank).  A card is ``(suit, bit, strength)``: its suit in play (spades
0, hearts 1, diamonds 2, clubs 3; the jokers, and under ``jjdd`` the 2D, are spades),
its bit among the cards of that suit (1 << (power - 2), so that a lower card has a lower
bit), and its strength in a trick it can win by following suit or trumping (spades 100
above the rest).  The suit numbers are :mod:`spadesctl.core.deck`'s.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Final

from spadesctl.cards import ALL_CARDS
from spadesctl.core.deck import SPADES, SUIT_LETTERS, SUIT_NUMBER
from spadesctl.rules.deck import deck_cards, effective_suit, power
from spadesctl.rules.ruleset import Deck, Ruleset

#: A holding group's ranks, high first; the fifth group holds the jokers, big first.
_GROUP_ORDER: Final = ("AKQJT98765432",) * 4 + ("BL",)
_JOKER_TEXT: Final = {"B": "BJ", "L": "LJ"}

Card = tuple[int, int, int]  # (suit in play, bit, strength)
_RANKS_HIGH_FIRST: Final = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class DeckTables:
    """One deck for the express check.

    ``twos[g]``: where the 2 of printed suit ``g`` plays, as (suit in play, bit), or
    ``None`` where it is not in the pack; every other printed card plays in its own
    suit with the bit of its rank (:func:`rank_bits`), in every deck (checked when the
    tables are built).  ``jokers``: a holding's jokers group (``B``, ``L``, ``BL``) ->
    its spade bits and number of cards.
    """

    deck: Deck
    cards: dict[str, Card] = field(compare=False)  # canonical text -> card, in the pack
    two_of_clubs: Card | None  # None where the 2C is not in the pack
    twos: tuple[tuple[int, int] | None, ...]
    jokers: dict[str, tuple[int, int]] = field(compare=False)


@functools.cache
def deck_tables(deck: Deck, players: int = 4, high_twos: tuple[str, ...] = ()) -> DeckTables:
    """The express check's tables for ``deck`` (and its ``high_twos``) at a table of
    ``players`` (3 or 4: three players leave the 2D out); :class:`ValueError` where the
    deck has no such pack."""
    rules = Ruleset(deck=deck, players=players, high_twos=high_twos)
    pack = deck_cards(rules)
    cards: dict[str, Card] = {}
    for c in ALL_CARDS:
        if c not in pack:
            continue
        suit = SUIT_NUMBER[effective_suit(c, rules)]
        strength = power(c, rules) + (100 if suit == SPADES else 0)
        cards[c.text] = (suit, 1 << (power(c, rules) - 2), strength)
    for g, letter in enumerate(SUIT_LETTERS):
        for i, rank in enumerate(_RANKS_HIGH_FIRST[:-1]):
            if cards.get(rank + letter, (g, 1 << (12 - i)))[:2] != (g, 1 << (12 - i)):
                raise ValueError(f"{deck}: {rank}{letter} is not a plain card")  # pragma: no cover
    twos = tuple(
        cards[f"2{letter}"][:2] if f"2{letter}" in cards else None for letter in SUIT_LETTERS
    )
    jokers: dict[str, tuple[int, int]] = {}
    for text in ("B", "L", "BL"):
        held = [cards.get(_JOKER_TEXT[ch]) for ch in text]
        if all(j is not None and j[0] == 0 for j in held):
            jokers[text] = (sum(j[1] for j in held if j is not None), len(text))
    return DeckTables(deck, cards, cards.get("2C"), twos, jokers)


@functools.lru_cache(maxsize=8192)
def rank_bits(text: str) -> tuple[int, int] | None:
    """A holding's suit group as ``fmt`` writes it (ranks high first, ``AQ95``): its
    ranks as bits (2 is bit 0, A bit 12) and their number; ``None`` if not so written.
    Cached: a suit has only so many holdings, and the cache is the same for each suit."""
    bits = 0
    last = -1
    for ch in text:
        place = _RANKS_HIGH_FIRST.find(ch)
        if place <= last:  # not a rank, or not below the one before
            return None
        last = place
        bits |= 1 << (12 - place)
    return bits, len(text)
