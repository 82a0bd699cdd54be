"""``--select``/``--ignore`` as ruff reads them (spadesctl.selection): names, codes, code
prefixes, ALL, and the most specific selector deciding."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.diagnostics import KINDS
from spadesctl.selection import Selection, SelectorError

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
PLAY = frozenset(k.name for k in KINDS if k.code.startswith("SP3"))
EVERY = frozenset(k.name for k in KINDS)


@pytest.mark.parametrize(
    ("select", "ignore", "expected"),
    [
        (None, None, EVERY),
        (["ALL"], None, EVERY),
        (["SP3"], None, PLAY),
        (["sp3"], None, PLAY),
        (["SP"], ["SP3"], EVERY - PLAY),
        (["SP3"], ["renege"], PLAY - {"renege"}),
        (["SP304"], ["SP3"], frozenset({"renege"})),  # the more specific selector wins
        (["renege"], ["SP304"], frozenset()),  # equally specific: ignore wins
        (["renege,SP001", "io-error"], None, frozenset({"renege", "syntax-error", "io-error"})),
        (None, ["ALL"], frozenset()),
    ],
)
def test_selection(
    select: list[str] | None, ignore: list[str] | None, expected: frozenset[str]
) -> None:
    assert Selection.of(select, ignore).names == expected


@pytest.mark.parametrize("selector", ["SP9", "nonsense", "SPX", "renege-ish"])
def test_unknown_selectors_are_refused(selector: str) -> None:
    with pytest.raises(SelectorError, match="unknown diagnostic"):
        Selection.of([selector])


def test_check_selects_by_code_prefix() -> None:
    runner = CliRunner()
    mistakes = str(SAMPLES / "mistakes")
    everything = runner.invoke(app, ["check", mistakes]).stdout.splitlines()
    play = runner.invoke(app, ["check", "--select", "SP3", mistakes])
    assert play.exit_code == 1
    lines = play.stdout.splitlines()
    assert lines and lines == [line for line in everything if ": SP3" in line]
    assert len(lines) < len(everything)
    result = runner.invoke(app, ["check", "--select", "SP9", mistakes])
    assert result.exit_code == 2
    assert "unknown diagnostic 'SP9'" in result.stderr
