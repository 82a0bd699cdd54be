"""Games and hands: the line events of one game grouped into an immutable record.

:func:`assemble` is the only place that knows which line may follow which: it checks
the record's shape (a ``bid`` line outside a hand, two ``deal`` lines in one hand, tags
after the hands, a tag given twice) and reports misplaced lines as issues on the game.
Whether the lines make sense under the rules is the replay engine's job.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from heapq import merge
from itertools import groupby
from typing import cast

from spadesctl.cards import Seat
from spadesctl.diagnostics import MISPLACED_LINE
from spadesctl.events import (
    NOWHERE,
    Bid,
    Bids,
    Claim,
    Deal,
    Draw,
    GameStart,
    HandStart,
    LineEvent,
    Pass,
    Position,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    SyntaxIssue,
    Tag,
    Took,
    Trick,
)
from spadesctl.values import fast_init

SEAT_TAGS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}


@fast_init
@dataclass(frozen=True, slots=True)
class Hand:
    """One hand (deal) of a game, as recorded. Every part but the number is optional."""

    number: int
    dealer: Seat
    deal: Deal | None = None
    draws: tuple[Draw, ...] = ()
    bids: tuple[Bid, ...] = ()
    passes: tuple[Pass, ...] = ()
    tricks: tuple[Trick, ...] = ()
    claim: Claim | None = None
    took: Took | None = None
    reneges: tuple[Renege, ...] = ()
    score: RecordedScore | None = None
    bags: RecordedBags | None = None
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    @property
    def is_played(self) -> bool:
        """Whether the record shows the card play (rather than only ``took``)."""
        return bool(self.tricks)


@fast_init
@dataclass(frozen=True, slots=True)
class Game:
    """One game: its tags, its hands and the recorded result."""

    tags: tuple[Tag, ...] = ()
    hands: tuple[Hand, ...] = ()
    result: Result | None = None
    issues: tuple[SyntaxIssue, ...] = ()
    source: str = field(default="-", compare=False)
    index: int = field(default=1, compare=False)
    pos: Position = field(default=NOWHERE, compare=False, repr=False)

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` (case-insensitive), or ``None``."""
        lowered = name.lower()
        for t in self.tags:
            if t.name.lower() == lowered:
                return t.value
        return None

    def tag_event(self, name: str) -> Tag | None:
        lowered = name.lower()
        for t in self.tags:
            if t.name.lower() == lowered:
                return t
        return None

    @property
    def rules_text(self) -> str | None:
        return self.tag("Rules")

    def hands_with_issues(self) -> frozenset[int]:
        """Numbers of the hands holding a line that could not be read (or was misplaced).

        Their replay diagnostics would mostly repeat the consequences of that line, so
        ``check`` and ``score`` leave them out (the hands are still scored).
        """
        if not self.issues:
            return frozenset()
        out: set[int] = set()
        for issue in self.issues:
            owner = None
            for hand in self.hands:
                if hand.pos.line > issue.pos.line:
                    break
                owner = hand.number
            if owner is not None:
                out.add(owner)
        return frozenset(out)

    @property
    def players(self) -> dict[Seat, str]:
        """Player names by seat, from the ``North``/``East``/``South``/``West`` tags."""
        return {seat: t.value for t in self.tags if (seat := SEAT_TAGS.get(t.name)) is not None}


class _HandBuilder:
    """Collects the lines of one hand (a local, short-lived accumulator)."""

    def __init__(self, start: HandStart) -> None:
        self.start = start
        self.deal: Deal | None = None
        self.draws: list[Draw] = []
        self.bids: list[Bid] = []
        self.passes: list[Pass] = []
        self.tricks: list[Trick] = []
        self.claim: Claim | None = None
        self.took: Took | None = None
        self.reneges: list[Renege] = []
        self.score: RecordedScore | None = None
        self.bags: RecordedBags | None = None

    def build(self) -> Hand:
        return Hand(
            number=self.start.number,
            dealer=self.start.dealer,
            deal=self.deal,
            draws=tuple(self.draws),
            bids=tuple(self.bids),
            passes=tuple(self.passes),
            tricks=tuple(self.tricks),
            claim=self.claim,
            took=self.took,
            reneges=tuple(self.reneges),
            score=self.score,
            bags=self.bags,
            pos=self.start.pos,
        )


_LINE_NAMES: dict[type, str] = {
    Bids: "bid",
    Trick: "trick",
    Pass: "pass",
    Draw: "draw",
    Renege: "renege",
    Deal: "deal",
    Claim: "claim",
    Took: "took",
    RecordedScore: "score",
    RecordedBags: "bags",
}


def assemble(events: Iterable[LineEvent], source: str = "-", index: int = 1) -> Game:
    """Group the line events of one game into a :class:`Game`."""
    tags: list[Tag] = []
    tag_names: set[str] = set()  # lower case, as Game.tag looks them up
    hands: list[Hand] = []
    issues: list[SyntaxIssue] = []
    result: Result | None = None
    current: _HandBuilder | None = None
    first_pos: Position | None = None

    def misplaced(message: str, pos: Position) -> None:
        issues.append(SyntaxIssue(message, pos, MISPLACED_LINE))

    def once(slot: str, event: Deal | Claim | Took | RecordedScore | RecordedBags) -> None:
        assert current is not None
        if getattr(current, slot) is not None:
            misplaced(
                f"a second '{_LINE_NAMES[type(event)]}' line in hand {current.start.number}",
                event.pos,
            )
        else:
            setattr(current, slot, event)

    for event in events:
        if first_pos is None:
            first_pos = event.pos
        kind = type(event)
        # the lines of a hand first: they are almost every line of a record
        if kind is Trick and current is not None:
            current.tricks.append(cast(Trick, event))
        elif kind is Bids and current is not None:
            current.bids.extend(cast(Bids, event).bids)
        elif isinstance(event, SyntaxIssue):
            issues.append(event)
        elif isinstance(event, Tag):
            if hands or current is not None:
                misplaced("a tag after the hands; tags come first in a game", event.pos)
            elif event.name.lower() in tag_names:
                misplaced(f"a second '{event.name}' tag; a game gives each tag once", event.pos)
            else:
                tag_names.add(event.name.lower())
                tags.append(event)
        elif isinstance(event, HandStart):
            if current is not None:
                hands.append(current.build())
            if result is not None:
                misplaced("a hand after the 'result' line", event.pos)
            current = _HandBuilder(event)
        elif isinstance(event, Result):
            if result is not None:
                misplaced("a second 'result' line", event.pos)
            else:
                result = event
        elif current is None:
            misplaced(f"a '{_LINE_NAMES[type(event)]}' line before any 'hand' line", event.pos)
        elif isinstance(event, Bids):
            current.bids.extend(event.bids)
        elif isinstance(event, Trick):
            current.tricks.append(event)
        elif isinstance(event, Pass):
            current.passes.append(event)
        elif isinstance(event, Draw):
            current.draws.append(event)
        elif isinstance(event, Renege):
            current.reneges.append(event)
        elif isinstance(event, Deal):
            once("deal", event)
        elif isinstance(event, Claim):
            once("claim", event)
        elif isinstance(event, Took):
            once("took", event)
        elif isinstance(event, RecordedScore):
            once("score", event)
        elif isinstance(event, RecordedBags):
            once("bags", event)
    if current is not None:
        hands.append(current.build())
    return Game(
        tags=tuple(tags),
        hands=tuple(hands),
        result=result,
        issues=tuple(issues),
        source=source,
        index=index,
        pos=first_pos or NOWHERE,
    )


def game_events(game: Game) -> Iterator[GameStart | LineEvent]:
    """The events of ``game`` in source order: the inverse of :func:`assemble`.

    A :class:`GameStart` first, then its tags, hands, result and issues, each hand's
    bids grouped back into one :class:`Bids` event per line.
    """
    yield GameStart(game.index, game.source, game.pos)
    events: list[LineEvent] = list(game.issues)
    for hand in game.hands:
        events.append(HandStart(hand.number, hand.dealer, hand.pos))
        if hand.deal is not None:
            events.append(hand.deal)
        events.extend(hand.draws)
        for _, line_bids in groupby(hand.bids, key=lambda b: b.pos.line):
            group = tuple(line_bids)
            events.append(Bids(group, group[0].pos))
        events.extend(hand.passes)
        events.extend(hand.tricks)
        events.extend(e for e in (hand.claim, hand.took) if e is not None)
        events.extend(hand.reneges)
        events.extend(e for e in (hand.score, hand.bags) if e is not None)
    if game.result is not None:
        events.append(game.result)
    # canonical order for records without positions; source order for parsed ones.  The
    # tags keep the game's order (a PBN reader's synthetic Rules tag stands where its
    # options were, which may be before other tags): merged in, never sorted.
    events.sort(key=_source_order)
    yield from merge(game.tags, events, key=_source_order)


def _source_order(event: LineEvent) -> tuple[int, int]:
    return (event.pos.line, event.pos.column) if event.pos.line else (0, 0)
