"""Play legality (``replay/legal.py``): each rule a card can break, one row each.

The checker words these answers (``tests/test_replay_play.py``) and the bot keeps the
cards they pass (``tests/test_replay_properties.py`` plays every other card and expects
its diagnostic); here each judge is asked directly.
"""

from __future__ import annotations

import random

import pytest

from spadesctl.cards import cards
from spadesctl.core.deck import SPADES, card_indices, deck_table
from spadesctl.replay.legal import Breach, legal_plays, play_rules
from spadesctl.rules import PRESETS, parse_rules

#: rules, held, trick so far, first trick, spades broken, card played, what it breaks.
CASES = [
    ("standard", "AS KH 3C", "", False, False, "AS", Breach.SPADES_NOT_BROKEN),
    ("standard", "AS KS", "", False, False, "AS", None),  # only spades held
    ("standard", "AS KH 3C", "", False, True, "AS", None),
    ("standard lead_spades=anytime", "AS KH 3C", "", False, False, "AS", None),
    ("standard lead_spades=anytime", "AS KH 3C", "", True, False, "AS", Breach.FIRST_LEAD_SPADE),
    ("standard first_lead=two_of_clubs", "AS 2C 3H", "", True, True, "3H", Breach.TWO_OF_CLUBS),
    ("standard first_lead=two_of_clubs", "AS 2C 3H", "", True, True, "2C", None),
    ("standard first_lead=two_of_clubs", "AS 2C 3H", "", False, True, "3H", None),
    ("standard", "KH 2H 3C", "4H", False, False, "3C", Breach.RENEGE),
    ("standard", "KH 2H 3C", "4H", False, False, "2H", None),
    ("standard", "AS 3C", "4H", False, False, "AS", None),
    ("standard spades_first_trick=no", "AS 3C", "4H", True, False, "AS", Breach.FIRST_TRICK_SPADE),
    ("standard spades_first_trick=no", "AS KS", "4H", True, False, "AS", None),
    ("standard must_overtake=yes", "KH 2H", "4H", False, False, "2H", Breach.MUST_BEAT),
    ("standard must_overtake=yes", "3H 2H", "4H", False, False, "2H", None),
    ("standard must_overtake=yes", "AS 3C", "4H", False, False, "3C", Breach.MUST_TRUMP),
    ("standard must_overtake=yes", "AS 3S", "4H 5S", False, True, "3S", Breach.MUST_OVERTRUMP),
    ("standard must_overtake=yes", "4S 3S", "4H 5S", False, True, "3S", None),
    ("standard must_overtake=yes", "AS 3S", "4S", False, True, "3S", Breach.MUST_BEAT),
    ("standard first_lead=lowest_club", "3C 5C KH", "", True, False, "5C", Breach.LOWEST_CLUB),
    ("standard first_lead=lowest_club", "3C 5C KH", "", True, False, "KH", Breach.LOWEST_CLUB),
    ("standard first_lead=lowest_club", "3C 5C KH", "4D", True, False, "3C", None),
    ("standard first_lead=lowest_club", "AS KH", "4C", True, False, "AS", Breach.LOWEST_CLUB_SPADE),
    ("standard first_lead=lowest_club", "AS KS", "4C", True, False, "AS", None),
]


@pytest.mark.parametrize(
    ("rules_text", "held", "trick", "first", "broken", "card", "breach"), CASES
)
def test_each_play_rule(
    rules_text: str,
    held: str,
    trick: str,
    first: bool,
    broken: bool,
    card: str,
    breach: Breach | None,
) -> None:
    rules = parse_rules(rules_text)
    table = deck_table(rules)
    hand = card_indices(cards(held))
    row = [sum(table.suit[x] == s for x in hand) for s in range(4)]
    (c,) = card_indices(cards(card))
    played = card_indices(cards(trick))
    judge = play_rules(rules, table)
    if first and rules.first_lead.value == "lowest_club":
        found = judge.lowest_club(row, hand, c)
    elif not played:
        found = next(iter(judge.lead(row, hand, c, first, broken)), None)
    else:
        led = table.suit[played[0]]
        top_led = max(table.power[x] for x in played if table.suit[x] == led)
        spades = [table.power[x] for x in played if table.suit[x] == SPADES]
        found = judge.follow(row, hand, c, led, top_led, max(spades, default=-1), first)
    assert found is breach
    # The legal cards are exactly the ones no rule forbids.
    legal = legal_plays(rules, cards(held), cards(trick), first_trick=first, spades_broken=broken)
    assert (cards(card)[0] in legal) is (breach is None)
    # Whether the card is still in the hand does not change the answer.
    without = [x for x in hand if x != c]
    row[table.suit[c]] -= 1
    if first and rules.first_lead.value == "lowest_club":
        assert judge.lowest_club(row, without, c) is breach
    elif played:
        assert judge.follow(row, without, c, led, top_led, max(spades, default=-1), first) is breach


def test_a_lead_can_break_two_rules() -> None:
    rules = parse_rules("standard first_lead=two_of_clubs")
    table = deck_table(rules)
    hand = card_indices(cards("AS 2C 3H"))
    (c,) = card_indices(cards("AS"))
    assert play_rules(rules, table).lead([1, 1, 0, 1], hand, c, True, False) == (
        Breach.SPADES_NOT_BROKEN,
        Breach.TWO_OF_CLUBS,
    )


def test_following_suit_is_free_where_the_judges_say_so() -> None:
    """``following_may_break`` (the checker skips ``follow`` for a card of the suit led
    when it is false) is false only where ``follow`` passes every such card."""
    rng = random.Random(11)
    for name in PRESETS:
        rules = parse_rules(name)
        table = deck_table(rules)
        judge = play_rules(rules, table)
        assert judge.following_may_break is rules.must_overtake
        pack = sorted(table.pack)
        for _ in range(200):
            hand = rng.sample(pack, 6)
            row = [sum(table.suit[x] == s for x in hand) for s in range(4)]
            c = hand[0]
            led = table.suit[c]
            top = rng.randrange(-1, 16)
            found = judge.follow(row, hand, c, led, top, rng.randrange(-1, 16), rng.random() < 0.5)
            if not judge.following_may_break:
                assert found is None
