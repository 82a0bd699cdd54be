"""The PBN dialect's grammar and record parser: tags, sections, positions, recovery."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl.cards import Seat
from spadesctl.diagnostics import SYNTAX_ERROR
from spadesctl.events import Position
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.notation.reader import MAX_LINE
from spadesctl.pbn import PbnRecord, parse_pbn_text
from spadesctl.pbn.parser import (
    fast_entries,
    grammar_entries,
    parse_record,
    parse_records,
    pbn_parser,
    quote,
    split_records,
    unescape,
)

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "pbn"

ISSUE_RECORD = """\
% PTN ---------------------------
[Event "Trickster Cards: Play Spades - 2v2 Joker-Joker-Deuce-Deuce to 500, \u221210x bid if set, min bid 4, 1st hand bids itself, 10-for-200, no Nil, Blind 6+ if losing by 250"]
[UTCDate "2025.07.24"]
[GameCode "Spades"]
[GameOptionsJson "{\\"variation\\":3,\\"failBidScoring\\":1,\\"minBid\\":4,\\"tenForTwoHundred\\":true,\\"blindNonNilBids\\":4,\\"noWatching\\":true,\\"nilOrZero\\":1,\\"firstHandBidsItself\\":true}"]
[GameScores "S:162 527 162 527"]
[West "Waymon (Auto)"]
[North "Adele (Auto)"]
[East "Petra (Auto)"]
[South "Player (1000001)"]
[Dealer "N"]
[Deal "N:KQT982.AK4.6.K87 A65.J3.T94.AT964 J743.T86.KQ5.QJ3 .Q975.AJ8732.5.HL"]
[Auction "E"]
1 2 4 6
[Play "E"]
CA C3 C5 C7
H3 H6 HQ HK
C4 CJ D2 CK
*
"""  # noqa: E501


def records(text: str) -> list[PbnRecord]:
    return list(parse_records(io.BytesIO(text.encode("utf-8"))))


def test_issue_record_is_read_into_tags_deal_and_sections() -> None:
    [record] = records(ISSUE_RECORD)
    assert record.issues == ()
    assert [t.name for t in record.tags] == [
        "Event",
        "UTCDate",
        "GameCode",
        "GameOptionsJson",
        "GameScores",
        "West",
        "North",
        "East",
        "South",
        "Dealer",
    ]
    options = record.tag("gameoptionsjson")
    assert options is not None
    assert json.loads(options.value)["variation"] == 3
    assert options.raw.startswith('{\\"variation')
    assert record.deal is not None
    assert record.deal.first is Seat.N
    assert [h.text for h in record.deal.hands][-1] == ".Q975.AJ8732.5.HL"
    auction = record.section("Auction")
    play = record.section("Play")
    assert auction is not None and play is not None
    assert auction.tag.value == "E"
    assert [[t.text for t in line] for line in auction.lines] == [["1", "2", "4", "6"]]
    assert [[t.text for t in line] for line in play.lines] == [
        ["CA", "C3", "C5", "C7"],
        ["H3", "H6", "HQ", "HK"],
        ["C4", "CJ", "D2", "CK"],
        ["*"],
    ]


def test_positions_are_lines_and_columns_of_the_file() -> None:
    [record] = records(ISSUE_RECORD)
    event = record.tag("Event")
    assert event is not None
    assert event.pos == Position(2, 1)
    assert event.value_pos == Position(2, 9)
    assert event.locate("to 500") == Position(2, 68)
    assert record.deal is not None
    assert [h.pos for h in record.deal.hands] == [
        Position(12, 10),
        Position(12, 27),
        Position(12, 44),
        Position(12, 61),
    ]
    play = record.section("Play")
    assert play is not None
    assert [t.pos for t in play.lines[2]] == [
        Position(18, 1),
        Position(18, 4),
        Position(18, 7),
        Position(18, 10),
    ]


def test_comments_of_every_kind_keep_columns() -> None:
    text = (
        "% PBN 2.1\n"
        '[Event "a;b{c}"] ; a comment\n'
        '[Dealer "N"] { a block\n'
        "comment } \n"
        '[Play "E"]\n'
        "% a comment line inside the section\n"
        "CA C3 C5 C7 ; end of line\n"
        "{ before } H3 H6 HQ HK\n"
    )
    [record] = records(text)
    assert record.issues == ()
    event = record.tag("Event")
    assert event is not None and event.value == "a;b{c}"
    play = record.section("Play")
    assert play is not None
    assert [[t.text for t in line] for line in play.lines] == [
        ["CA", "C3", "C5", "C7"],
        ["H3", "H6", "HQ", "HK"],
    ]
    assert play.lines[1][0].pos == Position(8, 12)


def test_several_tags_on_a_line_and_escapes() -> None:
    [record] = records('[Event "say \\"hi\\" \\\\ bye"] [Site "x"]\n')
    assert [(t.name, t.value) for t in record.tags] == [
        ("Event", 'say "hi" \\ bye'),
        ("Site", "x"),
    ]


@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=30))
def test_quote_and_unescape_are_inverse(value: str) -> None:
    assert unescape(quote(value)[1:-1]) == value


def test_records_split_on_a_repeated_tag_a_blank_line_or_a_percent_line() -> None:
    text = (
        '[Event "x"]\n[Dealer "N"]\n[Auction "E"]\n1 2 3 4\n'
        '[Event "x"]\n[Dealer "E"]\n'  # a repeated tag: next record
        "\n"
        '[Board "3"]\n[Dealer "S"]\n'  # after a blank line: next record
        "% PTN ----\n"
        '[Event "y"]\n[Event "y"]\n'  # after a % line; a repeated tag before any deal stays
    )
    got = records(text)
    assert [[(t.name, t.value) for t in r.tags] for r in got] == [
        [("Event", "x"), ("Dealer", "N")],
        [("Event", "x"), ("Dealer", "E")],
        [("Board", "3"), ("Dealer", "S")],
        [("Event", "y"), ("Event", "y")],
    ]
    assert [r.pos.line for r in got] == [1, 5, 8, 11]


def test_unescaped_quotes_in_a_value_are_reported_and_the_value_salvaged() -> None:
    text = '[GameOptionsJson "{"minBid":4,"noWatching":true}"]\n[Dealer "N"]\n'
    [record] = records(text)
    [issue] = record.issues
    assert issue.kind is SYNTAX_ERROR
    assert issue.pos == Position(1, 20)
    assert "unescaped" in issue.message
    options = record.tag("GameOptionsJson")
    assert options is not None
    assert json.loads(options.value) == {"minBid": 4, "noWatching": True}
    assert options.value_pos == Position(1, 19)
    assert record.tag("Dealer") is not None


def test_a_missing_closing_bracket_is_reported_and_the_rest_still_read() -> None:
    text = '[Event "Friday"\n[Dealer "W"]\n[Play "N"]\nSA S2 S3 S4\n'
    [record] = records(text)
    [issue] = record.issues
    assert issue.pos == Position(1, 16)
    assert "closing ']'" in issue.message
    event = record.tag("Event")
    assert event is not None and event.value == "Friday"
    play = record.section("Play")
    assert play is not None and len(play.lines) == 1


def test_a_section_tag_missing_its_bracket_still_opens_the_section() -> None:
    [record] = records('[Dealer "N"]\n[Play "E"\nCA C3 C5 C7\n')
    assert len(record.issues) == 1
    play = record.section("Play")
    assert play is not None and len(play.lines) == 1


def test_every_bad_line_is_reported_once_and_good_lines_are_kept() -> None:
    text = (
        '[Dealer "N"]\n'
        "stray words\n"  # outside any section
        '[Deal "N:AKQ.x.y.z - - -"]\n'  # not a holding
        '[Auction "E"]\n'
        "1 2 three 4\n"  # not a bid
        '[Play "E"]\n'
        "CA C3 C5 C7\n"
        "CA ZZ C5 C7\n"  # not a card
        "H3 H6 HQ HK\n"
        "[Broken\n"  # a tag that cannot be salvaged
    )
    [record] = records(text)
    assert [i.pos.line for i in record.issues] == [2, 3, 5, 8, 10]
    assert record.issues[0].message.startswith("unexpected 'stray' outside a section")
    assert record.issues[1].pos == Position(3, 10)
    assert record.issues[2].pos == Position(5, 5)
    assert record.issues[3].pos == Position(8, 4)
    play = record.section("Play")
    assert play is not None
    assert [[t.text for t in line] for line in play.lines] == [
        ["CA", "C3", "C5", "C7"],
        ["H3", "H6", "HQ", "HK"],
    ]
    assert record.deal is None


def test_a_second_deal_tag_is_reported_and_a_second_play_starts_a_record() -> None:
    text = '[Deal "N:... - - -"] [Deal "N:... - - -"]\n[Play "N"]\nSA\n[Play "N"]\nS2\n'
    first, second = records(text)
    assert [i.message for i in first.issues] == ["a second Deal tag in one deal"]
    assert second.section("Play") is not None and second.pos.line == 4


def test_deal_holdings_joker_groups_and_unknown_hands() -> None:
    [record] = records('[Deal "E:AK.Q.J.T.HL - ... 2.3.4.5."]\n')
    assert record.deal is not None
    assert record.deal.first is Seat.E
    assert [h.text for h in record.deal.hands] == ["AK.Q.J.T.HL", "-", "...", "2.3.4.5."]


def test_annotations_are_read_and_ignored() -> None:
    [record] = records('[Play "N"]\nSA $1 S2 =1= S3 S4\n')
    play = record.section("Play")
    assert play is not None
    assert [t.text for t in play.lines[0]] == ["SA", "S2", "S3", "S4"]


def test_the_grammar_has_every_start_symbol_and_no_conflicts() -> None:
    parser = pbn_parser()
    assert set(parser.options.start) == {
        "record",
        "line",
        "auction_line",
        "play_line",
        "tricks_line",
    }


# ---- bad input never raises ---------------------------------------------------------


def test_empty_and_comment_only_files_hold_no_games() -> None:
    assert parse_pbn_text("") == []
    assert parse_pbn_text("% PBN 2.1\n% nothing else\n\n") == []


def test_binary_data_is_a_read_error(tmp_path: Path) -> None:
    path = tmp_path / "x.pbn"
    path.write_bytes(b'[Event "x"]\n\x00\x01\x02')
    with pytest.raises(RecordReadError, match="NUL"):
        list(iter_games(path))


def test_a_directory_or_a_missing_file_is_a_read_error(tmp_path: Path) -> None:
    folder = tmp_path / "d.pbn"
    folder.mkdir()
    with pytest.raises(RecordReadError, match="directory"):
        list(iter_games(folder))
    with pytest.raises(RecordReadError, match="no such file"):
        list(iter_games(tmp_path / "missing.ptn"))


def test_invalid_utf8_and_overlong_lines_are_positioned_issues(tmp_path: Path) -> None:
    path = tmp_path / "x.pbn"
    path.write_bytes(b'[Event "caf\xe9"]\n[Site "' + b"x" * (MAX_LINE + 10) + b'"]\n[Dealer "N"]\n')
    [game] = list(iter_games(path))
    assert [(i.pos.line, i.pos.column) for i in game.issues] == [(1, 12), (2, 1)]
    assert game.tag("Event") is None
    assert game.hands[0].dealer is Seat.N


@settings(max_examples=200)
@given(
    st.lists(
        st.sampled_from(
            [
                '[Event "Spades - 2v2 to 300"]',
                '[Dealer "E"]',
                '[Deal "N:AK.Q.J.T - - -"]',
                '[Auction "S"]',
                '[Play "S"]',
                "1 nil b6 -",
                "SA H2 - JH",
                "*",
                '[GameOptionsJson "{"a":1}"]',
                "[Event",
                '[Deal "N:ZZ"]',
                "{",
                "}",
                "%",
                "",
                "\u00e9\u2660 ;",
                '[Board "x"]',
                '[Tricks ""]',
                "1 N SA SK",
                '[Took "N 4"]',
                '[Bids "E frob"]',
            ]
        ),
        max_size=25,
    )
)
def test_any_jumble_of_lines_reads_without_an_exception(lines: list[str]) -> None:
    for game in parse_pbn_text("\n".join(lines), "jumble.pbn"):
        for issue in game.issues:
            assert issue.pos.line >= 1


# ---- the fast path reads exactly what the grammar reads -------------------------------


def _same_entries(text: str) -> int:
    """Compare the fast path with the grammar on every record of ``text``; how many the
    fast path read."""
    fast_count = 0
    for block in split_records(io.BytesIO(text.encode("utf-8"))):
        fast = fast_entries(block.lines, block.first_line)
        if fast is not None:
            fast_count += 1
            assert fast == grammar_entries(block.lines, block.first_line), block
        assert parse_record(block) == parse_record(block, fast=False)
    return fast_count


def test_the_fast_path_reads_the_samples_as_the_grammar_does() -> None:
    for path in sorted(SAMPLES.glob("*.p?n")):
        count = _same_entries(path.read_text(encoding="utf-8"))
        assert count > 0 or path.name == "malformed-tags.ptn", path.name
    assert _same_entries(ISSUE_RECORD) == 1


@settings(max_examples=300, deadline=None)  # no timed assertions in tests
@given(
    st.lists(
        st.sampled_from(
            [
                '[Event "x - 2v2 to 300"]',
                '[Event  "two spaces"]',
                '[Event "a"] [Site "b"]',
                '[Dealer "E"]',
                '[Deal "N:AK.Q.J.T - 2.3.4.5 .Q975.AJ8732.5.HL"]',
                '[Deal "N: AK.Q.J.T"]',
                '[Deal "n:AK.Q.J.T.x"]',
                '[Deal "N:AK.Q.J.T-"]',
                '[Auction "S"]',
                '[Play "S"]',
                '[Tricks ""]',
                "1 nil b6 - * $3 =1=",
                "1 2 three",
                "SA H10 - JH * jl bj",
                "SA,H2",
                "CA-",
                "12 N SA SK",
                "1 N",
                "\u0661 N SA",
                "  HK  D2\t",
                "",
            ]
        ),
        max_size=12,
    )
)
def test_the_fast_path_never_disagrees_with_the_grammar(lines: list[str]) -> None:
    _same_entries("\n".join(lines))
