"""The rules of an imported record: its ``Event`` words and ``GameOptionsJson`` keys -> a ruleset.

Trickster-style records name their rules twice: in words at the end of the ``Event`` tag
(``... - 2v2 Joker-Joker-Deuce-Deuce to 500, min bid 4, no Nil``) and as a JSON object in
``GameOptionsJson``.  :func:`map_options` interprets what it can of both and reports every
word or key it cannot interpret as one ``unknown-option`` warning, positioned on the word
or key, so that nothing is dropped silently.  When both say something about the same key
and disagree, the Event's words are followed and the disagreement is reported.

The table of what is understood is :data:`EVENT_PHRASES` and :data:`JSON_KEYS`; docs/pbn.md
shows it to people.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from spadesctl.diagnostics import INVALID_RULES, UNKNOWN_OPTION, Kind
from spadesctl.events import Position, SyntaxIssue
from spadesctl.pbn.parser import PbnTag
from spadesctl.quoting import quoted
from spadesctl.rules import RulesError, Ruleset, parse_rules

#: Settings: ruleset key -> value text (as ``parse_rules`` reads it).
Settings = dict[str, str]


@dataclass(frozen=True, slots=True)
class MappedRules:
    """The ruleset a record's options map to, where it came from, and what was not understood."""

    rules: Ruleset
    sources: tuple[str, ...]
    issues: tuple[SyntaxIssue, ...]
    pos: Position


# ---- the Event tag -----------------------------------------------------------------------

_MINUS: Final = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})


def _players(m: re.Match[str]) -> Settings | None:
    sizes = [int(g) for g in m.groups() if g is not None]
    if sizes == [2, 2]:
        return {"players": "4", "partnership": "yes"}
    if all(s == 1 for s in sizes) and 2 <= len(sizes) <= 4:
        settings = {"players": str(len(sizes)), "partnership": "no", "blind_nil_pass": "0"}
        if len(sizes) == 2:
            settings["blind_nil"] = "off"
        return settings
    return None


def _target(m: re.Match[str]) -> Settings:
    settings = {"target": m.group(1)}
    if m.group(2) is not None:
        settings["lose_at"] = m.group(2).replace(" ", "")
    return settings


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words of the Event tag (a regular expression, case-insensitive) and what they set."""

    pattern: re.Pattern[str]
    example: str
    meaning: str
    settings: Callable[[re.Match[str]], Settings | None]


def _phrase(
    pattern: str,
    example: str,
    meaning: str,
    settings: Callable[[re.Match[str]], Settings | None],
) -> Phrase:
    return Phrase(re.compile(pattern, re.IGNORECASE), example, meaning, settings)


def _fixed(pattern: str, example: str, settings: Settings, note: str = "") -> Phrase:
    """Words that always set the same ``settings``; their meaning is those settings
    (``deck=jjdd``), then ``note`` in brackets."""
    meaning = " ".join(f"{key}={value}" for key, value in settings.items())
    return _phrase(
        pattern, example, f"{meaning} ({note})" if note else meaning, lambda _m: dict(settings)
    )


#: The Event words understood, in the order they are looked for (longer phrases first).
EVENT_PHRASES: Final[tuple[Phrase, ...]] = (
    _phrase(
        r"(?<![\w-])(?:team\s+)?(\d)v(\d)(?:v(\d))?(?:v(\d))?(?![\w])",
        "Team 2v2 / 2v2 / 1v1v1v1 / 1v1v1 / 1v1",
        "players=4 partnership=yes / players=4, 3 or 2 partnership=no",
        _players,
    ),
    _fixed(
        r"joker[- ]joker[- ]deuce[- ]deuce|(?<!\w)jjdd(?!\w)",
        "Joker-Joker-Deuce-Deuce",
        {"deck": "jjdd"},
    ),
    _fixed(
        r"(?<!\w)joker[- ]joker[- ]ace(?!\w)",
        "Joker-Joker-Ace",
        {"deck": "jokers"},
        "the two jokers, then the ace, top the spades",
    ),
    _fixed(r"(?<!\w)jokers?(?:[- ]jokers?)?(?!\w)", "Jokers / Joker-Joker", {"deck": "jokers"}),
    _phrase(
        r"(?<!\w)to (\d+)(?:\s*/\s*(-\s*\d+))?(?!\w)",
        "to 500 / to 350/\u2212200",
        "target=500 / target=350 lose_at=-200",
        _target,
    ),
    _fixed(r"-\s*10\s*x\s*bid if set(?!\w)", "\u221210x bid if set", {"set_penalty": "bid"}),
    _fixed(r"(?<!\w)(?:0|zero) if set(?!\w)", "0 if set", {"set_penalty": "zero"}),
    _phrase(
        r"(?<!\w)min(?:imum)? bid (\d+)(?!\w)",
        "min bid 4",
        "min_team_bid=4",
        lambda m: {"min_team_bid": m.group(1)},
    ),
    _fixed(
        r"(?<!\w)(?:1st|first) hand bids itself(?!\w)",
        "1st hand bids itself",
        {"unbid_hands": "first", "first_hand_bids_itself": "yes"},
    ),
    _fixed(r"(?<!\w)10[- ]for[- ]200(?!\w)", "10-for-200", {"ten_for_200": "yes"}),
    _fixed(r"(?<!\w)no blind nil(?!\w)", "no Blind Nil", {"blind_nil": "off"}),
    _fixed(
        r"(?<!\w)no nil(?!\w)",
        "no Nil",
        {"nil": "off", "zero_is_nil": "no"},
        "a bid of 0 is an ordinary bid",
    ),
    _fixed(r"(?<!\w)no bags(?!\w)", "no bags", {"bag_mode": "off", "bag_limit": "off"}),
    _fixed(
        r"(?<!\w)lead (?:\u2660|spades?) any ?time(?!\w)",
        "lead \u2660 anytime",
        {"lead_spades": "anytime"},
    ),
    _phrase(
        r"(?<!\w)blind (\d+)\+ if (?:losing|behind|down|trailing) by (\d+)(?!\w)",
        "Blind 6+ if losing by 250",
        "blind_bids=6 blind_bid_deficit=250",
        lambda m: {"blind_bids": m.group(1), "blind_bid_deficit": m.group(2)},
    ),
)

#: Between the app's name and the rules: ``Trickster Cards: Play Spades - <rules>``.
_RULES_START: Final = re.compile(r"\s[-\u2013\u2014]\s")
_FILLER: Final = frozenset({"", "and", "&", "+"})


def event_rules_part(value: str) -> tuple[int, str] | None:
    """The rules words of an Event value and where they start, or ``None`` if it has none."""
    m = _RULES_START.search(value)
    if m is None:
        return None
    return m.end(), value[m.end() :]


def _unused_runs(chunk: str, used: list[bool]) -> list[tuple[int, int]]:
    """The stretches of ``chunk`` no phrase took (start, end), trimmed of spaces, without
    filler words: each is reported as it is written."""
    runs: list[tuple[int, int]] = []
    begin: int | None = None
    for i in range(len(chunk) + 1):
        free = i < len(chunk) and not used[i]
        if free and begin is None:
            begin = i
        elif not free and begin is not None:
            words = chunk[begin:i]
            stripped = words.strip()
            if stripped.lower() not in _FILLER:
                lead = len(words) - len(words.lstrip())
                runs.append((begin + lead, begin + lead + len(stripped)))
            begin = None
    return runs


@dataclass(frozen=True, slots=True)
class _Found:
    key: str
    value: str
    said: str
    pos: Position


class _Mapper:
    """Collects settings from the Event words and the JSON keys (one call, then dropped)."""

    def __init__(self) -> None:
        self.settings: dict[str, _Found] = {}
        self.issues: list[SyntaxIssue] = []
        self.sources: list[str] = []

    def warn(self, message: str, pos: Position, kind: Kind = UNKNOWN_OPTION) -> None:
        self.issues.append(SyntaxIssue(message, pos, kind))

    def put(self, settings: Settings, said: str, pos: Position, source: str) -> None:
        """Record settings; a JSON key that disagrees with the Event is reported, not used."""
        for key, value in settings.items():
            before = self.settings.get(key)
            if before is None:
                self.settings[key] = _Found(key, value, said, pos)
            elif before.value != value:
                self.warn(
                    f"{source} {said} means {key}={value}, but the Event says "
                    f"{quoted(before.said)} "
                    f"({key}={before.value}); following the Event",
                    pos,
                )
        if source not in self.sources:
            self.sources.append(source)

    def event(self, tag: PbnTag) -> None:
        part = event_rules_part(tag.value)
        if part is None:
            return
        start, text = part
        normal = text.translate(_MINUS)
        used = [False] * len(normal)
        for phrase in EVENT_PHRASES:
            for m in phrase.pattern.finditer(normal):
                if any(used[m.start() : m.end()]):
                    continue
                said = text[m.start() : m.end()]
                where = self._event_pos(tag, start + m.start())
                settings = phrase.settings(m)
                if settings is None:
                    continue
                for i in range(m.start(), m.end()):
                    used[i] = True
                self.put(settings, said, where, "Event")
        offset = 0
        for chunk in text.split(","):
            for begin, end in _unused_runs(chunk, used[offset : offset + len(chunk)]):
                words = chunk[begin:end]
                self.warn(
                    f"Event: '{words}' is not a rule spadesctl understands; it is ignored "
                    "(give the rule with --rules or a [Rules] tag)",
                    self._event_pos(tag, start + offset + begin),
                )
            offset += len(chunk) + 1

    @staticmethod
    def _event_pos(tag: PbnTag, index: int) -> Position:
        if tag.raw == tag.value:
            return Position(tag.value_pos.line, tag.value_pos.column + index)
        return tag.value_pos

    def json_options(self, tag: PbnTag) -> None:
        try:
            data = json.loads(tag.value)
        except ValueError as exc:
            self.warn(
                f"GameOptionsJson is not valid JSON ({exc}); its options are ignored", tag.value_pos
            )
            return
        if not isinstance(data, dict):
            self.warn(
                "GameOptionsJson is not a JSON object; its options are ignored", tag.value_pos
            )
            return
        for key, value in data.items():
            where = tag.locate(key)
            handler = JSON_KEYS.get(key)
            said = f"{key}={json.dumps(value, ensure_ascii=False)}"
            if handler is None:
                self.warn(
                    f"GameOptionsJson {said}: spadesctl does not know this option; it is ignored",
                    where,
                )
                continue
            settings = handler.settings(value, self)
            if settings is None:
                self.warn(
                    f"GameOptionsJson {said}: spadesctl does not know what this value means; "
                    "it is ignored",
                    where,
                )
                continue
            self.put(settings, said, where, "GameOptionsJson")


# ---- GameOptionsJson ------------------------------------------------------------------


def _int_value(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _bool_value(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    return None


def _min_bid(value: object, _m: _Mapper) -> Settings | None:
    n = _int_value(value)
    return {"min_team_bid": str(n)} if n is not None and 0 <= n <= 13 else None


def _yes_no(*keys: str) -> Callable[[object, _Mapper], Settings | None]:
    def settings(value: object, _m: _Mapper) -> Settings | None:
        flag = _bool_value(value)
        if flag is None:
            return None
        return dict.fromkeys(keys, "yes" if flag else "no")

    return settings


def _first_hand(value: object, _m: _Mapper) -> Settings | None:
    flag = _bool_value(value)
    if flag is None:
        return None
    if flag:
        return {"unbid_hands": "first", "first_hand_bids_itself": "yes"}
    return {"first_hand_bids_itself": "no"}


def _blind_bids(value: object, m: _Mapper) -> Settings | None:
    """0 or false: no blind bids; any other value: on, as the Event's "Blind N+ ..." says."""
    if value in (0, False):
        return {"blind_bids": "off"}
    if "blind_bids" in m.settings and m.settings["blind_bids"].value != "off":
        return {}
    return None


def _game_over_score(value: object, _m: _Mapper) -> Settings | None:
    n = _int_value(value)
    return {"target": str(n)} if n is not None and n > 0 else None


def _mercy_rule(value: object, m: _Mapper) -> Settings | None:
    """0 or false: no losing score; on: a loss at the Event's "to N/-M" (reported without)."""
    if value in (0, False):
        return {"lose_at": "off"}
    if value in (1, True) and "lose_at" in m.settings and m.settings["lose_at"].value != "off":
        return {}
    return None


def _ten_bags_penalty(value: object, _m: _Mapper) -> Settings | None:
    """false: ten bags cost nothing (bag_limit=off); true: the usual 100 at 10 bags."""
    flag = _bool_value(value)
    if flag is None:
        return None
    return {"bag_limit": "10", "bag_penalty": "100"} if flag else {"bag_limit": "off"}


def _table(table: Mapping[int, Settings]) -> Callable[[object, _Mapper], Settings | None]:
    def settings(value: object, _m: _Mapper) -> Settings | None:
        n = _int_value(value)
        found = table.get(n) if n is not None else None
        return dict(found) if found is not None else None

    return settings


def _no_effect(_value: object, _m: _Mapper) -> Settings:
    return {}


@dataclass(frozen=True, slots=True)
class JsonKey:
    """A GameOptionsJson key that is understood, and what its values set."""

    meaning: str
    settings: Callable[[object, _Mapper], Settings | None]


#: The GameOptionsJson keys understood.  The numbered values (``variation``,
#: ``failBidScoring``, ``nilOrZero``) are read only where records show what they mean
#: next to the Event's words; any other value is reported.
JSON_KEYS: Final[Mapping[str, JsonKey]] = MappingProxyType(
    {
        "minBid": JsonKey("min_team_bid=N", _min_bid),
        "tenForTwoHundred": JsonKey("ten_for_200=yes/no", _yes_no("ten_for_200")),
        "firstHandBidsItself": JsonKey(
            "true: unbid_hands=first first_hand_bids_itself=yes", _first_hand
        ),
        "blindNonNilBids": JsonKey(
            "0: blind_bids=off; otherwise blind bids are on as the Event's "
            "'Blind N+ if losing by M' says (reported when the Event does not say)",
            _blind_bids,
        ),
        "nilOrZero": JsonKey(
            "1: nil=off zero_is_nil=no (seen with 'no Nil')",
            _table({1: {"nil": "off", "zero_is_nil": "no"}}),
        ),
        "failBidScoring": JsonKey(
            "1: set_penalty=bid (seen with '\u221210x bid if set')",
            _table({1: {"set_penalty": "bid"}}),
        ),
        "variation": JsonKey(
            "1: deck=jokers (seen with 'Joker-Joker-Ace'); 3: deck=jjdd (seen with "
            "'Joker-Joker-Deuce-Deuce')",
            _table({1: {"deck": "jokers"}, 3: {"deck": "jjdd"}}),
        ),
        "gameOverScore": JsonKey("target=N (seen with 'to N')", _game_over_score),
        "tenBagsPenalty": JsonKey(
            "false: bag_limit=off (seen with 'no bags'); true: bag_limit=10 bag_penalty=100",
            _ten_bags_penalty,
        ),
        "leadSpades": JsonKey(
            "2: lead_spades=anytime (seen with 'lead \u2660 anytime')",
            _table({2: {"lead_spades": "anytime"}}),
        ),
        "mercyRule": JsonKey(
            "0 or false: lose_at=off; 1: a loss at the Event's 'to N/\u2212M' (lose_at=-M), "
            "reported when the Event does not say",
            _mercy_rule,
        ),
        "noWatching": JsonKey("whether others may watch: no effect on the rules", _no_effect),
    }
)


#: The preset a ruleset starts from, by the deck the record names (each deck has one).
_PRESET_BY_DECK: Final[Mapping[str, str]] = MappingProxyType(
    {"standard": "standard", "jokers": "jokers", "jjdd": "jjdd"}
)


def map_options(event: PbnTag | None, options: PbnTag | None) -> MappedRules | None:
    """The ruleset that the Event's words and GameOptionsJson's keys describe.

    ``None`` when neither says anything spadesctl understands (and nothing to report).
    Settings that cannot be played together are reported as ``invalid-rules`` and the
    ruleset falls back to the preset of the deck.
    """
    mapper = _Mapper()
    if event is not None:
        mapper.event(event)
    if options is not None:
        mapper.json_options(options)
    origin = options or event
    if origin is None:
        return None
    pos = origin.pos
    if not mapper.settings:
        if not mapper.issues:
            return None
        return MappedRules(Ruleset(), (), tuple(mapper.issues), pos)
    found = dict(mapper.settings)
    deck = found.pop("deck", None)
    preset = _PRESET_BY_DECK[deck.value] if deck is not None else "standard"
    words = [preset] + [f"{key}={f.value}" for key, f in found.items()]
    try:
        rules = parse_rules(" ".join(words))
    except RulesError as exc:
        mapper.warn(
            f"the rules of this record cannot be played together: {exc}; "
            f"checking under {preset} instead",
            pos,
            kind=INVALID_RULES,
        )
        rules = parse_rules(preset)
    return MappedRules(rules, tuple(mapper.sources), tuple(mapper.issues), pos)


__all__ = [
    "EVENT_PHRASES",
    "JSON_KEYS",
    "JsonKey",
    "MappedRules",
    "Phrase",
    "event_rules_part",
    "map_options",
]
