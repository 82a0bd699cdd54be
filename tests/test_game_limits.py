"""One set of limits for every format, and a game's size bounded whatever the input.

Issue #18, defects 2 and 6: PBN accepted hand numbers above the notation's 99 (which the
native notation then refused after conversion), and one hostile game block of 100,000
hands grew to 1.4 GB.  A game now holds at most 99 hands (and a bounded number of lines
and characters) in every reader: past that, one issue and the rest of the game is left
out, while every diagnostic of the hands before it stays exactly as it was.
"""

from __future__ import annotations

import io

import pytest

from spadesctl.checking import game_diagnostics
from spadesctl.core.limits import MAX_HANDS
from spadesctl.diagnostics import MISPLACED_LINE, SYNTAX_ERROR, Diagnostic
from spadesctl.notation import format_games, parse_text, reader
from spadesctl.notation.reader import split_games
from spadesctl.pbn import format_pbn_games
from spadesctl.record import GAME_CUT, Game

SEATS = "NESW"


def native_block(hands: int, numbering: str = "cycle") -> str:
    """One game of ``hands`` hands of a bid line and a took line (benchmarks' block)."""
    lines = ['[Rules "standard"]', ""]
    for count in range(1, hands + 1):
        number = count if numbering == "up" else (count - 1) % MAX_HANDS + 1
        lines += [f"hand {number} dealer {SEATS[(count - 1) % 4]}", "bid E 3 S 3 W 3 N 4"]
        lines += ["took NS 7 EW 6", ""]
    return "\n".join(lines)


def pbn_block(records: int) -> str:
    out = ["% PBN"]
    for board in range(1, records + 1):
        out += [f'[Event "x"]\n[Board "{board}"]\n[Dealer "N"]\n[Auction "E"]\n3 3 3 4\n']
    return "\n".join(out)


def diagnostics(text: str, name: str = "-") -> list[Diagnostic]:
    return [d for game in parse_text(text, name) for d in game_diagnostics(game)]


@pytest.mark.parametrize("numbering", ["up", "cycle"])
def test_a_game_past_99_hands_keeps_the_diagnostics_of_its_first_99(numbering: str) -> None:
    found = diagnostics(native_block(150, numbering))
    whole = diagnostics(native_block(MAX_HANDS, numbering))
    cut = found[-1]
    assert found[:-1] == whole  # before the fix: hundreds more (hands 100 to 150)
    assert cut.name == "misplaced-line"
    assert cut.message == f"hand line 100: a game has at most 99 hands; {GAME_CUT}"
    assert cut.line == 2 + 4 * MAX_HANDS + 1


def test_the_game_after_a_cut_game_is_read_as_usual() -> None:
    second = '[Event "next"]\n\nhand 1 dealer N\nbid E 3 S 3 W 3 N 4\ntook NS 7 EW 6\n'
    games = parse_text(native_block(120) + "\n" + second)
    assert [len(g.hands) for g in games] == [MAX_HANDS, 1]
    assert games[1].tag("Event") == "next"
    assert games[1].issues == ()


def test_a_game_of_too_many_lines_is_cut_as_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_GAME_LINES", 50)
    text = "hand 1 dealer N\n" + "bid E 3\n" * 1000 + '[Event "next"]\nhand 1 dealer N\n'
    first, second = split_games(io.BytesIO(text.encode()))
    assert len(first.lines) == 50
    [issue] = first.issues
    assert (issue.pos.line, issue.kind) == (51, MISPLACED_LINE)
    assert issue.message.endswith(GAME_CUT)
    assert second.lines == ('[Event "next"]', "hand 1 dealer N")


def test_a_game_of_too_many_characters_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_GAME_CHARS", 1000)
    monkeypatch.setattr(reader, "BLOCK", 256)  # the characters are counted at each block
    text = "hand 1 dealer N\n" + ("; " + "x" * 98 + "\n") * 100
    [game] = split_games(io.BytesIO(text.encode()))
    assert sum(map(len, game.lines)) <= 1000 + 256
    assert [i.message.endswith(GAME_CUT) for i in game.issues] == [True]


def test_a_pbn_board_above_99_is_a_syntax_error() -> None:
    text = '% PBN\n[Event "x"]\n[Board "150"]\n[Dealer "N"]\n[Auction "E"]\n3 3 3 4\n'
    [game] = parse_text(text, "board.pbn")
    [issue] = game.issues
    assert issue.kind == SYNTAX_ERROR
    assert issue.message == "Board must be a hand number up to 99, not '150'"
    assert [h.number for h in game.hands] == [1]


def test_a_pbn_board_0_is_read_as_the_native_hand_0() -> None:
    # the native notation reads 'hand 0' (the replay reports its number); PBN refused it,
    # and a converted game came back with another number (found by the fuzz campaign)
    [game] = parse_text("hand 1 dealer E\nhand 0 dealer N\n")
    [again] = parse_text("".join(format_pbn_games([game])), "zero.pbn")
    assert again == game


def test_a_pbn_game_of_more_than_99_records_is_cut_and_converts() -> None:
    [game] = parse_text(pbn_block(150), "many.pbn")
    assert [h.number for h in game.hands] == list(range(1, MAX_HANDS + 1))
    [cut] = [i for i in game.issues if i.kind == MISPLACED_LINE]
    assert cut.message == f"deal record 100 (hand 100): a game has at most 99 hands; {GAME_CUT}"
    # before the fix the conversion wrote 'hand 100' to 'hand 150', which the native
    # notation refuses
    [again] = parse_text("".join(format_games([game])))
    assert again.issues == ()
    assert again == Game(game.tags, game.hands, game.result)
