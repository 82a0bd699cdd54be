"""The deal, the two-player draws, the passes after a blind nil, and inferred holdings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from spadesctl.cards import Party, Seat, Side
from spadesctl.core.draws import draw_steps, drawer
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.record import Hand
from spadesctl.replay import replay_hand
from spadesctl.rules import parse_rules
from tests.strategies import brief, diagnose, replay_text

DEAL_A = "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7"
DEAL_3 = "deal N:AKQJT98765432.AKQJ.. E:.T98765432.AKQJT987. S:..6543.AKQJT98765432"


def record(deal: str, bids: str = "bid E 3 S 3 W 3 N 3", rest: str = "claim E") -> str:
    return f"hand 1 dealer N\n{deal}\n{bids}\n{rest}\n"


CASES = [
    ("clean", "standard", record(DEAL_A), []),
    ("twelve cards", "standard", record(DEAL_A.replace("J984", "J98")), [("bad-deal", None, "N")]),
    (
        "a card dealt twice",
        "standard",
        record(DEAL_A.replace("Q62 S", "Q64 S")),
        [("bad-deal", None, "E")],
    ),
    (
        "cards outside the jokers deck",
        "jokers",
        record(DEAL_A),
        [("bad-deal", None, "E"), ("bad-deal", None, "E")],
    ),
    (
        "a seat left out",
        "standard",
        record(DEAL_A.replace(" W:32.K74.A852.AKT7", "")),
        [("bad-deal", None, "W")],
    ),
    ("three players, clean", "cutthroat players=3", record(DEAL_3, "bid E 3 S 3 N 3"), []),
    (
        "three players without the 2D",
        "cutthroat players=3",
        record(DEAL_3.replace("6543.", "6542."), "bid E 3 S 3 N 3"),
        [("bad-deal", None, "S")],
    ),
    (
        "a fourth seat at a three-player table",
        "cutthroat players=3",
        record(DEAL_3 + " W:...", "bid E 3 S 3 N 3"),
        [("bad-deal", None, "W")],
    ),
    (
        "a pass without a blind nil",
        "standard",
        record(DEAL_A, rest="pass W>E AD AC\nclaim E"),
        [("bad-pass", None, "W")],
    ),
]


@pytest.mark.parametrize(
    ("rules", "text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_deal_rule(
    rules: str, text: str, expected: list[tuple[str, int | None, str | None]]
) -> None:
    assert [brief(d) for d in diagnose(text, rules)] == expected


def test_deal_messages() -> None:
    text = record(DEAL_A.replace("Q62 S", "Q64 S"))
    assert [d.message for d in diagnose(text)] == ["4C is dealt to both North and East"]
    [d] = diagnose(
        record(DEAL_3.replace("6543.", "6542."), "bid E 3 S 3 N 3"), "cutthroat players=3"
    )
    assert d.message == "2D is left out of the deck when three play, but it is dealt to South"


BLIND = "bid E 3 S 3 W bnil N 4"
TRAILING: dict[Party, int] = {Side.NS: 200, Side.EW: 0}
PASS_CASES = [
    ("clean", "pass W>E AD AC\npass E>W 2C 3D\ntrick 1 E AD 9D 2D 4D\nclaim E", []),
    ("three cards", "pass W>E AD AC KH\npass E>W 2C 3D\nclaim E", [("bad-pass", None, "W")]),
    ("a card not held", "pass W>E AS AC\npass E>W 2C 3D\nclaim E", [("bad-pass", None, "W")]),
    (
        "wrong seats",
        "pass W>N AD AC\npass E>W 2C 3D\nclaim E",
        [("bad-pass", None, "W"), ("bad-pass", None, "W")],
    ),
    ("no passes", "claim E", [("bad-pass", None, "W"), ("bad-pass", None, "E")]),
    (
        "playing a card passed away",
        "pass W>E AD AC\npass E>W 2C 3D\ntrick 1 E AH JH 4H 9H\ntrick 2 E 6C 5C AC 8C\nclaim E",
        [("card-not-held", 2, "W")],
    ),
]


@pytest.mark.parametrize(
    ("rest", "expected"), [c[1:] for c in PASS_CASES], ids=[c[0] for c in PASS_CASES]
)
def test_passes_after_blind_nil(
    rest: str, expected: list[tuple[str, int | None, str | None]]
) -> None:
    hand = replay_text(record(DEAL_A, BLIND, rest), "standard", TRAILING)
    assert [brief(d) for d in hand.diagnostics] == expected


def test_a_passed_card_played_by_the_giver_without_a_deal() -> None:
    rest = "pass W>E AD AC\npass E>W 2C 3D\ntrick 1 E AH JH 4H 9H\ntrick 2 E 6C 5C AC 8C\nclaim E"
    text = f"hand 1 dealer N\n{BLIND}\n{rest}\n"
    hand = replay_text(text, "standard", TRAILING)
    assert [brief(d) for d in hand.diagnostics] == [("card-not-held", 2, "W")]
    assert "West passed it to East" in hand.diagnostics[0].message
    assert not hand.holdings_known


def _two_player_hand() -> Hand:
    game = next(generate_games(1, 7, parse_rules("two-player"), GenerateOptions(max_hands=1)))
    (parsed,) = parse_text(format_game(game), "two.spades")
    return parsed.hands[0]


def _replay(hand: Hand) -> list[tuple[str, int | None, str | None]]:
    replayed = replay_hand(hand, parse_rules("two-player"), None)
    return [brief(d) for d in replayed.diagnostics]


def test_draws_clean() -> None:
    hand = _two_player_hand()
    assert len(hand.draws) == 26
    assert _replay(hand) == []
    assert _replay(replace(hand, deal=None)) == []  # the draws alone make the hands


def test_who_draws_when() -> None:
    """The one rule of the draw (core/draws.py): the non-dealer first, then in turn, 26
    steps; a hand whose dealer is not at the table starts with North.  The bot draws by
    it, and so the replay finds its draws clean."""
    assert [drawer(0, step) for step in range(4)] == [1, 0, 1, 0]
    assert [drawer(1, step) for step in range(4)] == [0, 1, 0, 1]
    assert drawer(-1, 0) == 0
    assert draw_steps(13) == 26
    for game in generate_games(2, 3, parse_rules("two-player"), GenerateOptions(max_hands=4)):
        for hand in game.hands:
            dealer = (Seat.N, Seat.S).index(hand.dealer)
            seats = [(Seat.N, Seat.S)[drawer(dealer, k)] for k in range(draw_steps(13))]
            assert [d.seat for d in hand.draws] == seats


def test_draws_too_few() -> None:
    hand = _two_player_hand()
    assert _replay(replace(hand, draws=hand.draws[:-1])) == [("bad-draw", None, None)]


def test_draws_out_of_turn() -> None:
    hand = _two_player_hand()
    draws = (hand.draws[1], hand.draws[0], *hand.draws[2:])
    assert _replay(replace(hand, draws=draws)) == [("bad-draw", None, draws[0].seat.value)]


def test_draws_that_do_not_make_the_deal() -> None:
    hand = _two_player_hand()
    first = hand.draws[0]
    flipped = replace(first, kept=first.discarded, discarded=first.kept)
    found = _replay(replace(hand, draws=(flipped, *hand.draws[1:])))
    assert found == [("bad-draw", None, first.seat.value)]


def test_draws_in_a_four_player_game() -> None:
    hand = _two_player_hand()
    text = record(DEAL_A, rest="draw N keep AS discard 2H\nclaim E")
    assert [brief(d) for d in diagnose(text)] == [("bad-draw", None, "N")]
    assert hand.draws


def test_holdings_inferred_from_the_play() -> None:
    text = "hand 1 dealer N\nbid E 3 S 3 W 3 N 4\ntrick 1 E AH JH 4H 9H\nclaim E\n"
    hand = replay_text(text)
    assert not hand.holdings_known
    assert [c.text for c in hand.holding(Seat.S)] == ["JH"]
