"""The record notation: parsing into events, lenient forms, positioned errors, bad input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from spadesctl import RecordReadError, iter_games, parse_text
from spadesctl.cards import Seat, Side, card, cards
from spadesctl.diagnostics import MISPLACED_LINE, SYNTAX_ERROR
from spadesctl.events import Bid, BidKind, Position
from spadesctl.notation import games_from_stream
from spadesctl.notation.reader import MAX_LINE, blank_comments

ISSUE_EXAMPLE = """\
; a comment runs to the end of the line      { a block comment may span lines }
[Event "Friday League"]
[Site "Elks Lodge"]
[Date "2026-11-20"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Rules "standard nil=50"]

hand 1 dealer N
deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7
bid E 6 S nil W 4 N 3
trick 1 E AH JH 4H 9H
trick 2 E 6C 5C 7C 8C
score NS 81 EW -100
bags NS 1 EW 0

hand 2 dealer E
bid S 4 W bnil N 3 E 4
pass W>E AS QD
pass E>W 2C 3H
took N 4 E 5 S 4 W 0
score NS 152 EW 141
bags NS 2 EW 1
result NS
"""


def test_issue_example_parses_into_typed_events() -> None:
    [game] = parse_text(ISSUE_EXAMPLE, "league.spades")
    assert game.issues == ()
    assert game.tag("event") == "Friday League"
    assert game.rules_text == "standard nil=50"
    assert game.players == {Seat.N: "Ann", Seat.E: "Bo", Seat.S: "Cy", Seat.W: "Di"}
    first, second = game.hands
    assert first.number == 1 and first.dealer is Seat.N
    assert first.deal is not None
    assert first.deal.hand_of(Seat.S) == cards("8S JH 8H 5H 3H KD QD JD TD 9D 6D 5C 3C")
    assert first.bids == (
        Bid(Seat.E, BidKind.NUMBER, 6),
        Bid(Seat.S, BidKind.NIL, 0),
        Bid(Seat.W, BidKind.NUMBER, 4),
        Bid(Seat.N, BidKind.NUMBER, 3),
    )
    assert first.tricks[0].leader is Seat.E
    assert first.tricks[0].cards == cards("AH JH 4H 9H")
    assert first.score is not None and first.score.entries == ((Side.NS, 81), (Side.EW, -100))
    assert second.bids[1] == Bid(Seat.W, BidKind.BLIND_NIL, 0)
    assert [(p.giver, p.receiver, p.cards) for p in second.passes] == [
        (Seat.W, Seat.E, cards("AS QD")),
        (Seat.E, Seat.W, cards("2C 3H")),
    ]
    assert second.took is not None
    assert dict(second.took.counts) == {Seat.N: 4, Seat.E: 5, Seat.S: 4, Seat.W: 0}
    assert game.result is not None and game.result.winner is Side.NS


def test_events_carry_line_and_column() -> None:
    [game] = parse_text(ISSUE_EXAMPLE)
    hand = game.hands[0]
    assert hand.pos == Position(11, 1)
    trick = hand.tricks[1]
    assert trick.pos == Position(15, 1)
    assert trick.card_pos == (
        Position(15, 11),
        Position(15, 14),
        Position(15, 17),
        Position(15, 20),
    )
    assert hand.bids[1].pos == Position(13, 9)
    assert game.tags[0].pos == Position(2, 1)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("SA", "AS"),
        ("sa", "AS"),
        ("10D", "TD"),
        ("D10", "TD"),
        ("td", "TD"),
        ("7♥", "7H"),
        ("♣Q", "QC"),
        ("bj", "BJ"),
        ("LJ", "LJ"),
    ],
)
def test_lenient_card_forms(written: str, expected: str) -> None:
    [game] = parse_text(f'[Event "x"]\nhand 1 dealer N\ntrick 1 N {written} 2C 3C 4C\n')
    assert game.issues == ()
    assert game.hands[0].tricks[0].cards[0] == card(expected)


def test_side_bids_and_side_took() -> None:
    [game] = parse_text('[Event "x"]\nhand 1 dealer N\nbid EW 6 NS 5 N nil\ntook NS 6 EW 7\n')
    hand = game.hands[0]
    assert hand.bids == (
        Bid(Side.EW, BidKind.NUMBER, 6),
        Bid(Side.NS, BidKind.NUMBER, 5),
        Bid(Seat.N, BidKind.NIL, 0),
    )
    assert hand.took is not None and hand.took.counts == ((Side.NS, 6), (Side.EW, 7))


def test_blind_bids_claims_reneges_and_draws() -> None:
    text = (
        '[Event "x"]\nhand 1 dealer S\ndraw N keep AS discard 3H\ndraw S discard 2C keep KD\n'
        "bid N b6 S 3\ntrick 1 N 2D 3D\nclaim N\ntook N 10 S 3\nrenege S 1\n"
    )
    [game] = parse_text(text)
    hand = game.hands[0]
    assert game.issues == ()
    assert hand.bids[0] == Bid(Seat.N, BidKind.BLIND, 6)
    assert hand.draws[0].kept == card("AS") and hand.draws[0].keep_first
    assert hand.draws[1].kept == card("KD") and not hand.draws[1].keep_first
    assert hand.claim is not None and hand.claim.seat is Seat.N
    assert hand.reneges[0].seat is Seat.S and hand.reneges[0].trick == 1


def test_a_new_tag_block_starts_a_new_game() -> None:
    text = '[Event "a"]\nhand 1 dealer N\ntook N 1\n\n[Event "b"]\n[Date "x"]\nhand 1 dealer E\n'
    games = parse_text(text)
    assert [g.tag("Event") for g in games] == ["a", "b"]
    assert [g.index for g in games] == [1, 2]
    assert games[1].hands[0].dealer is Seat.E


def test_block_comments_may_span_lines() -> None:
    text = '[Event "a"] { a comment\n[Event "not a tag"]\nstill comment }\nhand 1 dealer N\n'
    [game] = parse_text(text)
    assert game.issues == ()
    assert [t.value for t in game.tags] == ["a"]


def test_comment_characters_inside_tag_values_are_kept() -> None:
    [game] = parse_text('[Event "A; B {C}"] ; real comment\n')
    assert game.tag("Event") == "A; B {C}"


def test_blank_comments_keeps_columns() -> None:
    assert blank_comments("bid N 4 ; x", False) == ("bid N 4    ", False)
    assert blank_comments("a {b", False) == ("a   ", True)
    assert blank_comments("b} c", True) == ("   c", False)


BROKEN = """\
[Event "one"]
hand 1 dealer X
bid N 4 E
trick 1 N ZZ 2C
frobnicate
deal N:AKQ.x.y.z
hand 2 dealer S
bid N 4

[Event "two"]
hand 1 dealer N
trick 1 N AS 2S 3S 4S 5S
"""


def test_every_error_in_a_file_is_reported_with_its_position() -> None:
    one, two = parse_text(BROKEN, "broken.spades")
    found = [(i.kind, i.pos.line, i.pos.column) for i in one.issues]
    assert found == [
        (SYNTAX_ERROR, 2, 15),
        (SYNTAX_ERROR, 3, 10),
        (SYNTAX_ERROR, 4, 11),
        (SYNTAX_ERROR, 5, 1),
        (SYNTAX_ERROR, 6, 6),
    ]
    messages = [i.message for i in one.issues]
    assert "a seat" in messages[0]
    assert "a bid" in messages[1]
    assert "cards" in messages[2]
    assert messages[3].startswith("unknown line 'frobnicate'")
    assert "'x' is not a rank" in messages[4]
    # the hand after the broken lines is read
    assert [h.number for h in one.hands] == [2]
    # the second game is still read in full
    assert two.issues == ()
    assert len(two.hands[0].tricks[0].cards) == 5


def test_misplaced_lines() -> None:
    text = (
        '[Event "x"]\nhand 1 dealer N\ndeal N:A...\ndeal N:K...\nclaim N\nclaim S\n'
        "result NS\nhand 2 dealer E\nresult EW\n"
    )
    [game] = parse_text(text)
    assert [(i.kind, i.pos.line) for i in game.issues] == [
        (MISPLACED_LINE, 4),
        (MISPLACED_LINE, 6),
        (MISPLACED_LINE, 8),
        (MISPLACED_LINE, 9),
    ]


def test_empty_input_has_no_games() -> None:
    assert parse_text("") == []
    assert parse_text("\n\n; only a comment\n") == []


def test_binary_input_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.spades"
    path.write_bytes(b"hand 1 dealer N\n\x00\x01\x02")
    with pytest.raises(RecordReadError, match="NUL bytes"):
        list(iter_games(path))


def test_invalid_utf8_is_reported_and_the_rest_read() -> None:
    data = b'[Event "x"]\nhand 1 dealer N\nbid N \xff4\ntook N 3\n'
    [game] = list(games_from_stream(io.BytesIO(data)))
    assert [(i.pos.line, i.pos.column) for i in game.issues] == [(3, 7)]
    assert "UTF-8" in game.issues[0].message
    assert game.hands[0].took is not None


def test_a_huge_line_is_skipped_with_an_error() -> None:
    data = b'[Event "x"]\nhand 1 dealer N\nbid N ' + b"4" * (10 * 1024 * 1024) + b"\ntook N 3\n"
    [game] = list(games_from_stream(io.BytesIO(data)))
    assert [i.pos.line for i in game.issues] == [3]
    assert str(MAX_LINE) in game.issues[0].message
    assert game.hands[0].took is not None


def test_directory_and_missing_file_are_read_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordReadError, match="is a directory"):
        list(iter_games(tmp_path))
    with pytest.raises(RecordReadError, match="no such file"):
        list(iter_games(tmp_path / "missing.spades"))


def test_unclosed_block_comment_is_reported() -> None:
    [game] = parse_text('[Event "x"]\nhand 1 dealer N { never closed\ntook N 3\n')
    assert [(i.pos.line, i.pos.column) for i in game.issues] == [(2, 17)]


def test_windows_line_endings_and_bom() -> None:
    data = '\ufeff[Event "x"]\r\nhand 1 dealer N\r\ntook N 3\r\n'.encode()
    [game] = list(games_from_stream(io.BytesIO(data)))
    assert game.issues == ()
    assert game.tag("Event") == "x"


_HUGE = "1" + "0" * 5000  # more digits than Python's int() reads from text


@pytest.mark.parametrize(
    "line",
    [
        f"score NS {_HUGE} EW 0",
        f"score NS -{_HUGE} EW 0",
        f"bags NS {_HUGE} EW 0",
        f"bid N {_HUGE} E 1 S 1 W 1",
        f"trick {_HUGE} N 2C 3C 4C 5C",
    ],
)
def test_numbers_too_large_are_syntax_errors_not_crashes(line: str) -> None:
    (game,) = parse_text(f'[Event "x"]\nhand 1 dealer W\n{line}\n')
    (issue,) = game.issues
    assert issue.kind is SYNTAX_ERROR
    word = next(w for w in line.split() if len(w) > 100)
    assert issue.message == f"{word[:12]}... is far too large here"


@pytest.mark.parametrize(("written", "value"), [("999999999", 999999999), ("-0000000001", -1)])
def test_scores_up_to_nine_digits_are_read(written: str, value: int) -> None:
    (game,) = parse_text(f"hand 1 dealer W\nscore NS {written} EW 0\n")
    assert game.issues == ()
    score = game.hands[0].score
    assert score is not None and dict(score.entries)[Side.NS] == value


def test_a_ten_digit_score_is_too_large() -> None:
    (game,) = parse_text("hand 1 dealer W\nscore NS 1000000000 EW 0\n")
    assert [i.message for i in game.issues] == ["1000000000 is far too large here"]
