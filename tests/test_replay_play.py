"""The card play: leaders, following suit, spades broken, first-trick rules, must_overtake,
jokers and the 2D under jjdd; each case a small record and exactly what it must produce."""

from __future__ import annotations

import pytest

from spadesctl.cards import Seat
from tests.strategies import brief, diagnose, replay_text

# The deal of the notation's example (docs/notation.md): dealer N, East leads.
DEAL_A = "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7"
PLAY_A = """\
trick 1 E AH JH 4H 9H
trick 2 E 6C 5C 7C 8C
trick 3 N QH 2H 8H KH
trick 4 W AD 4D 3D KD
trick 5 W AC 4C QC 3C
trick 6 W 2D 7D 5S QD
trick 7 E 7S 8S 2S AS
trick 8 N TH 6H 5H 7H
trick 9 N JC 2C JD KC
trick 10 W TC 9C 9S TD
trick 11 E QS 9D 3S 4S
trick 12 E KS 3H 5D 6S
trick 13 E TS 6D 8D JS
"""
# North void in clubs, West void in hearts.
DEAL_B = "deal N:AKQJ.AKQJT98.AK. E:T987.765.QJT.AKQ S:6543.432.987.JT9 W:2..65432.8765432"
# West holds a single heart; everyone else four of each of three suits and three spades.
DEAL_C = "deal N:AKQ.AKQJ.AKQ.AKQ E:JT9.T974.JT9.JT9 S:876.8653.876.876 W:5432.2.5432.5432"
# DEAL_C for the jokers and jjdd decks: West's 2H and 2C become the two jokers.
DEAL_J = "deal N:AKQ.AKQJ.AKQ.AKQ E:JT9.T974.JT9.JT9 S:876.8653.876.876 W:5432..5432.543.BL"


BIDS_W = "bid N 3 E 3 S 3 W 3"  # the bidding order when West deals


def record(body: str, dealer: str = "N", deal: str = DEAL_A, bids: str | None = None) -> str:
    bid_line = bids if bids is not None else "bid E 3 S 3 W 3 N 3"
    return f"hand 1 dealer {dealer}\n{deal}\n{bid_line}\n{body}"


CASES = [
    # (id, rules, record, expected (name, trick, seat) in source order)
    ("clean full hand", "standard", record(PLAY_A, bids="bid E 6 S nil W 4 N 3"), []),
    ("clean start and claim", "standard", record(PLAY_A[:44] + "claim N\n"), []),
    (
        "renege with the deal",
        "standard",
        record("trick 1 E AH KD 4H 9H\nclaim N\n"),
        [("renege", 1, "S")],
    ),
    (
        "spade led before broken",
        "standard",
        record("trick 1 E KS 8S 2S AS\nclaim N\n"),
        [("spades-not-broken", 1, "E")],
    ),
    (
        "card held by another seat",
        "standard",
        record("trick 1 E AH JH 4H KH\nclaim N\n"),
        [("card-not-held", 1, "N")],
    ),
    (
        "card played twice",
        "standard",
        record("trick 1 E AH JH 4H 9H\ntrick 2 E AH 5C 7C 8C\nclaim N\n"),
        [("card-played-twice", 2, "E"), ("renege", 2, "S"), ("renege", 2, "W"), ("renege", 2, "N")],
    ),
    (
        "trick led by the wrong seat",
        "standard",
        record("trick 1 E AH JH 4H 9H\ntrick 2 S 5C 7C 8C 6C\nclaim N\n"),
        [("wrong-leader", 2, "S")],
    ),
    (
        "first trick led by the wrong seat",
        "standard",
        record("trick 1 S JH 4H 9H AH\nclaim N\n"),
        [("wrong-leader", 1, "S")],
    ),
    (
        "a card missing from a trick",
        "standard",
        record("trick 1 E AH JH 4H\nclaim N\n"),
        [("wrong-card-count", 1, None)],
    ),
    (
        "tricks misnumbered",
        "standard",
        record("trick 1 E AH JH 4H 9H\ntrick 3 E 6C 5C 7C 8C\nclaim N\n"),
        [("trick-number", 3, None)],
    ),
    (
        "lowest club: clean, highest club wins",
        "britannica",
        record("trick 1 E 2C 3C 7C 4C\ntrick 2 W AD 4D 3D KD\nclaim N\n"),
        [],
    ),
    (
        "lowest club: not the lowest",
        "britannica",
        record("trick 1 E 6C 3C 7C 4C\nclaim N\n"),
        [("first-trick-violation", 1, "E")],
    ),
    (
        "lowest club: void may play a heart",
        "britannica",
        record("trick 1 E QC 9C 2C AH\ntrick 2 E AC TC 3C KH\nclaim N\n", "W", DEAL_B, BIDS_W),
        [],
    ),
    (
        "lowest club: void may not play a spade",
        "britannica",
        record("trick 1 E QC 9C 2C AS\nclaim N\n", "W", DEAL_B, BIDS_W),
        [("first-trick-violation", 1, "N")],
    ),
    (
        "two of clubs: clean",
        "cutthroat",
        record("trick 1 E 2C 5C 7C 4C\ntrick 2 W AD 4D 3D KD\nclaim N\n"),
        [],
    ),
    (
        "two of clubs: holder leads another card",
        "cutthroat",
        record("trick 1 E 6C 5C 7C 4C\nclaim N\n"),
        [("first-trick-violation", 1, "E")],
    ),
    (
        "two of clubs: wrong seat leads",
        "cutthroat",
        record("trick 1 N 4C 2C 5C 7C\nclaim N\n", "W", bids=BIDS_W),
        [("wrong-leader", 1, "N")],
    ),
    (
        "no spade on the first trick",
        "standard spades_first_trick=no",
        record("trick 1 N AH 5H 2H 2S\nclaim N\n", "W", DEAL_B, BIDS_W),
        [("first-trick-violation", 1, "W")],
    ),
    (
        "no spade on the first trick: a discard is fine",
        "standard spades_first_trick=no",
        record("trick 1 N AH 5H 2H 2D\nclaim N\n", "W", DEAL_B, BIDS_W),
        [],
    ),
    (
        "spades led any time, but not to the first trick",
        "standard lead_spades=anytime",
        record("trick 1 E KS 8S 2S AS\nclaim N\n"),
        [("first-trick-violation", 1, "E")],
    ),
    (
        "must overtake: clean",
        "standard must_overtake=yes",
        record("trick 1 E 4H 5H 2H AH\ntrick 2 N KH 9H 8H 2S\nclaim N\n", deal=DEAL_C),
        [],
    ),
    (
        "must overtake: a lower card when a higher one was held",
        "standard must_overtake=yes",
        record("trick 1 E 4H 3H 2H AH\nclaim N\n", deal=DEAL_C),
        [("must-overtake", 1, "S")],
    ),
    (
        "must overtake: a discard when a trump was held",
        "standard must_overtake=yes",
        record("trick 1 E 4H 5H 2H AH\ntrick 2 N KH 9H 8H 2D\nclaim N\n", deal=DEAL_C),
        [("must-overtake", 2, "W")],
    ),
    (
        "jokers: a joker is a spade",
        "jokers",
        record("trick 1 W BJ AS JS 6S\nclaim N\n", "S", DEAL_J, "bid W 3 N 3 E 3 S 3"),
        [("spades-not-broken", 1, "W")],
    ),
    (
        "jokers: the 2D is a diamond",
        "jokers",
        record("trick 1 W 2D AD 9D 6D\nclaim N\n", "S", DEAL_J, "bid W 3 N 3 E 3 S 3"),
        [],
    ),
    (
        "jjdd: the 2D is a spade",
        "jjdd",
        record("trick 1 W 2D AS JS 8S\nclaim N\n", "S", DEAL_J, "bid W 3 N 3 E 3 S 3"),
        [("spades-not-broken", 1, "W")],
    ),
    (
        "jjdd: following a diamond lead with the 2D is a renege",
        "jjdd",
        record(
            "trick 1 W 3D AD 9D 6D\ntrick 2 N KD JD 7D 2D\nclaim N\n",
            "S",
            DEAL_J,
            "bid W 3 N 3 E 3 S 3",
        ),
        [("renege", 2, "W")],
    ),
    (
        "a card outside the jokers deck",
        "jokers",
        "hand 1 dealer S\nbid W 3 N 3 E 3 S 3\ntrick 1 W 2C AC 9C 6C\nclaim N\n",
        [("card-not-held", 1, "W")],
    ),
]


@pytest.mark.parametrize(
    ("rules", "text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_play_rule(
    rules: str, text: str, expected: list[tuple[str, int | None, str | None]]
) -> None:
    assert [brief(d) for d in diagnose(text, rules)] == expected


def test_renege_message_and_position_point_at_the_card() -> None:
    [d] = diagnose(record("trick 1 E AH KD 4H 9H\nclaim N\n"))
    assert d.message == "South did not follow hearts in trick 1 while holding 3H, 5H, 8H and JH"
    assert (d.line, d.column, d.game, d.hand, d.file) == (4, 14, 1, 1, "t.spades")


def test_renege_proven_from_later_play_without_a_deal() -> None:
    play = PLAY_A.replace("trick 3 N QH 2H 8H KH", "trick 3 N QH 2H JD KH").replace(
        "trick 9 N JC 2C JD KC", "trick 9 N JC 2C 8H KC"
    )
    text = "hand 1 dealer N\nbid E 6 S nil W 4 N 3\n" + play
    diagnostics = diagnose(text)
    assert [brief(d) for d in diagnostics] == [("renege", 3, "S")]
    assert diagnostics[0].message == (
        "South did not follow hearts in trick 3 while holding 3H (played in trick 12), "
        "5H (played in trick 8) and 8H (played in trick 9)"
    )


def test_renege_not_proven_when_the_held_card_is_never_shown() -> None:
    text = (
        "hand 1 dealer N\nbid E 6 S nil W 4 N 3\ntrick 1 E AH JH 4H 9H\n"
        "trick 2 E 6C 5C 7C 8C\ntrick 3 N QH 2H JD KH\nclaim W\n"
    )
    assert diagnose(text) == []


def test_the_replay_goes_on_after_a_violation() -> None:
    played = PLAY_A.replace("trick 1 E AH JH 4H 9H", "trick 1 E AH KD 4H 9H")
    text = record(played, bids="bid E 6 S nil W 4 N 3")
    found = [brief(d) for d in diagnose(text)]
    assert found == [("renege", 1, "S"), ("card-played-twice", 4, "S")]


def test_tricks_winners_and_spades_broken() -> None:
    hand = replay_text(record(PLAY_A, bids="bid E 6 S nil W 4 N 3"))
    winners = "".join(t.winner.value for t in hand.tricks)
    assert winners == "ENWWWENNWEEEN"
    assert [t.number for t in hand.tricks if t.breaks_spades] == [6]
    assert not hand.tricks[5].spades_broken and hand.tricks[6].spades_broken
    assert hand.taken == ((Seat.N, 4), (Seat.E, 5), (Seat.S, 0), (Seat.W, 4))
    assert hand.tricks[0].card_of(Seat.S) is not None
    assert hand.holdings_known and len(hand.holding(Seat.N)) == 13


def test_jjdd_2d_beats_the_ace_of_spades() -> None:
    hand = replay_text(
        record("trick 1 W 2D AS JS 8S\nclaim N\n", "S", DEAL_J, "bid W 3 N 3 E 3 S 3"), "jjdd"
    )
    assert hand.tricks[0].winner is Seat.W


def test_lowest_club_trick_is_won_by_the_highest_club() -> None:
    hand = replay_text(
        record("trick 1 E QC 9C 2C AH\nclaim N\n", "W", DEAL_B, BIDS_W), "britannica"
    )
    assert hand.tricks[0].winner is Seat.E


def test_found_reneges_are_listed_for_penalties() -> None:
    hand = replay_text(record("trick 1 E AH KD 4H 9H\nclaim N\n"))
    assert [(r.seat, r.trick) for r in hand.reneges] == [(Seat.S, 1)]
