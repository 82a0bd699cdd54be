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
from typing import Final

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.events import Bid, BidKind, RecordedBags, RecordedScore, Result, Tag
from spadesctl.express.game import GameLedger, first_trick
from spadesctl.record import Game
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
    return tuple((_PARTIES[words[i]], int(words[i + 1])) for i in range(1, len(words), 2))


def express_report(
    ledger: GameLedger, source: str, index: int, *, apply_penalties: bool = False
) -> SheetReport:
    """The ``score`` report of game ``index`` of ``source``, which the express check
    settled and told ``ledger`` about (as :func:`spadesctl.sheet.run.sheet_report`
    reports it)."""
    ruleset, rules = ledger.ruleset, ledger.rules
    assert ruleset is not None and rules is not None
    rows = ledger.rows
    parties = parties_of(ruleset)
    seats = seats_for(ruleset.players)
    members = tuple(enumerate(zip(parties, rules.party_seats, strict=True)))
    size = rules.tricks
    before = Standing.start(ruleset)
    hands: list[SheetHand] = []
    for number, hand in enumerate(ledger.hands, start=1):
        words = rows[hand.deal + 1].split(" ")
        took = hand.took
        codes = hand.bids
        figures = hand.figures
        results = []
        after = []
        for p, (party, mates) in members:
            f = figures[p]
            results.append(party_result(party, f, sum([took[s] for s in mates])))
            after.append((party, PartyStanding(hand.scores[p], f[1], hand.sets[p])))
        nils = _nils(ledger, words[1::2], codes, took) if NIL in codes or BLIND_NIL in codes else ()
        standing = Standing(tuple(after))
        score = HandScore(number, False, tuple(results), nils, (), before, standing, ruleset)
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
                tuple(zip(seats, took, strict=True)),
                score,
                recorded_score,
                recorded_bags,
            )
        )
        before = standing
    result: GameResult | None = None
    if ledger.end is not None:
        decided = hands[ledger.end[2] - 1].score
        assert decided is not None
        result = game_end(ruleset, decided)
    game = Game(  # the tags and the result line: the sheet's hands are the game's
        tags=tuple(Tag(name, value) for name, value in ledger.tags),
        result=None if ledger.recorded_winner is None else Result(_PARTIES[ledger.recorded_winner]),
        source=source,
        index=index,
    )
    sheet = ScoreSheet(game, ruleset, tuple(hands), result, ())
    return SheetReport(sheet, _CLEAN, compare_penalties(sheet) if apply_penalties else None)


def _nils(
    ledger: GameLedger, bidders: list[str], codes: list[int], took: list[int]
) -> tuple[NilResult, ...]:
    """A hand's nils, party by party, each party's in the order they were bid (as the
    scorer lists them)."""
    rules, ruleset = ledger.rules, ledger.ruleset
    assert rules is not None and ruleset is not None
    seats = seats_for(ruleset.players)
    out = []
    for p, party in enumerate(parties_of(ruleset)):
        for word in bidders:
            s = rules.seats.index(word)
            code = codes[s]
            if rules.party_of[s] == p and code in (NIL, BLIND_NIL):
                out.append(nil_result(rules.score, seats[s], party, code == BLIND_NIL, took[s]))
    return tuple(out)
