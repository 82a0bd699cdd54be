"""The deck under a ruleset: the pack dealt, each card's suit in play and power, tricks."""

from __future__ import annotations

import pytest

from spadesctl.cards import ALL_CARDS, Suit, card, cards
from spadesctl.core.deck import trick_winner_of_cards
from spadesctl.rules import (
    Deck,
    Ruleset,
    deck_cards,
    effective_suit,
    is_spade,
    parse_rules,
    power,
)


@pytest.mark.parametrize(
    ("rules", "size", "absent"),
    [
        ("standard", 52, "BJ LJ"),
        ("cutthroat players=3", 51, "2D BJ LJ"),
        ("two-player", 52, "BJ LJ"),
        ("jokers", 52, "2H 2C"),
        ("jjdd", 52, "2H 2C"),
        ("cutthroat first_lead=left_of_dealer deck=jokers players=3", 51, "2H 2C 2D"),
        ("two-player deck=jjdd", 52, "2H 2C"),
    ],
)
def test_the_pack_dealt(rules: str, size: int, absent: str) -> None:
    r = parse_rules(rules)
    pack = deck_cards(r)
    assert len(pack) == size
    assert pack == frozenset(ALL_CARDS) - set(cards(absent))
    if r.players != 2:
        assert size == r.players * r.tricks_per_hand


def test_jjdd_has_no_pack_for_three_players() -> None:
    with pytest.raises(ValueError, match="no jjdd pack for 3 players"):
        deck_cards(Ruleset(players=3, partnership=False, deck=Deck.JJDD))


@pytest.mark.parametrize(
    ("deck", "spades_above_ace"),
    [
        (Deck.STANDARD, ""),
        (Deck.JOKERS, "LJ BJ"),
        (Deck.JJDD, "2S 2D LJ BJ"),
    ],
)
def test_suits_and_powers(deck: Deck, spades_above_ace: str) -> None:
    top = cards(spades_above_ace)
    for c in ALL_CARDS:
        expected = Suit.SPADES if c in top else c.suit
        assert effective_suit(c, deck) is expected, c
        assert is_spade(c, deck) is (expected is Suit.SPADES), c
    spades = sorted((c for c in ALL_CARDS if is_spade(c, deck)), key=lambda c: power(c, deck))
    plain = [c for c in spades if c not in top]
    assert [c.text for c in spades] == [c.text for c in plain] + [c.text for c in top]
    assert [power(c, deck) for c in top] == list(range(15, 15 + len(top)))
    assert all(power(c, deck) == c.rank for c in ALL_CARDS if c not in top)


@pytest.mark.parametrize(
    ("deck", "trick", "winner"),
    [
        # the highest card of the suit led, whatever is discarded
        (Deck.STANDARD, "4H KH 2D AH", 3),
        (Deck.STANDARD, "QC 2H AD JC", 0),
        (Deck.STANDARD, "TC 9C 8C 7C", 0),
        # any spade beats the suit led; the highest spade wins
        (Deck.STANDARD, "AH 2S KH 3S", 3),
        (Deck.STANDARD, "AS KS QS JS", 0),
        (Deck.STANDARD, "KD 2D 2S AD", 2),
        # three players, two players
        (Deck.STANDARD, "5C AC 3S", 2),
        (Deck.STANDARD, "5C 4C", 0),
        # jokers: the two jokers are the top spades, BJ over LJ
        (Deck.JOKERS, "AH LJ AS KH", 1),
        (Deck.JOKERS, "AS LJ BJ KS", 2),
        (Deck.JOKERS, "LJ AS KS QS", 0),
        (Deck.JOKERS, "2D AD 3S LJ", 3),
        # jjdd: the 2D is a spade, BJ > LJ > 2D > 2S > AS
        (Deck.JJDD, "AD 2D KD QD", 1),
        (Deck.JJDD, "3D 4D 2D 5D", 2),
        (Deck.JJDD, "AS 2S KS QS", 1),
        (Deck.JJDD, "2S 2D AS LJ", 3),
        (Deck.JJDD, "2D 2S AS KS", 0),
        (Deck.JJDD, "BJ LJ 2D 2S", 0),
        (Deck.JJDD, "KH 3H 2D AH", 2),
        # under standard, the 2D is an ordinary diamond
        (Deck.STANDARD, "AD 2D KD QD", 0),
    ],
)
def test_trick_winner(deck: Deck, trick: str, winner: int) -> None:
    assert trick_winner_of_cards(cards(trick), Ruleset(deck=deck)) == winner


def test_a_spade_led_is_followed_by_jokers_and_the_2d_under_jjdd() -> None:
    assert effective_suit(card("LJ"), Deck.JJDD) is effective_suit(card("3S"), Deck.JJDD)
    assert effective_suit(card("2D"), Deck.JOKERS) is Suit.DIAMONDS
    assert effective_suit(card("BJ"), Deck.STANDARD) is Suit.JOKER


@pytest.mark.parametrize(
    ("rules", "trick", "winner"),
    [
        # deuces high with the 52-card deck: 2D > 2S > AS, both spades
        ("standard high_twos=2D,2S", "AS 2S KS QS", 1),
        ("standard high_twos=2D,2S", "2S 2D AS KS", 1),
        ("standard high_twos=2D,2S", "KD QD 2D AD", 2),  # the 2D trumps a diamond lead
        ("standard high_twos=2D,2S", "KH 2H AH 3H", 2),  # the 2H is an ordinary heart
        # with the jokers, the raised twos rank below them: BJ > LJ > 2S here
        ("jokers high_twos=2S", "2S AS LJ KS", 2),
        ("jokers high_twos=2S", "AS 2S KS QS", 1),
        # the jjdd preset is deck=jokers high_twos=2D,2S, the order of deck=jjdd
        ("jjdd", "2S 2D AS LJ", 3),
        ("standard deck=jjdd", "2S 2D AS LJ", 3),
    ],
)
def test_trick_winner_with_high_twos(rules: str, trick: str, winner: int) -> None:
    assert trick_winner_of_cards(cards(trick), parse_rules(rules)) == winner


def test_high_twos_are_spades_of_the_pack() -> None:
    deuces = parse_rules("standard high_twos=2D,2S")
    assert len(deck_cards(deuces)) == 52
    assert [power(card(t), deuces) for t in ("AS", "2S", "2D")] == [14, 15, 16]
    assert is_spade(card("2D"), deuces) and not is_spade(card("2H"), deuces)
    assert deck_cards(parse_rules("jjdd")) == deck_cards(parse_rules("standard deck=jjdd"))
    for c in ALL_CARDS:
        jjdd, old = parse_rules("jjdd"), parse_rules("standard deck=jjdd")
        assert (effective_suit(c, jjdd), power(c, jjdd)) == (
            effective_suit(c, old),
            power(c, old),
        )
