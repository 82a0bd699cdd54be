"""The cards a player may play: the same rules the replay checks, as a list of choices.

:func:`legal_plays` answers "what may this player play now?" for a bot
(:mod:`spadesctl.generate`) or a hint.  It mirrors the checks of
:mod:`spadesctl.replay.play`: a card outside the list is exactly a card the replay
reports (the property tests hold the two to that).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

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
    power = table.power
    cards = sorted(held)
    if first_trick and rules.first_lead is FirstLead.LOWEST_CLUB:
        clubs = [c for c in cards if suit[c] == CLUBS]
        if clubs:
            return [min(clubs, key=power.__getitem__)]
        reds = [c for c in cards if suit[c] == HEARTS or suit[c] == DIAMONDS]
        return reds or cards
    if not trick:
        if first_trick and rules.first_lead is FirstLead.TWO_OF_CLUBS and TWO_OF_CLUBS in held:
            return [TWO_OF_CLUBS]
        others = [c for c in cards if suit[c] != SPADES]
        restricted = rules.lead_spades is LeadSpades.BROKEN or (
            first_trick and rules.first_lead is FirstLead.LEFT_OF_DEALER
        )
        if others and restricted and not spades_broken:
            return others
        return cards
    led = suit[trick[0]]
    follow = [c for c in cards if suit[c] == led]
    if follow:
        if rules.must_overtake:
            top = max(power[c] for c in trick if suit[c] == led)
            higher = [c for c in follow if power[c] > top]
            if higher:
                return higher
        return follow
    if first_trick and not rules.spades_first_trick:
        others = [c for c in cards if suit[c] != SPADES]
        return others or cards
    if rules.must_overtake and led != SPADES:
        spades = [c for c in cards if suit[c] == SPADES]
        if spades:
            top = max((power[c] for c in trick if suit[c] == SPADES), default=-1)
            return [c for c in spades if power[c] > top] or spades
    return cards


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
