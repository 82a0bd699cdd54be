"""Disputes: the record's score, bags and result lines against the recomputed figures.

The sheets are built by hand (bids, tricks and recorded lines) and scored by the scorer;
every expected figure is worked out in the comments.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from spadesctl.cards import Party, Seat, Side
from spadesctl.events import Position, RecordedBags, RecordedScore, Result
from spadesctl.record import Game
from spadesctl.rules.ruleset import BagMode, Ruleset
from spadesctl.scoring import RenegeRuling
from spadesctl.sheet import (
    ScoreSheet,
    SheetHand,
    build_sheet,
    check_sheet,
    disputes,
)
from tests.test_scoring import bids, took

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW
STANDARD = Ruleset()
DEALERS = (N, E, S, W)


def rules(**changes: Any) -> Ruleset:
    return replace(Ruleset(), **changes)


@dataclass(frozen=True)
class Row:
    """One hand: bids, tricks, and what the sheet wrote (``None``: no line)."""

    bids: str
    took: str
    score: dict[Party, int] | None = None
    bags: dict[Party, int] | None = None
    rulings: tuple[RenegeRuling, ...] = field(default=())


def sheet(
    rules_: Ruleset, rows: list[Row], result: Party | None = None, players: int = 4
) -> ScoreSheet:
    """Hand ``i`` starts at line 10 * i; its score line is at 10 * i + 3, bags at + 4."""
    hands = []
    for i, row in enumerate(rows, start=1):
        hands.append(
            SheetHand(
                number=i,
                dealer=DEALERS[(i - 1) % players],
                bids=bids(row.bids) if row.bids else (),
                taken=tuple(took(row.took).items()),
                recorded_score=None
                if row.score is None
                else RecordedScore(tuple(row.score.items()), Position(10 * i + 3, 1)),
                recorded_bags=None
                if row.bags is None
                else RecordedBags(tuple(row.bags.items()), Position(10 * i + 4, 1)),
                rulings=row.rulings,
                unscored=None if row.took else "the record does not give the tricks taken",
                pos=Position(10 * i, 1),
            )
        )
    line = 10 * len(rows) + 10
    game = Game(
        result=None if result is None else Result(result, Position(line, 1)),
        source="t.spades",
        index=2,
    )
    return build_sheet(game, rules_, hands)


def messages(s: ScoreSheet) -> list[tuple[str, int, str]]:
    return [(d.name, d.line, d.message) for d in disputes(s)]


# A hand where NS bid 4 and take 9 (40 + 5 bags = 45) and EW bid 8 and take 4 (-80).
BAGGY = ("N 2 E 4 S 2 W 4", "N 5 E 2 S 4 W 2")


def test_a_sheet_that_agrees_has_no_disputes() -> None:
    # Hand 1: NS 45 (5 bags), EW -80.  Hand 2: NS 6 of 6 = 60 -> 105; EW 6 of 7 = 61 -> -19.
    s = sheet(
        STANDARD,
        [
            Row(*BAGGY, {NS: 45, EW: -80}, {NS: 5, EW: 0}),
            Row("N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3", {NS: 105, EW: -19}, {NS: 5, EW: 1}),
        ],
    )
    check = check_sheet(s)
    assert check.diagnostics == ()
    assert check.disagreements == ()
    assert not check.disputed


def test_missed_bag_penalty_is_reported_once_with_both_figures_and_the_slip() -> None:
    # Hand 1: NS 45, 5 bags.  Hand 2 the same: 45 more, the count 5 + 5 = 10 reaches the
    # limit: -100, 0 bags; NS 45 + 45 - 100 = -10.  EW -80 - 80 = -160.
    # The sheet wrote 90 and 10 bags: no penalty.  Hand 3: NS 6 of 6 = 60 -> 50; the
    # sheet adds the same 60 (150): the error carries, it is not reported again.
    s = sheet(
        STANDARD,
        [
            Row(*BAGGY, {NS: 45, EW: -80}, {NS: 5, EW: 0}),
            Row(*BAGGY, {NS: 90, EW: -160}, {NS: 10, EW: 0}),
            Row("N 3 E 3 S 3 W 3", "N 3 E 3 S 3 W 4", {NS: 150, EW: -99}, {NS: 10, EW: 1}),
        ],
    )
    assert messages(s) == [
        (
            "score-mismatch",
            23,
            "NS: sheet 90, recomputed -10 after hand 2 (100 over): "
            "the 10-bag penalty at hand 2 was not applied",
        ),
        (
            "bags-mismatch",
            24,
            "NS: sheet 10 bags, recomputed 0 bags after hand 2 (10 bags over): "
            "the count was not brought down by 10 when it reached 10 at hand 2",
        ),
    ]
    check = check_sheet(s)
    assert [(d.hand, d.figure, d.recorded, d.expected, d.new) for d in check.disagreements] == [
        (2, "score", 90, -10, True),
        (2, "bags", 10, 0, True),
        (3, "score", 150, 50, False),
        (3, "bags", 10, 0, False),
    ]
    d = disputes(s)[0]
    assert (d.file, d.game, d.hand, d.column, d.seat) == ("t.spades", 2, 2, 1, None)


def test_a_further_error_is_reported_relative_to_the_sheets_own_figure() -> None:
    # Hand 1: N nil fails (took 1): -100; S 4 of 4: 40; N's trick is a bag: +1.  NS -59,
    # 1 bag.  The sheet scores the nil as made: 40 + 100 + 1 = 141 (200 over).  EW 8 of 8: 80.
    # Hand 2: NS 6 of 7: 61 -> 2 (sheet 202, the same 200 over: not reported again).
    # EW 6 of 6: 60 -> 140.  Hand 3: NS bid 8, took 7: set, -80 -> -78; the sheet adds +80
    # (282): 360 over, a new error of 160 = a set scored as made.  EW 5 of 6: 51 -> 191.
    s = sheet(
        STANDARD,
        [
            Row("N nil E 4 S 4 W 4", "N 1 E 4 S 4 W 4", {NS: 141, EW: 80}),
            Row("N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", {NS: 202, EW: 140}),
            Row("N 4 E 3 S 4 W 2", "N 4 E 4 S 3 W 2", {NS: 282, EW: 191}),
        ],
    )
    assert messages(s) == [
        (
            "score-mismatch",
            13,
            "NS: sheet 141, recomputed -59 after hand 1 (200 over): "
            "N's failed nil at hand 1 was scored as made",
        ),
        (
            "score-mismatch",
            33,
            "NS: sheet 282, recomputed -78 after hand 3: a new error of 160 over, besides the "
            "200 over from hand 1: NS were set at hand 3 (bid 8, took 7) but scored as if "
            "they made it",
        ),
    ]


def test_a_sheet_back_in_agreement_then_wrong_again_is_a_fresh_error() -> None:
    # Hand 1: NS 6 of 7 = 61, EW 6 of 6 = 60.  The sheet writes NS 71 (10 over).
    # Hand 2: NS 6 of 6 = 60 -> 121; the sheet writes 121 (corrected: nothing to report).
    # Hand 3: NS 6 of 6 -> 181; the sheet writes 191: 10 over again, a first error again.
    plain = ("N 3 E 3 S 3 W 3", "N 3 E 3 S 3 W 4")
    s = sheet(
        STANDARD,
        [
            Row("N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", {NS: 71, EW: 60}),
            Row(*plain, {NS: 121}),
            Row(*plain, {NS: 191}),
        ],
    )
    assert [m[2] for m in messages(s)] == [
        "NS: sheet 71, recomputed 61 after hand 1 (10 over); no usual slip accounts for it",
        "NS: sheet 191, recomputed 181 after hand 3 (10 over); no usual slip accounts for it",
    ]


def test_a_gap_in_the_sheet_is_named_and_searched_for_the_slip() -> None:
    # No score line for hands 1 and 2.  Hand 2 has NS reach 10 bags (as in the bag test):
    # NS -10 after hand 2.  Hand 3: NS 6 of 6 -> 50.  The sheet writes 150 after hand 3.
    s = sheet(
        STANDARD,
        [
            Row(*BAGGY),
            Row(*BAGGY),
            Row("N 3 E 3 S 3 W 3", "N 3 E 3 S 3 W 4", {NS: 150}),
        ],
    )
    assert [m[2] for m in messages(s)] == [
        "NS: sheet 150, recomputed 50 after hand 3 (the sheet gives no score for hands 1 to 2) "
        "(100 over): the 10-bag penalty at hand 2 was not applied"
    ]


def test_several_fitting_slips_are_all_named() -> None:
    # nil 50, nil_penalty 50: a failed nil scored as made is 100 over, as is a bag penalty
    # left out.  Hand 1: NS bid 4 took 9: 45, 5 bags.  Hand 2: N nil took 1 (-50), S bid 4
    # took 8: 40 + 4 overtricks, + N's trick as a bag: 45; the count 5 + 5 = 10: -100.
    # NS -50 + 45 - 100 = -105 on the hand: 45 - 105 = -60.  The sheet's 40 is 100 over.
    r = rules(nil=50, nil_penalty=50)
    s = sheet(
        r,
        [
            Row(*BAGGY, {NS: 45}),
            Row("N nil E 4 S 4 W 4", "N 1 E 0 S 8 W 4", {NS: 40}),
        ],
    )
    assert [m[2] for m in messages(s)] == [
        "NS: sheet 40, recomputed -60 after hand 2 (100 over): either the 10-bag penalty at "
        "hand 2 was not applied or N's failed nil at hand 2 was scored as made"
    ]


def test_bags_are_compared_only_when_the_rules_keep_a_count() -> None:
    # bag_mode=deduct: NS bid 4 took 9: 40 - 5 = 35.  There is no bag count to compare.
    s = sheet(rules(bag_mode=BagMode.DEDUCT), [Row(*BAGGY, {NS: 35, EW: -80}, {NS: 7})])
    assert disputes(s) == ()


def test_bags_read_off_the_score_are_named() -> None:
    # Reading bags off the score's last digit goes wrong once the score is negative.
    # NS: 45 (5 bags); 4 of 4: 40 -> 85; set 8 of 5: -80 -> 5; 4 of 9: 45 and the count
    # reaches 10: -100 -> -50, 0 bags; 2 of 11: 20 + 9 -> -21, 9 bags.  A scorekeeper
    # reading the last digit of -21 writes 1 bag.
    s = sheet(
        STANDARD,
        [
            Row("N 2 E 4 S 2 W 4", "N 5 E 2 S 4 W 2", {NS: 45}, {NS: 5}),  # 45, 5 bags
            Row("N 2 E 5 S 2 W 4", "N 2 E 5 S 2 W 4", {NS: 85}, {NS: 5}),  # 4 of 4: 85
            Row("N 4 E 3 S 4 W 2", "N 4 E 4 S 1 W 4", {NS: 5}, {NS: 5}),  # set: -80 -> 5
            # NS bid 4 took 9: 45, count 5 + 5 = 10: -100; 5 - 55 = -50, 0 bags
            Row(*BAGGY, {NS: -50}, {NS: 0}),
            # NS bid 2 took 11: 20 + 9 = 29 -> -21, 9 bags; the sheet reads "1" off -21
            Row("N 1 E 4 S 1 W 4", "N 6 E 1 S 5 W 1", {NS: -21}, {NS: 1}),
        ],
    )
    assert [m[2] for m in messages(s)] == [
        "NS: sheet 1 bag, recomputed 9 bags after hand 5 (8 bags under): the count was read "
        "off the last digit of the score (-21); bags are counted apart from the score"
    ]


def test_a_score_for_someone_who_does_not_score_is_reported() -> None:
    s = sheet(STANDARD, [Row(*BAGGY, {NS: 45, EW: -80, N: 45})])
    assert messages(s) == [
        ("score-mismatch", 13, "the sheet gives score for N, but in this game NS and EW score")
    ]


def test_individual_scores_name_the_seat() -> None:
    # Cutthroat: N 3 took 4: 31; E 4 took 2: -40; S 3 took 3: 30; W 3 took 4: 31.
    # The sheet writes E -20.
    r = rules(name="cutthroat", partnership=False)
    s = sheet(r, [Row("N 3 E 4 S 3 W 3", "N 4 E 2 S 3 W 4", {N: 31, E: -20, S: 30, W: 31})])
    (d,) = disputes(s)
    assert d.seat == "E"
    assert (
        d.message
        == "E: sheet -20, recomputed -40 after hand 1 (20 over); no usual slip accounts for it"
    )


# --- the result and the end of the game -----------------------------------------------


def _to_target(result: Party | None, extra_hand: bool = False) -> ScoreSheet:
    # target 100: hand 1 NS 6 of 7 = 61, EW 6 of 6 = 60; hand 2 NS 4 of 4 = 40 -> 101,
    # EW 4 of 5 = 41 -> 101: a tie, play on; hand 3 NS 6 of 6 -> 161, EW 6 of 7 -> 162:
    # EW win after hand 3.  Hand 4 (if any) is after the end.
    r = rules(target=100)
    rows = [
        Row("N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", {NS: 61, EW: 60}),
        Row("N 2 E 2 S 2 W 2", "N 2 E 3 S 2 W 2", {NS: 101, EW: 101}),
        Row("N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3", {NS: 161, EW: 162}),
    ]
    if extra_hand:
        rows += [
            Row("N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3"),
            Row("N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3"),
        ]
    return sheet(r, rows, result)


def test_the_right_winner_is_not_disputed() -> None:
    assert disputes(_to_target(EW)) == ()


def test_a_wrong_winner_is_a_result_mismatch_with_the_reason() -> None:
    (d,) = disputes(_to_target(NS))
    assert (d.name, d.line, d.hand) == ("result-mismatch", 40, 3)
    assert d.message == (
        "the record says NS won; recomputed, EW won: EW reached 162 (target 100) after hand 3"
    )


def test_a_winner_named_before_the_game_is_over() -> None:
    # Without hand 3: 101 each, a tie, no winner yet.
    s = _to_target(NS)
    s = ScoreSheet.of(s.game, s.rules, s.hands[:2])
    (d,) = disputes(s)
    assert d.message == (
        "the record says NS won, but recomputed no one has won after hand 2: NS 101, EW 101 "
        "(target 100)"
    )


def test_a_winner_who_is_not_a_party() -> None:
    (d,) = disputes(_to_target(N))
    assert d.message.startswith("the record names N as the winner, but in this game the winner")


def test_the_sheets_own_totals_are_pointed_out_when_they_explain_the_wrong_winner() -> None:
    # Hand 1 as above but NS 6 of 7 scored 101 on the sheet (40 over): the sheet's totals
    # after hand 1 put NS at 101 >= 100 and ahead; recomputed, NS 61, no winner.
    r = rules(target=100)
    s = sheet(r, [Row("N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", {NS: 101, EW: 60})], NS)
    assert [m[0] for m in messages(s)] == ["score-mismatch", "result-mismatch"]
    assert messages(s)[1][2].endswith(
        "(the sheet's own totals after hand 1, NS 101, EW 60, put NS ahead: see the score-mismatch)"
    )


def test_hands_after_the_end_are_one_diagnostic_at_the_first_of_them() -> None:
    s = _to_target(EW, extra_hand=True)
    assert s.hands_after_end == (4, 5)
    (d,) = disputes(s)
    assert (d.name, d.line, d.hand) == ("play-after-game-over", 40, 4)
    assert d.message == (
        "EW reached 162 (target 100) after hand 3, so the game was over; but hands 4 to 5 "
        "were recorded after it"
    )


# --- hands that cannot be scored ------------------------------------------------------


def test_an_unscored_hand_with_sheet_figures_resumes_from_them() -> None:
    # Hand 1: NS 45 (5 bags), EW -80.  Hand 2 has no tricks: the sheet's NS 100 (7 bags)
    # and EW -20 are taken.  Hand 3: NS 6 of 9: 63, count 7 + 3 = 10: -100: 100 + 63 - 100
    # = 63, 0 bags; EW 4 of 4: 40 -> 20.  The sheet agrees.
    s = sheet(
        STANDARD,
        [
            Row(*BAGGY, {NS: 45, EW: -80}, {NS: 5, EW: 0}),
            Row("N 3 E 3 S 3 W 3", "", {NS: 100, EW: -20}, {NS: 7, EW: 0}),
            Row("N 3 E 2 S 3 W 2", "N 5 E 2 S 4 W 2", {NS: 63, EW: 20}, {NS: 0, EW: 0}),
        ],
    )
    assert s.hands[1].score is None
    assert s.hands[2].score is not None
    assert s.hands[2].score.after.scores == {NS: 63, EW: 20}
    assert disputes(s) == ()


def test_an_unscored_hand_without_sheet_figures_leaves_later_figures_unchecked() -> None:
    s = sheet(
        STANDARD,
        [
            Row(*BAGGY, {NS: 45, EW: -80}),
            Row("N 3 E 3 S 3 W 3", ""),
            Row("N 3 E 2 S 3 W 2", "N 5 E 2 S 4 W 2", {NS: 999, EW: -60}),
        ],
    )
    check = check_sheet(s)
    assert check.diagnostics == ()
    assert check.unchecked == ((3, NS), (3, EW))
