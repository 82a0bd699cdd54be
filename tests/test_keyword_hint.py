"""A misspelt keyword (issue 14: ``Hand 1`` gave an unknown line and a misplaced line for
every line of the hand after it) is one syntax error that names the keyword meant, and
the line is read on as that keyword's line."""

from __future__ import annotations

import pytest

from spadesctl.diagnostics import SYNTAX_ERROR
from spadesctl.events import HandStart, SyntaxIssue, Trick
from spadesctl.notation import parse_text
from spadesctl.notation.parser import parse_lines


@pytest.mark.parametrize(
    ("line", "meant", "event"),
    [
        ("Hand 1 dealer N", "hand", HandStart),
        ("HAND 1 dealer N", "hand", HandStart),
        ("tirck 1 N AS KS QS JS", "trick", Trick),
    ],
)
def test_a_misspelt_keyword_is_named_and_the_line_read_on(
    line: str, meant: str, event: type
) -> None:
    issue, read = parse_lines([line])
    assert isinstance(issue, SyntaxIssue) and issue.kind is SYNTAX_ERROR
    word = line.split()[0]
    assert issue.message == (
        f"unknown line {word!r}; did you mean {meant!r}? (the line is read as {meant!r})"
    )
    assert isinstance(read, event)
    assert parse_lines([line], fast=False) == [issue, read]  # the grammar alone agrees


def test_an_unknown_word_that_is_no_keyword_is_only_reported() -> None:
    [issue] = parse_lines(["hello 1 dealer N"])
    assert isinstance(issue, SyntaxIssue)
    assert "did you mean" not in issue.message


def test_the_hand_after_a_misspelt_hand_line_is_not_misplaced() -> None:
    [game] = parse_text('[Event "x"]\n\nHand 1 dealer N\nbid E 3 S 3 W 3 N 3\n')
    assert [h.number for h in game.hands] == [1]
    assert [i.kind.name for i in game.issues] == ["syntax-error"]
    assert len(game.hands[0].bids) == 4
