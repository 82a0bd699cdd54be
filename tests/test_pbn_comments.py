"""A PBN record's own ``;`` and ``{ ... }`` comments (#13): read into its game's
comments, so that ``convert --to spades`` keeps every word of them (before the game's
first line: PBN's positions are not the game's lines), and ``convert --to pbn`` says
once per file that it drops them; ``%`` lines are PBN's escapes, not comments."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.converting import dropped_comments
from spadesctl.formatting import Outcome, find_comments, format_source
from spadesctl.notation import games_from_stream
from spadesctl.pbn import parse_pbn_text
from spadesctl.pbn.parser import blank_comments, comment_pieces
from spadesctl.record_formats import RECORD_FORMATS

runner = CliRunner()

SAMPLE = Path(__file__).parent.parent / "samples" / "pbn" / "renege.ptn"


def commented(text: str) -> str:
    """The sample with comments on a tag line, a section line, alone, and a block
    spanning lines inside the Play section."""
    lines = text.splitlines()
    at = {i for i, line in enumerate(lines) if line.startswith("[Auction")}.pop()
    lines[at] += " ; who opened { not a block"
    lines[at + 1] += " {Bob thought long}"
    lines.insert(at + 2, "{ a block")
    lines.insert(at + 3, "  spanning lines } ; and after it")
    lines.insert(1, "; scorekeeper: Ann")
    return "\n".join(lines) + "\n"


EXPECTED = [
    "; scorekeeper: Ann",
    "; who opened { not a block",
    "{Bob thought long}",
    "{ a block\n  spanning lines } ; and after it",
]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("4 2 6 4 ; x", ["; x"]),
        ("{a} 4 {b}", ["{a}", "{b}"]),
        ("{a} {b} ; c", ["{a} {b} ; c"]),
        ('[Event "a;b{c}"] ; real', ["; real"]),
        ("4 2 6 4", []),
    ],
)
def test_comment_pieces(raw: str, expected: list[str]) -> None:
    assert comment_pieces(raw, blank_comments(raw, False)[0]) == expected


def test_a_block_s_next_line_is_kept_from_its_start() -> None:
    raw = "  spanning lines } 4 2"
    assert comment_pieces(raw, blank_comments(raw, True)[0], True) == ["  spanning lines }"]


def test_the_comments_are_read_into_the_game() -> None:
    [game] = parse_pbn_text(commented(SAMPLE.read_text()))
    assert [c.text for c in game.comments] == EXPECTED
    assert all(c.line == 1 and not c.inline for c in game.comments)
    [plain] = parse_pbn_text(SAMPLE.read_text())
    assert game == plain and plain.comments == ()  # % lines are not comments


def test_convert_to_spades_keeps_every_word(tmp_path: Path) -> None:
    source = tmp_path / "commented.ptn"
    source.write_text(commented(SAMPLE.read_text()))
    result = runner.invoke(app, ["convert", "--to", "spades", str(source)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    text = result.stdout
    assert [c.text for c in find_comments(text)] == EXPECTED
    [again] = games_from_stream(io.BytesIO(text.encode()), "x.spades")
    assert again == parse_pbn_text(SAMPLE.read_text())[0] and not again.issues
    native = tmp_path / "converted.spades"
    native.write_text(text)
    assert format_source(str(native)).outcome is Outcome.CANONICAL


@pytest.mark.parametrize("to", ["pbn", "trick-notation"])
def test_convert_to_a_format_without_comments_says_so(to: str, tmp_path: Path) -> None:
    source = tmp_path / "commented.ptn"
    source.write_text(commented(SAMPLE.read_text()))
    result = runner.invoke(app, ["convert", "--to", to, str(source)])
    assert result.exit_code == 0, result.output
    warning = dropped_comments(1, RECORD_FORMATS.get(to))
    assert result.stderr == f"spadesctl: warning: {source}: {warning}\n"
    plain = runner.invoke(app, ["convert", "--to", to, str(SAMPLE)])
    assert plain.exit_code == 0 and plain.stderr == ""


def test_a_block_never_closed_is_reported_not_kept(tmp_path: Path) -> None:
    source = tmp_path / "open.ptn"
    source.write_text(SAMPLE.read_text() + "{ never closed\n")
    [game] = parse_pbn_text(source.read_text())
    assert any("never closed" in i.message for i in game.issues)
    assert game.comments == ()
    result = runner.invoke(app, ["convert", "--to", "spades", str(source)])
    assert result.exit_code == 1 and "never closed" in result.stderr
    assert "never closed" not in result.stdout
