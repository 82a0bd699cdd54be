"""The end of a hand: completeness, claims, took lines, and renege rulings."""

from __future__ import annotations

import pytest

from spadesctl.cards import Seat, Side
from tests.strategies import brief, diagnose, replay_text
from tests.test_replay_play import DEAL_A, PLAY_A

BIDS = "bid E 6 S nil W 4 N 3"


def record(rest: str, bids: str = BIDS, deal: str | None = DEAL_A) -> str:
    deal_line = f"{deal}\n" if deal else ""
    return f"hand 1 dealer N\n{deal_line}{bids}\n{rest}"


TWO_TRICKS = PLAY_A[:44]
CASES = [
    ("played out", record(PLAY_A), []),
    ("played out, took agrees", record(PLAY_A + "took N 4 E 5 S 0 W 4\n"), []),
    (
        "played out, took disagrees",
        record(PLAY_A + "took N 4 E 5 S 1 W 3\n"),
        [("trick-count-mismatch", None, "S"), ("trick-count-mismatch", None, "W")],
    ),
    ("claim", record(TWO_TRICKS + "claim W\n"), []),
    ("stops early", record(TWO_TRICKS), [("incomplete-hand", None, None)]),
    ("nothing but bids", record(""), [("incomplete-hand", None, None)]),
    ("score sheet", record("took N 4 E 5 S 0 W 4\n", deal=None), []),
    (
        "score sheet adding to 12",
        record("took N 4 E 5 S 0 W 3\n", deal=None),
        [("trick-count-mismatch", None, None)],
    ),
    (
        "score sheet missing a seat",
        record("took N 4 E 5 S 4\n", deal=None),
        [("trick-count-mismatch", None, "W")],
    ),
    (
        "a side's total with a nil bidder in it",
        record("took NS 4 EW 9\n", deal=None),
        [("trick-count-mismatch", None, None)],
    ),
    ("a side's total", record("took NS 4 EW 9\n", "bid E 6 S 1 W 4 N 3", None), []),
    ("partly played, took", record(TWO_TRICKS + "took N 4 E 5 S 0 W 4\n"), []),
    (
        "partly played, took short of the play",
        record(TWO_TRICKS + "took N 0 E 5 S 4 W 4\n"),
        [("trick-count-mismatch", None, "N")],
    ),
    (
        "a renege ruling the play does not support",
        record(TWO_TRICKS + "claim W\nrenege S 1\n"),
        [("unsupported-renege-call", 1, "S")],
    ),
    (
        "a renege ruling the play supports",
        record("trick 1 E AH KD 4H 9H\nclaim W\nrenege S 1\n"),
        [("renege-ruled", 1, "S")],  # the ruling covers it: a note
    ),
    ("a renege ruling for a trick not recorded", record("took N 4 E 5 S 0 W 4\nrenege S 4\n"), []),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_outcome_rule(text: str, expected: list[tuple[str, int | None, str | None]]) -> None:
    assert [brief(d) for d in diagnose(text)] == expected


def test_a_claim_gives_the_claimer_every_trick_left() -> None:
    hand = replay_text(record(TWO_TRICKS + "claim W\n"))
    assert hand.complete
    assert hand.taken == ((Seat.N, 1), (Seat.E, 1), (Seat.S, 0), (Seat.W, 11))


def test_took_is_the_outcome_when_given() -> None:
    hand = replay_text(record("took NS 4 EW 9\n", "bid E 6 S 1 W 4 N 3", None))
    assert hand.taken == ((Side.NS, 4), (Side.EW, 9))
    assert hand.taken_by(Side.EW) == 9 and hand.taken_by(Seat.N) is None
    assert hand.scorable


def test_an_incomplete_hand_has_no_outcome() -> None:
    hand = replay_text(record(TWO_TRICKS))
    assert not hand.complete and hand.taken == () and not hand.scorable


def test_unsupported_renege_message() -> None:
    [d] = diagnose(record(TWO_TRICKS + "claim W\nrenege S 1\n"))
    assert d.message == (
        "the record rules a renege by South in trick 1, but South followed suit with JH"
    )
