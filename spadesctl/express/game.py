"""A whole game for the express check: tags, hands, the score sheet and the result.

:func:`express_game` walks the lines of one game as ``spadesctl fmt`` writes them: the
tags, then per hand ``hand``, ``deal``, ``bid``, any ``pass`` lines, a ``trick`` line per
trick and optional ``score`` and ``bags`` lines, and an optional ``result`` line at the
end (blank lines anywhere).  It replays and scores each hand
(:func:`~spadesctl.express.hand.play_hand`, :func:`~spadesctl.express.score.score_parties`),
carries the running score, and compares every figure the record writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from spadesctl.core.limits import MAX_HANDS, MAX_NUMBER
from spadesctl.express.family import ExpressRules, express_rules
from spadesctl.express.hand import play_hand
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


def express_game(lines: Sequence[str], default: Ruleset) -> int | None:
    """The number of hands of a game in which the full check finds nothing; ``None``
    when the express check is not sure (the full engine then checks the game).

    ``lines``: the game's lines as the reader splits them
    (:class:`~spadesctl.notation.reader.GameText`, which must hold no issues);
    ``default``: the ruleset for a game without a ``[Rules]`` tag.
    """
    rows = [line for line in lines if line.strip(" ")]
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
        at += 1
    rules = _rules(rules_text, default)
    if rules is None:
        return None
    return _hands(rules, rows, at)


def _rules(text: str | None, default: Ruleset) -> ExpressRules | None:
    """The express view of the game's ruleset (``None``: invalid, or not covered)."""
    try:
        return express_rules(declared_rules(text, default))
    except RulesError:
        return None  # invalid-rules


def _hands(rules: ExpressRules, rows: list[str], at: int) -> int | None:
    """Replay and score the hands from ``rows[at]``; the count of hands, or ``None``."""
    parties = rules.parties
    scores = [0] * len(parties)
    bags = [0] * len(parties)
    sets = [0] * len(parties)
    bostons = [False] * len(parties)
    won: int | None = None  # the party that has won, once decided
    hands = 0
    dealer = -1
    while at < len(rows):
        words = rows[at].split(" ")
        if words[0] == "result":
            # the last line, naming the party that won, as recomputed
            if at != len(rows) - 1 or len(words) != 2 or won is None:
                return None
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
        played = play_hand(rules, dealer, rows, at + 1, scores)
        if played is None:
            return None
        at, bid, took = played
        score_parties(rules, bid, took, scores, bags, sets, bostons)
        if at < len(rows) and rows[at].startswith("score "):
            if _recorded(rows[at], parties, _SCORE.fullmatch) != scores:
                return None  # score-mismatch
            at += 1
        if at < len(rows) and rows[at].startswith("bags "):
            recorded = _recorded(rows[at], parties, _BAGS.__contains__)
            if recorded is None or (rules.carry and recorded != bags):
                return None  # bags-mismatch
            at += 1
        won = winner(rules, scores, sets, bostons)
    return hands or None


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
