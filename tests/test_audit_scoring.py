"""Audit of the scoring: every figure recomputed from small records (bids and took lines)
and worked out by hand in the comment next to it; the game's end (Boston, set twice,
lose_at, target and ties) and the renege penalties.

Each case: (record, expected running score per party after the last hand, expected bag
counts, expected result as (winner, reason, hand) or None).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from spadesctl.checking import game_diagnostics
from spadesctl.notation import parse_text
from spadesctl.referee import RefereedGame, referee_game
from spadesctl.rules.resolve import rules_for_game


def referee(text: str) -> RefereedGame:
    (game,) = parse_text(text, "audit.spades")
    return referee_game(game, rules_for_game(game).rules)


def record(rules: str, *hands: str) -> str:
    """A game: ``hands`` are (bid line, took line[, more lines]) texts, dealt N, E, S, W..."""
    dealers = "NESW"
    out = [f'[Rules "{rules}"]']
    for n, body in enumerate(hands, start=1):
        out.append(f"hand {n} dealer {dealers[(n - 1) % 4]}\n{body}\n")
    return "\n".join(out)


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    scores: dict[str, int]
    bags: dict[str, int]
    result: tuple[str, str, int] | None = None


CASES = [
    # --- bags --------------------------------------------------------------------------
    Case(
        # Hand 1: NS bid 4, took 13: 40 + 9 = 49, 9 bags.  EW: E bid 1 took 0: -10;
        # W's nil made: +100.  EW 90.
        # Hand 2: NS: S bid 1 took 13: 10 + 12 = 22; N's nil made: +100; bags 9 + 12 =
        # 21 reach 10 twice: -200, 1 left.  -78; NS 49 - 78 = -29.  EW bid 8 took 0: -80;
        # EW 10.
        "bag penalty twice in one hand",
        record(
            "standard",
            "bid E 1 S 2 W nil N 2\ntook N 7 E 0 S 6 W 0",
            "bid S 1 W 4 N nil E 4\ntook N 0 E 0 S 13 W 0",
        ),
        {"NS": -29, "EW": 10},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # NS bid 7 took 9: 70 - 2 = 68 (no bag count); EW bid 6 took 4: -60.
        "bag_mode=deduct",
        record("standard bag_mode=deduct", "bid E 3 S 3 W 3 N 4\ntook N 5 E 2 S 4 W 2"),
        {"NS": 68, "EW": -60},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # NS bid 7 took 9: 70; EW -60.
        "bag_mode=off",
        record("standard bag_mode=off", "bid E 3 S 3 W 3 N 4\ntook N 5 E 2 S 4 W 2"),
        {"NS": 70, "EW": -60},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # A side at 8 bags bids 5 and takes 8 (003_1f3a53588b45145d.txt): 50 + 3, bags 11:
        # -100, 1 left.  Hand 1: NS bid 4 took 12: 40 + 8 = 48, 8 bags; EW bid 1 took 1:
        # 10.  Hand 2: NS 53 - 100 = -47: 48 - 47 = 1.  EW bid 5 took 5: 50: 60.
        "8 bags and 3 more",
        record(
            "standard",
            "bid E 1 S 2 W nil N 2\ntook N 6 E 1 S 6 W 0",
            "bid S 3 W 3 N 2 E 2\ntook N 4 E 2 S 4 W 3",
        ),
        {"NS": 1, "EW": 160},
        {"NS": 1, "EW": 0},
    ),
    # --- contracts -------------------------------------------------------------------------
    Case(
        # NS bid 9, took 7: 0; EW bid 4, took 6: 40 + 2.
        "set_penalty=zero",
        record("standard set_penalty=zero", "bid E 2 S 5 W 2 N 4\ntook N 3 E 3 S 4 W 3"),
        {"NS": 0, "EW": 42},
        {"NS": 0, "EW": 2},
    ),
    Case(
        # 001_d6fb38d36727f81d.txt: bid 9 took 11: 92; (EW bid 2 took 2: 20).
        "bid 9 took 11",
        record("standard", "bid E 1 S 5 W 1 N 4\ntook N 5 E 1 S 6 W 1"),
        {"NS": 92, "EW": 20},
        {"NS": 2, "EW": 0},
    ),
    Case(
        # NS bid 10 took 11: 200 + 1; EW bid 2 took 2: 20.
        "ten_for_200 made",
        record("standard ten_for_200=yes", "bid E 1 S 5 W 1 N 5\ntook N 6 E 1 S 5 W 1"),
        {"NS": 201, "EW": 20},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # NS bid 10 took 9: -200; EW bid 2 took 4: 20 + 2.
        "ten_for_200 set",
        record("standard ten_for_200=yes", "bid E 1 S 5 W 1 N 5\ntook N 5 E 2 S 4 W 2"),
        {"NS": -200, "EW": 22},
        {"NS": 0, "EW": 2},
    ),
    Case(
        # NS bid all 13 and took them: 250 instead of 130; EW's two nils made: +200.
        "moon made",
        record("standard moon=250", "bid E nil S 6 W nil N 7\ntook N 7 E 0 S 6 W 0"),
        {"NS": 250, "EW": 200},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # NS bid 13 took 12: set, -130.  EW: E's nil failed: -100; W's nil made: +100;
        # both partners nil, so E's trick counts for nothing (issue 12).  EW 0.
        "moon set",
        record("standard moon=250", "bid E nil S 6 W nil N 7\ntook N 6 E 1 S 6 W 0"),
        {"NS": -130, "EW": 0},
        {"NS": 0, "EW": 0},
    ),
    # --- nil -------------------------------------------------------------------------------
    Case(
        # N's nil fails (2 tricks): -100; S bid 4 took 3: -40; N's 2 tricks are bags: +2.
        # -138.  EW bid 8 took 8: 80.
        "failed_nil_tricks=bags",
        record("standard", "bid E 4 S 4 W 4 N nil\ntook N 2 E 3 S 3 W 5"),
        {"NS": -138, "EW": 80},
        {"NS": 2, "EW": 0},
    ),
    Case(
        # N's 2 tricks count for S: 5 of 4: 40 + 1; the nil: -100.  -59.
        "failed_nil_tricks=partner",
        record("standard failed_nil_tricks=partner", "bid E 4 S 4 W 4 N nil\ntook N 2 E 3 S 3 W 5"),
        {"NS": -59, "EW": 80},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # N's tricks count for nothing: -40 - 100 = -140.
        "failed_nil_tricks=none",
        record("standard failed_nil_tricks=none", "bid E 4 S 4 W 4 N nil\ntook N 2 E 3 S 3 W 5"),
        {"NS": -140, "EW": 80},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Both partners nil, S fails with 2 tricks: +100 - 100; under partner there is no
        # contract for them to count toward: nothing.  NS 0.  EW bid 8 took 11: 83.
        "both nil, failed_nil_tricks=partner",
        record(
            "standard failed_nil_tricks=partner", "bid E 4 S nil W 4 N nil\ntook N 0 E 5 S 2 W 6"
        ),
        {"NS": 0, "EW": 83},
        {"NS": 0, "EW": 3},
    ),
    Case(
        # The same under bags: a side with both partners nil has no contract and its
        # tricks count for nothing whatever failed_nil_tricks says (issue 12; 003, 004):
        # +100 - 100 = 0, no bags.
        "both nil, failed_nil_tricks=bags",
        record("standard", "bid E 4 S nil W 4 N nil\ntook N 0 E 5 S 2 W 6"),
        {"NS": 0, "EW": 83},
        {"NS": 0, "EW": 3},
    ),
    Case(
        # nil_penalty=50: N took 1: -50; S 4 of 4: 40; N's trick a bag: +1.  -9.
        "nil_penalty=50",
        record("standard nil_penalty=50", "bid E 4 S 4 W 4 N nil\ntook N 1 E 4 S 4 W 4"),
        {"NS": -9, "EW": 80},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # Britannica: nil 50; the failed nil's trick counts for S: 5 of 4: 41; -50.  -9.
        "britannica nil",
        record("britannica", "bid E 4 S 4 W 4 N nil\ntook N 1 E 4 S 4 W 4"),
        {"NS": -9, "EW": 80},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # nil=off: N's 0 is an ordinary bid and joins S's 4: contract 4, N 1 + S 3 = 4:
        # made, 40.  (Read as a nil, S would be set: -40 + 1.)  EW 8 of 9: 81.
        "nil=off: a bid of 0",
        record("standard nil=off", "bid E 4 S 4 W 4 N 0\ntook N 1 E 5 S 3 W 4"),
        {"NS": 40, "EW": 81},
        {"NS": 0, "EW": 1},
    ),
    Case(
        # zero_is_nil=no: N's 0 joins S's 4: contract 4, took 5: 41.
        "zero_is_nil=no",
        record("standard zero_is_nil=no", "bid E 4 S 4 W 4 N 0\ntook N 0 E 4 S 5 W 4"),
        {"NS": 41, "EW": 80},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # Hand 1: NS bid 6 took 0: -60; EW bid 6 took 13: 67 (7 bags).  Hand 2: S's blind
        # nil fails (1 trick): -200; N bid 3 took 3: 30; S's trick a bag: +1.  NS -229.
        # EW bid 6 took 9: 63, bags 7 + 3 = 10: -100, 0 left.  EW 67 + 63 - 100 = 30.
        "blind nil failed",
        record(
            "standard",
            "bid E 3 S 3 W 3 N 3\ntook N 0 E 13 S 0 W 0",
            "bid S bnil W 3 N 3 E 3\ntook N 3 E 3 S 1 W 6",
        ),
        {"NS": -229, "EW": 30},
        {"NS": 1, "EW": 0},
    ),
    Case(
        # Two-player: a nil bidder who takes 5 scores 5 (002_6561a85b03645cff.txt); S bid
        # 8 took 8: 80.
        "two-player failed nil",
        '[Rules "two-player"]\nhand 1 dealer N\nbid S 8 N nil\ntook S 8 N 5\n',
        {"N": 5, "S": 80},
        {"N": 5, "S": 0},
    ),
    Case(
        # Two-player: a failed moon's tricks are bags: bid 13 took 9: 9.  N bid 4 took 4.
        "two-player failed moon",
        '[Rules "two-player"]\nhand 1 dealer N\nbid S 13 N 4\ntook S 9 N 4\n',
        {"N": 40, "S": 9},
        {"N": 0, "S": 9},
    ),
    Case(
        # Cutthroat: N 3 took 4: 31; E 4 took 2: -40; S nil took 0: 100; W 5 took 7: 52.
        "cutthroat",
        '[Rules "cutthroat"]\nhand 1 dealer N\nbid E 4 S nil W 5 N 3\ntook N 4 E 2 S 0 W 7\n',
        {"N": 31, "E": -40, "S": 100, "W": 52},
        {"N": 1, "E": 0, "S": 0, "W": 2},
    ),
    # --- blind bids, unbid hand, overtricks (boston) ---------------------------------------
    Case(
        # Hand 1 unbid: NS 1 trick: 10; EW 12: 120.  Hand 2: NS b6 took 7: 120 (boston
        # scores no overtricks); EW bid 4 took 6: 2 overtricks are allowed: 40.
        "boston blind bid made",
        '[Rules "boston"]\nhand 1 dealer N\ntook NS 1 EW 12\n\n'
        "hand 2 dealer E\nbid NS b6 EW 4\ntook NS 7 EW 6\n",
        {"NS": 130, "EW": 160},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Hand 1 unbid: NS 10, EW 120.  Hand 2: NS b6 took 5: set, and under boston
        # (blind_bid_set=single, 004: "there is no double") -60 -> -50; EW 4 took 8: 4
        # overtricks, set: -40 -> 80.
        "boston blind bid set",
        '[Rules "boston"]\nhand 1 dealer N\ntook NS 1 EW 12\n\n'
        "hand 2 dealer E\nbid NS b6 EW 4\ntook NS 5 EW 8\n",
        {"NS": -50, "EW": 80},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # A blind contract has no limit on overtricks: NS b6 took 11: 120.  EW 4 took 2:
        # -40.
        "boston blind bid and overtricks",
        '[Rules "boston"]\nhand 1 dealer N\ntook NS 1 EW 12\n\n'
        "hand 2 dealer E\nbid NS b6 EW 4\ntook NS 11 EW 2\n",
        {"NS": 130, "EW": 80},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Hand 2: NS 5 took 8: 3 overtricks, set: -50; EW 4 took 5: 40.
        "boston three overtricks",
        '[Rules "boston"]\nhand 1 dealer N\ntook NS 6 EW 7\n\n'
        "hand 2 dealer E\nbid NS 5 EW 4\ntook NS 8 EW 5\n",
        {"NS": 10, "EW": 110},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Hand 2: NS bid 10 and took all 13: 3 overtricks set it (-200) but it is a Boston:
        # NS win at once.  EW 4 took 0: -40.
        "boston wins",
        '[Rules "boston"]\nhand 1 dealer N\ntook NS 6 EW 7\n\n'
        "hand 2 dealer E\nbid NS 10 EW 4\ntook NS 13 EW 0\n",
        {"NS": -140, "EW": 30},
        {"NS": 0, "EW": 0},
        ("NS", "boston", 2),
    ),
    Case(
        # A blind bid mixed with a plain one (standard blind_bids=4, no deficit): N b4 and
        # S 3: contract 7; took 8: 4 x 20 + 3 x 10 + 1 = 111.  EW 4 took 5: 41.
        "a blind part doubled",
        record(
            "standard blind_bids=4 blind_bid_deficit=0",
            "bid E 2 S 3 W 2 N b4\ntook N 4 E 2 S 4 W 3",
        ),
        {"NS": 111, "EW": 41},
        {"NS": 1, "EW": 1},
    ),
    Case(
        # The same contract took 6: -(80 + 30) = -110.  EW 4 took 7: 43.
        "a blind part doubled, set",
        record(
            "standard blind_bids=4 blind_bid_deficit=0",
            "bid E 2 S 3 W 2 N b4\ntook N 3 E 3 S 3 W 4",
        ),
        {"NS": -110, "EW": 43},
        {"NS": 0, "EW": 3},
    ),
    Case(
        # first_hand_unbid with first_hand_bids_itself: NS's 10 tricks are a made bid of
        # 10: 200 under ten_for_200; EW's 3: 30.
        "first hand bids itself",
        '[Rules "standard first_hand_unbid=yes first_hand_bids_itself=yes ten_for_200=yes"]\n'
        "hand 1 dealer N\ntook NS 10 EW 3\n",
        {"NS": 200, "EW": 30},
        {"NS": 0, "EW": 0},
    ),
    # --- renege penalties (rulings for tricks not recorded stand as made) -------------------
    Case(
        # E reneges: 3 tricks move from EW to NS.  EW bid 5, took 5 - 3 = 2: -50.  NS bid
        # 6, 8 + 3 = 11: made, 60; the 3 received are never bags (issue 12), its own 2
        # overtricks are: 62.
        "renege: three tricks move",
        record("standard", "bid E 3 S 3 W 2 N 3\ntook N 4 E 3 S 4 W 2\nrenege E 5"),
        {"NS": 62, "EW": -50},
        {"NS": 2, "EW": 0},
    ),
    Case(
        # W reneges; EW took only 2: 2 move (the cap).  EW bid 2, took 0: -20.  NS bid 6,
        # 11 + 2 = 13: 60, and its own 5 overtricks (not the 2 received): 65.
        "renege: capped at what the side took",
        record("standard", "bid E 1 S 3 W 1 N 3\ntook N 6 E 1 S 5 W 1\nrenege W 3"),
        {"NS": 65, "EW": -20},
        {"NS": 5, "EW": 0},
    ),
    Case(
        # renege_penalty=set: EW bid 5 took 8 but is set: -50.  NS 6 of 5: -60.
        "renege: set",
        record(
            "standard renege_penalty=set", "bid E 3 S 3 W 2 N 3\ntook N 2 E 4 S 3 W 4\nrenege E 5"
        ),
        {"NS": -60, "EW": -50},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Cutthroat: E reneges; E took 5: 3 move, one each to S, W and N (clockwise from
        # E's left).  E 3 of 2: -30; S 3 of 2 + 1: 30; W and N 3 of 3 + 1: 30 each (the
        # received trick is never a bag).
        "renege without partnerships",
        '[Rules "cutthroat"]\nhand 1 dealer N\nbid E 3 S 3 W 3 N 3\n'
        "took N 3 E 5 S 2 W 3\nrenege E 4\n",
        {"N": 30, "E": -30, "S": 30, "W": 30},
        {"N": 0, "E": 0, "S": 0, "W": 0},
    ),
    # --- the end of the game -----------------------------------------------------------------
    Case(
        # Hand 1: NS bid 5 took 6: 51; EW bid 7 took 7: 70.  Hand 2: NS 6 of 7: 61 -> 112;
        # EW 4 of 6: 42 -> 112.  Both past 100 and level: play on.  Hand 3: NS 3 of 3: 30
        # -> 142; EW 3 of 10: 37 -> 149: EW win.
        "a tie at the target plays on",
        record(
            "standard target=100",
            "bid E 3 S 2 W 4 N 3\ntook NS 6 EW 7",
            "bid S 3 W 2 N 3 E 2\ntook NS 7 EW 6",
            "bid W 2 N 2 E 1 S 1\ntook NS 3 EW 10",
        ),
        {"NS": 142, "EW": 149},
        {"NS": 2, "EW": 9},
        ("EW", "target", 3),
    ),
    Case(
        # Hand 1: NS bid 7 took 3: -70; EW bid 4 took 10: 46 (6 bags).  Hand 2: NS bid 5
        # took 4: -50 -> -120, at or below -100: EW win.  EW 4 of 9: 45, bags 6 + 5 = 11:
        # -100, 1 left: 46 + 45 - 100 = -9.
        "lose_at",
        record(
            "standard lose_at=-100",
            "bid E 2 S 3 W 2 N 4\ntook NS 3 EW 10",
            "bid S 3 W 2 N 2 E 2\ntook NS 4 EW 9",
        ),
        {"NS": -120, "EW": -9},
        {"NS": 0, "EW": 1},
        ("EW", "mercy", 2),
    ),
    Case(
        # lose_at=-50: NS bid 7 took 6: -70; EW bid 8 took 7: -80.  Both at or below -50:
        # the higher score wins: NS.
        "lose_at, both sides at or below",
        record("standard lose_at=-50", "bid E 4 S 3 W 4 N 4\ntook NS 6 EW 7"),
        {"NS": -70, "EW": -80},
        {"NS": 0, "EW": 0},
        ("NS", "mercy", 1),
    ),
    Case(
        # Cutthroat, target 50: N bid 5 took 5: 50; E bid 5 took 5: 50; S and W bid 1 and
        # took 1 and 2: 10 and 11.  N and E level at the target: play on.  Hand 2 (dealer
        # E): N 3 of 3: 30 -> 80; E 3 of 4: 31 -> 81; E wins.
        "cutthroat: a tie at the target plays on",
        '[Rules "cutthroat target=50"]\nhand 1 dealer N\nbid E 5 S 1 W 1 N 5\n'
        "took N 5 E 5 S 1 W 2\n\nhand 2 dealer E\nbid S 3 W 3 N 3 E 3\n"
        "took N 3 E 4 S 3 W 3\n",
        {"N": 80, "E": 81, "S": 40, "W": 41},
        {"N": 0, "E": 1, "S": 0, "W": 1},
        ("E", "target", 2),
    ),
    Case(
        # bag_limit=off: bags are counted and never cost anything.  Hand 1 NS 4 of 13:
        # 49, 9 bags; hand 2 S 1 of 13: 22 + N's nil 100, 21 bags.  NS 171.
        "bag_limit=off",
        record(
            "standard bag_limit=off",
            "bid E 1 S 2 W nil N 2\ntook N 7 E 0 S 6 W 0",
            "bid S 1 W 4 N nil E 4\ntook N 0 E 0 S 13 W 0",
        ),
        {"NS": 171, "EW": 10},
        {"NS": 21, "EW": 0},
    ),
    Case(
        # bag_limit=5 bag_penalty=50: NS bid 4 took 13: 40 + 9 = 49; 9 bags reach 5 once:
        # -50, 4 left: -1.  EW: -10 + 100 = 90.
        "bag_limit=5 bag_penalty=50",
        record(
            "standard bag_limit=5 bag_penalty=50", "bid E 1 S 2 W nil N 2\ntook N 7 E 0 S 6 W 0"
        ),
        {"NS": -1, "EW": 90},
        {"NS": 4, "EW": 0},
    ),
    Case(
        # A renege against a side whose partners both bid nil: NS (both nil, N failed with
        # 2) renege; 2 tricks (all NS took) move to EW.  NS: +100 - 100, N's 2 tricks no
        # longer count as bags: 0.  EW bid 8, 11 + 2 = 13: 80, and its own 3 overtricks
        # (never the 2 received): 83.
        "renege by a side without a contract",
        record("standard", "bid E 4 S nil W 4 N nil\ntook N 2 E 5 S 0 W 6\nrenege N 3"),
        {"NS": 0, "EW": 83},
        {"NS": 0, "EW": 3},
    ),
    Case(
        # A renege against a side whose partners both bid nil goes the other way: EW
        # renege, 3 tricks move to NS, who have no contract: they count for nothing.
        # NS +100 - 100, and N's 2 failed-nil tricks count for nothing (both nil): 0.
        # EW bid 8, 11 - 3 = 8: 80.
        "renege toward a side without a contract",
        record("standard", "bid E 4 S nil W 4 N nil\ntook N 2 E 5 S 0 W 6\nrenege E 3"),
        {"NS": 0, "EW": 80},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Boston, hand 1 unbid (10 a trick): E reneges: 3 tricks move.  NS 6 + 3 = 9: 90;
        # EW 7 - 3 = 4: 40.
        "renege in the unbid hand",
        '[Rules "boston"]\nhand 1 dealer N\ntook N 3 E 3 S 3 W 4\nrenege E 2\n',
        {"NS": 90, "EW": 40},
        {"NS": 0, "EW": 0},
    ),
    Case(
        # Hand 1: NS 7 took 5: -70; EW 4 took 8: 44.  Hand 2: NS 6 took 5: -60 -> -130;
        # EW 4 took 8: 44 -> 88.  NS set twice running: EW win.
        "set twice loses",
        record(
            "standard set_twice_loses=yes",
            "bid E 2 S 3 W 2 N 4\ntook NS 5 EW 8",
            "bid S 3 W 2 N 3 E 2\ntook NS 5 EW 8",
        ),
        {"NS": -130, "EW": 88},
        {"NS": 0, "EW": 8},
        ("EW", "set-twice", 2),
    ),
    Case(
        # Both sides set in both hands: NS 7 took 6: -70, twice: -140; EW 8 took 7: -80,
        # twice: -160.  Both lose; the higher score wins (004_46dd99ec73fe25de.txt): NS.
        "both sides set twice",
        record(
            "standard set_twice_loses=yes",
            "bid E 4 S 3 W 4 N 4\ntook NS 6 EW 7",
            "bid S 3 W 4 N 4 E 4\ntook NS 6 EW 7",
        ),
        {"NS": -140, "EW": -160},
        {"NS": 0, "EW": 0},
        ("NS", "set-twice", 2),
    ),
    Case(
        # Set, made, set: never twice in a row.  NS: -70, +50 (5 of 5), -70: -90.
        # EW: 4 of 8: 44, three times, and 12 bags: -100 at hand 3, 2 left: 32.
        "set, made, set",
        record(
            "standard set_twice_loses=yes",
            "bid E 2 S 3 W 2 N 4\ntook NS 5 EW 8",
            "bid S 3 W 2 N 2 E 2\ntook NS 5 EW 8",
            "bid W 2 N 4 E 2 S 3\ntook NS 5 EW 8",
        ),
        {"NS": -90, "EW": 32},
        {"NS": 0, "EW": 2},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scores(case: Case) -> None:
    refereed = referee(case.text)
    assert all(h.score is not None for h in refereed.hands), [h.problem for h in refereed.hands]
    assert {str(p): s.score for p, s in refereed.standing.entries} == case.scores
    assert {str(p): s.bags for p, s in refereed.standing.entries} == case.bags
    result = refereed.result
    if case.result is None:
        assert result is None
    else:
        assert result is not None
        assert (str(result.winner), result.reason.value, result.hand) == case.result


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_cases_are_clean_records(case: Case) -> None:
    # Every record above is a legal one: the only figures are the recomputed ones.
    (game,) = parse_text(case.text, "audit.spades")
    assert [d.name for d in game_diagnostics(game)] == []


def test_a_sheet_taking_one_of_two_bag_penalties() -> None:
    # Hand 1: NS 49 with 9 bags, EW 90 (as in "bag penalty twice in one hand").  Hand 2:
    # NS take 12 more bags: 21, two penalties, 1 left: -29.  A scorekeeper who applies
    # one penalty writes 49 + 22 + 100 - 100 = 71 and 11 bags: 100 over and 10 bags over.
    text = record(
        "standard",
        "bid E 1 S 2 W nil N 2\ntook N 7 E 0 S 6 W 0\nscore NS 49 EW 90\nbags NS 9 EW 0",
        "bid S 1 W 4 N nil E 4\ntook N 0 E 0 S 13 W 0\nscore NS 71 EW 10\nbags NS 11 EW 0",
    )
    (game,) = parse_text(text, "audit.spades")
    assert [(d.name, d.hand, d.message) for d in game_diagnostics(game)] == [
        (
            "score-mismatch",
            2,
            "NS: sheet 71, recomputed -29 after hand 2 (100 over): only one of the 2 "
            "10-bag penalties at hand 2 was applied",
        ),
        (
            "bags-mismatch",
            2,
            "NS: sheet 11 bags, recomputed 1 bag after hand 2 (10 bags over): the count was "
            "brought down by 10 only 1 of the 2 times it was due at hand 2",
        ),
    ]


def test_hand_items() -> None:
    # "bag penalty twice in one hand", hand 2: NS: S bid 1 took 13: 10 + 12 = 22; N's nil
    # made: +100; two bag penalties: -100, -100.  EW: bid 8 took 0: -80.
    text = next(c.text for c in CASES if c.id == "bag penalty twice in one hand")
    hand = referee(text).hands[1].score
    assert hand is not None
    assert [(str(i.party), i.points) for i in hand.items] == [
        ("NS", 22),
        ("NS", 100),
        ("NS", -100),
        ("NS", -100),
        ("EW", -80),
    ]
