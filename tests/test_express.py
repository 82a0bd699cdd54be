"""The express check (spadesctl.express) against the full engine.

The express check may only ever answer "clean" for a game in which the full check finds
nothing, and then with the right number of hands.  These tests prove it four ways:
its scoring equals :func:`score_hand` and :func:`game_end` on random hands; it accepts
every generated game of the rulesets it covers and no game of those it does not; every
kind of mistake planted in a clean game makes it hand the game over; and random edits of
generated games (hypothesis) never make it pass a game the full check faults.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spadesctl.cards import Party, Seat, Side, seats_for
from spadesctl.checking import CheckOptions, check_file, game_diagnostics
from spadesctl.core.bids import BLIND_NIL, NIL
from spadesctl.diagnostics import (
    BAD_DEAL,
    BAD_DRAW,
    BAD_PASS,
    BAD_WIDOW,
    BAGS_MISMATCH,
    BID_IN_UNBID_HAND,
    BID_OUT_OF_RANGE,
    BID_OUT_OF_TURN,
    BIDS_TOTAL_13,
    BLIND_BID_NOT_ALLOWED,
    BLIND_NIL_NOT_ALLOWED,
    BOTH_NIL_NOT_ALLOWED,
    CARD_NOT_HELD,
    CARD_PLAYED_TWICE,
    DEALER_OUT_OF_TURN,
    FIRST_TRICK_VIOLATION,
    HAND_NUMBER,
    INCOMPLETE_HAND,
    INVALID_RULES,
    KINDS,
    MIN_BID_VIOLATED,
    MIRROR_BID_VIOLATED,
    MISPLACED_LINE,
    MISSING_BIDS,
    MUST_OVERTAKE,
    NIL_NOT_ALLOWED,
    PLAY_AFTER_GAME_OVER,
    RENEGE,
    RENEGE_RULED,
    RESULT_MISMATCH,
    SCORE_MISMATCH,
    SPADES_NOT_BROKEN,
    SUICIDE_BID_VIOLATED,
    SYNTAX_ERROR,
    TRICK_COUNT_MISMATCH,
    TRICK_IN_SEAT_ORDER,
    TRICK_NUMBER,
    UNSUPPORTED_RENEGE_CALL,
    WRONG_CARD_COUNT,
    WRONG_LEADER,
    Kind,
)
from spadesctl.events import Bid, BidKind
from spadesctl.express import express_game, express_rules
from spadesctl.express.canonical import express_check
from spadesctl.express.family import FIXED, NOT_REACHED, VARIED, ruleset_keys
from spadesctl.express.score import score_parties, winner
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import GameText, format_game, game_from_text, game_texts_from_stream
from spadesctl.notation.parser import parse_lines
from spadesctl.record import assemble
from spadesctl.rules import PRESETS, Ruleset, parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.scoring import PartyStanding, Standing, game_end, score_hand
from tests.strategies import RULES_TEXTS, mutated_lines

#: Rulesets the express check covers: presets, and house rules that vary every key it reads.
COVERED: Final = (
    "standard",
    "standard high_twos=2D,2S",
    "cutthroat players=3 first_lead=left_of_dealer deck=jokers high_twos=2S",
    "standard nil=50 blind_nil=100 both_nil=no",
    "standard nil=off blind_nil=off",
    "standard first_lead=two_of_clubs spades_first_trick=no",
    "standard lead_spades=anytime bids_total_13=no min_team_bid=4",
    "standard zero_is_nil=no max_team_bid=9",
    "standard bag_mode=deduct set_penalty=zero",
    "standard bag_mode=off failed_nil_tricks=partner",
    "standard failed_nil_tricks=none nil_penalty=50 bag_limit=5 bag_penalty=50 target=300 "
    "lose_at=-200 set_twice_loses=yes blind_nil_pass=0 blind_nil_deficit=50",
    "standard bag_limit=off blind_nil_deficit=0",
    "suicide",
    "mirror nil=50",
    "britannica",
    "britannica blind_nil_pass=0 spades_first_trick=yes",
    "jokers",
    "jjdd",
    "jjdd lead_spades=anytime spades_first_trick=no bag_mode=deduct",
    "jokers first_lead=lowest_club spades_first_trick=no",
    "standard moon=250 moon_fail=bags ten_for_200=yes",
    "standard moon=300 max_overtricks=2 boston_wins=yes set_penalty=zero",
    "standard ten_for_200=yes boston_wins=yes bag_mode=deduct",
    "cutthroat",
    "cutthroat players=3",
    "cutthroat players=3 first_lead=lowest_club nil=50 blind_nil=100 blind_nil_pass=0 "
    "bids_total_13=no",
    "cutthroat deck=jokers first_lead=left_of_dealer min_team_bid=2 max_team_bid=8",
    "cutthroat moon=200 boston_wins=yes ten_for_200=yes blind_nil=150 blind_nil_pass=0 "
    "blind_nil_deficit=0 set_twice_loses=yes",
    "mirror partnership=no",
    "solo",
    "solo players=3",
    "standard must_overtake=yes",
    "jjdd must_overtake=yes spades_first_trick=no",
    "boston",
    "boston first_hand_bids_itself=yes blind_bid_set=double blind_bid_deficit=0",
    "boston blind_bids=8 blind_bid_deficit=50 set_twice_loses=no target=300",
    "standard first_hand_unbid=yes",
    "standard nil=off min_team_bid=4 blind_bids=6 blind_bid_deficit=0 first_hand_unbid=yes "
    "first_hand_bids_itself=yes",
    "cutthroat first_hand_unbid=yes",
    "two-player",
    "two-player deck=jokers high_twos=2S first_lead=lowest_club must_overtake=yes blind_nil=100 "
    "blind_nil_pass=0 blind_nil_deficit=0 target=300",
    "two-player first_hand_unbid=yes blind_bids=5 blind_bid_deficit=0",
)

#: The presets among them.
_COVERED_PRESETS: Final = (
    "standard",
    "suicide",
    "mirror",
    "britannica",
    "jokers",
    "jjdd",
    "cutthroat",
    "solo",
    "boston",
    "two-player",
)

#: The two-player rulesets of ``COVERED``: their hands are drawn.
DRAWN: Final = tuple(t for t in COVERED if t.startswith("two-player"))


ROOT: Final = Path(__file__).resolve().parents[1]


@functools.cache
def clean_texts(rules_text: str, count: int = 4) -> tuple[str, ...]:
    """``count`` generated games under ``rules_text``, as ``fmt`` writes them; then the
    score sheets of the first two of them (bids and ``took`` lines only), the first with
    each side's tricks together where no partner bid nil, the second game with the took
    lines of its sheet after its tricks (the games of a seed are the same games), and the
    third with each hand's last trick claimed (``_claimed``)."""
    rules = parse_rules(rules_text)
    full = tuple(format_game(g) for g in generate_games(max(count, 3), seed=7, rules=rules))
    sheets = [
        format_game(g)
        for g in generate_games(3, seed=7, rules=rules, options=GenerateOptions(hands_only=True))
    ]
    played = "\n\n".join(
        _took_after_play(hand, sheet)
        for hand, sheet in zip(full[1].split("\n\n"), sheets[1].split("\n\n"), strict=True)
    )
    claimed = "\n\n".join(
        _claimed(hand, sheet, k)
        for k, (hand, sheet) in enumerate(
            zip(full[2].split("\n\n"), sheets[2].split("\n\n"), strict=True)
        )
    )
    return (*full[:count], _sides_together(sheets[0]), sheets[1], played, claimed)


def _claimed(hand: str, sheet: str, k: int) -> str:
    """A played hand (a block of a game's text) whose last trick is claimed instead by
    the seat that won it, and its sheet's took line after the claim in every other hand
    (``k``: the hand's place); the seat that won the last trick is the one its took
    count gives a trick more than the tricks it led after the first."""
    took = [line for line in sheet.split("\n") if line.startswith("took ")]
    lines = hand.split("\n")
    tricks = [k for k, line in enumerate(lines) if line.startswith("trick ")]
    if not took or not tricks:
        return hand
    words = took[0].split(" ")
    counts = dict(zip(words[1::2], map(int, words[2::2]), strict=True))
    leaders = [lines[t].split(" ")[2] for t in tricks[1:]]
    (last,) = [seat for seat, n in counts.items() if n - leaders.count(seat) == 1]
    claim = [f"claim {last}", *(took if k % 2 else [])]
    return "\n".join([*lines[: tricks[-1]], *claim, *lines[tricks[-1] + 1 :]])


def _took_after_play(hand: str, sheet: str) -> str:
    """A hand's lines (a block of a game's text) with its sheet's took line after its
    last trick line."""
    took = [line for line in sheet.split("\n") if line.startswith("took ")]
    lines = hand.split("\n")
    tricks = [k for k, line in enumerate(lines) if line.startswith("trick ")]
    if not took or not tricks:
        return hand
    return "\n".join([*lines[: tricks[-1] + 1], *took, *lines[tricks[-1] + 1 :]])


def _sides_together(text: str) -> str:
    """A score sheet with each side's tricks in one count (``took NS 5 E 4 W 4``) where
    neither partner bid a nil (four-player partnership rules)."""
    out = []
    bids: dict[str, str] = {}
    for line in text.split("\n"):
        words = line.split(" ")
        if words[0] == "bid":
            bids = dict(zip(words[1::2], words[2::2], strict=True))
        if words[0] == "took" and '[Rules "' in text and len(words) == 9 and _partners(text):
            counts = dict(zip(words[1::2], map(int, words[2::2]), strict=True))
            entries: list[str] = []
            for side in ("NS", "EW"):
                if any(bids.get(s) in ("nil", "bnil", "0") for s in side):
                    entries.extend(f"{s} {counts[s]}" for s in side)
                else:
                    entries.append(f"{side} {counts[side[0]] + counts[side[1]]}")
            line = " ".join(["took", *entries])
        out.append(line)
    return "\n".join(out)


def _partners(text: str) -> bool:
    """Whether a generated game's Rules tag plays in partnerships."""
    tag = next(line for line in text.split("\n") if line.startswith("[Rules "))
    return parse_rules(tag.split('"')[1]).has_partnerships


def with_rules_tag(text: str, rules_text: str) -> str:
    """``text`` with its Rules tag saying ``rules_text`` as written (a game has one)."""
    lines = text.split("\n")
    return "\n".join(
        f'[Rules "{rules_text}"]' if line.startswith("[Rules ") else line for line in lines
    )


def units(text: str) -> list[GameText]:
    """The games of a native record text, as the reader splits them."""
    out = []
    for unit in game_texts_from_stream(io.BytesIO(text.encode("utf-8", "surrogatepass"))):
        assert isinstance(unit, GameText)
        out.append(unit)
    return out


def express_count(unit: GameText) -> int | None:
    """The express check's answer for a game as ``check`` asks it (the lines as written,
    then in canonical form): its number of hands, or ``None`` (not sure)."""
    settled = None if unit.issues else express_check(unit.lines, STANDARD)
    return None if settled is None else settled[0]


def both_ways(unit: GameText, index: int = 1) -> tuple[int | None, list[Kind], int]:
    """The express answer, the full check's diagnostics (kinds) and the hands parsed."""
    express = express_count(unit)
    game = game_from_text(unit, "-", index)
    return express, [d.kind for d in game_diagnostics(game)], len(game.hands)


# -- which rulesets ---------------------------------------------------------------------


def test_every_ruleset_key_is_classified_once() -> None:
    groups = [set(FIXED), set(VARIED), set(NOT_REACHED)]
    assert set().union(*groups) == ruleset_keys()
    assert sum(map(len, groups)) == len(ruleset_keys())


@pytest.mark.parametrize(
    ("preset", "covered"),
    [(name, name in _COVERED_PRESETS) for name in PRESETS],
)
def test_presets_covered(preset: str, covered: bool) -> None:
    assert (express_rules(PRESETS[preset]) is not None) is covered


@pytest.mark.parametrize("rules_text", COVERED)
def test_house_rules_covered(rules_text: str) -> None:
    assert express_rules(parse_rules(rules_text)) is not None


# -- scoring ----------------------------------------------------------------------------

_BID_KIND: Final = {NIL: BidKind.NIL, BLIND_NIL: BidKind.BLIND_NIL}


def _bid(seat: Seat, code: int) -> Bid:
    if code >= 0:
        return Bid(seat, BidKind.NUMBER, code)
    return Bid(seat, _BID_KIND[code], 0)


@st.composite
def hands(draw: st.DrawFn) -> tuple[Ruleset, list[int], list[int], list[int], list[int]]:
    """A covered ruleset, a bid code per seat, tricks adding up to the hand's, and the
    bag counts and sets in a row of each party before."""
    rules = parse_rules(draw(st.sampled_from(COVERED)))
    mine = express_rules(rules)
    assert mine is not None
    n, size = mine.players, mine.tricks
    numbers = [*range(size + 1)]
    codes = st.sampled_from([*numbers, NIL, BLIND_NIL] if rules.blind_nil else numbers)
    bids = [draw(codes) for _ in range(n)]
    cuts = sorted(draw(st.lists(st.integers(0, size), min_size=n - 1, max_size=n - 1)))
    took = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
    if draw(st.booleans()):  # a party bids big and takes every trick (moon, Boston...)
        seats = draw(st.sampled_from(mine.party_seats))
        bids[seats[0]] = draw(st.integers(5, size))
        for s in seats[1:]:
            bids[s] = draw(st.integers(0, size - bids[seats[0]]))
        took = [0] * n
        took[seats[-1]] = draw(st.integers(0, size))
        took[seats[0]] = size - took[seats[-1]] if len(seats) > 1 else size
    parties = len(mine.parties)
    bags = [draw(st.integers(0, 12)) for _ in range(parties)]
    sets = [draw(st.integers(0, 1)) for _ in range(parties)]
    return rules, bids, took, bags, sets


@settings(max_examples=500, deadline=None)
@given(hand=hands(), scores=st.lists(st.integers(-600, 600), min_size=4, max_size=4))
def test_scoring_matches_score_hand(
    hand: tuple[Ruleset, list[int], list[int], list[int], list[int]], scores: list[int]
) -> None:
    rules, bids, took, bags, sets = hand
    mine = express_rules(rules)
    assert mine is not None
    codes = [NIL if b == 0 and mine.zero_is_nil else b for b in bids]
    seats = seats_for(mine.players)
    parties: tuple[Party, ...] = (Side.NS, Side.EW) if mine.partnership else seats
    before = Standing(
        tuple(
            (party, PartyStanding(scores[i], bags[i], sets[i])) for i, party in enumerate(parties)
        )
    )
    full = score_hand(
        rules,
        [_bid(s, b) for s, b in zip(seats, bids, strict=True)],
        tuple(zip(seats, took, strict=True)),
        before,
        hand_number=2,  # a bid hand (the first is unbid under unbid_hands=first)
    )
    after_scores, after_bags, after_sets = list(scores[: len(parties)]), list(bags), list(sets)
    bostons = [False] * len(parties)
    score_parties(mine, codes, took, after_scores, after_bags, after_sets, bostons)
    for i, party in enumerate(parties):
        assert after_scores[i] == full.after.score(party)
        assert after_bags[i] == full.after.bags(party)
        assert after_sets[i] == full.after[party].sets_in_a_row
        assert bostons[i] == full.result(party).boston
    decided = game_end(rules, full)
    expected = None if decided is None else (parties.index(decided.winner), decided.reason.value)
    assert winner(mine, after_scores, after_sets, bostons) == expected


# -- generated games --------------------------------------------------------------------


@pytest.mark.parametrize("rules_text", COVERED)
def test_accepts_every_generated_game_of_a_covered_ruleset(rules_text: str) -> None:
    for text in clean_texts(rules_text):
        for unit in units(with_rules_tag(text, rules_text)):
            express, full, hand_count = both_ways(unit)
            assert full == []
            assert express == hand_count > 0


@pytest.mark.parametrize("rules_text", COVERED)
def test_the_grammar_alone_finds_nothing_in_what_express_accepts(rules_text: str) -> None:
    """The express check bypasses the parser; here its "clean" is checked against the
    full engine with every line read by the Lark grammar, the parser of record."""
    text = clean_texts(rules_text)[0]
    for unit in units(with_rules_tag(text, rules_text)):
        events = parse_lines(unit.lines, unit.first_line, fast=False)
        game = assemble(events)
        assert game_diagnostics(game) == []
        assert express_game(unit.lines, STANDARD) == len(game.hands)


UNCOVERED: Final = tuple(t for t in RULES_TEXTS if express_rules(parse_rules(t)) is None)


def test_the_other_presets_are_among_the_rulesets_handed_over() -> None:
    assert set(PRESETS) - set(_COVERED_PRESETS) <= set(UNCOVERED)


@pytest.mark.parametrize("rules_text", UNCOVERED)
def test_hands_over_every_game_of_other_rulesets(rules_text: str) -> None:
    for text in clean_texts(rules_text, 2):
        for unit in units(text):
            assert both_ways(unit)[0] is None


# -- planted mistakes -------------------------------------------------------------------


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


#: A clean one-hand game (scores NS 32 EW 71, bags NS 2 EW 1 under standard rules), its
#: ruleset a ``{rules}`` placeholder: the game the planted mistakes edit.
ONE_HAND: Final = """[Rules "{rules}"]

hand 1 dealer W
deal N:T65.J642.32.K864 E:Q932.KT753.A97.A S:J874.AQ98.QT.J95 W:AK..KJ8654.QT732
bid N 1 E 4 S 2 W 3
trick 1 N KC AC JC 2C
trick 2 E AD QD 4D 3D
trick 3 E KH AH KS 4H
trick 4 W AS TS 2S JS
trick 5 W KD 2D 7D TD
trick 6 W QC 8C 3H 9C
trick 7 W JD 5S 9D 5C
trick 8 N 6S 9S 8S 3C
trick 9 E 5H 8H TC 2H
trick 10 S 7S 8D 4C 3S
trick 11 S 9H 7C 6H 7H
trick 12 S QH 6D JH TH
trick 13 S 4S 5D 6C QS
score NS 32 EW 71
bags NS 2 EW 1
"""

#: The score sheet of ``ONE_HAND``: taken out where the ruleset would score it otherwise.
_SHEET: Final = "score NS 32 EW 71\nbags NS 2 EW 1\n"

#: The last trick of ``ONE_HAND`` (East wins it): a claim may stand in for it.
_LAST: Final = "trick 13 S 4S 5D 6C QS\n"

#: The first hand of ``ONE_HAND`` again as hand {0} dealt by {1}: as a second hand, wrong.
_HAND: Final = "\n" + ONE_HAND.split("\n\n", 1)[1].replace("hand 1 dealer W", "hand {0} dealer {1}")

#: (what is wrong, rules, old text, new text, a diagnostic the full check gives, or
#: ``None`` when the edit is fine or its diagnostics do not matter here)
PLANTED: Final[list[tuple[str, str, str, str, Kind | None]]] = [
    ("clean", "standard", "", "", None),
    ("renege", "standard", "trick 3 E KH AH KS 4H", "trick 3 E KH AH KS 8C", RENEGE),
    ("card not held", "standard", "trick 2 E AD QD", "trick 2 E AD JD", CARD_NOT_HELD),
    ("wrong leader", "standard", "trick 5 W KD", "trick 5 N KD", WRONG_LEADER),
    ("played twice", "standard", "trick 5 W KD", "trick 5 W KS", CARD_PLAYED_TWICE),
    ("bid out of turn", "standard", "bid N 1 E 4", "bid E 4 N 1", BID_OUT_OF_TURN),
    ("dealer", "standard", "hand 1 dealer W", "hand 1 dealer N", BID_OUT_OF_TURN),
    ("score", "standard", "score NS 32 EW 71", "score NS 32 EW 70", SCORE_MISMATCH),
    ("bags", "standard", "bags NS 2 EW 1", "bags NS 2 EW 0", BAGS_MISMATCH),
    ("hand number", "standard", "hand 1 dealer W", "hand 2 dealer W", HAND_NUMBER),
    ("trick number", "standard", "trick 2 E", "trick 3 E", TRICK_NUMBER),
    ("bids total 13", "standard bids_total_13=no", "W 3", "W 6", BIDS_TOTAL_13),
    ("both nil", "standard both_nil=no", "N 1 E 4 S 2", "N nil E 4 S nil", BOTH_NIL_NOT_ALLOWED),
    ("nil off", "standard nil=off", "bid N 1", "bid N nil", NIL_NOT_ALLOWED),
    ("blind nil leading", "standard", "bid N 1", "bid N bnil", BLIND_NIL_NOT_ALLOWED),
    ("team minimum", "standard min_team_bid=4", "", "", MIN_BID_VIOLATED),
    ("2C holder leads", "standard first_lead=two_of_clubs", "", "", WRONG_LEADER),
    ("invalid rules", "standard nil=maybe", "", "", INVALID_RULES),
    ("result", "standard", "bags NS 2 EW 1\n", "bags NS 2 EW 1\nresult NS\n", RESULT_MISMATCH),
    ("mirror", "mirror", _SHEET, "", MIRROR_BID_VIOLATED),
    ("must overtake", "standard must_overtake=yes", _SHEET, "", MUST_OVERTAKE),
    ("lowest club", "britannica", _SHEET, "", FIRST_TRICK_VIOLATION),
    ("suicide", "suicide", _SHEET, "", SUICIDE_BID_VIOLATED),
    ("dealt twice", "standard", "deal N:T65", "deal N:A65", BAD_DEAL),
    ("2H in jokers", "jokers", "", "", BAD_DEAL),
    ("jokers group", "jokers", "deal N:T65.J642.32.K864", "deal N:T65.J642.32.K864.BL", BAD_DEAL),
    ("no pass", "standard blind_nil_deficit=0", "bid N 1", "bid N bnil", BAD_PASS),
    ("spade lead", "standard", "trick 2 E AD QD", "trick 2 E 2S QD", SPADES_NOT_BROKEN),
    ("first trick", "standard lead_spades=anytime", "1 N KC", "1 N 5S", FIRST_TRICK_VIOLATION),
    ("dealer again", "standard", "EW 1\n", "EW 1\n" + _HAND.format(2, "W"), DEALER_OUT_OF_TURN),
    ("side above 13", "standard", "bid N 1 E 4 S 2", "bid N 7 E 4 S 7", BID_OUT_OF_RANGE),
    ("no bids", "standard", "bid N 1 E 4 S 2 W 3\n", "", MISSING_BIDS),
    ("stops short", "standard", "bid N 1 E 4 S 2 W 3", "bid N 1 E 4 S 2", MISSING_BIDS),
    (
        "took short",
        "standard",
        "score NS",
        "took N 2 E 4 S 3 W 3\nscore NS",
        TRICK_COUNT_MISMATCH,
    ),
    (
        "game over",
        "standard target=50",
        "EW 1\n",
        "EW 1\n" + _HAND.format(2, "N"),
        PLAY_AFTER_GAME_OVER,
    ),
    (
        "negative bags",
        "standard bag_mode=off",
        "score NS 32 EW 71\nbags NS 2",
        "bags NS -2",
        SYNTAX_ERROR,
    ),
    ("bags -0", "standard bag_mode=off", _SHEET, "bags NS -0 EW 1\n", SYNTAX_ERROR),
    ("bags over 99", "standard bag_mode=off", _SHEET, "bags NS 100 EW 1\n", SYNTAX_ERROR),
    ("huge score", "standard", "score NS 32", "score NS 3" + "0" * 5000, SYNTAX_ERROR),
    ("second score", "standard", "EW 71", "EW 71\nscore NS 32 EW 71", MISPLACED_LINE),
    ("draw", "standard", "bid N 1", "draw E keep AS discard 2H\nbid N 1", BAD_DRAW),
    ("blind bid", "standard", "bid N 1", "bid N b1", BLIND_BID_NOT_ALLOWED),
    ("unbid first hand", "standard first_hand_unbid=yes", "", "", BID_IN_UNBID_HAND),
    ("took wrong", "standard", "score NS", "took N 3 E 4 S 2 W 4\nscore NS", TRICK_COUNT_MISMATCH),
    (
        "renege ruled",
        "standard",
        "trick 3 E KH AH KS 4H",
        "trick 3 E KH AH KS 8C\nrenege N 3",
        RENEGE_RULED,
    ),
    (
        "seat order",
        "standard",
        "trick 2 E AD QD 4D 3D",
        "trick 2 E 3D AD QD 4D",
        TRICK_IN_SEAT_ORDER,
    ),
    ("renege call", "standard", "6C QS\n", "6C QS\nrenege S 1\n", UNSUPPORTED_RENEGE_CALL),
    ("three cards", "standard", "trick 1 N KC AC JC 2C", "trick 1 N KC AC JC", WRONG_CARD_COUNT),
    ("pass before the bid", "standard", "bid N 1", "pass N>S 6H\nbid N 1", BAD_PASS),
    ("raise", "standard", "W 3\n", "W 3\nraise NS 4\n", BID_OUT_OF_TURN),
    ("widow", "standard", "bid N 1", "widow 2H 2C\nbid N 1", BAD_WIDOW),
    ("take", "standard", "bid N 1", "take N 2H\nbid N 1", BAD_WIDOW),
    ("discard", "standard", "W 3\n", "W 3\ndiscard N 6H\n", BAD_WIDOW),
    ("dealer bids first", "standard first_bidder=dealer", "", "", BID_OUT_OF_TURN),
    ("passing, none recorded", "standard pass_cards=1", "", "", BAD_PASS),
    ("raise, two rounds", "standard bid_rounds=2", "W 3\n", "W 3\nraise NS 4\n", None),
    ("comment", "standard", "trick 1 N KC AC JC 2C", "trick 1 N KC AC JC 2C ; ok", None),
    ("took", "standard", "score NS", "took N 1 E 4 S 4 W 4\nscore NS", None),
    ("took, sides", "standard", "score NS", "took NS 5 EW 8\nscore NS", None),
    ("took as written", "standard", "score NS", "took EW 8 N 01 S 4\nscore NS", None),
    ("claim", "standard", _LAST, "claim E\n", None),
    ("claim by a partner", "standard", _LAST, "claim W\n", None),
    ("claim and took", "standard", _LAST, "claim E\ntook N 1 E 4 S 4 W 4\n", None),
    ("took short of play", "standard", _LAST, "took N 1 E 4 S 4 W 4\n", None),
    ("claim by the other side", "standard", _LAST, "claim S\n", SCORE_MISMATCH),
    ("over claim", "standard", _LAST, "claim N\ntook N 1 E 4 S 4 W 4\n", TRICK_COUNT_MISMATCH),
    ("took below play", "standard", _LAST, "took N 0 E 5 S 4 W 4\n", TRICK_COUNT_MISMATCH),
    ("claim after every trick", "standard", _LAST, _LAST + "claim E\n", None),
    ("claim twice", "standard", _LAST, "claim E\nclaim E\n", None),
    # a side does not bid nil, and a 0 is one where nil is on (docs/rules.md)
    ("side bid of 0", "standard", "bid N 1 E 4 S 2 W 3", "bid NS 0 EW 7", BID_OUT_OF_RANGE),
    # North and South hold 7 spades between them
    ("mirror side bid", "mirror", "bid N 1 E 4 S 2 W 3", "bid NS 5 EW 6", MIRROR_BID_VIOLATED),
]

#: ``ONE_HAND`` as a score sheet: its bids, the tricks each seat took, its score.
ONE_SHEET: Final = "\n".join(
    line for line in ONE_HAND.split("\n") if not line.startswith(("deal ", "trick "))
).replace("score NS", "took N 1 E 4 S 4 W 4\nscore NS")

#: Mistakes planted in ``ONE_SHEET``, as ``PLANTED``'s.
SHEET_PLANTED: Final[list[tuple[str, str, str, str, Kind | None]]] = [
    ("sheet", "standard", "", "", None),
    ("sheet, sides", "standard", "took N 1 E 4 S 4 W 4", "took NS 5 EW 8", None),
    ("sheet, as written", "standard", "took N 1 E 4 S 4 W 4", "took  W 4 E 4 N 1 S 04", None),
    ("sheet, mirror", "mirror", "score NS 32 EW 71\nbags NS 2 EW 1\n", "", None),
    ("sheet, three players", "cutthroat players=3", "", "", DEALER_OUT_OF_TURN),
    ("no took", "standard", "took N 1 E 4 S 4 W 4\n", "", INCOMPLETE_HAND),
    ("took adds to 12", "standard", "W 4\n", "W 3\n", TRICK_COUNT_MISMATCH),
    ("took twice", "standard", "took N 1", "took N 1 N 0", TRICK_COUNT_MISMATCH),
    ("took no West", "standard", "S 4 W 4", "S 8", TRICK_COUNT_MISMATCH),
    (
        "took nil together",
        "standard",
        "bid N 1 E 4 S 2 W 3\ntook N 1 E 4 S 4 W 4",
        "bid N nil E 4 S 2 W 3\ntook NS 5 EW 8",
        TRICK_COUNT_MISMATCH,
    ),
    (
        "took a side apart",
        "cutthroat",
        "took N 1 E 4 S 4 W 4",
        "took NS 5 EW 8",
        TRICK_COUNT_MISMATCH,
    ),
    ("took 14", "standard", "took N 1 E 4", "took N 1 E 14", TRICK_COUNT_MISMATCH),
    ("sheet score", "standard", "score NS 32", "score NS 33", SCORE_MISMATCH),
    ("sheet bags", "standard", "bags NS 2", "bags NS 3", BAGS_MISMATCH),
    ("sheet bid out of turn", "standard", "bid N 1 E 4", "bid E 4 N 1", BID_OUT_OF_TURN),
    ("sheet nil off", "standard nil=off", "bid N 1", "bid N nil", NIL_NOT_ALLOWED),
    ("sheet no bids", "standard", "bid N 1 E 4 S 2 W 3\n", "", MISSING_BIDS),
    (
        "sheet pass",  # a blind nil without pass lines: a sheet does not show the passes
        "standard blind_nil_deficit=0",
        "bid N 1 E 4 S 2 W 3\ntook N 1 E 4 S 4 W 4\nscore NS 32 EW 71\nbags NS 2 EW 1\n",
        "bid N bnil E 4 S 2 W 3\ntook N 0 E 4 S 5 W 4\n",
        None,
    ),
    ("sheet pass line", "standard", "W 3\n", "W 3\npass N>S 6H\n", BAD_PASS),
    (
        "took before bid",
        "standard",
        "bid N 1 E 4 S 2 W 3\ntook N 1 E 4 S 4 W 4",
        "took N 1 E 4 S 4 W 4\nbid N 1 E 4 S 2 W 3",
        None,
    ),
    ("sheet blind bid", "standard", "bid N 1", "bid N b1", BLIND_BID_NOT_ALLOWED),
    ("sheet then play", "standard", "W 4\n", "W 4\ntrick 1 N KC AC JC 2C\n", None),
]


#: The draw lines of ``TWO_HAND``: South draws first (North deals), then in turn.
_DRAWS: Final = """draw S keep QD discard JC
draw N keep 6S discard 5H
draw S keep 9S discard 7D
draw N keep 4D discard 6D
draw S discard 4C keep KH
draw N discard 2H keep 8S
draw S discard 9C keep 3S
draw N discard 5C keep 3D
draw S keep 2S discard 8C
draw N discard 6H keep 3H
draw S discard 3C keep TD
draw N keep QS discard JD
draw S discard 7C keep AC
draw N discard 9H keep 9D
draw S discard 2D keep AS
draw N discard TH keep 2C
draw S discard 6C keep QH
draw N keep KC discard TC
draw S discard 8D keep KD
draw N keep TS discard 5S
draw S keep 7S discard JH
draw N discard 5D keep 4H
draw S keep QC discard 7H
draw N keep JS discard 8H
draw S keep AH discard KS
draw N keep AD discard 4S
"""

#: A clean one-hand two-player game (generated: ``generate --seed 1 --rules
#: two-player``), the hands built by drawing: the game the draw mistakes edit.
TWO_HAND: Final = (
    """[Rules "{rules}"]

hand 1 dealer N
deal N:QJT86.43.A943.K2 S:A9732.AKQ.KQT.AQ
"""
    + _DRAWS
    + """bid S 6 N 3
trick 1 S TD AD
trick 2 N KC AC
trick 3 S AH 4H
trick 4 S KD 9D
trick 5 S KH 3H
trick 6 S QC 2C
trick 7 S QD 4D
trick 8 S QH 6S
trick 9 N QS 9S
trick 10 N 3D 2S
trick 11 S 3S 8S
trick 12 N TS 7S
trick 13 N JS AS
score N 32 S 62
bags N 2 S 2
"""
)

_DEAL: Final = "deal N:QJT86.43.A943.K2 S:A9732.AKQ.KQT.AQ\n"
_FIRST: Final = "draw S keep QD discard JC\n"
_SECOND: Final = "draw N keep 6S discard 5H\n"
_LAST_DRAW: Final = "draw N keep AD discard 4S\n"
_TWO_LAST: Final = "trick 13 N JS AS\n"  # South wins it with the AS

#: Mistakes planted in ``TWO_HAND``, as ``PLANTED``'s (the rules: two-player).
TWO_PLANTED: Final[list[tuple[str, str, str, str, Kind | None]]] = [
    ("drawn", "two-player", "", "", None),
    ("drawn, discard first", "two-player", _FIRST, "draw S discard JC keep QD\n", None),
    ("drawn, as written", "two-player", _FIRST, "draw  S keep dq discard jc ; ok\n", None),
    ("dealt, not drawn", "two-player", _DRAWS, "", None),
    ("drawn, claimed", "two-player", _TWO_LAST, "claim S\n", None),
    ("drawn, took", "two-player", "score N", "took N 5 S 8\nscore N", None),
    ("drawn, jokers", "two-player deck=jokers", "", "", BAD_DRAW),  # the 2H and 2C
    ("draws in turn", "two-player", _FIRST + _SECOND, _SECOND + _FIRST, BAD_DRAW),
    ("the dealer draws first", "two-player", "dealer N", "dealer S", BAD_DRAW),
    ("by East", "two-player", _SECOND, "draw E keep 6S discard 5H\n", BAD_DRAW),
    ("discarded twice", "two-player", _SECOND, "draw N keep 6S discard JC\n", BAD_DRAW),
    ("kept twice", "two-player", _SECOND, "draw N keep QD discard 5H\n", BAD_DRAW),
    ("drawn twice in a step", "two-player", _SECOND, "draw N keep 6S discard 6S\n", BAD_DRAW),
    ("not in the pack", "two-player", _SECOND, "draw N keep 6S discard BJ\n", BAD_DRAW),
    ("a step missing", "two-player", _LAST_DRAW, "", BAD_DRAW),
    ("a step more", "two-player", _LAST_DRAW, _LAST_DRAW + "draw S keep 5H discard 5S\n", BAD_DRAW),
    ("kept, not dealt", "two-player", _FIRST, "draw S keep JC discard QD\n", BAD_DRAW),
    ("kept between them", "two-player", "keep QD", "keep 6S", BAD_DRAW),
    ("drawn, no deal", "two-player", _DEAL, "", None),
    (
        "drawn after the bids",
        "two-player",
        _DRAWS + "bid S 6 N 3\n",
        "bid S 6 N 3\n" + _DRAWS,
        None,
    ),
    ("drawn, then a deal", "two-player", _DEAL + _DRAWS, _DRAWS + _DEAL, None),
    ("claimed by the loser", "two-player", _TWO_LAST, "claim N\n", SCORE_MISMATCH),
    ("took wrong", "two-player", "score N", "took N 6 S 7\nscore N", TRICK_COUNT_MISMATCH),
    ("bid out of turn", "two-player", "bid S 6 N 3", "bid N 3 S 6", BID_OUT_OF_TURN),
    ("a trick of three", "two-player", "trick 1 S TD AD", "trick 1 S TD AD 4C", WRONG_CARD_COUNT),
]


#: The cases of ``PLANTED``, ``SHEET_PLANTED`` and ``TWO_PLANTED`` that are no mistake
#: and that the express check settles (a comment, a count written ``01``: ``check`` asks
#: it again about the line as ``fmt`` writes it).
SETTLED: Final = (
    "clean",
    "comment",
    "took",
    "took, sides",
    "took as written",
    "claim",
    "claim by a partner",
    "claim and took",
    "took short of play",
    "sheet",
    "sheet, sides",
    "sheet, as written",
    "sheet, mirror",
    "sheet pass",
    "drawn",
    "drawn, discard first",
    "drawn, as written",
    "dealt, not drawn",
    "drawn, claimed",
    "drawn, took",
)


@pytest.mark.parametrize(
    ("base", "what", "rules", "old", "new", "kind"),
    [(ONE_HAND, *case) for case in PLANTED]
    + [(ONE_SHEET, *case) for case in SHEET_PLANTED]
    + [(TWO_HAND, *case) for case in TWO_PLANTED],
)
def test_planted_mistakes(
    base: str, what: str, rules: str, old: str, new: str, kind: Kind | None, tmp_path: Path
) -> None:
    text = base.format(rules=rules)
    if old:
        text = _edit(text, old, new)
    (unit,) = units(text)
    express, found, hand_count = both_ways(unit)
    if kind is not None:
        assert kind in found  # the full check faults it...
    if what in SETTLED:
        assert found == []
        assert express == hand_count == 1
    else:
        assert express is None, what  # ...and the express check hands it over
    record = tmp_path / "planted.spades"  # ...and check reports the same either way
    record.write_text(text)
    fast = check_file(str(record), CheckOptions(express=True))
    assert fast == check_file(str(record), CheckOptions(express=False))
    assert [d.kind for d in fast.diagnostics] == found


def test_every_screened_kind_has_a_planted_case() -> None:
    """A kind the express check screens (:attr:`Kind.screened`) is proven handed over by
    a planted case above; the others never reach it (their reasons are in diagnostics.py)."""
    planted = {kind for *_, kind in [*PLANTED, *SHEET_PLANTED, *TWO_PLANTED]}
    planted |= {kind for *_, kind in CUTTHROAT_EDITS}
    missing = [k.name for k in KINDS if k.screened and k not in planted]
    assert missing == []
    assert not [k.name for k in planted if k is not None and not k.screened]


#: Edits of a generated three-player cutthroat game: (old, new, a diagnostic it causes).
CUTTHROAT_EDITS: Final[list[tuple[str, str, Kind]]] = [
    ("score N 22 E 24 S 43", "score N 22 E 24 S 44", SCORE_MISMATCH),
    ("score N 22 E 24 S 43", "score NS 22 E 24 S 43", SCORE_MISMATCH),
    ("bags N 2 E 4 S 3", "bags N 2 E 4 S 2", BAGS_MISMATCH),
    ("bid S 4 N 2 E 2", "bid N 2 S 4 E 2", BID_OUT_OF_TURN),
    ("bid S 4 N 2 E 2", "bid S 18 N 2 E 2", BID_OUT_OF_RANGE),
    ("trick 2 S AD TD KD", "trick 2 S AD TD QD", CARD_PLAYED_TWICE),
    ("trick 17 S JS KS AS\n", "", INCOMPLETE_HAND),
    ("trick 17 S JS KS AS\n", "claim W\n", INCOMPLETE_HAND),  # no West at the table
    ("trick 17 S JS KS AS\n", "took N 5 E 6 S 6 W 0\n", TRICK_COUNT_MISMATCH),
    ("hand 2 dealer S", "hand 2 dealer W", DEALER_OUT_OF_TURN),
    ("trick 1 N 2C 6C TC", "trick 1 E 6C TC 2C", WRONG_LEADER),
]


@pytest.mark.parametrize(("old", "new", "kind"), CUTTHROAT_EDITS)
def test_cutthroat_mistakes(old: str, new: str, kind: Kind) -> None:
    text = clean_texts("cutthroat players=3")[0]
    (unit,) = units(_edit(text, old, new))
    express, found, _ = both_ways(unit)
    assert kind in found
    assert express is None


def test_a_hundredth_hand_is_handed_over() -> None:
    """The grammar numbers hands up to 99: a clean game of 99 hands, then a 100th hand
    that would be clean too (dealt by the next dealer, no blind nil, no sheet lines)."""
    rules = parse_rules("standard target=20000")
    (text,) = (format_game(g) for g in generate_games(1, seed=3, rules=rules))
    hands = text.rstrip("\n").split("\n\nhand ")
    assert len(hands) == 100  # the tags, then hands 1 to 99
    dealer = "NESWN"["NESW".index(hands[-1].split()[2]) + 1]
    other = (
        h for g in generate_games(3, seed=5, rules=rules) for h in format_game(g).split("\n\nhand ")
    )
    extra = next(h for h in other if h.split()[2] == dealer and "bnil" not in h and "\nscore" in h)
    lines = extra.split("\n")
    extra = "\n".join([f"100 dealer {dealer}", *lines[1:16]])  # deal, bid, 13 tricks
    (unit,) = units(text.rstrip("\n") + "\n\nhand " + extra + "\n")
    express, found, _ = both_ways(unit)
    assert express is None
    assert MISPLACED_LINE in found  # the reader cuts a game at its 100th hand line
    (whole,) = units(text)
    assert both_ways(whole)[0] == 99


def test_samples_with_mistakes_are_handed_over() -> None:
    for path in sorted((ROOT / "samples" / "mistakes").glob("*.spades")):
        for index, unit in enumerate(units(path.read_text()), start=1):
            express, found, _ = both_ways(unit, index)
            assert express is None or found == [], path


# -- random edits -----------------------------------------------------------------------


@settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_never_passes_what_the_full_check_faults(data: st.DataObject) -> None:
    rules_text = data.draw(st.sampled_from(COVERED))
    text = data.draw(st.sampled_from(clean_texts(rules_text)))
    lines = data.draw(mutated_lines(text.split("\n"), extra_rules=COVERED))
    for index, unit in enumerate(units("\n".join(lines)), start=1):
        express, found, hand_count = both_ways(unit, index)
        if express is not None:
            assert found == []
            assert express == hand_count


@st.composite
def edited_draws(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """``lines`` of a two-player record with one or two edits of its draw lines: a
    step's kept and discarded cards exchanged, two steps' kept cards exchanged, a step
    given to the other player, a card replaced, a step moved elsewhere."""
    out = list(lines)
    for _ in range(draw(st.integers(1, 2))):
        steps = [k for k, line in enumerate(out) if line.startswith("draw ")]
        if not steps:
            break
        i = draw(st.sampled_from(steps))
        words = out[i].split(" ")
        kind = draw(st.sampled_from(["exchange", "between", "seat", "card", "move"]))
        if kind == "exchange" and len(words) == 6:
            words[3], words[5] = words[5], words[3]
        elif kind == "between":
            j = draw(st.sampled_from(steps))
            other = out[j].split(" ")
            if len(words) == 6 and len(other) == 6:
                a, b = words.index("keep") + 1, other.index("keep") + 1
                words[a], other[b] = other[b], words[a]
                out[j] = " ".join(other)
                if i == j:
                    words = other
        elif kind == "seat" and len(words) > 1:
            words[1] = draw(st.sampled_from("NESW"))
        elif kind == "card" and len(words) == 6:
            words[draw(st.sampled_from([3, 5]))] = draw(st.sampled_from(_CARD_WORDS))
        elif kind == "move":
            del out[i]
            out.insert(draw(st.integers(0, len(out))), " ".join(words))
            continue
        out[i] = " ".join(words)
    return out


_CARD_WORDS: Final = (*(r + s for r in "23456789TJQKA" for s in "SHDC"), "BJ", "LJ")


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_never_passes_draws_the_full_check_faults(data: st.DataObject) -> None:
    """Random edits of a two-player game's first hands, of its draw lines above all
    (``edited_draws``), then now and then any other (``mutated_lines``)."""
    rules_text = data.draw(st.sampled_from(DRAWN))
    text = data.draw(st.sampled_from(clean_texts(rules_text)))
    head = "\n\nhand ".join(text.split("\n\nhand ")[: data.draw(st.integers(2, 3))])
    lines = data.draw(edited_draws(head.split("\n")))
    if data.draw(st.booleans()):
        lines = data.draw(mutated_lines(lines, extra_rules=DRAWN))
    for index, unit in enumerate(units("\n".join(lines)), start=1):
        express, found, hand_count = both_ways(unit, index)
        event("settled" if express is not None else "faulted" if found else "handed over")
        if express is not None:
            assert found == []
            assert express == hand_count


def test_check_file_same_report_either_way(tmp_path: Path) -> None:
    """A file of clean and faulty games: the same report with and without the express."""
    games = [*clean_texts("standard"), *clean_texts(COVERED[1])]
    faulty = _edit(ONE_HAND.format(rules="standard"), "trick 3 E KH AH", "trick 3 E KH 3H")
    record = tmp_path / "mixed.spades"
    record.write_text("\n".join([games[0], faulty, *games[1:]]))
    fast = check_file(str(record), CheckOptions(express=True))
    full = check_file(str(record), CheckOptions(express=False))
    assert fast == full
    assert {d.name for d in fast.diagnostics} == {"card-not-held", "card-played-twice"}
    assert fast.games == len(games) + 1
