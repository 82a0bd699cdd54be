"""Replaying the tricks: who leads, what each player had to play, who wins.

:func:`play_tricks` replays a hand's tricks card by card on a
:class:`~spadesctl.replay.state.HandState`.  Each card is checked (held, not played
before, follows suit, the lead and first-trick rules, ``must_overtake``), then taken as
played whatever was wrong with it, so that one replay reports every problem.  The loop
works on card indices and suit numbers from the deck's
:class:`~spadesctl.core.deck.DeckTable`; messages are only built when a rule is
broken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from spadesctl.cards import Seat, seats_for
from spadesctl.core.deck import (
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_WORDS,
    TWO_OF_CLUBS,
    trick_winner,
)
from spadesctl.core.deck import (
    index_of as _index_of,
)
from spadesctl.diagnostics import (
    CARD_NOT_HELD,
    CARD_PLAYED_TWICE,
    FIRST_TRICK_VIOLATION,
    MUST_OVERTAKE,
    RENEGE,
    SPADES_NOT_BROKEN,
    TRICK_NUMBER,
    WRONG_CARD_COUNT,
    WRONG_LEADER,
)
from spadesctl.events import Trick
from spadesctl.record import Hand
from spadesctl.replay.legal import Breach, PlayRules
from spadesctl.replay.report import Reporter
from spadesctl.replay.result import FoundRenege, PlayedTrick
from spadesctl.replay.seat_order import as_played
from spadesctl.replay.state import HandState
from spadesctl.rules.ruleset import FirstLead, Ruleset
from spadesctl.values import fast_init

#: Per number of players, per leader (seat position): the positions in playing order,
#: and the seats in that order.
_ROTATIONS: Final = {
    n: tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n)) for n in (2, 3, 4)
}
_SEAT_ROTATIONS: Final = {
    n: tuple(tuple(seats_for(n)[s] for s in rotation) for rotation in _ROTATIONS[n])
    for n in (2, 3, 4)
}


#: Per number of players: each seat at the table -> its position.
_SEAT_POSITIONS: Final = {n: {seat: i for i, seat in enumerate(seats_for(n))} for n in (2, 3, 4)}


@fast_init
@dataclass(frozen=True, slots=True)
class Play:
    """The outcome of the card play: the tricks, tricks won per seat, reneges proven."""

    tricks: tuple[PlayedTrick, ...]
    won: tuple[int, ...]
    reneges: tuple[FoundRenege, ...]


def first_leader(rules: Ruleset, state: HandState, dealer: Seat) -> int | None:
    """The seat (position) that must lead the first trick; ``None``: anyone (or unknown)."""
    seats = state.seats
    if rules.first_lead is FirstLead.TWO_OF_CLUBS:
        for s, held in enumerate(state.holding):
            if TWO_OF_CLUBS in held:
                return s
        return None
    if rules.first_lead is FirstLead.LOWEST_CLUB or dealer not in seats:
        return None
    return (seats.index(dealer) + 1) % len(seats)


def play_tricks(
    hand: Hand, rules: Ruleset, state: HandState, rep: Reporter, judge: PlayRules
) -> Play:
    """Replay ``hand.tricks`` on ``state`` (after the passes), reporting every violation;
    ``judge``: the play rules of ``rules`` on ``state.table``'s cards."""
    table = state.table
    suit = table.suit
    power = table.power
    seats = state.seats
    n = len(seats)
    position_of = _SEAT_POSITIONS[n]
    counts = state.counts
    holding = state.holding
    played = state.played
    order = _ROTATIONS[n]
    seat_order = _SEAT_ROTATIONS[n]
    size = rules.tricks_per_hand
    first_lead = rules.first_lead
    follow = judge.follow
    following_may_break = judge.following_may_break
    index_of = _index_of
    won = [0] * n
    tricks: list[PlayedTrick] = []
    reneges: list[FoundRenege] = []
    broken = False
    expected = first_leader(rules, state, hand.dealer)
    previous: Trick | None = None
    next_number = 1
    for position, t in enumerate(hand.tricks):
        number = t.number
        if position >= size or number != next_number:
            _bad_number(t, previous, position, size, rep)
        next_number = number + 1
        lead = position_of.get(t.leader)
        if lead is None:
            rep.add(
                WRONG_LEADER,
                f"{t.leader.word} is not at a {rules.players}-player table",
                t.pos,
                trick=number,
                seat=t.leader,
            )
            previous = t
            continue
        if expected is not None and lead != expected:
            rep.add(
                WRONG_LEADER,
                _leader_message(rules, state, t, expected, previous, position == 0),
                t.pos,
                trick=number,
                seat=t.leader,
            )
        previous = t
        t = as_played(t, lead, state, rep)  # cards written in seat order: seat_order.py
        cards = t.cards
        if len(cards) != n:
            where = t.position_of(n) if len(cards) > n else t.pos
            rep.add(
                WRONG_CARD_COUNT,
                f"trick {number} has {len(cards)} cards; {n} players play one card each",
                where,
                trick=number,
            )
            cards = cards[:n]
        indices = list(map(index_of, cards))
        rotation = order[lead]
        broken_before = broken
        lowest_club = position == 0 and first_lead is FirstLead.LOWEST_CLUB
        if lowest_club:
            _lowest_club_trick(judge, state, t, indices, rotation, rep)
            broken = broken or any(suit[c] == SPADES for c in indices)
        else:
            first = position == 0
            led = top_led = top_spade = -1
            for k in range(len(indices)):
                c = indices[k]
                s = rotation[k]
                cs = suit[c]
                held = holding[s]
                if c in held:
                    held.remove(c)
                    counts[s][cs] -= 1
                    played[c] = number
                else:
                    _not_held(state, t, k, s, c, rep)
                if k == 0:  # the lead
                    led = cs
                    for breach in judge.lead(counts[s], held, c, first, broken):
                        _report(breach, state, t, 0, s, c, led, -1, -1, rep)
                    if led == SPADES:
                        broken = True
                    top_led = power[c]
                    top_spade = top_led if led == SPADES else -1
                    continue
                if cs != led or following_may_break:
                    breached = follow(counts[s], held, c, led, top_led, top_spade, first)
                    if breached is not None:
                        found = _report(breached, state, t, k, s, c, led, top_led, top_spade, rep)
                        if found is not None:
                            reneges.append(found)
                p = power[c]
                if cs == led:
                    if p > top_led:
                        top_led = p
                elif cs == SPADES:
                    broken = True
                    if p > top_spade:
                        top_spade = p
        winner = rotation[trick_winner(table, indices, lowest_club)]
        won[winner] += 1
        expected = winner
        tricks.append(
            PlayedTrick(
                number,
                t.leader,
                cards,
                seat_order[lead] if len(cards) == n else seat_order[lead][: len(cards)],
                seats[winner],
                broken_before,
                broken and not broken_before,
            )
        )
    return Play(tuple(tricks), tuple(won), tuple(reneges))


def _bad_number(t: Trick, previous: Trick | None, position: int, size: int, rep: Reporter) -> None:
    if position >= size:
        message = f"a hand has only {size} tricks; trick {t.number} is one too many"
    else:
        should = 1 if previous is None else previous.number + 1
        message = f"trick {t.number} should be numbered {should}"
    rep.add(TRICK_NUMBER, message, t.pos, trick=t.number)


def _not_held(state: HandState, t: Trick, k: int, s: int, c: int, rep: Reporter) -> None:
    """Report a card its player could not play: outside the pack, played, or not held."""
    seat = state.seats[s]
    text = CARDS[c].text
    if not state.table.in_pack[c]:
        kind = CARD_NOT_HELD
        message = f"{seat.word} played {text}: {state.table.not_in_pack_reason(c)}"
    elif c in state.played:
        kind = CARD_PLAYED_TWICE
        message = f"{seat.word} played {text}, already played in trick {state.played[c]}"
    else:
        kind = CARD_NOT_HELD
        message = f"{seat.word} played {text} without holding it ({state.whereabouts(c)})"
        # Taken as played: a later play of it is then a second play.
        state.played[c] = t.number
        for other in range(len(state.seats)):
            state.take(other, c)
    rep.add(kind, message, t.position_of(k), trick=t.number, seat=seat)


#: The diagnostic each broken play rule is reported as.
_KINDS: Final = {
    Breach.RENEGE: RENEGE,
    Breach.SPADES_NOT_BROKEN: SPADES_NOT_BROKEN,
    Breach.FIRST_LEAD_SPADE: FIRST_TRICK_VIOLATION,
    Breach.TWO_OF_CLUBS: FIRST_TRICK_VIOLATION,
    Breach.FIRST_TRICK_SPADE: FIRST_TRICK_VIOLATION,
    Breach.MUST_BEAT: MUST_OVERTAKE,
    Breach.MUST_TRUMP: MUST_OVERTAKE,
    Breach.MUST_OVERTRUMP: MUST_OVERTAKE,
    Breach.LOWEST_CLUB: FIRST_TRICK_VIOLATION,
    Breach.LOWEST_CLUB_SPADE: FIRST_TRICK_VIOLATION,
}


def _report(
    breach: Breach,
    state: HandState,
    t: Trick,
    k: int,
    s: int,
    c: int,
    led: int,
    top_led: int,
    top_spade: int,
    rep: Reporter,
) -> FoundRenege | None:
    """Word the rule card ``k`` of ``t`` broke (as :mod:`spadesctl.replay.legal` found
    it) and report it; a renege is returned as proven."""
    seat = state.seats[s]
    who = seat.word
    text = CARDS[c].text
    power = state.table.power
    if breach is Breach.RENEGE:
        message = (
            f"{who} did not follow {SUIT_WORDS[led]} in trick {t.number} while holding "
            f"{state.describe(state.of_suit(s, led))}"
        )
    elif breach is Breach.SPADES_NOT_BROKEN:
        message = (
            f"{who} led {text} in trick {t.number} before spades were broken, while "
            f"holding {_other_suits(state, s)}"
        )
    elif breach is Breach.FIRST_LEAD_SPADE:
        message = (
            f"{who} led {text} to the first trick; it may not be led with a spade "
            f"unless the leader holds only spades"
        )
    elif breach is Breach.TWO_OF_CLUBS:
        message = f"{who} holds 2C and must lead it to the first trick, not {text}"
    elif breach is Breach.FIRST_TRICK_SPADE:
        message = (
            f"{who} could not follow {SUIT_WORDS[led]} in the first trick and played "
            f"{text}; a spade may not be played to the first trick by a player "
            f"holding other cards"
        )
    elif breach is Breach.MUST_TRUMP:
        message = (
            f"{who} could not follow {SUIT_WORDS[led]} in trick {t.number} and had to trump "
            f"(holding {state.describe(state.of_suit(s, SPADES))}), but played {text}"
        )
    elif breach is Breach.MUST_OVERTRUMP:
        higher = [x for x in state.of_suit(s, SPADES) if power[x] > top_spade]
        message = (
            f"{who} had to overtrump in trick {t.number} (holding "
            f"{state.describe(higher)}), but played {text}"
        )
    elif breach is Breach.MUST_BEAT:
        higher = [x for x in state.of_suit(s, led) if power[x] > top_led]
        message = (
            f"{who} had to beat the best {SUIT_WORDS[led]} card in trick "
            f"{t.number} (holding {state.describe(higher)}), but played {text}"
        )
    elif breach is Breach.LOWEST_CLUB:
        lowest = state.describe(state.of_suit(s, CLUBS)[:1])
        message = f"{who} must play their lowest club, {lowest}, to the first trick, not {text}"
    else:
        message = (
            f"{who} had no club for the first trick and played {text}; a player "
            f"without clubs plays a heart or a diamond to it, not a spade"
        )
    rep.add(_KINDS[breach], message, t.position_of(k), trick=t.number, seat=seat)
    return FoundRenege(seat, t.number) if breach is Breach.RENEGE else None


def _lowest_club_trick(
    judge: PlayRules,
    state: HandState,
    t: Trick,
    indices: list[int],
    rotation: tuple[int, ...],
    rep: Reporter,
) -> None:
    """The first trick under ``first_lead=lowest_club``, checked by
    ``judge.lowest_club`` (its winner is
    :func:`~spadesctl.core.deck.trick_winner`'s)."""
    for k, c in enumerate(indices):
        s = rotation[k]
        if not state.take(s, c):
            _not_held(state, t, k, s, c, rep)
        else:
            state.played[c] = t.number
        breach = judge.lowest_club(state.counts[s], state.holding[s], c)
        if breach is not None:
            _report(breach, state, t, k, s, c, CLUBS, -1, -1, rep)


def _other_suits(state: HandState, s: int) -> str:
    """What the leader held besides spades, as proof that the spade lead was not forced."""
    others = [x for suit in (HEARTS, DIAMONDS, CLUBS) for x in state.of_suit(s, suit)]
    if state.known:
        suits = [SUIT_WORDS[k] for k in (HEARTS, DIAMONDS, CLUBS) if state.counts[s][k]]
        return (
            " and ".join(suits)
            if len(suits) <= 2
            else ", ".join(suits[:-1]) + " and " + (suits[-1])
        )
    return state.describe(others[:1])


def _leader_message(
    rules: Ruleset,
    state: HandState,
    t: Trick,
    expected: int,
    previous: Trick | None,
    first_trick: bool,
) -> str:
    should = state.seats[expected].word
    if first_trick:
        if rules.first_lead is FirstLead.TWO_OF_CLUBS:
            return f"{should} holds 2C and leads the first trick, not {t.leader.word}"
        return f"{should}, on the dealer's left, leads the first trick, not {t.leader.word}"
    won = f"trick {previous.number}" if previous is not None else "the last trick"
    return f"{should} won {won} and leads trick {t.number}, not {t.leader.word}"
