"""Where on a page a diagnostic belongs: the card, bid, pass, holding or sheet line.

Every element a diagnostic can concern has an id (its anchor): ``hand-3-trick-4-E`` for
East's card in trick 4 of hand 3, ``hand-3-trick-4`` for the trick, ``hand-3-bid-E``,
``hand-3-pass-N``, ``hand-3-deal-E``, ``hand-3``, ``sheet-hand-3``, ``result`` and
``header`` for the game itself (a hand or trick number written twice gets ``-2`` on its
second id: ``hand-3-2``).  :func:`locate` picks one for a diagnostic: by what the
replay says (hand, trick, seat) first, then by its position in the record (the line and
column of the card, bid or line it points at), then its hand, then the game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spadesctl.cards import Card, Seat
from spadesctl.diagnostics import Diagnostic
from spadesctl.record import Game
from spadesctl.referee import RefereedGame

_SEAT_WORDS = {s.value: s.word for s in Seat}


def unique(names: Sequence[str]) -> tuple[str, ...]:
    """The names, a repeated one suffixed ``-2``, ``-3``... (a record may number two hands,
    or two tricks, alike; the page's ids must still differ)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Anchors:
    """The anchors of one game's page, by what finds them.

    ``bases``: each hand's id (``hand-3``), in the game's order; ``tricks``: each hand's
    trick row ids (``hand-3-trick-4``) in the replay's order.  The other maps find an
    anchor by hand number (the first hand of that number), trick, seat or position.
    """

    bases: tuple[str, ...]
    tricks: tuple[tuple[str, ...], ...]
    bid_ids: tuple[tuple[str, ...], ...]  # each hand's bid ids, in the record's order
    pass_ids: tuple[tuple[str, ...], ...]
    cards: Mapping[tuple[int, int, str], str]  # (hand, trick, seat)
    bids: Mapping[tuple[int, str], str]  # (hand, bidder)
    holdings: Mapping[tuple[int, str], str]  # (hand, seat)
    passes: Mapping[tuple[int, str], str]  # (hand, giver)
    positions: Mapping[tuple[int, int], str]  # (line, column) of a card or a bid
    lines: Mapping[int, str]  # line -> the element that line writes
    hands: Mapping[int, str]
    played: Mapping[tuple[int, str], tuple[tuple[int, Card], ...]]  # (hand, seat) -> plays

    @classmethod
    def of(cls, game: Game, refereed: RefereedGame) -> Anchors:
        bases = unique([f"hand-{h.number}" for h in refereed.hands])
        tricks: list[tuple[str, ...]] = []
        bid_ids: list[tuple[str, ...]] = []
        pass_ids: list[tuple[str, ...]] = []
        cards: dict[tuple[int, int, str], str] = {}
        bids: dict[tuple[int, str], str] = {}
        holdings: dict[tuple[int, str], str] = {}
        passes: dict[tuple[int, str], str] = {}
        positions: dict[tuple[int, int], str] = {}
        lines: dict[int, str] = {t.pos.line: "header" for t in game.tags if t.pos.line}
        hands: dict[int, str] = {}
        played: dict[tuple[int, str], list[tuple[int, Card]]] = {}
        if game.result is not None and game.result.pos.line:
            lines[game.result.pos.line] = "result"
        for base, rh in zip(bases, refereed.hands, strict=True):
            replayed = rh.replayed
            n = replayed.number
            first = n not in hands
            hands.setdefault(n, base)
            record = replayed.hand
            if record.pos.line:
                lines.setdefault(record.pos.line, base)
            rows = unique([f"{base}-trick-{t.number}" for t in replayed.tricks])
            tricks.append(rows)
            for row, t in zip(rows, replayed.tricks, strict=True):
                for s, c in zip(t.seats, t.cards, strict=False):
                    cards.setdefault((n, t.number, s.value), f"{row}-{s.value}")
                    if first:
                        played.setdefault((n, s.value), []).append((t.number, c))
            # the written tricks are the replayed ones, in order, when none was dropped
            same = len(record.tricks) == len(rows)
            for k, written in enumerate(record.tricks):
                row = rows[k] if same else f"{base}-trick-{written.number}"
                line = written.pos.line
                if row not in rows:  # a trick the replay dropped (led by a seat not at
                    if line:  # the table): its notes go to its hand
                        lines.setdefault(line, base)
                    continue
                if line:
                    lines.setdefault(line, row)
                # the card columns are in the order the cards are written (leader first)
                seats = _seats_from(written.leader, replayed.seats, len(written.cards))
                for s, column in zip(seats, written.card_columns, strict=False):
                    positions.setdefault((line, column), f"{row}-{s.value}")
            bid_ids.append(unique([f"{base}-bid-{b.bidder.value}" for b in record.bids]))
            for anchor, b in zip(bid_ids[-1], record.bids, strict=True):
                bids.setdefault((n, b.bidder.value), anchor)
                if b.pos.line:
                    positions.setdefault((b.pos.line, b.pos.column), anchor)
            for s in replayed.seats:
                holdings.setdefault((n, s.value), f"{base}-deal-{s.value}")
            if record.deal is not None:
                for h in record.deal.holdings:
                    # a seat not at the table (East in a two-player game) has no holding
                    # on the page: its diagnostic goes to the deal line
                    if h.pos.line and h.seat in replayed.seats:
                        positions.setdefault(
                            (h.pos.line, h.pos.column), f"{base}-deal-{h.seat.value}"
                        )
                if record.deal.pos.line:
                    lines.setdefault(record.deal.pos.line, f"{base}-deal")
            pass_ids.append(unique([f"{base}-pass-{p.giver.value}" for p in record.passes]))
            for anchor, p in zip(pass_ids[-1], record.passes, strict=True):
                passes.setdefault((n, p.giver.value), anchor)
                if p.pos.line:
                    lines.setdefault(p.pos.line, anchor)
            for sheet_line in (record.score, record.bags):
                if sheet_line is not None and sheet_line.pos.line:
                    lines.setdefault(sheet_line.pos.line, f"sheet-{base}")
        return cls(
            bases,
            tuple(tricks),
            tuple(bid_ids),
            tuple(pass_ids),
            cards,
            bids,
            holdings,
            passes,
            positions,
            lines,
            hands,
            {k: tuple(v) for k, v in played.items()},
        )


def _seats_from(leader: Seat, seats: tuple[Seat, ...], count: int) -> tuple[Seat, ...]:
    if leader not in seats:
        return ()
    i = seats.index(leader)
    return tuple(seats[(i + k) % len(seats)] for k in range(min(count, len(seats))))


def locate(d: Diagnostic, anchors: Anchors) -> tuple[str, str]:
    """The anchor a diagnostic is shown at, and where that is in words."""
    hand, trick, seat = d.hand, d.trick, d.seat
    where = _where(d)
    group = d.code[:3]
    if hand is not None:
        if trick is not None and seat is not None and (hand, trick, seat) in anchors.cards:
            return anchors.cards[(hand, trick, seat)], where
        if group == "SP2" and seat is not None and (hand, seat) in anchors.bids:
            return anchors.bids[(hand, seat)], where
        if d.name == "bad-pass" and seat is not None and (hand, seat) in anchors.passes:
            return anchors.passes[(hand, seat)], where
        if group == "SP1" and seat is not None and (hand, seat) in anchors.holdings:
            return anchors.holdings[(hand, seat)], where
    found = anchors.positions.get((d.line, d.column)) or anchors.lines.get(d.line)
    if found is not None:
        return found, where
    if d.name == "result-mismatch":
        return "result", where
    if hand is not None and hand in anchors.hands:
        return anchors.hands[hand], where
    return _hand_of_line(d.line, anchors), where


def _hand_of_line(line: int, anchors: Anchors) -> str:
    """The hand whose lines hold ``line`` (a line that could not be read), else the game."""
    owner = "header"
    for first, anchor in sorted(
        (n, a) for n, a in anchors.lines.items() if a in _hand_ids(anchors)
    ):
        if first > line:
            break
        owner = anchor
    return owner


def _hand_ids(anchors: Anchors) -> set[str]:
    return set(anchors.hands.values())


def _where(d: Diagnostic) -> str:
    parts = [f"line {d.line}"] if d.line else []
    if d.hand is not None:
        parts.append(f"hand {d.hand}")
    if d.trick is not None:
        parts.append(f"trick {d.trick}")
    if d.seat is not None:
        parts.append(_SEAT_WORDS.get(d.seat, d.seat))
    return ", ".join(parts)


_CARD_WORD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\b[BL]J\b")


def proof_cards(
    d: Diagnostic, anchors: Anchors, start: Mapping[Seat, tuple[Card, ...]]
) -> tuple[Card, ...]:
    """The cards a renege's message names that the seat still held at that trick: the
    cards that prove it (the replay's message names them; this finds them in the hand)."""
    if d.hand is None or d.trick is None or d.seat is None:
        return ()
    seat = next((s for s in start if s.value == d.seat), None)
    if seat is None:
        return ()
    gone = {c for t, c in anchors.played.get((d.hand, d.seat), ()) if t < d.trick}
    named = set(_CARD_WORD.findall(d.message))
    return tuple(c for c in start[seat] if c not in gone and c.text in named)
