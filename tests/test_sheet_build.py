"""Building sheets: from the referee, unreadable hands, rescoring, --apply-penalties, and a
property test of the dispute reading (one report per error)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl import parse_text
from spadesctl.cards import Seat, Side
from spadesctl.events import Position, RecordedScore
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules import parse_rules
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring import RenegeRuling
from spadesctl.sheet import (
    ScoreSheet,
    SheetHand,
    build_sheet,
    check_sheet,
    compare_penalties,
    score_hands,
    sheet_from_referee,
)
from spadesctl.sheet.run import sheet_report
from tests.test_scoring import bids, took

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW
FIXTURES = Path(__file__).parent / "fixtures" / "score"


def load(name: str) -> Game:
    (game,) = parse_text((FIXTURES / name).read_text(), source=name)
    return game


def test_the_sheet_keeps_the_referees_scores() -> None:
    game = load("failed_nil_as_made.spades")
    rules = parse_rules("standard")
    refereed = referee_game(game, rules)
    sheet = sheet_from_referee(refereed)
    assert [h.score for h in sheet.hands] == [h.score for h in refereed.hands]
    assert sheet.result == refereed.result
    assert sheet.hands_after_end == refereed.hands_after_end
    # hand 3: NS bid 8 took 7 (-80), EW 5 of 6 (51): -78 and 191 (see test_cli_score)
    assert sheet.standing.scores == {NS: -78, EW: 191}


def test_a_hand_with_an_unreadable_line_is_not_trusted() -> None:
    # clean.spades with hand 1's took line broken and its score line changed to NS 81:
    # the replay sees no took line, so hand 1 cannot be scored and its sheet figures
    # (NS 81, 1 bag; EW -60) are taken as they are.  Hand 2 (N nil made: +100; S 2 of 3:
    # 21; EW 7 of 10: 73) is recomputed from there: NS 81 + 121 = 202, EW -60 + 73 = 13,
    # which the sheet (changed to 202) agrees with: no dispute.
    text = (FIXTURES / "clean.spades").read_text()
    text = text.replace("took N 3 E 3 S 5 W 2\nscore NS 71", "took N 3 E 3 S x W 2\nscore NS 81")
    text = text.replace("score NS 192", "score NS 202")
    (game,) = parse_text(text, source="c.spades")
    assert game.hands_with_issues() == frozenset({1})
    report = sheet_report(game, parse_rules("standard"))
    hand1, hand2 = report.sheet.hands
    assert hand1.score is None
    assert hand1.unscored == "a line of this hand could not be read"
    assert hand2.score is not None
    assert hand2.score.after.scores == {NS: 202, EW: 13}
    assert report.check.diagnostics == ()
    assert [p.name for p in report.problems] == ["syntax-error"]


def test_a_hand_the_scorer_rejects_is_not_scored() -> None:
    # took NS 9 with a nil bidder on NS: the scorer needs each seat's tricks.
    hand = SheetHand(1, N, bids("N nil S 4 E 4 W 4"), tuple(took("NS 9 E 2 W 2").items()))
    (scored,) = score_hands(Ruleset(), [hand])
    assert scored.score is None
    assert scored.unscored == "NS has a nil bidder (N): give its tricks per seat"


# --- --apply-penalties ----------------------------------------------------------------


def test_penalties_for_the_uncalled_renege_in_the_fixture() -> None:
    report = sheet_report(load("renege_ruling.spades"), Ruleset(), apply_penalties=True)
    comparison = report.penalties
    assert comparison is not None
    assert comparison.added == ((2, RenegeRuling(W, 4)),)
    # hand 2: EW 7 - 3 = 4 of 7: -70 (was +70); NS 6 + 3 = 9 of 6: 60, as before (the
    # received tricks make no bags): no change for NS.
    assert [
        (c.hand, c.party, c.points, c.penalised_points, c.total, c.penalised_total)
        for c in comparison.changes
    ] == [(2, EW, 70, -70, 10, -130)]
    assert comparison.final_differences == {NS: 0, EW: -140}
    assert not comparison.result_changed
    assert comparison.changed
    # hand 1's called ruling is applied in both
    assert comparison.penalised.hands[0].score == comparison.ruled.hands[0].score


def test_penalties_without_reneges_change_nothing() -> None:
    report = sheet_report(load("clean.spades"), Ruleset(), apply_penalties=True)
    assert report.penalties is not None
    assert report.penalties.added == ()
    assert report.penalties.penalised is report.sheet
    assert not report.penalties.changed


def test_penalties_that_change_the_winner() -> None:
    # target 100.  Hand 1: NS 6 of 7: 61; EW 6 of 6: 60.  Hand 2: NS 4 of 5: 41 -> 102;
    # EW 4 of 4: 40 -> 100: NS win (both reached 100, NS higher).  N reneged in hand 2,
    # uncalled: with the penalty NS 5 - 3 = 2 of 4: -40 -> 21; EW 4 + 3 = 7 of 4: 40 (the
    # 3 received are no bags) -> 100: EW win.
    rules = replace(Ruleset(), target=100)
    hands = [
        SheetHand(1, N, bids("N 3 E 3 S 3 W 3"), tuple(took("N 4 E 3 S 3 W 3").items())),
        SheetHand(
            2,
            E,
            bids("N 2 E 2 S 2 W 2"),
            tuple(took("N 3 E 2 S 2 W 2").items()),
            reneges=(RenegeRuling(N, 6),),
        ),
    ]
    sheet = build_sheet(Game(), rules, hands)
    assert sheet.result is not None
    assert (sheet.result.winner, sheet.standing.scores) == (NS, {NS: 102, EW: 100})
    comparison = compare_penalties(sheet)
    assert comparison.result is not None
    assert comparison.result.winner is EW
    assert comparison.penalised.standing.scores == {NS: 21, EW: 100}
    assert comparison.result_changed


# --- the dispute reading, as a property ----------------------------------------------

_SEATS = (N, E, S, W)


@st.composite
def _hands(draw: st.DrawFn) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Random hands: four bids 1..5 and 13 tricks split among the seats."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for _ in range(draw(st.integers(2, 8))):
        bid = tuple(draw(st.integers(1, 5)) for _ in _SEATS)
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
        out.append((bid, tricks))
    return out


def _sheet(rows: list[tuple[tuple[int, ...], tuple[int, ...]]], slip: int, at: int) -> ScoreSheet:
    """The rows scored, with the sheet's NS totals ``slip`` off from hand ``at`` on."""
    rules = replace(Ruleset(), target=10_000)
    hands = [
        SheetHand(
            i,
            _SEATS[(i - 1) % 4],
            bids(" ".join(f"{s} {b}" for s, b in zip(_SEATS, bid, strict=True))),
            tuple(zip(_SEATS, tricks, strict=True)),
        )
        for i, (bid, tricks) in enumerate(rows, start=1)
    ]
    scored = score_hands(rules, hands)
    recorded = []
    for h in scored:
        assert h.score is not None
        totals = h.score.after.scores
        ns = totals[NS] + (slip if h.number >= at else 0)
        line = RecordedScore(((NS, ns), (EW, totals[EW])), Position(h.number, 1))
        recorded.append(replace(h, recorded_score=line))
    return ScoreSheet.of(Game(), rules, recorded)


@settings(max_examples=60, deadline=None)
@given(_hands(), st.integers(-300, 300).filter(bool), st.data())
def test_one_slip_is_one_report_however_long_the_game(
    rows: list[tuple[tuple[int, ...], tuple[int, ...]]], slip: int, data: st.DataObject
) -> None:
    assert check_sheet(_sheet(rows, 0, 1)).diagnostics == ()
    at = data.draw(st.integers(1, len(rows)))
    check = check_sheet(_sheet(rows, slip, at))
    (d,) = check.diagnostics
    assert (d.name, d.hand) == ("score-mismatch", at)
    assert d.message.startswith("NS: sheet ")
    assert [(x.hand, x.new) for x in check.disagreements] == [
        (n, n == at) for n in range(at, len(rows) + 1)
    ]
