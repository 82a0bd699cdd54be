"""A refereed game as the values a report page shows: plain, immutable, already worded.

:func:`game_page` takes one :class:`~spadesctl.record.Game`, referees it (the ruleset of
its Rules tag, else ``default``), and returns a :class:`GamePage`: the header, the score
sheet beside the recorded figures, the chart's data, every hand (holdings as dealt,
passes, bids, tricks, the holdings at the start of play for the step-through) and every
diagnostic ``spadesctl check`` reports for the game, each attached to the element of the
page it concerns (:mod:`spadesctl.report.anchors`).  Nothing here knows HTML.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from spadesctl.cards import Card, Seat
from spadesctl.checking import game_diagnostics
from spadesctl.dates import game_date
from spadesctl.diagnostics import Diagnostic
from spadesctl.events import Bid, BidKind
from spadesctl.record import Game
from spadesctl.referee import RefereedGame, RefereedHand, referee_game
from spadesctl.report.anchors import Anchors, locate, proof_cards
from spadesctl.report.cards import CardView, by_suit, card_view
from spadesctl.rules.keys import KEYS
from spadesctl.rules.parse import format_rules
from spadesctl.rules.presets import PRESETS, STANDARD
from spadesctl.rules.resolve import rules_for_game
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sheet import SheetReport, sheet_from_referee
from spadesctl.sheet.render import bid_text, took_text

Rows = tuple[tuple[str, str, tuple[CardView, ...]], ...]

#: A trick's id or a card's in it: the trick's part is a step-through position.
_TRICK_ID = re.compile(r"^(hand-\d+(?:-\d+)?-trick-\d+)(?:-[A-Z])?$")


@dataclass(frozen=True, slots=True)
class DiagnosticView:
    """One diagnostic: ``anchor`` is its note's id (``d3``), ``target`` the id of what it
    concerns (a card, a bid, a sheet line...); ``proof``: the cards that prove a renege."""

    number: int
    code: str
    name: str
    severity: str
    message: str
    line: int
    column: int
    target: str
    where: str
    hand: int | None = None
    seat: str | None = None
    proof: tuple[CardView, ...] = ()

    @property
    def step(self) -> str | None:
        """The step-through's position of a note on a trick (``hand-1-trick-1``)."""
        found = _TRICK_ID.match(self.target)
        return found[1] if found else None

    @property
    def anchor(self) -> str:
        return f"d{self.number}"


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: str
    word: str
    player: str | None


@dataclass(frozen=True, slots=True)
class HoldingView:
    """A seat's cards as rows by suit; ``proof``: codes of cards that prove a renege."""

    anchor: str
    seat: SeatView
    rows: Rows
    proof: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class PassView:
    anchor: str
    giver: SeatView
    receiver: SeatView
    cards: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class BidView:
    anchor: str
    bidder: str  # a seat word, or a side (NS)
    player: str | None
    text: str  # as the notation writes it: 3, nil, bnil, b5
    words: str  # as people say it: 3, nil, blind nil, blind 5


@dataclass(frozen=True, slots=True)
class CellView:
    """One seat's card in a trick (``card`` None: the seat played no card there)."""

    anchor: str
    seat: str
    card: CardView | None
    lead: bool
    won: bool


@dataclass(frozen=True, slots=True)
class TrickView:
    anchor: str  # hand-3-trick-4: also the step-through's position
    number: int
    leader: str
    winner: str
    winner_seat: str
    cells: tuple[CellView, ...]  # in seat order (the trick table's columns)
    breaks_spades: bool


@dataclass(frozen=True, slots=True)
class HandView:
    number: int
    anchor: str  # hand-3 (hand-3-2 for a second hand numbered 3)
    key: str  # the anchor's number part: the step-through's data-hand
    dealer: str
    holdings_known: bool
    dealt: tuple[HoldingView, ...]
    passes: tuple[PassView, ...]
    bids: tuple[BidView, ...]
    unbid: bool
    tricks: tuple[TrickView, ...]
    start: tuple[HoldingView, ...]  # at the start of play, after the passes
    taken: tuple[tuple[str, int], ...]
    explanation: tuple[str, ...]
    unscored: str | None


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One party's line of the sheet for one hand; ``status``: ok, wrong (a new error
    here), carried (an earlier error carried on), unchecked, or empty (no sheet figure)."""

    anchor: str
    hand_anchor: str
    hand: int
    first: bool  # the hand's first row (its number and dealer are shown)
    dealer: str
    party: str
    bid: str
    took: str
    points: int | None
    bags: int | None
    total: int | None
    recorded: str
    status: str
    explanation: tuple[str, ...] = ()  # where the sheet is wrong: the hand's items


@dataclass(frozen=True, slots=True)
class Marker:
    """A point of the score chart marked for an event: ``kind`` set, bags, nil, nil-failed."""

    hand: int
    party: str
    total: int
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class ChartData:
    parties: tuple[str, ...]
    hands: tuple[int, ...]  # hand numbers scored, in order
    totals: tuple[tuple[int, ...], ...]  # per party, the running total after each hand
    target: int
    lose_at: int | None
    markers: tuple[Marker, ...]


@dataclass(frozen=True, slots=True)
class RuleRow:
    name: str
    value: str
    meaning: str
    differs: bool


@dataclass(frozen=True, slots=True)
class GamePage:
    """Everything a game's page shows."""

    source: str
    index: int
    event: str | None
    date: str | None
    date_sort: str  # ISO date or ""
    seats: tuple[SeatView, ...]
    parties: tuple[str, ...]
    partnership: bool
    rules_text: str
    rules_base: str
    rule_rows: tuple[RuleRow, ...]
    result: str
    winner: str | None
    recorded_result: str | None
    verdict: str
    sheet: tuple[SheetRow, ...]
    carries_bags: bool
    chart: ChartData
    hands: tuple[HandView, ...]
    diagnostics: tuple[DiagnosticView, ...]
    targets: frozenset[str]  # the ids that diagnostics are attached to

    @property
    def title(self) -> str:
        return self.event or f"Game {self.index} of {self.source}"

    def player_names(self) -> str:
        return ", ".join(s.player or "?" for s in self.seats)

    def notes_at(self, target: str) -> tuple[DiagnosticView, ...]:
        return tuple(d for d in self.diagnostics if d.target == target)

    @property
    def winner_names(self) -> str:
        """The winner with their names: ``NS (Ann, Cy)``."""
        if self.winner is None:
            return ""
        names = [s.player for s in self.seats if s.seat in self.winner and s.player]
        return f"{self.winner} ({', '.join(names)})" if names else self.winner


def game_page(game: Game, default: Ruleset = STANDARD) -> GamePage:
    """The page of one game, refereed under its Rules tag (else ``default``)."""
    chosen = rules_for_game(game, default)
    rules = chosen.rules
    refereed = referee_game(game, rules)
    sheet = SheetReport.of(sheet_from_referee(refereed, game.hands_with_issues()))
    seats = tuple(SeatView(s.value, s.word, game.players.get(s)) for s in sheet.sheet.seats)
    by_seat = {s.seat: s for s in seats}
    anchors = Anchors.of(game, refereed)
    starts = [_start_of_play(h) for h in refereed.hands]
    first_starts: dict[int, dict[Seat, tuple[Card, ...]]] = {}
    for h, start in zip(refereed.hands, starts, strict=True):
        first_starts.setdefault(h.number, start)
    found = game_diagnostics(game, default=default)
    views = tuple(_diagnostic(i, d, anchors, first_starts) for i, d in enumerate(found, start=1))
    proofs = _proofs(views, anchors)
    result = sheet.sheet.result
    recorded = game.result
    day = game_date(game.tag("Date"))
    return GamePage(
        source=game.source,
        index=game.index,
        event=game.tag("Event"),
        date=day.isoformat() if day else game.tag("Date"),
        date_sort=day.isoformat() if day else "",
        seats=seats,
        parties=tuple(p.value for p in sheet.sheet.parties),
        partnership=sheet.sheet.partnership,
        rules_text=format_rules(rules),
        rules_base=PRESETS.get(rules.name, STANDARD).name,
        rule_rows=_rule_rows(rules),
        result=_result_text(sheet),
        winner=result.winner.value if result else None,
        recorded_result=recorded.winner.value if recorded else None,
        verdict=_verdict(sheet),
        sheet=_sheet_rows(sheet, anchors.bases),
        carries_bags=sheet.sheet.carries_bags,
        chart=_chart(refereed, sheet),
        hands=tuple(
            _hand(h, by_seat, start, proofs, anchors, i)
            for i, (h, start) in enumerate(zip(refereed.hands, starts, strict=True))
        ),
        diagnostics=views,
        targets=frozenset(v.target for v in views),
    )


# --- the header ---------------------------------------------------------------------------


def _rule_rows(rules: Ruleset) -> tuple[RuleRow, ...]:
    base = PRESETS.get(rules.name, STANDARD)
    return tuple(
        RuleRow(
            k.name,
            k.format(getattr(rules, k.name)),
            k.meaning,
            getattr(rules, k.name) != getattr(base, k.name),
        )
        for k in KEYS
    )


def _result_text(report: SheetReport) -> str:
    sheet = report.sheet
    result = sheet.result
    if result is None:
        standing = sheet.standing
        totals = ", ".join(f"{p} {standing.score(p)}" for p in standing.parties)
        return f"No winner yet: {totals} (target {sheet.rules.target})."
    return f"{result.winner} won: {result.text}."


def _verdict(report: SheetReport) -> str:
    check = report.check
    sheet = report.sheet
    if check.diagnostics:
        n = len(check.diagnostics)
        return f"The score sheet is wrong in {n} place{'s' if n != 1 else ''}."
    if any(h.recorded_score or h.recorded_bags for h in sheet.hands):
        return "The score sheet agrees with the recomputed scores."
    return "The record has no score sheet to compare."


# --- the score sheet ----------------------------------------------------------------------


def _sheet_rows(report: SheetReport, bases: tuple[str, ...]) -> tuple[SheetRow, ...]:
    sheet, check = report.sheet, report.check
    unchecked = set(check.unchecked)
    rows = []
    for hand, base in zip(sheet.hands, bases, strict=True):
        for i, party in enumerate(sheet.parties):
            score = hand.score
            recorded_total = hand.recorded_totals.get(party)
            recorded_bags = hand.recorded_bag_counts.get(party) if sheet.carries_bags else None
            shown = [] if recorded_total is None else [str(recorded_total)]
            if recorded_bags is not None:
                shown.append(f"{recorded_bags} bag{'s' if recorded_bags != 1 else ''}")
            wrong = check.at(hand.number, party)
            if not shown:
                status = "empty"
            elif score is None or (hand.number, party) in unchecked:
                status = "unchecked"
            elif any(d.new for d in wrong):
                status = "wrong"
            elif wrong:
                status = "carried"
            else:
                status = "ok"
            rows.append(
                SheetRow(
                    anchor=f"sheet-{base}",
                    hand_anchor=base,
                    hand=hand.number,
                    first=i == 0,
                    dealer=hand.dealer.value,
                    party=party.value,
                    bid=bid_text(hand, party),
                    took=took_text(hand, party),
                    points=score.points(party) if score else None,
                    bags=score.after.bags(party) if score and sheet.carries_bags else None,
                    total=score.after.score(party) if score else None,
                    recorded=", ".join(shown),
                    status=status,
                    explanation=tuple(i.text for i in score.items if i.party is party)
                    if score and status == "wrong"
                    else (),
                )
            )
    return tuple(rows)


def _chart(refereed: RefereedGame, report: SheetReport) -> ChartData:
    parties = report.sheet.parties
    scored = [h for h in refereed.hands if h.score is not None]
    markers: list[Marker] = []
    for h in scored:
        score = h.score
        assert score is not None
        for party in parties:
            total = score.after.score(party)
            r = score.result(party)
            if r.is_set:
                markers.append(Marker(h.number, party.value, total, "set", f"{party} set"))
            if r.bag_penalties:
                markers.append(Marker(h.number, party.value, total, "bags", f"{party} bag penalty"))
        for nil in score.nils:
            kind = "nil" if nil.made else "nil-failed"
            what = f"{nil.seat.word}'s {nil.name} {'made' if nil.made else 'failed'}"
            markers.append(
                Marker(h.number, nil.party.value, score.after.score(nil.party), kind, what)
            )
    rules = refereed.rules
    return ChartData(
        parties=tuple(p.value for p in parties),
        hands=tuple(h.number for h in scored),
        totals=tuple(
            tuple(h.score.after.score(p) for h in scored if h.score is not None) for p in parties
        ),
        target=rules.target,
        lose_at=rules.lose_at,
        markers=tuple(markers),
    )


# --- the hands ----------------------------------------------------------------------------


def _start_of_play(hand: RefereedHand) -> dict[Seat, tuple[Card, ...]]:
    """Each seat's cards when the play starts: as dealt, with the passes made."""
    replayed = hand.replayed
    held = {s: list(replayed.holding(s)) for s in replayed.seats}
    for p in replayed.hand.passes:
        if p.giver not in held or p.receiver not in held:
            continue
        for c in p.cards:
            if c in held[p.giver]:
                held[p.giver].remove(c)
                held[p.receiver].append(c)
    return {s: tuple(cards) for s, cards in held.items()}


_BID_WORDS = {BidKind.NIL: "nil", BidKind.BLIND_NIL: "blind nil"}


def _bid_words(bid: Bid) -> str:
    if bid.kind is BidKind.BLIND:
        return f"blind {bid.tricks}"
    return _BID_WORDS.get(bid.kind, str(bid.tricks))


def _player_of(seats: Mapping[str, SeatView], bidder: object) -> str | None:
    """The player at ``bidder``'s seat; ``None`` for a side, or a seat not at the table
    (a two-player game's bid by East is a diagnostic, and still gets its line)."""
    view = seats.get(bidder.value) if isinstance(bidder, Seat) else None
    return view.player if view else None


def _bidder(bid: Bid) -> str:
    return bid.bidder.word if isinstance(bid.bidder, Seat) else bid.bidder.value


def _hand(
    refereed: RefereedHand,
    seats: Mapping[str, SeatView],
    start: Mapping[Seat, tuple[Card, ...]],
    proofs: Mapping[str, frozenset[str]],
    anchors: Anchors,
    position: int,
) -> HandView:
    base, rows = anchors.bases[position], anchors.tricks[position]
    replayed = refereed.replayed
    n = replayed.number
    record = replayed.hand

    def holding(kind: str, seat: Seat, cards: tuple[Card, ...]) -> HoldingView:
        anchor = f"{base}-{kind}-{seat.value}"
        return HoldingView(
            anchor, seats[seat.value], by_suit(cards), proofs.get(anchor, frozenset())
        )

    tricks = []
    for anchor, t in zip(rows, replayed.tricks, strict=True):
        cells = tuple(
            CellView(
                f"{anchor}-{s.value}",
                s.value,
                None if (c := t.card_of(s)) is None else card_view(c),
                s is t.leader,
                s is t.winner,
            )
            for s in replayed.seats
        )
        tricks.append(
            TrickView(
                anchor,
                t.number,
                t.leader.word,
                t.winner.word,
                t.winner.value,
                cells,
                t.breaks_spades,
            )
        )
    score = refereed.score
    return HandView(
        number=n,
        anchor=base,
        key=base.removeprefix("hand-"),
        dealer=replayed.dealer.word,
        holdings_known=replayed.holdings_known,
        dealt=tuple(holding("deal", s, replayed.holding(s)) for s in replayed.seats),
        passes=tuple(
            PassView(
                anchor,
                seats.get(p.giver.value, SeatView(p.giver.value, p.giver.word, None)),
                seats.get(p.receiver.value, SeatView(p.receiver.value, p.receiver.word, None)),
                tuple(card_view(c) for c in p.cards),
            )
            for anchor, p in zip(anchors.pass_ids[position], record.passes, strict=True)
        ),
        bids=tuple(
            BidView(
                anchor,
                _bidder(b),
                _player_of(seats, b.bidder),
                b.text,
                _bid_words(b),
            )
            for anchor, b in zip(anchors.bid_ids[position], record.bids, strict=True)
        ),
        unbid=replayed.unbid,
        tricks=tuple(tricks),
        start=tuple(holding("start", s, start.get(s, ())) for s in replayed.seats),
        taken=tuple((p.value, k) for p, k in replayed.taken),
        explanation=tuple(i.text for i in score.items) if score else (),
        unscored=refereed.problem,
    )


# --- diagnostics --------------------------------------------------------------------------


def _diagnostic(
    number: int,
    d: Diagnostic,
    anchors: Anchors,
    starts: Mapping[int, Mapping[Seat, tuple[Card, ...]]],
) -> DiagnosticView:
    target, where = locate(d, anchors)
    proof: tuple[CardView, ...] = ()
    if d.name == "renege" and d.hand is not None and d.hand in starts:
        proof = tuple(card_view(c) for c in proof_cards(d, anchors, starts[d.hand]))
    return DiagnosticView(
        number,
        d.code,
        d.name,
        d.severity.value,
        d.message,
        d.line,
        d.column,
        target,
        where,
        d.hand,
        d.seat,
        proof,
    )


def _proofs(views: tuple[DiagnosticView, ...], anchors: Anchors) -> dict[str, frozenset[str]]:
    """Holding anchors -> the codes of the cards marked there as a renege's proof."""
    out: dict[str, set[str]] = {}
    for v in views:
        base = anchors.hands.get(v.hand) if v.hand is not None else None
        if v.proof and base is not None and v.seat is not None:
            for kind in ("deal", "start"):
                key = f"{base}-{kind}-{v.seat}"
                out.setdefault(key, set()).update(c.code for c in v.proof)
    return {k: frozenset(v) for k, v in out.items()}
