"""The lossless columns ``export`` adds to the ``hands`` and ``games`` tables, so that the
tables read back (:mod:`spadesctl.imports.build`) as the very record.

Each part of a hand goes into its columns only when the reader's component function
gives it back equal (a deal whose seats are the table's, bids one a seat, a ``took`` line
in seat order, ...); anything else is written as the notation's lines in the hand's
``lines_before_bids`` or ``lines_after_bids`` cell, which the reader parses.  So the
columns hold what a game server has, and nothing of a record is lost.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from spadesctl.cards import Card, Party, Seat
from spadesctl.events import Bid, Claim, Deal, RecordedBags, RecordedScore, Renege, Took, Trick
from spadesctl.imports.build import bids_of, deal_of, entries_of, reneges_of, took_of
from spadesctl.notation.writer import format_tag, hand_lines
from spadesctl.record import Game, Hand
from spadesctl.replay.result import PlayedTrick


@dataclass(frozen=True, slots=True)
class SeatColumns:
    """A seat's lossless cells in a hand (``None``: null)."""

    bid_text: str | None = None
    bid_order: int | None = None
    deal: str | None = None
    took: int | None = None
    claim: bool = False
    ruled_reneges: str | None = None
    recorded_score: int | None = None
    recorded_bags: int | None = None


NO_COLUMNS: Final = SeatColumns()


@dataclass(frozen=True, slots=True)
class HandColumns:
    """A hand's lossless cells: per seat, and the lines no column holds (on the first row)."""

    seats: Mapping[Seat, SeatColumns]
    lines_before_bids: str | None
    lines_after_bids: str | None


#: A hand's lossless cells when they are not asked for: every one null (``claim`` false).
NO_HAND_COLUMNS: Final = HandColumns({}, None, None)


def game_tags(game: Game) -> str | None:
    """The ``tags`` cell of a game: its tags as the notation writes them, one a line."""
    return "\n".join(format_tag(t) for t in game.tags) if game.tags else None


def game_comments(game: Game, lines: Sequence[tuple[int, str]] = ()) -> str | None:
    """The ``comments`` cell of a game: each comment where ``fmt`` puts it in the game's
    canonical text (:func:`spadesctl.formatting.place_comments`), as a JSON list of
    ``{"line": N, "inline": BOOL, "text": TEXT}`` objects; ``lines``: the game's source
    lines that held a comment (:attr:`~spadesctl.notation.reader.GameText.comments`).
    A game read from tables keeps the comments it was read with."""
    placed = game.comments
    if not placed and lines:
        from spadesctl.formatting import comments_of_lines, place_comments

        placed = place_comments(game, comments_of_lines(lines))
    if not placed:
        return None
    return json.dumps(
        [{"line": c.line, "inline": c.inline, "text": c.text} for c in placed],
        ensure_ascii=False,
    )


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards) if cards else "-"


def _same_tricks(recorded: Sequence[Trick], played: Sequence[PlayedTrick]) -> bool:
    """Whether the tricks table (the replay's tricks) holds the record's trick lines."""
    kept = [t for t in played if t.cards]
    return len(recorded) == len(kept) and all(
        r.number == p.number and r.leader is p.leader and r.cards == p.cards
        for r, p in zip(recorded, kept, strict=True)
    )


def encode_hand(
    hand: Hand,
    seats: Sequence[Seat],
    parties: Mapping[Seat, Party],
    played: Sequence[PlayedTrick],
) -> HandColumns:
    """The lossless cells of ``hand``, whose rows are ``seats`` (in the table's order)
    scoring for ``parties``; ``played``: its rows of the tricks table."""
    cells: dict[Seat, dict[str, object]] = {s: {} for s in seats}
    rest = _Rest()
    # the deal
    if hand.deal is not None:
        by_seat = {h.seat: h.cards for h in hand.deal.holdings}
        rows = [(s, by_seat[s]) for s in seats if s in by_seat]
        if deal_of(rows) == hand.deal and len(by_seat) == len(hand.deal.holdings):
            for seat, cards in rows:
                cells[seat]["deal"] = _cards_text(cards)
        else:
            rest.deal = hand.deal
    # the bids
    if hand.bids:
        own = [b for b in hand.bids if isinstance(b.bidder, Seat) and b.bidder in cells]
        order = {b.bidder: i for i, b in enumerate(hand.bids, start=1)}
        ok = len(own) == len(hand.bids) and len(order) == len(own)
        decoded: tuple[Bid, ...] = ()
        if ok:
            decoded = bids_of([(order[b.bidder], 0, b) for b in own])
        if ok and decoded == hand.bids:
            for b in own:
                assert isinstance(b.bidder, Seat)
                cells[b.bidder]["bid_text"] = b.text
                cells[b.bidder]["bid_order"] = order[b.bidder]
        else:
            rest.bids = hand.bids
    # the play
    if hand.tricks and not _same_tricks(hand.tricks, played):
        rest.tricks = hand.tricks
    if hand.claim is not None:
        if hand.claim.seat in cells:
            cells[hand.claim.seat]["claim"] = True
        else:
            rest.claim = hand.claim
    if hand.took is not None:
        counts = dict(hand.took.counts)
        rows_took = [(s, counts[s]) for s in seats if s in counts]
        if took_of(rows_took) == hand.took and len(counts) == len(hand.took.counts):
            for seat, n in rows_took:
                cells[seat]["took"] = n
        else:
            rest.took = hand.took
    if hand.reneges:
        tricks: dict[Seat, list[int]] = {}
        for r in hand.reneges:
            tricks.setdefault(r.seat, []).append(r.trick)
        rulings = [(s, tuple(tricks[s])) for s in seats if s in tricks]
        if reneges_of(rulings) == hand.reneges:
            for seat, numbers in rulings:
                cells[seat]["ruled_reneges"] = " ".join(map(str, numbers))
        else:
            rest.reneges = hand.reneges
    if hand.score is not None and not _entries_in_cells(
        hand.score.entries, "recorded_score", seats, parties, cells
    ):
        rest.score = hand.score
    if hand.bags is not None and not _entries_in_cells(
        hand.bags.entries, "recorded_bags", seats, parties, cells
    ):
        rest.bags = hand.bags
    before = Hand(
        hand.number,
        hand.dealer,
        deal=rest.deal,
        widow=hand.widow,
        draws=hand.draws,
        widow_before_bid=hand.widow_before_bid,
        passes_before_bid=hand.passes_before_bid,
    )
    after = Hand(
        hand.number,
        hand.dealer,
        bids=rest.bids,
        raises=hand.raises,
        widow_after_bid=hand.widow_after_bid,
        passes=hand.passes,
        tricks=rest.tricks,
        claim=rest.claim,
        took=rest.took,
        reneges=rest.reneges,
        score=rest.score,
        bags=rest.bags,
    )
    return HandColumns(
        {s: SeatColumns(**c) if c else NO_COLUMNS for s, c in cells.items()},  # type: ignore[arg-type]
        _lines(before),
        _lines(after),
    )


def _entries_in_cells(
    entries: tuple[tuple[Party, int], ...],
    column: str,
    seats: Sequence[Seat],
    parties: Mapping[Seat, Party],
    cells: dict[Seat, dict[str, object]],
) -> bool:
    """Put a score or bags line's entries in the seats' cells, if they read back the same."""
    values = dict(entries)
    rows_of = [(parties[s], values[parties[s]]) for s in seats if parties[s] in values]
    if entries_of(rows_of) != entries or len(values) != len(entries):
        return False
    for seat in seats:
        if parties[seat] in values:
            cells[seat][column] = values[parties[seat]]
    return True


@dataclass(slots=True)
class _Rest:
    """The parts of a hand no column holds exactly: written as lines."""

    deal: Deal | None = None
    bids: tuple[Bid, ...] = ()
    tricks: tuple[Trick, ...] = ()
    claim: Claim | None = None
    took: Took | None = None
    reneges: tuple[Renege, ...] = ()
    score: RecordedScore | None = None
    bags: RecordedBags | None = None


def _lines(hand: Hand) -> str | None:
    lines = list(hand_lines(hand))[1:]  # without its "hand N dealer X" line
    return "\n".join(lines) if lines else None


__all__ = [
    "NO_COLUMNS",
    "NO_HAND_COLUMNS",
    "HandColumns",
    "SeatColumns",
    "encode_hand",
    "game_comments",
    "game_tags",
]
