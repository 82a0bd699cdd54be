"""Rules text and house-rules files to :class:`Ruleset` values, and back to text.

Rules text is a preset name followed by ``key=value`` overrides (``standard nil=50
bag_limit=off``); without a preset the overrides apply to a default ruleset.  A TOML
house-rules file says the same with ``preset = "standard"`` and one line per key.
Whatever the source, the result is checked for impossible combinations of keys.
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from os import PathLike
from typing import Any, Final

from spadesctl.errors import RulesError as RulesError  # raised here; spadesctl.errors declares it
from spadesctl.quoting import quoted
from spadesctl.rules.declare import Alias
from spadesctl.rules.keys import ALIAS_BY_NAME, KEY_BY_NAME, KEYS, Key, key_name
from spadesctl.rules.presets import PRESETS, STANDARD, preset_name
from spadesctl.rules.ruleset import (
    Bidding,
    Deck,
    FailedNilTricks,
    FirstLead,
    PassTo,
    Ruleset,
    UnbidHands,
    WidowDiscard,
    WidowRule,
)

#: Words are parted by spaces or commas, but not the commas of a list of twos (2D,2S).
_SEPARATOR: Final = re.compile(r"\s+|,(?!2[SHDCshdc](?:[,\s]|$))")
_EQUALS: Final = re.compile(r"\s*=\s*")


def parse_rules(text: str, default: Ruleset | None = None) -> Ruleset:
    """The ruleset written ``text``: an optional preset name, then ``key=value`` words.

    Without a preset, the keys change ``default`` (``standard`` if not given).  Raises
    :class:`RulesError` for an unknown preset or key, a bad value, a key given twice or
    an impossible combination.
    """
    return _parse_rules(text, default or STANDARD)


@functools.lru_cache(maxsize=256)
def _parse_rules(text: str, default: Ruleset) -> Ruleset:
    """:func:`parse_rules`, cached: a file of games repeats the same few rules texts."""
    words = [w.strip(",") for w in _SEPARATOR.split(_EQUALS.sub("=", text.strip())) if w.strip(",")]
    base = default
    problems: list[str] = []  # every one, not only the first
    if words and "=" not in words[0]:
        try:
            base = _preset(words.pop(0))
        except RulesError as e:
            problems.append(str(e))
    pairs: list[tuple[str, object]] = []
    for word in words:
        key, equals, value = word.partition("=")
        if not equals:
            if preset_name(word) in PRESETS:
                problems.append(f"the preset {quoted(word)} must come first, before the keys")
            else:
                problems.append(f"expected key=value, not {quoted(word)}")
            continue
        pairs.append((key, value))
    try:
        rules = _apply(base, pairs)
    except RulesError as e:
        problems.extend(e.problems)
    if problems:
        raise RulesError.of(problems)
    return rules


def load_rules_toml(path: str | PathLike[str]) -> Ruleset:
    """The ruleset of a TOML house-rules file: ``preset = "..."`` (optional) and keys.

    Values may be TOML booleans, integers or strings (``bag_limit = "off"``).  Raises
    :class:`RulesError` (its message starting with the path) for a file that is not TOML
    or rules that are not valid, and :class:`OSError` for a file that cannot be read.
    """
    with open(path, "rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise RulesError(f"{path}: not a valid TOML file: {e}") from None
        except UnicodeDecodeError:  # tomllib decodes the bytes before it parses them
            raise RulesError(f"{path}: not a valid TOML file: it is not UTF-8 text") from None
    try:
        return rules_from_table(data)
    except RulesError as e:
        raise RulesError(f"{path}: {e}") from None


def rules_from_table(table: Mapping[str, object]) -> Ruleset:
    """The ruleset of a TOML table of house rules (as :func:`load_rules_toml` reads a
    file, and a configuration file's ``[rules]`` table): ``preset`` and keys."""
    data = dict(table)
    base = STANDARD
    if "preset" in data:
        preset = data.pop("preset")
        if not isinstance(preset, str):
            raise RulesError(f"preset must be a string, one of: {', '.join(PRESETS)}")
        base = _preset(preset)
    return _apply(base, data.items())


def format_rules(rules: Ruleset) -> str:
    """The canonical text of ``rules``: its preset, then the keys that differ from it.

    :func:`parse_rules` reads it back to an equal ruleset.  A ruleset whose name is no
    preset is written as ``standard`` with overrides.
    """
    base = PRESETS.get(rules.name, STANDARD)
    words = [base.name]
    for key in KEYS:
        value = getattr(rules, key.name)
        if value != getattr(base, key.name):
            words.append(f"{key.name}={key.format(value)}")
    return " ".join(words)


def check_rules(rules: Ruleset) -> None:
    """Raise :class:`RulesError` listing every impossible combination of keys in ``rules``."""
    problems = [message for broken, message in _IMPOSSIBLE if broken(rules)]
    if problems:
        raise RulesError("impossible rules: " + "; ".join(problems))


def _preset(word: str) -> Ruleset:
    found = PRESETS.get(preset_name(word))
    if found is not None:
        return found
    if key_name(word) in KEY_BY_NAME:
        raise RulesError(f"the key {quoted(word)} needs a value ({key_name(word)}=...)")
    raise RulesError(
        f"unknown preset {quoted(word)}{_did_you_mean(preset_name(word), PRESETS)}; "
        f"presets: {', '.join(PRESETS)}"
    )


def _apply(base: Ruleset, pairs: Iterable[tuple[str, object]]) -> Ruleset:
    """``base`` with the keys changed; :class:`RulesError` naming every bad key and value
    (the combination of keys is checked once each key is valid)."""
    changes: dict[str, Any] = {}
    problems: list[str] = []
    for written, value in pairs:
        try:
            alias = ALIAS_BY_NAME.get(key_name(written))
            key = alias[0] if alias is not None else _key(written)
            if key.name in changes:
                raise RulesError(f"the key {key.name} is given twice")
            if alias is not None:
                changes[key.name] = _convert_alias(alias[1], _as_text(key, value))
            else:
                changes[key.name] = _convert(key, _as_text(key, value))
        except RulesError as e:
            problems.append(str(e))
    if problems:
        raise RulesError.of(problems)
    rules = replace(base, **changes) if changes else base
    check_rules(rules)
    return rules


def _key(written: str) -> Key:
    name = key_name(written)
    found = KEY_BY_NAME.get(name)
    if found is None:
        raise RulesError(
            f"unknown ruleset key {quoted(written)}{_did_you_mean(name, KEY_BY_NAME)}; "
            f"valid keys: {', '.join(KEY_BY_NAME)}"
        )
    return found


def _as_text(key: Key, value: object) -> str:
    """TOML booleans and integers as the words rules text uses; other types refused."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | str):
        return str(value)
    raise RulesError(f"bad value {value!r} for {key.name}; valid values: {key.values}")


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _convert_alias(alias: Alias, text: str) -> object:
    try:
        return alias.to(alias.kind.parse(text.strip().lower()))
    except ValueError:
        raise RulesError(
            f"bad value {quoted(text)} for {alias.name}; valid values: {alias.kind.values}"
        ) from None


def _convert(key: Key, text: str) -> object:
    try:
        return key.convert(text)
    except ValueError as e:
        raise RulesError(str(e)) from None


_Check = tuple[Callable[[Ruleset], bool], str]

#: The combinations no game can be played under, each with the message that explains it.
_IMPOSSIBLE: Final[tuple[_Check, ...]] = (
    (
        lambda r: r.partnership and r.players != 4,
        "partnership=yes needs players=4 (with 2 or 3 players, add partnership=no)",
    ),
    (
        lambda r: r.deck is Deck.JJDD and r.players == 3,
        "deck=jjdd cannot be played by 3 players: the 2D that 3 players leave out is a spade "
        "under jjdd",
    ),
    (
        lambda r: bool(r.high_twos) and r.deck is Deck.JJDD,
        "high_twos cannot be added to deck=jjdd, whose 2D and 2S are raised already "
        "(deck=jokers high_twos=... lists them)",
    ),
    (
        lambda r: (
            r.deck is not Deck.STANDARD
            and r.widow is WidowRule.OFF
            and bool({"2H", "2C"} & set(r.high_twos))
        ),
        "high_twos lists a two that the jokers deck leaves out (2H, 2C)",
    ),
    (
        lambda r: r.players == 3 and "2D" in r.high_twos,
        "high_twos=2D cannot be played by 3 players: the 2D that 3 players leave out is a "
        "spade then",
    ),
    (
        lambda r: r.first_lead is FirstLead.TWO_OF_CLUBS and "2C" in r.high_twos,
        "first_lead=two_of_clubs cannot be played with high_twos=2C: the 2C is a spade then",
    ),
    (
        lambda r: (
            r.first_lead is FirstLead.TWO_OF_CLUBS
            and r.deck is not Deck.STANDARD
            and r.widow is WidowRule.OFF
        ),
        "first_lead=two_of_clubs needs deck=standard: the jokers and jjdd decks have no 2C",
    ),
    (
        lambda r: r.widow is not WidowRule.OFF and (r.deck is Deck.STANDARD or r.players != 4),
        "widow needs deck=jokers (or jjdd) and players=4: 54 cards dealt 13 each leave the "
        "two cards of the widow",
    ),
    (
        lambda r: r.widow is not WidowRule.OFF and r.first_lead is FirstLead.TWO_OF_CLUBS,
        "widow rules out first_lead=two_of_clubs: the 2C may be left in the widow or discarded",
    ),
    (
        lambda r: r.widow is WidowRule.HIGH_BIDDER and not r.partnership,
        "widow=high_bidder needs partnership=yes: the side that bids more takes the widow",
    ),
    (
        lambda r: (
            r.unbid_hands is not UnbidHands.NONE
            and (r.widow is WidowRule.HIGH_BIDDER or r.widow_discard is WidowDiscard.AFTER_BID)
        ),
        "widow=high_bidder and widow_discard=after_bid need every hand bid (unbid_hands=none): "
        "an unbid hand has no bidding to take or discard after",
    ),
    (
        lambda r: (
            r.widow_discard is WidowDiscard.AFTER_BID
            and r.widow not in (WidowRule.DEALER, WidowRule.TWO_OF_CLUBS)
        ),
        "widow_discard=after_bid needs widow=dealer or widow=two_of_clubs (under high_bidder "
        "the widow is taken and discarded after the bidding anyway)",
    ),
    (
        lambda r: r.first_lead is FirstLead.TWO_OF_CLUBS and r.players == 2,
        "first_lead=two_of_clubs cannot be played by 2 players: the 2C may be discarded",
    ),
    (
        lambda r: not r.partnership and r.failed_nil_tricks is FailedNilTricks.PARTNER,
        "failed_nil_tricks=partner needs partnership=yes",
    ),
    (
        lambda r: not r.partnership and r.blind_nil is not None and r.blind_nil_pass > 0,
        "blind_nil without partnership needs blind_nil_pass=0 (or blind_nil=off): there is no "
        "partner to exchange cards with",
    ),
    (
        lambda r: r.pass_cards > 0 and r.players == 2,
        "pass_cards cannot be played by 2 players, who build their hands by drawing",
    ),
    (
        lambda r: r.pass_cards > 0 and r.pass_to is PassTo.PARTNER and not r.partnership,
        "pass_to=partner needs partnership=yes (without partners, pass_to=left or right)",
    ),
    (
        lambda r: (
            r.pass_cards > 0 and r.pass_to in (PassTo.ACROSS, PassTo.ROTATE) and r.players != 4
        ),
        "pass_to=across and pass_to=rotate need 4 players: there is no one across",
    ),
    (
        lambda r: r.bid_rounds > 1 and r.bidding is Bidding.MIRROR,
        "bid_rounds=2 rules out bidding=mirror: the cards fix the bids",
    ),
    (
        lambda r: r.bidding is Bidding.SUICIDE and not r.partnership,
        "bidding=suicide needs partnership=yes: one partner of each side bids nil",
    ),
    (
        lambda r: r.bidding is Bidding.SUICIDE and r.nil is None,
        "bidding=suicide needs nil bids, not nil=off",
    ),
    (
        lambda r: (
            r.bidding is Bidding.SUICIDE and r.max_team_bid is not None and r.max_team_bid < 4
        ),
        "bidding=suicide needs max_team_bid=4 or more: the partner of the nil bidder bids 4+",
    ),
    (
        lambda r: (
            r.bidding is Bidding.MIRROR and (r.blind_nil is not None or r.blind_bids is not None)
        ),
        "bidding=mirror rules out blind_nil and blind_bids: a mirror bid is read off the cards",
    ),
    (
        lambda r: (
            r.bidding is Bidding.MIRROR and (r.min_team_bid > 0 or r.max_team_bid is not None)
        ),
        "bidding=mirror rules out min_team_bid and max_team_bid: the cards fix the bids",
    ),
    (
        lambda r: (
            r.bidding is Bidding.MIRROR
            and r.partnership
            and not r.both_nil
            and r.nil is not None
            and r.zero_is_nil
        ),
        "bidding=mirror rules out both_nil=no: partners who both hold no spades must both "
        "bid 0, a nil (zero_is_nil=no makes it an ordinary bid)",
    ),
    (
        lambda r: (
            r.bidding is Bidding.MIRROR
            and not r.bids_total_13
            and r.players == 4
            and r.deck is Deck.STANDARD
        ),
        "bidding=mirror with bids_total_13=no cannot be played by 4 players with the standard "
        "deck: the spades held, and so the bids, always add up to 13",
    ),
    (
        lambda r: r.max_team_bid is not None and r.min_team_bid > r.max_team_bid,
        "min_team_bid is above max_team_bid",
    ),
    (
        lambda r: r.lose_at is not None and r.lose_at >= r.target,
        "lose_at must be below target",
    ),
    (
        lambda r: r.first_hand_bids_itself and r.unbid_hands is UnbidHands.NONE,
        "first_hand_bids_itself=yes needs unbid_hands=first or all",
    ),
)
