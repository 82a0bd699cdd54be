"""fmt never loses a word (#14): every comment stays with the line it was written on or
before, a block comment spanning lines stays one block, and formatting is idempotent."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.formatting import Comment, Outcome, find_comments, format_source
from spadesctl.generate import generate_games
from spadesctl.notation import format_games, games_from_stream
from spadesctl.rules import parse_rules

runner = CliRunner()

RECORD = """\
; scorekeeper: Ann
[Event "x"]  ; the Friday one
[North "A"] { who }

{ a block
  spanning lines }
hand 1 dealer N
bid N 3 E 4 ; first bids
bid S 2 W 4 { Bob showed
out of diamonds here }
trick 1 N 2c {low} 3C c4 5\u2663
; the end
"""

CANONICAL = """\
; scorekeeper: Ann
[Event "x"] ; the Friday one
[North "A"] { who }

{ a block
  spanning lines }
hand 1 dealer N
bid N 3 E 4 S 2 W 4 { Bob showed
out of diamonds here } ; first bids
trick 1 N 2C 3C 4C 5C {low}
; the end
"""


def test_every_comment_is_kept_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "a.spades"
    path.write_text(RECORD)
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == CANONICAL
    path.write_text(CANONICAL)
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0  # idempotent


def test_write_keeps_the_comments(tmp_path: Path) -> None:
    path = tmp_path / "a.spades"
    path.write_text(RECORD)
    assert runner.invoke(app, ["fmt", "--write", str(path)]).exit_code == 0
    assert path.read_text() == CANONICAL


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bid N 3 ; x\n", [Comment(1, "; x", False)]),
        ("; alone\n", [Comment(1, "; alone", True)]),
        ('[Event "a;b{c}"] ; real\n', [Comment(1, "; real", False)]),  # quoted: not comments
        ("{ one\n\n two }\n", [Comment(1, "{ one\n\n two }", True)]),
        ("bid N 3 { a\nb } ; c\n", [Comment(1, "{ a\nb } ; c", False)]),
        ("{ a\nb } trick 1 N 2C ; c\n", [Comment(1, "{ a\nb }", True), Comment(2, "; c", False)]),
        ("x {a} y {b}\n", [Comment(1, "{a}", False), Comment(1, "{b}", False)]),
    ],
)  # fmt: skip
def test_find_comments(text: str, expected: list[Comment]) -> None:
    assert find_comments(text) == expected


def _words(text: str) -> list[str]:
    return [w for c in find_comments(text) for w in c.text.split()]


notes = st.text(st.sampled_from("abc xyz;{}"), min_size=0, max_size=12).map(
    lambda t: t.replace("{", "(").replace("}", ")").replace(";", ",")
)
placements = st.lists(
    st.tuples(st.integers(0, 400), st.sampled_from(["line", "block", "alone", "span"]), notes),
    max_size=8,
)


def put_comments(text: str, comments: list[tuple[int, str, str]]) -> str:
    """``text`` with comments: ``(where, kind, note)``, ``where`` a line (modulo the
    lines), ``kind`` ``alone`` (a line of its own), ``span`` (a block over two lines),
    ``line`` or ``block`` (at the end of that line)."""
    lines = text.splitlines()
    for where, kind, note in sorted(comments, reverse=True):
        at = where % (len(lines) + 1)
        if kind == "alone":
            lines.insert(at, f"; {note}")
        elif kind == "span":
            lines.insert(at, f"{{ {note}\n{note} }}")
        elif at < len(lines) and lines[at]:
            lines[at] += f" ; {note}" if kind == "line" else f" {{{note}}}"
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), comments=placements)
def test_formatting_never_drops_a_word(seed: int, comments: list[tuple[int, str, str]]) -> None:
    """Generated games with comments put anywhere: fmt keeps every word of every
    comment, reads back to the same games, and a second fmt changes nothing."""
    games = list(generate_games(1, seed, parse_rules("standard")))
    text = put_comments("".join(format_games(games)), comments)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.spades"
        path.write_text(text)
        result = format_source(str(path))
        assert result.outcome in (Outcome.CHANGED, Outcome.CANONICAL), result.message
        assert sorted(_words(result.text)) == sorted(_words(text))
        again = list(games_from_stream(io.BytesIO(result.text.encode()), str(path)))
        assert again == games
        path.write_text(result.text)
        assert format_source(str(path)).outcome is Outcome.CANONICAL
