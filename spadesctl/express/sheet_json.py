"""A settled game's ``score --format json`` text, straight from what the express check found.

:func:`settled_json` writes the very text that
:func:`~spadesctl.emit.json_text.indented` writes of
:func:`~spadesctl.sheet.render.sheet_json` of the game's report
(:func:`~spadesctl.express.sheet.express_report`), without building that report or its
dicts: each hand's figures come from the :class:`~spadesctl.express.game.GameLedger`
(each party's points, bag counter, bags added and running score from the rules core's
figures), the bids, the recorded lines and a ``took`` line's tricks (its entries as
written, as the full engine's sheet keeps them) from the game's canonical lines, the explanation
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
from spadesctl.core.score import Figures, score_rules
from spadesctl.express.game import GameLedger
from spadesctl.express.lines import nils_by_party, settled_lines, took_entries
from spadesctl.express.sheet import BAG_PENALTIES, BAGS_ADDED, game_result
from spadesctl.record import SEAT_TAGS
from spadesctl.rules import format_rules
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring.explain import explained_as_unbid, party_items, unbid_item
from spadesctl.scoring.hand import nil_result, party_result
from spadesctl.scoring.model import Item, parties_of

#: A line break and the indentation of each depth of the document below a game (the
#: game is a member of the top-level ``games`` list: its lines start with 4 spaces).
_GAME: Final = "\n    "
_KEY: Final = "\n      "  # a game's keys
_HAND: Final = "\n        "  # a hand's braces
_FIELD: Final = "\n          "  # a hand's keys
_ENTRY: Final = "\n            "  # their entries (and ``recorded``'s keys)
_INNER: Final = "\n              "  # ``recorded``'s entries, an item's keys
#: How many parties' outcomes a ruleset's explainer remembers.
_REMEMBERED: Final = 4096


def _object(keys: Sequence[str], values: Sequence[str], close: str) -> str:
    """A JSON object of ``keys`` (each ``"NAME": ``) and ``values`` (JSON text, or ``%d``
    in a template), its entries one step deeper than ``close`` (the line break before
    its closing brace)."""
    inner = close + "  "
    entries = [k + v for k, v in zip(keys, values, strict=True)]
    return "{" + inner + ("," + inner).join(entries) + close + "}"


def _recorded(line: str, names: list[str], template: str) -> str:
    """A canonical ``score`` or ``bags`` line's figures as a JSON object, in the order
    written (a settled line names every party once): ``template`` (an object of
    ``names`` in order, ``%d`` for each figure) when they are in that order."""
    words = line.split(" ")
    figures = tuple(map(int, words[2::2]))
    if words[1::2] == names:
        return template % figures
    keys = [f'"{w}": ' for w in words[1::2]]
    return _object(keys, [str(f) for f in figures], _ENTRY)


#: A party's nils in a hand: each bidder's seat, whether blind, its tricks, in the order bid.
_Nils = tuple[tuple[int, bool, int], ...]


@functools.lru_cache(maxsize=64)
def _explainer(ruleset: Ruleset) -> _Explainer:
    """The explanation items of one ruleset's parties, remembered as they are written
    (the same outcome recurs from hand to hand)."""
    return _Explainer(ruleset)


class _Explainer:
    """A party's explanation items in a hand, as JSON objects, by what they depend on:
    the party's figures, its tricks, its nils and, when it pays a bag penalty, its bag
    counter before the hand (plain tuples of ints, which hash fast)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.parties = parties_of(ruleset)
        self.seats = seats_for(ruleset.players)
        self.found: dict[tuple[object, ...], tuple[str, ...]] = {}

    def items(
        self, p: int, f: Figures, taken: int, nils: _Nils, before: int, unbid: int = 0
    ) -> tuple[str, ...]:
        """Party ``p``'s items: its figures ``f``, ``taken`` tricks, ``nils`` (each
        bidder's seat, whether blind, its tricks, in the order bid), and its bag counter
        ``before`` the hand (0 when it pays no penalty); ``unbid``: the number of a hand
        played without bids (0: the hand was bid)."""
        # the items do not read f[0:2] (the sums); an unbid hand's name its number
        key: tuple[object, ...] = (p, f[2:], taken, nils, before)
        if unbid:
            key += (unbid,)
        found = self.found.get(key)
        if found is None:
            if len(self.found) == _REMEMBERED:  # memory stays bounded, whatever the corpus
                self.found.clear()
            found = self.found[key] = self._written(p, f, taken, nils, before, unbid)
        return found

    def _written(
        self, p: int, f: Figures, taken: int, nils: _Nils, before: int, unbid: int
    ) -> tuple[str, ...]:
        ruleset, party = self.ruleset, self.parties[p]
        result = party_result(party, f, taken)
        if explained_as_unbid(ruleset, bool(unbid)):
            items: tuple[Item, ...] = (unbid_item(unbid, result),)
        else:
            score = score_rules(ruleset)
            nil_results = tuple(
                nil_result(score, self.seats[s], party, blind, took) for s, blind, took in nils
            )
            items = party_items(ruleset, bool(unbid), result, nil_results, before)
        return tuple(
            f"{{{_INNER}"
            f'"party": "{item.party.value}",{_INNER}'
            f'"points": {item.points},{_INNER}'
            f'"text": {encode_basestring(item.text)}{_ENTRY}}}'
            for item in items
        )


@functools.lru_cache(maxsize=64)
def _hand_template(
    party_keys: tuple[str, ...], seat_keys: tuple[str, ...] | None, bid: bool = True
) -> str:
    """A settled hand's JSON object, with ``%`` fields for what varies: the number, the
    dealer, the bids' entries, each seat's tricks (``seat_keys`` ``None``: the tricks'
    object as one field, for a hand whose took line gives them), each party's points,
    bag counter, bags added and total, the recorded totals and bags, and the
    explanation.  ``bid`` false: a hand played without bids, whose bids' object is empty
    (its field, ``%.0s``, writes nothing)."""
    bids = f"{{%s{_FIELD}}}" if bid else "{}%.0s"
    parties = _object(party_keys, ["%d"] * len(party_keys), _FIELD)
    tricks = "%s" if seat_keys is None else _object(seat_keys, ["%d"] * len(seat_keys), _FIELD)
    return (
        f"{{{_FIELD}"
        f'"hand": %d,{_FIELD}'
        f'"dealer": "%s",{_FIELD}'
        f'"scored": true,{_FIELD}'
        f'"unscored_reason": null,{_FIELD}'
        f'"after_game_over": false,{_FIELD}'
        f'"bids": {bids},{_FIELD}'
        f'"tricks": {tricks},{_FIELD}'
        f'"rulings": [],{_FIELD}'
        f'"points": {parties},{_FIELD}'
        f'"bags": {parties},{_FIELD}'
        f'"new_bags": {parties},{_FIELD}'
        f'"totals": {parties},{_FIELD}'
        f'"recorded": {{{_ENTRY}'
        f'"totals": %s,{_ENTRY}'
        f'"bags": %s{_FIELD}}},{_FIELD}'
        f'"disputed": false,{_FIELD}'
        f'"explanation": %s{_HAND}}}'
    )


def settled_json(ledger: GameLedger, source: str, index: int) -> str:
    """The JSON text of the sheet of game ``index`` of ``source``, which the express
    check settled and told ``ledger`` about: ``indented(sheet_json(report), "    ")`` of
    its report (without ``--apply-penalties``)."""
    ruleset, rules = ledger.ruleset, ledger.rules
    assert ruleset is not None and rules is not None
    rows = ledger.rows
    names = [p.value for p in parties_of(ruleset)]
    party_keys = [f'"{name}": ' for name in names]
    seat_names = [s.value for s in seats_for(ruleset.players)]
    seat_keys = tuple(f'"{s}": ' for s in seat_names)
    party_tuple = tuple(party_keys)
    template = _hand_template(party_tuple, seat_keys)
    took_template: str | None = None  # for a hand whose took line gives its tricks
    recorded = _object(party_keys, ["%d"] * len(party_keys), _ENTRY)
    explainer = _explainer(ruleset)
    members = list(enumerate(rules.party_seats))
    bags = [0] * len(names)  # each party's bag counter before the hand
    bid_entry = "," + _ENTRY
    hands = []
    for number, hand in enumerate(ledger.hands, start=1):
        lines = settled_lines(rows, hand)
        words = lines.bids
        bidders = words[1::2]
        took, figures = hand.took, hand.figures
        unbid = 0 if hand.bid is not None else number
        by_party = nils_by_party(rules, hand, bidders)
        items: list[str] = []
        for p, mates in members:
            f = figures[p]
            before = bags[p] if f[BAG_PENALTIES] else 0
            taken = sum([took[s] for s in mates])
            items.extend(explainer.items(p, f, taken, tuple(by_party[p]), before, unbid))
        recorded_score = "null" if lines.score is None else _recorded(lines.score, names, recorded)
        recorded_bags = "null" if lines.bags is None else _recorded(lines.bags, names, recorded)
        bags = [f[1] for f in figures]
        chosen = template
        tricks: Sequence[object] = took
        if lines.took is not None:  # its tricks as the took line gives them, in its order
            if took_template is None:
                took_template = _hand_template(party_tuple, None)
            entries = took_entries(lines.took)
            keys = [f'"{name}": ' for name, _ in entries]
            chosen = took_template
            tricks = [_object(keys, [str(count) for _, count in entries], _FIELD)]
        if unbid:  # no bids (the first hand, at most: a template of its own)
            chosen = _hand_template(party_tuple, None if lines.took else seat_keys, False)
        hands.append(
            chosen
            % (
                number,
                seat_names[hand.dealer],
                _ENTRY
                + bid_entry.join(
                    [f'"{s}": "{v}"' for s, v in zip(bidders, words[2::2], strict=True)]
                ),
                *tricks,
                *[f[0] for f in figures],
                *bags,
                *[f[BAGS_ADDED] for f in figures],
                *hand.scores,
                recorded_score,
                recorded_bags,
                f"[{_ENTRY}" + bid_entry.join(items) + f"{_FIELD}]" if items else "[]",
            )
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
    result = game_result(ledger)
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
        f'"final": {_object(party_keys, list(map(str, ledger.hands[-1].scores)), _KEY)},{_KEY}'
        f'"disputed": false,{_KEY}'
        f'"disputes": [],{_KEY}'
        f'"problems": 0{_GAME}}}'
    )
