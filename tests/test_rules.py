"""The ruleset layer: keys, presets, rules text, TOML house rules, and docs/rules.md."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from spadesctl.rules import (
    KEYS,
    PRESETS,
    STANDARD,
    BagMode,
    Bidding,
    DealerRotation,
    Deck,
    FailedNilTricks,
    FirstLead,
    LeadSpades,
    RulesError,
    Ruleset,
    SetPenalty,
    check_rules,
    format_rules,
    load_rules_toml,
    parse_rules,
)
from spadesctl.rules.keys import KEY_BY_NAME, docs_table
from spadesctl.rules.ruleset import (
    BlindBidSet,
    FirstBidder,
    MoonFail,
    PassTo,
    RenegeSet,
    UnbidHands,
    WidowDiscard,
    WidowRule,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

# ---------------------------------------------------------------------------- presets

#: Each preset's documented values (every key not listed keeps its standard value).
PRESET_VALUES: dict[str, dict[str, Any]] = {
    "standard": {},
    "britannica": {
        "nil": 50,
        "blind_nil": 100,
        "first_lead": FirstLead.LOWEST_CLUB,
        "spades_first_trick": False,
        "failed_nil_tricks": FailedNilTricks.PARTNER,
        "both_nil": False,
    },
    "cutthroat": {
        "partnership": False,
        "first_lead": FirstLead.TWO_OF_CLUBS,
        "blind_nil": None,
    },
    "solo": {
        "partnership": False,
        "blind_nil": None,
        "must_overtake": True,
    },
    "two-player": {
        "players": 2,
        "partnership": False,
        "nil_penalty": 0,
        "moon": 250,
        "moon_fail": MoonFail.BAGS,
        "blind_nil": None,
    },
    "jokers": {"deck": Deck.JOKERS},
    "jjdd": {"deck": Deck.JOKERS, "high_twos": ("2D", "2S")},
    "suicide": {"bidding": Bidding.SUICIDE},
    "mirror": {"bidding": Bidding.MIRROR, "blind_nil": None},
    "boston": {
        "min_team_bid": 4,
        "max_team_bid": 10,
        "max_overtricks": 2,
        "ten_for_200": True,
        "boston_wins": True,
        "blind_bids": 6,
        "blind_bid_set": BlindBidSet.SINGLE,
        "unbid_hands": UnbidHands.FIRST,
        "set_streak_loses": 2,
        "bag_mode": BagMode.OFF,
        "bag_limit": None,
        "nil": None,
        "blind_nil": None,
    },
}


def test_the_standard_preset_is_the_issue_s_list() -> None:
    assert Ruleset() == STANDARD
    assert (
        STANDARD.first_lead,
        STANDARD.lead_spades,
        STANDARD.nil,
        STANDARD.blind_nil,
        STANDARD.blind_nil_deficit,
        STANDARD.blind_nil_pass,
        STANDARD.failed_nil_tricks,
        STANDARD.bag_limit,
        STANDARD.bag_penalty,
        STANDARD.bag_mode,
        STANDARD.set_penalty,
        STANDARD.target,
        STANDARD.lose_at,
        STANDARD.renege_penalty,
        STANDARD.both_nil,
    ) == (
        FirstLead.LEFT_OF_DEALER,
        LeadSpades.BROKEN,
        100,
        200,
        100,
        2,
        FailedNilTricks.BAGS,
        10,
        100,
        BagMode.CARRY,
        SetPenalty.BID,
        500,
        None,
        3,
        True,
    )


def test_the_presets_are_the_documented_ones() -> None:
    assert list(PRESETS) == list(PRESET_VALUES)


@pytest.mark.parametrize("name", PRESET_VALUES)
def test_a_preset_has_its_documented_values(name: str) -> None:
    expected = dataclasses.replace(STANDARD, name=name, **PRESET_VALUES[name])
    assert PRESETS[name] == expected
    assert parse_rules(name) == expected
    assert parse_rules(name.upper().replace("-", "_")) == expected
    check_rules(expected)


# ---------------------------------------------------------------------------- keys

#: Valid texts of every key, with the value each one means.
VALID: dict[str, list[tuple[str, Any]]] = {
    "players": [("2", 2), ("3", 3), ("4", 4)],
    "partnership": [("yes", True), ("no", False), ("true", True), ("OFF", False)],
    "deck": [("standard", Deck.STANDARD), ("jokers", Deck.JOKERS), ("JJDD", Deck.JJDD)],
    "high_twos": [
        ("none", ()),
        ("2D,2S", ("2D", "2S")),
        ("2s", ("2S",)),
        ("2C,2H,2D", ("2C", "2H", "2D")),
    ],
    "first_lead": [
        ("left_of_dealer", FirstLead.LEFT_OF_DEALER),
        ("two-of-clubs", FirstLead.TWO_OF_CLUBS),
        ("lowest_club", FirstLead.LOWEST_CLUB),
    ],
    "dealer_rotation": [("clockwise", DealerRotation.CLOCKWISE), ("NONE", DealerRotation.NONE)],
    "spades_first_trick": [("yes", True), ("no", False)],
    "lead_spades": [("broken", LeadSpades.BROKEN), ("anytime", LeadSpades.ANYTIME)],
    "must_overtake": [("on", True), ("false", False)],
    "bidding": [
        ("normal", Bidding.NORMAL),
        ("suicide", Bidding.SUICIDE),
        ("mirror", Bidding.MIRROR),
    ],
    "first_bidder": [
        ("left_of_dealer", FirstBidder.LEFT_OF_DEALER),
        ("dealer", FirstBidder.DEALER),
        ("Left-Of-Dealer", FirstBidder.LEFT_OF_DEALER),
    ],
    "bid_rounds": [("1", 1), ("2", 2)],
    "pass_cards": [("0", 0), ("3", 3)],
    "pass_to": [(p.value, p) for p in PassTo],
    "widow": [(w.value, w) for w in WidowRule],
    "widow_discard": [
        ("before_bid", WidowDiscard.BEFORE_BID),
        ("after-bid", WidowDiscard.AFTER_BID),
    ],
    "nil": [("0", 0), ("50", 50), ("off", None), ("no", None)],
    "nil_penalty": [("0", 0), ("75", 75), ("same", None)],
    "zero_is_nil": [("yes", True), ("no", False)],
    "blind_nil": [("100", 100), ("off", None)],
    "blind_nil_deficit": [("0", 0), ("150", 150)],
    "blind_nil_pass": [("0", 0), ("2", 2), ("3", 3)],
    "both_nil": [("yes", True), ("no", False)],
    "failed_nil_tricks": [
        ("bags", FailedNilTricks.BAGS),
        ("partner", FailedNilTricks.PARTNER),
        ("none", FailedNilTricks.NONE),
    ],
    "bag_limit": [("1", 1), ("5", 5), ("off", None)],
    "bag_penalty": [("50", 50), ("0", 0)],
    "bag_mode": [("carry", BagMode.CARRY), ("deduct", BagMode.DEDUCT), ("off", BagMode.OFF)],
    "set_penalty": [("bid", SetPenalty.BID), ("zero", SetPenalty.ZERO)],
    "min_team_bid": [("0", 0), ("4", 4), ("13", 13)],
    "max_team_bid": [("10", 10), ("17", 17), ("off", None)],
    "bids_total_13": [("yes", True), ("no", False)],
    "blind_bids": [("6", 6), ("off", None)],
    "blind_bid_set": [("double", BlindBidSet.DOUBLE), ("single", BlindBidSet.SINGLE)],
    "blind_bid_deficit": [("100", 100), ("0", 0)],
    "unbid_hands": [
        ("none", UnbidHands.NONE),
        ("first", UnbidHands.FIRST),
        ("all", UnbidHands.ALL),
    ],
    "first_hand_bids_itself": [("yes", True), ("no", False)],
    "max_overtricks": [("0", 0), ("2", 2), ("off", None)],
    "ten_for_200": [("yes", True), ("no", False)],
    "boston_wins": [("yes", True), ("no", False)],
    "moon": [("250", 250), ("off", None)],
    "moon_fail": [("set", MoonFail.SET), ("bags", MoonFail.BAGS)],
    "target": [("1", 1), ("300", 300), ("+500", 500)],
    "lose_at": [("-200", -200), ("0", 0), ("off", None)],
    "set_streak_loses": [("2", 2), ("3", 3), ("off", None)],
    "renege_penalty": [
        ("0", 0),
        ("3", 3),
        ("13", 13),
        ("set", RenegeSet.SET),
        ("SET", RenegeSet.SET),
    ],
    "renege_transfer": [("yes", True), ("no", False)],
}

#: Invalid texts of some keys, with the valid values the message must list.
INVALID: list[tuple[str, str, str]] = [
    ("players", "5", "2, 3, 4"),
    ("players", "four", "2, 3, 4"),
    ("partnership", "maybe", "yes, no"),
    ("bid_rounds", "3", "1, 2"),
    ("pass_cards", "4", "0, 1, 2, 3"),
    ("pass_to", "opposite", "partner, left, right, across, rotate"),
    ("widow", "kitty", "off, aside, dealer, two_of_clubs, high_bidder"),
    ("widow_discard", "never", "before_bid, after_bid"),
    ("first_bidder", "north", "left_of_dealer, dealer"),
    ("deck", "pinochle", "standard, jokers, jjdd"),
    ("first_lead", "dealer", "left_of_dealer, two_of_clubs, lowest_club"),
    ("dealer_rotation", "anticlockwise", "clockwise, none"),
    ("nil", "-50", "0 or more, or off"),
    ("nil", "5_0", "0 or more, or off"),
    ("nil", "", "0 or more, or off"),
    ("nil_penalty", "off", "0 or more, or same"),
    ("bag_limit", "0", "1 or more, or off"),
    ("bag_penalty", "off", "0 or more"),
    ("blind_nil_pass", "14", "0 to 13"),
    ("max_team_bid", "18", "1 to 17, or off"),
    ("moon_fail", "zero", "set, bags"),
    ("renege_penalty", "off", "0 to 13 (tricks), or set"),
    ("target", "0", "1 or more"),
    ("lose_at", "-2.5", "any whole number, or off"),
]


def test_every_field_but_name_has_exactly_one_key() -> None:
    fields = [f.name for f in dataclasses.fields(Ruleset) if f.name != "name"]
    assert [k.name for k in KEYS] == fields
    assert list(VALID) == fields


@pytest.mark.parametrize(
    ("key", "text", "value"), [(k, t, v) for k, vs in VALID.items() for t, v in vs]
)
def test_a_valid_value_converts_and_round_trips(key: str, text: str, value: Any) -> None:
    k = KEY_BY_NAME[key]
    assert k.convert(text) == value
    assert k.convert(k.format(value)) == value


@pytest.mark.parametrize(("key", "text", "valid"), INVALID)
def test_a_bad_value_is_refused_with_the_valid_values(key: str, text: str, valid: str) -> None:
    with pytest.raises(RulesError) as e:
        parse_rules(f"standard {key}={text}")
    assert str(e.value) == f"bad value {text!r} for {key}; valid values: {valid}"
    with pytest.raises(ValueError, match=re.escape(valid)):
        KEY_BY_NAME[key].convert(text)


def test_every_key_lists_its_values_and_meaning() -> None:
    for k in KEYS:
        assert k.values and k.meaning, k.name


# ---------------------------------------------------------------------------- rules text


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("standard nil=50 bag_limit=off", {"nil": 50, "bag_limit": None}),
        ("  standard   nil = 50 ,bag_limit= off ", {"nil": 50, "bag_limit": None}),
        ("Bag-Limit=5", {"bag_limit": 5}),
        ("standard", {}),
        ("", {}),
    ],
)
def test_rules_text_changes_standard(text: str, changes: dict[str, Any]) -> None:
    assert parse_rules(text) == dataclasses.replace(STANDARD, **changes)


def test_rules_text_without_a_preset_changes_the_default() -> None:
    boston = PRESETS["boston"]
    assert parse_rules("", default=boston) is boston
    assert parse_rules("target=300", default=boston) == dataclasses.replace(boston, target=300)
    assert parse_rules("jokers target=300", default=boston).name == "jokers"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("standrad nil=50", "unknown preset 'standrad' (did you mean 'standard'?); presets: "),
        ("house", "presets: standard, britannica, cutthroat, solo, two-player, jokers"),
        ("bag_limt=5", "unknown ruleset key 'bag_limt' (did you mean 'bag_limit'?)"),
        ("standard blindnil=off", "(did you mean 'blind_nil'?)"),
        ("standard colour=red", "valid keys: players, partnership, deck, high_twos, first_lead"),
        ("name=house", "unknown ruleset key 'name'"),
        ("nil", "the key 'nil' needs a value (nil=...)"),
        ("nil=50 britannica", "the preset 'britannica' must come first"),
        ("standard nil=50 fifty", "expected key=value, not 'fifty'"),
        ("nil=50 bag_limit=3 NIL=60", "the key nil is given twice"),
    ],
)
def test_bad_rules_text_is_refused_with_a_useful_message(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        parse_rules(text)


def test_an_unknown_key_lists_every_valid_key() -> None:
    with pytest.raises(RulesError) as e:
        parse_rules("colour=red")
    assert str(e.value).endswith("valid keys: " + ", ".join(k.name for k in KEYS))


# ---------------------------------------------------------------------------- combinations


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("standard players=3", "partnership=yes needs players=4"),
        ("standard players=2", "partnership=yes needs players=4"),
        ("two-player partnership=yes", "partnership=yes needs players=4"),
        (
            "cutthroat first_lead=left_of_dealer deck=jjdd players=3",
            "deck=jjdd cannot be played by 3",
        ),
        ("cutthroat deck=jokers", "first_lead=two_of_clubs needs deck=standard"),
        ("cutthroat players=3 high_twos=2D", "high_twos=2D cannot be played by 3 players"),
        ("jjdd deck=jjdd", "high_twos cannot be added to deck=jjdd"),
        ("jokers high_twos=2H", "a two that the jokers deck leaves out"),
        ("cutthroat high_twos=2C,2S", "first_lead=two_of_clubs cannot be played with high_twos"),
        ("two-player first_lead=two_of_clubs", "the 2C may be discarded"),
        ("cutthroat failed_nil_tricks=partner", "failed_nil_tricks=partner needs partnership=yes"),
        ("cutthroat blind_nil=200", "blind_nil without partnership needs blind_nil_pass=0"),
        ("suicide partnership=no", "bidding=suicide needs partnership=yes"),
        ("suicide nil=off", "bidding=suicide needs nil bids"),
        ("suicide max_team_bid=3", "bidding=suicide needs max_team_bid=4 or more"),
        ("mirror blind_nil=200", "bidding=mirror rules out blind_nil and blind_bids"),
        ("mirror blind_bids=6", "bidding=mirror rules out blind_nil and blind_bids"),
        ("mirror min_team_bid=4", "bidding=mirror rules out min_team_bid and max_team_bid"),
        ("mirror max_team_bid=10", "bidding=mirror rules out min_team_bid and max_team_bid"),
        ("boston min_team_bid=11", "min_team_bid is above max_team_bid"),
        ("standard lose_at=500", "lose_at must be below target"),
        ("two-player pass_cards=1 pass_to=left", "pass_cards cannot be played by 2 players"),
        ("cutthroat pass_cards=2", "pass_to=partner needs partnership=yes"),
        ("standard widow=dealer", "widow needs deck=jokers (or jjdd) and players=4"),
        ("cutthroat players=3 deck=jokers widow=aside", "widow needs deck=jokers"),
        ("cutthroat deck=jokers widow=dealer", "widow rules out first_lead=two_of_clubs"),
        (
            "jokers widow=high_bidder partnership=no blind_nil=off",
            "widow=high_bidder needs partnership=yes",
        ),
        ("jokers widow=aside widow_discard=after_bid", "widow_discard=after_bid needs widow"),
        ("jokers widow=high_bidder widow_discard=after_bid", "widow_discard=after_bid needs"),
        ("jokers widow=high_bidder unbid_hands=first", "need every hand bid"),
        ("jokers widow=dealer widow_discard=after_bid unbid_hands=all", "need every hand bid"),
        ("cutthroat players=3 pass_cards=1 pass_to=across", "pass_to=across and pass_to=rotate"),
        ("cutthroat players=3 pass_cards=1 pass_to=rotate", "pass_to=across and pass_to=rotate"),
        ("mirror bid_rounds=2", "bid_rounds=2 rules out bidding=mirror"),
        (
            "standard first_hand_bids_itself=yes",
            "first_hand_bids_itself=yes needs unbid_hands",
        ),
    ],
)
def test_an_impossible_combination_is_refused(text: str, message: str) -> None:
    with pytest.raises(RulesError, match="^impossible rules: .*" + re.escape(message)):
        parse_rules(text)


def test_every_impossible_combination_is_reported_at_once() -> None:
    with pytest.raises(RulesError) as e:
        parse_rules("jjdd players=3")
    assert "partnership=yes needs players=4" in str(e.value)
    # the jjdd preset is deck=jokers high_twos=2D,2S
    assert "high_twos=2D cannot be played by 3 players" in str(e.value)


@pytest.mark.parametrize(
    "text",
    [
        "cutthroat players=3",
        "solo players=3",
        "cutthroat first_lead=left_of_dealer deck=jokers players=3",
        "two-player deck=jjdd",
        "standard bag_mode=carry bag_limit=off",
        "standard bag_mode=deduct",
        "cutthroat blind_nil=200 blind_nil_pass=0",
        "mirror nil=off",
        "suicide max_team_bid=4",
        "standard lose_at=-200",
        "boston first_hand_bids_itself=yes",
    ],
)
def test_a_possible_combination_is_accepted(text: str) -> None:
    check_rules(parse_rules(text))


def test_check_rules_checks_a_ruleset_built_in_code() -> None:
    with pytest.raises(RulesError, match="deck=jjdd cannot be played by 3"):
        check_rules(Ruleset(players=3, partnership=False, deck=Deck.JJDD))


# ---------------------------------------------------------------------------- format_rules

OVERRIDES = [
    "",
    "nil=50 bag_limit=off",
    "target=300 lose_at=-200 renege_penalty=set",
    "nil_penalty=0 moon=200 moon_fail=bags",
    "blind_nil_pass=0 blind_nil=off failed_nil_tricks=none",
    "lead_spades=anytime set_penalty=zero bids_total_13=no",
    "bag_mode=deduct bag_limit=5 bag_penalty=50",
]


@pytest.mark.parametrize("overrides", OVERRIDES)
@pytest.mark.parametrize("name", PRESET_VALUES)
def test_format_rules_round_trips(name: str, overrides: str) -> None:
    if name == "mirror" and "bids_total_13=no" in overrides:
        overrides += " deck=jokers"  # with 52 cards the mirror bids always add up to 13
    rules = parse_rules(f"{name} {overrides}")
    text = format_rules(rules)
    assert parse_rules(text) == rules
    assert text.split()[0] == name
    assert format_rules(parse_rules(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("standard", "standard"),
        ("standard nil=100", "standard"),
        ("bag_limit=off NIL=50", "standard nil=50 bag_limit=off"),
        ("britannica target=300 both_nil=no", "britannica target=300"),
        ("boston blind_bids=6 nil=off bag_limit=5", "boston bag_limit=5"),
        ("two_player moon=300", "two-player moon=300"),
        ("standard nil_penalty=same renege_penalty=set", "standard renege_penalty=set"),
    ],
)
def test_format_rules_is_canonical(text: str, canonical: str) -> None:
    assert format_rules(parse_rules(text)) == canonical


def test_a_ruleset_with_no_preset_name_is_written_from_standard() -> None:
    rules = Ruleset(name="house", nil=75)
    assert format_rules(rules) == "standard nil=75"
    assert parse_rules(format_rules(rules)) == dataclasses.replace(rules, name="standard")


# ---------------------------------------------------------------------------- TOML files


def _toml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('preset = "britannica"\n', PRESETS["britannica"]),
        ("", STANDARD),
        (
            'preset = "two_player"\nnil = 50\nmoon_fail = "set"\nbag-limit = false\n',
            dataclasses.replace(
                PRESETS["two-player"], nil=50, moon_fail=MoonFail.SET, bag_limit=None
            ),
        ),
        (
            'both_nil = false\nrenege_penalty = "set"\ndeck = "jokers"\nlose_at = -200\n',
            dataclasses.replace(
                STANDARD,
                both_nil=False,
                renege_penalty=RenegeSet.SET,
                deck=Deck.JOKERS,
                lose_at=-200,
            ),
        ),
        (
            'bag_limit = "off"\nspades_first_trick = "no"\n',
            parse_rules("bag_limit=off spades_first_trick=no"),
        ),
    ],
)
def test_a_toml_file_loads(tmp_path: Path, text: str, expected: Ruleset) -> None:
    assert load_rules_toml(_toml(tmp_path, text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('preset = "standrad"\n', "unknown preset 'standrad' (did you mean 'standard'?)"),
        ("preset = 4\n", "preset must be a string, one of: standard, britannica"),
        ("bag_limt = 5\n", "unknown ruleset key 'bag_limt' (did you mean 'bag_limit'?)"),
        ("nil = 50.5\n", "bad value 50.5 for nil; valid values: 0 or more, or off"),
        ("players = [3]\n", "bad value [3] for players; valid values: 2, 3, 4"),
        ("[rules]\nnil = 50\n", "unknown ruleset key 'rules'"),
        ("players = 3\n", "impossible rules: partnership=yes needs players=4"),
        ("nil = 50\nNIL = 60\n", "the key nil is given twice"),
        ("nil = \n", "not a valid TOML file"),
    ],
)
def test_a_bad_toml_file_is_refused_naming_the_file(
    tmp_path: Path, text: str, message: str
) -> None:
    path = _toml(tmp_path, text)
    with pytest.raises(RulesError) as e:
        load_rules_toml(path)
    assert str(e.value).startswith(f"{path}: ")
    assert message in str(e.value)


def test_a_missing_toml_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        load_rules_toml(tmp_path / "missing.toml")


# ---------------------------------------------------------------------------- docs/rules.md


def _doc_rows() -> dict[str, list[str]]:
    text = DOCS.read_text(encoding="utf-8")
    keys_section = text.split("\n## Keys\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in keys_section.splitlines():
        m = re.match(r"\| `([a-z_0-9]+)` \|", line)
        if m:
            rows[m.group(1)] = [cell.strip() for cell in line.strip("|").split("|")]
    return rows


def test_the_docs_table_is_written_from_the_key_declarations() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert docs_table(PRESETS) in text


def test_the_docs_table_has_every_key_with_its_values_and_default() -> None:
    rows = _doc_rows()
    assert list(rows) == [k.name for k in KEYS]
    for k in KEYS:
        _, values, default, *_ = rows[k.name]
        assert values == k.values, k.name
        assert default == f"`{k.format(getattr(STANDARD, k.name))}`", k.name


def test_the_docs_table_says_which_presets_change_each_key() -> None:
    rows = _doc_rows()
    for k in KEYS:
        changed_by = rows[k.name][-1]
        documented = set(re.findall(r"([a-z][a-z-]*) `", changed_by))
        actual = {
            name
            for name, rules in PRESETS.items()
            if getattr(rules, k.name) != getattr(STANDARD, k.name)
        }
        assert documented == actual, k.name
        for name in actual:
            assert f"{name} `{k.format(getattr(PRESETS[name], k.name))}`" in changed_by, k.name


def test_the_docs_describe_every_preset_with_a_source() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for name in PRESETS:
        section = re.search(rf"^### `{re.escape(name)}`\n(.*?)(?=^#)", text, re.M | re.S)
        assert section, name
        assert "Source:" in section.group(1), name
        for k in KEYS:
            value = getattr(PRESETS[name], k.name)
            if value != getattr(STANDARD, k.name):
                assert f"`{k.name}={k.format(value)}`" in section.group(1), (name, k.name)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("standard set_twice_loses=yes", {"set_streak_loses": 2}),
        ("boston set_twice_loses=no", {"set_streak_loses": None}),
        ("standard first_hand_unbid=yes", {"unbid_hands": UnbidHands.FIRST}),
        ("boston first_hand_unbid=no", {"unbid_hands": UnbidHands.NONE}),
    ],
)
def test_older_keys_still_read(text: str, changes: dict[str, object]) -> None:
    rules = parse_rules(text)
    for name, value in changes.items():
        assert getattr(rules, name) == value
    assert parse_rules(format_rules(rules)) == rules  # written back with the new keys
    assert "set_twice_loses" not in format_rules(rules)


def test_an_older_key_with_a_bad_value_names_its_values() -> None:
    with pytest.raises(
        RulesError, match="bad value 'maybe' for set_twice_loses; valid values: yes, no"
    ):
        parse_rules("standard set_twice_loses=maybe")
    with pytest.raises(RulesError, match="given twice"):
        parse_rules("standard set_twice_loses=yes set_streak_loses=3")
