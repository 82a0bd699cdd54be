"""fmt a game at a time (issue #18: memory bounded by the largest game, not the file)
gives the very bytes the whole-file formatting gave: the canonical text, the outcome and
the unified diff, on every sample and on generated multi-game files with comments."""

from __future__ import annotations

import difflib
import io
import random
import re
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl import diffing
from spadesctl.diagnostics import Diagnostic
from spadesctl.diffing import UnifiedDiff
from spadesctl.formatting import Mode, Outcome, format_file, format_source, with_comments
from spadesctl.generate import generate_games
from spadesctl.notation import format_game, format_games, games_from_stream
from spadesctl.notation.encoding import UTF16_BOMS, utf8_stream
from spadesctl.notation.writer import needs_separator
from spadesctl.rules import parse_rules
from tests.test_fmt_comments import placements, put_comments

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def whole_file(path: Path) -> tuple[Outcome, str, str, tuple[Diagnostic, ...]]:
    """The formatting of the whole file at once, as fmt did it before #18: every game
    held, the canonical text read back whole, difflib over the two whole texts."""
    data = path.read_bytes()
    utf8 = not data.startswith(UTF16_BOMS)
    if not utf8:
        data = utf8_stream(io.BytesIO(data)).read()
    games = list(games_from_stream(io.BytesIO(data), str(path)))
    original = data.decode("utf-8", "replace")
    problems = tuple(Diagnostic.from_issue(i, g.source, g.index) for g in games for i in g.issues)
    if problems:
        return Outcome.HAS_ERRORS, "", "", problems
    text = with_comments(games, original)
    again = list(games_from_stream(io.BytesIO(text.encode()), str(path)))
    assert again == games and not any(g.issues for g in again)
    outcome = Outcome.CANONICAL if text == original and utf8 else Outcome.CHANGED
    diff = difflib.unified_diff(
        _lines(original),
        _lines(text),
        fromfile=str(path),
        tofile=f"{path} (formatted)",
    )
    shown = "".join(line if line.endswith("\n") else line + "\n" for line in diff)
    return outcome, text, shown if outcome is Outcome.CHANGED else "", problems


def _lines(text: str) -> list[str]:
    """``text``'s lines, each with its ending, broken at ``\n`` only (as ``patch`` reads
    a diff and the notation's reader ends a line)."""
    return re.findall(r"[^\n]*\n|[^\n]+\Z", text)


def assert_same(path: Path, *, exact_diff: bool = True) -> None:
    """The streamed formatting of ``path`` is the whole file's; its diff too, or (when
    a change crosses from one game to the next, or difflib chooses which of several
    equal lines to keep by text of another game: ``exact_diff`` false) a diff that
    turns the file into its canonical text with as many lines taken and added."""
    outcome, text, diff, problems = whole_file(path)
    result = format_source(str(path))
    assert result.outcome is outcome, result.message
    assert result.problems == problems
    assert result.text == text
    if exact_diff:
        assert result.diff() == diff
    elif outcome is Outcome.CHANGED:
        original = _lines(path.read_bytes().decode())
        assert _patched(original, result.diff()) == _lines(text)
        assert _changes(result.diff()) == _changes(diff)
    for mode, expected in ((Mode.PRINT, text or path.read_text()), (Mode.DIFF, result.diff())):
        out = io.StringIO()
        assert format_file(str(path), mode, out).outcome is outcome
        if outcome is not Outcome.HAS_ERRORS:
            assert out.getvalue() == expected


NATIVE_SAMPLES = sorted(p for p in SAMPLES.rglob("*.spades"))


@pytest.mark.parametrize("path", NATIVE_SAMPLES, ids=lambda p: p.name)
def test_samples_format_as_the_whole_file_did(path: Path) -> None:
    assert_same(path)


def messy(text: str, rng: random.Random, *, blanks: bool = True) -> str:
    """``text`` written as people write it: lower-case cards, extra blanks, a bid line
    split in two, blank lines added or taken away (unless not ``blanks``)."""
    out: list[str] = []
    for line in text.splitlines():
        roll = rng.random()
        if line.startswith("trick") and roll < 0.3:  # trick N SEAT cards: the cards lower
            words = line.split()
            line = "  ".join([*words[:3], *(w.lower() for w in words[3:])])
        elif line.startswith("bid ") and roll < 0.5 and len(line.split()) == 9:
            words = line.split()
            out.append(" ".join(words[:5]))
            line = "bid " + " ".join(words[5:])
        elif blanks and not line and roll < 0.2:
            continue
        elif blanks and roll < 0.05:
            out.append("")
        out.append(line)
    return "\n".join(out) + "\n"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    count=st.integers(1, 5),
    comments=placements,
    untagged=st.lists(st.booleans(), max_size=5),
    mess=st.booleans(),
    blanks=st.booleans(),
)
def test_multi_game_files_format_as_the_whole_file_did(
    seed: int,
    count: int,
    comments: list[tuple[int, str, str]],
    untagged: list[bool],
    mess: bool,
    blanks: bool,
) -> None:
    """Generated files of several games (some without tags, so that the separator line
    is needed), messy or canonical, with comments anywhere (between games too)."""
    games = list(generate_games(count, seed, parse_rules("standard")))
    games = [
        type(g)(tags=(), hands=g.hands, result=g.result) if i < len(untagged) and untagged[i] else g
        for i, g in enumerate(games)
    ]
    text = "".join(format_games(games))
    if mess:
        text = messy(text, random.Random(seed), blanks=blanks)
    text = put_comments(text, comments)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.spades"
        path.write_text(text)
        # blank lines taken or added: difflib may keep another of two equal blank lines
        assert_same(path, exact_diff=not (mess and blanks))
        assert format_source(str(path)).outcome is not Outcome.HAS_ERRORS


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "; only a comment\n{ and a block\n}\n",
        '[Event "a"]\nhand 1 dealer N\n; after a\n[NewGame]\n; in the gap\n[NewGame]\n'
        "hand 1 dealer E\n; the end\n",
        '\ufeff[Event "a"]\nhand 1 dealer N\n',
        '[Event "a"]\r\nhand 1 dealer N\r\n',
        '[Event "a"]\nhand 1 dealer N\nbid N 3 E 4\nbid S 2 W 4\n',
        '[Event "a"]\nhand 1 dealer N\nbid N 3 E x\n[Event "b"]\nhand 1 dealer Q\n',
    ],
)
def test_edge_files_format_as_the_whole_file_did(tmp_path: Path, text: str) -> None:
    path = tmp_path / "edge.spades"
    path.write_bytes(text.encode())
    assert_same(path)


def test_a_change_across_two_games_gives_a_diff_that_applies(tmp_path: Path) -> None:
    """A block comment that ends on the next game's first line: the hunks are cut where
    that game begins (difflib's whole diff joins them), and the diff still applies."""
    path = tmp_path / "edge.spades"
    path.write_text(
        '[Event "a"]\nhand 1 dealer N\n{ a block\nthat ends } [Event "b"]\nhand 1 dealer N\n'
    )
    assert_same(path, exact_diff=False)


#: The characters :meth:`str.splitlines` breaks at besides ``\n``: a record may hold
#: them inside a line (a tag value), where a diff must keep them.
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


@pytest.mark.parametrize("char", list(_OTHER_BREAKS), ids=lambda c: f"U+{ord(c):04X}")
def test_a_line_break_inside_a_tag_value_stays_inside_its_line_of_the_diff(
    tmp_path: Path, char: str
) -> None:
    """``fmt --diff`` breaks lines at ``\n`` only: a U+2028 (or a lone ``\r``...) inside
    a tag value, which the reader keeps in its line, stays in the diff's line, so the
    diff applies (it once split the line in two and added a newline: ``patch`` failed)."""
    path = tmp_path / "breaks.spades"
    path.write_bytes(f'[Event "a{char}b"]\n[North  "Ann"]\n\nhand 1 dealer N\n'.encode())
    assert_same(path)
    result = format_source(str(path))
    assert result.outcome is Outcome.CHANGED
    assert f' [Event "a{char}b"]\n' in _lines(result.diff())
    assert "".join(_patched(_lines(path.read_bytes().decode()), result.diff())) == result.text


def test_a_utf16_file_formats_as_the_whole_file_did(tmp_path: Path) -> None:
    path = tmp_path / "wide.spades"
    path.write_bytes('[Event "a"]\nhand 1 dealer N\n'.encode("utf-16"))
    assert_same(path)


def _unified(a: list[str], b: list[str]) -> str:
    lines = difflib.unified_diff(a, b, fromfile="x", tofile="y")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(
        st.tuples(
            st.lists(st.sampled_from("abcdef"), max_size=12),
            st.lists(st.sampled_from("abcdef"), max_size=12),
        ),
        max_size=6,
    )
)
def test_the_streamed_diff_is_difflibs_when_changes_stay_in_their_pieces(
    pieces: list[tuple[list[str], list[str]]],
) -> None:
    """Pieces whose changes stay within them (every piece but a changed one is equal on
    both sides, and pieces are cut at equal lines): the streamed diff is difflib's whole
    diff byte for byte; any pieces: it is a diff that turns one text into the other."""
    for most in (diffing.MOST_HELD, 4):  # a hunk held whole, and one written in parts
        out: list[str] = []
        with mock.patch.object(diffing, "MOST_HELD", most):
            differ = UnifiedDiff(out.append, "x", "y")
            a_all: list[str] = []
            b_all: list[str] = []
            for a, b in pieces:
                a_lines = [c + "\n" for c in a]
                b_lines = [c + "\n" for c in b]
                differ.add(a_lines, b_lines)
                a_all += a_lines
                b_all += b_lines
            differ.close()
        assert _patched(a_all, "".join(out)) == b_all


def test_the_streamed_diff_equals_difflibs_on_separate_changes() -> None:
    """Pieces each holding a change between equal lines (at least one after it), with
    hunks close enough across pieces to be joined: difflib's whole diff, byte for byte."""
    rng = random.Random(7)
    lines = (f"{n}\n" for n in range(10**9))
    for _ in range(300):
        out: list[str] = []
        differ = UnifiedDiff(out.append, "x", "y")
        a_all: list[str] = []
        b_all: list[str] = []
        for _ in range(rng.randrange(1, 6)):
            same = [next(lines) for _ in range(rng.randrange(0, 9))]
            a = [next(lines) for _ in range(rng.randrange(0, 3))]
            b = [next(lines) for _ in range(rng.randrange(0, 3))]
            tail = [next(lines) for _ in range(rng.randrange(1, 9))]
            differ.add(same + a + tail, same + b + tail)
            a_all += same + a + tail
            b_all += same + b + tail
        differ.close()
        assert "".join(out) == _unified(a_all, b_all)


def _changes(diff: str) -> tuple[int, int]:
    """The lines a diff takes away and adds."""
    lines = diff.splitlines()[2:]
    return sum(x.startswith("-") for x in lines), sum(x.startswith("+") for x in lines)


def _patched(a: list[str], diff: str) -> list[str]:
    """``a`` with a unified diff applied (hunks in order, their context checked)."""
    out: list[str] = []
    at = 0
    lines = _lines(diff)[2:]
    for line in lines:
        if line.startswith("@@"):
            start = int(line.split()[1][1:].split(",")[0])
            length = line.split()[1][1:].split(",")
            begin = start - 1 if len(length) == 1 or length[1] != "0" else start
            out += a[at:begin]
            at = begin
        elif line.startswith(" "):
            assert a[at] == line[1:]
            out.append(line[1:])
            at += 1
        elif line.startswith("-"):
            assert a[at] == line[1:]
            at += 1
        else:
            out.append(line[1:])
    return out + a[at:]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), untagged=st.lists(st.booleans(), min_size=1, max_size=4))
def test_games_without_comments_are_written_as_format_game_writes_each(
    seed: int, untagged: list[bool]
) -> None:
    """``format_games`` cut into parts (``game_parts``) writes each game as
    ``format_game`` does, the separator line where the reader needs it."""
    games = [
        type(g)(tags=(), hands=g.hands, result=g.result) if bare else g
        for g, bare in zip(
            generate_games(len(untagged), seed, parse_rules("standard")), untagged, strict=True
        )
    ]
    expected = "\n".join(
        format_game(g, separated=needs_separator(games[i - 1] if i else None, g))
        for i, g in enumerate(games)
    )
    assert "".join(format_games(games)) == expected


def test_write_rewrites_a_multi_game_file_atomically(tmp_path: Path) -> None:
    """``fmt --write`` of a file of many games: the canonical text, renamed into place
    (its mode kept), no temporary file left; a file whose last game has an error is
    left byte for byte as it was."""
    games = list(generate_games(6, 3, parse_rules("standard")))
    text = messy("".join(format_games(games)), random.Random(3))
    path = tmp_path / "league.spades"
    path.write_text(text)
    path.chmod(0o640)
    expected = format_source(str(path)).text
    assert expected != text
    assert format_file(str(path), Mode.WRITE).outcome is Outcome.CHANGED
    assert path.read_text() == expected and path.stat().st_mode & 0o777 == 0o640
    assert format_file(str(path), Mode.WRITE).outcome is Outcome.CANONICAL
    broken = text + "hand 1 dealer Q\n"
    path.write_text(broken)
    assert format_file(str(path), Mode.WRITE).outcome is Outcome.HAS_ERRORS
    assert path.read_text() == broken
    assert sorted(p.name for p in tmp_path.iterdir()) == ["league.spades"]
