"""The score sheet of one game: every hand's recomputed figures beside what the record wrote.

A :class:`ScoreSheet` is built from a :class:`~spadesctl.record.Game`, its ruleset and
one :class:`SheetHand` per hand (the replay's bids and tricks, the scorer's
:class:`~spadesctl.scoring.HandScore`, and the hand's recorded ``score`` and ``bags``
lines).  It is an immutable value: the disputes (:mod:`spadesctl.sheet.disputes`) and
the renderers (:mod:`spadesctl.sheet.render`) only read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.events import NOWHERE, Bid, Position, RecordedBags, RecordedScore, Result
from spadesctl.record import Game
from spadesctl.rules.parse import format_rules
from spadesctl.rules.ruleset import BagMode, Ruleset
from spadesctl.scoring import (
    GameResult,
    HandScore,
    RenegeRuling,
    Standing,
    game_decision,
    parties_of,
    seats_of,
)
from spadesctl.values import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class SheetHand:
    """One hand of the sheet.

    - ``bids`` and ``taken``: as the replay read them (``taken`` per seat, or per side
      from a ``took NS 6 EW 7`` line; empty when the record does not tell).
    - ``score``: the recomputed hand, or ``None`` when it could not be scored (then
      ``unscored`` says why).
    - ``rulings``: the renege rulings the table made (``renege`` lines), applied in
      ``score``; ``reneges``: every renege the replay proved from the play, called or not
      (``--apply-penalties`` penalises them all).
    - ``recorded_score`` / ``recorded_bags``: the hand's ``score`` and ``bags`` lines.
    """

    number: int
    dealer: Seat
    bids: tuple[Bid, ...] = ()
    taken: tuple[tuple[Party, int], ...] = ()
    score: HandScore | None = None
    recorded_score: RecordedScore | None = None
    recorded_bags: RecordedBags | None = None
    rulings: tuple[RenegeRuling, ...] = ()
    reneges: tuple[RenegeRuling, ...] = ()
    unbid: bool = False
    unscored: str | None = None
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    @property
    def scored(self) -> bool:
        return self.score is not None

    @property
    def recorded_totals(self) -> dict[Party, int]:
        """The running totals the sheet wrote after this hand (empty without a score line)."""
        return dict(self.recorded_score.entries) if self.recorded_score else {}

    @property
    def recorded_bag_counts(self) -> dict[Party, int]:
        """The bag counts the sheet wrote after this hand (empty without a bags line)."""
        return dict(self.recorded_bags.entries) if self.recorded_bags else {}

    def bids_of(self, party: Party) -> tuple[Bid, ...]:
        """The party's bids: a side bid first, then its seats' bids in seat order."""
        own = [b for b in self.bids if b.bidder is party]
        seats = seats_of(party)
        by_seat = sorted(
            (b for b in self.bids if isinstance(b.bidder, Seat) and b.bidder in seats),
            key=lambda b: seats.index(b.bidder) if isinstance(b.bidder, Seat) else 0,
        )
        return tuple(own + [b for b in by_seat if b not in own])

    def taken_by(self, party: Party) -> tuple[tuple[Party, int], ...]:
        """The tricks the record gives the party: per seat when known, else the side's total."""
        counts = dict(self.taken)
        if party in counts:
            return ((party, counts[party]),)
        return tuple((s, counts[s]) for s in seats_of(party) if s in counts)


@fast_init
@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A whole game's sheet: its hands in order, the recomputed result and the recorded one.

    ``result`` is the first decision the recomputed scores reach (``None``: no one has
    won yet); ``hands_after_end`` lists the hands recorded after it.
    """

    game: Game
    rules: Ruleset
    hands: tuple[SheetHand, ...]
    result: GameResult | None = None
    hands_after_end: tuple[int, ...] = ()

    @classmethod
    def of(cls, game: Game, rules: Ruleset, hands: Iterable[SheetHand]) -> ScoreSheet:
        """A sheet whose result is decided from the hands' scores, as the scorer decides it."""
        hand_tuple = tuple(hands)
        result, after_end = game_decision(rules, ((h.number, h.score) for h in hand_tuple))
        return cls(game, rules, hand_tuple, result, after_end)

    @property
    def parties(self) -> tuple[Party, ...]:
        """Who scores: NS and EW, or every seat in a game without partnerships."""
        return parties_of(self.rules)

    @property
    def partnership(self) -> bool:
        return all(isinstance(p, Side) for p in self.parties)

    @property
    def carries_bags(self) -> bool:
        """Whether the ruleset keeps a bag count (``bag_mode=carry``)."""
        return self.rules.bag_mode is BagMode.CARRY

    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats_for(self.rules.players)

    @property
    def source(self) -> str:
        return self.game.source

    @property
    def index(self) -> int:
        return self.game.index

    @property
    def title(self) -> str | None:
        """The game's ``Event`` tag, if any."""
        return self.game.tag("Event")

    @property
    def rules_text(self) -> str:
        return format_rules(self.rules)

    @property
    def recorded_result(self) -> Result | None:
        return self.game.result

    @property
    def scored_hands(self) -> tuple[HandScore, ...]:
        return tuple(h.score for h in self.hands if h.score is not None)

    @property
    def standing(self) -> Standing:
        """The recomputed standing after the last scored hand."""
        scored = self.scored_hands
        return scored[-1].after if scored else Standing.start(self.rules)

    def hand(self, number: int) -> SheetHand:
        for h in self.hands:
            if h.number == number:
                return h
        raise KeyError(number)

    def player(self, seat: Seat) -> str | None:
        """The player's name from the seat tags, if given."""
        return self.game.players.get(seat)
