"""What the fuzz targets of the import formats found (docs/reliability.md), each pinned:

- ``game_events`` (``iter_events``) was not the inverse of ``assemble`` for a game read
  from tables: its bids stand on their seats' rows, and the bid lines were put back in
  row order rather than bidding order (every export, and the server sample);
- OpenSpiel's deal and a table's ``deal`` cells kept their cards in the order given, so a
  game converted to PBN or the native notation read back as another game (the readers of
  the notations give each holding in the canonical order);
- ``convert --to trick-notation``: a hand without cards was written as an empty ``D``
  line (the hand lost), a joker under standard rules raised ``IndexError``, a name with
  a line separator broke its header line, and bids that do not start left of the
  dealer lost the dealer; a ``D`` line with no readable holding read as an empty deal
  (which ``fmt`` wrote as a line that does not read back);
- a hands table with a column of another kind (``tags``) raised ``KeyError``.
- a CSV table with empty lines before its header lost its later batches' games; a tag
  cell holding a line break, and any cell holding a NUL byte, were read (no notation
  writes them back);
- a hands table's cards cell of ``-`` for a take, discard or pass line read as a line
  without cards, which no notation holds.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from spadesctl.cards import Seat
from spadesctl.events import GameStart
from spadesctl.notation import format_games, iter_games, parse_text
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game, assemble, game_events
from spadesctl.sources import expand_paths

pytest.importorskip("polars")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def _games(path: Path) -> list[Game]:
    return [g for p in expand_paths([str(path)]) for g in iter_games(p)]


def _inverse(game: Game) -> Game:
    _, *events = game_events(game)
    return assemble((e for e in events if not isinstance(e, GameStart)), game.source)


def test_game_events_of_a_table_game_assemble_back_to_it() -> None:
    games = _games(SAMPLES / "import")
    assert games and all(not g.issues for g in games)
    rows = [[b.pos.line for b in h.bids] for g in games for h in g.hands]
    assert any(r != sorted(r) for r in rows)  # bids on rows that are not in bidding order
    for game in games:
        again = _inverse(game)
        assert again == game
        assert [h.bids for h in again.hands] == [h.bids for h in game.hands]


@pytest.mark.parametrize("name", ["serialized.txt", "histories.ndjson"])
def test_openspiel_games_convert_to_pbn_and_native_and_back(name: str) -> None:
    games = _games(SAMPLES / "openspiel" / name)
    assert games and all(not g.issues for g in games)
    assert parse_text("".join(format_pbn_games(games)), "back.pbn") == games
    assert parse_text("".join(format_games(games)), "back.spades") == games


def test_a_deal_cell_in_any_order_reads_as_the_canonical_holding(tmp_path: Path) -> None:
    header = "game,hand,dealer,seat,deal,bid\n"
    cards = "2C 3C AS 4C 5C 6C 7C 8C 9C TC JC QC KC"
    (tmp_path / "given.csv").write_text(f"{header}1,1,N,E,{cards},3\n")
    (tmp_path / "sorted.csv").write_text(f"{header}1,1,N,E,{' '.join(sorted_cards())},3\n")
    [given], [canonical] = _games(tmp_path / "given.csv"), _games(tmp_path / "sorted.csv")
    assert given.hands[0].deal == canonical.hands[0].deal
    [back] = parse_text("".join(format_games([given])), "back.spades")
    assert back.hands[0].deal == given.hands[0].deal


def sorted_cards() -> list[str]:
    """The cards of the deal cell above in the notation's order: spades, then clubs high
    to low."""
    return ["AS", *[f"{r}C" for r in "KQJT98765432"]]


def test_an_export_read_back_is_its_own_inverse(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from spadesctl.cli import app

    record = SAMPLES / "blind-nil.spades"
    for table in ("games", "hands", "tricks"):
        out = tmp_path / f"{table}.csv"
        result = CliRunner().invoke(app, ["export", str(record), "--table", table, "-o", str(out)])
        assert result.exit_code in (0, 1), result.output
    for game in _games(tmp_path):
        assert _inverse(game) == game


# -- trick-notation's writer and reader (convert --to trick-notation) -----------------


def _tn(game_text: str) -> tuple[str, list[Game]]:
    from spadesctl.interop.trick_notation import (
        format_trick_notation_game,
        games_from_trick_notation_stream,
    )

    [game] = parse_text(game_text, "in.spades")
    text = format_trick_notation_game(game)
    return text, list(games_from_trick_notation_stream(io.BytesIO(text.encode()), "back.tn"))


def test_a_hand_without_cards_is_written_with_void_holdings_and_read_back() -> None:
    text, [back] = _tn("hand 1 dealer W\nbid N 3 E 4 S 3 W 3\ntook NS 6 EW 7\n")
    assert "D N:-.-.-.- E:-.-.-.- S:-.-.-.- W:-.-.-.-" in text.splitlines()
    assert [h.number for h in back.hands] == [1]
    assert not back.issues


def test_a_joker_played_under_standard_rules_is_said_not_held_not_a_crash(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from spadesctl.cli import app

    record = tmp_path / "joker.spades"
    record.write_text("hand 1 dealer W\nbid N 3 E 4 S 3 W 3\ntrick 1 N BJ 2S 3S 4S\n")
    result = CliRunner().invoke(app, ["convert", "--to", "trick-notation", str(record)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "not held by trick-notation v1 (the record plays a joker): game 1" in result.stdout


def test_a_name_with_a_line_separator_never_breaks_a_line() -> None:
    text, [back] = _tn('[North "Ann"]\n[East "B\u2028o"]\n\nhand 1 dealer W\n')
    assert len(text.splitlines()) == len(text.split("\n")) - 1  # no line break but \n
    assert "[Players" not in text  # East's name is not one word: the seats' tags
    assert back.tag("North") == "Ann" and back.tag("East") is None
    assert not back.issues


def test_bids_that_do_not_start_left_of_the_dealer_are_said_not_held() -> None:
    text, [back] = _tn("hand 1 dealer N\nbid W 4 N 3 E 3 S 3\n")
    assert "C W:" not in text
    assert "(bids out of turn or by a side): bid W 4 N 3 E 3 S 3" in text
    assert back.hands[0].dealer is Seat.N


def test_a_deal_line_with_no_readable_holding_is_no_deal() -> None:
    from spadesctl.interop.trick_notation import games_from_trick_notation_stream

    text = b"% trick-notation v1\n\nD N:T97.QJ\n"
    [game] = games_from_trick_notation_stream(io.BytesIO(text), "bad.tn")
    assert game.hands[0].deal is None
    assert [i.message for i in game.issues] == [
        "D N:T97.QJ: a deal gives each seat four suit groups (S.H.D.C)"
    ]
    [again] = parse_text("".join(format_games([game])), "again.spades")
    assert not again.issues  # fmt writes no empty deal line


def test_a_column_of_another_table_kind_is_ignored(tmp_path: Path) -> None:
    """A hands table with the games table's ``tags`` column (rows of both in one file)."""
    path = tmp_path / "server.csv"
    path.write_text('game,hand,dealer,seat,bid,tags\n1,1,W,N,3,"[Event ""x""]"\n')
    [game] = _games(path)
    assert game.tags == () and [h.number for h in game.hands] == [1]


def test_hand_numbers_the_notation_cannot_hold_are_said_not_held() -> None:
    text, [back] = _tn('[Continued "yes"]\n\nhand 3 dealer E\nbid S 3 W 4 N 3 E 3\n')
    assert "; not held by trick-notation v1 (hands are numbered in order: 1): hand 3" in text
    assert [h.number for h in back.hands] == [1]


def test_the_problems_no_game_owns_are_in_the_order_they_stand(tmp_path: Path) -> None:
    """A play table without its hands table, with a row without a game: the game of
    those problems is its own inverse (its issues in source order)."""
    path = tmp_path / "plays.csv"
    path.write_text("game,hand,trick,leader,card_n\n,1,1,N,AS\n")
    [game] = _games(path)
    assert [i.pos.line for i in game.issues] == [1, 2]
    assert _inverse(game) == game


def test_a_trick_line_with_no_card_is_an_issue_not_a_crash(tmp_path: Path) -> None:
    from spadesctl.checking import check_file

    path = tmp_path / "empty-trick.tn"
    deal = "D N:J.54.KQ42.AQT875 E:T98652.J76.A63.K S:AK43.AT82.J5.642 W:Q7.KQ93.T987.J93"
    path.write_text(f"% trick-notation v1\n\n{deal}\nP S\n")
    [game] = _games(path)
    assert game.hands[0].tricks == ()
    assert [i.message for i in game.issues] == ["P S: a trick with no card"]
    assert "SP001" in {d.code for d in check_file(str(path)).diagnostics}


def test_trick_numbers_and_a_rules_tag_the_notation_cannot_hold_are_said() -> None:
    text, [back] = _tn("hand 1 dealer E\ntrick 6 S AD QD KD JD\n")
    assert "; not held by trick-notation v1 (tricks are numbered in order: 1): trick 6" in text
    assert [t.number for t in back.hands[0].tricks] == [1]
    text, [back] = _tn('[Rules "britannic\u2028a"]\n\nhand 1 dealer E\n')
    assert '[Rules "standard"]' in text.splitlines()  # the rules the text was written under
    assert back.rules_text == "standard"


def test_a_trick_led_by_a_seat_the_table_does_not_have_converts() -> None:
    text, [back] = _tn('[Rules "two-player"]\n\nhand 1 dealer N\ntrick 13 E QS AS 6S 6D\n')
    assert "P E QS AS 6S 6D" in text.splitlines()
    assert [t.leader for t in back.hands[0].tricks] == [Seat.E]


def test_deal_cells_on_rows_in_any_seat_order_read_as_the_canonical_deal(
    tmp_path: Path,
) -> None:
    header = "game,hand,dealer,seat,deal\n"
    east, north = "KS 5S AH QH JH 9H 8H AD 6D 3D QC 8C 7C", "QS 9S 7S 3S TH 7H 5H JD 5D 2D TC 6C 5C"
    path = tmp_path / "server.csv"
    path.write_text(f"{header}1,1,W,E,{east}\n1,1,W,N,{north}\n")
    [game] = _games(path)
    deal = game.hands[0].deal
    assert deal is not None and [h.seat for h in deal.holdings] == [Seat.N, Seat.E]
    assert parse_text("".join(format_pbn_games([game])), "back.pbn") == [game]


def test_a_pass_before_the_bids_is_written_as_trick_notation() -> None:
    record = '[Rules "standard"]\n\nhand 1 dealer W\npass E>W 2H 5D\nbid N 4 E 2 S 1 W 3\n'
    text, [back] = _tn(record)
    lines = text.splitlines()
    assert lines.index("X E>W: 2H 5D") < lines.index("C N: 4 2 1 3")
    assert [(p.giver, p.receiver) for p in back.hands[0].passes_before_bid] == [(Seat.E, Seat.W)]


# -- found by the campaign of session 6 (seed 5101, 15 minutes) -----------------------


def test_a_trick_notation_holding_in_any_order_reads_as_the_canonical_one() -> None:
    """A ``D`` line's ranks written out of order (``J364``) read as the holding in the
    notation's order, so that the game written natively or as PBN reads back equal."""
    from spadesctl.interop.trick_notation import games_from_trick_notation_stream

    deal = "N:T8.Q94.A932.AKT8 E:AJ976.T762.QJ5.9 S:K43.AK85.74.Q532 W:Q52.J3.KT86.J364"
    text = f"% trick-notation v1\nD {deal}\n"
    [game] = games_from_trick_notation_stream(io.BytesIO(text.encode()), "in.tn")
    assert not game.issues
    west = next(h for h in game.hands[0].deal.holdings if h.seat is Seat.W)  # type: ignore[union-attr]
    assert [c.text for c in west.cards[-4:]] == ["JC", "6C", "4C", "3C"]
    assert parse_text("".join(format_games([game])), "back.spades") == [game]
    assert parse_text("".join(format_pbn_games([game])), "back.pbn") == [game]


def test_a_game_after_the_separator_is_written_alike_with_comments_or_without() -> None:
    """A game without tags after the separator line: the blank line after the separator
    is written whether or not the game (or the one before) has comments, so that fmt of
    fmt's text is the same text (a PBN record's comment made it differ)."""
    from spadesctl.formatting import with_comments

    pbn = (
        '[East "Bo"]\n[Took "N 4 E 3 S 6 W 0"]\n[Took "N 0 E 6 S 5 W 2"]\n\n'
        '[Rules "britannica"]\n;\n'
    )
    games = parse_text(pbn, "in.pbn")
    text = "".join(format_games(games))
    assert "[NewGame]\n\nhand 1" in text
    again = parse_text(text, "again.spades")
    assert with_comments(again, text) == text


def test_an_empty_widow_cell_is_no_widow(tmp_path: Path) -> None:
    """A hands table whose ``widow`` cell is ``-`` (no card): no widow line (the native
    notation has no empty widow, and PBN reads an empty Widow tag as none), so the game
    converts to PBN and back equal."""
    header = "game,hand,dealer,seat,deal,bid,widow\n"
    path = tmp_path / "hands.csv"
    path.write_text(f"{header}1,3,S,W,TS 9S 6S KH 9H 8H 5H AD 9D 8D 4D TC 3C,2,-\n")
    [game] = _games(path)
    assert game.hands[0].widow is None
    assert parse_text("".join(format_pbn_games([game])), "back.pbn") == [game]
    assert parse_text("".join(format_games([game])), "back.spades") == [game]


@pytest.mark.parametrize(
    ("columns", "cells"),
    [
        ("widow_taken", "-"),
        ("widow_discarded", "-"),
        ("widow_taken,widow_discarded", "-,-"),
        ("pass_to,passed_cards", "E,-"),
        ("pass_after_bids_to,passed_after_bids", "E,-"),
    ],
)
def test_an_empty_cards_cell_of_a_line_is_no_line(tmp_path: Path, columns: str, cells: str) -> None:
    """A hands table's ``widow_taken``, ``widow_discarded``, ``passed_cards`` or
    ``passed_after_bids`` cell of ``-`` (no card): no ``take``, ``discard`` or ``pass``
    line, as an empty ``widow`` cell is no widow (the native notation has no such line
    without cards, and PBN's reader drops an empty entry), so the game converts to PBN
    and back equal (found by the campaign on be74e32: an empty ``take`` after the bids)."""
    header = f"game,hand,dealer,seat,deal,bid,{columns}\n"
    path = tmp_path / "hands.csv"
    path.write_text(f"{header}1,3,S,W,TS 9S 6S KH 9H 8H 5H AD 9D 8D 4D TC 3C,2,{cells}\n")
    [game] = _games(path)
    assert not game.issues
    hand = game.hands[0]
    assert hand.widow_before_bid == hand.widow_after_bid == ()
    assert hand.passes_before_bid == hand.passes == ()
    assert parse_text("".join(format_pbn_games([game])), "back.pbn") == [game]
    assert parse_text("".join(format_games([game])), "back.spades") == [game]


def test_a_csv_table_with_blank_lines_before_its_header_reads_alike_in_any_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """polars skips the empty lines before a CSV header; the batches once took the first
    of them for the header, so a batch after the first read as no game."""
    from spadesctl.imports import load

    path = tmp_path / "hands.csv"
    rows = "".join(f"1,{n},W,{s},3\n" for n in (1, 2) for s in "NESW")
    path.write_text(f"\n\r\ngame,hand,dealer,seat,bid\n{rows}")
    whole = _games(path)
    assert [len(g.hands) for g in whole] == [2]
    monkeypatch.setattr(load, "BATCH_ROWS", 2)
    assert _games(path) == whole


def test_a_tag_cell_that_breaks_its_line_is_an_issue_not_a_tag(tmp_path: Path) -> None:
    """A games table's ``event`` holding line breaks (no notation's tag line can hold
    them): positioned, and the game converts to PBN and back equal."""
    path = tmp_path / "games.ndjson"
    path.write_text('{"game": 1, "event": "a\\n[North \\"Ann\\"]", "north": "Bo\\u2028"}\n')
    [game] = _games(path)
    assert game.tags == ()
    assert [i.message.rsplit(": ", 1)[-1] for i in game.issues] == [
        "the Event tag is one line",
        "the North tag is one line",
    ]
    assert parse_text("".join(format_pbn_games([game])), "back.pbn")[0].tags == game.tags


def test_a_nul_byte_in_a_cell_is_an_issue(tmp_path: Path) -> None:
    """A ``tags`` cell holding NUL bytes was read, and its PBN conversion was refused as
    no text: a cell is text as the readers of text files take it."""
    path = tmp_path / "games.csv"
    path.write_text('game,event,tags\n1,x\x00y,"[Event ""\x00z""]"\n')
    [game] = _games(path)
    assert game.tags == ()
    assert {i.message.rsplit(": ", 1)[-1] for i in game.issues} == {"a NUL byte is not text"}
    assert [i.pos.line for i in game.issues] == [2, 2]
    assert parse_text("".join(format_pbn_games([game])), "back.pbn")[0].tags == ()


def test_a_line_separator_in_a_tag_value_starts_no_comment() -> None:
    """The comments of a text were found in its lines as ``str.splitlines`` cuts them,
    so a U+2028 in a tag's value (a PBN ``GameOptionsJson`` converted) made the rest of
    the value a block comment and ``fmt`` not idempotent: lines end at ``\\n`` only, as
    the reader reads them."""
    from spadesctl.formatting import find_comments, with_comments

    text = '[Event "a\u2028{b} ; c"]\n'
    games = parse_text(text, "x.spades")
    assert [t.value for t in games[0].tags] == ["a\u2028{b} ; c"]
    assert find_comments(text) == []
    assert with_comments(games, text) == text


def test_a_trick_notation_exchange_with_no_card_is_an_issue_not_a_pass() -> None:
    """``X E>W:`` with no card read as a pass without cards, which ``fmt`` wrote as a
    ``pass`` line that does not read back (found by the campaign on 570acf2)."""
    from spadesctl.notation import games_from_stream

    text = (
        "% trick-notation v1\n"
        "D N:3.94.KJT974.AKQJ E:AKT4.QJ5.86.T543 S:Q875.AKT76.-.9876 W:J962.832.AQ532.2\n"
        "X E>W: \n"
    )
    [game] = games_from_stream(io.BytesIO(text.encode()), "x.tn")
    assert [i.message for i in game.issues] == ["X E>W: an exchange with no card"]
    assert all(not h.passes_before_bid and not h.passes for h in game.hands)
    again = parse_text("".join(format_games([game])), "again.spades")
    assert all(not g.issues for g in again)
