"""Issue 12's variants, pinned: first_bidder, bid_rounds (raise lines), pass_cards and
pass_to.  Each case is a record with the exact diagnostics it must give and the running
scores after each hand (``None``: not scored), every figure computed with the engine and
checked by hand (the comments show the sums).  The bot plays every new key legally.
"""

from __future__ import annotations

from typing import Final

import pytest

from spadesctl.checking import CheckOptions, game_diagnostics
from spadesctl.express import express_game
from spadesctl.generate import generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.referee import referee_game
from spadesctl.rules import parse_rules
from spadesctl.rules.presets import STANDARD
from tests.test_express import units

Found = list[tuple[str, int, str | None]]
Scores = list[dict[str, int] | None]

#: A took line that scores as the comments say: NS 5 tricks, EW 8.
TOOK: Final = "took N 3 E 4 S 2 W 4\n"

#: (id, rules, record, diagnostics as (name, line, seat), (NS, EW) after each hand)
CASES: Final[list[tuple[str, str, str, Found, Scores]]] = [
    # -- first_bidder (004: "some play that the dealer ... begins") ---------------------
    (
        "the dealer bids first",
        "standard first_bidder=dealer",
        "hand 1 dealer N\nbid N 2 E 3 S 2 W 3\n" + TOOK,
        [],
        [{"NS": 41, "EW": 62}],  # NS 4 for 5: 40 + 1; EW 6 for 8: 60 + 2
    ),
    (
        "the dealer's left bids first where the dealer should",
        "standard first_bidder=dealer",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\n" + TOOK,
        [("bid-out-of-turn", 2, "E")],
        [{"NS": 41, "EW": 62}],
    ),
    (
        "side bids: the dealer's side first",
        "standard first_bidder=dealer",
        "hand 1 dealer N\nbid EW 6 NS 4\n" + TOOK,
        [("bid-out-of-turn", 2, None)],
        [{"NS": 41, "EW": 62}],
    ),
    # -- bid_rounds (004: each side, from the one that bid first, may raise) ------------
    (
        # NS raise to 5 and take 5: 50; EW raise to 8 and take 8: 80
        "both sides raise, in turn",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 8\nraise NS 5\n" + TOOK,
        [],
        [{"NS": 50, "EW": 80}],
    ),
    (
        "a side may stand",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise NS 5\n" + TOOK,
        [],
        [{"NS": 50, "EW": 62}],  # EW 6 for 8: 60 + 2
    ),
    (
        "a raise out of turn counts",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise NS 5\nraise EW 8\n" + TOOK,
        [("bid-out-of-turn", 4, None)],
        [{"NS": 50, "EW": 80}],
    ),
    (
        "a second raise is ignored",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 7\nraise EW 8\n" + TOOK,
        [("bid-out-of-turn", 4, None)],
        [{"NS": 41, "EW": 71}],  # EW 7 for 8: 70 + 1
    ),
    (
        "a raise that lowers is ignored",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 5\n" + TOOK,
        [("bid-out-of-range", 3, None)],
        [{"NS": 41, "EW": 62}],
    ),
    (
        "a raise that repeats the bid is ignored",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 6\n" + TOOK,
        [("bid-out-of-range", 3, None)],
        [{"NS": 41, "EW": 62}],
    ),
    (
        # a raise above 13 counts, and cannot be made: EW set, -140
        "a raise above the tricks in a hand",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 14\n" + TOOK,
        [("bid-out-of-range", 3, None)],
        [{"NS": 41, "EW": -140}],
    ),
    (
        "a seat raises in a partnership game",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise E 8\n" + TOOK,
        [("bid-out-of-turn", 3, "E")],
        [{"NS": 41, "EW": 62}],
    ),
    (
        "a raise with one round of bidding",
        "standard",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 8\n" + TOOK,
        [("bid-out-of-turn", 3, None)],
        [{"NS": 41, "EW": 62}],
    ),
    (
        # the nil stays, and North's 2 becomes NS's contract of 4: South's failed nil
        # loses 100, its 2 tricks are bags (failed_nil_tricks=bags), so North's 3 fall
        # short of 4: set, -40; -100 - 40 + 2 bags = -138
        "a side with a nil raises its other bid",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S nil W 3 N 2\nraise NS 4\n" + TOOK,
        [],
        [{"NS": -138, "EW": 62}],
    ),
    (
        # NS: two made nils, 100 + 100; EW raise 7 to 9 and take 13: 90 + 4 bags = 94
        "a side of two nils has no bid to raise",
        "standard bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S nil W 4 N nil\nraise EW 9\nraise NS 1\ntook N 0 E 6 S 0 W 7\n",
        [("bid-out-of-range", 4, None)],
        [{"NS": 200, "EW": 94}],
    ),
    (
        # N 2 raised to 3, took 3: 30; E 3 to 4, took 4: 40; S 2 for 2: 20; W 3 for 4: 31
        "without partnerships a player raises",
        "cutthroat first_lead=left_of_dealer bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise E 4\nraise N 3\n" + TOOK,
        [],
        [{"N": 30, "E": 40, "S": 20, "W": 31}],
    ),
    (
        "without partnerships a side does not raise",
        "cutthroat first_lead=left_of_dealer bid_rounds=2",
        "hand 1 dealer N\nbid E 3 S 2 W 3 N 2\nraise EW 8\n" + TOOK,
        [("bid-out-of-turn", 3, None)],
        [{"N": 21, "E": 31, "S": 20, "W": 31}],
    ),
]


@pytest.mark.parametrize(
    ("rules", "text", "diagnostics", "scores"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_variant_checks_and_scores_as_the_sources_say(
    rules: str, text: str, diagnostics: Found, scores: Scores
) -> None:
    (game,) = parse_text(text, "t.spades")
    found = [(d.name, d.line, d.seat) for d in game_diagnostics(game, CheckOptions(rules=rules))]
    assert found == diagnostics
    refereed = referee_game(game, parse_rules(rules))
    got = [
        None if h.score is None else {p.value: v for p, v in h.after.scores.items()}
        for h in refereed.hands
    ]
    assert got == scores
    for unit in units(f'[Rules "{rules}"]\n' + text):
        assert express_game(unit.lines, STANDARD) is None  # the full engine decides


#: Every new key, and some together: the bot's games must check clean.
GENERATED: Final = (
    "standard first_bidder=dealer",
    "cutthroat first_bidder=dealer",
    "two-player first_bidder=dealer",
    "standard bid_rounds=2",
    "standard bid_rounds=2 bids_total_13=no first_bidder=dealer",
    "cutthroat players=3 bid_rounds=2",
    "boston bid_rounds=2",
    "suicide bid_rounds=2",
)


@pytest.mark.parametrize("rules_text", GENERATED)
def test_the_bot_plays_every_new_key_legally(rules_text: str) -> None:
    rules = parse_rules(rules_text)
    for game in generate_games(3, 21, rules):
        (parsed,) = parse_text(format_game(game))
        assert game_diagnostics(parsed) == [], rules_text
        refereed = referee_game(parsed, rules)
        recorded = None if parsed.result is None else parsed.result.winner
        assert (None if refereed.result is None else refereed.result.winner) is recorded


def test_the_bot_raises_in_a_second_round() -> None:
    games = list(generate_games(3, 21, parse_rules("standard bid_rounds=2")))
    assert any(h.raises for g in games for h in g.hands)


def test_the_dealer_bids_first_in_the_bots_games() -> None:
    for game in generate_games(2, 21, parse_rules("standard first_bidder=dealer")):
        for hand in game.hands:
            assert hand.bids[0].bidder is hand.dealer
