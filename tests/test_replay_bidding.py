"""Bidding: order, range, nil, blind nil and blind bids by the score, the bids together."""

from __future__ import annotations

import pytest

from spadesctl.cards import Party, Side
from spadesctl.events import BidKind
from tests.strategies import brief, diagnose, replay_text

DEAL_A = "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7"
# DEAL_A with South's one spade (8S) given to North for North's 4C
DEAL_B = "deal N:AJ864.QT9.74.J98 E:KQT975.A62.3.Q62 S:.J853.KQJT96.543 W:32.K74.A852.AKT7"


def record(bids: str, deal: str | None = DEAL_A, dealer: str = "N") -> str:
    deal_line = f"{deal}\n" if deal else ""
    return f"hand 1 dealer {dealer}\n{deal_line}{bids}\nclaim E\n"


CASES = [
    ("clean", "standard", record("bid E 6 S nil W 4 N 3"), []),
    ("out of turn", "standard", record("bid S nil E 6 W 4 N 3"), [("bid-out-of-turn", None, "S")]),
    ("missing", "standard", record("bid E 6 S nil W 4"), [("missing-bids", None, "N")]),
    ("stops short", "standard", record("bid E 6 S nil"), [("missing-bids", None, "W")]),
    ("twice", "standard", record("bid E 6 S nil W 4 N 3 E 5"), [("bid-out-of-turn", None, "E")]),
    ("no bids", "standard", record(""), [("missing-bids", None, None)]),
    ("above 13", "standard", record("bid E 14 S nil W 4 N 3"), [("bid-out-of-range", None, "E")]),
    # a side's bids together: at the side's later bidder, the hand still scored as bid
    ("side above 13", "standard", record("bid E 1 S 7 W 1 N 7"), [("bid-out-of-range", None, "N")]),
    ("side bid above 13", "standard", record("bid EW 6 NS 14"), [("bid-out-of-range", None, None)]),
    ("side at 13", "standard", record("bid E 1 S 7 W 1 N 6"), []),
    ("side above 13 with a nil", "standard", record("bid E 1 S nil W 1 N 13"), []),
    (
        "nil off",
        "standard nil=off",
        record("bid E 6 S nil W 4 N 3"),
        [("nil-not-allowed", None, "S")],
    ),
    (
        # With nil off a 0 is an ordinary bid (docs/rules.md), as the scorer reads it.
        "zero is a bid when nil is off",
        "standard nil=off",
        record("bid E 6 S 0 W 4 N 3"),
        [],
    ),
    ("zero is a bid", "standard nil=off zero_is_nil=no", record("bid E 6 S 0 W 4 N 3"), []),
    (
        "blind nil off",
        "standard blind_nil=off",
        record("bid E 6 S 3 W bnil N 3", deal=None),
        [("blind-nil-not-allowed", None, "W")],
    ),
    (
        "blind nil when level",
        "standard",
        record("bid E 6 S 3 W bnil N 3", deal=None),
        [("blind-nil-not-allowed", None, "W")],
    ),
    (
        "both nil",
        "britannica",
        record("bid E 6 S nil W 4 N nil"),
        [("both-nil-not-allowed", None, "N")],
    ),
    ("both nil allowed", "standard", record("bid E 6 S nil W 4 N nil"), []),
    (
        "side below the minimum",
        "standard min_team_bid=4",
        record("bid E 1 S nil W 2 N 3"),
        [("min-bid-violated", None, "W"), ("min-bid-violated", None, "N")],
    ),
    (
        "side above the maximum",
        "standard max_team_bid=8",
        record("bid E 6 S 3 W 4 N 3"),
        [("min-bid-violated", None, "W")],
    ),
    (
        "bids total 13",
        "standard bids_total_13=no",
        record("bid E 6 S 2 W 2 N 3"),
        [("bids-total-13", None, "N")],
    ),
    ("bids total 12", "standard bids_total_13=no", record("bid E 6 S 1 W 2 N 3"), []),
    (
        "blind bids off",
        "standard",
        record("bid E b6 S 2 W 2 N 3"),
        [("blind-bid-not-allowed", None, "E")],
    ),
    (
        "blind bid too small",
        "standard blind_bids=6",
        record("bid E b5 S 2 W 2 N 3"),
        [("blind-bid-not-allowed", None, "E")],
    ),
    (
        "bids in an unbid hand",
        "boston",
        record("bid EW 6 NS 5"),
        [("bid-in-unbid-hand", None, None)],
    ),
    ("unbid hand", "boston", record(""), []),
    (
        "suicide: no nils",
        "suicide",
        record("bid E 6 S 3 W 4 N 3"),
        [("suicide-bid-violated", None, None), ("suicide-bid-violated", None, None)],
    ),
    ("suicide: clean", "suicide", record("bid E nil S nil W 4 N 4"), []),
    (
        "suicide: partner below 4",
        "suicide",
        record("bid E nil S nil W 3 N 4"),
        [("suicide-bid-violated", None, "W")],
    ),
    ("mirror: clean", "mirror", record("bid E 6 S 1 W 2 N 4"), []),
    (
        "mirror: not the spades held",
        "mirror",
        record("bid E 5 S 1 W 2 N 4"),
        [("mirror-bid-violated", None, "E")],
    ),
    ("mirror: unknown holdings", "mirror", record("bid E 5 S 1 W 2 N 4", deal=None), []),
    ("side bids", "standard", record("bid EW 6 NS 5 S nil"), []),
    # mirror: a side's bid is the spades its partners hold (N 4 and S 1, E 6 and W 2)
    ("mirror: side bids", "mirror", record("bid EW 8 NS 5"), []),
    (
        "mirror: a side's bid not the spades held",
        "mirror",
        record("bid EW 8 NS 3"),
        [("mirror-bid-violated", None, None)],
    ),
    (
        "mirror: a side's bid beside a seat's",
        "mirror",
        record("bid EW 8 S 1 N 4"),
        [],
    ),
    # South holds no spades and bids nil: the side's bid is North's five
    ("mirror: a side's bid and a nil", "mirror", record("bid EW 8 NS 5 S nil", deal=DEAL_B), []),
    (
        "mirror: a side's bid counts a nil bidder's spades",
        "mirror",
        record("bid EW 8 NS 4 S nil", deal=DEAL_B),
        [("mirror-bid-violated", None, None)],
    ),
    (
        # a 0 is a nil where nil is on (zero_is_nil), and a side does not bid nil
        "a side bids 0 where 0 is nil",
        "standard",
        record("bid EW 6 NS 0"),
        [("bid-out-of-range", None, None), ("missing-bids", None, "S")],
    ),
    ("a side bids 0 where 0 is a number", "standard zero_is_nil=no", record("bid EW 6 NS 0"), []),
    ("a side bids 0 with nil off", "standard nil=off", record("bid EW 6 NS 0"), []),
    (
        "side bids out of turn",
        "standard",
        record("bid NS 5 EW 6"),
        [("bid-out-of-turn", None, None)],
    ),
    (
        "a side bids nil",
        "standard",
        record("bid EW 6 NS nil"),
        [("bid-out-of-range", None, None), ("missing-bids", None, "S")],
    ),
    (
        "a seat bids after its side",
        "standard",
        record("bid EW 6 NS 5 N 3"),
        [("bid-out-of-turn", None, "N")],
    ),
    (
        "side bids without partnerships",
        "cutthroat",
        record("bid EW 6 NS 5"),
        [
            ("bid-out-of-turn", None, None),
            ("bid-out-of-turn", None, None),
            ("missing-bids", None, "E"),
        ],
    ),
]


def _key(item: tuple[str, int | None, str | None]) -> tuple[str, str]:
    return (item[0], item[2] or "")


@pytest.mark.parametrize(
    ("rules", "text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bidding_rule(
    rules: str, text: str, expected: list[tuple[str, int | None, str | None]]
) -> None:
    found = [brief(d) for d in diagnose(text, rules)]
    assert sorted(found, key=_key) == sorted(expected, key=_key)


@pytest.mark.parametrize(
    ("scores", "allowed"),
    [
        ({Side.NS: 250, Side.EW: 150}, True),
        ({Side.NS: 250, Side.EW: 151}, False),
        ({Side.NS: -50, Side.EW: -300}, True),
        ({Side.NS: 0, Side.EW: 90}, False),
    ],
)
def test_blind_nil_needs_the_side_to_trail(scores: dict[Party, int], allowed: bool) -> None:
    hand = replay_text(record("bid E 3 S 3 W bnil N 4", deal=None), "standard", scores)
    names = [d.name for d in hand.diagnostics]
    assert ("blind-nil-not-allowed" not in names) is allowed
    if not allowed:
        assert "trailing by 100 or more" in hand.diagnostics[0].message


def test_blind_nil_deficit_is_not_checked_when_the_score_is_unknown() -> None:
    hand = replay_text(record("bid E 3 S 3 W bnil N 4", deal=None), "standard", None)
    assert hand.diagnostics == ()


def test_blind_bid_with_the_deficit() -> None:
    text = record("bid E b6 S 2 W 2 N 3", deal=None)
    trailing = replay_text(text, "standard blind_bids=6", {Side.NS: 300, Side.EW: 100})
    level = replay_text(text, "standard blind_bids=6", {Side.NS: 300, Side.EW: 300})
    assert trailing.diagnostics == ()
    assert [d.name for d in level.diagnostics] == ["blind-bid-not-allowed"]


def test_cutthroat_blind_nil_trails_the_leader() -> None:
    from spadesctl.cards import Seat

    rules = "cutthroat blind_nil=200 blind_nil_pass=0"
    text = record("bid E 3 S 3 W bnil N 4", deal=None)
    scores: dict[Party, int] = {Seat.N: 300, Seat.E: 150, Seat.S: 120, Seat.W: 190}
    assert replay_text(text, rules, scores).diagnostics == ()
    scores[Seat.W] = 210
    assert [d.name for d in replay_text(text, rules, scores).diagnostics] == [
        "blind-nil-not-allowed"
    ]


def test_the_bids_that_count() -> None:
    hand = replay_text(record("bid EW 6 NS 5 S nil E 4"))
    assert [(b.bidder.value, b.kind) for b in hand.bids] == [
        ("EW", BidKind.NUMBER),
        ("NS", BidKind.NUMBER),
        ("S", BidKind.NIL),
    ]
    assert hand.bid_of(Side.EW) is not None and hand.bid_of(Side.EW).tricks == 6  # type: ignore[union-attr]


def test_bid_messages_name_the_rule() -> None:
    [d] = diagnose(record("bid S nil E 6 W 4 N 3"))
    assert d.message == (
        "South bid before East: the bidding goes clockwise from the dealer's left (East)"
    )
    [d] = diagnose(record("bid E 6 S 2 W 2 N 3"), "standard bids_total_13=no")
    assert "add up to 13" in d.message


@pytest.mark.parametrize(
    ("bids", "deal", "message"),
    [
        ("bid EW 8 NS 3", DEAL_A, "North and South hold 5 spades, so NS must bid 5, not 3"),
        ("bid EW 8 NS 4 S nil", DEAL_B, "North holds 5 spades, so NS must bid 5, not 4"),
        (
            "bid EW 13 NS 3 N nil S nil",
            "deal N:.AKQJT98.AKQ.AKQ E:AKQJT98.432..876 S:.765.JT98765.JT9 W:765432..432.5432",
            "NS's partners, both bidding nil, hold 0 spades, so NS must bid 0, not 3",
        ),
    ],
)
def test_a_mirror_side_bid_says_the_spades_held(bids: str, deal: str, message: str) -> None:
    assert [d.message for d in diagnose(record(bids, deal=deal), "mirror")] == [message]
