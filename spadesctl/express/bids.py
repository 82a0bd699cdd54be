"""A hand's ``bid`` line for the express check, on integers.

:func:`read_bids` reads a bid line as ``spadesctl fmt`` writes it and checks it as the
full engine does (:func:`spadesctl.replay.bidding.check_bids`) for the rulesets of
:mod:`spadesctl.express.family`: each seat's own bid in turn from the dealer's left
(``bid E 3 S nil W 4 N 3``), or a side's bid as one (``bid EW 7 NS 4``, with a nil bidder
named apart: ``bid EW 6 NS 5 N nil``, the first bidder's side first), blind bids
(``bid NS b6``: ``blind_bids``, against the running score), blind nils, and the rules on
the bids together (``both_nil``, the side's bids within the hand, ``min_team_bid`` and
``max_team_bid``, ``bids_total_13``, suicide and mirror bidding).  The rules it shares
with the replay are the rules core's (:mod:`spadesctl.core.bids`).

Anything unusual answers ``None`` and the full engine checks the game: a blind bid by a
seat, a side bid of 0 (or a nil), a side bid beside both its seats' nils, and side bids
under ``bidding=suicide`` or ``bidding=mirror``.
"""

from __future__ import annotations

from typing import Final

from spadesctl.core.bids import (
    BLIND_NIL,
    NIL,
    NO_BID,
    SUICIDE_PARTNER_MIN,
    blind_bid_fault,
    blind_nil_refused,
    trail,
)
from spadesctl.express.family import ExpressRules

#: Bid text -> bid code (a 0 is kept as 0 here: whether it is a nil depends on the rules).
_BIDS: Final = {**{str(n): n for n in range(18)}, "nil": NIL, "bnil": BLIND_NIL}
#: A blind bid's text (``b6``) -> its tricks.
_BLIND: Final = {f"b{n}": n for n in range(1, 18)}
#: A side's name -> its party.
_SIDES: Final = {"NS": 0, "EW": 1}


#: A hand's bids, as the scorer counts them: per seat, its own bid code (NO_BID: its side
#: bid as one), and per party its side's bid as one, openly and blind (``(0, 0)``: none),
#: or ``None`` when no side bid as one (a plain tuple: one is read every hand).
BidLine = tuple[list[int], list[tuple[int, int]] | None]


def unbid_line(rules: ExpressRules) -> BidLine:
    """The bids of a hand played without bids: none."""
    return [NO_BID] * rules.players, None


def read_bids(
    rules: ExpressRules,
    dealer: int,
    words: list[str],
    scores: list[int],
    held: list[int] | None,
) -> BidLine | None:
    """A ``bid`` line (``words``) of a hand ``dealer`` dealt, or ``None``.

    ``scores``: each party's running score (blind nils and blind bids); ``held``: the
    cards as dealt (``bidding=mirror`` bids the spades held), ``None`` when the hand
    shows no deal (a score sheet: the full engine checks mirror bids only against known
    holdings)."""
    players = rules.players
    first = (dealer + 1) % players
    if len(words) != 1 + 2 * players or words[1] != rules.seats[first] or words[0] != "bid":
        if rules.partnership and words[0] == "bid" and len(words) % 2 == 1:
            return _side_bids(rules, first, words, scores)
        return None  # bid-out-of-turn
    # each seat's own bid, in turn from the dealer's left
    codes = [0] * players
    contracts = [0] * len(rules.parties)
    nils = [0] * len(rules.parties)
    party_of = rules.party_of
    for k, seat in enumerate(rules.rotations[first]):
        bid = _BIDS.get(words[2 + 2 * k])
        if words[1 + 2 * k] != rules.seats[seat] or bid is None or bid > rules.tricks:
            return None  # bid-out-of-turn, bid-out-of-range, a blind bid by a seat
        if (
            rules.mirror
            and held is not None
            and (bid == BLIND_NIL or max(bid, 0) != held[seat * 4].bit_count())
        ):
            return None  # mirror-bid-violated
        if bid == 0 and rules.zero_is_nil:
            bid = NIL
            nils[party_of[seat]] += 1
        elif bid < 0:
            if not _nil_allowed(rules, seat, bid, scores):
                return None
            nils[party_of[seat]] += 1
        else:
            contracts[party_of[seat]] += bid
        codes[seat] = bid
    return (codes, None) if _together(rules, contracts, nils) else None


def _nil_allowed(rules: ExpressRules, seat: int, code: int, scores: list[int]) -> bool:
    """Whether ``seat``'s nil (``code``: NIL or BLIND_NIL) is allowed."""
    if code == NIL:
        return rules.nil is not None  # nil-not-allowed
    behind = trail(scores, rules.party_of[seat])
    return not blind_nil_refused(rules.blind_nil, rules.blind_nil_deficit, behind)


def _side_bids(
    rules: ExpressRules, first_seat: int, words: list[str], scores: list[int]
) -> BidLine | None:
    """A bid line in which a side bids as one (``bid EW 7 NS 4``, ``bid EW 6 NS 5 N
    nil``): the sides' non-nil bids in turn, the first bidder's side first, and every
    seat's bid made (its own or its side's)."""
    if rules.mirror or rules.suicide:
        return None  # the full engine checks side bids under these
    codes = [NO_BID] * rules.players
    sides = [(0, 0), (0, 0)]
    first = rules.party_of[first_seat]
    order: list[int] = []  # the sides in the order of their first non-nil bid
    seen: set[int] = set()  # the seats that bid
    for k in range(1, len(words), 2):
        word, value = words[k], words[k + 1]
        side = _SIDES.get(word)
        if side is not None:
            tricks = _BIDS.get(value)
            blind = 0
            if tricks is None:
                blind = _BLIND.get(value, 0)
                if not blind or blind_bid_fault(
                    rules.blind_bids, rules.blind_bid_deficit, blind, trail(scores, side)
                ):
                    return None  # blind-bid-not-allowed, or not a bid
                tricks = 0
            elif tricks <= 0:
                return None  # a side's 0 or nil: bid-out-of-range or a rare reading
            if sides[side] != (0, 0) or any(
                s in seen and codes[s] >= 0 for s in rules.party_seats[side]
            ):
                return None  # bid-out-of-turn: a side bidding twice
            if tricks + blind > rules.tricks:
                return None  # bid-out-of-range
            sides[side] = (tricks, blind)
        else:
            if word not in rules.seats:
                return None
            seat = rules.seats.index(word)
            code = _BIDS.get(value)
            if seat in seen or code is None or code > rules.tricks:
                return None  # bid-out-of-turn, bid-out-of-range, a blind bid by a seat
            side = rules.party_of[seat]
            if code == 0 and rules.zero_is_nil:
                code = NIL
            if code >= 0 and sides[side] != (0, 0):
                return None  # bid-out-of-turn: a number beside the side's bid
            if code < 0:
                if not _nil_allowed(rules, seat, code, scores):
                    return None
                seen.add(seat)
                codes[seat] = code
                continue  # a nil does not place its side in the bidding
            seen.add(seat)
            codes[seat] = code
        if side not in order:
            if not order and side != first:
                return None  # bid-out-of-turn: the first bidder's side bids first
            order.append(side)
    if not order or sides == [(0, 0), (0, 0)]:
        return None  # no side bid as one: the seats' bids are out of turn
    contracts = [sides[0][0] + sides[0][1], sides[1][0] + sides[1][1]]
    nils = [0, 0]
    for side, seats in enumerate(rules.party_seats):
        for s in seats:
            if codes[s] >= 0:
                contracts[side] += codes[s]
            elif codes[s] != NO_BID:
                nils[side] += 1
        if sides[side] == (0, 0):
            if not all(s in seen for s in seats):
                return None  # missing-bids
        elif nils[side] == len(seats):
            return None  # a side's bid beside both its seats' nils
    return (codes, sides) if _together(rules, contracts, nils) else None


def _together(rules: ExpressRules, contracts: list[int], nils: list[int]) -> bool:
    """The rules on a hand's bids together, from each party's contract (its bids but
    nils, added up) and its nils: ``both_nil``, a side's bids within the hand's tricks,
    suicide, ``min_team_bid`` and ``max_team_bid``, ``bids_total_13``."""
    partnership = rules.partnership
    low, high = rules.min_team_bid, rules.max_team_bid
    for p, contract in enumerate(contracts):
        n = nils[p]
        if partnership:
            if n > 1 and not rules.both_nil:
                return False  # both-nil-not-allowed
            if contract > rules.tricks:
                return False  # bid-out-of-range: the side's bids together
            if rules.suicide and (n != 1 or contract < SUICIDE_PARTNER_MIN):
                return False  # suicide-bid-violated: one nil, and its partner bids 4 or more
        elif n:
            continue  # a player's nil is no number bid
        if contract < low or (high is not None and contract > high):
            return False  # min-bid-violated
    return rules.bids_total_13 or sum(contracts) != rules.tricks  # bids-total-13
