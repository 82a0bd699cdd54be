"""Checking a hand's bids against the ruleset.

:func:`check_bids` walks the bids in the order made and reports who bid out of turn,
out of range, or a nil, blind nil or blind bid the rules or the score do not allow;
then the rules on the bids taken together (``both_nil``, ``min_team_bid`` and
``max_team_bid``, ``bids_total_13``, suicide and mirror bidding).  It returns the bids
that count: a bid by a seat not at the table, or a party's second bid, is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spadesctl.cards import Party, Seat, Side, side_of
from spadesctl.core.bids import (
    SUICIDE_PARTNER_MIN,
    BlindFault,
    blind_bid_fault,
    blind_nil_refused,
    is_nil,
    trail,
)
from spadesctl.core.deck import DeckTable
from spadesctl.diagnostics import (
    BID_IN_UNBID_HAND,
    BID_OUT_OF_RANGE,
    BID_OUT_OF_TURN,
    BIDS_TOTAL_13,
    BLIND_BID_NOT_ALLOWED,
    BLIND_NIL_NOT_ALLOWED,
    BOTH_NIL_NOT_ALLOWED,
    MIN_BID_VIOLATED,
    MIRROR_BID_VIOLATED,
    MISSING_BIDS,
    NIL_NOT_ALLOWED,
    SUICIDE_BID_VIOLATED,
)
from spadesctl.events import Bid, BidKind, Position, Raise
from spadesctl.record import Hand
from spadesctl.replay.report import Reporter
from spadesctl.rules.ruleset import Bidding, FirstBidder, Ruleset, UnbidHands
from spadesctl.scoring.model import absent_party, parties_of, party_of


def _unbid_key(rules: Ruleset) -> str:
    if rules.unbid_hands is UnbidHands.FIRST:
        return "first_hand_unbid=yes"
    return f"unbid_hands={rules.unbid_hands.value}"


def party_name(party: Party) -> str:
    """``NS`` for a side, ``North`` for a seat."""
    return party.value if isinstance(party, Side) else party.word


def check_bids(
    hand: Hand,
    rules: Ruleset,
    seats: tuple[Seat, ...],
    scores: Mapping[Party, int] | None,
    unbid: bool,
    holdings: Sequence[set[int]] | None,
    table: DeckTable,
    rep: Reporter,
) -> tuple[Bid, ...]:
    """Report every bidding violation of ``hand``; return the bids that count.

    ``scores``: each party's running score before the hand (``None``: unknown, and the
    blind nil and blind bid deficits are not checked).  ``holdings``: each seat's cards
    as dealt when all of them are known (for mirror bidding), else ``None``.
    """
    bids = hand.bids
    if unbid:
        if bids:
            rep.add(
                BID_IN_UNBID_HAND,
                f"hand {hand.number} is played without bidding ({_unbid_key(rules)})",
                bids[0].pos,
                seat=_seat_or_none(bids[0].bidder),
            )
        return ()
    if not bids:
        rep.add(MISSING_BIDS, f"no bids are recorded for hand {hand.number}", hand.pos)
        return ()
    counted = _walk(rules, seats, scores, bids, rep)
    _check_order(hand, rules, seats, counted, rep)
    complete = _complete(rules, seats, counted)
    if rules.has_partnerships:
        _check_side_totals(rules, counted, rep)
        _check_both_nil(rules, counted, rep)
        if rules.bidding is Bidding.SUICIDE:
            _check_suicide(rules, counted, rep)
    if rules.bidding is Bidding.MIRROR and holdings is not None:
        _check_mirror(rules, seats, counted, holdings, table, rep)
    _check_team_range(rules, seats, counted, rep)
    if complete and not rules.bids_total_13:
        total = sum(b.tricks for b in counted if not is_nil(rules, b))
        if total == rules.tricks_per_hand:
            rep.add(
                BIDS_TOTAL_13,
                f"the bids add up to {total}, the number of tricks in the hand, which "
                f"these rules forbid (bids_total_13=no)",
                counted[-1].pos,
                seat=_seat_or_none(counted[-1].bidder),
            )
    return counted


def apply_raises(
    hand: Hand, rules: Ruleset, seats: tuple[Seat, ...], bids: tuple[Bid, ...], rep: Reporter
) -> tuple[Bid, ...]:
    """The contracts after the second round of bidding (the ``raise`` lines).

    With ``bid_rounds=2`` each party, in bidding order from the party that bid first, may
    raise its bid once: ``raise NS 8`` makes 8 the side's contract (004).  A raise by a
    party that has raised already, or without a second round, is a ``bid-out-of-turn``
    and is ignored; one out of order is reported and counts.  A raise that does not raise
    (to as many tricks as the bid, or fewer), or that of a party with no contract (a nil),
    is a ``bid-out-of-range`` and is ignored.
    """
    if not hand.raises:
        return bids
    partnership = rules.has_partnerships
    size = rules.tricks_per_hand
    order = _raise_order(rules, hand.dealer, seats) if hand.dealer in seats else ()
    at = 0
    raised: set[Party] = set()
    for r in hand.raises:
        party = r.bidder
        who = party_name(party)
        seat = _seat_or_none(party)
        if rules.bid_rounds < 2:
            why = "these rules have one round of bidding"
        elif isinstance(party, Side) is not partnership:
            why = (
                "a side raises as one (raise NS 8)"
                if partnership
                else "these rules have no partnerships: a player raises (raise E 5)"
            )
        elif party not in order:
            why = f"{who} is not at a {rules.players}-player table"
        elif party in raised:
            why = f"{who} raised already"
        else:
            why = ""
        if why:
            rep.add(BID_OUT_OF_TURN, f"{_raise(r)}, but {why}", r.pos, seat=seat)
            continue
        raised.add(party)
        place = order.index(party)
        if place < at:
            rep.add(
                BID_OUT_OF_TURN,
                f"{_raise(r)} after {party_name(order[at - 1])}: the second round goes in "
                f"turn from {party_name(order[0])}",
                r.pos,
                seat=seat,
            )
        at = max(at, place + 1)
        current = contract_of(rules, bids, party)
        if current is None:
            rep.add(
                BID_OUT_OF_RANGE,
                f"{_raise(r)}, but {who} bid no tricks to raise (a nil is not raised)",
                r.pos,
                seat=seat,
            )
            continue
        if r.tricks <= current:
            rep.add(
                BID_OUT_OF_RANGE,
                f"{_raise(r)}, but {who} bid {current}: a raise only raises",
                r.pos,
                seat=seat,
            )
            continue
        if r.tricks > size:
            rep.add(
                BID_OUT_OF_RANGE,
                f"{_raise(r)}, but a hand has only {size} tricks",
                r.pos,
                seat=seat,
            )
        elif rules.max_team_bid is not None and r.tricks > rules.max_team_bid:
            rep.add(
                MIN_BID_VIOLATED,
                f"{_raise(r)}; the most {'a side' if partnership else 'a player'} may bid is "
                f"{rules.max_team_bid}",
                r.pos,
                seat=seat,
            )
        bids = raise_contract(rules, bids, party, r.tricks, r.pos)
    if raised and not rules.bids_total_13:
        total = sum(b.tricks for b in bids if not is_nil(rules, b))
        if total == size:
            last = hand.raises[-1]
            rep.add(
                BIDS_TOTAL_13,
                f"after the raises the bids add up to {total}, the number of tricks in the "
                f"hand, which these rules forbid (bids_total_13=no)",
                last.pos,
                seat=_seat_or_none(last.bidder),
            )
    return bids


def _raise(r: Raise) -> str:
    """``NS raise to 8``, ``East raises to 5``."""
    verb = "raise" if isinstance(r.bidder, Side) else "raises"
    return f"{party_name(r.bidder)} {verb} to {r.tricks}"


def _raise_order(rules: Ruleset, dealer: Seat, seats: tuple[Seat, ...]) -> tuple[Party, ...]:
    """Who may raise, in turn: each side (each player, alone) from the first bidder's."""
    order = bidding_order(rules, dealer, seats)
    if rules.has_partnerships:
        first = side_of(order[0])
        return (first, first.other)
    return order


def _party_bids(rules: Ruleset, bids: tuple[Bid, ...], party: Party) -> list[Bid]:
    """The bids that make ``party``'s contract: its side bids and its seats' non-nil bids."""
    members = party.seats if isinstance(party, Side) else (party,)
    return [b for b in bids if b.bidder is party or (b.bidder in members and not is_nil(rules, b))]


def contract_of(rules: Ruleset, bids: tuple[Bid, ...], party: Party) -> int | None:
    """The tricks ``party`` (a side, or a player alone) bid; ``None``: no contract (nils)."""
    mine = _party_bids(rules, bids, party)
    return sum(b.tricks for b in mine) if mine else None


def raise_contract(
    rules: Ruleset, bids: tuple[Bid, ...], party: Party, tricks: int, pos: Position
) -> tuple[Bid, ...]:
    """``bids`` with ``party``'s contract raised to ``tricks``: a side's bids become one
    side bid (its nil bids stay), a player's bid a bid of ``tricks``.  A raised blind bid
    is an ordinary bid."""
    mine = _party_bids(rules, bids, party)
    kept = tuple(b for b in bids if b not in mine)
    return (*kept, Bid(party, BidKind.NUMBER, tricks, pos))


def _seat_or_none(party: Party) -> Seat | None:
    return party if isinstance(party, Seat) else None


def _walk(
    rules: Ruleset,
    seats: tuple[Seat, ...],
    scores: Mapping[Party, int] | None,
    bids: tuple[Bid, ...],
    rep: Reporter,
) -> tuple[Bid, ...]:
    """Per bid: who may bid, range, nil, blind nil, blind bids."""
    size = rules.tricks_per_hand
    partnership = rules.has_partnerships
    counted: list[Bid] = []
    by_seat: dict[Seat, Bid] = {}
    by_side: dict[Side, Bid] = {}
    for b in bids:
        bidder = b.bidder
        seat = _seat_or_none(bidder)
        absent = absent_party(rules, seats, bidder)
        if absent is not None:
            message = (
                f"{bidder.value} bid as a side, but {absent}"
                if isinstance(bidder, Side)
                else f"{bidder.word} is {absent}"
            )
            rep.add(BID_OUT_OF_TURN, message, b.pos, seat=seat, party=bidder)
            continue
        if isinstance(bidder, Side):
            if bidder in by_side or any(
                s in by_seat and not is_nil(rules, by_seat[s]) for s in bidder.seats
            ):
                rep.add(BID_OUT_OF_TURN, f"{bidder.value} bid twice", b.pos, party=bidder)
                continue
            if is_nil(rules, b):
                zero = " (a 0 is a nil under these rules)" if b.kind is BidKind.NUMBER else ""
                rep.add(
                    BID_OUT_OF_RANGE,
                    f"{bidder.value} bid {b.text} as a side{zero}; a side bids tricks, and a "
                    f"nil is bid by a seat (bid {bidder.value} 5 {bidder.seats[0].value} nil)",
                    b.pos,
                    party=bidder,
                )
                continue
            by_side[bidder] = b
        else:
            if bidder in by_seat:
                rep.add(BID_OUT_OF_TURN, f"{bidder.word} bid twice", b.pos, seat=seat)
                continue
            side = side_of(bidder) if by_side else None
            if partnership and side is not None and side in by_side and not is_nil(rules, b):
                rep.add(
                    BID_OUT_OF_TURN,
                    f"{bidder.word} bid {b.text} after {side.value} bid as a side; only a nil "
                    f"is bid apart from the side's bid",
                    b.pos,
                    seat=seat,
                )
                continue
            by_seat[bidder] = b
        counted.append(b)
        kind = b.kind
        if (kind is BidKind.NUMBER or kind is BidKind.BLIND) and b.tricks > size:
            rep.add(
                BID_OUT_OF_RANGE,
                f"{party_name(bidder)} bid {b.tricks}, but a hand has only {size} tricks",
                b.pos,
                seat=seat,
            )
        if kind is BidKind.NUMBER and b.tricks:
            continue  # the usual bid: nothing more to check
        if seat is not None and kind is not BidKind.BLIND_NIL and is_nil(rules, b):
            if rules.nil is None:
                rep.add(
                    NIL_NOT_ALLOWED,
                    f"{party_name(bidder)} bid nil, but nil is off in these rules (a bid of 0 "
                    f"is an ordinary bid)",
                    b.pos,
                    seat=seat,
                )
        elif kind is BidKind.BLIND_NIL and seat is not None:
            _check_blind_nil(rules, seat, b, scores, rep)
        elif kind is BidKind.BLIND:
            _check_blind_bid(rules, bidder, b, scores, rep)
    return tuple(counted)


def _trail(rules: Ruleset, party: Party, scores: Mapping[Party, int] | None) -> int | None:
    """How far ``party`` trails the best other party (:func:`spadesctl.core.bids.trail`;
    ``None``: the standing is unknown)."""
    if scores is None or party not in scores:
        return None
    ranked = [p for p in scores if p is party or p in parties_of(rules)]
    return trail([scores[p] for p in ranked], ranked.index(party))


def _trail_words(party: Party, trail: int) -> str:
    name = party_name(party)
    if trail > 0:
        return f"{name} trail by {trail}"
    if trail < 0:
        return f"{name} lead by {-trail}"
    return f"{name} are level"


def _short_of_deficit(party: Party, behind: int | None, deficit: int) -> str:
    """Why a call allowed only to a party trailing by ``deficit`` or more is refused
    (``", allowed only ..."``), the party trailing by ``behind``."""
    assert behind is not None
    return f", allowed only to a side trailing by {deficit} or more; {_trail_words(party, behind)}"


def _check_blind_nil(
    rules: Ruleset, seat: Seat, b: Bid, scores: Mapping[Party, int] | None, rep: Reporter
) -> None:
    party = party_of(rules, seat)
    behind = _trail(rules, party, scores)
    if not blind_nil_refused(rules.blind_nil, rules.blind_nil_deficit, behind):
        return
    if rules.blind_nil is None:
        why = ", but blind nil is off in these rules"
    else:
        why = _short_of_deficit(party, behind, rules.blind_nil_deficit)
    rep.add(BLIND_NIL_NOT_ALLOWED, f"{seat.word} bid blind nil{why}", b.pos, seat=seat)


def _check_blind_bid(
    rules: Ruleset, bidder: Party, b: Bid, scores: Mapping[Party, int] | None, rep: Reporter
) -> None:
    party = bidder if isinstance(bidder, Side) else party_of(rules, bidder)
    behind = _trail(rules, party, scores)
    fault = blind_bid_fault(rules.blind_bids, rules.blind_bid_deficit, b.tricks, behind)
    if fault is None:
        return
    if fault is BlindFault.OFF:
        why = ", but blind bids are off in these rules"
    elif fault is BlindFault.SMALL:
        why = f"; a blind bid is for {rules.blind_bids} tricks or more"
    else:
        why = _short_of_deficit(party, behind, rules.blind_bid_deficit)
    rep.add(
        BLIND_BID_NOT_ALLOWED,
        f"{party_name(bidder)} bid {b.text}{why}",
        b.pos,
        seat=_seat_or_none(bidder),
    )


def _check_order(
    hand: Hand, rules: Ruleset, seats: tuple[Seat, ...], counted: tuple[Bid, ...], rep: Reporter
) -> None:
    """Bids go clockwise from the first bidder; with side bids, that seat's side first."""
    if hand.dealer not in seats:
        return
    order = bidding_order(rules, hand.dealer, seats)
    first = _first_words(rules, order[0])
    if any(isinstance(b.bidder, Side) for b in counted):
        first_side = side_of(order[0])
        sides: list[Side] = []
        for b in counted:
            if isinstance(b.bidder, Seat) and is_nil(rules, b):
                continue
            side = b.bidder if isinstance(b.bidder, Side) else side_of(b.bidder)
            if side not in sides:
                sides.append(side)
                if len(sides) == 1 and side is not first_side:
                    rep.add(
                        BID_OUT_OF_TURN,
                        f"{side.value} bid before {first_side.value}: the side of {first} "
                        f"bids first",
                        b.pos,
                        party=side,
                    )
        covered = _covered(counted)
        silent_seats = [s for s in order if s not in covered]
        if silent_seats:
            who = []
            for side in (first_side, first_side.other):
                missing = [s for s in side.seats if s not in covered]
                if missing:
                    who.append(side.value if len(missing) == 2 else missing[0].word)
            rep.add(
                MISSING_BIDS,
                f"no bid from {' or '.join(who)}",
                hand.pos,
                seat=silent_seats[0],
            )
        return
    for i, b in enumerate(counted):
        expected = order[i] if i < len(order) else None
        if b.bidder is not expected and expected is not None:
            rep.add(
                BID_OUT_OF_TURN,
                f"{party_name(b.bidder)} bid before {expected.word}: the bidding goes "
                f"clockwise from {first}",
                b.pos,
                seat=_seat_or_none(b.bidder),
            )
            break
    bidders = {b.bidder for b in counted}
    silent = [seat for seat in order if seat not in bidders]
    if silent:
        rep.add(MISSING_BIDS, f"no bid from {_names(silent)}", hand.pos, seat=silent[0])


def _names(seats: Sequence[Seat]) -> str:
    """``North``, ``North and East``, ``North, East and South``."""
    words = [s.word for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def bidding_order(rules: Ruleset, dealer: Seat, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats in bidding order: clockwise from the dealer's left, or from the dealer
    (``first_bidder=dealer``, 004).  Side bids start with the first bidder's side."""
    start = seats.index(dealer)
    if rules.first_bidder is FirstBidder.LEFT_OF_DEALER:
        start = (start + 1) % len(seats)
    return seats[start:] + seats[:start]


def _first_words(rules: Ruleset, first: Seat) -> str:
    """``the dealer's left (East)``, or ``the dealer (North)``."""
    if rules.first_bidder is FirstBidder.DEALER:
        return f"the dealer ({first.word})"
    return f"the dealer's left ({first.word})"


def _covered(counted: tuple[Bid, ...]) -> set[Seat]:
    """The seats whose bid is made: by their own bid or their side's."""
    out: set[Seat] = set()
    for b in counted:
        if isinstance(b.bidder, Side):
            out.update(b.bidder.seats)
        else:
            out.add(b.bidder)
    return out


def _complete(rules: Ruleset, seats: tuple[Seat, ...], counted: tuple[Bid, ...]) -> bool:
    covered = _covered(counted)
    return all(s in covered for s in seats)


def _side_bids(side: Side, counted: Sequence[Bid]) -> list[Bid]:
    """The bids of ``side``: its own side bids and its seats' bids, in the order made."""
    return [
        b
        for b in counted
        if b.bidder is side or (isinstance(b.bidder, Seat) and side_of(b.bidder) is side)
    ]


def _check_side_totals(rules: Ruleset, counted: tuple[Bid, ...], rep: Reporter) -> None:
    """A side's bids together above the tricks in a hand: ``bid-out-of-range`` at the
    side's later bidder (the hand is still scored as bid; the side cannot make it)."""
    size = rules.tricks_per_hand
    for side in (Side.NS, Side.EW):
        contract = [b for b in _side_bids(side, counted) if not is_nil(rules, b)]
        if any(b.tricks > size for b in contract):
            continue  # reported on that bid
        total = sum(b.tricks for b in contract)
        if total > size:
            last = contract[-1]
            rep.add(
                BID_OUT_OF_RANGE,
                f"{side.value} bid {total} in all, but a hand has only {size} tricks",
                last.pos,
                seat=_seat_or_none(last.bidder),
            )


def _check_both_nil(rules: Ruleset, counted: tuple[Bid, ...], rep: Reporter) -> None:
    if rules.both_nil:
        return
    nil_seats: dict[Side, Bid] = {}
    for b in counted:
        if isinstance(b.bidder, Seat) and is_nil(rules, b):
            side = side_of(b.bidder)
            if side in nil_seats:
                rep.add(
                    BOTH_NIL_NOT_ALLOWED,
                    f"{nil_seats[side].bidder.value} and {b.bidder.value} both bid nil; at least "
                    f"one partner must bid tricks (both_nil=no)",
                    b.pos,
                    seat=b.bidder,
                )
            else:
                nil_seats[side] = b


def _check_suicide(rules: Ruleset, counted: tuple[Bid, ...], rep: Reporter) -> None:
    for side in (Side.NS, Side.EW):
        mine = _side_bids(side, counted)
        if not mine:
            continue
        nils = [b for b in mine if isinstance(b.bidder, Seat) and is_nil(rules, b)]
        others = [b for b in mine if b not in nils]
        where = mine[-1].pos
        if len(nils) != 1:
            rep.add(
                SUICIDE_BID_VIOLATED,
                f"{side.value} bid {len(nils)} nils; in suicide exactly one partner of each "
                f"side bids nil",
                where,
                party=side,
            )
        elif others and sum(b.tricks for b in others) < SUICIDE_PARTNER_MIN:
            rep.add(
                SUICIDE_BID_VIOLATED,
                f"{side.value}: the partner of the nil bidder bid "
                f"{sum(b.tricks for b in others)}; in suicide they bid "
                f"{SUICIDE_PARTNER_MIN} or more",
                others[-1].pos,
                seat=_seat_or_none(others[-1].bidder),
                party=side,
            )


def _check_mirror(
    rules: Ruleset,
    seats: tuple[Seat, ...],
    counted: tuple[Bid, ...],
    holdings: Sequence[set[int]],
    table: DeckTable,
    rep: Reporter,
) -> None:
    """Each bid against the spades its bidder holds: a seat's its own, a side's (``bid NS
    7``) its partners' together, less those of a partner who bids nil beside it."""

    def spades(seat: Seat) -> int:
        return table.spades_in(holdings[seats.index(seat)])

    nils = {b.bidder for b in counted if is_nil(rules, b)}
    for b in counted:
        bidder = b.bidder
        if isinstance(bidder, Side):
            members = [s for s in bidder.seats if s in seats and s not in nils]
            held = sum(spades(s) for s in members)
            if b.tricks != held or b.kind is BidKind.BLIND:
                names = " and ".join(s.word for s in members)
                who = names or f"{bidder.value}'s partners, both bidding nil,"
                rep.add(
                    MIRROR_BID_VIOLATED,
                    f"{who} {'holds' if len(members) == 1 else 'hold'} {held} spades, so "
                    f"{bidder.value} must bid {held}, not {b.text}",
                    b.pos,
                    party=bidder,
                )
            continue
        if bidder not in seats:
            continue
        held = spades(bidder)
        bid = 0 if is_nil(rules, b) else b.tricks
        if bid != held or b.kind is BidKind.BLIND or b.kind is BidKind.BLIND_NIL:
            rep.add(
                MIRROR_BID_VIOLATED,
                f"{bidder.word} holds {held} spades and must bid {held}, not {b.text}",
                b.pos,
                seat=bidder,
            )


def _check_team_range(
    rules: Ruleset, seats: tuple[Seat, ...], counted: tuple[Bid, ...], rep: Reporter
) -> None:
    low, high = rules.min_team_bid, rules.max_team_bid
    if not low and high is None:
        return
    partnership = rules.has_partnerships
    word = "a side" if partnership else "a player"
    for party in parties_of(rules):
        members = party.seats if isinstance(party, Side) else (party,)
        mine = [
            b
            for b in counted
            if b.bidder is party or (isinstance(b.bidder, Seat) and b.bidder in members)
        ]
        covered = _covered(tuple(mine))
        if not all(s in covered for s in members):
            continue
        contract = [b for b in mine if not (isinstance(b.bidder, Seat) and is_nil(rules, b))]
        if not contract and not partnership:
            continue  # a player's nil is no number bid
        # A side whose partners both bid nil bids 0 tricks (its nils count 0).
        placed = contract or mine
        total = sum(b.tricks for b in contract)
        where: Position = placed[-1].pos
        seat = _seat_or_none(placed[-1].bidder)
        together = (" in all" if contract else " (both partners bid nil)") if partnership else ""
        if total < low:
            rep.add(
                MIN_BID_VIOLATED,
                f"{party_name(party)} bid {total}{together}; the least {word} may bid is {low}",
                where,
                seat=seat,
                party=party,
            )
        elif high is not None and total > high:
            rep.add(
                MIN_BID_VIOLATED,
                f"{party_name(party)} bid {total}{together}; the most {word} may bid is {high}",
                where,
                seat=seat,
                party=party,
            )
