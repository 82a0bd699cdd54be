"""The express check's bid lines (spadesctl.express.bids) and unbid hands, against the
full engine.

Side bids (``bid NS 3 EW 7``, a nil named apart), blind bids (``bid EW b7``: ``blind_bids``,
against the running score) and the unbid first hand (``unbid_hands=first``,
``first_hand_bids_itself``), the ``boston`` preset's: the express check settles them
only where the full check finds nothing, and hands over every planted mistake in them;
its scoring of them equals :func:`score_hand`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spadesctl.cards import Side, seats_for
from spadesctl.core.bids import BLIND_NIL, NIL, NO_BID
from spadesctl.core.score import Figures
from spadesctl.diagnostics import (
    BID_IN_UNBID_HAND,
    BID_OUT_OF_RANGE,
    BID_OUT_OF_TURN,
    BIDS_TOTAL_13,
    BLIND_BID_NOT_ALLOWED,
    BOTH_NIL_NOT_ALLOWED,
    MIN_BID_VIOLATED,
    MISSING_BIDS,
    NIL_NOT_ALLOWED,
    SCORE_MISMATCH,
    SUICIDE_BID_VIOLATED,
    Kind,
)
from spadesctl.events import Bid, BidKind, RecordedBags, RecordedScore
from spadesctl.express import express_rules
from spadesctl.express.score import score_parties
from spadesctl.notation import format_game, game_from_text
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules import Ruleset, parse_rules
from spadesctl.score_run import score_files
from spadesctl.scoring import PartyStanding, Standing, score_hand
from spadesctl.scoring.hand import party_result
from spadesctl.sheet import run as sheet_run
from spadesctl.sheet.render import SheetReport
from spadesctl.tables.corpus import Work
from tests.strategies import mutated_lines
from tests.test_express import (
    COVERED,
    ONE_HAND,
    both_ways,
    clean_texts,
    units,
    with_rules_tag,
)
from tests.test_express_rows import _tabled_by_express, assert_same_tables
from tests.test_express_sheet import _both, _record, _scored_by_express

#: ``ONE_HAND`` (dealt by West: North bids first) without its score and bags lines, its
#: bid line a ``{bids}`` placeholder (North took 1, East 4, South 4, West 4).
_BIDDING: Final = (
    ONE_HAND.replace("score NS 32 EW 71\nbags NS 2 EW 1\n", "")
    .replace("{rules}", "{{rules}}")
    .replace("bid N 1 E 4 S 2 W 3", "{bids}")
)

#: (rules, bid line, whether the express check settles it, a diagnostic the full check
#: gives where it does not, or ``None``: handed over whatever the full check finds)
BID_LINES: Final[list[tuple[str, str, bool, Kind | None]]] = [
    ("standard", "bid NS 3 EW 7", True, None),
    ("standard", "bid NS 3 E 4 W 3", True, None),
    ("standard", "bid N 1 S 2 EW 7", True, None),
    ("standard", "bid NS 3 EW 7 N nil", True, None),
    ("standard", "bid N nil NS 3 EW 7", True, None),
    ("standard nil=50 blind_nil=100 blind_nil_deficit=0", "bid NS 3 EW 7 N bnil", False, None),
    ("standard blind_bids=6 blind_bid_deficit=0", "bid NS 3 EW b7", True, None),
    ("standard blind_bids=6 blind_bid_deficit=0", "bid NS b6 EW 7", True, None),
    ("standard blind_bids=6 blind_bid_deficit=0 max_overtricks=0", "bid NS b3 EW 7", False, None),
    ("standard", "bid NS 3 EW b7", False, BLIND_BID_NOT_ALLOWED),
    ("standard blind_bids=8 blind_bid_deficit=0", "bid NS 3 EW b7", False, BLIND_BID_NOT_ALLOWED),
    ("standard blind_bids=6", "bid NS 3 EW b7", False, BLIND_BID_NOT_ALLOWED),
    ("standard blind_bids=6 blind_bid_deficit=0", "bid NS 3 EW b14", False, BID_OUT_OF_RANGE),
    ("standard blind_bids=6 blind_bid_deficit=0", "bid N b6 E 4 S 2 W 3", False, None),
    ("standard", "bid EW 7 NS 3", False, BID_OUT_OF_TURN),
    ("standard", "bid NS 3 EW 7 NS 2", False, BID_OUT_OF_TURN),
    ("standard", "bid NS 3 EW 7 E 2", False, BID_OUT_OF_TURN),
    ("standard", "bid N 1 NS 3 EW 7", False, BID_OUT_OF_TURN),
    ("standard", "bid NS 3 EW 7 N 1", False, BID_OUT_OF_TURN),
    ("standard", "bid NS 3 EW 7 N nil N nil", False, BID_OUT_OF_TURN),
    ("standard", "bid NS 3", False, MISSING_BIDS),
    ("standard", "bid NS 3 E 4", False, MISSING_BIDS),
    ("standard", "bid NS 3 EW 14", False, BID_OUT_OF_RANGE),
    ("standard", "bid NS 9 E 4 W 3 N nil", True, None),
    ("standard", "bid NS 3 E 9 W 5", False, BID_OUT_OF_RANGE),
    ("standard bids_total_13=no", "bid NS 6 EW 7", False, BIDS_TOTAL_13),
    ("standard min_team_bid=4", "bid NS 3 EW 7", False, MIN_BID_VIOLATED),
    ("standard max_team_bid=6", "bid NS 3 EW 7", False, MIN_BID_VIOLATED),
    ("standard both_nil=no", "bid NS 3 EW 7 N nil S nil", False, BOTH_NIL_NOT_ALLOWED),
    ("standard", "bid NS 3 EW 7 N nil S nil", False, None),  # a side bid beside two nils
    ("standard nil=off", "bid NS 3 EW 7 N nil", False, NIL_NOT_ALLOWED),
    ("standard", "bid NS nil EW 7", False, BID_OUT_OF_RANGE),
    ("standard", "bid NS 0 EW 7", False, BID_OUT_OF_RANGE),  # a 0 is a nil
    ("standard zero_is_nil=no", "bid NS 0 EW 7", False, None),  # a side's 0: handed over
    ("suicide", "bid NS 3 EW 7 N nil E nil", False, SUICIDE_BID_VIOLATED),
    ("mirror", "bid NS 7 EW 6", False, None),  # mirror side bids: handed over
    ("cutthroat", "bid NS 3 EW 7", False, BID_OUT_OF_TURN),  # no sides
]


@pytest.mark.parametrize(("rules", "bids", "settled", "kind"), BID_LINES)
def test_side_and_blind_bids(rules: str, bids: str, settled: bool, kind: Kind | None) -> None:
    (unit,) = units(_BIDDING.format(bids=bids).format(rules=rules))
    express, found, hand_count = both_ways(unit)
    if settled:
        assert found == []
        assert express == hand_count == 1
    else:
        assert express is None
        if kind is not None:
            assert kind in found


def test_a_side_bid_scores_as_the_full_engine_scores_it() -> None:
    """``bid NS 3 EW 7`` is ``bid N 1 E 4 S 2 W 3``'s contracts: the same score line."""
    text = ONE_HAND.format(rules="standard").replace("bid N 1 E 4 S 2 W 3", "bid NS 3 EW 7")
    (unit,) = units(text)
    assert both_ways(unit) == (1, [], 1)
    (unit,) = units(text.replace("score NS 32 EW 71", "score NS 32 EW 72"))
    express, found, _ = both_ways(unit)
    assert express is None
    assert SCORE_MISMATCH in found


# -- boston's games ---------------------------------------------------------------------


def _boston() -> list[str]:
    return [t for t in clean_texts("boston") if "\ndeal " in t][:4]


def test_boston_games_have_side_blind_and_unbid_hands() -> None:
    """The games the tests below edit hold what they are about."""
    text = "\n".join(_boston())
    assert " b6" in text or " b7" in text or " b8" in text
    assert "\nbid NS " in text and "\nbid EW " in text
    for game in _boston():
        first = game.split("\n\nhand 2 ")[0]
        assert "\nbid " not in first  # the first hand is unbid


#: Rules a boston game is retagged with: (rules, whether some game is then faulted).
_RETAGGED: Final = [
    ("boston blind_bid_deficit=2000", True),  # no blind bid allowed
    ("boston blind_bids=13", True),  # no blind bid of the game's size
    ("boston blind_bid_set=double", False),  # a failed blind bid loses double
    ("boston first_hand_bids_itself=yes", True),  # the first hand scores otherwise
    ("boston unbid_hands=none", True),  # the first hand lacks its bids
    ("boston unbid_hands=all", True),  # the later hands have bids
    ("boston max_team_bid=6", True),
    ("standard", True),
]


@pytest.mark.parametrize(("rules", "faulted"), _RETAGGED)
def test_boston_games_under_other_rules(rules: str, faulted: bool) -> None:
    """A clean boston game retagged: settled only where the full check finds nothing,
    handed over where it finds something."""
    found_any = False
    for text in _boston():
        for unit in units(with_rules_tag(text, rules)):
            express, found, hand_count = both_ways(unit)
            if found:
                found_any = True
                assert express is None
            else:
                assert express == hand_count
    if faulted:
        assert found_any


def test_boston_blind_bids_need_the_deficit() -> None:
    kinds = set()
    for text in _boston():
        for unit in units(with_rules_tag(text, "boston blind_bid_deficit=2000")):
            express, found, _ = both_ways(unit)
            kinds.update(found)
            assert express is None or found == []
    assert BLIND_BID_NOT_ALLOWED in kinds


def test_a_bid_in_the_unbid_hand_is_handed_over() -> None:
    text = _boston()[0]
    head, rest = text.split("\nhand 1 dealer ", 1)
    dealer, after = rest.split("\n", 1)
    deal, tricks = after.split("\n", 1)
    first = "NESW"[("NESW".index(dealer) + 1) % 4]
    bids = "bid NS 5 EW 5" if first in "NS" else "bid EW 5 NS 5"
    edited = f"{head}\nhand 1 dealer {dealer}\n{deal}\n{bids}\n{tricks}"
    (unit,) = units(edited)
    express, found, _ = both_ways(unit)
    assert express is None
    assert BID_IN_UNBID_HAND in found


def test_an_unbid_hands_wrong_score_is_handed_over() -> None:
    text = _boston()[0]
    first = text.split("\n\nhand 2 ")[0]
    score = next(line for line in first.split("\n") if line.startswith("score "))
    words = score.split(" ")
    words[2] = str(int(words[2]) + 10)
    (unit,) = units(text.replace(score, " ".join(words), 1))
    express, found, _ = both_ways(unit)
    assert express is None
    assert SCORE_MISMATCH in found


def test_every_unbid_hand_is_left_to_the_full_engine() -> None:
    assert express_rules(parse_rules("standard unbid_hands=all")) is None
    assert express_rules(parse_rules("boston")) is not None


# -- scoring ----------------------------------------------------------------------------


#: A ruleset's text, the bids, seat codes, side bids, unbid, tricks per seat, bags.
SideHand = tuple[
    str, list[Bid], list[int], list[tuple[int, int]] | None, bool, list[int], list[int]
]


@st.composite
def side_hands(draw: st.DrawFn) -> SideHand:
    """A four-player partnership ruleset of boston's kind, a hand's bids (side bids, open
    or blind, and seat nils) or none (an unbid hand), as :class:`Bid` values, as seat
    codes and as side bids, the tricks each seat took, and each side's bag count."""
    rules_text = draw(
        st.sampled_from(
            [
                "boston",
                "boston first_hand_bids_itself=yes",
                "boston blind_bid_set=double",
                "standard blind_bids=6 unbid_hands=first",
                "standard blind_bids=6 ten_for_200=yes bag_limit=5 unbid_hands=first "
                "first_hand_bids_itself=yes",
            ]
        )
    )
    seats = seats_for(4)
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    took = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    bags = [draw(st.integers(0, 12)) for _ in range(2)]
    if draw(st.booleans()):
        return rules_text, [], [NO_BID] * 4, None, True, took, bags
    nil_ok = "standard" in rules_text
    bids: list[Bid] = []
    codes = [NO_BID] * 4
    sides = [(0, 0), (0, 0)]
    for p, side in enumerate((Side.NS, Side.EW)):
        if nil_ok and draw(st.booleans()):  # one partner bids nil
            seat = draw(st.sampled_from(side.seats))
            blind_nil = draw(st.booleans())
            codes[seats.index(seat)] = BLIND_NIL if blind_nil else NIL
            bids.append(Bid(seat, BidKind.BLIND_NIL if blind_nil else BidKind.NIL, 0))
        tricks = draw(st.integers(1, 13))
        if draw(st.booleans()):
            sides[p] = (0, tricks)
            bids.append(Bid(side, BidKind.BLIND, tricks))
        else:
            sides[p] = (tricks, 0)
            bids.append(Bid(side, BidKind.NUMBER, tricks))
    return rules_text, bids, codes, sides, False, took, bags


@settings(max_examples=400, deadline=None)
@given(
    hand=side_hands(),
    scores=st.lists(st.integers(-600, 600), min_size=2, max_size=2),
    sets=st.lists(st.integers(0, 1), min_size=2, max_size=2),
)
def test_side_and_unbid_scoring_matches_score_hand(
    hand: tuple[
        str, list[Bid], list[int], list[tuple[int, int]] | None, bool, list[int], list[int]
    ],
    scores: list[int],
    sets: list[int],
) -> None:
    rules_text, bids, codes, sides, unbid, took, bags = hand
    rules = parse_rules(rules_text)
    mine = express_rules(rules)
    assert mine is not None
    seats = seats_for(4)
    parties = (Side.NS, Side.EW)
    before = Standing(
        tuple(
            (party, PartyStanding(scores[i], bags[i], sets[i])) for i, party in enumerate(parties)
        )
    )
    taken = tuple(zip(seats, took, strict=True))
    full = score_hand(rules, bids, taken, before, hand_number=1 if unbid else 2)
    assert full.unbid is unbid
    after_scores, after_bags, after_sets = list(scores), list(bags), list(sets)
    bostons = [False, False]
    figures: list[Figures] = []
    score_parties(
        mine, codes, took, after_scores, after_bags, after_sets, bostons, figures, sides, unbid
    )
    for i, party in enumerate(parties):
        mates = party.seats
        assert party_result(party, figures[i], sum(took[seats.index(s)] for s in mates)) == (
            full.result(party)
        )
        assert after_scores[i] == full.after.score(party)
        assert after_bags[i] == full.after.bags(party)
        assert after_sets[i] == full.after[party].sets_in_a_row
        assert bostons[i] == full.result(party).boston


# -- rows and sheets --------------------------------------------------------------------


def _settled_bid_games() -> list[str]:
    """The bid lines of ``BID_LINES`` that the express check settles, each in its game
    without score lines and with those the full engine computes."""
    texts = []
    for rules, bids, settled, _ in BID_LINES:
        if not settled:
            continue
        one = _BIDDING.format(bids=bids).format(rules=rules)
        (unit,) = units(one)
        full = game_from_text(unit, "-", 1)
        texts.append(one)
        texts.append(format_game(scored_game(full, parse_rules(rules))))
    return texts


def scored_game(game: Game, rules: Ruleset) -> Game:
    """``game`` with the score and bags lines the full engine computes for each hand."""
    refereed = referee_game(game, rules)
    hands = []
    for hand, done in zip(game.hands, refereed.hands, strict=True):
        assert done.score is not None
        after = done.score.after
        parties = [p for p, _ in after.entries]
        hands.append(
            replace(
                hand,
                score=RecordedScore(tuple((p, after.score(p)) for p in parties)),
                bags=RecordedBags(tuple((p, after.bags(p)) for p in parties)),
            )
        )
    return replace(game, hands=tuple(hands))


def test_rows_of_side_and_blind_bids_match_the_engine() -> None:
    texts = _settled_bid_games()
    games = [u for t in texts for u in units(t)]
    work = Work(tuple(("b.spades", i, u) for i, u in enumerate(games, start=1)))
    assert _tabled_by_express(work) == (len(games), len(games))
    assert_same_tables(work)


def test_sheets_of_side_and_blind_bids_match_the_engine(tmp_path: Path) -> None:
    record = _record(tmp_path, "\n\n".join(_settled_bid_games()))
    assert _scored_by_express([record]) == len(_settled_bid_games())
    _both([record], penalties=True)


def test_boston_games_are_tabled_and_scored_without_the_full_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every generated boston game (played, as score sheets, with took lines, claimed)
    takes the express path in ``export``, ``stats`` and ``score``: counted."""
    texts = clean_texts("boston")
    games = [u for t in texts for u in units(t)]
    work = Work(tuple(("b.spades", i, u) for i, u in enumerate(games, start=1)))
    assert _tabled_by_express(work) == (len(games), len(games))
    record = _record(tmp_path, "\n\n".join(texts))
    assert _scored_by_express([record]) == len(games)

    def refuse(*args: object, **kwargs: object) -> SheetReport:
        raise AssertionError("the full engine was asked")

    monkeypatch.setattr(sheet_run, "sheet_report", refuse)
    assert len(list(score_files([record]))) == len(games)


#: Mistakes planted in the bids of the first generated boston game (hand 2: ``bid NS 5
#: EW 4``, North-South trailing by 50; hand 3: ``bid EW 5 NS b6``, trailing by 140):
#: (old, new, the diagnostic the full check gives).
BOSTON_EDITS: Final[list[tuple[str, str, Kind]]] = [
    ("bid NS 5 EW 4", "bid EW 4 NS 5", BID_OUT_OF_TURN),
    ("bid NS 5 EW 4", "bid NS 5 EW 4 NS 6", BID_OUT_OF_TURN),
    ("bid NS 5 EW 4", "bid NS 5 EW 4 E 2", BID_OUT_OF_TURN),
    ("bid NS 5 EW 4", "bid NS 3 EW 4", MIN_BID_VIOLATED),
    ("bid NS 5 EW 4", "bid NS 11 EW 4", MIN_BID_VIOLATED),
    ("bid NS 5 EW 4", "bid NS 0 EW 4", MIN_BID_VIOLATED),
    ("bid NS 5 EW 4", "bid NS 5 EW 4 N nil", NIL_NOT_ALLOWED),
    ("bid NS 5 EW 4", "bid NS 5", MISSING_BIDS),
    ("bid NS 5 EW 4", "bid NS 14 EW 4", BID_OUT_OF_RANGE),
    ("bid NS 5 EW 4", "bid NS b6 EW 4", BLIND_BID_NOT_ALLOWED),  # trails by 50, not 100
    ("bid NS 5 EW 4", "bid NS 5 EW b6", BLIND_BID_NOT_ALLOWED),  # leads
    ("bid EW 5 NS b6", "bid EW 5 NS b5", BLIND_BID_NOT_ALLOWED),  # fewer than 6
    ("bid EW 5 NS b6", "bid EW b6 NS b6", BLIND_BID_NOT_ALLOWED),
    ("bid EW 5 NS b6", "bid EW 5 NS b14", BID_OUT_OF_RANGE),
    ("bid EW 5 NS b6", "bid EW 5 NS b11", MIN_BID_VIOLATED),
    # North-South's blind 6 is set: it loses 60 (blind_bid_set=single), not 120
    ('[Rules "boston"]', '[Rules "boston blind_bid_set=double"]', SCORE_MISMATCH),
    ("score NS -70 EW 80", "score NS -130 EW 80", SCORE_MISMATCH),
    ("\nbid NS 5 EW 4\n", "\n", MISSING_BIDS),
]


@pytest.mark.parametrize(("old", "new", "kind"), BOSTON_EDITS)
def test_boston_bidding_mistakes_are_handed_over(old: str, new: str, kind: Kind) -> None:
    text = _boston()[0]
    assert old in text, old
    (unit,) = units(text.replace(old, new, 1))
    express, found, _ = both_ways(unit)
    assert kind in found
    assert express is None
    (clean,) = units(text)
    assert both_ways(clean)[0] is not None  # the game as generated is settled


#: Words a boston bid line may be edited to: sides, seats, blind bids and nils.
_BID_WORDS: Final = ("NS", "EW", "N", "E", "S", "W", "b6", "b5", "b10", "b13", "0", "4", "nil")


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_edited_boston_games_are_never_passed_when_faulty(data: st.DataObject) -> None:
    """Random edits of generated boston games (any line, as ``mutated_lines`` makes
    them, or a word of a bid line: its sides, seats, blind bids and nils): the express
    check settles a game only where the full check finds nothing."""
    rules_text = data.draw(st.sampled_from([r for r in COVERED if "boston" in r]))
    text = data.draw(st.sampled_from(clean_texts(rules_text)))
    lines = text.split("\n")
    if data.draw(st.booleans()):
        lines = data.draw(mutated_lines(lines, extra_rules=COVERED))
    else:
        bids = [k for k, line in enumerate(lines) if line.startswith("bid ")]
        at = data.draw(st.sampled_from(bids))
        words = lines[at].split(" ")
        place = data.draw(st.integers(1, len(words) - 1))
        words[place] = data.draw(st.sampled_from(_BID_WORDS))
        if data.draw(st.booleans()):
            words += data.draw(st.lists(st.sampled_from(_BID_WORDS), min_size=1, max_size=4))
        lines[at] = " ".join(words)
    for index, unit in enumerate(units("\n".join(lines)), start=1):
        express, found, hand_count = both_ways(unit, index)
        event("settled" if express is not None else "handed over")
        if express is not None:
            assert found == []
            assert express == hand_count
