"""The fuzz harness (``python -m fuzz``): a short campaign on a fixed seed finds nothing,
and the harness does find, shrink and save a planted defect.

The long campaign and its figures are in docs/reliability.md; this runs about 6,000
cases (some 20 seconds of CPU), so that a regression in a reader, the referee, the
sheet, the renderers, the round trips, the tables or the express check is caught on
every change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("polars")

from fuzz.runner import fuzz
from fuzz.seeds import Seed, all_seeds
from fuzz.targets import FuzzFailure


def test_a_short_campaign_finds_nothing(tmp_path: Path) -> None:
    summary = fuzz(18, cases=6000, out=tmp_path)
    assert summary.total >= 6000
    assert summary.total_calls > summary.total > summary.inputs
    assert set(summary.cases) == {
        "read", "check", "sheet", "fmt", "convert", "tables", "parquet", "cli", "outputs",
        "import", "import-parquet",
    }  # fmt: skip
    assert {sig: f.error for sig, f in summary.failures.items()} == {}
    assert list(tmp_path.iterdir()) == []


def test_the_seeds_cover_every_preset_and_format() -> None:
    names = [s.name for s in all_seeds(0)]
    assert any(n.startswith("gen-jjdd-played") for n in names)
    assert any(n.startswith("gen-two-player-sheet") for n in names)
    assert {Path(n).suffix for n in names} >= {
        ".spades", ".pbn", ".ptn", ".parquet", ".tn", ".tables", ".ndjson"
    }  # fmt: skip
    kinds = {s.kind for s in all_seeds(0)}
    assert kinds == {"native", "pbn", "parquet", "tables", "openspiel", "trick-notation"}
    assert any(n.startswith("gen-standard-csv") for n in names)
    assert any(n.startswith("gen-jjdd-ndjson") for n in names)
    assert any(n.startswith("openspiel-gen") for n in names)


def _planted(name: str, data: bytes) -> int:
    """A defect: any input holding both a nil bid and the word 'took' 'crashes'."""
    if b"nil" in data and b"took" in data:
        raise FuzzFailure("planted")
    return 1


def test_a_planted_defect_is_found_shrunk_and_saved(tmp_path: Path) -> None:
    seed = Seed(
        "planted.spades",
        b'[Rules "standard"]\n\nhand 1 dealer N\nbid E nil S 3 W 4 N 4\ntook E 0 S 4 W 5 N 4\n',
    )
    summary = fuzz(3, cases=200, seeds=[seed], record_targets={"planted": _planted})
    [failure] = summary.failures.values()
    assert failure.signature == "planted: planted"
    assert failure.count > 1
    assert b"nil" in failure.data and b"took" in failure.data
    assert failure.data.count(b"\n") <= 1  # shrunk to the two lines (or one) that matter
    saved = fuzz(3, cases=200, seeds=[seed], record_targets={"planted": _planted}, out=tmp_path)
    assert len(saved.failures) == 1
    reproducer = next(tmp_path.glob("planted-*.spades"))
    assert reproducer.read_bytes() == failure.data
    assert "planted" in reproducer.with_suffix(".spades.txt").read_text()
