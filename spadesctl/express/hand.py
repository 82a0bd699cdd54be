"""One hand for the express check: the deal, the bids, the passes and the thirteen tricks.

:func:`play_hand` reads the lines of a hand as ``spadesctl fmt`` writes them and
replays them on integers: a card is ``suit * 13 + rank`` (spades 0, hearts 1, diamonds
2, clubs 3; ranks 2 to A as 0 to 12), ``owner[card]`` is the seat holding it (``-1``
once played) and ``counts[seat * 4 + suit]`` how many of a suit a seat still holds.
Each check is the full engine's (:mod:`spadesctl.replay`) for the rulesets of
:mod:`spadesctl.express.family`.  Anything unusual or wrong answers ``None``: the
express check then hands the game to the full engine, which reports it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from spadesctl.express.family import ExpressRules
from spadesctl.express.score import BLIND_NIL, NIL

SEATS: Final = ("N", "E", "S", "W")
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "SHDC"
_HIGH_FIRST: Final = _RANKS[::-1]

#: Canonical card text -> card.
CARD: Final = {r + s: k * 13 + i for k, s in enumerate(_SUITS) for i, r in enumerate(_RANKS)}
#: Card -> its suit.
SUIT: Final = tuple(c // 13 for c in range(52))
#: Card -> its strength in a trick it can win (following suit or a spade): spades on top.
STRENGTH: Final = tuple(c % 13 + (100 if c < 13 else 0) for c in range(52))
TWO_OF_CLUBS: Final = CARD["2C"]

#: Bid text -> bid code (a 0 is kept as 0 here: whether it is a nil depends on the rules).
_BIDS: Final = {**{str(n): n for n in range(14)}, "nil": NIL, "bnil": BLIND_NIL}
_PREFIX: Final = tuple(s + ":" for s in SEATS)
_TRICK_NUMBERS: Final = tuple(str(n) for n in range(1, 14))
_PASS_PAIRS: Final = {
    f"{a}>{b}": (i, j) for i, a in enumerate(SEATS) for j, b in enumerate(SEATS) if i != j
}


@functools.lru_cache(maxsize=4 * 8192)
def _group(suit: int, text: str) -> tuple[int, ...] | None:
    """A holding's suit group written high first (``AQ95``), or ``None`` if not canonical."""
    out: list[int] = []
    last = -1
    for ch in text:
        place = _HIGH_FIRST.find(ch)
        if place <= last:  # not a rank, or not below the one before
            return None
        last = place
        out.append(suit * 13 + 12 - place)
    return tuple(out)


def _deal(words: list[str]) -> tuple[list[int], list[int]] | None:
    """``deal N:... E:... S:... W:...``: the owner of each card and the suit counts."""
    if len(words) != 5 or words[0] != "deal":
        return None
    owner = [-1] * 52
    counts = [0] * 16
    for s in range(4):
        word = words[s + 1]
        if word[:2] != _PREFIX[s]:
            return None
        groups = word[2:].split(".")
        if len(groups) != 4:
            return None
        size = 0
        for g in range(4):
            cards = _group(g, groups[g])
            if cards is None:
                return None
            for c in cards:
                if owner[c] >= 0:
                    return None
                owner[c] = s
            counts[s * 4 + g] = len(cards)
            size += len(cards)
        if size != 13:
            return None
    return owner, counts


def _bids(
    rules: ExpressRules, dealer: int, words: list[str], scores: list[int]
) -> list[int] | None:
    """``bid`` with the four seats from the dealer's left: each seat's bid code."""
    if len(words) != 9 or words[0] != "bid":
        return None
    bids = [0, 0, 0, 0]
    total = 0
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        bid = _BIDS.get(words[2 + 2 * k])
        if words[1 + 2 * k] != SEATS[seat] or bid is None:
            return None
        if bid == 0 and rules.zero_is_nil:
            bid = NIL
        elif bid == NIL:
            if rules.nil is None:
                return None  # nil-not-allowed
        elif bid == BLIND_NIL:
            side = seat & 1
            if rules.blind_nil is None or scores[1 - side] - scores[side] < rules.blind_nil_deficit:
                return None  # blind-nil-not-allowed
        else:
            total += bid
        bids[seat] = bid
    if not rules.bids_total_13 and total == 13:
        return None  # bids-total-13
    for side in (0, 1):
        mine = (bids[side], bids[side + 2])
        if mine[0] < 0 and mine[1] < 0 and not rules.both_nil:
            return None  # both-nil-not-allowed
        if rules.min_team_bid or rules.max_team_bid is not None:
            contract = sum(b for b in mine if b >= 0)
            if contract < rules.min_team_bid:
                return None  # min-bid-violated
            if rules.max_team_bid is not None and contract > rules.max_team_bid:
                return None
    return bids


def _passes(
    rules: ExpressRules,
    bids: list[int],
    rows: Sequence[str],
    at: int,
    owner: list[int],
    counts: list[int],
) -> int | None:
    """The ``pass`` lines a blind nil calls for, applied in order: the row after them."""
    wanted: set[tuple[int, int]] = set()
    if rules.blind_nil_pass:
        for seat, bid in enumerate(bids):
            if bid == BLIND_NIL:
                partner = (seat + 2) & 3
                wanted.update(((seat, partner), (partner, seat)))
    while wanted and at < len(rows) and rows[at].startswith("pass "):
        words = rows[at].split(" ")
        pair = _PASS_PAIRS.get(words[1]) if len(words) > 1 else None
        if pair not in wanted or len(words) != 2 + rules.blind_nil_pass:
            return None
        wanted.discard(pair)
        giver, receiver = pair
        for text in words[2:]:
            c = CARD.get(text)
            if c is None or owner[c] != giver:
                return None
            owner[c] = receiver
            counts[giver * 4 + SUIT[c]] -= 1
            counts[receiver * 4 + SUIT[c]] += 1
        at += 1
    return None if wanted else at


def play_hand(
    rules: ExpressRules, dealer: int, rows: Sequence[str], at: int, scores: list[int]
) -> tuple[int, list[int], list[int]] | None:
    """Replay the hand whose ``deal`` line is ``rows[at]``.

    ``scores``: each side's running score before the hand (for blind nil).  Returns the
    row after the last trick, each seat's bid code and each seat's tricks; ``None`` if
    any line is unusual or any rule is broken.
    """
    if at + 1 >= len(rows):
        return None
    dealt = _deal(rows[at].split(" "))
    if dealt is None:
        return None
    owner, counts = dealt
    bids = _bids(rules, dealer, rows[at + 1].split(" "), scores)
    if bids is None:
        return None
    after = _passes(rules, bids, rows, at + 2, owner, counts)
    if after is None or after + 13 > len(rows):
        return None
    leader = owner[TWO_OF_CLUBS] if rules.two_of_clubs_leads else (dealer + 1) & 3
    suit_of = SUIT
    strength = STRENGTH
    card = CARD.get
    won = [0, 0, 0, 0]
    broken = False
    for t in range(13):
        words = rows[after + t].split(" ")
        if (
            len(words) != 7
            or words[0] != "trick"
            or words[1] != _TRICK_NUMBERS[t]
            or words[2] != SEATS[leader]
        ):
            return None
        # The lead.
        c = card(words[3])
        if c is None or owner[c] != leader:
            return None
        owner[c] = -1
        led = suit_of[c]
        base = leader * 4
        counts[base + led] -= 1
        if t == 0 and rules.two_of_clubs_leads and c != TWO_OF_CLUBS:
            return None  # first-trick-violation: the 2C holder leads it
        if led == 0 and not broken:
            if (counts[base + 1] or counts[base + 2] or counts[base + 3]) and (
                rules.spades_broken or (t == 0 and not rules.two_of_clubs_leads)
            ):
                return None  # spades-not-broken / first-trick-violation
            broken = True
        best, best_strength = 0, strength[c]
        # The three cards that follow it.
        for k in (1, 2, 3):
            c = card(words[3 + k])
            seat = (leader + k) & 3
            if c is None or owner[c] != seat:
                return None  # card-not-held, card-played-twice
            owner[c] = -1
            suit = suit_of[c]
            base = seat * 4
            counts[base + suit] -= 1
            if suit != led:
                if counts[base + led]:
                    return None  # renege
                if suit:
                    continue  # a discard: it cannot win
                if (
                    t == 0
                    and not rules.spades_first_trick
                    and (counts[base + 1] or counts[base + 2] or counts[base + 3])
                ):
                    return None  # first-trick-violation
                broken = True
            if strength[c] > best_strength:
                best, best_strength = k, strength[c]
        leader = (leader + best) & 3
        won[leader] += 1
    return after + 13, bids, won
