"""Checking in worker processes (spadesctl.check_pool): the same reports as one process.

Large files are split into batches of games; the tests split tiny files into tiny
batches, so that every way a file can end (a full batch, a partial one, no games, an
unreadable stretch) is exercised.
"""

from __future__ import annotations

import functools
import io
import os
from pathlib import Path

import pytest

from spadesctl.check_pool import check_in_processes
from spadesctl.check_run import check_jobs as choose_jobs
from spadesctl.checking import CheckOptions, check_file, join_parts
from spadesctl.generate import generate_games
from spadesctl.notation import format_game
from spadesctl.rules import parse_rules

ROOT = Path(__file__).resolve().parents[1]
MISTAKES = ROOT / "samples" / "mistakes"


@functools.cache
def _games(rules_text: str, count: int) -> tuple[str, ...]:
    rules = parse_rules(rules_text)
    return tuple(format_game(g) for g in generate_games(count, seed=11, rules=rules))


@pytest.fixture
def corpus(tmp_path: Path) -> list[str]:
    """Files of clean games (two rulesets), planted mistakes, a syntax error, an empty
    file, a file with NUL bytes after its games, and a PBN record."""
    clean = [*_games("standard", 5), *_games("cutthroat", 2)]
    mixed = tmp_path / "mixed.spades"
    mixed.write_text(
        "\n".join([clean[0], (MISTAKES / "renege.spades").read_text(), *clean[1:]])
        + '\n[Event "bad"]\nhand 1 dealer N\nfrobnicate\n'
    )
    (tmp_path / "empty.spades").write_text("")
    binary = tmp_path / "binary.spades"
    binary.write_bytes(("\n".join(clean[:3]) + "\n").encode() + b"\x00\x00\n")
    paths = [
        str(mixed),
        str(MISTAKES / "forgot-bag-penalty.spades"),
        str(tmp_path / "empty.spades"),
        str(binary),
        str(ROOT / "samples" / "pbn" / "renege.ptn"),
        str(tmp_path / "missing.spades"),
    ]
    return paths


@pytest.mark.parametrize("batch_games", [1, 2, 3, 100])
def test_split_files_give_the_reports_of_one_process(corpus: list[str], batch_games: int) -> None:
    options = CheckOptions()
    serial = [check_file(p, options) for p in corpus]
    parallel = list(
        join_parts(check_in_processes(corpus, options, 2, split_bytes=0, batch_games=batch_games))
    )
    assert parallel == serial
    assert [r.file for r in parallel] == corpus
    names = {d.name for r in serial for d in r.diagnostics}
    assert {"renege", "syntax-error", "io-error", "score-mismatch"} <= names


def test_whole_files_give_the_reports_of_one_process(corpus: list[str]) -> None:
    options = CheckOptions(rules="standard nil=50")
    serial = [check_file(p, options) for p in corpus]
    assert list(join_parts(check_in_processes(corpus, options, 2))) == serial


def test_a_bad_rules_option_is_reported_once_per_file(corpus: list[str]) -> None:
    options = CheckOptions(rules="nonsense")
    serial = [check_file(p, options) for p in corpus]
    parallel = list(
        join_parts(check_in_processes(corpus, options, 2, split_bytes=0, batch_games=2))
    )
    assert parallel == serial
    assert all(
        sum(d.name == "invalid-rules" for d in r.diagnostics) == 1
        for r in parallel
        if not r.file.endswith("missing.spades")
    )


def test_choose_jobs_lets_one_large_file_use_every_core(tmp_path: Path) -> None:
    big = tmp_path / "big.spades"
    with big.open("wb") as out:
        out.truncate(5 * 1024 * 1024)
    small = tmp_path / "small.spades"
    small.write_text("x\n")
    assert choose_jobs(4, [str(big)]) == 4
    assert choose_jobs(0, [str(big)]) == (os.cpu_count() or 1)
    assert choose_jobs(4, [str(small)]) == 1


def test_standard_input_is_read_here(corpus: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = (MISTAKES / "renege.spades").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    options = CheckOptions()
    (stdin, first) = join_parts(check_in_processes(["-", corpus[0]], options, 2))
    assert stdin.file == "-"
    assert "renege" in [d.name for d in stdin.diagnostics]
    assert first == check_file(corpus[0], options)
