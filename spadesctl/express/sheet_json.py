"""A settled game's ``score --format json`` text, straight from what the express check found.

:func:`settled_json` writes the very text that
:func:`~spadesctl.emit.json_text.indented` writes of
:func:`~spadesctl.sheet.render.sheet_json` of the game's report
(:func:`~spadesctl.express.sheet.express_report`), without building that report or its
dicts: each hand's figures come from the :class:`~spadesctl.express.game.GameLedger`
(each party's points, bag counter, bags added and running score from the rules core's
figures), the bids and recorded lines from the game's canonical lines, the explanation
from :func:`spadesctl.scoring.explain.party_items` (the scorer's wording) and the
result from :func:`spadesctl.express.sheet.game_result`.  A settled game has no
disagreement, no ruling, no unscored hand and no hand after its end, so those parts of
the document are constant.  The layout (keys, order, indentation) is ``sheet_json``'s,
written out here a second time for speed; ``tests/test_express_sheet.py`` proves the two
byte for byte equal on generated games of every preset and covered ruleset (as ``fmt``
writes them and as people do), the samples and random edits.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Final

from spadesctl.cards import seats_for
from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.express.game import GameLedger, first_trick
from spadesctl.express.sheet import game_result, hand_nils, hand_results
from spadesctl.record import SEAT_TAGS
from spadesctl.rules import format_rules
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring.explain import party_items
from spadesctl.scoring.model import NilResult, PartyResult, parties_of

#: A line break and the indentation of each depth of the document below a game (the
#: game is a member of the top-level ``games`` list: its lines start with 4 spaces).
_GAME: Final = "\n    "
_KEY: Final = "\n      "  # a game's keys
_HAND: Final = "\n        "  # a hand's braces
_FIELD: Final = "\n          "  # a hand's keys
_ENTRY: Final = "\n            "  # their entries (and ``recorded``'s keys)
_INNER: Final = "\n              "  # ``recorded``'s entries, an item's keys


def _ints(keys: Sequence[str], values: Sequence[int], close: str) -> str:
    """A JSON object of ``keys`` (each ``"NAME": ``) and int values, its entries one
    step deeper than ``close`` (the line break before its closing brace)."""
    inner = "," + close + "  "
    return (
        "{"
        + close
        + "  "
        + inner.join([k + str(v) for k, v in zip(keys, values, strict=True)])
        + close
        + "}"
    )


def _recorded(line: str, close: str) -> str:
    """A canonical ``score`` or ``bags`` line's figures as a JSON object, in the order
    written (a settled line names every party once)."""
    words = line.split(" ")
    return _ints([f'"{w}": ' for w in words[1::2]], list(map(int, words[2::2])), close)


@functools.lru_cache(maxsize=4096)
def _items(
    rules: Ruleset, result: PartyResult, nils: tuple[NilResult, ...], bags_before: int
) -> tuple[str, ...]:
    """A party's explanation items in a hand, as JSON objects (the same outcome recurs
    from hand to hand)."""
    return tuple(
        f"{{{_INNER}"
        f'"party": "{item.party.value}",{_INNER}'
        f'"points": {item.points},{_INNER}'
        f'"text": {encode_basestring(item.text)}{_ENTRY}}}'
        for item in party_items(rules, False, result, nils, bags_before)
    )


def settled_json(ledger: GameLedger, source: str, index: int) -> str:
    """The JSON text of the sheet of game ``index`` of ``source``, which the express
    check settled and told ``ledger`` about: ``indented(sheet_json(report), "    ")`` of
    its report (without ``--apply-penalties``)."""
    ruleset, rules = ledger.ruleset, ledger.rules
    assert ruleset is not None and rules is not None
    rows = ledger.rows
    parties = parties_of(ruleset)
    party_keys = [f'"{p.value}": ' for p in parties]
    seats = seats_for(ruleset.players)
    seat_keys = [f'"{s.value}": ' for s in seats]
    seat_names = [s.value for s in seats]
    size = rules.tricks
    bags = [0] * len(parties)  # each party's bag counter before the hand
    hands = []
    for number, hand in enumerate(ledger.hands, start=1):
        words = rows[hand.deal + 1].split(" ")
        bidders = words[1::2]
        results, _ = hand_results(ledger, hand)
        figures = hand.figures
        codes = hand.bids
        nils = hand_nils(ledger, hand, bidders) if NIL in codes or BLIND_NIL in codes else None
        items: list[str] = []
        for p, result in enumerate(results):
            before = bags[p] if result.bag_penalties else 0
            items.extend(_items(ruleset, result, () if nils is None else tuple(nils[p]), before))
        at = first_trick(rows, hand.deal) + size
        recorded_score = recorded_bags = "null"
        if at < len(rows) and rows[at].startswith("score "):
            recorded_score = _recorded(rows[at], _ENTRY)
            at += 1
        if at < len(rows) and rows[at].startswith("bags "):
            recorded_bags = _recorded(rows[at], _ENTRY)
        new_bags = [r.bags_added for r in results]
        bags = [f[1] for f in figures]
        hands.append(
            f"{{{_FIELD}"
            f'"hand": {number},{_FIELD}'
            f'"dealer": "{seat_names[hand.dealer]}",{_FIELD}'
            f'"scored": true,{_FIELD}'
            f'"unscored_reason": null,{_FIELD}'
            f'"after_game_over": false,{_FIELD}'
            f'"bids": {{{_ENTRY}'
            + f",{_ENTRY}".join(
                [f'"{s}": "{v}"' for s, v in zip(bidders, words[2::2], strict=True)]
            )
            + f"{_FIELD}}},{_FIELD}"
            f'"tricks": {_ints(seat_keys, hand.took, _FIELD)},{_FIELD}'
            f'"rulings": [],{_FIELD}'
            f'"points": {_ints(party_keys, [f[0] for f in figures], _FIELD)},{_FIELD}'
            f'"bags": {_ints(party_keys, bags, _FIELD)},{_FIELD}'
            f'"new_bags": {_ints(party_keys, new_bags, _FIELD)},{_FIELD}'
            f'"totals": {_ints(party_keys, hand.scores, _FIELD)},{_FIELD}'
            f'"recorded": {{{_ENTRY}'
            f'"totals": {recorded_score},{_ENTRY}'
            f'"bags": {recorded_bags}{_FIELD}}},{_FIELD}'
            f'"disputed": false,{_FIELD}'
            f'"explanation": '
            + (f"[{_ENTRY}" + f",{_ENTRY}".join(items) + f"{_FIELD}]" if items else "[]")
            + f"{_HAND}}}"
        )
    return _game_text(ledger, source, index, party_keys, hands)


def _game_text(
    ledger: GameLedger, source: str, index: int, party_keys: list[str], hands: list[str]
) -> str:
    """The game's object around its ``hands`` (each written already)."""
    ruleset = ledger.ruleset
    assert ruleset is not None
    event = next((value for name, value in ledger.tags if name.lower() == "event"), None)
    players = [(SEAT_TAGS[name].value, value) for name, value in ledger.tags if name in SEAT_TAGS]
    result = game_result(ledger, [])
    winner = ledger.recorded_winner
    return (
        f"    {{{_KEY}"
        f'"file": {encode_basestring(source)},{_KEY}'
        f'"game": {index},{_KEY}'
        f'"event": {"null" if event is None else encode_basestring(event)},{_KEY}'
        f'"rules": {encode_basestring(format_rules(ruleset))},{_KEY}'
        f'"parties": [{_HAND}'
        + f",{_HAND}".join([key[:-2] for key in party_keys])
        + f"{_KEY}],{_KEY}"
        f'"players": '
        + (
            f"{{{_HAND}"
            + f",{_HAND}".join([f'"{seat}": {encode_basestring(name)}' for seat, name in players])
            + f"{_KEY}}}"
            if players
            else "{}"
        )
        + f',{_KEY}"hands": [{_HAND}'
        + f",{_HAND}".join(hands)
        + f"{_KEY}],{_KEY}"
        f'"result": '
        + (
            "null"
            if result is None
            else f"{{{_HAND}"
            f'"winner": "{result.winner.value}",{_HAND}'
            f'"reason": {encode_basestring(result.reason.value)},{_HAND}'
            f'"hand": {result.hand},{_HAND}'
            f'"text": {encode_basestring(result.text)}{_KEY}}}'
        )
        + f",{_KEY}"
        f'"recorded_result": {"null" if winner is None else encode_basestring(winner)},{_KEY}'
        f'"hands_after_game_over": [],{_KEY}'
        f'"final": {_ints(party_keys, ledger.hands[-1].scores, _KEY)},{_KEY}'
        f'"disputed": false,{_KEY}'
        f'"disputes": [],{_KEY}'
        f'"problems": 0{_GAME}}}'
    )
