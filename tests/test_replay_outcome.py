"""The end of a hand: completeness, claims, took lines, and renege rulings."""

from __future__ import annotations

import pytest

from spadesctl.cards import Seat, Side
from spadesctl.core.took import Fault
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


#: One record per fault of a took line (:class:`spadesctl.core.took.Fault`), the rules,
#: and the message of each ``trick-count-mismatch`` it gives, in order.
_SHEET = "hand 1 dealer W\nbid N 1 E 4 S 2 W 3\n"
_THREE = "hand 1 dealer S\nbid N 1 E 4 S 2\n"
TOOK_WORDS: list[tuple[Fault, str, str, list[str]]] = [
    (
        Fault.ABSENT,
        "cutthroat players=3",
        _THREE + "took NS 5 E 4 S 4\n",
        [
            "took gives NS together, but these rules have no partnerships",
            "took gives no count for North",
        ],
    ),
    (
        Fault.ABSENT,
        "cutthroat players=3",
        _THREE + "took N 5 E 4 S 4 W 0\n",
        ["took gives tricks to West, who is not at a 3-player table"],
    ),
    (
        Fault.NILS_TOGETHER,
        "standard",
        _SHEET.replace("N 1", "N nil") + "took NS 6 EW 7\n",
        ["took gives NS together, but North bid nil: give each seat's tricks"],
    ),
    (
        Fault.TWICE,
        "standard",
        _SHEET + "took N 1 N 2 E 4 S 3 W 3\n",
        ["took gives North's tricks twice"],
    ),
    (
        Fault.NOT_AS_PLAYED,
        "standard",
        record(PLAY_A + "took N 4 E 5 S 1 W 3\n"),
        [
            "took gives South 1 tricks, but South won 0 in the play",
            "took gives West 3 tricks, but West won 4 in the play",
        ],
    ),
    (
        Fault.BELOW_PLAY,
        "standard",
        record(TWO_TRICKS + "took N 0 E 5 S 4 W 4\n"),
        ["took gives North 0 tricks, but North already won 1 of the 2 tricks played"],
    ),
    (Fault.MISSING, "standard", _SHEET + "took N 1 E 4 S 3\n", ["took gives no count for West"]),
    (
        Fault.TOTAL,
        "standard",
        _SHEET + "took N 1 E 4 S 3 W 4\n",
        ["the took counts add up to 12, but a hand has 13 tricks"],
    ),
    (
        Fault.OVER_CLAIM,
        "standard",
        record(TWO_TRICKS + "claim W\ntook N 3 E 5 S 0 W 5\n"),
        ["took gives NS 3 tricks, but NS won 1 in play and West claimed the rest"],
    ),
]


@pytest.mark.parametrize(("fault", "rules", "text", "messages"), TOOK_WORDS)
def test_took_faults_worded(fault: Fault, rules: str, text: str, messages: list[str]) -> None:
    found = [d.message for d in diagnose(text, rules) if d.name == "trick-count-mismatch"]
    assert found == messages


def test_every_took_fault_is_worded() -> None:
    assert {case[0] for case in TOOK_WORDS} == set(Fault)
