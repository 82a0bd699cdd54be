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

A settled game is clean: no syntax issue, no rule broken, no renege, no
hand after the game's end, and every recorded figure agrees; so its sheet check holds
no disagreement and it has no other problems.  ``tests/test_express_sheet.py`` proves
every rendering byte for byte equal to the full engine's on generated games of every
preset the express check covers, on the samples and on random edits.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.core.score import PartyFigures
from spadesctl.events import Bid, BidKind, RecordedBags, RecordedScore, Result, Tag
from spadesctl.express.family import ExpressRules
from spadesctl.express.game import GameLedger, HandLedger
from spadesctl.express.lines import nils_by_party, settled_lines, took_entries
from spadesctl.record import Game
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring import GameResult, HandScore, PartyStanding, Standing, game_end
from spadesctl.scoring.hand import nil_result, party_result
from spadesctl.scoring.model import NilResult, parties_of
from spadesctl.sheet.disputes import SheetCheck
from spadesctl.sheet.model import ScoreSheet, SheetHand
from spadesctl.sheet.penalties import compare_penalties
from spadesctl.sheet.render import SheetReport

#: The sheet check of a settled game: nothing disagrees, nothing is left unchecked.
_CLEAN: Final = SheetCheck((), (), ())
#: A bid word of a canonical ``bid`` line: (kind, tricks), as the notation reads it.
_BID_KINDS: Final = {"nil": (BidKind.NIL, 0), "bnil": (BidKind.BLIND_NIL, 0)}

#: Each party by its name in a ``bid``, ``score``, ``bags`` or ``result`` line.
_PARTIES: Final[dict[str, Party]] = {p.value: p for p in (*Seat, *Side)}


@functools.lru_cache(maxsize=512)
def _bid(party: str, value: str) -> Bid:
    """The :class:`Bid` of ``party`` (a seat, or a side as one) bidding ``value`` (a bid
    line's two words: ``b6`` is a blind bid of 6)."""
    found = _BID_KINDS.get(value)
    if found is None:
        found = (BidKind.BLIND, int(value[1:])) if value[0] == "b" else (BidKind.NUMBER, int(value))
    return Bid(_PARTIES[party], *found)


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


class _Table(NamedTuple):
    """A settled game's ruleset, parties and seats, looked up once a game."""

    ruleset: Ruleset
    rules: ExpressRules
    parties: tuple[Party, ...]
    seats: tuple[Seat, ...]

    @classmethod
    def of(cls, ledger: GameLedger) -> _Table:
        ruleset, rules = ledger.ruleset, ledger.rules
        assert ruleset is not None and rules is not None
        return cls(ruleset, rules, parties_of(ruleset), seats_for(ruleset.players))


def game_result(ledger: GameLedger, scores: Sequence[HandScore] = ()) -> GameResult | None:
    """How a settled game ended, worded by :func:`spadesctl.scoring.game_end` from the
    hand that decided it (``scores``: its hands' scores, if built already; else the
    deciding hand's is built here)."""
    if ledger.end is None:
        return None
    number = ledger.end[2]
    if number <= len(scores):
        decided = scores[number - 1]
    else:
        table = _Table.of(ledger)
        hands = ledger.hands
        before = Standing.start(table.ruleset) if number == 1 else _after(table, hands[number - 2])
        hand = hands[number - 1]
        bidders = settled_lines(ledger.rows, hand).bids[1::2]
        decided = _score(table, number, hand, bidders, before)
    return game_end(decided.rules, decided)


def _after(table: _Table, hand: HandLedger) -> Standing:
    """The standing after a settled hand."""
    figures, scores, sets = hand.figures, hand.scores, hand.sets
    return Standing(
        tuple(
            (party, PartyStanding(scores[p], figures[p][1], sets[p]))
            for p, party in enumerate(table.parties)
        )
    )


def _score(
    table: _Table, number: int, hand: HandLedger, bidders: list[str], before: Standing
) -> HandScore:
    """The :class:`HandScore` of settled hand ``number`` (``bidders``: its bid line's
    seats, in order), which began at ``before``."""
    took = hand.took
    figures = hand.figures
    results = [
        party_result(party, figures[p], sum([took[s] for s in mates]))
        for p, (party, mates) in enumerate(zip(table.parties, table.rules.party_seats, strict=True))
    ]
    codes = hand.bids
    nils = _nils(table, hand, bidders) if NIL in codes or BLIND_NIL in codes else ()
    after = _after(table, hand)
    unbid = hand.bid is None
    return HandScore(number, unbid, tuple(results), nils, (), before, after, table.ruleset)


def express_report(
    ledger: GameLedger, source: str, index: int, *, apply_penalties: bool = False
) -> SheetReport:
    """The ``score`` report of game ``index`` of ``source``, which the express check
    settled and told ``ledger`` about (as :func:`spadesctl.sheet.run.sheet_report`
    reports it)."""
    table = _Table.of(ledger)
    ruleset = table.ruleset
    rows = ledger.rows
    seats = table.seats
    before = Standing.start(ruleset)
    hands: list[SheetHand] = []
    scores: list[HandScore] = []
    for number, hand in enumerate(ledger.hands, start=1):
        lines = settled_lines(rows, hand)
        words = lines.bids
        score = _score(table, number, hand, words[1::2], before)
        hands.append(
            SheetHand(
                number,
                seats[hand.dealer],
                tuple(map(_bid, words[1::2], words[2::2])),
                _taken(seats, hand, lines.took),
                score,
                None if lines.score is None else RecordedScore(_recorded(lines.score)),
                None if lines.bags is None else RecordedBags(_recorded(lines.bags)),
                unbid=hand.bid is None,
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


def _taken(
    seats: tuple[Seat, ...], hand: HandLedger, took: str | None
) -> tuple[tuple[Party, int], ...]:
    """A settled hand's tricks as the full engine's sheet gives them: its took line's
    entries as written (a side's count together), else each seat's tricks in play (and
    a claim's)."""
    if took is None:
        return tuple(zip(seats, hand.took, strict=True))
    return tuple((_PARTIES[name], count) for name, count in took_entries(took))


def _nils(table: _Table, hand: HandLedger, bidders: list[str]) -> tuple[NilResult, ...]:
    """A settled hand's nils, party by party, each party's in the order they were bid
    (``bidders``: the bid line's seats, in order; as the scorer lists them)."""
    rules, seats, parties = table.rules, table.seats, table.parties
    return tuple(
        [
            nil_result(rules.score, seats[s], parties[p], blind, took)
            for p, nils in enumerate(nils_by_party(rules, hand, bidders))
            for s, blind, took in nils
        ]
    )
