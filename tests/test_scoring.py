"""Scoring one hand: the worked examples of the rule sources and every scoring key.

Every expected figure is worked out by hand in the case's comment.  Rulesets are built with
``dataclasses.replace`` on the defaults (the ``standard`` preset: nil 100, blind nil 200,
failed nil tricks are bags, bags carry with a 100-point penalty every 10, set -10 x bid).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pytest

from spadesctl.cards import Party, Seat, Side, parse_party
from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import (
    BagMode,
    BlindBidSet,
    FailedNilTricks,
    MoonFail,
    RenegeSet,
    Ruleset,
    SetPenalty,
    UnbidHands,
)
from spadesctl.scoring import (
    HandScore,
    RenegeRuling,
    ScoringError,
    SetReason,
    Standing,
    score_hand,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW


def rules(**changes: Any) -> Ruleset:
    return replace(Ruleset(), **changes)


STANDARD = rules()
TWO_PLAYER = rules(
    name="two", players=2, partnership=False, nil_penalty=0, moon=250, moon_fail=MoonFail.BAGS
)
CUTTHROAT = rules(name="cutthroat", partnership=False)


def bids(text: str) -> tuple[Bid, ...]:
    """``"N 4 S nil EW b6"`` -> the bids (nil, bnil, bN for blind N, a number)."""
    words = text.split()
    out = []
    for who, value in zip(words[::2], words[1::2], strict=True):
        party = parse_party(who)
        if value == "nil":
            out.append(Bid(party, BidKind.NIL, 0))
        elif value == "bnil":
            out.append(Bid(party, BidKind.BLIND_NIL, 0))
        elif value.startswith("b"):
            out.append(Bid(party, BidKind.BLIND, int(value[1:])))
        else:
            out.append(Bid(party, BidKind.NUMBER, int(value)))
    return tuple(out)


def took(text: str) -> dict[Party, int]:
    words = text.split()
    return {parse_party(w): int(n) for w, n in zip(words[::2], words[1::2], strict=True)}


@dataclass(frozen=True)
class Case:
    id: str
    rules: Ruleset
    bids: str
    took: str
    points: dict[Party, int]  # this hand's points
    bags: dict[Party, int]  # bag counters after the hand
    before_scores: dict[Party, int] | None = None
    before_bags: dict[Party, int] | None = None
    rulings: tuple[RenegeRuling, ...] = ()
    hand_number: int = 2
    made: dict[Party, bool | None] | None = None


CASES = [
    # --- the sources' worked examples -------------------------------------------------
    # 001: bid 9, took 11 -> 9 x 10 + 2 overtricks = 92.  EW bid 4, took 2: -40 (the
    # Hoyle example of 002, "bid 4 and only win 2 tricks, you lose 40").
    Case(
        "001-bid9-took11",
        STANDARD,
        "N 5 S 4 E 2 W 2",
        "N 6 S 5 E 1 W 1",
        {NS: 92, EW: -40},
        {NS: 2, EW: 0},
    ),
    # 001: bid 9, took 7 -> -90.  EW bid 4, took 6 -> 40 + 2 = 42 (002's Hoyle example).
    Case(
        "001-bid9-took7",
        STANDARD,
        "N 5 S 4 E 2 W 2",
        "N 4 S 3 E 3 W 3",
        {NS: -90, EW: 42},
        {NS: 0, EW: 2},
    ),
    # 002 (two players): bid 6, took 7 -> 61.  S bid 5, took 6 -> 51.
    Case("002-bid6-took7", TWO_PLAYER, "N 6 S 5", "N 7 S 6", {N: 61, S: 51}, {N: 1, S: 1}),
    # 002: a nil bidder who takes 5 tricks scores 5: nil_penalty 0, 5 tricks as bags.
    # S bid 7, took 8 -> 71.
    Case("002-nil-took5", TWO_PLAYER, "N nil S 7", "N 5 S 8", {N: 5, S: 71}, {N: 5, S: 1}),
    # 003 (bags carry): NS has 8 bags, bids 5 and takes 8: 50 + 3 = 53; bags 8 + 3 = 11
    # reach 10: -100, carrying 1.  Hand: 53 - 100 = -47.  EW bid 5, took 5: 50.
    Case(
        "003-eight-bags-plus-three",
        STANDARD,
        "N 3 S 2 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: -47, EW: 50},
        {NS: 1, EW: 0},
        {NS: 208},
        {NS: 8},
    ),
    # --- bags ------------------------------------------------------------------------
    # Two penalties in one hand: NS (9 bags) bid 1 and take 13: 10 + 12 = 22; bags
    # 9 + 12 = 21 -> 11 -> 1: -200.  Hand: 22 - 200 = -178.  EW bid 2, took 0: -20.
    Case(
        "double-bag-penalty",
        STANDARD,
        "NS 1 EW 2",
        "NS 13 EW 0",
        {NS: -178, EW: -20},
        {NS: 1, EW: 0},
        {NS: 300},
        {NS: 9},
    ),
    # A negative score with bags: NS at -150 with 9 bags bids 4, takes 5: 41; bags 10:
    # -100, counter 0.  Score -150 + 41 - 100 = -209 (its last digit says nothing).
    # EW bid 8, took 8: 80.
    Case(
        "negative-score-bags",
        STANDARD,
        "N 2 S 2 E 4 W 4",
        "N 3 S 2 E 4 W 4",
        {NS: -59, EW: 80},
        {NS: 0, EW: 0},
        {NS: -150},
        {NS: 9},
    ),
    # bag_limit off: 9 + 3 bags = 12, no penalty.  NS 5 took 8: 53.  EW 5 took 5: 50.
    Case(
        "bag-limit-off",
        rules(bag_limit=None),
        "N 3 S 2 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: 53, EW: 50},
        {NS: 12, EW: 0},
        None,
        {NS: 9},
    ),
    # bag_penalty 50: 9 + 3 = 12 -> 2, -50.  53 - 50 = 3.
    Case(
        "bag-penalty-50",
        rules(bag_penalty=50),
        "N 3 S 2 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: 3, EW: 50},
        {NS: 2, EW: 0},
        None,
        {NS: 9},
    ),
    # bag_limit 5: 4 + 3 = 7 -> 2, -100.  53 - 100 = -47.
    Case(
        "bag-limit-5",
        rules(bag_limit=5),
        "N 3 S 2 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: -47, EW: 50},
        {NS: 2, EW: 0},
        None,
        {NS: 4},
    ),
    # bag_mode deduct (000's simpler school): NS bid 7, took 9: 70 - 2 = 68; no counter.
    # EW bid 4, took 4: 40.
    Case(
        "deduct",
        rules(bag_mode=BagMode.DEDUCT),
        "N 4 S 3 E 2 W 2",
        "N 5 S 4 E 2 W 2",
        {NS: 68, EW: 40},
        {NS: 0, EW: 0},
    ),
    # bag_mode off: NS bid 7, took 9: 70, overtricks score nothing.
    Case(
        "bags-off",
        rules(bag_mode=BagMode.OFF),
        "N 4 S 3 E 2 W 2",
        "N 5 S 4 E 2 W 2",
        {NS: 70, EW: 40},
        {NS: 0, EW: 0},
    ),
    # --- sets ------------------------------------------------------------------------
    # set_penalty zero: NS bid 9, took 7: 0.  EW bid 4, took 6: 42.
    Case(
        "set-zero",
        rules(set_penalty=SetPenalty.ZERO),
        "N 5 S 4 E 2 W 2",
        "N 4 S 3 E 3 W 3",
        {NS: 0, EW: 42},
        {NS: 0, EW: 2},
        made={NS: False, EW: True},
    ),
    # --- nil -------------------------------------------------------------------------
    # Nil made: N nil took 0: +100; S bid 4 took 5: 41.  NS 141.  EW 8 took 8: 80.
    Case(
        "nil-made",
        STANDARD,
        "N nil S 4 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 141, EW: 80},
        {NS: 1, EW: 0},
    ),
    # zero_is_nil (on by default): a plain 0 is a nil, as above.
    Case(
        "zero-is-nil",
        STANDARD,
        "N 0 S 4 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 141, EW: 80},
        {NS: 1, EW: 0},
    ),
    # zero_is_nil off: 0 + 4 = a contract of 4, took 5: 41.
    Case(
        "zero-not-nil",
        rules(zero_is_nil=False),
        "N 0 S 4 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 41, EW: 80},
        {NS: 1, EW: 0},
    ),
    # nil off: a plain 0 is a 0: contract 4, N 1 + S 4 = 5 counted: 41.
    Case(
        "nil-off",
        rules(nil=None),
        "N 0 S 4 E 4 W 4",
        "N 1 S 4 E 4 W 4",
        {NS: 41, EW: 80},
        {NS: 1, EW: 0},
    ),
    # nil 50 (000): made +50 with S's 41 -> 91.
    Case(
        "nil-50",
        rules(nil=50),
        "N nil S 4 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 91, EW: 80},
        {NS: 1, EW: 0},
    ),
    # nil_penalty 50 under nil 100: N took 1: -50; S 4 took 4: 40; 1 bag: +1.  -9.
    Case(
        "nil-penalty",
        rules(nil_penalty=50),
        "N nil S 4 E 4 W 4",
        "N 1 S 4 E 4 W 4",
        {NS: -9, EW: 80},
        {NS: 1, EW: 0},
    ),
    # failed_nil_tricks bags: N nil took 2: -100 and 2 bags (+2); S bid 4 took 3: -40.
    # -100 + 2 - 40 = -138.  EW 8 took 8: 80.
    Case(
        "failed-nil-bags",
        STANDARD,
        "N nil S 4 E 4 W 4",
        "N 2 S 3 E 4 W 4",
        {NS: -138, EW: 80},
        {NS: 2, EW: 0},
    ),
    # failed_nil_tricks partner (000): 3 + 2 = 5 counted for S's 4: 41; nil -100. -59.
    Case(
        "failed-nil-partner",
        rules(failed_nil_tricks=FailedNilTricks.PARTNER),
        "N nil S 4 E 4 W 4",
        "N 2 S 3 E 4 W 4",
        {NS: -59, EW: 80},
        {NS: 1, EW: 0},
    ),
    # failed_nil_tricks none: S set -40, nil -100, N's tricks nothing: -140.
    Case(
        "failed-nil-none",
        rules(failed_nil_tricks=FailedNilTricks.NONE),
        "N nil S 4 E 4 W 4",
        "N 2 S 3 E 4 W 4",
        {NS: -140, EW: 80},
        {NS: 0, EW: 0},
    ),
    # Both nil, both made: +100 +100 = 200, no contract.  EW 13 (6 + 7) took 13: 130.
    Case(
        "both-nil-made",
        STANDARD,
        "N nil S nil E 6 W 7",
        "N 0 S 0 E 6 W 7",
        {NS: 200, EW: 130},
        {NS: 0, EW: 0},
        made={NS: None, EW: True},
    ),
    # Both nil, one failed (004: "the net effect is 0"): +100 - 100 = 0, and with no
    # contract S's 2 tricks count for nothing, not as bags (issue 12; 003: "no points
    # can be won except the nil bonuses").  EW bid 11, took 11: 110.
    Case(
        "both-nil-one-failed",
        STANDARD,
        "N nil S nil E 6 W 5",
        "N 0 S 2 E 6 W 5",
        {NS: 0, EW: 110},
        {NS: 0, EW: 0},
    ),
    # ... under failed_nil_tricks partner there is no partner's bid: the tricks count for
    # nothing (003: "no points except the nil bonuses").  +100 - 100 = 0.
    Case(
        "both-nil-partner",
        rules(failed_nil_tricks=FailedNilTricks.PARTNER),
        "N nil S nil E 6 W 5",
        "N 0 S 2 E 6 W 5",
        {NS: 0, EW: 110},
        {NS: 0, EW: 0},
    ),
    # Blind nil made: +200; S 5 took 5: 50.  250.  EW bid 8, took 8: 80.
    Case(
        "blind-nil-made",
        STANDARD,
        "N bnil S 5 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 250, EW: 80},
        {NS: 0, EW: 0},
    ),
    # Blind nil failed: -200; N's trick a bag +1; S 5 took 4: -50.  -249.
    Case(
        "blind-nil-failed",
        STANDARD,
        "N bnil S 5 E 4 W 4",
        "N 1 S 4 E 4 W 4",
        {NS: -249, EW: 80},
        {NS: 1, EW: 0},
    ),
    # Blind nil 100 (000, 002 Hoyle): 100 + 50 = 150.
    Case(
        "blind-nil-100",
        rules(nil=50, blind_nil=100),
        "N bnil S 5 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 150, EW: 80},
        {NS: 0, EW: 0},
    ),
    # blind_nil off: a recorded bnil scores as a plain nil: 100 + 50 = 150.
    Case(
        "blind-nil-off",
        rules(blind_nil=None),
        "N bnil S 5 E 4 W 4",
        "N 0 S 5 E 4 W 4",
        {NS: 150, EW: 80},
        {NS: 0, EW: 0},
    ),
    # --- blind bids (004) --------------------------------------------------------------
    # NS blind 6, took 7: 6 x 20 + 1 = 121.  EW bid 5 (side bid), took 6: 51.
    Case(
        "blind-made",
        rules(blind_bids=100),
        "NS b6 EW 5",
        "NS 7 EW 6",
        {NS: 121, EW: 51},
        {NS: 1, EW: 1},
    ),
    # NS blind 6, took 5: -120 (the blind counts double when set too).  EW 5 took 8: 53.
    Case(
        "blind-set",
        rules(blind_bids=100),
        "NS b6 EW 5",
        "NS 5 EW 8",
        {NS: -120, EW: 53},
        {NS: 0, EW: 3},
    ),
    # Mixed: N blind 4, S 3: contract 7, took 8: 4 x 20 + 3 x 10 + 1 = 111.
    Case(
        "blind-mixed-made",
        rules(blind_bids=100),
        "N b4 S 3 E 2 W 3",
        "N 4 S 4 E 2 W 3",
        {NS: 111, EW: 50},
        {NS: 1, EW: 0},
    ),
    # Mixed, set: took 6 of 7: -(80 + 30) = -110.  EW 5 took 7: 52.
    Case(
        "blind-mixed-set",
        rules(blind_bids=100),
        "N b4 S 3 E 2 W 3",
        "N 3 S 3 E 3 W 4",
        {NS: -110, EW: 52},
        {NS: 0, EW: 2},
    ),
    # blind_bid_set=single (004: "there is no double"): NS blind 6, took 5: -60.  EW 53.
    Case(
        "blind-set-single",
        rules(blind_bids=100, blind_bid_set=BlindBidSet.SINGLE),
        "NS b6 EW 5",
        "NS 5 EW 8",
        {NS: -60, EW: 53},
        {NS: 0, EW: 3},
    ),
    # ... a made blind bid is still doubled: took 7: 121.
    Case(
        "blind-made-single",
        rules(blind_bids=100, blind_bid_set=BlindBidSet.SINGLE),
        "NS b6 EW 5",
        "NS 7 EW 6",
        {NS: 121, EW: 51},
        {NS: 1, EW: 1},
    ),
    # Mixed, set, single: took 6 of 7: -70.
    Case(
        "blind-mixed-set-single",
        rules(blind_bids=100, blind_bid_set=BlindBidSet.SINGLE),
        "N b4 S 3 E 2 W 3",
        "N 3 S 3 E 3 W 4",
        {NS: -70, EW: 52},
        {NS: 0, EW: 2},
    ),
    # A failed blind 10 under ten_for_200: -400 doubled, -200 single.  EW 3 took 4: 31.
    Case(
        "blind-ten-set-double",
        rules(blind_bids=6, ten_for_200=True),
        "NS b10 EW 3",
        "NS 9 EW 4",
        {NS: -400, EW: 31},
        {NS: 0, EW: 1},
    ),
    Case(
        "blind-ten-set-single",
        rules(blind_bids=6, ten_for_200=True, blind_bid_set=BlindBidSet.SINGLE),
        "NS b10 EW 3",
        "NS 9 EW 4",
        {NS: -200, EW: 31},
        {NS: 0, EW: 1},
    ),
    # --- the first hand unbid (004) ---------------------------------------------------------
    # Hand 1 unbid: 10 a trick, no bags.  NS 6: 60, EW 7: 70.
    Case(
        "first-hand-unbid",
        rules(unbid_hands=UnbidHands.FIRST),
        "",
        "N 3 S 3 E 4 W 3",
        {NS: 60, EW: 70},
        {NS: 0, EW: 0},
        hand_number=1,
        made={NS: None, EW: None},
    ),
    # Hand 2 is bid as usual: NS 5 took 6: 51; EW 7 took 7: 70.
    Case(
        "second-hand-bid",
        rules(unbid_hands=UnbidHands.FIRST),
        "N 3 S 2 E 4 W 3",
        "N 3 S 3 E 4 W 3",
        {NS: 51, EW: 70},
        {NS: 1, EW: 0},
        hand_number=2,
    ),
    # A renege on the unbid hand: E's 3 tricks go to NS: NS 9: 90, EW 4: 40.
    Case(
        "first-hand-unbid-renege",
        rules(unbid_hands=UnbidHands.FIRST),
        "",
        "N 3 S 3 E 4 W 3",
        {NS: 90, EW: 40},
        {NS: 0, EW: 0},
        hand_number=1,
        rulings=(RenegeRuling(E),),
    ),
    # first_hand_bids_itself (our key, docs/rules.md): NS's 10 tricks are a made bid of 10:
    # 200 under ten_for_200; EW's 3 a made 3: 30.
    Case(
        "first-hand-bids-itself",
        rules(unbid_hands=UnbidHands.FIRST, first_hand_bids_itself=True, ten_for_200=True),
        "",
        "N 5 S 5 E 2 W 1",
        {NS: 200, EW: 30},
        {NS: 0, EW: 0},
        hand_number=1,
        made={NS: True, EW: True},
    ),
    # --- the overtrick limit variant (004) ------------------------------------------------
    # max_overtricks 2, bags off: NS 5 took 7: 50; EW 6 took 6: 60.
    Case(
        "max-overtricks-ok",
        rules(max_overtricks=2, bag_mode=BagMode.OFF),
        "NS 5 EW 6",
        "NS 7 EW 6",
        {NS: 50, EW: 60},
        {NS: 0, EW: 0},
    ),
    # NS 5 took 8: 3 overtricks, set: -50.  EW 5 took 5: 50.
    Case(
        "max-overtricks-set",
        rules(max_overtricks=2, bag_mode=BagMode.OFF),
        "NS 5 EW 5",
        "NS 8 EW 5",
        {NS: -50, EW: 50},
        {NS: 0, EW: 0},
        made={NS: False, EW: True},
    ),
    # A blind bid has no limit on sandbags: NS b5 took 8: 100.  EW 5 took 5: 50.
    Case(
        "max-overtricks-blind",
        rules(max_overtricks=2, bag_mode=BagMode.OFF),
        "NS b5 EW 5",
        "NS 8 EW 5",
        {NS: 100, EW: 50},
        {NS: 0, EW: 0},
    ),
    # ten_for_200: NS 10 took 11: 200 + 1 bag = 201.  EW 2 took 2: 20.
    Case(
        "ten-for-200-made",
        rules(ten_for_200=True),
        "NS 10 EW 2",
        "NS 11 EW 2",
        {NS: 201, EW: 20},
        {NS: 1, EW: 0},
    ),
    # ten_for_200: NS 11 took 9: -200.  EW 2 took 4: 22.
    Case(
        "ten-for-200-set",
        rules(ten_for_200=True),
        "NS 11 EW 2",
        "NS 9 EW 4",
        {NS: -200, EW: 22},
        {NS: 0, EW: 2},
    ),
    # ten_for_200 blind: NS b10 took 10: 400.  EW 3 took 3: 30.
    Case(
        "ten-for-200-blind",
        rules(ten_for_200=True),
        "NS b10 EW 3",
        "NS 10 EW 3",
        {NS: 400, EW: 30},
        {NS: 0, EW: 0},
    ),
    # Boston: NS 10 took 13 under the overtrick limit: set by overtricks (-200) but the
    # hand is a Boston (the game test checks the win).  EW 1 took 0: -10.
    Case(
        "boston",
        rules(ten_for_200=True, max_overtricks=2, boston_wins=True, bag_mode=BagMode.OFF),
        "NS 10 EW 1",
        "NS 13 EW 0",
        {NS: -200, EW: -10},
        {NS: 0, EW: 0},
        made={NS: False, EW: False},
    ),
    # --- the moon ------------------------------------------------------------------------
    # 002: N bid 13, took 13: 250.  S bid 1, took 0: -10.
    Case("moon-made", TWO_PLAYER, "N 13 S 1", "N 13 S 0", {N: 250, S: -10}, {N: 0, S: 0}),
    # 002: N bid 13, took 9: the tricks count as bags: +9 and 9 bags.  S 1 took 4: 13.
    Case(
        "moon-failed-bags",
        TWO_PLAYER,
        "N 13 S 1",
        "N 9 S 4",
        {N: 9, S: 13},
        {N: 9, S: 3},
        made={N: False, S: True},
    ),
    # moon_fail set: an ordinary set, -130.
    Case(
        "moon-failed-set",
        replace(TWO_PLAYER, moon_fail=MoonFail.SET),
        "N 13 S 1",
        "N 9 S 4",
        {N: -130, S: 13},
        {N: 0, S: 3},
    ),
    # A side bidding all 13 (7 + 6) and taking them, moon 200: 200 (not 130).
    Case(
        "moon-partnership",
        rules(moon=200),
        "N 7 S 6 E nil W nil",
        "N 7 S 6 E 0 W 0",
        {NS: 200, EW: 200},
        {NS: 0, EW: 0},
    ),
    # Moon off: 13 bid and taken is 130.
    Case(
        "no-moon",
        STANDARD,
        "N 7 S 6 E nil W nil",
        "N 7 S 6 E 0 W 0",
        {NS: 130, EW: 200},
        {NS: 0, EW: 0},
    ),
    # --- individual scoring ------------------------------------------------------------------
    # Cutthroat: N 3 took 4: 31.  E 4 took 2: -40.  S nil took 0: 100.  W 5 took 7: 52.
    Case(
        "cutthroat",
        CUTTHROAT,
        "N 3 E 4 S nil W 5",
        "N 4 E 2 S 0 W 7",
        {N: 31, E: -40, S: 100, W: 52},
        {N: 1, E: 0, S: 0, W: 2},
    ),
    # Cutthroat, own bags: W at 8 bags takes 2 more: 52 - 100 = -48, bags 0.
    Case(
        "cutthroat-bags",
        CUTTHROAT,
        "N 3 E 4 S nil W 5",
        "N 4 E 2 S 0 W 7",
        {N: 31, E: -40, S: 100, W: -48},
        {N: 1, E: 0, S: 0, W: 0},
        None,
        {W: 8},
    ),
    # Three players, 17 tricks: N 6 took 7: 61; E 5 took 5: 50; S 5 took 5: 50.
    Case(
        "three-players",
        rules(players=3, partnership=False),
        "N 6 E 5 S 5",
        "N 7 E 5 S 5",
        {N: 61, E: 50, S: 50},
        {N: 1, E: 0, S: 0},
    ),
    # --- renege rulings --------------------------------------------------------------------
    # renege 3: E reneges; EW took 5 of its 5 bid -> 2: -50.  NS 6 took 8 + 3 = 11:
    # made, 60; the 3 received count toward the contract but are never bags (issue 12),
    # its own 2 overtricks are: 62.
    Case(
        "renege-3",
        STANDARD,
        "N 3 S 3 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: 62, EW: -50},
        {NS: 2, EW: 0},
        rulings=(RenegeRuling(E, 4),),
    ),
    # Capped: W reneges, EW took only 2: 2 tricks move.  EW bid 2 -> 0: -20.  NS 6 took
    # 11 + 2 = 13: 60 + its own 5 overtricks = 65.
    Case(
        "renege-capped",
        STANDARD,
        "N 3 S 3 E 1 W 1",
        "N 6 S 5 E 1 W 1",
        {NS: 65, EW: -20},
        {NS: 5, EW: 0},
        rulings=(RenegeRuling(W, 9),),
    ),
    # renege set: N reneges; NS 6 took 8 is set: -60.  EW 5 took 5: 50.
    Case(
        "renege-set",
        rules(renege_penalty=RenegeSet.SET),
        "N 3 S 3 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: -60, EW: 50},
        {NS: 0, EW: 0},
        rulings=(RenegeRuling(N),),
        made={NS: False, EW: True},
    ),
    # Cutthroat renege: N's 3 penalty tricks go one each to E, S, W.  N 3 took 4 -> 1:
    # -30.  E, S, W each 3 took 3 + 1: made, 30, the received trick no bag.
    Case(
        "renege-cutthroat",
        CUTTHROAT,
        "N 3 E 3 S 3 W 3",
        "N 4 E 3 S 3 W 3",
        {N: -30, E: 30, S: 30, W: 30},
        {N: 0, E: 0, S: 0, W: 0},
        rulings=(RenegeRuling(N),),
    ),
    # Two players: S reneges: S 6 took 7 -> 4: -60.  N 5 took 6 + 3: 50 + its own 1
    # overtrick = 51.
    Case(
        "renege-two-player",
        TWO_PLAYER,
        "N 5 S 6",
        "N 6 S 7",
        {N: 51, S: -60},
        {N: 1, S: 0},
        rulings=(RenegeRuling(S),),
    ),
    # A renege does not touch a nil, judged on the tricks played: N nil took 0 (+100);
    # S reneges, S 4 took 4 - 3 = 1: -40; NS 60.  EW 9 took 9 + 3 = 12: 90, no bags.
    Case(
        "renege-with-nil",
        STANDARD,
        "N nil S 4 E 5 W 4",
        "N 0 S 4 E 5 W 4",
        {NS: 60, EW: 90},
        {NS: 0, EW: 0},
        rulings=(RenegeRuling(S),),
    ),
    # A renege can hand its victims no bag penalty (issue 12): NS at 9 bags bid 6 and
    # took 8 (2 own overtricks: 11 bags, -100, 1 left); E reneges, 3 more come to NS but
    # as tricks toward the contract only.  NS 60 + 2 - 100 = -38, bags 1.  Before the
    # change NS took 5 bags: 60 + 5 - 100 = -35 with 4 left.  EW 5 took 5 - 3: -50.
    Case(
        "renege-no-bags-for-the-victims",
        STANDARD,
        "N 3 S 3 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: -38, EW: -50},
        {NS: 1, EW: 0},
        before_bags={NS: 9},
        rulings=(RenegeRuling(E),),
    ),
    # ... nor set them under max_overtricks: NS bid 6 took 8 (2 own overtricks, the limit)
    # + 3 received: made, 60.  EW 5 took 5 - 3: -50.
    Case(
        "renege-received-not-overtricks",
        rules(max_overtricks=2, bag_mode=BagMode.OFF, bag_limit=None),
        "N 3 S 3 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: 60, EW: -50},
        {NS: 0, EW: 0},
        rulings=(RenegeRuling(E),),
        made={NS: True, EW: False},
    ),
    # renege_transfer=no (004: "must take three additional tricks"): EW lose 3 tricks,
    # NS gain nothing.  EW 5 took 5 - 3 = 2: -50.  NS 6 took 8: 62.
    Case(
        "renege-transfer-no",
        rules(renege_transfer=False),
        "N 3 S 3 E 3 W 2",
        "N 4 S 4 E 3 W 2",
        {NS: 62, EW: -50},
        {NS: 2, EW: 0},
        rulings=(RenegeRuling(E),),
    ),
    # Side totals only (took NS 8 EW 5) score like seat counts when no one bid nil.
    Case("side-totals", STANDARD, "N 3 S 3 E 3 W 2", "NS 8 EW 5", {NS: 62, EW: 50}, {NS: 2, EW: 0}),
]


def _before(rules_: Ruleset, case: Case) -> Standing:
    return Standing.of(rules_, case.before_scores or {}, case.before_bags or {})


def _score(case: Case) -> HandScore:
    return score_hand(
        case.rules,
        bids(case.bids),
        took(case.took),
        _before(case.rules, case),
        case.rulings,
        case.hand_number,
    )


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hand(case: Case) -> None:
    hand = _score(case)
    before = _before(case.rules, case)
    assert {p: hand.points(p) for p in case.points} == case.points, hand.explanation
    assert {p: hand.after.bags(p) for p in case.bags} == case.bags, hand.explanation
    for party in hand.after.parties:
        # the running total moves by the hand's points, and the items add up to them
        assert hand.after.score(party) == before.score(party) + hand.points(party)
        assert sum(i.points for i in hand.items if i.party is party) == hand.points(party)
    if case.made is not None:
        assert {p: hand.made(p) for p in case.made} == case.made


def test_items_read_like_a_score_sheet() -> None:
    # NS (12 bags before) bid 7, took 8: 70 + 1 bag; bags 13 -> 3.  W nil made.
    hand = score_hand(
        STANDARD,
        bids("N 4 S 3 E 5 W nil"),
        took("N 4 S 4 E 5 W 0"),
        Standing.of(STANDARD, {NS: 100}, {NS: 12}),
    )
    texts = [i.text for i in hand.items]
    assert "NS bid 7, took 8: 70 + 1 bag" in texts
    assert "W nil made: +100" in texts
    assert "NS 10-bag penalty: -100 (bags 13 -> 3)" in texts
    assert "EW bid 5, took 5: 50" in texts


def test_failed_nil_items() -> None:
    hand = score_hand(STANDARD, bids("N nil S 4 E 4 W 4"), took("N 2 S 3 E 4 W 4"))
    texts = [i.text for i in hand.items]
    assert "N nil failed (took 2): -100" in texts
    assert "N's 2 tricks (failed nil) count as bags: +2" in texts
    assert "NS bid 4, took 3: set, -40" in texts
    nil = hand.nil(N)
    assert nil is not None and not nil.made and nil.points == -100


def test_double_penalty_items() -> None:
    hand = score_hand(
        STANDARD, bids("NS 1 EW 2"), took("NS 13 EW 0"), Standing.of(STANDARD, {}, {NS: 9})
    )
    texts = [i.text for i in hand.items if i.party is NS]
    assert texts[-2:] == [
        "NS 10-bag penalty: -100 (bags 21 -> 11)",
        "NS 10-bag penalty: -100 (bags 11 -> 1)",
    ]
    result = hand.result(NS)
    assert (result.overtricks, result.bags_added, result.bag_penalties) == (12, 12, 2)


def test_renege_items() -> None:
    hand = score_hand(
        STANDARD, bids("N 3 S 3 E 1 W 1"), took("N 6 S 5 E 1 W 1"), rulings=[RenegeRuling(W, 9)]
    )
    assert hand.items[0].text == (
        "W reneged at trick 9: 2 tricks move from EW to NS (all EW took; the penalty is 3)"
    )
    assert hand.result(EW).set_reason is SetReason.SHORT


def test_renege_when_nothing_can_move() -> None:
    # EW took no tricks: nothing moves.  EW bid 2, took 0: -20.  NS 11 for 13: 112.
    hand = score_hand(
        STANDARD, bids("N 6 S 5 E 1 W 1"), took("N 7 S 6 E 0 W 0"), rulings=[RenegeRuling(E)]
    )
    assert hand.items[0].text == "E reneged: no tricks move (EW took none)"
    assert (hand.points(NS), hand.points(EW)) == (112, -20)


def test_renege_to_a_named_beneficiary() -> None:
    # Cutthroat, N's 3 tricks all to W (as the caller decided): W 3 took 3 + 3: 30 (the
    # received tricks are no bags).
    hand = score_hand(
        CUTTHROAT,
        bids("N 3 E 3 S 3 W 3"),
        took("N 4 E 3 S 3 W 3"),
        rulings=[RenegeRuling(N, beneficiary=W)],
    )
    assert [hand.points(p) for p in (N, E, S, W)] == [-30, 30, 30, 30]


def test_blind_set_single_items() -> None:
    hand = score_hand(
        rules(blind_bids=100, blind_bid_set=BlindBidSet.SINGLE),
        bids("NS b6 EW 5"),
        took("NS 5 EW 8"),
    )
    assert hand.items[0].text == "NS bid b6, took 5: set, -60 (a failed blind bid is not doubled)"


def test_renege_transfer_no_items() -> None:
    hand = score_hand(
        rules(renege_transfer=False),
        bids("N 3 S 3 E 3 W 2"),
        took("N 4 S 4 E 3 W 2"),
        rulings=[RenegeRuling(E, 4)],
    )
    assert [i.text for i in hand.items] == [
        "E reneged at trick 4: EW loses 3 tricks (no one gains them)",
        "NS bid 6, took 8: 60 + 2 bags",
        "EW bid 5, took 2 (3 lost to the renege penalty): set, -50",
    ]


def test_bids_as_a_mapping() -> None:
    by_seat = {b.bidder: b for b in bids("N 5 S 4 E 2 W 2")}
    hand = score_hand(STANDARD, by_seat, took("N 6 S 5 E 1 W 1"))  # type: ignore[arg-type]
    assert hand.points(NS) == 92


def test_flags() -> None:
    hand = score_hand(rules(boston_wins=True), bids("N 5 S 5 E 2 W 1"), took("N 7 S 6 E 0 W 0"))
    ns = hand.result(NS)
    assert ns.boston and ns.made and not ns.moon
    assert ns.contract == 10 and ns.counted == 13 and ns.overtricks == 3


@pytest.mark.parametrize(
    ("rules_", "bid_text", "took_text", "message"),
    [
        (STANDARD, "N 4 S 3", "N 4 S 4 E 3 W 2", "no bid for EW"),
        (CUTTHROAT, "NS 4 E 3 W 3", "N 4 E 3 S 3 W 3", "without partnerships"),
        (STANDARD, "N nil S 4 EW 5", "NS 6 EW 7", "give its tricks per seat"),
        (STANDARD, "N 4 S 3 E 3 W 2", "N 4 S 4 E 3", "no tricks given for W"),
        (STANDARD, "N 4 N 3 E 3 W 2", "N 4 S 4 E 3 W 2", "N bid twice"),
        (STANDARD, "NS nil EW 5", "NS 6 EW 7", "only a seat can bid nil"),
        (TWO_PLAYER, "N 4 E 3", "N 4 S 9", "not at the table"),
        (STANDARD, "N 4 S 3 E 3 W 2", "NS 9 N 4 S 4 EW 5", "add up to 8"),
    ],
)
def test_unscorable_input(rules_: Ruleset, bid_text: str, took_text: str, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        score_hand(rules_, bids(bid_text), took(took_text))


def test_standing_for_other_parties_is_refused() -> None:
    with pytest.raises(ScoringError, match="standing"):
        score_hand(STANDARD, bids("N 4 S 3 E 3 W 2"), took("NS 7 EW 6"), Standing.start(CUTTHROAT))
