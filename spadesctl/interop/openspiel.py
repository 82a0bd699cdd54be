"""OpenSpiel's ``spades`` game -> games: serialized states and plain action histories.

OpenSpiel (``open-spiel`` on PyPI) plays one hand of partnership spades per episode.
Its records are action ids:

- ``0..51`` are cards, ``suit * 13 + rank`` with the suits clubs, diamonds, hearts,
  spades (0..3) and the ranks 2..A (0..12).  The first 52 actions are the deal (chance
  events): the card of action ``i`` goes to player ``i % 4``, North, East, South, West.
- ``52..65`` are bids: ``52 + n`` bids ``n`` tricks, ``52`` (0) is nil.  North always
  bids first, then East, South, West (its first bidder is fixed: there is no dealer),
  and North leads the first trick.
- then 52 cards are played, four to a trick, each trick led by the winner of the one
  before.

Two forms are read (docs/openspiel.md):

- the text of ``pyspiel.serialize_game_and_state(game, state)``: a ``[Game]`` section
  holding the game string (``spades(win_threshold=300)``) and a ``[State]`` section of
  action ids, one a line (the grammar is ``grammar/openspiel.lark``; every line is
  parsed on its own, so a bad line is one positioned issue);
- a plain action history as JSON, one object a line (or one document):
  ``{"game": "spades(...)", "history": [8, 37, ...]}`` (``"actions"`` is read as
  ``"history"``; ``"parameters"`` may hold the parameters instead of the game string;
  ``"players"`` the four names, North first).

The game's parameters map to a ruleset (:func:`openspiel_rules`); the hand is hand 1,
dealt by West (so that North bids and leads first, as OpenSpiel plays).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, BinaryIO, Final

from spadesctl import events as ev
from spadesctl.cards import Card, Seat, Suit, holding_order
from spadesctl.diagnostics import UNKNOWN_OPTION
from spadesctl.grammar_errors import LineGrammar
from spadesctl.notation.reader import read_lines
from spadesctl.quoting import quoted
from spadesctl.record import Game, assemble
from spadesctl.rules import Ruleset, format_rules, parse_rules

if TYPE_CHECKING:
    pass

#: OpenSpiel's card suits in id order (``suit * 13 + rank``), and its ranks 2..A.
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
CARDS: Final = 52
BID_BASE: Final = 52
MAX_BID: Final = 13
GAME_NAME: Final = "spades"
#: The tag that keeps the game string, parameters and all, as OpenSpiel wrote it.
GAME_TAG: Final = "OpenSpielGame"
RULES_FROM: Final = "RulesFrom"

#: OpenSpiel's defaults for the spades parameters (open_spiel/games/spades/spades.cc).
DEFAULTS: Final[Mapping[str, object]] = MappingProxyType(
    {
        "use_mercy_rule": True,
        "mercy_threshold": -350,
        "win_threshold": 500,
        "win_or_loss_bonus": 200,
        "num_tricks": 2,
    }
)


def card_of(action: int) -> Card:
    """The card of an action id ``0..51``."""
    return Card(action % 13 + 2, _SUITS[action // 13])


def action_of(c: Card) -> int:
    """The action id of a card of the standard pack (the inverse of :func:`card_of`)."""
    return _SUITS.index(c.suit) * 13 + c.rank - 2


# ---- the ruleset --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Parameter:
    """One ``name=value`` of a game string, with where it stands."""

    name: str
    value: str
    pos: ev.Position


def _value(text: str) -> object:
    if text in ("True", "true"):
        return True
    if text in ("False", "false"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def openspiel_rules(
    parameters: Iterable[Parameter], issues: list[ev.SyntaxIssue] | None = None
) -> Ruleset:
    """The ruleset OpenSpiel's ``spades`` plays with these parameters.

    Standard spades, with OpenSpiel's rules: no blind nil, a failed nil's tricks count for
    the side (``failed_nil_tricks=partner``), partners bid at most 13 together
    (``max_team_bid=13``), ``win_threshold`` the target and, with ``use_mercy_rule``,
    ``mercy_threshold`` a losing score.  ``win_or_loss_bonus`` only changes OpenSpiel's
    returns and ``num_tricks`` its observations: neither is a rule.  Any other parameter,
    or a value that is not a whole number, is one ``unknown-option`` warning in ``issues``.
    """
    values = dict(DEFAULTS)
    for p in parameters:
        value = _value(p.value)
        default = DEFAULTS.get(p.name)
        if default is None or type(value) is not type(default):
            if issues is not None:
                issues.append(
                    ev.SyntaxIssue(
                        f"OpenSpiel parameter {p.name}={p.value}: spadesctl does not know "
                        "what it means for the rules; it is ignored",
                        p.pos,
                        UNKNOWN_OPTION,
                    )
                )
            continue
        values[p.name] = value
    lose_at = values["mercy_threshold"] if values["use_mercy_rule"] else "off"
    return parse_rules(
        f"standard dealer_rotation=none blind_nil=off failed_nil_tricks=partner "
        f"max_team_bid={MAX_BID} "
        f"target={values['win_threshold']} lose_at={lose_at}"
    )


# ---- one record -----------------------------------------------------------------------


@dataclass(slots=True)
class OpenSpielRecord:
    """One game as read: its game string, parameters, action ids and problems."""

    name: str = GAME_NAME
    game_string: str = GAME_NAME
    parameters: list[Parameter] = field(default_factory=list)
    actions: list[tuple[int, ev.Position]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    issues: list[ev.SyntaxIssue] = field(default_factory=list)
    pos: ev.Position = field(default_factory=lambda: ev.Position(1, 1))


def _issue(out: list[ev.SyntaxIssue], message: str, pos: ev.Position) -> None:
    out.append(ev.SyntaxIssue(message, pos))


def record_events(record: OpenSpielRecord, rules: Ruleset | None = None) -> list[ev.LineEvent]:
    """The native events of one OpenSpiel game (``rules``: ``--rules``, replacing the
    ruleset the parameters map to)."""
    issues = list(record.issues)
    tags: list[ev.LineEvent] = [ev.Tag(GAME_TAG, record.game_string, record.pos)]
    for seat, name in zip(_SEATS, record.players, strict=False):
        tags.append(ev.Tag(seat.word, name, record.pos))
    if record.name != GAME_NAME:
        _issue(
            issues,
            f"OpenSpiel game {quoted(record.name)} is not spades; its actions are not read",
            record.pos,
        )
        return [*issues, *tags]
    mapped = openspiel_rules(record.parameters, issues)
    chosen = rules if rules is not None else mapped
    tags.append(ev.Tag("Rules", format_rules(chosen), record.pos))
    tags.append(ev.Tag(RULES_FROM, "--rules" if rules is not None else "OpenSpiel", record.pos))
    hand = _hand(record.actions, chosen, record.pos, issues)
    return [*sorted(issues, key=lambda i: i.pos), *tags, *hand]


def _hand(
    actions: list[tuple[int, ev.Position]],
    rules: Ruleset,
    pos: ev.Position,
    issues: list[ev.SyntaxIssue],
) -> list[ev.LineEvent]:
    from spadesctl.core.deck import trick_winner_of_cards as trick_winner

    start = actions[0][1] if actions else pos
    events: list[ev.LineEvent] = [ev.HandStart(1, Seat.W, start)]
    dealt: dict[Seat, list[Card]] = {s: [] for s in _SEATS}
    seen: set[int] = set()
    at = 0
    while at < len(actions) and at < CARDS:
        action, where = actions[at]
        if action >= CARDS or action in seen:
            why = "a card dealt twice" if action in seen else "not a card"
            _issue(issues, f"action {action} in the deal is {why}; the game ends here", where)
            return events
        seen.add(action)
        dealt[_SEATS[at % 4]].append(card_of(action))
        at += 1
    if at < CARDS:
        return events  # the state stops during the deal: nothing else to read
    holdings = (ev.Holding(s, tuple(sorted(dealt[s], key=holding_order)), start) for s in _SEATS)
    events.append(ev.Deal(tuple(holdings), start))  # each holding in the notation's order
    bids: list[ev.Bid] = []
    while at < len(actions) and len(bids) < 4:
        action, where = actions[at]
        n = action - BID_BASE
        if not 0 <= n <= MAX_BID:
            _issue(issues, f"action {action} is not a bid (52 to 65); the game ends here", where)
            return events
        seat = _SEATS[len(bids)]
        bids.append(ev.Bid(seat, ev.BidKind.NIL if n == 0 else ev.BidKind.NUMBER, n, where))
        at += 1
    if bids:
        events.append(ev.Bids(tuple(bids), bids[0].pos))
    leader = Seat.N
    number = 0
    while at < len(actions):
        chunk = actions[at : at + 4]
        bad = next((a for a in chunk if a[0] >= CARDS), None)
        if bad is not None:
            _issue(issues, f"action {bad[0]} is not a card; the game ends here", bad[1])
            chunk = chunk[: chunk.index(bad)]
        if not chunk:
            break
        number += 1
        played = tuple(card_of(a) for a, _ in chunk)
        events.append(
            ev.Trick(number, leader, played, tuple(p.column for _, p in chunk), chunk[0][1])
        )
        if bad is not None or len(chunk) < 4:
            break
        i = _SEATS.index(leader)
        leader = _SEATS[(i + trick_winner(list(played), rules, number == 1)) % 4]
        at += 4
        if number == CARDS // 4 and at < len(actions):
            _issue(issues, "actions after the last trick; they are not read", actions[at][1])
            break
    return events


def game_of(
    record: OpenSpielRecord, source: str = "-", index: int = 1, rules: Ruleset | None = None
) -> Game:
    """One OpenSpiel record as a :class:`~spadesctl.record.Game`."""
    return assemble(record_events(record, rules), source=source, index=index)


# ---- the serialized text ----------------------------------------------------------------


#: The grammar, and the words for people of its terminals.
_GRAMMAR: Final = LineGrammar(
    "openspiel.lark",
    MappingProxyType(
        {
            "COMMENT": "'#'",
            "LSQB": "'['",
            "RSQB": "']'",
            "SECTION": "Meta, Game or State",
            "META_KEY": "a key (Version)",
            "META_VALUE": "a value",
            "GAME_NAME": "a game string (spades(...))",
            "PARAM_NAME": "a parameter name",
            "PARAM_VALUE": "a parameter value",
            "ACTION": "an action id",
            "LPAR": "'('",
            "RPAR": "')'",
            "COMMA": "','",
            "EQUAL": "'='",
            "COLON": "':'",
        }
    ),
)


#: Lines of action ids alone: read without the grammar (the tests hold it equal).
_DIGITS: Final = re.compile(r"[ \t]*([0-9]+)[ \t]*")


def parse_line(text: str, line_no: int) -> tuple[str, object] | ev.SyntaxIssue:
    """One line -> ``(kind, value)``: ``("comment", None)``, ``("section", name)``,
    ``("meta", (key, value))``, ``("game", (name, parameters))`` or
    ``("actions", [(id, position), ...])``; a :class:`SyntaxIssue` if it does not parse."""
    from lark import Token, Tree

    tree = _GRAMMAR.parse(text, line_no)
    if isinstance(tree, ev.SyntaxIssue):
        return tree
    assert isinstance(tree, Tree)
    kind = str(tree.data)
    tokens = [t for t in tree.scan_values(lambda v: isinstance(v, Token))]
    if kind == "section":
        return "section", str(tokens[0])
    if kind == "meta":
        return "meta", (str(tokens[0]), str(tokens[1]))
    if kind == "game_string":
        params = [
            Parameter(str(p.children[0]), str(p.children[1]), _pos(p.children[0], line_no))
            for p in tree.children
            if isinstance(p, Tree)
        ]
        return "game", (str(tokens[0]), params)
    if kind == "actions":
        return "actions", [(int(t), _pos(t, line_no)) for t in tokens]
    return "comment", None


def _pos(tok: object, line_no: int) -> ev.Position:
    column = getattr(tok, "column", 1) or 1
    return ev.Position(line_no, int(column))


def fast_line(text: str, line_no: int) -> tuple[str, object] | None:
    """A line holding one action id alone, read without the grammar; ``None`` otherwise."""
    m = _DIGITS.fullmatch(text)
    if m is None:
        return None
    return "actions", [(int(m.group(1)), ev.Position(line_no, m.start(1) + 1))]


def _game_value(value: object) -> tuple[str, list[Parameter]]:
    assert isinstance(value, tuple)
    name, params = value
    assert isinstance(name, str) and isinstance(params, list)
    return name, params


def records_from_text(stream: BinaryIO) -> Iterator[OpenSpielRecord]:
    """The games of OpenSpiel's serialized text, one at a time."""
    record: OpenSpielRecord | None = None
    section = "State"
    for line_no, text, problem in read_lines(stream):
        if text is None:
            if problem is not None:
                (record or OpenSpielRecord()).issues.append(problem)
            continue
        if not text.strip():
            continue
        parsed = fast_line(text, line_no) or parse_line(text, line_no)
        if isinstance(parsed, ev.SyntaxIssue):
            if record is None:
                record = OpenSpielRecord(pos=parsed.pos)
            record.issues.append(parsed)
            continue
        kind, value = parsed
        if kind == "section":
            assert isinstance(value, str)
            if value == "Meta" and record is not None and (record.actions or section == "State"):
                yield record
                record = None
            section = value
            if record is None:
                record = OpenSpielRecord(pos=ev.Position(line_no, 1))
        elif kind == "game":
            name, params = _game_value(value)
            if record is not None and (record.actions or section != "Game"):
                yield record
                record = None
            record = record or OpenSpielRecord()
            record.name, record.parameters = name, params
            record.game_string = text.strip()
            record.pos = ev.Position(line_no, len(text) - len(text.lstrip()) + 1)
        elif kind == "actions":
            assert isinstance(value, list)
            if record is None:
                record = OpenSpielRecord(pos=value[0][1])
            record.actions.extend(value)
    if record is not None:
        yield record


# ---- the JSON action history -------------------------------------------------------------

_NUMBER: Final = re.compile(r"-?[0-9]+")


def _json_record(data: object, text: str, line_no: int) -> OpenSpielRecord:
    record = OpenSpielRecord(pos=ev.Position(line_no, 1))
    if not isinstance(data, dict):
        _issue(record.issues, "an OpenSpiel history is a JSON object", record.pos)
        return record
    game = data.get("game", GAME_NAME)
    if isinstance(game, str):
        parsed = parse_line(game, line_no)
        if isinstance(parsed, tuple) and parsed[0] == "game":
            name, params = _game_value(parsed[1])
            record.name, record.game_string = name, game
            at = text.find(game)
            record.parameters = [
                Parameter(p.name, p.value, ev.Position(line_no, max(at, 0) + p.pos.column))
                for p in params
            ]
        else:
            _issue(
                record.issues, f"'game' is not an OpenSpiel game string: {quoted(game)}", record.pos
            )
    extra = data.get("parameters")
    if isinstance(extra, dict):
        for key, value in extra.items():
            word = json.dumps(value) if not isinstance(value, bool) else str(value)
            record.parameters.append(Parameter(str(key), word, record.pos))
        if extra:
            given = ",".join(f"{p.name}={p.value}" for p in record.parameters)
            record.game_string = f"{record.name}({given})"
    history = data.get("history", data.get("actions"))
    key = "history" if "history" in data else "actions"
    if not isinstance(history, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in history
    ):
        _issue(
            record.issues,
            f"'{key}' must be a list of action ids (whole numbers from 0)",
            record.pos,
        )
        return record
    start = text.find(f'"{key}"')
    columns = [m.start() + 1 for m in _NUMBER.finditer(text, max(start, 0))] if start >= 0 else []
    for i, action in enumerate(history):
        column = columns[i] if i < len(columns) else 1
        record.actions.append((action, ev.Position(line_no, column)))
    players = data.get("players")
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        record.players = list(players)
    return record


def records_from_json(stream: BinaryIO) -> Iterator[OpenSpielRecord]:
    """The games of a JSON action history: one object a line, or one JSON document."""
    lines = list(read_lines(stream))
    texts = [(n, t) for n, t, _ in lines if t is not None and t.strip()]
    whole = "\n".join(t for _, t in texts)
    if (
        texts
        and not whole.lstrip().startswith("[")
        and all(t.lstrip().startswith("{") for _, t in texts)
    ):
        for line_no, text in texts:
            try:
                data = json.loads(text)
            except ValueError as exc:
                yield OpenSpielRecord(
                    issues=[ev.SyntaxIssue(f"not JSON: {exc}", ev.Position(line_no, 1))]
                )
                continue
            yield _json_record(data, text, line_no)
        return
    first = texts[0][0] if texts else 1
    try:
        data = json.loads(whole)
    except ValueError as exc:
        yield OpenSpielRecord(issues=[ev.SyntaxIssue(f"not JSON: {exc}", ev.Position(first, 1))])
        return
    for item in data if isinstance(data, list) else [data]:
        yield _json_record(item, "", first)


# ---- the stream ------------------------------------------------------------------------------


def games_from_openspiel_stream(
    stream: BinaryIO, source: str = "-", rules: Ruleset | None = None
) -> Iterator[Game]:
    """The games of an OpenSpiel file, one at a time (``rules``: ``--rules``)."""
    from spadesctl.record_formats import head_of

    head = head_of(stream) or b""
    is_json = head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith((b"{", b"["))
    records = records_from_json(stream) if is_json else records_from_text(stream)
    for index, record in enumerate(records, start=1):
        yield game_of(record, source, index, rules)


__all__ = [
    "BID_BASE",
    "CARDS",
    "DEFAULTS",
    "GAME_TAG",
    "OpenSpielRecord",
    "Parameter",
    "action_of",
    "card_of",
    "fast_line",
    "game_of",
    "games_from_openspiel_stream",
    "openspiel_rules",
    "parse_line",
    "record_events",
    "records_from_json",
    "records_from_text",
]
