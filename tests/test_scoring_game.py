"""Scoring a game: running totals, the end of the game, and checking a score sheet.

Every expected figure is worked out by hand in the test's comments.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.events import Bid, BidKind
from spadesctl.rules.ruleset import (
    BagMode,
    FailedNilTricks,
    MoonFail,
    RenegeSet,
    Ruleset,
    SetPenalty,
    UnbidHands,
)
from spadesctl.scoring import (
    EndReason,
    GameScore,
    HandInput,
    HandScore,
    RenegeRuling,
    Standing,
    first_sheet_errors,
    game_decision,
    game_end,
    score_game,
    score_hand,
)
from tests.test_scoring import bids, took

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW


def rules(**changes: Any) -> Ruleset:
    return replace(Ruleset(), **changes)


STANDARD = rules()


def hand(bid_text: str, took_text: str, *rulings: RenegeRuling) -> HandInput:
    return HandInput.of(bids(bid_text), took(took_text), rulings)


def start(
    rules_: Ruleset, scores: dict[Party, int], bags: dict[Party, int] | None = None
) -> Standing:
    return Standing.of(rules_, scores, bags)


# --- the end of the game --------------------------------------------------------------


def test_target_reached() -> None:
    # NS 450 + (6 bid, 7 taken: 61) = 511 >= 500: NS win after hand 1.  EW 300 - 70 = 230.
    # Hand 2 is played after the end.
    game = score_game(
        STANDARD,
        [
            hand("N 3 S 3 E 3 W 4", "N 4 S 3 E 3 W 3"),
            hand("N 3 S 3 E 3 W 4", "N 4 S 3 E 3 W 3"),
        ],
        start(STANDARD, {NS: 450, EW: 300}),
    )
    assert game.result is not None
    assert (game.result.winner, game.result.reason, game.result.hand) == (NS, EndReason.TARGET, 1)
    assert game.hand(1).after.scores == {NS: 511, EW: 230}
    assert game.hands_after_end == (2,)
    # hands after the end are still scored: 511 + 61 = 572, 230 - 70 = 160
    assert game.standing.scores == {NS: 572, EW: 160}


def test_tie_at_target_plays_on() -> None:
    # Hand 1: NS 441 + 60 (6 for 6) = 501; EW 440 + 61 (6 for 7) = 501: a tie, play on.
    # Hand 2: NS 501 + 41 (4 for 5) = 542; EW 501 + 44 (4 for 8) = 545: EW win.
    game = score_game(
        STANDARD,
        [
            hand("N 3 S 3 E 3 W 3", "N 3 S 3 E 4 W 3"),
            hand("N 2 S 2 E 2 W 2", "N 3 S 2 E 4 W 4"),
        ],
        start(STANDARD, {NS: 441, EW: 440}),
    )
    assert game.hand(1).after.scores == {NS: 501, EW: 501}
    assert game.result is not None
    assert (game.result.winner, game.result.hand) == (EW, 2)
    assert game.standing.scores == {NS: 542, EW: 545}
    assert game.standing.bags(EW) == 5  # 1 + 4
    assert game.hands_after_end == ()


def test_both_reach_target_higher_wins() -> None:
    # NS 460 + 60 = 520, EW 470 + 61 = 531: both over 500, EW higher.
    game = score_game(
        STANDARD, [hand("N 3 S 3 E 3 W 3", "N 3 S 3 E 4 W 3")], start(STANDARD, {NS: 460, EW: 470})
    )
    assert game.result is not None and game.result.winner is EW


def test_mercy_rule() -> None:
    # lose_at -200: EW -150 + (6 bid, 5 taken: -60) = -210 <= -200: NS win at once.
    r = rules(lose_at=-200)
    game = score_game(r, [hand("N 3 S 3 E 3 W 3", "N 4 S 4 E 2 W 3")], start(r, {EW: -150}))
    assert game.result is not None
    assert (game.result.winner, game.result.reason, game.result.hand) == (NS, EndReason.MERCY, 1)
    assert game.standing.scores == {NS: 62, EW: -210}


def test_mercy_rule_off() -> None:
    game = score_game(
        STANDARD, [hand("N 3 S 3 E 3 W 3", "N 4 S 4 E 2 W 3")], start(STANDARD, {EW: -150})
    )
    assert game.result is None


def test_set_twice_loses() -> None:
    # EW (300) bid 9 and take 8 twice: -90, -90 -> 120; NS 41 + 41 = 82.  EW lose after
    # hand 2 although ahead.
    r = rules(set_streak_loses=2)
    twice = [hand("N 2 S 2 E 5 W 4", "N 3 S 2 E 4 W 4")] * 2
    game = score_game(r, twice, start(r, {EW: 300}))
    assert game.result is not None
    assert (game.result.winner, game.result.reason, game.result.hand) == (
        NS,
        EndReason.SET_TWICE,
        2,
    )
    assert game.standing.scores == {NS: 82, EW: 120}


def test_set_twice_not_in_a_row() -> None:
    # set, made (EW 8 took 8), set: never two in a row.
    r = rules(set_streak_loses=2)
    set_hand = hand("N 2 S 2 E 5 W 4", "N 3 S 2 E 4 W 4")
    made_hand = hand("N 2 S 2 E 4 W 4", "N 3 S 2 E 4 W 4")
    game = score_game(r, [set_hand, made_hand, set_hand])
    assert game.result is None
    assert game.standing[EW].sets_in_a_row == 1


def test_set_twice_both_sides_higher_wins() -> None:
    # NS 7 take 6: -70; EW 8 take 7: -80; twice: NS -140, EW -160: NS win.
    r = rules(set_streak_loses=2)
    game = score_game(r, [hand("N 4 S 3 E 4 W 4", "N 3 S 3 E 4 W 3")] * 2)
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (NS, EndReason.SET_TWICE)
    assert game.standing.scores == {NS: -140, EW: -160}


def test_set_streak_of_three() -> None:
    # set_streak_loses=3 (Redd's reading, 004): EW (300) set twice plays on; a third set
    # in a row loses.  EW -90 x 3 -> 30; NS 41 x 3 = 123: NS win after hand 3.
    r = rules(set_streak_loses=3)
    set_hand = hand("N 2 S 2 E 5 W 4", "N 3 S 2 E 4 W 4")
    two = score_game(r, [set_hand] * 2, start(r, {EW: 300}))
    assert two.result is None
    three = score_game(r, [set_hand] * 3, start(r, {EW: 300}))
    assert three.result is not None
    assert (three.result.winner, three.result.reason, three.result.hand) == (
        NS,
        EndReason.SET_STREAK,
        3,
    )
    assert three.result.text == "EW set on 3 hands in a row (hands 1 to 3): NS wins"
    assert three.standing.scores == {NS: 123, EW: 30}


def test_every_hand_unbid() -> None:
    # unbid_hands=all (002: a running score of books alone): 10 a trick, every hand, no
    # bags.  Hands of NS 7 / EW 6 and NS 4 / EW 9: NS 70 + 40 = 110, EW 60 + 90 = 150.
    r = rules(unbid_hands=UnbidHands.ALL, target=1000)
    game = score_game(
        r,
        [
            HandInput.of((), {NS: 7, EW: 6}),
            HandInput.of((), {NS: 4, EW: 9}),
        ],
    )
    assert [h.unbid for h in game.hands] == [True, True]
    assert game.standing.scores == {NS: 110, EW: 150}
    assert (game.standing.bags(NS), game.standing.bags(EW)) == (0, 0)


def test_set_twice_off() -> None:
    game = score_game(STANDARD, [hand("N 4 S 3 E 4 W 4", "N 3 S 3 E 4 W 3")] * 2)
    assert game.result is None


def test_boston_wins() -> None:
    # NS bid 10 and take all 13: 100 + 3 = 103; a Boston wins the game at once.
    r = rules(boston_wins=True)
    game = score_game(r, [hand("N 5 S 5 E 1 W 1", "N 7 S 6 E 0 W 0")])
    assert game.result is not None
    assert (game.result.winner, game.result.reason, game.result.hand) == (NS, EndReason.BOSTON, 1)
    assert game.standing.scores == {NS: 103, EW: -20}


def test_boston_on_a_hand_that_bids_itself() -> None:
    # first_hand_bids_itself: NS's 13 tricks on the unbid hand 1 are a made 13: 130, and
    # a bid of 10+ with every trick: a Boston.
    r = rules(unbid_hands=UnbidHands.FIRST, first_hand_bids_itself=True, boston_wins=True)
    game = score_game(r, [hand("", "N 7 S 6 E 0 W 0")])
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (NS, EndReason.BOSTON)
    assert game.standing.scores == {NS: 130, EW: 0}


def test_boston_needs_the_key() -> None:
    game = score_game(STANDARD, [hand("N 5 S 5 E 1 W 1", "N 7 S 6 E 0 W 0")])
    assert game.result is None


def test_first_hand_unbid_game() -> None:
    # Hand 1 unbid: NS 6 tricks 60, EW 7 tricks 70.  Hand 2: NS 5 for 6: 51 -> 111;
    # EW 7 for 7: 70 -> 140.
    r = rules(unbid_hands=UnbidHands.FIRST)
    game = score_game(r, [hand("", "N 3 S 3 E 4 W 3"), hand("N 3 S 2 E 4 W 3", "N 3 S 3 E 4 W 3")])
    assert game.hands[0].unbid and not game.hands[1].unbid
    assert game.standing.scores == {NS: 111, EW: 140}


def test_cutthroat_game_target() -> None:
    # Four seats, each its own party.  W at 460 bids 5 and takes 7: 52 -> 512: W win.
    r = rules(partnership=False)
    game = score_game(r, [hand("N 3 E 4 S nil W 5", "N 4 E 2 S 0 W 7")], start(r, {W: 460}))
    assert game.result is not None and game.result.winner is W
    assert game.standing.scores == {N: 31, E: -40, S: 100, W: 512}


def test_game_end_on_a_single_hand() -> None:
    # The replay's streaming use: score a hand, then ask whether the game is over.
    scored = score_hand(
        STANDARD, bids("N 3 S 3 E 3 W 4"), took("N 4 S 3 E 3 W 3"), start(STANDARD, {NS: 450})
    )
    result = game_end(STANDARD, scored)
    assert result is not None and result.text == "NS reached 511 (target 500) after hand 1"


def test_game_decision_the_first_deciding_hand_and_every_hand_after_it() -> None:
    # From NS 450: hand 1 takes NS to 511 (as above), which decides; from NS 0 the same
    # hand (61) decides nothing.  Numbers are the hands' own, not their positions.
    deciding = score_hand(
        STANDARD, bids("N 3 S 3 E 3 W 4"), took("N 4 S 3 E 3 W 3"), start(STANDARD, {NS: 450})
    )
    open_ = score_hand(STANDARD, bids("N 3 S 3 E 3 W 4"), took("N 4 S 3 E 3 W 3"))
    assert game_end(STANDARD, open_) is None
    result = game_end(STANDARD, deciding)
    cases: list[tuple[list[tuple[int, HandScore | None]], object, tuple[int, ...]]] = [
        ([], None, ()),
        ([(1, open_), (2, None)], None, ()),
        # a hand without a score decides nothing, before the end or after it
        ([(4, None), (5, deciding), (6, None), (7, open_)], result, (6, 7)),
        # the first decision stands: a later deciding hand is one after the end
        ([(1, deciding), (2, deciding)], result, (2,)),
    ]
    for hands, expected, after in cases:
        assert game_decision(STANDARD, hands) == (expected, after), hands


# --- checking a score sheet -------------------------------------------------------------


def _bag_game() -> GameScore:
    # Start NS 200 with 8 bags, EW 150.
    # Hand 1: NS 4 for 5: 41 -> 241, 9 bags.  EW 8 for 8: 80 -> 230.
    # Hand 2: NS 5 for 7: 52; 11 bags: -100, 1 bag.  241 - 48 = 193.  EW 6 for 6 -> 290.
    return score_game(
        STANDARD,
        [hand("N 2 S 2 E 4 W 4", "N 3 S 2 E 4 W 4"), hand("N 3 S 2 E 3 W 3", "N 4 S 3 E 3 W 3")],
        start(STANDARD, {NS: 200, EW: 150}, {NS: 8}),
    )


def test_sheet_agrees() -> None:
    game = _bag_game()
    assert first_sheet_errors(game, [(1, {NS: 241, EW: 230}), (2, {NS: 193, EW: 290})]) == ()


def test_sheet_missed_bag_penalty() -> None:
    game = _bag_game()
    errors = first_sheet_errors(game, [(1, {NS: 241, EW: 230}), (2, {NS: 293, EW: 290})])
    assert len(errors) == 1
    (error,) = errors
    assert (error.hand, error.party, error.recorded, error.expected) == (2, NS, 293, 193)
    assert error.cause == "the 10-bag penalty at hand 2 was not applied"
    assert error.message == (
        "hand 2: NS recorded 293, expected 193 (+100): "
        "likely the 10-bag penalty at hand 2 was not applied"
    )


def test_sheet_missed_bag_penalty_in_an_unrecorded_hand() -> None:
    # Only hand 2 written down; hand 1 holds no slip worth +100, so the cause stands.
    game = _bag_game()
    (error,) = first_sheet_errors(game, [(2, {NS: 293})])
    assert error.cause == "the 10-bag penalty at hand 2 was not applied"


def test_sheet_failed_nil_scored_as_made() -> None:
    # N nil takes 1: -100, 1 bag +1; S 4 for 4: 40.  NS -59.  Scored as made: +100 + 41
    # = 141: 200 too many (100 + 100).
    game = score_game(STANDARD, [hand("N nil S 4 E 4 W 4", "N 1 S 4 E 4 W 4")])
    (error,) = first_sheet_errors(game, [(1, {NS: 141, EW: 80})])
    assert error.difference == 200
    assert error.cause == "N's failed nil at hand 1 was scored as made"


def test_sheet_penalty_taken_not_due() -> None:
    # NS 208 with 3 bags (the last digit says 8): 4 for 6: 42 -> 250, 5 bags.  A
    # scorekeeper reading bags off the last digit takes 100: 150.
    game = score_game(
        STANDARD, [hand("N 2 S 2 E 4 W 3", "N 3 S 3 E 4 W 3")], start(STANDARD, {NS: 208}, {NS: 3})
    )
    (error,) = first_sheet_errors(game, [(1, {NS: 150, EW: 70})])
    assert error.cause is not None and error.cause.startswith(
        "a bag penalty was taken at hand 1 that was not due"
    )


def test_sheet_unexplained_difference() -> None:
    game = _bag_game()
    (error,) = first_sheet_errors(game, [(1, {NS: 248, EW: 230})])
    assert error.causes == () and error.cause is None
    assert error.message == "hand 1: NS recorded 248, expected 241 (+7)"


def test_sheet_reports_the_first_bad_hand_only() -> None:
    game = _bag_game()
    errors = first_sheet_errors(game, [(1, {NS: 241, EW: 231}), (2, {NS: 0, EW: 0})])
    assert [(e.hand, e.party) for e in errors] == [(1, EW)]


# --- properties -------------------------------------------------------------------------

_KINDS = {"partnership": (4, True), "cutthroat": (4, False), "two": (2, False), "three": (3, False)}


@st.composite
def _games(draw: st.DrawFn) -> tuple[Ruleset, list[HandInput]]:
    players, partnership = _KINDS[draw(st.sampled_from(sorted(_KINDS)))]
    r = rules(
        players=players,
        partnership=partnership,
        bag_mode=draw(st.sampled_from([BagMode.CARRY, BagMode.CARRY, BagMode.DEDUCT, BagMode.OFF])),
        bag_limit=draw(st.sampled_from([None, 3, 5, 10])),
        bag_penalty=draw(st.sampled_from([50, 100])),
        failed_nil_tricks=draw(st.sampled_from(FailedNilTricks)),
        nil_penalty=draw(st.sampled_from([None, 0, 50])),
        zero_is_nil=draw(st.booleans()),
        set_penalty=draw(st.sampled_from(SetPenalty)),
        max_overtricks=draw(st.sampled_from([None, 2])),
        ten_for_200=draw(st.booleans()),
        moon=draw(st.sampled_from([None, 250])),
        moon_fail=draw(st.sampled_from(list(MoonFail))),
        unbid_hands=draw(st.sampled_from(list(UnbidHands))),
        first_hand_bids_itself=draw(st.booleans()),
        boston_wins=draw(st.booleans()),
        set_streak_loses=draw(st.sampled_from([None, 2, 3])),
        lose_at=draw(st.sampled_from([None, -200])),
        target=draw(st.sampled_from([200, 500])),
        renege_penalty=draw(st.sampled_from([1, 3, RenegeSet.SET])),
    )
    seats = seats_for(players)
    tricks = r.tricks_per_hand
    bid_value = st.one_of(
        st.integers(0, tricks).map(lambda n: (BidKind.NUMBER, n)),
        st.just((BidKind.NIL, 0)),
        st.just((BidKind.BLIND_NIL, 0)),
        st.integers(1, 9).map(lambda n: (BidKind.BLIND, n)),
    )
    hands = []
    for _ in range(draw(st.integers(1, 10))):
        winners = draw(st.lists(st.sampled_from(seats), min_size=tricks, max_size=tricks))
        taken = {s: winners.count(s) for s in seats}
        hand_bids = [Bid(s, *draw(bid_value)) for s in seats]
        offenders = draw(st.lists(st.sampled_from(seats), max_size=2))
        hands.append(HandInput.of(hand_bids, taken, [RenegeRuling(s) for s in offenders]))
    return r, hands


@settings(max_examples=300, deadline=None)
@given(_games())
def test_running_totals_are_sums_and_bags_stay_in_range(
    game_input: tuple[Ruleset, list[HandInput]],
) -> None:
    r, hands = game_input
    game = score_game(r, hands)
    standing = Standing.start(r)
    totals = dict.fromkeys(standing.parties, 0)
    for scored in game.hands:
        assert scored.before == standing
        for party in standing.parties:
            points = scored.points(party)
            totals[party] += points
            assert scored.after.score(party) == totals[party]
            assert sum(i.points for i in scored.items if i.party is party) == points
            bags = scored.after.bags(party)
            if r.bag_mode is BagMode.CARRY and r.bag_limit is not None:
                assert 0 <= bags < r.bag_limit
            elif r.bag_mode is BagMode.CARRY:
                assert bags >= 0
            else:
                assert bags == 0
        standing = scored.after
    assert game.standing.scores == totals
    if game.result is not None:
        numbers = [h.number for h in game.hands]
        assert list(game.hands_after_end) == numbers[numbers.index(game.result.hand) + 1 :]
    else:
        assert game.hands_after_end == ()
