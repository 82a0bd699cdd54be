"""A game the express check settled, as the ``score`` command's sheet, without the full engine.

:func:`express_report` builds the :class:`~spadesctl.sheet.render.SheetReport` that
:func:`spadesctl.sheet.run.sheet_report` builds for the same game, from what the express
check found (:class:`~spadesctl.express.game.GameLedger`: each party's figures from the
rules core, the running scores, sets and bag counts, how the game ended) and from the
game's own lines, which the check has proven to be as ``spadesctl fmt`` writes them.
Nothing is scored again: each hand's :class:`~spadesctl.scoring.model.HandScore` is made
of the core's figures (:func:`spadesctl.scoring.hand.party_result`), and the game's
result is worded by :func:`spadesctl.scoring.game_end` from the hand that decided it.
The renderers (text, ``--explain``, JSON, CSV) then write the report as they write the
full engine's.

A settled game is clean: no syntax issue, no rule broken, no renege, no unbid hand, no
hand after the game's end, and every recorded figure agrees; so its sheet check holds
no disagreement and it has no other problems.  ``tests/test_express_sheet.py`` proves
every rendering byte for byte equal to the full engine's on generated games of every
preset the express check covers, on the samples and on random edits.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar, Final

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.core.score import PartyFigures
from spadesctl.events import Bid, BidKind, RecordedBags, RecordedScore, Result, Tag
from spadesctl.express.game import GameLedger, HandLedger, first_trick
from spadesctl.record import Game
from spadesctl.scoring import GameResult, HandScore, PartyStanding, Standing, game_end
from spadesctl.scoring.hand import nil_result, party_result
from spadesctl.scoring.model import NilResult, PartyResult, parties_of
from spadesctl.sheet.disputes import SheetCheck
from spadesctl.sheet.model import ScoreSheet, SheetHand
from spadesctl.sheet.penalties import compare_penalties
from spadesctl.sheet.render import SheetReport

#: The sheet check of a settled game: nothing disagrees, nothing is left unchecked.
_CLEAN: Final = SheetCheck((), (), ())
#: A bid word of a canonical ``bid`` line: (kind, tricks), as the notation reads it.
_BID_KINDS: Final = {"nil": (BidKind.NIL, 0), "bnil": (BidKind.BLIND_NIL, 0)}


@functools.lru_cache(maxsize=512)
def _bid(seat: str, value: str) -> Bid:
    """The :class:`Bid` of ``seat`` bidding ``value`` (a bid line's two words)."""
    kind, tricks = _BID_KINDS.get(value) or (BidKind.NUMBER, int(value))
    return Bid(Seat(seat), kind, tricks)


#: Each party by its name in a ``score``, ``bags`` or ``result`` line.
_PARTIES: Final[dict[str, Party]] = {p.value: p for p in (*Seat, *Side)}


def _recorded(line: str) -> tuple[tuple[Party, int], ...]:
    """A canonical ``score`` or ``bags`` line's entries, in the order written."""
    words = line.split(" ")
    return tuple(zip(map(_PARTIES.__getitem__, words[1::2]), map(int, words[2::2]), strict=True))


@dataclass(frozen=True, slots=True)
class SettledSheet:
    """A game the express check settled (``ledger``: what it found; game ``index`` of
    ``source``), as ``score`` yields it: its JSON is written straight from the ledger
    (:func:`spadesctl.express.sheet_json.settled_json`), every other rendering from its
    :meth:`report`, the :class:`SheetReport` the full engine would build."""

    ledger: GameLedger
    source: str
    index: int
    apply_penalties: bool = False
    #: Never: a settled game's every recorded figure agrees.
    disputed: ClassVar[bool] = False

    def report(self) -> SheetReport:
        return express_report(
            self.ledger, self.source, self.index, apply_penalties=self.apply_penalties
        )


#: Where a party's bags added and bag penalties are in the rules core's figures
#: (:class:`spadesctl.core.score.PartyFigures`), for the JSON and CSV written from them.
BAGS_ADDED: Final = PartyFigures._fields.index("bags_added")
BAG_PENALTIES: Final = PartyFigures._fields.index("bag_penalties")

#: What ``score`` yields for a game: the full engine's report, or what the express
#: check found in a game it settled (the same report, built when asked).
ScoredGame = SheetReport | SettledSheet


def as_report(scored: ScoredGame) -> SheetReport:
    """A scored game's :class:`SheetReport` (a settled game's built from what the
    express check found)."""
    return scored.report() if isinstance(scored, SettledSheet) else scored


def hand_results(
    ledger: GameLedger, hand: HandLedger
) -> tuple[list[PartyResult], tuple[tuple[Party, PartyStanding], ...]]:
    """A settled hand's :class:`PartyResult` and standing after it, party by party."""
    rules = ledger.rules
    assert rules is not None and ledger.ruleset is not None
    took = hand.took
    results = []
    after = []
    for p, (party, mates) in enumerate(
        zip(parties_of(ledger.ruleset), rules.party_seats, strict=True)
    ):
        f = hand.figures[p]
        results.append(party_result(party, f, sum([took[s] for s in mates])))
        after.append((party, PartyStanding(hand.scores[p], f[1], hand.sets[p])))
    return results, tuple(after)


def game_result(ledger: GameLedger, scores: list[HandScore | None]) -> GameResult | None:
    """How a settled game ended, worded by :func:`spadesctl.scoring.game_end` from the
    hand that decided it (``scores``: its hands' scores, where known: the deciding
    hand's is built here when it is ``None``)."""
    if ledger.end is None:
        return None
    number = ledger.end[2]
    decided = scores[number - 1] if number <= len(scores) else None
    if decided is None:
        decided = _hand_score(ledger, number)
    return game_end(decided.rules, decided)


def _hand_score(ledger: GameLedger, number: int) -> HandScore:
    """The :class:`HandScore` of hand ``number`` of a settled game."""
    ruleset = ledger.ruleset
    assert ruleset is not None
    hands = ledger.hands
    before = (
        Standing.start(ruleset)
        if number == 1
        else Standing(hand_results(ledger, hands[number - 2])[1])
    )
    return _score(ledger, number, hands[number - 1], before)


def _score(ledger: GameLedger, number: int, hand: HandLedger, before: Standing) -> HandScore:
    ruleset = ledger.ruleset
    assert ruleset is not None
    results, after = hand_results(ledger, hand)
    codes = hand.bids
    nils: tuple[NilResult, ...] = ()
    if NIL in codes or BLIND_NIL in codes:
        words = ledger.rows[hand.deal + 1].split(" ")
        nils = tuple([n for party in hand_nils(ledger, hand, words[1::2]) for n in party])
    return HandScore(number, False, tuple(results), nils, (), before, Standing(after), ruleset)


def express_report(
    ledger: GameLedger, source: str, index: int, *, apply_penalties: bool = False
) -> SheetReport:
    """The ``score`` report of game ``index`` of ``source``, which the express check
    settled and told ``ledger`` about (as :func:`spadesctl.sheet.run.sheet_report`
    reports it)."""
    ruleset, rules = ledger.ruleset, ledger.rules
    assert ruleset is not None and rules is not None
    rows = ledger.rows
    seats = seats_for(ruleset.players)
    size = rules.tricks
    before = Standing.start(ruleset)
    hands: list[SheetHand] = []
    scores: list[HandScore | None] = []
    for number, hand in enumerate(ledger.hands, start=1):
        words = rows[hand.deal + 1].split(" ")
        score = _score(ledger, number, hand, before)
        at = first_trick(rows, hand.deal) + size
        recorded_score = recorded_bags = None
        if at < len(rows) and rows[at].startswith("score "):
            recorded_score = RecordedScore(_recorded(rows[at]))
            at += 1
        if at < len(rows) and rows[at].startswith("bags "):
            recorded_bags = RecordedBags(_recorded(rows[at]))
        hands.append(
            SheetHand(
                number,
                seats[hand.dealer],
                tuple(map(_bid, words[1::2], words[2::2])),
                tuple(zip(seats, hand.took, strict=True)),
                score,
                recorded_score,
                recorded_bags,
            )
        )
        scores.append(score)
        before = score.after
    game = Game(  # the tags and the result line: the sheet's hands are the game's
        tags=tuple(Tag(name, value) for name, value in ledger.tags),
        result=None if ledger.recorded_winner is None else Result(_PARTIES[ledger.recorded_winner]),
        source=source,
        index=index,
    )
    sheet = ScoreSheet(game, ruleset, tuple(hands), game_result(ledger, scores), ())
    return SheetReport(sheet, _CLEAN, compare_penalties(sheet) if apply_penalties else None)


def hand_nils(ledger: GameLedger, hand: HandLedger, bidders: list[str]) -> list[list[NilResult]]:
    """A settled hand's nils, party by party, each party's in the order they were bid
    (``bidders``: the bid line's seats, in order; as the scorer lists them)."""
    rules, ruleset = ledger.rules, ledger.ruleset
    assert rules is not None and ruleset is not None
    seats = seats_for(ruleset.players)
    parties = parties_of(ruleset)
    codes, took = hand.bids, hand.took
    found: list[list[NilResult]] = [[] for _ in parties]
    for word in bidders:
        s = rules.seats.index(word)
        code = codes[s]
        if code in (NIL, BLIND_NIL):
            p = rules.party_of[s]
            blind = code == BLIND_NIL
            found[p].append(nil_result(rules.score, seats[s], parties[p], blind, took[s]))
    return found
