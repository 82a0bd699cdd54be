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
    card_indices,
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
from spadesctl.replay.report import Reporter
from spadesctl.replay.result import FoundRenege, PlayedTrick
from spadesctl.replay.seat_order import as_played
from spadesctl.replay.state import HandState
from spadesctl.rules.ruleset import FirstLead, LeadSpades, Ruleset
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


def play_tricks(hand: Hand, rules: Ruleset, state: HandState, rep: Reporter) -> Play:
    """Replay ``hand.tricks`` on ``state`` (after the passes), reporting every violation."""
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
    must_overtake = rules.must_overtake
    first_lead = rules.first_lead
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
            _lowest_club_trick(state, t, indices, rotation, rep)
            broken = broken or any(suit[c] == SPADES for c in indices)
        else:
            # The lead.
            c = indices[0]
            s = rotation[0]
            led = suit[c]
            held = holding[s]
            if c in held:
                held.remove(c)
                counts[s][led] -= 1
                played[c] = number
            else:
                _not_held(state, t, 0, s, c, rep)
            if led == SPADES:
                if not broken:
                    _spade_lead(rules, state, t, s, c, position == 0, rep)
                broken = True
            if position == 0 and first_lead is FirstLead.TWO_OF_CLUBS:
                _two_of_clubs_lead(state, t, s, c, rep)
            top_led = power[c]
            top_spade = top_led if led == SPADES else -1
            # The cards that follow it.
            for k in range(1, len(indices)):
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
                p = power[c]
                if cs == led:
                    if must_overtake and p < top_led:
                        _must_beat(state, t, k, s, c, top_led, rep)
                    if p > top_led:
                        top_led = p
                    continue
                if led >= 0 and (counts[s][led] or cs == SPADES or must_overtake):
                    found = _not_following(
                        rules, state, t, k, s, c, led, top_spade, position == 0, rep
                    )
                    if found is not None:
                        reneges.append(found)
                if cs == SPADES:
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


def _not_following(
    rules: Ruleset,
    state: HandState,
    t: Trick,
    k: int,
    s: int,
    c: int,
    led: int,
    top_spade: int,
    first: bool,
    rep: Reporter,
) -> FoundRenege | None:
    """A card not of the suit led: a renege if the player held that suit; else the
    first-trick spade rule and ``must_overtake``'s duty to trump.  Returns a renege."""
    seat = state.seats[s]
    row = state.counts[s]
    if row[led]:
        rep.add(
            RENEGE,
            f"{seat.word} did not follow {SUIT_WORDS[led]} in trick {t.number} while holding "
            f"{state.describe(state.of_suit(s, led))}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )
        return FoundRenege(seat, t.number)
    is_spade = state.table.suit[c] == SPADES
    if first and not rules.spades_first_trick:
        if is_spade and (row[HEARTS] or row[DIAMONDS] or row[CLUBS]):
            rep.add(
                FIRST_TRICK_VIOLATION,
                f"{seat.word} could not follow {SUIT_WORDS[led]} in the first trick and played "
                f"{CARDS[c].text}; a spade may not be played to the first trick by a player "
                f"holding other cards",
                t.position_of(k),
                trick=t.number,
                seat=seat,
            )
    elif rules.must_overtake and led != SPADES and row[SPADES]:
        _must_trump(state, t, k, s, c, top_spade, rep)
    return None


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
        rep.add(
            CARD_NOT_HELD,
            f"{seat.word} played {text}: {state.table.not_in_pack_reason(c)}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )
    elif c in state.played:
        rep.add(
            CARD_PLAYED_TWICE,
            f"{seat.word} played {text}, already played in trick {state.played[c]}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )
    else:
        rep.add(
            CARD_NOT_HELD,
            f"{seat.word} played {text} without holding it ({state.whereabouts(c)})",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )
        # Taken as played: a later play of it is then a second play.
        state.played[c] = t.number
        for other in range(len(state.seats)):
            state.take(other, c)


def _spade_lead(
    rules: Ruleset, state: HandState, t: Trick, s: int, c: int, first: bool, rep: Reporter
) -> None:
    """A spade led before spades are broken: fine only when the leader holds only spades."""
    if state.holds_only_spades(s):
        return
    seat = state.seats[s]
    text = CARDS[c].text
    if rules.lead_spades is LeadSpades.BROKEN:
        rep.add(
            SPADES_NOT_BROKEN,
            f"{seat.word} led {text} in trick {t.number} before spades were broken, while "
            f"holding {_other_suits(state, s)}",
            t.position_of(0),
            trick=t.number,
            seat=seat,
        )
    elif first and rules.first_lead is FirstLead.LEFT_OF_DEALER:
        rep.add(
            FIRST_TRICK_VIOLATION,
            f"{seat.word} led {text} to the first trick; it may not be led with a spade "
            f"unless the leader holds only spades",
            t.position_of(0),
            trick=t.number,
            seat=seat,
        )


def _two_of_clubs_lead(state: HandState, t: Trick, s: int, c: int, rep: Reporter) -> None:
    """Under ``first_lead=two_of_clubs`` the holder of 2C leads it."""
    if c != TWO_OF_CLUBS and TWO_OF_CLUBS in state.holding[s]:
        seat = state.seats[s]
        rep.add(
            FIRST_TRICK_VIOLATION,
            f"{seat.word} holds 2C and must lead it to the first trick, not {CARDS[c].text}",
            t.position_of(0),
            trick=t.number,
            seat=seat,
        )


def _must_trump(
    state: HandState, t: Trick, k: int, s: int, c: int, top_spade: int, rep: Reporter
) -> None:
    """``must_overtake``: a player void in the suit led trumps, over any trump, if able."""
    table = state.table
    seat = state.seats[s]
    spades = state.of_suit(s, SPADES)
    led = SUIT_WORDS[table.suit[card_indices(t.cards[:1])[0]]]
    if table.suit[c] != SPADES:
        rep.add(
            MUST_OVERTAKE,
            f"{seat.word} could not follow {led} in trick {t.number} and had to trump "
            f"(holding {state.describe(spades)}), but played {CARDS[c].text}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )
        return
    if table.power[c] > top_spade:
        return
    higher = [x for x in spades if table.power[x] > top_spade]
    if higher:
        rep.add(
            MUST_OVERTAKE,
            f"{seat.word} had to overtrump in trick {t.number} (holding "
            f"{state.describe(higher)}), but played {CARDS[c].text}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )


def _must_beat(
    state: HandState, t: Trick, k: int, s: int, c: int, top_led: int, rep: Reporter
) -> None:
    """``must_overtake``: a player following suit beats the best card of it, if able."""
    table = state.table
    higher = [x for x in state.of_suit(s, table.suit[c]) if table.power[x] > top_led]
    if higher:
        seat = state.seats[s]
        rep.add(
            MUST_OVERTAKE,
            f"{seat.word} had to beat the best {SUIT_WORDS[table.suit[c]]} card in trick "
            f"{t.number} (holding {state.describe(higher)}), but played {CARDS[c].text}",
            t.position_of(k),
            trick=t.number,
            seat=seat,
        )


def _lowest_club_trick(
    state: HandState, t: Trick, indices: list[int], rotation: tuple[int, ...], rep: Reporter
) -> None:
    """The first trick under ``first_lead=lowest_club``, checked (its winner is
    :func:`~spadesctl.core.deck.trick_winner`'s).

    Everyone plays their lowest club; a player without clubs plays a heart or a diamond
    (a spade only when holding nothing else).  The highest club wins.
    """
    table = state.table
    for k, c in enumerate(indices):
        s = rotation[k]
        if not state.take(s, c):
            _not_held(state, t, k, s, c, rep)
        else:
            state.played[c] = t.number
        seat = state.seats[s]
        row = state.counts[s]
        text = CARDS[c].text
        is_club = table.suit[c] == CLUBS
        if row[CLUBS]:
            lowest = state.of_suit(s, CLUBS)[0]
            if not is_club or table.power[lowest] < table.power[c]:
                rep.add(
                    FIRST_TRICK_VIOLATION,
                    f"{seat.word} must play their lowest club, {state.describe([lowest])}, to "
                    f"the first trick, not {text}",
                    t.position_of(k),
                    trick=t.number,
                    seat=seat,
                )
        elif table.suit[c] == SPADES and (row[HEARTS] or row[DIAMONDS]):
            rep.add(
                FIRST_TRICK_VIOLATION,
                f"{seat.word} had no club for the first trick and played {text}; a player "
                f"without clubs plays a heart or a diamond to it, not a spade",
                t.position_of(k),
                trick=t.number,
                seat=seat,
            )


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
