"""Scoring one hand: :func:`score_hand`.

A pure function of the ruleset, the bids, the tricks taken, the standing before the hand
and any renege rulings.  docs/scoring.md describes every rule applied here and the
readings chosen where the rule sources are vague.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

from spadesctl.cards import Party, Seat, Side, seats_for, side_of
from spadesctl.core.bids import BLIND_NIL, NIL, is_nil, is_unbid
from spadesctl.core.score import (
    Figures,
    PartyFigures,
    ScoreRules,
    nil_values,
    score_party,
    score_rules,
    score_unbid_party,
)
from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import RenegeSet, Ruleset
from spadesctl.scoring import model


def score_hand(
    rules: Ruleset,
    bids: Mapping[Seat, Bid] | Iterable[Bid],
    taken: model.PartyCounts | Iterable[tuple[Party, int]],
    before: model.Standing | None = None,
    rulings: Iterable[model.RenegeRuling] = (),
    hand_number: int = 1,
) -> model.HandScore:
    """Score one hand.

    ``bids``: seat bids and, in partnership games, side bids (a :class:`Bid` whose bidder
    is a :class:`Side`).  ``taken``: tricks per seat; in partnership games a side's total
    may stand in for its seats' counts, except for a side with a nil bidder.  ``before``:
    the standing before the hand (all zero if omitted).  Raises :class:`ScoringError` for
    input that cannot be scored.  Each party is scored on integers by
    :func:`spadesctl.core.score.score_party`; the explanation is written from the
    figures only when asked (:attr:`HandScore.items`).
    """
    parties = model.parties_of(rules)
    if before is None:
        before = model.Standing.start(rules)
    elif tuple(p for p, _ in before.entries) != parties:
        raise model.ScoringError(
            f"the standing is for {_names(before.parties)}, the ruleset scores {_names(parties)}"
        )
    seat_counts, party_counts = _read_taken(rules, parties, taken)
    unbid = is_unbid(rules, hand_number)
    work = {p: _Work(p, party_counts[p]) for p in parties}
    if unbid:
        for w in work.values():
            w.unbid = True
    else:
        _read_bids(rules, parties, _bid_tuple(bids), work)
    outcomes = tuple(_apply_ruling(rules, ruling, work) for ruling in rulings)
    r = score_rules(rules)
    results: list[model.PartyResult] = []
    nils: list[model.NilResult] = []
    after: list[tuple[Party, model.PartyStanding]] = []
    for party, party_before in before.entries:
        w = work[party]
        if unbid:  # no one bid: the tricks it counts, or a made bid of them
            f = PartyFigures._make(
                score_unbid_party(
                    r, w.taken, party_before.bags, w.removed, w.received, w.set_by_ruling
                )
            )
        else:
            party_nils = _nil_results(r, w, seat_counts)
            nils.extend(party_nils)
            f = PartyFigures._make(
                score_party(
                    r,
                    w.plain,
                    w.blind,
                    w.bid_count > 0,
                    [(BLIND_NIL if n.blind else NIL, n.taken) for n in party_nils],
                    w.taken,
                    party_before.bags,
                    w.removed,
                    w.received,
                    w.set_by_ruling,
                )
            )
        result = party_result(party, f, w.taken, w.removed, w.received)
        sets = party_before.sets_in_a_row + 1 if f.made is False else 0
        party_standing = model.PartyStanding(party_before.score + f.points, f.bags, sets)
        results.append(result)
        after.append((party, party_standing))
    return model.HandScore(
        hand_number,
        unbid,
        tuple(results),
        tuple(nils),
        outcomes,
        before,
        model.Standing(tuple(after)),
        rules,
    )


@dataclass(slots=True)
class _Work:
    """One party's bids and renege transfers while a hand is scored (local to one call)."""

    party: Party
    taken: int
    plain: int = 0
    blind: int = 0
    bid_count: int = 0  # non-nil bids (seat or side) making up the contract
    nil_bids: list[tuple[Seat, bool]] = field(default_factory=list)
    removed: int = 0  # by renege penalties against the party
    received: int = 0  # from renege penalties against others
    set_by_ruling: bool = False
    unbid: bool = False  # a hand played without bids (first_hand_unbid)

    @property
    def has_bid(self) -> bool:
        return self.bid_count > 0 or bool(self.nil_bids)

    @property
    def total(self) -> int:
        return self.taken - self.removed + self.received


def _names(parties: Iterable[Party]) -> str:
    return ", ".join(p.value for p in parties)


def _bid_tuple(bids: Mapping[Seat, Bid] | Iterable[Bid]) -> tuple[Bid, ...]:
    if isinstance(bids, Mapping):
        return tuple(bids.values())
    return tuple(bids)


def _read_taken(
    rules: Ruleset,
    parties: tuple[Party, ...],
    taken: model.PartyCounts | Iterable[tuple[Party, int]],
) -> tuple[dict[Seat, int], dict[Party, int]]:
    pairs = tuple(taken.items()) if isinstance(taken, Mapping) else tuple(taken)
    seats = _table_seats(parties)
    by_seat: dict[Party, int] = dict(pairs)
    if len(by_seat) == len(pairs) and by_seat.keys() == seats and min(by_seat.values()) >= 0:
        # the usual case: every seat's tricks once, nothing else
        return (
            cast(dict[Seat, int], by_seat),
            {party: sum(map(by_seat.__getitem__, model.seats_of(party))) for party in parties},
        )
    raw: dict[Party, int] = {}
    for key, count in pairs:
        if key in raw:
            raise model.ScoringError(f"tricks given twice for {key}")
        if count < 0:
            raise model.ScoringError(f"{key} took {count} tricks")
        raw[key] = count
    known_keys: set[Party] = set(parties)
    for party in parties:
        known_keys.update(model.seats_of(party))
    for key in raw:
        if key not in known_keys:
            raise model.ScoringError(f"tricks given for {key}, who is not a party in this game")
    seat_counts: dict[Seat, int] = {}
    party_counts: dict[Party, int] = {}
    for party in parties:
        members = model.seats_of(party)
        known = {s: raw[s] for s in members if s in raw}
        total = raw.get(party) if isinstance(party, Side) else None
        if len(known) == len(members):
            seat_counts.update(known)
            party_counts[party] = sum(known.values())
            if total is not None and total != party_counts[party]:
                raise model.ScoringError(
                    f"{party} took {total}, but its seats' tricks add up to {party_counts[party]}"
                )
        elif total is not None:
            if len(known) == len(members) - 1:
                (missing,) = (s for s in members if s not in known)
                rest = total - sum(known.values())
                if rest < 0:
                    raise model.ScoringError(f"{party} took {total}, fewer than its seats' tricks")
                known[missing] = rest
            seat_counts.update(known)
            party_counts[party] = total
        else:
            missing_seats = [s for s in members if s not in known]
            raise model.ScoringError(f"no tricks given for {missing_seats[0]}")
    return seat_counts, party_counts


@functools.cache
def _table_seats(parties: tuple[Party, ...]) -> frozenset[Party]:
    """The seats whose tricks the parties score."""
    return frozenset(s for party in parties for s in model.seats_of(party))


def _read_bids(
    rules: Ruleset, parties: tuple[Party, ...], bids: tuple[Bid, ...], work: dict[Party, _Work]
) -> None:
    seats = seats_for(rules.players)
    partnership = rules.has_partnerships
    seen: set[Party] = set()
    for bid in bids:
        bidder = bid.bidder
        if bidder in seen:
            raise model.ScoringError(f"{bidder} bid twice")
        seen.add(bidder)
        tricks = bid.tricks
        if tricks < 0:
            raise model.ScoringError(f"{bidder} bid {tricks}")
        kind = bid.kind
        if isinstance(bidder, Side):
            if bidder not in parties:
                raise model.ScoringError(
                    f"side bid {bidder} {bid.text} in a game without partnerships"
                )
            if kind is BidKind.NIL or kind is BidKind.BLIND_NIL:
                raise model.ScoringError(f"side {bidder} bid {bid.text}: only a seat can bid nil")
            w = work[bidder]
        else:
            if bidder not in seats:
                raise model.ScoringError(f"{bidder} bid, but is not at the table")
            w = work[side_of(bidder) if partnership else bidder]  # party_of
            if is_nil(rules, bid):
                w.nil_bids.append((bidder, kind is BidKind.BLIND_NIL))
                continue
        if kind is BidKind.BLIND:
            w.blind += tricks
        else:
            w.plain += tricks
        w.bid_count += 1
    for party in parties:
        if not work[party].has_bid:
            raise model.ScoringError(f"no bid for {party}")


def _nil_results(r: ScoreRules, w: _Work, seat_counts: Mapping[Seat, int]) -> list[model.NilResult]:
    """The party's nils, each with the tricks its bidder took."""
    out = []
    for seat, blind in w.nil_bids:
        if seat not in seat_counts:
            raise model.ScoringError(
                f"{w.party} has a nil bidder ({seat}): give its tricks per seat"
            )
        out.append(nil_result(r, seat, w.party, blind, seat_counts[seat]))
    return out


def party_result(
    party: Party, f: Figures, taken: int, removed: int = 0, received: int = 0
) -> model.PartyResult:
    """One party's :class:`~spadesctl.scoring.model.PartyResult` from the rules core's
    figures (:func:`~spadesctl.core.score.score_party`'s tuple, in the order of
    :class:`~spadesctl.core.score.PartyFigures`): ``taken`` as played, ``removed`` and
    ``received`` by renege rulings.  The express score sheet builds its hands with it
    too (:mod:`spadesctl.express.sheet`)."""
    return model.PartyResult(
        party, f[4], f[5], taken, f[6], f[2], f[7], f[8], f[9], f[10], f[3], f[11], f[12],
        f[13], f[14], f[15], f[16], f[17], f[18], removed, received,
    )  # fmt: skip


def nil_result(r: ScoreRules, seat: Seat, party: Party, blind: bool, taken: int) -> model.NilResult:
    """One nil (``blind``: a blind nil) of ``seat``, who took ``taken`` tricks, valued
    under ``r`` (:func:`~spadesctl.core.score.nil_values`)."""
    bonus, penalty = nil_values(r, BLIND_NIL if blind else NIL)
    return model.NilResult(seat, party, blind, taken, bonus, penalty)


def _apply_ruling(
    rules: Ruleset, ruling: model.RenegeRuling, work: dict[Party, _Work]
) -> model.RulingOutcome:
    offender = ruling.offender
    if offender not in seats_for(rules.players):
        raise model.ScoringError(f"renege ruling against {offender}, who is not at the table")
    party = model.party_of(rules, offender)
    w = work[party]
    penalty = rules.renege_penalty
    if isinstance(penalty, RenegeSet):
        w.set_by_ruling = True
        return model.RulingOutcome(offender, ruling.trick, party, penalty, 0, (), ())
    # Penalty tricks leave the offender's party (at most all it holds now), and go to
    # the other side (or players) unless renege_transfer=no; a receiver without a
    # contract counts them for nothing.
    moved = min(penalty, w.total)
    w.removed += moved
    shares = _beneficiaries(rules, ruling, party, moved) if rules.renege_transfer else []
    no_contract: list[Party] = []
    for beneficiary, count in shares:
        if beneficiary not in work or beneficiary is party:
            raise model.ScoringError(f"renege penalty cannot go to {beneficiary}")
        b = work[beneficiary]
        b.received += count
        if b.bid_count == 0 and not b.unbid:
            no_contract.append(beneficiary)
    return model.RulingOutcome(
        offender, ruling.trick, party, penalty, moved, tuple(shares), tuple(no_contract)
    )


def _beneficiaries(
    rules: Ruleset, ruling: model.RenegeRuling, party: Party, moved: int
) -> list[tuple[Party, int]]:
    if moved == 0:
        return []
    if ruling.beneficiary is not None:
        return [(ruling.beneficiary, moved)]
    if isinstance(party, Side):
        return [(party.other, moved)]
    # No partnerships: one trick at a time to each other player, clockwise from the
    # offender's left.
    seats = seats_for(rules.players)
    start = seats.index(ruling.offender)
    others = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
    counts = {s: 0 for s in others}
    for i in range(moved):
        counts[others[i % len(others)]] += 1
    return [(s, c) for s, c in counts.items() if c]
