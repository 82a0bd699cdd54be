"""PBN records -> games: deals, bids, the Play section put in the order played, partial
records, grouping deals into games, the file-type dispatch, and the checks on them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cards import BIG_JOKER, LITTLE_JOKER, Seat, Side, card, cards
from spadesctl.checking import check_file
from spadesctl.cli import app
from spadesctl.diagnostics import SYNTAX_ERROR
from spadesctl.events import Bid, BidKind, Position
from spadesctl.notation import games_from_stream, iter_games, parse_text
from spadesctl.pbn import parse_pbn_text, pbn_card
from spadesctl.record import Game
from spadesctl.rules import parse_rules

from .test_pbn_parser import ISSUE_RECORD

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "pbn"
runner = CliRunner()

#: The issue's deal, played out under jjdd (the 4th trick added: W won trick 3 with D2).
JJDD_HAND = """\
[Event "Trickster Cards: Play Spades - 2v2 Joker-Joker-Deuce-Deuce to 500"]
[Dealer "N"]
[Deal "N:KQT982.AK4.6.K87 A65.J3.T94.AT964 J743.T86.KQ5.QJ3 .Q975.AJ8732.5.HL"]
[Auction "E"]
1 2 4 6
[Play "E"]
CA C3 C5 C7
H3 H6 HQ HK
C4 CJ D2 CK
D4 DK DA D6
"""


def one(text: str, source: str = "t.pbn") -> Game:
    [game] = parse_pbn_text(text, source)
    return game


def test_the_issue_record_becomes_a_game_of_native_events() -> None:
    game = one(ISSUE_RECORD)
    assert game.issues == ()
    assert game.tag("Date") == "2025-07-24"
    assert game.tag("UTCDate") is None
    assert game.tag("GameScores") is None  # the deal's running totals: its score line
    assert game.tag("Continued") == "yes"  # a bid deal under 1st hand bids itself
    assert game.players == {
        Seat.W: "Waymon (Auto)",
        Seat.N: "Adele (Auto)",
        Seat.E: "Petra (Auto)",
        Seat.S: "Player (1000001)",
    }
    assert game.rules_text is not None
    rules = parse_rules(game.rules_text)
    # jokers and deuces: the jjdd preset is deck=jokers high_twos=2D,2S (issue 12)
    assert (rules.name, rules.deck.value, rules.high_twos) == ("jjdd", "jokers", ("2D", "2S"))
    assert game.tag("RulesFrom") == "Event GameOptionsJson"
    [hand] = game.hands
    assert hand.number == 2 and hand.dealer is Seat.N
    assert hand.score is not None and hand.score.entries == ((Side.NS, 162), (Side.EW, 527))
    assert hand.deal is not None
    west = hand.deal.hand_of(Seat.W)
    assert west is not None and BIG_JOKER in west and LITTLE_JOKER in west
    assert hand.bids == (
        Bid(Seat.E, BidKind.NUMBER, 1),
        Bid(Seat.S, BidKind.NUMBER, 2),
        Bid(Seat.W, BidKind.NUMBER, 4),
        Bid(Seat.N, BidKind.NUMBER, 6),
    )
    assert [(t.number, t.leader, t.cards) for t in hand.tricks] == [
        (1, Seat.E, cards("AC 3C 5C 7C")),
        (2, Seat.E, cards("3H 6H QH KH")),
        (3, Seat.N, cards("KC 4C JC 2D")),
    ]


def test_every_event_points_into_the_pbn_file() -> None:
    game = one(ISSUE_RECORD)
    [hand] = game.hands
    assert game.tag_event("Event") is not None
    assert game.tags[0].pos == Position(2, 1)
    assert hand.pos == Position(11, 1)
    assert hand.deal is not None and hand.deal.pos == Position(12, 1)
    assert [h.pos for h in hand.deal.holdings] == [
        Position(12, 10),
        Position(12, 27),
        Position(12, 44),
        Position(12, 61),
    ]
    assert [b.pos for b in hand.bids] == [Position(14, c) for c in (1, 3, 5, 7)]
    third = hand.tricks[2]
    assert third.pos == Position(18, 1)
    # played N, E, S, W: the CK stands in the last column
    assert third.card_pos == (
        Position(18, 10),
        Position(18, 1),
        Position(18, 4),
        Position(18, 7),
    )


def test_each_trick_is_led_by_the_winner_of_the_last_under_the_deck() -> None:
    hand = one(JJDD_HAND).hands[0]
    # under jjdd the D2 is a trump: West won trick 3 and leads trick 4
    assert hand.tricks[3].leader is Seat.W
    assert hand.tricks[3].cards == cards("AD 6D 4D KD")
    standard = one(JJDD_HAND.replace("Joker-Joker-Deuce-Deuce", "Jokers")).hands[0]
    # under jokers the D2 is a diamond: North's KC won trick 3
    assert standard.tricks[3].leader is Seat.N
    assert standard.tricks[3].cards == cards("6D 4D KD AD")


def test_the_first_leader_follows_the_first_lead_rule() -> None:
    text = '[Rules "standard first_lead=two_of_clubs"]\n[Dealer "N"]\n[Play "N"]\nC3 C2 C4 C5\n'
    [trick] = one(text).hands[0].tricks
    assert trick.leader is Seat.E and trick.cards == cards("2C 4C 5C 3C")
    lowest = '[Rules "britannica"]\n[Dealer "W"]\n[Play "N"]\nC3 H2 C4 C5\nS2 S3 S4 S5\n'
    first, second = one(lowest).hands[0].tricks
    assert first.leader is Seat.N  # left of the dealer
    assert second.leader is Seat.W  # the highest club won the first trick


def test_jokers_and_cards_are_read_suit_first() -> None:
    assert pbn_card("JH") is BIG_JOKER
    assert pbn_card("jl") is LITTLE_JOKER
    assert pbn_card("BJ") is BIG_JOKER
    assert pbn_card("HJ") is card("JH")
    assert pbn_card("D10") is card("TD")
    for bad in ("AS", "X2", "S", "S1"):
        with pytest.raises(ValueError):
            pbn_card(bad)


def test_a_partial_play_becomes_a_partial_hand() -> None:
    text = '[Dealer "N"]\n[Play "E"]\nCA C3 C5 C7\nH3 - - HK\n*\n'
    hand = one(text).hands[0]
    assert [(t.leader, t.cards) for t in hand.tricks] == [
        (Seat.E, cards("AC 3C 5C 7C")),
        (Seat.E, cards("3H")),
    ]
    assert hand.took is None


def test_cards_that_cannot_be_ordered_are_reported_not_dropped_silently() -> None:
    text = '[Dealer "N"]\n[Play "E"]\n- C3 C5 C7\nH3 H6 HQ HK\n'
    game = one(text)
    assert game.hands[0].tricks == ()
    assert [i.pos for i in game.issues] == [Position(3, 1), Position(4, 1)]
    assert "after it are left out" in game.issues[0].message
    assert "cannot be put in the order played" in game.issues[1].message


def test_short_lines_and_cards_after_the_end_are_reported() -> None:
    text = '[Dealer "N"]\n[Play "E"]\nCA C3 C5\n* H2\n'
    game = one(text)
    assert [i.pos for i in game.issues] == [Position(3, 1), Position(4, 3)]


def test_an_auction_alone_with_unknown_bids_and_its_end() -> None:
    text = '[Dealer "S"]\n[Auction "W"]\n3 - nil b6\n* 4\n'
    game = one(text)
    hand = game.hands[0]
    assert hand.tricks == ()
    assert hand.bids == (
        Bid(Seat.W, BidKind.NUMBER, 3),
        Bid(Seat.E, BidKind.NIL, 0),
        Bid(Seat.S, BidKind.BLIND, 6),
    )
    [issue] = game.issues
    assert issue.pos == Position(4, 3)


def test_the_dealer_is_inferred_from_the_auction_or_assumed_and_said() -> None:
    assert one('[Auction "E"]\n1 2 3 4\n').hands[0].dealer is Seat.N
    game = one('[Deal "N:AK.Q.J.T - - -"]\n')
    assert game.hands[0].dealer is Seat.N
    [issue] = game.issues
    assert "Dealer" in issue.message


def test_bad_seats_and_holdings_are_reported() -> None:
    text = '[Dealer "X"]\n[Deal "N:AKQ.J.T.9 AKQ.J.T.9.Z - -"]\n[Auction "Q"]\n1\n[Play "NS"]\nSA\n'
    game = one(text)
    assert [i.pos.line for i in game.issues] == [1, 1, 2, 3, 5]


def test_deals_of_one_game_are_grouped_into_its_hands() -> None:
    record = '[Event "Club"]\n[Dealer "{}"]\n[Auction "{}"]\n1 2 3 4\n\n'
    text = record.format("N", "E") + record.format("E", "S") + record.format("S", "W")
    [game] = parse_pbn_text(text)
    assert [(h.number, h.dealer) for h in game.hands] == [
        (1, Seat.N),
        (2, Seat.E),
        (3, Seat.S),
    ]
    other = text + '[Event "Other"]\n[Dealer "N"]\n'
    assert [len(g.hands) for g in parse_pbn_text(other)] == [3, 1]
    boards = '[Board "1"]\n[Dealer "N"]\n\n[Board "2"]\n[Dealer "E"]\n\n[Board "1"]\n[Dealer "N"]\n'
    assert [len(g.hands) for g in parse_pbn_text(boards)] == [2, 1]


def test_a_hash_value_repeats_the_previous_records_value() -> None:
    text = '[Event "Club"]\n[Dealer "N"]\n\n[Event "#"]\n[Dealer "E"]\n'
    [game] = parse_pbn_text(text)
    assert game.tag("Event") == "Club" and len(game.hands) == 2


def test_rules_given_to_the_reader_replace_the_mapped_ones() -> None:
    [game] = parse_pbn_text(ISSUE_RECORD, rules=parse_rules("jokers target=300"))
    assert game.rules_text == "jokers target=300"
    assert game.tag("RulesFrom") == "--rules"
    assert len([t for t in game.tags if t.name == "Rules"]) == 1
    # the deck decides the order of play: under jokers the D2 is no trump
    assert game.hands[0].tricks[2].leader is Seat.N


# ---- the dispatch: PBN files need no flag ---------------------------------------------


def test_pbn_is_recognised_by_name_and_by_its_first_line(tmp_path: Path) -> None:
    for name, text in (
        ("a.pbn", JJDD_HAND),
        ("b.PTN", JJDD_HAND),
        ("c.txt", ISSUE_RECORD),
        ("d.spades", "% PBN 2.1\n" + JJDD_HAND),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        [game] = list(iter_games(path))
        assert len(game.hands[0].tricks) >= 3, name
    assert parse_text(ISSUE_RECORD)[0].hands[0].tricks[2].leader is Seat.N
    [streamed] = list(games_from_stream(io.BytesIO(ISSUE_RECORD.encode()), "-"))
    assert streamed.hands == parse_text(ISSUE_RECORD)[0].hands


def test_native_records_are_still_read_as_native(tmp_path: Path) -> None:
    path = tmp_path / "x.spades"
    path.write_text('[Event "x"]\nhand 1 dealer N\nbid E 1 S 2 W 3 N 4\n')
    [game] = list(iter_games(path))
    assert game.issues == () and len(game.hands[0].bids) == 4


def test_check_reads_pbn_from_standard_input() -> None:
    text = (SAMPLES / "renege.ptn").read_text(encoding="utf-8")
    result = runner.invoke(app, ["check", "-"], input=text)
    assert result.exit_code == 1
    assert "-:16:7: SP304 renege: North did not follow diamonds in trick 1" in result.stdout


# ---- the samples and the checks ---------------------------------------------------------

EXPECTED = {
    "trickster-jjdd-game.ptn": [],
    "trickster-issue-deal.ptn": [],
    "jokers-partial-play.pbn": [
        (5, "unknown-option"),
        (11, "incomplete-hand"),
        (22, "wrong-card-count"),
    ],
    "auction-only.pbn": [
        (11, "incomplete-hand"),
        (23, "incomplete-hand"),
        (35, "incomplete-hand"),
    ],
    "malformed-tags.ptn": [(2, "syntax-error"), (5, "syntax-error")],
    "renege.ptn": [(16, "renege")],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_sample_checks_as_its_readme_says(name: str) -> None:
    report = check_file(str(SAMPLES / name))
    assert [(d.line, d.name) for d in report.diagnostics] == EXPECTED[name]


def test_the_sample_list_is_complete() -> None:
    files = {p.name for p in SAMPLES.iterdir() if p.suffix in (".pbn", ".ptn")}
    assert files == set(EXPECTED)


def test_the_sample_game_scores_to_its_game_scores_tag() -> None:
    [game] = list(iter_games(SAMPLES / "trickster-jjdd-game.ptn"))
    assert len(game.hands) == 6 and game.hands[0].bids == ()
    result = runner.invoke(app, ["score", str(SAMPLES / "trickster-jjdd-game.ptn")])
    assert result.exit_code == 0
    assert "EW won. EW reached 512" in result.stdout
    assert "The sheet agrees with the recomputed scores." in result.stdout
    # GameScores: each deal's running totals, S W N E (NS, EW, NS, EW)
    totals = [h.score.entries if h.score else None for h in game.hands]
    assert totals == [
        ((Side.NS, ns), (Side.EW, ew))
        for ns, ew in [(200, 20), (150, 221), (352, 181), (413, 241), (333, 311), (273, 512)]
    ]


def test_a_renege_planted_in_a_record_is_found_where_it_was_written(tmp_path: Path) -> None:
    # The issue's deal: on East's AC lead West, who holds the 5C, plays the 3D.
    text = (
        '[Event "Trickster Cards: Play Spades - 2v2 Joker-Joker-Deuce-Deuce to 500"]\n'
        '[Dealer "N"]\n'
        '[Deal "N:KQT982.AK4.6.K87 A65.J3.T94.AT964 J743.T86.KQ5.QJ3 .Q975.AJ8732.5.HL"]\n'
        '[Auction "E"]\n1 2 4 6\n'
        '[Play "E"]\n'
        "CA C3 D3 C7\n"
    )
    path = tmp_path / "renege.pbn"
    path.write_text(text, encoding="utf-8")
    names = [(d.name, d.line, d.column, d.seat) for d in check_file(str(path)).diagnostics]
    assert ("renege", 7, 7, "W") in names


def test_numbers_too_large_in_auction_and_tricks_are_syntax_errors(tmp_path: Path) -> None:
    huge = "1" + "0" * 5000  # more digits than Python's int() reads from text
    text = (SAMPLES / "renege.ptn").read_text().replace("\n4 2 6 4\n", f"\n{huge} 2 6 4\n")
    assert huge in text
    (game,) = parse_pbn_text(text)
    assert [(i.kind, i.message) for i in game.issues] == [
        (SYNTAX_ERROR, "100000000000... is far too large here")
    ]
    record = tmp_path / "huge.ptn"
    record.write_text(text)
    assert "syntax-error" in [d.name for d in check_file(str(record)).diagnostics]
