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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from spadesctl.cards import Card, Party, Seat
from spadesctl.events import (
    Bid,
    Discard,
    Raise,
    Take,
    Trick,
)
from spadesctl.imports.build import (
    WidowCells,
    bids_of,
    deal_of,
    entries_of,
    in_order,
    raises_of,
    reneges_of,
    took_of,
    widow_lines_of,
)
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
    raise_to: int | None = None
    party_bid: str | None = None
    pass_after_bids_to: str | None = None
    passed_after_bids: str | None = None
    pass_after_bids_order: int | None = None
    widow_taken: str | None = None
    widow_taken_before_bids: bool | None = None
    widow_discarded: str | None = None
    widow_discarded_before_bids: bool | None = None
    widow_order: int | None = None


NO_COLUMNS: Final = SeatColumns()


@dataclass(frozen=True, slots=True)
class HandColumns:
    """A hand's lossless cells: per seat, and the lines no column holds (on the first row)."""

    seats: Mapping[Seat, SeatColumns]
    lines_before_bids: str | None
    lines_after_bids: str | None
    widow: str | None = None  # on every row of the hand


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
    held: set[str] = set()  # the parts of the hand its columns hold exactly
    # the deal
    if hand.deal is not None:
        by_seat = {h.seat: h.cards for h in hand.deal.holdings}
        rows = [(s, by_seat[s]) for s in seats if s in by_seat]
        if deal_of(rows) == hand.deal and len(by_seat) == len(hand.deal.holdings):
            for seat, cards in rows:
                cells[seat]["deal"] = _cards_text(cards)
            held.add("deal")
    # the bids
    if hand.bids and _bids_in_cells(hand.bids, seats, parties, cells):
        held.add("bids")
    # the passes before the bidding: the stats columns ``pass_to`` and ``passed_cards``
    # (tables.adapter) hold one pass a seat
    row_of = {s: i for i, s in enumerate(seats)}
    early = hand.passes_before_bid
    if (
        early
        and _one_each(p.giver for p in early)
        and all(p.giver in row_of and p.cards for p in early)
        and in_order([(None, row_of[p.giver], p) for p in early]) == early
    ):
        held.add("passes_before_bid")
    # the raises and the passes after the bidding (a blind nil's exchange)
    if hand.raises and _raises_in_cells(hand.raises, seats, parties, cells):
        held.add("raises")
    if (
        hand.passes
        and _one_each(p.giver for p in hand.passes)
        and all(p.giver in cells and p.cards for p in hand.passes)
    ):
        for place, p in enumerate(hand.passes, start=1):
            cells[p.giver]["pass_after_bids_to"] = p.receiver.value
            cells[p.giver]["passed_after_bids"] = _cards_text(p.cards)
            cells[p.giver]["pass_after_bids_order"] = place
        held.add("passes")
    # the widow's take and discard lines
    if hand.widow_before_bid or hand.widow_after_bid:
        widow_cells = _widow_cells(hand, row_of)
        if widow_cells is not None:
            for seat, widow_own in widow_cells.items():
                cells[seat].update(widow_own)
            held.update(("widow_before_bid", "widow_after_bid"))
    # the play
    if hand.tricks and _same_tricks(hand.tricks, played):
        held.add("tricks")
    if hand.claim is not None and hand.claim.seat in cells:
        cells[hand.claim.seat]["claim"] = True
        held.add("claim")
    if hand.took is not None:
        counts = dict(hand.took.counts)
        rows_took = [(s, counts[s]) for s in seats if s in counts]
        if took_of(rows_took) == hand.took and len(counts) == len(hand.took.counts):
            for seat, n in rows_took:
                cells[seat]["took"] = n
            held.add("took")
    if hand.reneges:
        tricks: dict[Seat, list[int]] = {}
        for r in hand.reneges:
            tricks.setdefault(r.seat, []).append(r.trick)
        rulings = [(s, tuple(tricks[s])) for s in seats if s in tricks]
        if reneges_of(rulings) == hand.reneges:
            for seat, numbers in rulings:
                cells[seat]["ruled_reneges"] = " ".join(map(str, numbers))
            held.add("reneges")
    if hand.score is not None and _entries_in_cells(
        hand.score.entries, "recorded_score", seats, parties, cells
    ):
        held.add("score")
    if hand.bags is not None and _entries_in_cells(
        hand.bags.entries, "recorded_bags", seats, parties, cells
    ):
        held.add("bags")
    # what no column holds, as lines (the widow has a column of its own)
    rest = replace(hand, widow=None, **{part: _NONE[part] for part in held})
    return HandColumns(
        {s: SeatColumns(**c) if c else NO_COLUMNS for s, c in cells.items()},  # type: ignore[arg-type]
        _lines(replace(rest, **_NONE_FROM_BIDS)),
        _lines(replace(rest, **_NONE_BEFORE_BIDS)),
        None if hand.widow is None else _cards_text(hand.widow.cards),
    )


def _bids_in_cells(
    bids: tuple[Bid, ...],
    seats: Sequence[Seat],
    parties: Mapping[Seat, Party],
    cells: dict[Seat, dict[str, object]],
) -> bool:
    """Put the bids in the seats' cells, if they read back the same: a seat's own bid in
    its ``bid_text``, a side's bid as one (``bid NS 5``) in its rows' ``party_bid``
    (read from its first row), each with its ``bid_order``."""
    order = {b.bidder: i for i, b in enumerate(bids, start=1)}
    if len(order) != len(bids):
        return False
    by_seat: dict[Seat, tuple[str, Bid]] = {}
    for b in bids:
        if isinstance(b.bidder, Seat) and b.bidder in cells:
            mine = [b.bidder]
            column = "bid_text"
        else:
            mine = [s for s in seats if parties[s] is b.bidder and s is not b.bidder]
            column = "party_bid"
        if not mine or any(s in by_seat for s in mine):
            return False  # a party not at the table, or a seat that bids twice
        for s in mine:
            by_seat[s] = (column, b)
    rows_of = {s: i for i, s in enumerate(seats)}
    read: list[tuple[int | None, int, Bid]] = []
    firsts: set[Party] = set()
    for s in seats:
        if s in by_seat and by_seat[s][1].bidder not in firsts:
            firsts.add(by_seat[s][1].bidder)
            read.append((order[by_seat[s][1].bidder], rows_of[s], by_seat[s][1]))
    if bids_of(read) != bids:
        return False
    for s, (column, b) in by_seat.items():
        cells[s][column] = b.text
        cells[s]["bid_order"] = order[b.bidder]
    return True


def _raises_in_cells(
    raises: tuple[Raise, ...],
    seats: Sequence[Seat],
    parties: Mapping[Seat, Party],
    cells: dict[Seat, dict[str, object]],
) -> bool:
    """Put the raises in the seats' ``raise_to`` cells, if they read back the same (in
    the order of the seats' ``bid_order`` cells, :func:`~spadesctl.imports.build.raises_of`)."""
    values = {r.bidder: r.tricks for r in raises}
    rows: list[tuple[int | None, int, tuple[Party, int]]] = []
    for row, seat in enumerate(seats):
        party = parties[seat]
        if party in values:
            place = cells[seat].get("bid_order")
            rows.append((place if isinstance(place, int) else None, row, (party, values[party])))
    if len(values) != len(raises) or raises_of(rows) != raises:
        return False
    for _, row, (_, tricks) in rows:
        cells[seats[row]]["raise_to"] = tricks
    return True


def _one_each(seats: Iterable[Seat]) -> bool:
    listed = list(seats)
    return len(set(listed)) == len(listed)


def _widow_cells(hand: Hand, row_of: Mapping[Seat, int]) -> dict[Seat, dict[str, object]] | None:
    """The seats' widow cells, when they read back as the hand's ``take`` and
    ``discard`` lines (:func:`~spadesctl.imports.build.widow_lines_of`): a take and a
    discard a seat at most, the takes before the discards in each part of the hand."""
    before, after = hand.widow_before_bid, hand.widow_after_bid
    lines = (*before, *after)
    takes = [line for line in lines if isinstance(line, Take)]
    discards = [line for line in lines if isinstance(line, Discard)]
    if not (_one_each(t.seat for t in takes) and _one_each(d.seat for d in discards)):
        return None
    if any(line.seat not in row_of for line in lines):
        return None
    seats = dict.fromkeys([*(t.seat for t in takes), *(d.seat for d in discards)])
    order = {seat: place for place, seat in enumerate(seats, start=1)}
    taken = {t.seat: t for t in takes}
    dropped = {d.seat: d for d in discards}
    rows = []
    for seat in order:
        take, discard = taken.get(seat), dropped.get(seat)
        cells = WidowCells(
            seat,
            None if take is None else take.cards,
            take is not None and any(x is take for x in before),
            None if discard is None else discard.cards,
            discard is not None and any(x is discard for x in before),
        )
        rows.append((order[seat], row_of[seat], cells))
    if widow_lines_of(rows) != (before, after):
        return None
    out: dict[Seat, dict[str, object]] = {}
    for place, _, c in rows:
        own: dict[str, object] = {"widow_order": place}
        if c.taken is not None:
            own["widow_taken"] = _cards_text(c.taken)
            own["widow_taken_before_bids"] = c.taken_before_bids
        if c.discarded is not None:
            own["widow_discarded"] = _cards_text(c.discarded)
            own["widow_discarded_before_bids"] = c.discarded_before_bids
        out[c.seat] = own
    return out


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


#: A hand's parts, each empty (its default): a part the columns hold is left out of the
#: lines.  The parts before the bids (``lines_before_bids``), and the others.
_NONE: Final[dict[str, Any]] = {
    f.name: f.default for f in fields(Hand) if f.name not in ("number", "dealer", "pos")
}
_BEFORE_BIDS: Final = ("deal", "draws", "widow_before_bid", "passes_before_bid")
_NONE_BEFORE_BIDS: Final = {part: _NONE[part] for part in _BEFORE_BIDS}
_NONE_FROM_BIDS: Final = {part: none for part, none in _NONE.items() if part not in _BEFORE_BIDS}


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
