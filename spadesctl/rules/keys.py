"""The ruleset keys: for each one, the values it accepts, what it means, text <-> value.

:data:`KEYS` has one :class:`Key` per field of :class:`~spadesctl.rules.ruleset.Ruleset`
(except ``name``, which is the preset).  ``Key.convert`` turns the text of a value into the
field's value, raising :class:`ValueError` that names the key and its valid values;
``Key.format`` writes a value back as the canonical text ``convert`` accepts.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from spadesctl.rules.ruleset import (
    BagMode,
    Bidding,
    Deck,
    FailedNilTricks,
    FirstLead,
    LeadSpades,
    SetPenalty,
)

_YES: Final = frozenset({"yes", "true", "on"})
_NO: Final = frozenset({"no", "false", "off"})
_INT: Final = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True, slots=True)
class ValueKind:
    """One way of writing values: the accepted words, as text, and the two conversions.

    ``parse`` gets the stripped, lower-cased text and raises a bare :class:`ValueError`
    when the text is not one of ``values``.
    """

    values: str
    parse: Callable[[str], object]
    format: Callable[[Any], str]


def _bool() -> ValueKind:
    def parse(text: str) -> bool:
        if text in _YES:
            return True
        if text in _NO:
            return False
        raise ValueError(text)

    return ValueKind("yes, no", parse, lambda v: "yes" if v else "no")


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return "any whole number"
    if hi is None:
        return f"{lo} or more"
    if hi - lo <= 3:
        return ", ".join(str(n) for n in range(lo, hi + 1))
    return f"{lo} to {hi}"


def _int(lo: int | None, hi: int | None = None, off: str | None = None) -> ValueKind:
    """Whole numbers in ``lo..hi`` (``None``: unbounded); with ``off``, that word is ``None``.

    The word for ``None`` is ``off`` (``no`` and ``false`` are accepted too) unless the key
    gives it another meaning, such as ``same`` for ``nil_penalty``.
    """
    none_words = (_NO if off == "off" else frozenset({off})) if off else frozenset()

    def parse(text: str) -> int | None:
        if text in none_words:
            return None
        if _INT.fullmatch(text):
            n = int(text)
            if (lo is None or n >= lo) and (hi is None or n <= hi):
                return n
        raise ValueError(text)

    def text_of(value: int | None) -> str:
        return str(value) if value is not None else str(off)

    values = _range_text(lo, hi) + (f", or {off}" if off else "")
    return ValueKind(values, parse, text_of)


def _enum(cls: type[enum.Enum]) -> ValueKind:
    by_value = {m.value: m for m in cls}

    def parse(text: str) -> enum.Enum:
        found = by_value.get(text.replace("-", "_"))
        if found is None:
            raise ValueError(text)
        return found

    return ValueKind(", ".join(by_value), parse, lambda v: str(v.value))


def _words(*words: str) -> ValueKind:
    def parse(text: str) -> str:
        if text not in words:
            raise ValueError(text)
        return text

    return ValueKind(", ".join(words), parse, str)


def _tricks_or_set() -> ValueKind:
    tricks = _int(0, 13)

    def parse(text: str) -> object:
        return "set" if text == "set" else tricks.parse(text)

    return ValueKind(f"{tricks.values} (tricks), or set", parse, str)


@dataclass(frozen=True, slots=True)
class Key:
    """One ruleset key: its name (the field name), its kind of value and its meaning."""

    name: str
    kind: ValueKind
    meaning: str

    @property
    def values(self) -> str:
        """The accepted values, as text for people (``yes, no``; ``0 or more, or off``)."""
        return self.kind.values

    def convert(self, text: str) -> object:
        """The value written ``text``; :class:`ValueError` naming the valid values if none."""
        try:
            return self.kind.parse(text.strip().lower())
        except ValueError:
            raise ValueError(
                f"bad value {text!r} for {self.name}; valid values: {self.values}"
            ) from None

    def format(self, value: object) -> str:
        """The canonical text of ``value`` (what :meth:`convert` turns back into it)."""
        return self.kind.format(value)


_POINTS = _int(0)
_POINTS_OR_OFF = _int(0, off="off")

KEYS: Final[tuple[Key, ...]] = (
    Key("players", _int(2, 4), "players at the table (3: 17 cards each; 2: hands drawn)"),
    Key("partnership", _bool(), "partners sit opposite and score as one side (4 players)"),
    Key("deck", _enum(Deck), "the pack; jokers and jjdd add top spades (see Decks)"),
    Key("first_lead", _enum(FirstLead), "how the first trick of a hand starts"),
    Key("spades_first_trick", _bool(), "a spade may be played to the first trick"),
    Key("lead_spades", _enum(LeadSpades), "spades may be led only once broken, or at any time"),
    Key("must_overtake", _bool(), "a player must beat the best card in the trick if able"),
    Key("bidding", _enum(Bidding), "the bidding rule: free, suicide or mirror"),
    Key("nil", _POINTS_OR_OFF, "bonus for a made nil bid; off: no nil bids"),
    Key("nil_penalty", _int(0, off="same"), "loss for a failed nil; same: as much as nil"),
    Key("zero_is_nil", _bool(), "with nil on, a bid of 0 is a nil bid (no: a bid of zero)"),
    Key("blind_nil", _POINTS_OR_OFF, "bonus, and loss, for blind nil; off: no blind nil"),
    Key("blind_nil_deficit", _POINTS, "how far a side must trail to bid blind nil"),
    Key("blind_nil_pass", _int(0, 13), "cards blind nil bidder and partner exchange"),
    Key("both_nil", _bool(), "both partners may bid nil in the same hand"),
    Key("failed_nil_tricks", _enum(FailedNilTricks), "what a failed nil's tricks count as"),
    Key("bag_limit", _int(1, off="off"), "bags that cost bag_penalty (carry); off: never"),
    Key("bag_penalty", _POINTS, "points lost each time the bags reach bag_limit"),
    Key("bag_mode", _enum(BagMode), "what overtricks (bags) score"),
    Key("set_penalty", _enum(SetPenalty), "what a side short of its bid scores"),
    Key("min_team_bid", _int(0, 13), "smallest bid of a side (of a player, alone)"),
    Key("max_team_bid", _int(1, 17, off="off"), "largest bid of a side; off: no limit"),
    Key("bids_total_13", _bool(), "all the bids together may equal the tricks in a hand"),
    Key("blind_bids", _int(1, 17, off="off"), "smallest blind bid (scores double); off: none"),
    Key("blind_bid_deficit", _POINTS, "how far a side must trail to bid blind"),
    Key("first_hand_unbid", _bool(), "the first hand of a game is played without bids"),
    Key("first_hand_bids_itself", _bool(), "that unbid hand scores as a bid of the tricks"),
    Key("max_overtricks", _POINTS_OR_OFF, "a side with more overtricks is set; off: no limit"),
    Key("ten_for_200", _bool(), "a made bid of 10 scores 200"),
    Key("boston_wins", _bool(), "bidding 10 and taking all 13 tricks wins the game"),
    Key("moon", _POINTS_OR_OFF, "score for a made bid of all the tricks; off: no moon"),
    Key("moon_fail", _words("set", "bags"), "a failed moon is set, or its tricks are bags"),
    Key("target", _int(1), "the score that wins the game"),
    Key("lose_at", _int(None, off="off"), "a score at or below which a side loses; off: none"),
    Key("set_twice_loses", _bool(), "a side set in two hands running loses the game"),
    Key("renege_penalty", _tricks_or_set(), "tricks a reneging side forfeits, or set"),
)

KEY_BY_NAME: Final[Mapping[str, Key]] = MappingProxyType({k.name: k for k in KEYS})


def key_name(text: str) -> str:
    """The canonical spelling of a key as written (``Bag-Limit`` -> ``bag_limit``)."""
    return text.strip().lower().replace("-", "_")
