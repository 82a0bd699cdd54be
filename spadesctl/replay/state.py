"""The working state of one hand's replay: who holds which cards, what has been played.

Cards are indices into :data:`~spadesctl.core.deck.CARDS`; seats are positions
(0..players-1) in the clockwise seat order of the table.  ``counts[seat][suit]`` keeps
how many cards of each suit (as the deck plays it) a seat holds, so that "could this
player follow suit?" is one list read.  The state is local to one replay and mutated as
the hand goes on; nothing of it escapes into the results.  Only cards of the pack are
ever held (a card outside it is reported where it appears and never given to anyone).
"""

from __future__ import annotations

from collections.abc import Iterable

from spadesctl.cards import Seat
from spadesctl.core.deck import CARDS, DeckTable


class HandState:
    """Holdings, suit counts and played cards during one replay."""

    __slots__ = (
        "counts",
        "first_play",
        "holding",
        "known",
        "out_of_play",
        "passed",
        "played",
        "seats",
        "table",
    )

    def __init__(
        self,
        table: DeckTable,
        seats: tuple[Seat, ...],
        holdings: list[set[int]],
        known: bool,
        first_play: dict[int, int],
    ) -> None:
        self.table = table
        self.seats = seats
        self.holding = holdings
        suit = table.suit.__getitem__
        self.counts = [_suit_counts(list(map(suit, cards))) for cards in holdings]
        #: Whether the holdings are the real ones (a deal or draws) or inferred from play.
        self.known = known
        #: Card index -> number of the trick it was played to (so far).
        self.played: dict[int, int] = {}
        #: Card index -> the first trick the record shows it played to (whole hand).
        self.first_play = first_play
        #: Card index -> (giver, receiver) of the last pass that moved it.
        self.passed: dict[int, tuple[int, int]] = {}
        #: Card index -> where it is, for a card out of play (the widow's, a discard).
        self.out_of_play: dict[int, str] = {}

    def give(self, seat: int, c: int) -> None:
        """Add ``c`` to the seat's holding (cards outside the pack are never held)."""
        if c not in self.holding[seat] and self.table.in_pack[c]:
            self.holding[seat].add(c)
            self.counts[seat][self.table.suit[c]] += 1

    def take(self, seat: int, c: int) -> bool:
        """Remove ``c`` from the seat's holding; whether it was there."""
        held = self.holding[seat]
        if c in held:
            held.remove(c)
            self.counts[seat][self.table.suit[c]] -= 1
            return True
        return False

    def holds_only_spades(self, seat: int) -> bool:
        """Whether the seat holds no card but spades (the spade just led included)."""
        row = self.counts[seat]
        return row[1] == 0 and row[2] == 0 and row[3] == 0

    def of_suit(self, seat: int, suit: int) -> list[int]:
        """The seat's cards of ``suit``, lowest first."""
        table = self.table
        return sorted(
            (c for c in self.holding[seat] if table.suit[c] == suit), key=table.power.__getitem__
        )

    def describe(self, cards: Iterable[int]) -> str:
        """Cards for a message; when inferred, where the record shows each one played."""
        parts = []
        for c in cards:
            text = CARDS[c].text
            if not self.known and c in self.first_play:
                text += f" (played in trick {self.first_play[c]})"
            parts.append(text)
        return _and(parts)

    def whereabouts(self, c: int) -> str:
        """Where card ``c`` is, for a card-not-held message: ``North holds it``."""
        if c in self.out_of_play:
            return self.out_of_play[c]
        if c in self.passed:
            giver, receiver = self.passed[c]
            return f"{self.seats[giver].word} passed it to {self.seats[receiver].word}"
        for s, held in enumerate(self.holding):
            if c in held:
                return f"{self.seats[s].word} holds it"
        return "no one was dealt it" if self.known else "the record does not show who held it"


def _suit_counts(suits: list[int]) -> list[int]:
    """How many of each suit number (spades, hearts, diamonds, clubs) ``suits`` holds."""
    return [suits.count(0), suits.count(1), suits.count(2), suits.count(3)]


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
