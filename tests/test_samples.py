"""The shipped samples parse, are canonical, and check finds exactly the planted mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl import load
from spadesctl.cli import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
NATIVE = sorted(SAMPLES.glob("*.spades"))
MISTAKES = sorted((SAMPLES / "mistakes").glob("*.spades"))
GOLDEN = Path(__file__).parent / "golden" / "check_samples.txt"
runner = CliRunner()


@pytest.mark.parametrize("path", NATIVE + MISTAKES, ids=lambda p: p.name)
def test_sample_parses_without_issues(path: Path) -> None:
    games = load(path)
    assert games
    for game in games:
        assert game.issues == ()
        assert game.hands
        assert game.result is not None


def test_the_samples_cover_what_the_readme_promises() -> None:
    names = {p.name for p in NATIVE}
    assert {"league-night.spades", "score-sheet.spades", "blind-nil.spades"} <= names
    assert {"cutthroat-three.spades", "two-player.spades"} <= names
    assert len(load(SAMPLES / "league-night.spades")) == 3
    [sheet] = load(SAMPLES / "score-sheet.spades")
    assert all(not h.tricks and h.took is not None for h in sheet.hands)
    [two] = load(SAMPLES / "two-player.spades")
    assert all(len(h.draws) == 26 for h in two.hands)
    [three] = load(SAMPLES / "cutthroat-three.spades")
    assert all(len(h.tricks) == 17 for h in three.hands)


def test_the_samples_are_canonical() -> None:
    result = runner.invoke(app, ["fmt", "--check", *map(str, NATIVE + MISTAKES)])
    assert result.exit_code == 0, result.stdout


def test_check_reports_exactly_the_planted_mistakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    paths = [str(p.relative_to(ROOT)) for p in NATIVE + MISTAKES]
    result = runner.invoke(app, ["check", "--jobs", "1", *paths])
    assert result.exit_code == 1
    assert result.stdout == GOLDEN.read_text()
