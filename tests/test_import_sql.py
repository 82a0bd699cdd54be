"""docs/import.md's worked example: its SQL, run with sqlite3 on the server tables of
samples/import/server.sql, makes exactly the shipped import tables, and they read as the
game the engine played, with the figures the docs give."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from spadesctl import check
from spadesctl.cards import Side
from spadesctl.notation import format_game, iter_games
from spadesctl.referee import referee_game
from spadesctl.rules import PRESETS
from spadesctl.sources import expand_paths

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "import"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "import_sample", ROOT / "samples" / "tools" / "import_sample.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["import_sample"] = module
    spec.loader.exec_module(module)
    return module


def test_the_docs_hold_both_queries(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert sorted(tool.queries()) == ["cards.csv", "hands.csv"]


def test_server_sql_is_the_engine_s_game(tool: ModuleType) -> None:
    assert (SAMPLE / "server.sql").read_text() == tool.server_sql(tool.sample_game())


def test_the_queries_make_the_sample(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    made = tool.tables((SAMPLE / "server.sql").read_text())
    for name, text in made.items():
        assert (SAMPLE / name).read_text() == text


def test_the_sample_reads_as_the_game_played(tool: ModuleType) -> None:
    [lead] = expand_paths([str(SAMPLE)])
    assert Path(lead).name == "hands.csv"
    [game] = iter_games(lead)
    played = tool.sample_game()
    assert not game.issues
    assert [h.bids for h in game.hands] == [h.bids for h in played.hands]
    assert [h.tricks for h in game.hands] == [h.tricks for h in played.hands]
    assert [h.score for h in game.hands] == [h.score for h in played.hands]
    assert all(h.deal is None for h in game.hands)  # the server keeps no deal: rebuilt
    assert "\ndeal " not in format_game(game)
    assert list(check(SAMPLE)) == []


def test_the_figures_of_the_docs(tool: ModuleType) -> None:
    [game] = iter_games(expand_paths([str(SAMPLE)])[0])
    refereed = referee_game(game, PRESETS["standard"])
    points = []
    for hand in refereed.hands:
        assert hand.score is not None
        points.append(tuple(hand.score.result(side).points for side in hand.score.after.scores))
    assert points == [(32, 71), (31, 63), (31, -164)]
    assert dict(refereed.standing.scores) == {Side.NS: 94, Side.EW: -30}
    docs = (ROOT / "docs" / "import.md").read_text()
    minus = "\N{MINUS SIGN}"
    for figure in ("+32", "+71", "+31", "+63", f"= {minus}164", f"94, {minus}30"):
        assert figure in docs
