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
    Discard,
    Draw,
    GameStart,
    HandStart,
    LineEvent,
    Pass,
    Position,
    Raise,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    SyntaxIssue,
    Tag,
    Take,
    Took,
    Trick,
    Widow,
    WidowLine,
    first_named,
)
from spadesctl.values import fast_init

SEAT_TAGS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}

#: How the message of a game's issue ends when the reader left the rest of the game out
#: (past the last hand, or too long to hold): the hands before it are whole.
GAME_CUT = "the rest of this game is left out"


@fast_init
@dataclass(frozen=True, slots=True)
class Hand:
    """One hand (deal) of a game, as recorded. Every part but the number is optional.

    The lines that move cards are kept apart by where they stand, before or after the
    first ``bid`` line: ``passes_before_bid`` (``pass_cards``) and ``passes`` (after a
    blind nil); ``widow_before_bid`` and ``widow_after_bid``, the ``take`` and
    ``discard`` lines of the ``widow`` rules.  ``raises``: the second round of bidding.
    """

    number: int
    dealer: Seat
    deal: Deal | None = None
    draws: tuple[Draw, ...] = ()
    bids: tuple[Bid, ...] = ()
    passes: tuple[Pass, ...] = ()
    passes_before_bid: tuple[Pass, ...] = ()
    widow: Widow | None = None
    widow_before_bid: tuple[WidowLine, ...] = ()
    raises: tuple[Raise, ...] = ()
    widow_after_bid: tuple[WidowLine, ...] = ()
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

    @property
    def totals_only(self) -> bool:
        """Whether the hand holds only the sheet's ``score``/``bags`` lines (a paper sheet
        that kept the totals only): nothing to replay, the totals are the standing."""
        return (self.score is not None or self.bags is not None) and not (
            self.deal
            or self.draws
            or self.bids
            or self.passes
            or self.passes_before_bid
            or self.widow
            or self.widow_before_bid
            or self.raises
            or self.widow_after_bid
            or self.tricks
            or self.claim
            or self.took
            or self.reneges
        )


@fast_init
@dataclass(frozen=True, slots=True)
class GameComment:
    """A comment of a game, where ``fmt`` puts it: at the end of line ``line`` of the
    game's canonical text (``inline``), or on a line of its own before it; ``line`` one
    past the game's last line: after the game (before the next game's first line).
    ``line`` counts from 1, without the ``[NewGame]`` separator line.  ``text`` is the
    comment as written (``; ...`` or ``{ ... }``, a block may hold newlines)."""

    line: int
    inline: bool
    text: str


@fast_init
@dataclass(frozen=True, slots=True)
class Game:
    """One game: its tags, its hands and the recorded result.

    ``comments``: what a record read from tables, PBN or trick-notation keeps of its
    comments (the native reader leaves them to ``fmt`` and ``convert``:
    :func:`spadesctl.formatting.commented_game`); written back by
    :func:`spadesctl.notation.format_games`, never compared."""

    tags: tuple[Tag, ...] = ()
    hands: tuple[Hand, ...] = ()
    result: Result | None = None
    issues: tuple[SyntaxIssue, ...] = ()
    source: str = field(default="-", compare=False)
    index: int = field(default=1, compare=False)
    pos: Position = field(default=NOWHERE, compare=False, repr=False)
    comments: tuple[GameComment, ...] = field(default=(), compare=False, repr=False)

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` (case-insensitive), or ``None``."""
        found = first_named(self.tags, name)
        return None if found is None else found.value

    def tag_event(self, name: str) -> Tag | None:
        return first_named(self.tags, name)

    @property
    def rules_text(self) -> str | None:
        return self.tag("Rules")

    def hands_with_issues(self) -> frozenset[int]:
        """Numbers of the hands holding a line that could not be read (or was misplaced).

        Their replay diagnostics would mostly repeat the consequences of that line, so
        ``check`` and ``score`` leave them out (the hands are still scored).  The issue
        that a game was cut short (:data:`GAME_CUT`) belongs to no hand.
        """
        if not self.issues:
            return frozenset()
        out: set[int] = set()
        for issue in self.issues:
            if issue.message.endswith(GAME_CUT):
                continue
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
        self.passes_before_bid: list[Pass] = []
        self.widow: Widow | None = None
        self.widow_before_bid: list[WidowLine] = []
        self.raises: list[Raise] = []
        self.widow_after_bid: list[WidowLine] = []
        self.bid_seen = False
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
            passes_before_bid=tuple(self.passes_before_bid),
            widow=self.widow,
            widow_before_bid=tuple(self.widow_before_bid),
            raises=tuple(self.raises),
            widow_after_bid=tuple(self.widow_after_bid),
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
    Raise: "raise",
    Widow: "widow",
    Take: "take",
    Discard: "discard",
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

    def once(slot: str, event: Deal | Widow | Claim | Took | RecordedScore | RecordedBags) -> None:
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
            line = cast(Bids, event).bids
            current.bids.extend(line)
            current.bid_seen = current.bid_seen or bool(line)  # an empty auction is no line
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
            current.bid_seen = current.bid_seen or bool(event.bids)
        elif isinstance(event, Trick):
            current.tricks.append(event)
        elif isinstance(event, Pass):
            (current.passes if current.bid_seen else current.passes_before_bid).append(event)
        elif isinstance(event, Take | Discard):
            (current.widow_after_bid if current.bid_seen else current.widow_before_bid).append(
                event
            )
        elif isinstance(event, Raise):
            if current.bid_seen:
                current.raises.append(event)
            else:
                misplaced(
                    f"a 'raise' line before the 'bid' line of hand {current.start.number}",
                    event.pos,
                )
        elif isinstance(event, Widow):
            once("widow", event)
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
    issues.sort(key=lambda i: (i.pos.line, i.pos.column))  # a PBN game's come out of order
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

    A :class:`GameStart` first, then its tags (in the game's order), each hand's
    ``hand`` event and then its own events (bids grouped back into one :class:`Bids`
    event per line), the result last, and the issues merged in where they stand.  For a
    parsed native record that is the order of its lines; a PBN record may write a hand's
    parts in any order, and its game's synthetic Rules tag where its options were, so
    nothing is sorted across those boundaries.
    """
    yield GameStart(game.index, game.source, game.pos)
    body: list[LineEvent] = list(game.tags)
    for hand in game.hands:
        body.append(HandStart(hand.number, hand.dealer, hand.pos))
        # The lines before the bid line, the bid lines, the lines after them: each group in
        # canonical order without positions, else in source order.  The groups keep their
        # order whatever the positions (a PBN record may write its Passes tag above its
        # Auction), so that assemble puts every line back where it was.
        before: list[LineEvent] = [hand.deal] if hand.deal is not None else []
        if hand.widow is not None:
            before.append(hand.widow)
        before.extend(hand.draws)
        before.extend(hand.widow_before_bid)
        before.extend(hand.passes_before_bid)
        bid_lines: list[LineEvent] = []
        for _, line_bids in groupby(hand.bids, key=lambda b: b.pos.line):
            group = tuple(line_bids)
            bid_lines.append(Bids(group, group[0].pos))
        after: list[LineEvent] = [*hand.raises, *hand.widow_after_bid, *hand.passes]
        after.extend(hand.tricks)
        after.extend(e for e in (hand.claim, hand.took) if e is not None)
        after.extend(hand.reneges)
        after.extend(e for e in (hand.score, hand.bags) if e is not None)
        if bid_lines:
            before.sort(key=_source_order)
            after.sort(key=_source_order)
            # the bids in bidding order, which assemble keeps: an import table's bids
            # stand on their seats' rows, in any order of the rows (docs/import.md)
            body.extend([*before, *bid_lines, *after])
        else:  # without a bid line nothing stands after it (assemble reads it so)
            own = before + after
            own.sort(key=_source_order)
            body.extend(own)
    if game.result is not None:
        body.append(game.result)
    yield from merge(body, sorted(game.issues, key=_source_order), key=_source_order)


def _source_order(event: LineEvent | Hand) -> tuple[int, int]:
    return (event.pos.line, event.pos.column) if event.pos.line else (0, 0)
