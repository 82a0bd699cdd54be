"""Play legality, written once: which rule (if any) a card breaks, and the legal cards.

:func:`play_rules` gives a ruleset's rules of play as three judges of a card (a lead, a
card to a trick, the first trick under ``first_lead=lowest_club``), each naming the
:class:`Breach` the card commits, if any.  The checker (:mod:`spadesctl.replay.play`)
asks them about every card played and words the answer; the bot
(:mod:`spadesctl.generate`) and hints ask :func:`legal_indices` / :func:`legal_plays`,
which keep exactly the cards the judges pass.  (The express check's inlined trick loop
is the one other copy, proven equal to the engine by ``tests/test_express*.py``.)

Each function judges card ``c`` of a player whose cards are ``held`` (card indices, see
:mod:`spadesctl.core.deck`) with ``row`` their count per suit number; whether ``c``
itself is still in ``held`` does not change the answer, so the checker may ask before
or after taking the card from the hand.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from spadesctl.cards import Card
from spadesctl.core.deck import (
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    TWO_OF_CLUBS,
    DeckTable,
    card_indices,
    deck_table,
)
from spadesctl.rules.ruleset import FirstLead, LeadSpades, Ruleset


class Breach(enum.Enum):
    """A play rule a card breaks."""

    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    #: Not following the suit led while holding it.
    RENEGE = enum.auto()
    #: A spade led before spades are broken, holding other suits (``lead_spades=broken``).
    SPADES_NOT_BROKEN = enum.auto()
    #: A spade led to the first trick, holding other suits (``first_lead=left_of_dealer``).
    FIRST_LEAD_SPADE = enum.auto()
    #: Not leading the 2C it holds to the first trick (``first_lead=two_of_clubs``).
    TWO_OF_CLUBS = enum.auto()
    #: A spade to the first trick, void in the suit led but holding other suits
    #: (``spades_first_trick=no``).
    FIRST_TRICK_SPADE = enum.auto()
    #: ``must_overtake``: following suit without beating the best card of it, if able.
    MUST_BEAT = enum.auto()
    #: ``must_overtake``: void in the suit led, not trumping while holding spades.
    MUST_TRUMP = enum.auto()
    #: ``must_overtake``: trumping under the best spade while holding a higher one.
    MUST_OVERTRUMP = enum.auto()
    #: ``first_lead=lowest_club``: not the lowest club held, in the first trick.
    LOWEST_CLUB = enum.auto()
    #: ``first_lead=lowest_club``: a spade while holding no club but hearts or diamonds.
    LOWEST_CLUB_SPADE = enum.auto()


_NO_BREACH: tuple[Breach, ...] = ()


class PlayRules(NamedTuple):
    """A ruleset's play rules as three judges of one card ``c`` (see the module's
    docstring for ``row`` and ``held``)."""

    #: ``lead(row, held, c, first_trick, spades_broken)``: the rules that leading ``c``
    #: breaks (most often none), in the order they are reported.
    lead: Callable[[Sequence[int], Collection[int], int, bool, bool], tuple[Breach, ...]]
    #: ``follow(row, held, c, led, top_led, top_spade, first_trick)``: the rule that
    #: playing ``c`` to a trick breaks, if any.  ``led`` is the suit led (-1 for a card
    #: outside the pack), ``top_led`` and ``top_spade`` the powers of the best card of
    #: that suit and of the best spade in the trick so far (-1: none).
    follow: Callable[[Sequence[int], Collection[int], int, int, int, int, bool], Breach | None]
    #: ``lowest_club(row, held, c)``: the first trick under ``first_lead=lowest_club``:
    #: everyone plays their lowest club; a player without clubs a heart or a diamond (a
    #: spade only when holding nothing else).
    lowest_club: Callable[[Sequence[int], Collection[int], int], Breach | None]
    #: Whether a card of the suit led can break a rule at all (``must_overtake``); when
    #: not, ``follow`` passes every such card and a caller in a hurry need not ask it.
    following_may_break: bool


def play_rules(rules: Ruleset, table: DeckTable) -> PlayRules:
    """The play rules of ``rules`` on ``table``'s cards (built once per hand: the
    judges read the ruleset's choices and the deck's tables from their closure, which
    keeps a call per card cheap)."""
    suit = table.suit
    power = table.power
    spade_lead = Breach.SPADES_NOT_BROKEN if rules.lead_spades is LeadSpades.BROKEN else None
    first_spade_lead = (
        Breach.FIRST_LEAD_SPADE if rules.first_lead is FirstLead.LEFT_OF_DEALER else None
    )
    two_of_clubs = rules.first_lead is FirstLead.TWO_OF_CLUBS
    must_overtake = rules.must_overtake
    spades_first_trick = rules.spades_first_trick

    def lead(
        row: Sequence[int], held: Collection[int], c: int, first_trick: bool, broken: bool
    ) -> tuple[Breach, ...]:
        found = _NO_BREACH
        if suit[c] == SPADES and not broken and (row[HEARTS] or row[DIAMONDS] or row[CLUBS]):
            if spade_lead is not None:
                found = (spade_lead,)
            elif first_trick and first_spade_lead is not None:
                found = (first_spade_lead,)
        if first_trick and two_of_clubs and c != TWO_OF_CLUBS and TWO_OF_CLUBS in held:
            found += (Breach.TWO_OF_CLUBS,)
        return found

    def follow(
        row: Sequence[int],
        held: Collection[int],
        c: int,
        led: int,
        top_led: int,
        top_spade: int,
        first_trick: bool,
    ) -> Breach | None:
        cs = suit[c]
        if cs == led:
            if (
                must_overtake
                and power[c] < top_led
                and any(suit[x] == led and power[x] > top_led for x in held)
            ):
                return Breach.MUST_BEAT
            return None
        if led < 0:
            return None
        if row[led]:
            return Breach.RENEGE
        if first_trick and not spades_first_trick:
            if cs == SPADES and (row[HEARTS] or row[DIAMONDS] or row[CLUBS]):
                return Breach.FIRST_TRICK_SPADE
            return None
        if must_overtake and led != SPADES and row[SPADES]:
            if cs != SPADES:
                return Breach.MUST_TRUMP
            if power[c] <= top_spade and any(
                suit[x] == SPADES and power[x] > top_spade for x in held
            ):
                return Breach.MUST_OVERTRUMP
        return None

    def lowest_club(row: Sequence[int], held: Collection[int], c: int) -> Breach | None:
        if row[CLUBS]:
            if suit[c] != CLUBS or any(suit[x] == CLUBS and power[x] < power[c] for x in held):
                return Breach.LOWEST_CLUB
            return None
        if suit[c] == SPADES and (row[HEARTS] or row[DIAMONDS]):
            return Breach.LOWEST_CLUB_SPADE
        return None

    return PlayRules(lead, follow, lowest_club, must_overtake)


def legal_indices(
    rules: Ruleset,
    table: DeckTable,
    held: Collection[int],
    trick: Sequence[int],
    first_trick: bool,
    spades_broken: bool,
) -> list[int]:
    """:func:`legal_plays` on card indices (see :mod:`spadesctl.core.deck`), sorted."""
    suit = table.suit
    cards = sorted(held)
    row = [0, 0, 0, 0]
    for x in cards:
        if suit[x] >= 0:
            row[suit[x]] += 1
    judge = play_rules(rules, table)
    if first_trick and rules.first_lead is FirstLead.LOWEST_CLUB:
        return [c for c in cards if judge.lowest_club(row, held, c) is None]
    if not trick:
        return [c for c in cards if not judge.lead(row, held, c, first_trick, spades_broken)]
    power = table.power
    led = suit[trick[0]]
    top_led = max(power[x] for x in trick if suit[x] == led)
    top_spade = max((power[x] for x in trick if suit[x] == SPADES), default=-1)
    return [
        c for c in cards if judge.follow(row, held, c, led, top_led, top_spade, first_trick) is None
    ]


def legal_plays(
    rules: Ruleset,
    held: Collection[Card],
    trick: Sequence[Card] = (),
    *,
    first_trick: bool = False,
    spades_broken: bool = False,
) -> list[Card]:
    """The cards of ``held`` that may be played to ``trick`` (the cards played so far).

    ``first_trick``: this is the hand's first trick (the first-lead rules apply);
    ``spades_broken``: a spade has been played to an earlier trick (or led).
    """
    table = deck_table(rules)
    indices = legal_indices(
        rules, table, card_indices(held), card_indices(trick), first_trick, spades_broken
    )
    return [CARDS[i] for i in indices]
