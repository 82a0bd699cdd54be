"""The libraries behind convert and export (spadesctl.converting, spadesctl.exporting),
called without the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadesctl.converting import Conversion, convert_files
from spadesctl.diagnostics import Diagnostic
from spadesctl.emit import TABLE_FORMATS
from spadesctl.exporting import export_table
from spadesctl.notation import iter_games
from spadesctl.record_formats import NATIVE, PBN
from spadesctl.status import ExitStatus

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
RECORD = str(SAMPLES / "league-night.spades")


def test_convert_to_a_file_and_back(tmp_path: Path) -> None:
    pbn = tmp_path / "league.pbn"
    assert convert_files([RECORD], Conversion(PBN), str(pbn)).status is ExitStatus.CLEAN
    back = tmp_path / "back.spades"
    convert_files([str(pbn)], Conversion(NATIVE), str(back))
    assert [g.hands for g in iter_games(back)] == [g.hands for g in iter_games(RECORD)]


def test_convert_into_a_directory_reports_problems(tmp_path: Path) -> None:
    broken = tmp_path / "in" / "broken.spades"
    broken.parent.mkdir()
    broken.write_text('[Event "x"]\nhand 1 dealer N\nbid N\n')
    seen: list[Diagnostic] = []
    out = tmp_path / "out"
    out.mkdir()
    summary = convert_files([str(broken), RECORD], Conversion(PBN, report=seen.append), str(out))
    assert summary.status is ExitStatus.PROBLEMS and summary.errors == len(seen) > 0
    assert sorted(p.name for p in out.iterdir()) == ["broken.pbn", "league-night.pbn"]
    with pytest.raises(ValueError, match="both be written"):
        convert_files([RECORD, RECORD], Conversion(PBN), str(out))


def test_an_unreadable_input_leaves_the_output_alone(tmp_path: Path) -> None:
    keep = tmp_path / "keep.pbn"
    keep.write_text("precious\n")
    warned: list[str] = []
    missing = str(tmp_path / "missing.spades")
    summary = convert_files([RECORD, missing], Conversion(PBN, warn=warned.append), str(keep))
    assert summary.status is ExitStatus.USAGE and keep.read_text() == "precious\n"
    assert warned == [f"error: {missing}: no such file"]


def test_export_table(tmp_path: Path) -> None:
    import polars as pl

    out = tmp_path / "hands.parquet"
    summary = export_table([RECORD], "hands", TABLE_FORMATS.get("parquet"), str(out), jobs=1)
    assert summary.status is ExitStatus.CLEAN and summary.games > 0
    hands = pl.read_parquet(out)
    assert hands.height == sum(len(g.hands) for g in iter_games(RECORD)) * 4  # a row a seat
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"\x00" * 50)
    again = export_table([RECORD, str(binary)], "hands", TABLE_FORMATS.get("csv"), str(out))
    assert again.status is ExitStatus.USAGE and not again.written
    assert pl.read_parquet(out).height == hands.height  # untouched
