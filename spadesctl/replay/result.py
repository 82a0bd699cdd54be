"""What a replay produces: plain, immutable values for the scorer, statistics and importers.

A :class:`ReplayedHand` is one hand as the rules see it: the bids that count, each trick
with its leader, cards and winner, the tricks each seat took, whether the hand is
complete, and every rule violation found (as :class:`~spadesctl.diagnostics.Diagnostic`
values, in source order).  A :class:`ReplayedGame` is a game's hands in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from spadesctl.cards import Card, Party, Seat, Side
from spadesctl.diagnostics import Diagnostic
from spadesctl.events import Bid
from spadesctl.record import Game, Hand
from spadesctl.rules.ruleset import Ruleset
from spadesctl.values import fast_init


class PlayedTrick(NamedTuple):
    """One trick as replayed.

    ``seats[i]`` played ``cards[i]`` (clockwise from ``leader``, as the record says).
    ``spades_broken`` tells whether spades had been broken when the trick was led, and
    ``breaks_spades`` whether this trick broke them (a spade led, or played to a trick
    of another suit).  A named tuple rather than a dataclass: a replay makes thirteen
    of them a hand, and a named tuple is built several times faster.
    """

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    winner: Seat
    spades_broken: bool
    breaks_spades: bool

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        for s, c in zip(self.seats, self.cards, strict=False):
            if s is seat:
                return c
        return None


@fast_init
@dataclass(frozen=True, slots=True)
class FoundRenege:
    """A renege the replay proved: ``seat`` did not follow suit in ``trick`` while able to."""

    seat: Seat
    trick: int


@fast_init
@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One hand replayed under ``rules``.

    - ``bids``: the bids that count, in the order made (a bid by a seat not at the table,
      or a second bid by the same party, is reported and left out); seat bids and, in
      side-bidding records, side bids (``bidder`` a :class:`~spadesctl.cards.Side`).
    - ``unbid``: the hand is played without bidding (``first_hand_unbid``).
    - ``tricks``: the tricks played, in order.
    - ``taken``: tricks per party as the scorer takes them (``score_hand``'s ``taken``):
      per seat from the play (a claim gives the claimer the rest), or from the ``took``
      line when there is one (which may give a side's total); empty when unknown.
    - ``complete``: all the tricks were played, or a claim or ``took`` line ends the hand.
    - ``holdings``: each seat's cards as dealt, before any pass; from the ``deal`` line
      or the two-player draws when ``holdings_known``, else inferred from the cards played
      (a lower bound: cards never played are unknown).
    - ``reneges``: the reneges the play proves, for ``score --apply-penalties``.
    - ``first_bids``: the bids of the first round, before the ``raise`` lines
      (``bid_rounds=2``); the same as ``bids`` when no raise counted.
    """

    hand: Hand
    rules: Ruleset
    seats: tuple[Seat, ...]
    bids: tuple[Bid, ...]
    unbid: bool
    tricks: tuple[PlayedTrick, ...]
    taken: tuple[tuple[Party, int], ...]
    complete: bool
    holdings: tuple[tuple[Seat, tuple[Card, ...]], ...]
    holdings_known: bool
    reneges: tuple[FoundRenege, ...]
    diagnostics: tuple[Diagnostic, ...]
    first_bids: tuple[Bid, ...] = ()

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    def dealer(self) -> Seat:
        return self.hand.dealer

    @property
    def scorable(self) -> bool:
        """Whether the scorer has what it needs: the tricks taken, and bids unless unbid."""
        return bool(self.taken) and (self.unbid or bool(self.bids))

    def bid_of(self, bidder: Party) -> Bid | None:
        """The bid made by a seat, or by a side as one."""
        for b in self.bids:
            if b.bidder is bidder:
                return b
        return None

    def taken_by(self, party: Party) -> int | None:
        """Tricks taken by a seat or a side; ``None`` when the record does not tell."""
        counts = dict(self.taken)
        if party in counts:
            return counts[party]
        if isinstance(party, Side):
            members = [counts.get(s) for s in party.seats]
            if all(m is not None for m in members):
                return sum(m for m in members if m is not None)
        return None

    def holding(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt (known or inferred, see ``holdings_known``)."""
        for s, cards in self.holdings:
            if s is seat:
                return cards
        return ()


@fast_init
@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """A game's hands replayed in order under ``rules``."""

    game: Game
    rules: Ruleset
    hands: tuple[ReplayedHand, ...]

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Every violation in the game's hands, in hand order (each hand in source order)."""
        return tuple(d for h in self.hands for d in h.diagnostics)
