"""One hand for the express check: the deal (and draws), the bids, the passes and the tricks.

The bid line is read by :mod:`spadesctl.express.bids` (none in a hand played without
bids).

:func:`play_hand` reads the lines of a hand as ``spadesctl fmt`` writes them and
replays them on integers: seats are numbered 0.. clockwise from North, suits spades 0,
hearts 1, diamonds 2, clubs 3, and ``held[seat * 4 + suit]`` holds the bits of the cards
of that suit the seat still holds (:mod:`spadesctl.express.deck`; a seat holds a suit
while it is not 0).  Each check is the full engine's (:mod:`spadesctl.replay`) for the rulesets of
:mod:`spadesctl.express.family`.  Anything unusual or wrong answers ``None``: the
express check then hands the game to the full engine, which reports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadesctl.core.bids import BLIND_NIL, is_nil_code
from spadesctl.core.deck import CLUBS as _CLUBS
from spadesctl.core.limits import MAX_NUMBER
from spadesctl.core.took import took_faults
from spadesctl.express.bids import BidLine, read_bids, unbid_line
from spadesctl.express.deck import Card, DeckTables, rank_bits
from spadesctl.express.draw import read_draws
from spadesctl.express.family import ExpressRules

_TWO: Final = 1  # the bit of the 2 of a suit (in the 52-card deck)

_TRICK_NUMBERS: Final = tuple(str(n) for n in range(1, 18))
#: A count of a ``took`` line as ``fmt`` writes it (the grammar reads digits, no sign).
_COUNTS: Final = {str(n): n for n in range(MAX_NUMBER + 1)}
#: Who passes to whom after a blind nil: only between partners.
_PASS_PAIRS: Final = {"N>S": (0, 2), "S>N": (2, 0), "E>W": (1, 3), "W>E": (3, 1)}


def _deal(rules: ExpressRules, tables: DeckTables, words: list[str]) -> list[int] | None:
    """``deal N:... E:... S:... W:...``: ``held`` (the module's docstring) as dealt."""
    players = rules.players
    if len(words) != 1 + players or words[0] != "deal":
        return None
    twos = tables.twos
    held = [0] * (4 * players)
    dealt = [0, 0, 0, 0]  # per suit in play, the cards dealt so far
    for s in range(players):
        word = words[s + 1]
        if word[:2] != rules.seats[s] + ":":
            return None
        groups = word[2:].split(".")
        if len(groups) != 4 and (len(groups) != 5 or not tables.jokers):
            return None
        size = 0
        base = s * 4
        for g in range(4):
            found = rank_bits(groups[g])
            if found is None:
                return None
            bits, count = found
            size += count
            if bits & 1 and twos[g] != (g, 1):  # a 2 that is not in the pack, or is a spade
                two = twos[g]
                if two is None or dealt[two[0]] & two[1]:
                    return None  # bad-deal
                dealt[two[0]] |= two[1]
                held[base + two[0]] |= two[1]
                bits ^= 1
            if dealt[g] & bits:
                return None  # bad-deal: a card dealt twice
            dealt[g] |= bits
            held[base + g] |= bits
        if len(groups) == 5:
            jokers = tables.jokers.get(groups[4])
            if jokers is None or dealt[0] & jokers[0]:
                return None
            dealt[0] |= jokers[0]
            held[base] |= jokers[0]
            size += jokers[1]
        if size != rules.tricks:
            return None  # bad-deal
    return held


def _passes(
    rules: ExpressRules,
    cards: dict[str, Card],
    bids: list[int],
    rows: Sequence[str],
    at: int,
    held: list[int],
) -> int | None:
    """The ``pass`` lines a blind nil calls for, applied in order: the row after them."""
    wanted: set[tuple[int, int]] = set()
    if rules.blind_nil_pass and rules.partnership:
        for seat, bid in enumerate(bids):
            partner = (seat + 2) & 3
            if bid == BLIND_NIL and bids[partner] != BLIND_NIL:  # both: no exchange (004)
                wanted.update(((seat, partner), (partner, seat)))
    while wanted and at < len(rows) and rows[at].startswith("pass "):
        words = rows[at].split(" ")
        pair = _PASS_PAIRS.get(words[1]) if len(words) > 1 else None
        if pair not in wanted or len(words) != 2 + rules.blind_nil_pass:
            return None
        wanted.discard(pair)
        giver, receiver = pair
        for text in words[2:]:
            card = cards.get(text)
            if card is None or not held[giver * 4 + card[0]] & card[1]:
                return None
            held[giver * 4 + card[0]] ^= card[1]
            held[receiver * 4 + card[0]] |= card[1]
        at += 1
    return None if wanted else at


def play_hand(
    rules: ExpressRules,
    dealer: int,
    rows: Sequence[str],
    at: int,
    scores: list[int],
    winners: list[int] | None = None,
    unbid: bool = False,
) -> tuple[int, BidLine, list[int], int, int] | None:
    """Replay the hand whose ``deal`` line is ``rows[at]`` (then, with two players, its
    ``draw`` lines: :func:`~spadesctl.express.draw.read_draws`).

    ``scores``: each party's running score before the hand (for blind nils and blind
    bids); ``unbid``: the hand is played without bids (no bid line).  Returns the row
    after the last trick line, the bids (:class:`~spadesctl.express.bids.BidLine`), each
    seat's tricks, the row of the first trick line (fewer trick lines than the hand's
    tricks only when a ``claim`` or ``took`` line follows them) and the row of the bid
    line (after the draws; in a hand played without bids, where it would be); ``None``
    if any line is unusual or any rule is broken.  ``winners``, when given, is told the
    seat that won each trick in turn.
    """
    if at + 1 >= len(rows):
        return None
    tables = rules.tables
    held = _deal(rules, tables, rows[at].split(" "))
    if held is None:
        return None
    bid_at = at + 1
    if rules.draws and rows[bid_at][:5] == "draw ":  # two players drew the deal's hands
        drawn = read_draws(rules, dealer, rows, bid_at, held)
        if drawn is None or drawn == len(rows):
            return None
        bid_at = drawn
    cards = tables.cards
    if unbid:
        if rows[bid_at][:4] == "bid ":
            return None  # bid-in-unbid-hand
        line = unbid_line(rules)
        after: int | None = bid_at
    else:
        found = read_bids(rules, dealer, rows[bid_at].split(" "), scores, held)
        if found is None:
            return None
        line = found
        after = _passes(rules, cards, line[0], rows, bid_at + 1, held)
    tricks = rules.tricks
    if after is None:
        return None
    end = tricks if after + tricks <= len(rows) else len(rows) - after  # the lines there are
    if end <= 0:
        return None
    players = rules.players
    seats = rules.seats
    size = 3 + players  # words in a trick line
    if rules.two_of_clubs_leads:
        leader = next(s for s in range(players) if held[s * 4 + _CLUBS] & _TWO)
    else:
        leader = (dealer + 1) % players
    card = cards.get
    overtake = rules.must_overtake
    won = [0] * players
    broken = False
    first = 0
    if rules.lowest_club:  # anyone leads the first trick, which has rules of its own
        played = _lowest_club_trick(rules, cards, rows[after].split(" "), held)
        if played is None:
            return None
        leader, broken = played
        won[leader] += 1
        first = 1
        if winners is not None:
            winners.append(leader)
    two_of_clubs_leads = rules.two_of_clubs_leads
    spades_broken = rules.spades_broken
    spades_first_trick = rules.spades_first_trick
    followers = rules.followers
    for t in range(first, end):
        words = rows[after + t].split(" ")
        if (
            len(words) != size
            or words[0] != "trick"
            or words[1] != _TRICK_NUMBERS[t]
            or words[2] != seats[leader]
        ):
            if words[0] == "claim" or words[0] == "took":  # the hand ends before its tricks
                return after + t, line, won, after, bid_at
            return None
        # The lead.
        lead = card(words[3])
        if lead is None:
            return None
        led, bit, best_strength = lead
        base = leader * 4
        at = base + led
        if not held[at] & bit:
            return None  # card-not-held, card-played-twice
        held[at] ^= bit
        if t == 0 and two_of_clubs_leads and (led != _CLUBS or bit != _TWO):
            return None  # first-trick-violation: the 2C holder leads it
        if led == 0 and not broken:
            if (held[base + 1] or held[base + 2] or held[base + 3]) and (
                spades_broken or (t == 0 and not two_of_clubs_leads)
            ):
                return None  # spades-not-broken / first-trick-violation
            broken = True
        best = leader
        top_led, top_trump = bit, 0  # must_overtake: the best card of the suit led, trump
        # The cards that follow it.
        for word, seat, base in followers[leader]:
            follow = card(words[word])
            if follow is None:
                return None
            suit, bit, strength = follow
            at = base + suit
            if not held[at] & bit:
                return None  # card-not-held, card-played-twice
            held[at] ^= bit
            if suit != led:
                if held[base + led]:
                    return None  # renege
                if (
                    overtake
                    and led
                    and held[base]
                    and (t or spades_first_trick)
                    and (suit or (bit < top_trump and held[base] > top_trump))
                ):
                    return None  # must-overtake: void in the suit led, trump over any trump
                if suit:
                    continue  # a discard: it cannot win
                if (
                    t == 0
                    and not spades_first_trick
                    and (held[base + 1] or held[base + 2] or held[base + 3])
                ):
                    return None  # first-trick-violation
                broken = True
                top_trump = max(top_trump, bit)
            elif overtake:
                if bit > top_led:
                    top_led = bit
                elif held[at] > top_led:
                    return None  # must-overtake: beat the best card of the suit led
            if strength > best_strength:
                best, best_strength = seat, strength
        leader = best
        won[leader] += 1
        if winners is not None:
            winners.append(best)
    if end < tricks:
        return None  # the game's lines end before the hand's last trick
    return after + tricks, line, won, after, bid_at


def _lowest_club_trick(
    rules: ExpressRules, cards: dict[str, Card], words: list[str], held: list[int]
) -> tuple[int, bool] | None:
    """The first trick under ``first_lead=lowest_club``: the winner, and whether a spade
    was played.  Each player plays their lowest club; one without clubs plays a heart or
    a diamond (a spade only when holding nothing else); the highest club wins (no club
    at all: the suit led, or the highest spade, as in any trick)."""
    players = rules.players
    if len(words) != 3 + players or words[0] != "trick" or words[1] != "1":
        return None
    if words[2] not in rules.seats:
        return None
    order = rules.rotations[rules.seats.index(words[2])]
    spade = False
    best, best_key = 0, -1
    led = -1
    for k in range(players):
        found = cards.get(words[3 + k])
        if found is None:
            return None
        suit, bit, strength = found
        at = order[k] * 4
        if not held[at + suit] & bit:
            return None  # card-not-held, card-played-twice
        held[at + suit] ^= bit
        if held[at + _CLUBS]:  # clubs left: this must be the lowest of them
            if suit != _CLUBS or held[at + _CLUBS] & (bit - 1):
                return None  # first-trick-violation
        elif suit == 0 and (held[at + 1] or held[at + 2]):
            return None  # first-trick-violation: a spade while holding hearts or diamonds
        if k == 0:
            led = suit
        spade = spade or suit == 0
        # the highest club, else the highest spade, else the highest card of the suit led
        key = 300 + strength if suit == _CLUBS else strength if suit in (0, led) else -1
        if key > best_key:
            best, best_key = k, key
    return order[best], spade


def sheet_bids(
    rules: ExpressRules, dealer: int, rows: Sequence[str], at: int, scores: list[int]
) -> tuple[int, BidLine, list[int], int, int] | None:
    """The bids of a score sheet's hand, whose ``bid`` line is ``rows[at]`` (no deal, no
    pass and no trick lines: its ``took`` line, :func:`read_took`, follows).  As
    :func:`play_hand`: the row after the bid line (twice: no trick lines), the bids, each
    seat's tricks in play (none) and the bid line's row, or ``None``."""
    line = read_bids(rules, dealer, rows[at].split(" "), scores, None)
    return None if line is None else (at + 1, line, [0] * rules.players, at + 1, at)


def read_took(
    rules: ExpressRules,
    line: str,
    bids: list[int],
    won: list[int],
    played: int,
    claimer: int = -1,
) -> list[int] | None:
    """A ``took`` line after ``played`` tricks in which each seat won ``won`` (and a
    ``claim`` by seat ``claimer``, if not -1): each seat's tricks (a side's together on
    its first seat), or ``None`` unless the line is as ``fmt`` writes it and the rules
    core finds no fault in it (:func:`~spadesctl.core.took.took_faults`, the replay's
    reading too)."""
    words = line.split(" ")
    if len(words) < 3 or len(words) % 2 == 0 or words[0] != "took":
        return None
    entries: list[tuple[tuple[int, ...], int]] = []
    for k in range(1, len(words), 2):
        members = rules.party_words.get(words[k])
        count = _COUNTS.get(words[k + 1])
        if members is None or count is None:
            return None  # a party not at the table, or a count not as fmt writes it
        entries.append((members, count))
    nils = [s for s, bid in enumerate(bids) if is_nil_code(bid)]
    claim = None if claimer < 0 else (rules.party_of[claimer], rules.party_seats)
    faults, usable = took_faults(entries, rules.players, rules.tricks, nils, won, played, claim)
    if faults or not usable:
        return None  # trick-count-mismatch
    took = [0] * rules.players
    for members, count in entries:
        took[members[0]] += count
    return took
