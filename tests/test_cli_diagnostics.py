"""How ``check`` reports: warnings marked in text, the party a diagnostic is about, rulings
that cover a renege, every bad key of a Rules tag."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from spadesctl.cli import app

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


# -- warnings are marked in text output ---------------------------------------------------


def test_warnings_are_marked_after_code_and_name_errors_are_not() -> None:
    path = str(SAMPLES / "pbn" / "jokers-partial-play.pbn")
    text = runner.invoke(app, ["check", path]).stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in text] == [
        "SP005 unknown-option: warning: GameOptionsJson variation=1: spadesctl does not know "
        "what this value means; it is ignored",
        "SP005 unknown-option: warning: GameOptionsJson autoPlay=true: spadesctl does not know "
        "this option; it is ignored",
        "SP309 incomplete-hand: hand 1 has only 7 of its 13 tricks, and no claim or took line",
        "SP311 wrong-card-count: trick 7 has 2 cards; 4 players play one card each",
    ]
    found = json.loads(runner.invoke(app, ["check", path, "--format", "json"]).stdout)
    assert found[0]["severity"] == "warning"
    assert found[0]["message"].startswith("GameOptionsJson variation=1:")  # no marker in JSON
