"""A whole game for the express check: tags, hands, the score sheet and the result.

:func:`express_game` walks the lines of one game as ``spadesctl fmt`` writes them: the
tags, then per hand ``hand``, ``deal``, ``bid``, any ``pass`` lines, thirteen ``trick``
lines and optional ``score`` and ``bags`` lines, and an optional ``result`` line at the
end (blank lines anywhere).  It replays and scores each hand
(:func:`~spadesctl.express.hand.play_hand`, :func:`~spadesctl.express.score.score_side`),
carries the running score, and compares every figure the record writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from spadesctl.express.family import ExpressRules, express_rules
from spadesctl.express.hand import SEATS, play_hand
from spadesctl.express.score import score_side, winner
from spadesctl.rules.parse import RulesError, parse_rules
from spadesctl.rules.ruleset import Ruleset

#: A tag as ``fmt`` writes it, with no escapes in its value.
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "([^"\\]*)"\]')
#: A signed whole number as ``fmt`` writes it (no sign for positives, no leading zeros).
_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)")
_SEAT: Final = {s: i for i, s in enumerate(SEATS)}
_SIDES: Final = ("NS", "EW")


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
    while at < len(rows) and rows[at][0] == "[":
        tag = _TAG.fullmatch(rows[at])
        if tag is None:
            return None
        if rules_text is None and tag[1].lower() == "rules":
            rules_text = tag[2]
        at += 1
    rules = _rules(rules_text, default)
    if rules is None:
        return None
    return _hands(rules, rows, at)


def _rules(text: str | None, default: Ruleset) -> ExpressRules | None:
    """The express view of the game's ruleset (``None``: invalid, or not covered)."""
    if text is None:
        return express_rules(default)
    try:
        return express_rules(parse_rules(text))
    except RulesError:
        return None  # invalid-rules


def _hands(rules: ExpressRules, rows: list[str], at: int) -> int | None:
    """Replay and score the hands from ``rows[at]``; the count of hands, or ``None``."""
    scores = [0, 0]
    bags = [0, 0]
    sets = [0, 0]
    bostons = [False, False]
    won: int | None = None  # the side that has won, once decided
    hands = 0
    dealer = -1
    while at < len(rows):
        words = rows[at].split(" ")
        if words[0] == "result":
            # the last line, naming the side that won, as recomputed
            if at != len(rows) - 1 or len(words) != 2 or won is None:
                return None
            return hands if words[1] == _SIDES[won] else None
        if (
            won is not None  # play-after-game-over
            or len(words) != 4
            or words[0] != "hand"
            or words[1] != str(hands + 1)
            or words[2] != "dealer"
        ):
            return None
        seat = _SEAT.get(words[3])
        if seat is None or (dealer >= 0 and seat != (dealer + 1) & 3):
            return None
        dealer = seat
        hands += 1
        played = play_hand(rules, dealer, rows, at + 1, scores)
        if played is None:
            return None
        at, bid, took = played
        for side in (0, 1):
            points, bags[side], sets[side], bostons[side] = score_side(
                rules,
                (bid[side], bid[side + 2]),
                (took[side], took[side + 2]),
                bags[side],
                sets[side],
            )
            scores[side] += points
        if at < len(rows) and rows[at].startswith("score "):
            if _recorded(rows[at]) != scores:
                return None  # score-mismatch
            at += 1
        if at < len(rows) and rows[at].startswith("bags "):
            recorded = _recorded(rows[at])
            if recorded is None or min(recorded) < 0 or (rules.carry and recorded != bags):
                return None  # bags-mismatch
            at += 1
        won = winner(rules, scores, sets, bostons)
    return hands or None


def _recorded(line: str) -> list[int] | None:
    """``score NS 120 EW -40`` (or ``bags``): the figures of NS and EW, else ``None``.

    (The grammar reads no sign in a ``bags`` line: the caller refuses negative bags.)
    """
    words = line.split(" ")
    if len(words) != 5:
        return None
    out = [0, 0]
    for name, number in ((words[1], words[2]), (words[3], words[4])):
        side = _SIDES.index(name) if name in _SIDES else -1
        if side < 0 or not _NUMBER.fullmatch(number):
            return None
        out[side] = int(number)
    return out if words[1] != words[3] else None
