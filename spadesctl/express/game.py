"""A whole game for the express check: tags, hands, the score sheet and the result.

:func:`express_game` walks the lines of one game as ``spadesctl fmt`` writes them: the
tags, then per hand ``hand``, ``deal`` (and two players' ``draw`` lines), ``bid`` (none
in a hand played without bids), any ``pass`` lines, a ``trick`` line per trick (fewer
before a ``claim`` or ``took`` line), or a score sheet's ``bid`` and ``took`` lines, then
optional ``score`` and ``bags`` lines, and an optional ``result`` line at the end (blank
lines anywhere).  It replays and scores each hand (:func:`~spadesctl.express.hand.play_hand`,
:func:`~spadesctl.express.score.score_parties`), carries the running score, and compares
every figure the record writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from spadesctl.core.limits import MAX_HANDS, MAX_NUMBER
from spadesctl.core.score import Figures
from spadesctl.express.bids import unbid_line
from spadesctl.express.family import ExpressRules, express_rules
from spadesctl.express.hand import play_hand, read_took, sheet_bids
from spadesctl.express.score import score_parties, winner
from spadesctl.rules.parse import RulesError
from spadesctl.rules.resolve import declared_rules
from spadesctl.rules.ruleset import Ruleset

#: A tag as ``fmt`` writes it, with no escapes in its value.
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "([^"\\]*)"\]')
#: A score as ``fmt`` writes it (no sign for positives, no leading zeros), of at most
#: nine digits (the grammar's limit).
_SCORE: Final = re.compile(r"-?(?:0|[1-9][0-9]{0,8})")
#: A bag count as ``fmt`` writes it: the grammar reads 0 to MAX_NUMBER, without a sign.
_BAGS: Final = frozenset(str(n) for n in range(MAX_NUMBER + 1))


class HandLedger(NamedTuple):
    """What the express check found in one hand, for the tables' rows
    (:mod:`spadesctl.express.rows`) and the score sheets (:mod:`spadesctl.express.sheet`);
    where its lines are (rows of ``GameLedger.rows``) is read by
    :func:`spadesctl.express.lines.settled_lines`."""

    deal: int | None  # the row of its deal line; None: a score sheet's hand (no deal)
    bid: int | None  # the row of its bid line; None: a hand played without bids
    tricks: int  # the row of its first trick line (after its pass lines); as many as winners
    end: int  # the row after its trick, claim and took lines (its score line, if written)
    dealer: int
    bids: list[int]  # per seat, its bid code (a 0 that is a nil is NIL; NO_BID: none)
    took: list[int]  # per seat, its tricks (a took line's side count on its first seat)
    winners: list[int]  # per trick, the seat that won it
    figures: list[Figures]  # per party, its figures (:func:`spadesctl.core.score.score_party`)
    scores: tuple[int, ...]  # per party, the running score after the hand
    sets: tuple[int, ...]  # per party, its sets in a row after the hand


@dataclass(slots=True)
class GameLedger:
    """What the express check found in a game it settled, told as it goes: the game's
    non-blank lines, its tags, its ruleset, each hand, and how it ended."""

    rows: list[str] = field(default_factory=list)
    tags: list[tuple[str, str]] = field(default_factory=list)  # (name as written, value)
    ruleset: Ruleset | None = None
    rules: ExpressRules | None = None
    hands: list[HandLedger] = field(default_factory=list)
    #: (party, EndReason value, the hand after which it was decided)
    end: tuple[int, str, int] | None = None
    recorded_winner: str | None = None


def express_game(
    lines: Sequence[str],
    default: Ruleset,
    ledger: GameLedger | None = None,
    play: list[str] | None = None,
) -> int | None:
    """The number of hands of a game in which the full check finds nothing; ``None``
    when the express check is not sure (the full engine then checks the game).

    ``lines``: the game's lines as the reader splits them
    (:class:`~spadesctl.notation.reader.GameText`, which must hold no issues);
    ``default``: the ruleset for a game without a ``[Rules]`` tag; ``ledger``, when
    given, is told what was found (meaningful only when the answer is not ``None``);
    ``play``, when given, is told each hand's ``deal`` and ``trick`` lines, in order (the
    lines of :func:`spadesctl.file_warnings.fingerprint`, picked out without a second
    look at every line).
    """
    rows = _rows(lines)
    at = 0
    rules_text: str | None = None
    names: set[str] = set()
    while at < len(rows) and rows[at][0] == "[":
        tag = _TAG.fullmatch(rows[at])
        if tag is None:
            return None
        name = tag[1].lower()
        if name in names:
            return None  # misplaced-line: a tag given twice
        names.add(name)
        if name == "rules":
            rules_text = tag[2]
        if ledger is not None:
            ledger.tags.append((tag[1], tag[2]))
        at += 1
    try:
        ruleset = declared_rules(rules_text, default)
    except RulesError:
        return None  # invalid-rules
    rules = express_rules(ruleset)
    if rules is None:
        return None
    if ledger is not None:
        ledger.rows, ledger.ruleset, ledger.rules = rows, ruleset, rules
    return _hands(rules, rows, at, ledger, play)


def _rows(lines: Sequence[str]) -> list[str]:
    """The lines that are not blank: empty, or only spaces (a comment blanked)."""
    if not lines or (lines[0][:1] != " " and "\n " not in "\n".join(lines)):
        return list(filter(None, lines))  # no line starts with a space: only "" are blank
    return [line for line in lines if line.strip(" ")]


def _hands(
    rules: ExpressRules,
    rows: list[str],
    at: int,
    ledger: GameLedger | None,
    play: list[str] | None,
) -> int | None:
    """Replay and score the hands from ``rows[at]``; the count of hands, or ``None``."""
    parties = rules.parties
    scores = [0] * len(parties)
    bags = [0] * len(parties)
    sets = [0] * len(parties)
    bostons = [False] * len(parties)
    won: int | None = None  # the party that has won, once decided
    hands = 0
    dealer = -1
    winners: list[int] | None = None
    figures: list[Figures] | None = None
    # The score and bags lines as ``fmt`` writes them, to be filled with the figures
    # (``score NS %d EW %d``): a line equal to one needs no closer reading (a score of
    # ten digits, which ``_SCORE`` refuses, is out of reach of 99 hands).
    score_line = " ".join(["score", *(f"{party} %d" for party in parties)])
    bags_line = " ".join(["bags", *(f"{party} %d" for party in parties)])
    while at < len(rows):
        words = rows[at].split(" ")
        if words[0] == "result":
            # the last line, naming the party that won, as recomputed
            if at != len(rows) - 1 or len(words) != 2 or won is None:
                return None
            if ledger is not None:
                ledger.recorded_winner = words[1]
            return hands if words[1] == parties[won] else None
        if (
            won is not None  # play-after-game-over
            or len(words) != 4
            or words[0] != "hand"
            or hands == MAX_HANDS
            or words[1] != str(hands + 1)
            or words[2] != "dealer"
            or words[3] not in rules.seats
        ):
            return None
        seat = rules.seats.index(words[3])
        if dealer >= 0 and seat != (dealer + 1) % rules.players:
            return None  # dealer-out-of-turn
        dealer = seat
        hands += 1
        if ledger is not None:
            winners, figures = [], []
        deal = at + 1
        dealt: int | None = deal  # the row of its deal line, if it has one
        unbid = hands in rules.unbid
        played = play_hand(rules, dealer, rows, deal, scores, winners, unbid)
        bid_row: int | None = None  # the row of its bid line, if it has one
        if played is not None:
            at, line_bids, took, first, drawn = played  # drawn: the row after the draws
            if not unbid:
                bid_row = drawn
            if play is not None:  # the deal and draw lines, and the trick lines to ``at``
                play.append(rows[deal])
                if drawn != deal + 1:
                    play.extend(rows[deal + 1 : drawn])
                play.extend(rows[first:at])
        elif not unbid and deal < len(rows) and rows[deal].startswith("bid "):
            # a score sheet's hand: bids and a took line
            played = sheet_bids(rules, dealer, rows, deal, scores)
            if played is None:
                return None
            at, line_bids, took, first, bid_row = played
            if at >= len(rows) or rows[at][:5] != "took ":
                return None  # incomplete-hand: a sheet's hand without its took line
            dealt = None
        elif unbid and deal < len(rows) and rows[deal][:5] == "took ":
            # a score sheet's hand played without bids: its took line alone
            at, line_bids, took, first = deal, unbid_line(rules), [0] * rules.players, deal
            dealt = None
        else:
            return None
        bid, sides = line_bids
        line = rows[at] if at < len(rows) else "-"
        if line[0] in "ct":  # a claim or a took line: the hand's outcome
            outcome = _outcome(rules, rows, first, at, bid, took)
            if outcome is None:
                return None
            at, took = outcome
            line = rows[at] if at < len(rows) else "-"
        score_parties(rules, bid, took, scores, bags, sets, bostons, figures, sides, unbid)
        if ledger is not None and winners is not None and figures is not None:
            ledger.hands.append(
                HandLedger(
                    dealt,
                    bid_row,
                    first,
                    at,
                    dealer,
                    bid,
                    took,
                    winners,
                    figures,
                    tuple(scores),
                    tuple(sets),
                )
            )
        if line.startswith("score "):
            if line != score_line % tuple(scores) and (
                _recorded(line, parties, _SCORE.fullmatch) != scores
            ):
                return None  # score-mismatch
            at += 1
            line = rows[at] if at < len(rows) else "-"
        if line.startswith("bags "):
            if line != bags_line % tuple(bags) or max(bags) > MAX_NUMBER:
                recorded = _recorded(line, parties, _BAGS.__contains__)
                if recorded is None or (rules.carry and recorded != bags):
                    return None  # bags-mismatch
            at += 1
        decided = winner(rules, scores, sets, bostons)
        if decided is not None:
            won = decided[0]
            if ledger is not None:
                ledger.end = (won, decided[1], hands)
    return hands or None


def _outcome(
    rules: ExpressRules, rows: list[str], first: int, at: int, bids: list[int], won: list[int]
) -> tuple[int, list[int]] | None:
    """A hand's ``claim`` and ``took`` lines from ``rows[at]``, after the trick lines
    from ``rows[first]`` (none, on a score sheet), in which each seat won ``won``: the
    row after them and each seat's tricks (a side's together on its first seat), or
    ``None``.  A claim, when fewer tricks were played than the hand has, gives the
    claimer's side every trick not played; a took line is read by the rules core."""
    played = at - first
    claimer = -1
    if rows[at][0] == "c":
        claimer = rules.claims.get(rows[at], -1)
        if claimer < 0 or played >= rules.tricks:
            return None  # a claim by no one at the table, or after every trick
        at += 1
        if at == len(rows) or rows[at][0] != "t":
            won = won.copy()
            won[claimer] += rules.tricks - played
            return at, won
    counted = read_took(rules, rows[at], bids, won, played, claimer)
    return None if counted is None else (at + 1, counted)


def _recorded(
    line: str, parties: tuple[str, ...], number: Callable[[str], object]
) -> list[int] | None:
    """``score NS 120 EW -40`` (or ``bags``): each party's figure, in the order of
    ``parties``; ``None`` unless every party is given once, no one else, and every
    figure is written as ``number`` allows (it answers true)."""
    words = line.split(" ")
    if len(words) != 1 + 2 * len(parties):
        return None
    names = tuple(words[1::2])
    figures = words[2::2]
    if names != parties:  # in another order: each party once, no one else
        if sorted(names) != sorted(parties):
            return None
        figures = [figures[names.index(name)] for name in parties]
    out = []
    for figure in figures:
        if not number(figure):
            return None
        out.append(int(figure))
    return out
