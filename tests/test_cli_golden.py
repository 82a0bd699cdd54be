"""Golden outputs of the commands whose text no other test pins down: the presets list,
a PBN record converted, a small statistics table, and a usage error.

Regenerate after a deliberate change with ``SPADESCTL_UPDATE_GOLDEN=1 pytest
tests/test_cli_golden.py`` and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parent.parent
runner = CliRunner()

CASES = {
    "rules_presets.txt": (["rules"], 0),
    "convert_auction_only.spades": (
        ["convert", "--to", "spades", "samples/pbn/auction-only.pbn"],
        0,
    ),
    "stats_seat_mistakes.txt": (
        ["stats", "--by", "seat", "--columns", "games,wins,hands,reneges,violations",
         "samples/mistakes"],
        0,
    ),
    "check_statistics_samples.txt": (["check", "--statistics", "samples"], 1),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_output(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args, status = CASES[name]
    monkeypatch.chdir(ROOT)  # paths in the output are relative, as a user types them
    result = runner.invoke(app, args)
    assert result.exit_code == status, result.output
    golden = GOLDEN / name
    if os.environ.get("SPADESCTL_UPDATE_GOLDEN"):
        golden.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == golden.read_text(encoding="utf-8")


def test_usage_error_golden() -> None:
    result = runner.invoke(app, ["check", "--format", "xml", "x.spades"], terminal_width=80)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "Usage: spadesctl check [OPTIONS] PATH...\n"
        "Try 'spadesctl check --help' for help.\n"
        "\n"
        "Error: Invalid value for '--format': 'xml' is not one of 'text', 'json', 'ndjson', "
        "'github'.\n"
    )
