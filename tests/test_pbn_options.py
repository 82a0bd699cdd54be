"""The Event words and GameOptionsJson keys of imported records -> a ruleset, with warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spadesctl.diagnostics import INVALID_RULES, UNKNOWN_OPTION
from spadesctl.events import Position
from spadesctl.pbn import EVENT_PHRASES, JSON_KEYS, MappedRules, map_options
from spadesctl.pbn.parser import PbnTag, quote
from spadesctl.rules import format_rules, parse_rules

EVENT = (
    "Trickster Cards: Play Spades - 2v2 Joker-Joker-Deuce-Deuce to 500, \u221210x bid if "
    "set, min bid 4, 1st hand bids itself, 10-for-200, no Nil, Blind 6+ if losing by 250"
)
OPTIONS = (
    '{"variation":3,"failBidScoring":1,"minBid":4,"tenForTwoHundred":true,'
    '"blindNonNilBids":4,"noWatching":true,"nilOrZero":1,"firstHandBidsItself":true}'
)


def tag(name: str, value: str, line: int = 1) -> PbnTag:
    """A tag as the parser makes it: ``[name "value"]`` at the start of ``line``."""
    raw = quote(value)[1:-1]
    return PbnTag(name, value, Position(line, 1), Position(line, len(name) + 4), raw)


def mapped(event: str | None = None, options: str | None = None) -> MappedRules:
    found = map_options(
        tag("Event", event, 1) if event is not None else None,
        tag("GameOptionsJson", options, 2) if options is not None else None,
    )
    assert found is not None
    return found


def test_the_issue_record_maps_to_one_ruleset_and_nothing_is_left_over() -> None:
    found = mapped(EVENT, OPTIONS)
    assert found.issues == ()
    assert found.sources == ("Event", "GameOptionsJson")
    assert found.rules == parse_rules(
        "jjdd nil=off zero_is_nil=no min_team_bid=4 blind_bids=6 blind_bid_deficit=250 "
        "first_hand_unbid=yes first_hand_bids_itself=yes ten_for_200=yes set_penalty=bid"
    )
    assert format_rules(found.rules).startswith("jjdd ")


@pytest.mark.parametrize(
    ("words", "rules"),
    [
        ("2v2", "standard"),
        ("1v1v1v1", "standard partnership=no blind_nil_pass=0"),
        ("1v1v1", "standard players=3 partnership=no blind_nil_pass=0"),
        ("1v1", "standard players=2 partnership=no blind_nil_pass=0 blind_nil=off"),
        ("Joker-Joker-Deuce-Deuce", "jjdd"),
        ("JJDD", "jjdd"),
        ("Jokers", "jokers"),
        ("Joker-Joker", "jokers"),
        ("to 500", "standard target=500"),
        ("to 350/\u2212200", "standard target=350 lose_at=-200"),
        ("to 300 / -100", "standard target=300 lose_at=-100"),
        ("\u221210x bid if set", "standard set_penalty=bid"),
        ("-10x bid if set", "standard set_penalty=bid"),
        ("0 if set", "standard set_penalty=zero"),
        ("min bid 4", "standard min_team_bid=4"),
        ("Minimum bid 5", "standard min_team_bid=5"),
        ("1st hand bids itself", "standard first_hand_unbid=yes first_hand_bids_itself=yes"),
        ("10-for-200", "standard ten_for_200=yes"),
        ("no Nil", "standard nil=off zero_is_nil=no"),
        ("no Blind Nil", "standard blind_nil=off"),
        ("no bags", "standard bag_mode=off bag_limit=off"),
        ("lead \u2660 anytime", "standard lead_spades=anytime"),
        ("lead spades anytime", "standard lead_spades=anytime"),
        ("Blind 6+ if losing by 250", "standard blind_bids=6 blind_bid_deficit=250"),
    ],
)
def test_each_event_phrase(words: str, rules: str) -> None:
    found = mapped(f"Trickster Cards: Play Spades - {words}")
    assert found.issues == ()
    assert found.rules == parse_rules(rules)
    assert found.sources == ("Event",)


@pytest.mark.parametrize(
    ("options", "rules"),
    [
        ('{"minBid":4}', "standard min_team_bid=4"),
        ('{"tenForTwoHundred":true}', "standard ten_for_200=yes"),
        ('{"tenForTwoHundred":false}', "standard ten_for_200=no"),
        (
            '{"firstHandBidsItself":true}',
            "standard first_hand_unbid=yes first_hand_bids_itself=yes",
        ),
        ('{"blindNonNilBids":0}', "standard blind_bids=off"),
        ('{"nilOrZero":1}', "standard nil=off zero_is_nil=no"),
        ('{"failBidScoring":1}', "standard set_penalty=bid"),
        ('{"variation":3}', "jjdd"),
    ],
)
def test_each_json_key(options: str, rules: str) -> None:
    found = mapped(options=options)
    assert found.issues == ()
    assert found.rules == parse_rules(rules)


def test_a_key_with_no_effect_on_play_is_understood_and_says_nothing() -> None:
    assert map_options(None, tag("GameOptionsJson", '{"noWatching":true}')) is None


def test_each_key_not_understood_is_one_warning_at_the_key() -> None:
    options = '{"minBid":4,"autoPlay":true,"variation":7,"speed":"fast"}'
    found = mapped(options=options)
    assert found.rules == parse_rules("standard min_team_bid=4")
    raw = quote(options)[1:-1]  # as written in the file: the quotes escaped
    assert [(i.kind, i.pos) for i in found.issues] == [
        (UNKNOWN_OPTION, Position(2, 19 + raw.index(key)))
        for key in ("autoPlay", "variation", "speed")
    ]
    assert found.issues[0].message.startswith("GameOptionsJson autoPlay=true:")
    assert "does not know what this value means" in found.issues[1].message


def test_each_event_phrase_not_understood_is_one_warning_where_it_stands() -> None:
    event = "Trickster Cards: Play Spades - 2v2 to 500, jokers wild, Blind 6+ if losing by 250"
    found = mapped(event)
    assert found.rules == parse_rules("jokers target=500 blind_bids=6 blind_bid_deficit=250")
    [issue] = found.issues
    assert issue.kind is UNKNOWN_OPTION
    assert "'wild'" in issue.message
    assert issue.pos == Position(1, 9 + event.index("wild"))


def test_blind_bids_on_in_json_need_the_event_to_say_how() -> None:
    alone = mapped(options='{"blindNonNilBids":4}')
    [issue] = alone.issues
    assert "blindNonNilBids=4" in issue.message
    assert alone.rules.blind_bids is None
    with_event = mapped("Spades - Blind 6+ if losing by 250", '{"blindNonNilBids":4}')
    assert with_event.issues == ()
    assert with_event.rules.blind_bids == 6


def test_when_json_and_event_disagree_the_event_is_followed_and_it_is_said() -> None:
    found = mapped("Spades - min bid 4", '{"minBid":5}')
    assert found.rules.min_team_bid == 4
    [issue] = found.issues
    assert issue.kind is UNKNOWN_OPTION
    assert "min_team_bid=5" in issue.message and "'min bid 4'" in issue.message


def test_json_that_is_not_an_object_is_one_warning() -> None:
    for text in ('{"minBid":4', "[1, 2]", ""):
        found = map_options(None, tag("GameOptionsJson", text))
        assert found is not None
        [issue] = found.issues
        assert issue.kind is UNKNOWN_OPTION
        assert found.sources == ()


def test_rules_that_cannot_be_played_together_fall_back_to_the_deck_preset() -> None:
    found = mapped("Spades - 1v1v1 Joker-Joker-Deuce-Deuce")
    [issue] = found.issues
    assert issue.kind is INVALID_RULES
    assert "jjdd" in issue.message
    assert found.rules == parse_rules("jjdd")


def test_an_event_without_rules_words_maps_nothing() -> None:
    assert map_options(tag("Event", "Friday League"), None) is None
    assert map_options(None, None) is None


@given(
    st.lists(
        st.sampled_from(
            [
                "2v2",
                "3v3",
                "Jokers",
                "to 500",
                "to 350/\u2212200",
                "min bid 4",
                "no Nil",
                "no bags",
                "lead \u2660 anytime",
                "10-for-200",
                "Blind 6+ if losing by 250",
                "wild",
                "mystery rule",
                "and",
                "",
            ]
        ),
        max_size=8,
    )
)
def test_every_word_is_either_understood_or_reported(words: list[str]) -> None:
    found = map_options(tag("Event", "App: Spades - " + ", ".join(words)), None)
    unknown = [w for w in words if w in ("3v3", "wild", "mystery rule")]
    if found is None:
        assert not unknown
        return
    reported = [i for i in found.issues if i.kind is UNKNOWN_OPTION]
    for word in unknown:
        assert any(repr(word) in i.message for i in reported), (word, found.issues)


def test_docs_list_every_phrase_and_key() -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "pbn.md").read_text("utf-8")
    for phrase in EVENT_PHRASES:
        for example in phrase.example.split(" / "):
            assert f"`{example}`" in docs, example
    for key in JSON_KEYS:
        assert f"| `{key}` |" in docs, key
