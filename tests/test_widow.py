"""The widow rules (issue 12, 004): ``widow`` and ``widow_discard``, pinned.

Every case is a one-hand record with the exact diagnostics it must give (kind, line,
seat and message) and the scores after the hand, each figure computed with the engine
and checked by hand in the comments.  The bot's games of every widow setting check
clean, with and without their deal lines; the express check leaves widow games to the
full engine; PBN carries the widow lines.
"""

from __future__ import annotations

from typing import Final

import pytest
from typer.testing import CliRunner

from spadesctl.cards import seats_for
from spadesctl.checking import CheckOptions, game_diagnostics
from spadesctl.cli import app
from spadesctl.events import Discard
from spadesctl.express.canonical import express_check
from spadesctl.generate import generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.pbn import parse_pbn_text
from spadesctl.pbn.writer import format_pbn_game
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules import parse_rules
from spadesctl.rules.deck import deck_cards
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import WidowDiscard, WidowRule
from tests.test_express import units

Found = list[tuple[str, int, str | None, str]]

#: 52 of the 54 cards, 13 each; the deal leaves the 6D and the 4C: the widow.  South
#: holds the 2C, North the 2H.
DEAL: Final = "deal N:AK86.T82.KJ3.J96 E:92.K965.952.AT5.B S:J753.J4.AT.KQ32.L W:QT4.AQ73.Q874.87\n"
#: The same with South's 2C and the widow's 4C swapped: the widow is 6D 2C.
DEAL_2C_LEFT: Final = DEAL.replace("KQ32.L", "KQ43.L")
#: West deals, North bids first: NS bid 7, EW 4.
HEAD: Final = "hand 1 dealer W\n" + DEAL
BIDS: Final = "bid N 3 E 3 S 4 W 1\n"
#: NS 7 tricks (made: 70), EW 6 of 4 (40 + 2 bags = 42).
TOOK: Final = "took N 3 E 3 S 4 W 3\n"
SCORES: Final = {"NS": 70, "EW": 42}
DEALER: Final = "jokers widow=dealer"
AFTER: Final = "jokers widow=dealer widow_discard=after_bid"
CLUBS: Final = "jokers widow=two_of_clubs"
ASIDE: Final = "jokers widow=aside"
HIGH: Final = "jokers widow=high_bidder"
_SAYS_DEALER: Final = "(widow=dealer: the dealer takes it)"

#: (id, rules, record, diagnostics, scores)
CASES: Final[list[tuple[str, str, str, Found, dict[str, int]]]] = [
    # -- dealer (004: "given to the dealer ... the dealer discards any two cards") --------
    (
        "the dealer takes and discards before the bids",
        DEALER,
        HEAD + "widow 6D 4C\ntake W 6D 4C\ndiscard W 3H 4C\n" + BIDS + TOOK,
        [],
        SCORES,
    ),
    (
        "the dealer discards after the bids (widow_discard=after_bid)",
        AFTER,
        HEAD + "take W 6D 4C\n" + BIDS + "discard W 3H 4C\n" + TOOK,
        [],
        SCORES,
    ),
    (
        "a discard before the bids under after_bid",
        AFTER,
        HEAD + "take W 6D 4C\ndiscard W 3H 4C\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                4,
                "W",
                "West discards 3H 4C, but these rules discard after the bidding "
                "(widow_discard=after_bid)",
            )
        ],
        SCORES,
    ),
    (
        "a discard after the bids under before_bid",
        DEALER,
        HEAD + "take W 6D 4C\n" + BIDS + "discard W 3H 4C\n" + TOOK,
        [
            (
                "bad-widow",
                5,
                "W",
                "West discards 3H 4C, but these rules discard before the bidding "
                "(widow_discard=before_bid)",
            )
        ],
        SCORES,
    ),
    (
        "no take line with the deal known",
        DEALER,
        HEAD + BIDS + TOOK,
        [
            (
                "bad-widow",
                1,
                "W",
                "West takes the widow before the bidding (widow=dealer: the dealer takes "
                "it), but no take line is recorded",
            )
        ],
        SCORES,
    ),
    (
        "a score sheet without deal or widow lines: nothing to check",
        DEALER,
        "hand 1 dealer W\n" + BIDS + TOOK,
        [],
        SCORES,
    ),
    (
        "the wrong seat takes",
        DEALER,
        HEAD + "take N 6D 4C\ndiscard N 3D 4C\n" + BIDS + TOOK,
        [("bad-widow", 3, "N", f"North takes 6D 4C, but West takes it {_SAYS_DEALER}")],
        SCORES,
    ),
    (
        "the widow line disagrees with the deal",
        DEALER,
        HEAD + "widow 6D 5C\ntake W 6D 4C\ndiscard W 3H 4C\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                3,
                None,
                "the widow line names 6D 5C, but the deal leaves 6D 4C (5C is dealt to East)",
            )
        ],
        SCORES,
    ),
    (
        "a card taken that is not in the widow",
        DEALER,
        HEAD + "take W 6D 5C\ndiscard W 3H 6D\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                3,
                "W",
                "West takes 5C, which is not in the widow (East holds it)",
            ),
            (
                "bad-widow",
                4,
                "W",
                "West discards 2 cards, but took 1 card of the widow and discards as many",
            ),
        ],
        SCORES,
    ),
    (
        "one card of the widow taken",
        DEALER,
        HEAD + "take W 6D\ndiscard W 3H\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                3,
                "W",
                "West takes 1 card, but the taker takes the whole widow, 2 cards, at once",
            )
        ],
        SCORES,
    ),
    (
        "no discard",
        DEALER,
        HEAD + "take W 6D 4C\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                1,
                "W",
                "West took 2 cards of the widow and discards as many before the play, but "
                "none is recorded",
            )
        ],
        SCORES,
    ),
    (
        "a card discarded that is not held",
        DEALER,
        HEAD + "take W 6D 4C\ndiscard W 3H AS\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                4,
                "W",
                "West discards AS without holding it (North holds it)",
            )
        ],
        SCORES,
    ),
    # -- two_of_clubs (004: "given to the holder of the two of clubs") -------------------
    (
        "the holder of the 2C takes",
        CLUBS,
        HEAD + "take S 6D 4C\ndiscard S 3C 4C\n" + BIDS + TOOK,
        [],
        SCORES,
    ),
    (
        "the dealer takes where the holder of the 2C does",
        CLUBS,
        HEAD + "take W 6D 4C\ndiscard W 3H 4C\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                3,
                "W",
                "West takes 6D 4C, but South takes it (widow=two_of_clubs: the holder of "
                "the 2C takes it)",
            )
        ],
        SCORES,
    ),
    (
        # our reading: with the 2C itself in the widow, the dealer takes (004's main rule)
        "the 2C in the widow: the dealer takes",
        CLUBS,
        "hand 1 dealer W\n" + DEAL_2C_LEFT + "take W 6D 2C\ndiscard W 3H 2C\n" + BIDS + TOOK,
        [],
        SCORES,
    ),
    # -- aside ("Widow Spades": "set aside unseen") -------------------------------------
    (
        "set aside, and named",
        ASIDE,
        HEAD + "widow 4C 6D\n" + BIDS + TOOK,
        [],
        SCORES,
    ),
    (
        "set aside, and taken",
        ASIDE,
        HEAD + "take W 6D 4C\n" + BIDS + TOOK,
        [
            (
                "bad-widow",
                3,
                "W",
                "West takes 6D 4C, but the widow is set aside unseen (widow=aside): no one "
                "takes it or discards",
            )
        ],
        SCORES,
    ),
    # -- high_bidder (004: "taken by the team that bids the greater number of tricks") ---
    (
        "the side that bid more takes one card each",
        HIGH,
        HEAD + BIDS + "take N 6D\ntake S 4C\ndiscard N 2H\ndiscard S 3C\n" + TOOK,
        [],
        SCORES,
    ),
    (
        "one partner takes both",
        HIGH,
        HEAD + BIDS + "take N 6D 4C\ndiscard N 2H 3D\n" + TOOK,
        [],
        SCORES,
    ),
    (
        # NS 5, EW 5: one card to each side.  NS 5 for 7: 52; EW 5 for 6: 51
        "equal bids: one card to each side",
        HIGH,
        HEAD + "bid N 3 E 3 S 2 W 2\ntake N 6D\ntake E 4C\ndiscard N 2H\ndiscard E 2D\n" + TOOK,
        [],
        {"NS": 52, "EW": 51},
    ),
    (
        "the side that bid less takes",
        HIGH,
        HEAD + BIDS + "take E 6D 4C\ndiscard E 2D 5C\n" + TOOK,
        [
            (
                "bad-widow",
                1,
                None,
                "NS take 2 cards of the widow after the bidding (NS bid more), but 0 cards "
                "are recorded",
            ),
            ("bad-widow", 4, "E", "East takes 6D 4C, but NS bid more: the widow goes to NS"),
        ],
        SCORES,
    ),
    (
        "equal bids, one side takes both",
        HIGH,
        HEAD + "bid N 3 E 3 S 2 W 2\ntake N 6D 4C\ndiscard N 2H 3D\n" + TOOK,
        [
            (
                "bad-widow",
                1,
                None,
                "EW take 1 card of the widow after the bidding (equal bids: one card to "
                "each side), but 0 cards are recorded",
            ),
            (
                "bad-widow",
                4,
                "N",
                "North takes 6D 4C, but NS take 1 card of it (equal bids: one card to each side)",
            ),
        ],
        {"NS": 52, "EW": 51},
    ),
    (
        "taken before the bids",
        HIGH,
        HEAD + "take N 6D 4C\n" + BIDS + "discard N 2H 3D\n" + TOOK,
        [  # NS have the widow, taken too early: one diagnostic, not a missing take too
            (
                "bad-widow",
                3,
                "N",
                "North takes 6D 4C, but under widow=high_bidder the widow is taken after the "
                "bidding",
            ),
        ],
        SCORES,
    ),
    # -- the pack: with a widow the 2H and 2C are dealt; without one they are not ---------
    (
        "the 54-card deal under jokers without a widow",
        "jokers",
        HEAD + BIDS + TOOK,
        [
            ("bad-deal", 2, "N", "2H is not in the jokers deck, but it is dealt to North"),
            ("bad-deal", 2, "S", "2C is not in the jokers deck, but it is dealt to South"),
        ],
        SCORES,
    ),
]


def settle(text: str, rules: str) -> tuple[Found, dict[str, int]]:
    (game,) = parse_text(text, "t.spades")
    found = [
        (d.name, d.line, d.seat, d.message)
        for d in game_diagnostics(game, CheckOptions(rules=rules))
    ]
    (hand,) = referee_game(game, parse_rules(rules)).hands
    assert hand.score is not None
    return found, {p.value: v for p, v in hand.after.scores.items()}


@pytest.mark.parametrize(
    ("rules", "text", "diagnostics", "scores"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_widow_case(rules: str, text: str, diagnostics: Found, scores: dict[str, int]) -> None:
    assert settle(text, rules) == (diagnostics, scores)
    for unit in units(f'[Rules "{rules}"]\n' + text):
        assert express_check(unit.lines, STANDARD) is None  # the full engine decides


def test_the_pack_keeps_the_2h_and_2c_with_a_widow() -> None:
    with_widow = deck_cards(parse_rules(DEALER))
    without = deck_cards(parse_rules("jokers"))
    assert len(with_widow) == 54 and len(without) == 52
    assert {c.text for c in with_widow - without} == {"2H", "2C"}


#: Every widow setting, alone and with other keys of issue 12.
SETTINGS: Final = (
    ASIDE,
    DEALER,
    AFTER,
    CLUBS,
    "jokers widow=two_of_clubs widow_discard=after_bid",
    HIGH,
    "jjdd widow=high_bidder bid_rounds=2",
    "jokers widow=dealer pass_cards=1",
    "cutthroat deck=jokers widow=dealer first_lead=left_of_dealer",
    "jokers widow=aside high_twos=2C,2H",
)


def _games(rules_text: str, seed: int) -> list[Game]:
    return list(generate_games(3, seed, parse_rules(rules_text)))


@pytest.mark.parametrize("rules_text", SETTINGS)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_bots_widow_games_check_clean(rules_text: str, seed: int) -> None:
    rules = parse_rules(rules_text)
    for game in _games(rules_text, seed):
        text = format_game(game)
        (parsed,) = parse_text(text)
        assert game_diagnostics(parsed) == [], rules_text
        refereed = referee_game(parsed, rules)
        recorded = None if parsed.result is None else parsed.result.winner
        assert (None if refereed.result is None else refereed.result.winner) is recorded
        # without the deal and widow lines the holdings are inferred from the play
        bare = "\n".join(
            line for line in text.splitlines() if not line.startswith(("deal ", "widow "))
        )
        (inferred,) = parse_text(bare)
        assert game_diagnostics(inferred) == [], rules_text
        # PBN carries every widow line
        (back,) = parse_text(format_game(_via_pbn(parsed)))
        assert format_game(back) == text


def _via_pbn(game: Game) -> Game:
    (back,) = parse_pbn_text(format_pbn_game(game), "x.pbn")
    return back


def test_the_bots_widow_lines_follow_the_rules() -> None:
    for text in SETTINGS[:6]:
        rules = parse_rules(text)
        for game in _games(text, 5):
            for hand in game.hands:
                assert hand.widow is not None and len(hand.widow.cards) == 2
                takes = [*hand.widow_before_bid, *hand.widow_after_bid]
                if rules.widow is WidowRule.ASIDE:
                    assert takes == []
                elif rules.widow is WidowRule.HIGH_BIDDER:
                    assert hand.widow_before_bid == ()
                    assert hand.widow_after_bid
                else:
                    early_discard = len(hand.widow_before_bid) == 2
                    assert early_discard is (rules.widow_discard is WidowDiscard.BEFORE_BID)


def test_a_discarded_card_played_is_not_held() -> None:
    game = _games(DEALER, 4)[0]
    hand = game.hands[0]
    discard = hand.widow_before_bid[1]
    assert isinstance(discard, Discard)
    gone, seat = discard.cards[0], discard.seat
    # the discarder's card in the last trick becomes the card it discarded
    last = hand.tricks[-1]
    seats = seats_for(4)
    at = (seats.index(seat) - seats.index(last.leader)) % 4
    cards = [c.text for c in last.cards]
    old = f"trick {last.number} {last.leader.value} {' '.join(cards)}"
    cards[at] = gone.text
    new = f"trick {last.number} {last.leader.value} {' '.join(cards)}"
    text = format_game(game)
    assert old in text
    (parsed,) = parse_text(text.replace(old, new, 1))
    found = [(d.name, d.message) for d in game_diagnostics(parsed) if d.hand == 1]
    assert (
        "card-not-held",
        f"{seat.word} played {gone.text} without holding it ({seat.word} discarded it)",
    ) in found, found


def test_spadesctl_rules_shows_the_widow_keys_with_their_source() -> None:
    result = CliRunner().invoke(app, ["rules", "jokers widow=high_bidder"])
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines() if line.strip()}
    assert lines["widow"].split()[1:3] == ["high_bidder", "*"]
    assert lines["widow"].endswith("[004]") and lines["widow_discard"].endswith("[004]")
