"""Trickster Cards records as the app writes them: a deal from the middle of a game, its
number, its GameScores (the running totals after it), and the standing they imply."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cards import Side
from spadesctl.checking import check_file
from spadesctl.cli import app
from spadesctl.pbn import parse_pbn_text
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules import parse_rules
from spadesctl.scoring import EndReason

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "pbn"
ISSUE_DEAL = (SAMPLES / "trickster-issue-deal.ptn").read_text(encoding="utf-8")
GAME = (SAMPLES / "trickster-jjdd-game.ptn").read_text(encoding="utf-8")
runner = CliRunner()


def one(text: str) -> Game:
    [game] = parse_pbn_text(text, "t.ptn")
    return game


def names(text: str, tmp_path: Path) -> list[tuple[int, str]]:
    path = tmp_path / "record.ptn"
    path.write_text(text, encoding="utf-8")
    return [(d.line, d.name) for d in check_file(str(path)).diagnostics]


def test_the_issue_deal_is_a_bid_deal_from_the_middle_of_its_game(tmp_path: Path) -> None:
    game = one(ISSUE_DEAL)
    [hand] = game.hands
    assert hand.number == 2 and len(hand.bids) == 4 and len(hand.tricks) == 13
    assert game.tag("Continued") == "yes"
    assert names(ISSUE_DEAL, tmp_path) == []  # no bid-in-unbid-hand


def test_the_issue_deal_scores_as_the_issue_says() -> None:
    # By hand: NS bid N 6 + S 2 = 8 and took 7 (tricks 2, 7, 9-13): set, -80.
    # EW bid E 1 + W 4 = 5 and took 6 (tricks 1, 3-6, 8): 50 + 1 bag = +51.
    # GameScores S:162 527 162 527 are the totals after it (S W N E): NS 162, EW 527,
    # so before it NS stood at 162 + 80 = 242 and EW at 527 - 51 = 476.
    game = one(ISSUE_DEAL)
    refereed = referee_game(game, parse_rules(game.rules_text or ""))
    [hand] = refereed.hands
    assert hand.score is not None
    assert (hand.score.points(Side.NS), hand.score.points(Side.EW)) == (-80, 51)
    assert hand.score.made(Side.NS) is False and hand.score.bags_added(Side.EW) == 1
    assert hand.before.scores == {Side.NS: 242, Side.EW: 476}
    assert hand.after.scores == {Side.NS: 162, Side.EW: 527}
    assert refereed.result is not None
    assert refereed.result.winner is Side.EW and refereed.result.reason is EndReason.TARGET


def test_score_shows_the_issue_deal_and_the_win(tmp_path: Path) -> None:
    path = tmp_path / "deal.ptn"
    path.write_text(ISSUE_DEAL, encoding="utf-8")
    result = runner.invoke(app, ["score", "--explain", str(path)])
    assert result.exit_code == 0, result.stdout
    assert "NS bid 8, took 7: set, -80" in result.stdout
    assert "EW bid 5, took 6: 50 + 1 bag" in result.stdout
    assert "Result: EW won. EW reached 527 (target 500) after hand 2." in result.stdout
    assert "The sheet agrees with the recomputed scores." in result.stdout


def test_a_board_number_is_the_deal_number_not_an_error(tmp_path: Path) -> None:
    text = ISSUE_DEAL.replace('[Dealer "N"]', '[Board "7"]\n[Dealer "N"]')
    game = one(text)
    assert [h.number for h in game.hands] == [7] and game.tag("Continued") == "yes"
    assert names(text, tmp_path) == []


def test_board_1_with_an_auction_is_the_unbid_first_deal_bid(tmp_path: Path) -> None:
    # The record says this is the first deal, which is played without bids; from 0-0
    # its totals (NS 70, EW 60 for the tricks taken) are not 162 and 527 either.
    text = ISSUE_DEAL.replace('[Dealer "N"]', '[Board "1"]\n[Dealer "N"]')
    assert one(text).tag("Continued") is None
    assert names(text, tmp_path) == [
        (6, "score-mismatch"),
        (6, "score-mismatch"),
        (15, "bid-in-unbid-hand"),
    ]


def test_a_deal_without_an_auction_is_the_unbid_first_deal() -> None:
    game = one(GAME)
    assert game.tag("Continued") is None
    assert [h.number for h in game.hands] == [1, 2, 3, 4, 5, 6]
    assert game.hands[0].bids == ()


def test_deals_from_the_middle_number_on_and_check_their_totals(tmp_path: Path) -> None:
    # The sample game's deals 2 and 3, without the first: numbered 2, 3; deal 3's totals
    # are checked from deal 2's.
    records = GAME.split("% PTN")
    text = "% PTN" + records[2] + "% PTN" + records[3]
    game = one(text)
    assert [h.number for h in game.hands] == [2, 3]
    assert names(text, tmp_path) == []
    wrong = text.replace('"S:352 181 352 181"', '"S:352 191 352 191"')
    assert [name for _, name in names(wrong, tmp_path)] == ["score-mismatch"]


def test_a_wrong_game_scores_is_an_ordinary_sheet_dispute(tmp_path: Path) -> None:
    wrong = GAME.replace('"S:352 181 352 181"', '"S:352 171 352 171"')
    found = names(wrong, tmp_path)
    assert found == [(62, "score-mismatch")]


@pytest.mark.parametrize(
    ("totals", "allowed"),
    [
        # South's b6 with North's 6: 12 bid, 7 taken: set, 200 for a 10+ bid, doubled
        # for the blind bid: -400.  EW +51 as before.
        ("S:-300 451 -300 451", True),  # before: NS 100, EW 400: NS trail by 300
        ("S:-100 451 -100 451", False),  # before: NS 300, EW 400: NS trail by 100
    ],
)
def test_blind_bids_are_judged_from_the_standing_the_totals_imply(
    totals: str, allowed: bool, tmp_path: Path
) -> None:
    text = ISSUE_DEAL.replace("\n1 2 4 6\n", "\n1 b6 4 6\n").replace("S:162 527 162 527", totals)
    game = one(text)
    [hand] = referee_game(game, parse_rules(game.rules_text or "")).hands
    assert hand.score is not None and hand.score.points(Side.NS) == -400
    found = [name for _, name in names(text, tmp_path)]
    assert found == ([] if allowed else ["blind-bid-not-allowed"])


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("S:162 527 170 527", "GameScores gives partners different totals (N 170, S 162)"),
        ("S:162 527", "GameScores must be a seat and 4 running totals clockwise from it"),
        ("162 527 162 527", "GameScores must be a seat and 4 running totals clockwise from it"),
    ],
)
def test_unreadable_game_scores_are_reported_and_ignored(value: str, message: str) -> None:
    game = one(ISSUE_DEAL.replace("S:162 527 162 527", value))
    assert [i.message[: len(message)] for i in game.issues] == [message]
    assert game.hands[0].score is None


# ---- the pack tags of Trickster's other games ------------------------------------------

JOKERS_HAND = (SAMPLES / "jokers-partial-play.pbn").read_text(encoding="utf-8")


def with_tags(text: str, *tags: str) -> str:
    return text.replace('[Dealer "', "\n".join(tags) + '\n[Dealer "', 1)


def test_pack_tags_that_match_the_deck_say_nothing() -> None:
    text = with_tags(JOKERS_HAND, '[CardsRemoved "H2 C2"]', '[CardsAdded "JH, JL"]')
    game = one(text)
    assert [i.message for i in game.issues] == [i.message for i in one(JOKERS_HAND).issues]
    assert game.tag("CardsRemoved") == "H2 C2" and game.tag("CardsAdded") == "JH, JL"


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        (
            '[CardsRemoved "H2"]',
            "CardsRemoved 'H2' does not match the jokers deck of the rules "
            "(CardsRemoved: 2C 2H); the rules' deck is followed",
        ),
        ('[CardsAdded "JH JX"]', "CardsAdded: 'JX' is not a card (suit first: H2, JH)"),
        ('[Undealt "SA"]', "Undealt 'SA' names cards the Deal gives to a player (AS)"),
        ('[Undealt "S?"]', "Undealt: 'S?' is not a card (suit first: H2, JH)"),
    ],
)
def test_pack_tags_that_cannot_be_right_are_one_warning_each(tag: str, message: str) -> None:
    game = one(with_tags(JOKERS_HAND, tag))
    found = [i for i in game.issues if i.message.startswith(message)]
    assert [i.kind.name for i in found] == ["unknown-option"]
    assert len(game.hands) == 1 and len(game.hands[0].tricks) == 7  # the rest is read


def test_undealt_differs_from_deal_to_deal_and_keeps_the_game_whole() -> None:
    # (cards outside the jjdd pack, so dealt to no one: a per-deal value, read and checked)
    records = GAME.split("% PTN")[1:]
    text = "".join(
        "% PTN" + with_tags(r, f'[Undealt "{"H2" if i % 2 else "C2"}"]')
        for i, r in enumerate(records)
    )
    game = one(text)
    assert len(game.hands) == 6 and game.issues == ()


def test_a_dash_for_an_unplayed_card_is_read() -> None:
    game = one(JOKERS_HAND)
    assert len(game.hands[0].tricks) == 7 and len(game.hands[0].tricks[-1].cards) == 2
