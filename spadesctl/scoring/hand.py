"""Scoring one hand: :func:`score_hand`.

A pure function of the ruleset, the bids, the tricks taken, the standing before the hand
and any renege rulings.  docs/scoring.md describes every rule applied here and the
readings chosen where the rule sources are vague.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple, cast

from spadesctl.cards import Party, Seat, Side, seats_for, side_of
from spadesctl.core.bids import is_nil
from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import (
    BagMode,
    FailedNilTricks,
    MoonFail,
    RenegeSet,
    Ruleset,
    SetPenalty,
)
from spadesctl.scoring.model import (
    HandScore,
    Item,
    NilResult,
    PartyCounts,
    PartyResult,
    PartyStanding,
    RenegeRuling,
    ScoringError,
    SetReason,
    Standing,
    parties_of,
    party_of,
    seats_of,
)

TEN_FOR_200_POINTS = 200


def score_hand(
    rules: Ruleset,
    bids: Mapping[Seat, Bid] | Iterable[Bid],
    taken: PartyCounts | Iterable[tuple[Party, int]],
    before: Standing | None = None,
    rulings: Iterable[RenegeRuling] = (),
    hand_number: int = 1,
) -> HandScore:
    """Score one hand.

    ``bids``: seat bids and, in partnership games, side bids (a :class:`Bid` whose bidder
    is a :class:`Side`).  ``taken``: tricks per seat; in partnership games a side's total
    may stand in for its seats' counts, except for a side with a nil bidder.  ``before``:
    the standing before the hand (all zero if omitted).  Raises :class:`ScoringError` for
    input that cannot be scored.
    """
    parties = parties_of(rules)
    if before is None:
        before = Standing.start(rules)
    elif tuple(p for p, _ in before.entries) != parties:
        raise ScoringError(
            f"the standing is for {_names(before.parties)}, the ruleset scores {_names(parties)}"
        )
    seat_counts, party_counts = _read_taken(rules, parties, taken)
    unbid = rules.first_hand_unbid and hand_number == 1
    work = {p: _Work(p, party_counts[p]) for p in parties}
    if unbid:
        for w in work.values():
            w.unbid = True
            w.counted = w.taken
    else:
        _read_bids(rules, parties, _bid_tuple(bids), work)
        for w in work.values():
            _sort_tricks(rules, w, seat_counts)
    items: list[Item] = []
    for ruling in rulings:
        items.append(_apply_ruling(rules, ruling, work))
    if unbid and rules.first_hand_bids_itself:
        # each party's tricks count as a made bid of that many
        for w in work.values():
            w.plain, w.bid_count = w.counted, 1
    results: list[PartyResult] = []
    nils: list[NilResult] = []
    after: list[tuple[Party, PartyStanding]] = []
    for party, party_before in before.entries:
        w = work[party]
        if unbid and not rules.first_hand_bids_itself:
            figures = _score_unbid(hand_number, w, items)
        else:
            figures = _score_bid(rules, w, items)
            nils.extend(w.nil_results)
        result, party_standing = _apply_bags(rules, figures, party_before, items)
        results.append(result)
        after.append((party, party_standing))
    return HandScore(
        hand_number,
        unbid,
        tuple(results),
        tuple(nils),
        tuple(items),
        before,
        Standing(tuple(after)),
    )


class _Figures(NamedTuple):
    """A party's outcome before its bags are counted: :class:`PartyResult`'s first fields."""

    party: Party
    contract: int | None
    blind: int
    taken: int
    counted: int
    made: bool | None
    set_reason: SetReason | None
    overtricks: int
    extra_bags: int
    moon: bool
    boston: bool
    contract_points: int
    overtrick_points: int
    nil_points: int


@dataclass(slots=True)
class _Work:
    """One party's working figures while a hand is scored (local to one call)."""

    party: Party
    taken: int
    plain: int = 0
    blind: int = 0
    bid_count: int = 0  # non-nil bids (seat or side) making up the contract
    nil_bids: list[tuple[Seat, bool]] = field(default_factory=list)
    nil_results: list[NilResult] = field(default_factory=list)
    counted: int = 0  # toward the contract
    nil_bags: int = 0  # failed nils' tricks that count as bags
    void: int = 0  # tricks that count for nothing
    partner_nil_tricks: int = 0  # failed nils' tricks counted toward the contract
    removed: int = 0  # by renege penalties against the party
    received: int = 0  # from renege penalties against others
    set_by_ruling: bool = False
    unbid: bool = False  # a hand played without bids (first_hand_unbid)

    @property
    def has_bid(self) -> bool:
        return self.bid_count > 0 or bool(self.nil_bids)

    @property
    def contract(self) -> int | None:
        return self.plain + self.blind if self.bid_count else None

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
    taken: PartyCounts | Iterable[tuple[Party, int]],
) -> tuple[dict[Seat, int], dict[Party, int]]:
    pairs = tuple(taken.items()) if isinstance(taken, Mapping) else tuple(taken)
    seats = _table_seats(parties)
    by_seat: dict[Party, int] = dict(pairs)
    if len(by_seat) == len(pairs) and by_seat.keys() == seats and min(by_seat.values()) >= 0:
        # the usual case: every seat's tricks once, nothing else
        return (
            cast(dict[Seat, int], by_seat),
            {party: sum(map(by_seat.__getitem__, seats_of(party))) for party in parties},
        )
    raw: dict[Party, int] = {}
    for key, count in pairs:
        if key in raw:
            raise ScoringError(f"tricks given twice for {key}")
        if count < 0:
            raise ScoringError(f"{key} took {count} tricks")
        raw[key] = count
    known_keys: set[Party] = set(parties)
    for party in parties:
        known_keys.update(seats_of(party))
    for key in raw:
        if key not in known_keys:
            raise ScoringError(f"tricks given for {key}, who is not a party in this game")
    seat_counts: dict[Seat, int] = {}
    party_counts: dict[Party, int] = {}
    for party in parties:
        members = seats_of(party)
        known = {s: raw[s] for s in members if s in raw}
        total = raw.get(party) if isinstance(party, Side) else None
        if len(known) == len(members):
            seat_counts.update(known)
            party_counts[party] = sum(known.values())
            if total is not None and total != party_counts[party]:
                raise ScoringError(
                    f"{party} took {total}, but its seats' tricks add up to {party_counts[party]}"
                )
        elif total is not None:
            if len(known) == len(members) - 1:
                (missing,) = (s for s in members if s not in known)
                rest = total - sum(known.values())
                if rest < 0:
                    raise ScoringError(f"{party} took {total}, fewer than its seats' tricks")
                known[missing] = rest
            seat_counts.update(known)
            party_counts[party] = total
        else:
            missing_seats = [s for s in members if s not in known]
            raise ScoringError(f"no tricks given for {missing_seats[0]}")
    return seat_counts, party_counts


@functools.cache
def _table_seats(parties: tuple[Party, ...]) -> frozenset[Party]:
    """The seats whose tricks the parties score."""
    return frozenset(s for party in parties for s in seats_of(party))


def _read_bids(
    rules: Ruleset, parties: tuple[Party, ...], bids: tuple[Bid, ...], work: dict[Party, _Work]
) -> None:
    seats = seats_for(rules.players)
    partnership = rules.partnership and rules.players == 4
    seen: set[Party] = set()
    for bid in bids:
        bidder = bid.bidder
        if bidder in seen:
            raise ScoringError(f"{bidder} bid twice")
        seen.add(bidder)
        tricks = bid.tricks
        if tricks < 0:
            raise ScoringError(f"{bidder} bid {tricks}")
        kind = bid.kind
        if isinstance(bidder, Side):
            if bidder not in parties:
                raise ScoringError(f"side bid {bidder} {bid.text} in a game without partnerships")
            if kind is BidKind.NIL or kind is BidKind.BLIND_NIL:
                raise ScoringError(f"side {bidder} bid {bid.text}: only a seat can bid nil")
            w = work[bidder]
        else:
            if bidder not in seats:
                raise ScoringError(f"{bidder} bid, but is not at the table")
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
            raise ScoringError(f"no bid for {party}")


def _nil_values(rules: Ruleset, blind: bool) -> tuple[int, int]:
    """(bonus, penalty) of a nil or blind nil."""
    if blind and rules.blind_nil is not None:
        return rules.blind_nil, rules.blind_nil
    return rules.nil or 0, rules.effective_nil_penalty


def _sort_tricks(rules: Ruleset, w: _Work, seat_counts: Mapping[Seat, int]) -> None:
    """Score the party's nils and sort its tricks into counted, nil bags and void."""
    nil_tricks = 0
    for seat, blind in w.nil_bids:
        if seat not in seat_counts:
            raise ScoringError(f"{w.party} has a nil bidder ({seat}): give its tricks per seat")
        bonus, penalty = _nil_values(rules, blind)
        n = seat_counts[seat]
        w.nil_results.append(NilResult(seat, w.party, blind, n, bonus, penalty))
        nil_tricks += n
    w.counted = w.taken - nil_tricks
    policy = rules.failed_nil_tricks
    if policy is FailedNilTricks.BAGS:
        w.nil_bags = nil_tricks
    elif policy is FailedNilTricks.PARTNER and w.contract is not None:
        w.counted += nil_tricks
        w.partner_nil_tricks = nil_tricks
    else:
        w.void += nil_tricks


def _apply_ruling(rules: Ruleset, ruling: RenegeRuling, work: dict[Party, _Work]) -> Item:
    offender = ruling.offender
    if offender not in seats_for(rules.players):
        raise ScoringError(f"renege ruling against {offender}, who is not at the table")
    party = party_of(rules, offender)
    w = work[party]
    where = f" at trick {ruling.trick}" if ruling.trick is not None else ""
    penalty = rules.renege_penalty
    if penalty is RenegeSet.SET:
        w.set_by_ruling = True
        return Item(party, 0, f"{offender} reneged{where}: {party} is set (renege penalty)")
    # Penalty tricks leave the offender's party: those counted toward its contract first,
    # then failed nils' bag tricks, then tricks that counted for nothing.
    moved = min(penalty, w.total)
    left = moved
    for attr in ("counted", "nil_bags", "void"):
        take = min(left, getattr(w, attr))
        setattr(w, attr, getattr(w, attr) - take)
        left -= take
    w.removed += moved
    shares = _beneficiaries(rules, ruling, party, moved)
    notes: list[str] = []
    for beneficiary, count in shares:
        if beneficiary not in work or beneficiary is party:
            raise ScoringError(f"renege penalty cannot go to {beneficiary}")
        b = work[beneficiary]
        b.received += count
        if b.contract is None and not b.unbid:
            b.void += count
            notes.append(f"{beneficiary} has no contract: they count for nothing")
        else:
            b.counted += count
    if moved == 0:
        why = "the penalty is 0" if penalty == 0 else f"{party} took none"
        return Item(party, 0, f"{offender} reneged{where}: no tricks move ({why})")
    if len(shares) == 1:
        to = f"to {shares[0][0]}"
    else:
        to = "(" + ", ".join(f"{c} to {b}" for b, c in shares) + ")"
    text = f"{offender} reneged{where}: {_tricks(moved)} move from {party} {to}"
    if moved < penalty:
        notes.insert(0, f"all {party} took; the penalty is {penalty}")
    if notes:
        text += " (" + "; ".join(notes) + ")"
    return Item(party, 0, text)


def _beneficiaries(
    rules: Ruleset, ruling: RenegeRuling, party: Party, moved: int
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


def _score_unbid(hand_number: int, w: _Work, items: list[Item]) -> _Figures:
    if w.set_by_ruling:
        points = 0
        text = f"{w.party} took {w.counted} (hand {hand_number} is unbid), set by renege: 0"
    else:
        points = 10 * w.counted
        text = f"{w.party} took {w.counted} (hand {hand_number} is unbid): {_signed(points)}"
    items.append(Item(w.party, points, text))
    return _Figures(
        w.party, None, 0, w.taken, w.counted, None, None, 0, 0, False, False, points, 0, 0
    )


def _bag_unit(rules: Ruleset) -> int:
    """Points per overtrick (or other bag) under the bag mode."""
    if rules.bag_mode is BagMode.CARRY:
        return 1
    if rules.bag_mode is BagMode.DEDUCT:
        return -1
    return 0


def _bags_text(rules: Ruleset, count: int) -> str:
    """How ``count`` overtricks read after the contract's value: `` + 2 bags``."""
    if count == 0:
        return ""
    if rules.bag_mode is BagMode.CARRY:
        return f" + {count} {'bag' if count == 1 else 'bags'}"
    if rules.bag_mode is BagMode.DEDUCT:
        return f" - {count} for {'overtrick' if count == 1 else 'overtricks'}"
    return f" ({count} {'overtrick scores' if count == 1 else 'overtricks score'} nothing)"


def _score_bid(rules: Ruleset, w: _Work, items: list[Item]) -> _Figures:
    """A party's contract and nils scored (:func:`_bid_outcome`, remembered)."""
    figures, party_items = _bid_outcome(
        rules,
        (
            w.party,
            w.taken,
            w.plain,
            w.blind,
            w.bid_count,
            tuple(w.nil_bids),
            tuple(w.nil_results),
            w.counted,
            w.nil_bags,
            w.void,
            w.partner_nil_tricks,
            w.removed,
            w.received,
            w.set_by_ruling,
            w.unbid,
        ),
    )
    items.extend(party_items)
    return figures


#: A :class:`_Work` as a value: its fields in order, the lists as tuples.
_WorkKey = tuple[
    Party,
    int,
    int,
    int,
    int,
    tuple[tuple[Seat, bool], ...],
    tuple[NilResult, ...],
    int,
    int,
    int,
    int,
    int,
    int,
    bool,
    bool,
]


@functools.lru_cache(maxsize=4096)
def _bid_outcome(rules: Ruleset, key: _WorkKey) -> tuple[_Figures, tuple[Item, ...]]:
    """:func:`_score_party_bid` of the party whose working figures are ``key``.

    A pure function of a few small numbers: the same party outcome (a side bidding 4
    and taking 5, say) recurs hand after hand, so it is computed once and its
    immutable figures and items are shared.
    """
    (party, taken, plain, blind, bid_count, nil_bids, nil_results) = key[:7]
    (counted, nil_bags, void, partner_nil_tricks, removed, received) = key[7:13]
    w = _Work(
        party,
        taken,
        plain,
        blind,
        bid_count,
        list(nil_bids),
        list(nil_results),
        counted,
        nil_bags,
        void,
        partner_nil_tricks,
        removed,
        received,
        key[13],
        key[14],
    )
    items: list[Item] = []
    figures = _score_party_bid(rules, w, items)
    return figures, tuple(items)


def _score_party_bid(rules: Ruleset, w: _Work, items: list[Item]) -> _Figures:
    contract = w.contract
    unit = _bag_unit(rules)
    tricks = rules.tricks_per_hand
    made: bool | None = None
    reason: SetReason | None = None
    overtricks = 0
    moon_bags = 0
    contract_points = 0
    is_moon = False
    boston = False
    if contract is not None:
        is_moon = rules.moon is not None and contract == tricks
        boston = contract >= 10 and w.total == tricks
        over = w.counted - contract
        if w.set_by_ruling:
            reason = SetReason.RENEGE
        elif over < 0:
            reason = SetReason.SHORT
        elif rules.max_overtricks is not None and w.blind == 0 and over > rules.max_overtricks:
            reason = SetReason.OVERTRICKS
        made = reason is None
        bid_text = _bid_text(w.party, contract, w.blind)
        if w.unbid:
            bid_text += " (its own tricks: the hand is unbid)"
        took_text = _took_text(w)
        if made:
            overtricks = over
            contract_points, value_text = _made_value(rules, contract, w.blind, is_moon)
            text = f"{bid_text}, took {took_text}: {value_text}{_bags_text(rules, overtricks)}"
            items.append(Item(w.party, contract_points + unit * overtricks, text))
        elif is_moon and rules.moon_fail is MoonFail.BAGS and reason is SetReason.SHORT:
            moon_bags = w.counted
            text = (
                f"{bid_text}, took {took_text}: the moon failed and its tricks count as bags: "
                f"{_signed(unit * moon_bags)}"
            )
            items.append(Item(w.party, unit * moon_bags, text))
        else:
            contract_points, value_text = _set_value(rules, contract, w.blind)
            why = {
                SetReason.SHORT: "set",
                SetReason.OVERTRICKS: (
                    f"set ({over} overtricks, more than the {rules.max_overtricks} allowed)"
                ),
                SetReason.RENEGE: "set by the renege ruling",
            }[reason or SetReason.SHORT]
            items.append(
                Item(w.party, contract_points, f"{bid_text}, took {took_text}: {why}, {value_text}")
            )
    nil_points = 0
    for n in w.nil_results:
        nil_points += n.points
        if n.made:
            text = f"{n.seat.value} {n.name} made: {_signed(n.points)}"
        else:
            text = f"{n.seat.value} {n.name} failed (took {n.taken}): {_signed(n.points)}"
        items.append(Item(w.party, n.points, text))
    failed = [n for n in w.nil_results if not n.made]
    if failed:
        who = "/".join(f"{n.seat.value}'s" for n in failed)
        if rules.failed_nil_tricks is FailedNilTricks.BAGS:
            text = f"{who} {_tricks(w.nil_bags)} (failed nil) {_count(w.nil_bags)} as bags"
            items.append(Item(w.party, unit * w.nil_bags, f"{text}: {_signed(unit * w.nil_bags)}"))
        elif rules.failed_nil_tricks is FailedNilTricks.NONE or contract is None:
            count = sum(n.taken for n in failed)
            items.append(
                Item(w.party, 0, f"{who} {_tricks(count)} (failed nil) {_count(count)} for nothing")
            )
    if boston and rules.boston_wins:
        items.append(
            Item(w.party, 0, f"{w.party} bid {contract} and took all {tricks} tricks: Boston")
        )
    extra_bags = w.nil_bags + moon_bags
    return _Figures(
        w.party,
        contract,
        w.blind,
        w.taken,
        w.counted,
        made,
        reason,
        overtricks,
        extra_bags,
        is_moon,
        boston,
        contract_points,
        unit * (overtricks + extra_bags),
        nil_points,
    )


def _bid_text(party: Party, contract: int, blind: int) -> str:
    if blind == 0:
        return f"{party.value} bid {contract}"
    if blind == contract:
        return f"{party.value} bid b{contract}"
    return f"{party.value} bid {contract} (b{blind} + {contract - blind})"


def _took_text(w: _Work) -> str:
    notes = []
    if w.partner_nil_tricks:
        notes.append(f"{w.partner_nil_tricks} of them by its nil bidder")
    if w.removed:
        notes.append(f"{w.removed} lost to the renege penalty")
    if w.received:
        notes.append(f"{w.received} from the renege penalty")
    return f"{w.counted}" + (f" ({'; '.join(notes)})" if notes else "")


def _made_value(rules: Ruleset, contract: int, blind: int, is_moon: bool) -> tuple[int, str]:
    if is_moon and rules.moon is not None:
        return rules.moon, f"moon, {rules.moon}"
    if rules.ten_for_200 and contract >= 10:
        if blind:
            return 2 * TEN_FOR_200_POINTS, f"{2 * TEN_FOR_200_POINTS} (ten for 200, blind: doubled)"
        return TEN_FOR_200_POINTS, f"{TEN_FOR_200_POINTS} (ten for 200)"
    return _trick_value(contract, blind)


def _set_value(rules: Ruleset, contract: int, blind: int) -> tuple[int, str]:
    if rules.set_penalty is SetPenalty.ZERO:
        return 0, "0"
    if rules.ten_for_200 and contract >= 10:
        points = 2 * TEN_FOR_200_POINTS if blind else TEN_FOR_200_POINTS
        return -points, f"-{points} (ten for 200{', blind: doubled' if blind else ''})"
    points, text = _trick_value(contract, blind)
    if blind:
        return -points, f"-{points} ({text.split(' = ')[0]})"
    return -points, f"-{points}"


def _trick_value(contract: int, blind: int) -> tuple[int, str]:
    """10 a trick bid, 20 a trick bid blind."""
    plain = contract - blind
    points = 10 * plain + 20 * blind
    if blind == 0:
        return points, f"{points}"
    if plain == 0:
        return points, f"{blind} x 20 = {points}"
    return points, f"{blind} x 20 + {plain} x 10 = {points}"


def _apply_bags(
    rules: Ruleset, result: _Figures, before: PartyStanding, items: list[Item]
) -> tuple[PartyResult, PartyStanding]:
    """Add the hand's bags to the counter, apply bag penalties, and move the standing on."""
    bags = before.bags
    added = 0
    penalties = 0
    if rules.bag_mode is BagMode.CARRY:
        added = result.overtricks + result.extra_bags
        total = before.bags + added
        limit = rules.bag_limit
        if limit is not None and limit > 0:
            penalties, bags = divmod(total, limit)
            for i in range(penalties):
                at = total - i * limit
                items.append(
                    Item(
                        result.party,
                        -rules.bag_penalty,
                        f"{result.party.value} {limit}-bag penalty: -{rules.bag_penalty} "
                        f"(bags {at} -> {at - limit})",
                    )
                )
        else:
            bags = total
    penalty_points = -rules.bag_penalty * penalties
    final = PartyResult(*result, added, penalties, penalty_points)
    sets = before.sets_in_a_row + 1 if final.made is False else 0
    return final, PartyStanding(before.score + final.points, bags, sets)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _tricks(count: int) -> str:
    return f"{count} {'trick' if count == 1 else 'tricks'}"


def _count(count: int) -> str:
    return "counts" if count == 1 else "count"
