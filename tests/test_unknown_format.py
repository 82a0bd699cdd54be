"""A file that is none of the formats spadesctl reads gets one ``unknown-format`` at 1:1."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.checking import check_file
from spadesctl.cli import app
from spadesctl.unknown_format import FORMATS, LINES, is_unknown_format

runner = CliRunner()

SQL_DUMP = """\
-- MySQL dump 10.13
CREATE TABLE rounds (game_id INT, hand INT, dealer CHAR(1));
INSERT INTO rounds VALUES (1, 1, 'N');
INSERT INTO rounds VALUES (1, 2, 'E');
"""
SCORE_KEEPER = """\
Spades Score Keeper - Friday
Round 1: Us 61, Them -100
Round 2: Us 112, Them -30
Winner: Us
"""
SPREADSHEET = "game,hand,dealer,bid_n,bid_e\n1,1,N,3,4\n1,2,E,2,5\n"


@pytest.mark.parametrize("text", [SQL_DUMP, SCORE_KEEPER, SPREADSHEET])
def test_a_file_of_another_format_is_one_diagnostic_at_1_1(text: str, tmp_path: Path) -> None:
    path = tmp_path / "data.txt"
    path.write_text(text, encoding="utf-8")
    [d] = check_file(str(path)).diagnostics
    assert (d.name, d.code, d.line, d.column) == ("unknown-format", "SP006", 1, 1)
    for name in FORMATS:
        assert name in d.message


def test_check_exits_1_and_prints_one_line(tmp_path: Path) -> None:
    path = tmp_path / "dump.sql"
    path.write_text(SQL_DUMP * 1000, encoding="utf-8")  # nothing past the head is read
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout.count("\n") == 1 and "SP006 unknown-format" in result.stdout


def test_a_record_with_bad_lines_still_gets_one_error_a_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.spades"
    path.write_text("hand 1 dealer N\nfrobnicate\nwhatever\n", encoding="utf-8")
    names = [d.name for d in check_file(str(path)).diagnostics]
    assert names.count("syntax-error") == 2 and "unknown-format" not in names


def test_a_file_named_as_the_notation_gets_an_error_a_line(tmp_path: Path) -> None:
    path = tmp_path / "dump.spades"
    path.write_text(SQL_DUMP, encoding="utf-8")
    names = [d.name for d in check_file(str(path)).diagnostics]
    assert names == ["syntax-error"] * 4


def test_binary_data_is_left_to_the_reader() -> None:
    assert not is_unknown_format(b"\x00\x01\x02\xff")
    assert not is_unknown_format("caf\u00e9 au lait\n".encode("latin-1"))


def test_the_first_lines_decide() -> None:
    garbage = "".join(f"line {i} of something else\n" for i in range(LINES - 1))
    assert not is_unknown_format((garbage + "hand 1 dealer N\n").encode())
    assert is_unknown_format((garbage + "more\nhand 1 dealer N\n").encode())


@pytest.mark.parametrize(
    "text",
    ["", "\n\n  \n", "; only a comment\n{ and a\nblock comment }\n", '[Event "x"]\n'],
)
def test_blank_comment_and_native_heads_are_not_unknown(text: str) -> None:
    assert not is_unknown_format(text.encode())
