"""``dealer_rotation``: the deal passes to the left (clockwise), or never moves (none), as
at tables that fix the first bidder (OpenSpiel, rust-spades)."""

from __future__ import annotations

from spadesctl.cards import Seat, seats_for
from spadesctl.core.dealer import next_dealer
from spadesctl.express.game import express_game
from spadesctl.generate import generate_games
from spadesctl.notation import format_game
from spadesctl.rules import DealerRotation, parse_rules
from tests.strategies import diagnose

H1 = "hand 1 dealer W\nbid N 3 E 6 S 3 W 4\ntook N 4 E 2 S 3 W 4\n\n"
H2_WEST = "hand 2 dealer W\nbid N 3 E 3 S 3 W 3\ntook N 4 E 2 S 3 W 4\n\n"
H2_NORTH = "hand 2 dealer N\nbid E 3 S 3 W 3 N 3\ntook N 4 E 2 S 3 W 4\n\n"
FIXED = "standard dealer_rotation=none"


def test_the_next_dealer_under_each_rotation() -> None:
    four, two = seats_for(4), seats_for(2)
    clockwise, none = parse_rules("standard"), parse_rules(FIXED)
    assert clockwise.dealer_rotation is DealerRotation.CLOCKWISE
    assert [next_dealer(clockwise, s, four) for s in four] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [next_dealer(clockwise, s, two) for s in two] == [Seat.S, Seat.N]
    assert [next_dealer(none, s, four) for s in four] == list(four)


def test_under_none_the_same_seat_deals_every_hand() -> None:
    assert diagnose(H1 + H2_WEST, FIXED) == []
    [d] = diagnose(H1 + H2_NORTH, FIXED)
    assert d.name == "dealer-out-of-turn"
    assert d.message == (
        "West deals hand 2 (the same seat deals every hand (dealer_rotation=none)), not North"
    )


def test_clockwise_is_the_default_and_still_checked() -> None:
    assert diagnose(H1 + H2_NORTH) == []
    assert [d.name for d in diagnose(H1 + H2_WEST)] == ["dealer-out-of-turn"]


def test_the_bot_keeps_the_dealer_and_its_games_check_clean() -> None:
    rules = parse_rules(FIXED)
    for game in generate_games(3, seed=11, rules=rules):
        assert len({h.dealer for h in game.hands}) == 1
        assert len(game.hands) > 1
        assert diagnose(format_game(game)) == []


def test_the_express_check_leaves_a_fixed_dealer_to_the_full_engine() -> None:
    [game] = generate_games(1, seed=3, rules=parse_rules(FIXED))
    lines = format_game(game).splitlines()
    assert express_game(lines, parse_rules("standard")) is None
