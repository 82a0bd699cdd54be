"""``check`` streams (issue 18): each diagnostic is yielded as soon as its game is
checked, in the order of a local run, with ``--jobs`` and the file warnings alike, and
the parts joined are the reports files gave when they were held whole."""

from __future__ import annotations

from collections.abc import Sequence
from heapq import merge
from pathlib import Path

import pytest

from spadesctl.check_run import CheckRequest, CheckSummary, check_paths, check_stream
from spadesctl.checking import CheckOptions, FileReport, check_file, check_parts
from spadesctl.diagnostics import Diagnostic
from spadesctl.file_warnings import RepeatedGames, no_games
from spadesctl.generate import generate_games
from spadesctl.notation import format_game
from spadesctl.rules.parse import parse_rules
from spadesctl.selection import Selection
from spadesctl.sources import expand_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MISTAKES = SAMPLES / "mistakes"


def _games(count: int, seed: int = 3) -> list[str]:
    return [format_game(g) for g in generate_games(count, seed=seed, rules=parse_rules("standard"))]


def _held_whole(files: Sequence[str], options: CheckOptions) -> list[FileReport]:
    """The reports as check_paths made them before it streamed: each file checked whole,
    then its warnings merged in by line (``no-games`` first, when the file said
    nothing): the oracle the stream must match."""
    repeats = RepeatedGames()
    out = []
    for path in files:
        report = check_file(path, options)
        found = repeats.warnings(path, report.fingerprints)
        if not report.diagnostics:
            empty = no_games(path, report.games, report.hands)
            if empty is not None:
                found.insert(0, empty)
        both = tuple(merge(report.diagnostics, found, key=lambda d: (d.line, d.column)))
        out.append(FileReport(path, both, report.games, report.hands))
    return out


@pytest.fixture
def corpus(tmp_path: Path) -> list[str]:
    """Files of clean games, mistakes between them, games recorded twice (in a file and
    across files), an empty file, a file of comments, a file that is not there."""
    clean = _games(6)
    renege = (MISTAKES / "renege.spades").read_text()
    (tmp_path / "a.spades").write_text("\n".join([clean[0], renege, clean[1], clean[0]]))
    (tmp_path / "b.spades").write_text("\n".join([clean[1], renege, *clean[2:], renege]))
    (tmp_path / "empty.spades").write_text("")
    (tmp_path / "notes.spades").write_text("% nothing here\n\n")
    return [
        *(str(tmp_path / name) for name in ("a.spades", "b.spades", "empty.spades")),
        str(tmp_path / "notes.spades"),
        *expand_paths([str(SAMPLES)]),
        str(tmp_path / "missing.spades"),
    ]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("options", [CheckOptions(), CheckOptions(express=False)])
def test_the_parts_joined_are_the_reports_held_whole(
    corpus: list[str], jobs: int, options: CheckOptions
) -> None:
    request = CheckRequest(tuple(corpus), options, jobs=jobs)
    assert list(check_paths(request)) == _held_whole(corpus, options)


def test_a_bad_rules_option_comes_first_and_counts_once(corpus: list[str]) -> None:
    options = CheckOptions(rules="bogus")
    files = corpus[:3]
    assert list(check_paths(CheckRequest(tuple(files), options))) == _held_whole(files, options)


def test_each_game_is_a_part_of_its_own(tmp_path: Path) -> None:
    """A file of many faulty games is yielded a game at a time: the stream holds no
    more than a game's diagnostics, and the first comes before the last game is read."""
    renege = (MISTAKES / "renege.spades").read_text()
    record = tmp_path / "many.spades"
    record.write_text("\n".join([renege] * 30))
    told: list[int] = []
    parts = check_parts(str(record), CheckOptions(), told.append)
    first = next(parts)
    assert first.games == 1 and first.diagnostics
    assert len(told) == 0  # told after the game's part is taken
    rest = list(parts)
    assert len(rest) == 29 and all(p.games == 1 for p in rest)
    assert {p.diagnostics[0].game for p in rest} == set(range(2, 31))
    assert len(told) == 30


def test_the_summary_counts_parts_as_files(corpus: list[str]) -> None:
    whole, parted = CheckSummary(), CheckSummary()
    for report in _held_whole(corpus, CheckOptions()):
        whole.add(report)
    request = CheckRequest(tuple(corpus))
    parts = list(check_stream(request, parted))
    assert sum(last for _, last in parts) == len(corpus)
    assert len(parts) > 2 * len(corpus)  # games came one at a time
    assert parted == whole
    assert parted.line() == whole.line()


def test_with_jobs_the_parts_are_tasks_in_order(tmp_path: Path) -> None:
    """``--jobs``: a part per worker task (a small file, or a batch of a large one's
    games), in the order of a local run; the diagnostics are the same."""
    renege = (MISTAKES / "renege.spades").read_text()
    files = []
    for i in range(4):
        path = tmp_path / f"f{i}.spades"
        path.write_text("\n".join([renege, *_games(2, seed=i), renege]))
        files.append(str(path))
    local = list(check_stream(CheckRequest(tuple(files), jobs=1)))
    pooled = list(check_stream(CheckRequest(tuple(files), jobs=2)))
    assert len(pooled) == len(files)  # each file one task

    def diagnostics(parts: list[tuple[FileReport, bool]]) -> list[Diagnostic]:
        return [d for part, _ in parts for d in part.diagnostics]

    assert diagnostics(pooled) == diagnostics(local)
    assert [last for _, last in pooled] == [True] * len(files)


def test_a_duplicate_is_reported_with_its_game(tmp_path: Path) -> None:
    """The duplicate-game warning is known when its game is checked, and comes in that
    game's part; no-games, known only at the end of a file, comes in its last part."""
    clean = _games(2)
    record = tmp_path / "twice.spades"
    record.write_text("\n".join([clean[0], clean[1], clean[0], clean[1]]))
    empty = tmp_path / "empty.spades"
    empty.write_text("")
    parts = list(check_stream(CheckRequest((str(record), str(empty)))))
    names = [[d.name for d in part.diagnostics] for part, _ in parts]
    assert names == [[], [], ["duplicate-game"], ["duplicate-game"], [], ["no-games"]]
    assert [last for _, last in parts] == [False] * 4 + [True, True]


def test_an_unreadable_stretch_comes_after_the_games_read_before_it(tmp_path: Path) -> None:
    """A file that cannot be read further (NUL bytes) ends with its io-error, after the
    diagnostics and warnings of the games read before it (when the reports were held
    whole, a warning after the file's last diagnostic came after the io-error, which is
    at 1:1 and was merged by line)."""
    clean = _games(2)
    record = tmp_path / "cut.spades"
    text = "\n".join([clean[0], clean[0], clean[1]]) + "\n"
    record.write_bytes(text.encode() + b"\x00\n")  # the game the NUL line is in is lost
    (report,) = check_paths(CheckRequest((str(record),)))
    assert [d.name for d in report.diagnostics] == ["duplicate-game", "io-error"]
    (held,) = _held_whole([str(record)], CheckOptions())
    assert [d.name for d in held.diagnostics] == ["io-error", "duplicate-game"]


def test_a_selection_applies_to_the_parts(corpus: list[str]) -> None:
    selection = Selection.of(["duplicate-game", "no-games"], [])
    request = CheckRequest(tuple(corpus), selection=selection)
    shown = [d.name for part, _ in check_stream(request) for d in part.diagnostics]
    expected = [
        d.name
        for report in _held_whole(corpus, CheckOptions())
        for d in report.diagnostics
        if d.name in selection.names
    ]
    assert shown == expected and "duplicate-game" in shown and "no-games" in shown
