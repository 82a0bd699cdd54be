"""The typed events a record is made of.

The parser (``spadesctl.notation``) turns each line of a record into one event; the
record assembler (``spadesctl.record``) groups them into games and hands.  Every event
is an immutable value that carries its source :class:`Position`.  Positions are left
out of equality, so two records that say the same thing compare equal wherever they
were written (this is what the formatter's round-trip tests rely on).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from spadesctl.cards import Card, Party, Seat, Side
from spadesctl.diagnostics import SYNTAX_ERROR, Kind
from spadesctl.values import fast_init


@fast_init
@dataclass(frozen=True, slots=True, order=True)
class Position:
    """1-based line and column in the source text."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NOWHERE = Position(0, 0)


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a line as written, with where it stands: the tokens of the readers
    that keep a line's words before they know what they mean (PBN sections,
    trick-notation lines)."""

    text: str
    pos: Position


@fast_init
@dataclass(frozen=True, slots=True)
class GameStart:
    """Where a game begins in an event stream (``iter_events``): its 1-based index in
    the file. Its tags follow as :class:`Tag` events, then its hands."""

    index: int
    source: str = "-"
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Tag:
    """``[Name "value"]``: game metadata (seats' player names, the ruleset, anything else)."""

    name: str
    value: str
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_N = TypeVar("_N", bound=_Named)


def first_named(items: Iterable[_N], name: str) -> _N | None:
    """The first of ``items`` (tags) called ``name``, case-insensitively, or ``None``."""
    lowered = name.lower()
    for item in items:
        if item.name.lower() == lowered:
            return item
    return None


@fast_init
@dataclass(frozen=True, slots=True)
class HandStart:
    """``hand N dealer SEAT``."""

    number: int
    dealer: Seat
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Holding:
    """One seat's cards in a ``deal`` line, as dealt (before any pass)."""

    seat: Seat
    cards: tuple[Card, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Deal:
    """``deal N:... E:... S:... W:...``."""

    holdings: tuple[Holding, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    def hand_of(self, seat: Seat) -> tuple[Card, ...] | None:
        for h in self.holdings:
            if h.seat is seat:
                return h.cards
        return None


@fast_init
@dataclass(frozen=True, slots=True)
class Pass:
    """``pass FROM>TO CARD ...``: cards passed face down."""

    giver: Seat
    receiver: Seat
    cards: tuple[Card, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


class BidKind(enum.Enum):
    """How a bid was made. A plain ``0`` stays ``NUMBER``: whether it is nil is the ruleset's."""

    NUMBER = "number"
    NIL = "nil"
    BLIND_NIL = "bnil"
    BLIND = "blind"


@fast_init
@dataclass(frozen=True, slots=True)
class Bid:
    """One bid: by a seat, or by a whole side (``bid EW 6``) in side-bidding games."""

    bidder: Party
    kind: BidKind
    tricks: int
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    @property
    def text(self) -> str:
        if self.kind is BidKind.NIL:
            return "nil"
        if self.kind is BidKind.BLIND_NIL:
            return "bnil"
        if self.kind is BidKind.BLIND:
            return f"b{self.tricks}"
        return str(self.tricks)

    @property
    def is_side_bid(self) -> bool:
        return isinstance(self.bidder, Side)


@fast_init
@dataclass(frozen=True, slots=True)
class Bids:
    """``bid SEAT VALUE ...``: bids in the order they were made."""

    bids: tuple[Bid, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Raise:
    """``raise SIDE N`` (``raise SEAT N`` without partnerships): in a second round of
    bidding (``bid_rounds=2``), the party's new total contract."""

    bidder: Party
    tricks: int
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Widow:
    """``widow CARD CARD``: the cards left over after the deal (``widow`` rules)."""

    cards: tuple[Card, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Take:
    """``take SEAT CARD ...``: a seat takes cards of the widow into its hand."""

    seat: Seat
    cards: tuple[Card, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Discard:
    """``discard SEAT CARD ...``: a seat that took widow cards lays as many face down."""

    seat: Seat
    cards: tuple[Card, ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


#: A line that moves cards between the hands and the widow.
WidowLine = Take | Discard


@fast_init
@dataclass(frozen=True, slots=True)
class Draw:
    """``draw SEAT keep CARD discard CARD`` (or discard first): one two-player draw step."""

    seat: Seat
    kept: Card
    discarded: Card
    keep_first: bool
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Trick:
    """``trick N LEADER CARD ...``: the cards in the order played, clockwise from the leader."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    card_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    def position_of(self, index: int) -> Position:
        """Where card ``index`` of the trick was written (the line's start if unknown)."""
        if index < len(self.card_columns):
            return Position(self.pos.line, self.card_columns[index])
        return self.pos

    @property
    def card_pos(self) -> tuple[Position, ...]:
        return tuple(self.position_of(i) for i in range(len(self.cards)))


@fast_init
@dataclass(frozen=True, slots=True)
class Claim:
    """``claim SEAT``: SEAT claims the remaining tricks."""

    seat: Seat
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Took:
    """``took SEAT N ...`` (or ``took NS 6 EW 7``): tricks taken, for unplayed hands."""

    counts: tuple[tuple[Party, int], ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Renege:
    """``renege SEAT TRICK``: a renege called and established at the table."""

    seat: Seat
    trick: int
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class RecordedScore:
    """``score SIDE N ...``: running totals as the scorekeeper wrote them."""

    entries: tuple[tuple[Party, int], ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class RecordedBags:
    """``bags SIDE N ...``: bag counts as the scorekeeper wrote them."""

    entries: tuple[tuple[Party, int], ...]
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Result:
    """``result SIDE``: the recorded winner."""

    winner: Party
    pos: Position = field(default=NOWHERE, compare=False, repr=False)


@fast_init
@dataclass(frozen=True, slots=True)
class SyntaxIssue:
    """A line that could not be read. ``expected`` says what would have been valid."""

    message: str
    pos: Position = field(default=NOWHERE, compare=False, repr=False)
    kind: Kind = SYNTAX_ERROR


#: An event produced for one line of a record.
LineEvent = (
    Tag
    | HandStart
    | Deal
    | Pass
    | Bids
    | Raise
    | Widow
    | Take
    | Discard
    | Draw
    | Trick
    | Claim
    | Took
    | Renege
    | RecordedScore
    | RecordedBags
    | Result
    | SyntaxIssue
)
