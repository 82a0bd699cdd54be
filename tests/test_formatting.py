"""The library behind fmt (spadesctl.formatting), without the command line."""

from __future__ import annotations

from pathlib import Path

from spadesctl.formatting import Outcome, format_source

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_outcomes(tmp_path: Path) -> None:
    canonical = SAMPLES / "league-night.spades"
    assert format_source(str(canonical)).outcome is Outcome.CANONICAL
    messy = tmp_path / "messy.spades"
    messy.write_text(canonical.read_text().replace("\nbid ", "\nbid  ", 1))
    result = format_source(str(messy))
    assert result.outcome is Outcome.CHANGED and result.text == canonical.read_text()
    assert result.diff().count("\n-bid  ") == 1
    assert format_source(str(SAMPLES / "pbn" / "renege.ptn")).outcome is Outcome.NOT_NATIVE
    broken = tmp_path / "broken.spades"
    broken.write_text("hand 1 dealer N\nbid N\n")
    bad = format_source(str(broken))
    assert bad.outcome is Outcome.HAS_ERRORS and bad.problems[0].name == "syntax-error"
    missing = format_source(str(tmp_path / "missing.spades"))
    assert missing.outcome is Outcome.UNREADABLE and "no such file" in missing.message
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"\x00" * 10)
    assert format_source(str(binary)).outcome is Outcome.UNREADABLE
