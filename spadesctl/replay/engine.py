"""The replay engine: a hand, or a game's hands in turn, replayed under a ruleset.

:func:`replay_hand` runs the steps of one hand in the order they happen at the table
(deal or draws, bidding, passes, play, outcome) and returns a
:class:`~spadesctl.replay.result.ReplayedHand`.  :func:`replay_game` replays each hand
in turn, checking the dealer's rotation and the hands' numbering, and carries the
running score that blind nil and blind bid eligibility depend on: by default the score
the record wrote after each hand; the referee (:mod:`spadesctl.referee`) passes the
recomputed one instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from spadesctl.cards import Party, Seat, seats_for
from spadesctl.core.bids import is_unbid
from spadesctl.core.dealer import next_dealer, rotation_words
from spadesctl.core.deck import deck_table, holding_cards
from spadesctl.diagnostics import DEALER_OUT_OF_TURN, HAND_NUMBER
from spadesctl.midgame import is_continued
from spadesctl.record import Game, Hand
from spadesctl.replay.bidding import apply_raises, check_bids
from spadesctl.replay.deal import (
    apply_passes,
    apply_passes_before_bid,
    infer_holdings,
    read_deal,
    read_draws,
    unpass,
)
from spadesctl.replay.legal import PlayRules, play_rules
from spadesctl.replay.outcome import check_rulings, tally
from spadesctl.replay.play import play_tricks
from spadesctl.replay.report import Reporter
from spadesctl.replay.result import ReplayedGame, ReplayedHand
from spadesctl.replay.state import HandState
from spadesctl.replay.widow import unwidow, widow_after_bid, widow_before_bid
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring.model import parties_of

#: Scores before a hand -> scores after it (``None``: unknown from here on).
ScoresAfter = Callable[[ReplayedHand, Mapping[Party, int] | None], Mapping[Party, int] | None]


def replay_hand(
    hand: Hand,
    rules: Ruleset,
    scores_before: Mapping[Party, int] | None = None,
    *,
    file: str = "-",
    game: int | None = None,
    expect_dealer: Seat | None = None,
    expect_number: int | None = None,
    judge: PlayRules | None = None,
) -> ReplayedHand:
    """Replay one hand under ``rules`` and report every violation.

    ``scores_before``: each party's running score before the hand, for blind nil and
    blind bid eligibility (``None``: unknown, those deficits are not checked).
    ``file`` and ``game`` locate the diagnostics.  ``expect_dealer`` and
    ``expect_number``, when given, are checked (``dealer-out-of-turn``, ``hand-number``).
    ``judge``: the play rules of ``rules`` (:func:`~spadesctl.replay.legal.play_rules`),
    when the caller built them once for many hands.
    """
    rep = Reporter(file, game, hand.number)
    seats = seats_for(rules.players)
    table = deck_table(rules)
    if expect_number is not None and hand.number != expect_number:
        rep.add(
            HAND_NUMBER,
            f"hand {hand.number} should be numbered {expect_number}",
            hand.pos,
        )
    if hand.dealer not in seats:
        rep.add(
            DEALER_OUT_OF_TURN,
            f"{hand.dealer.word} deals, but is not at a {rules.players}-player table",
            hand.pos,
            seat=hand.dealer,
        )
    elif expect_dealer is not None and hand.dealer is not expect_dealer:
        rep.add(
            DEALER_OUT_OF_TURN,
            f"{expect_dealer.word} deals hand {hand.number} ({rotation_words(rules)}), "
            f"not {hand.dealer.word}",
            hand.pos,
            seat=hand.dealer,
        )
    if hand.totals_only:  # a sheet of totals: nothing to check but the continuity
        return ReplayedHand(
            hand=hand,
            rules=rules,
            seats=seats,
            bids=(),
            unbid=False,
            tricks=(),
            taken=(),
            complete=False,
            holdings=tuple((s, ()) for s in seats),
            holdings_known=False,
            reneges=(),
            diagnostics=rep.result(),
        )
    dealt = read_deal(hand, rules, table, seats, rep)
    drawn = read_draws(hand, rules, table, seats, dealt, rep)
    known = dealt if dealt is not None else drawn
    first_play: dict[int, int] = {}
    if known is None:
        holdings, first_play = infer_holdings(hand, table, seats)
        unpass(hand, table, seats, holdings)
        unwidow(hand, table, seats, holdings)
    else:
        holdings = known
    size = rules.tricks_per_hand
    full = known is not None or all(len(h) == size for h in holdings)
    as_dealt = tuple(zip(seats, map(holding_cards, holdings), strict=True))
    unbid = is_unbid(rules, hand.number)
    state = HandState(table, seats, holdings, known is not None, first_play)
    widow = widow_before_bid(hand, rules, state, rep)
    apply_passes_before_bid(hand, rules, state, rep)
    bids = check_bids(
        hand, rules, seats, scores_before, unbid, state.holding if full else None, table, rep
    )
    first_bids = bids
    bids = apply_raises(hand, rules, seats, bids, rep)
    widow_after_bid(hand, rules, bids, state, widow, rep)
    apply_passes(hand, rules, bids, state, rep)
    if judge is None:
        judge = play_rules(rules, table)
    play = play_tricks(hand, rules, state, rep, judge)
    taken, complete = tally(hand, rules, seats, bids, play.won, rep)
    shown = None if known is not None else [s for s, c in as_dealt if len(c) == size]
    check_rulings(hand, rules, play.tricks, play.reneges, rep, shown)
    return ReplayedHand(
        hand=hand,
        rules=rules,
        seats=seats,
        bids=bids,
        unbid=unbid,
        tricks=play.tricks,
        taken=taken,
        complete=complete,
        holdings=as_dealt,
        holdings_known=known is not None,
        reneges=play.reneges,
        diagnostics=rep.result(),
        first_bids=first_bids,
    )


def recorded_scores(
    replayed: ReplayedHand, before: Mapping[Party, int] | None
) -> Mapping[Party, int] | None:
    """The default :data:`ScoresAfter`: the ``score`` line written after the hand."""
    line = replayed.hand.score
    if line is None:
        return None
    return dict(line.entries)


def replay_game(
    game: Game,
    rules: Ruleset,
    *,
    file: str | None = None,
    after_hand: ScoresAfter = recorded_scores,
    start: Mapping[Party, int] | None = None,
) -> ReplayedGame:
    """Replay a game's hands in order under ``rules``.

    Each hand is told the running score before it: ``start`` (all zero by default) for
    the first, then whatever ``after_hand`` returns for the hand just replayed.  Dealers
    must rotate clockwise (two players alternate) and hands be numbered 1, 2, 3, ...
    (a game marked ``[Continued "yes"]`` may start at any number: :mod:`spadesctl.midgame`).
    """
    seats = seats_for(rules.players)
    scores: Mapping[Party, int] | None = (
        start if start is not None else {p: 0 for p in parties_of(rules)}
    )
    where = game.source if file is None else file
    out: list[ReplayedHand] = []
    previous: Hand | None = None
    continued = is_continued(game)
    judge = play_rules(rules, deck_table(rules))  # the same judges for every hand
    for hand in game.hands:
        expect_dealer = None
        expect_number: int | None = None if continued else 1
        if previous is not None:
            expect_number = previous.number + 1
            if previous.dealer in seats:
                expect_dealer = next_dealer(rules, previous.dealer, seats)
        replayed = replay_hand(
            hand,
            rules,
            scores,
            file=where,
            game=game.index,
            expect_dealer=expect_dealer,
            expect_number=expect_number,
            judge=judge,
        )
        out.append(replayed)
        scores = after_hand(replayed, scores)
        previous = hand
    return ReplayedGame(game, rules, tuple(out))


__all__ = ["ScoresAfter", "recorded_scores", "replay_game", "replay_hand"]
