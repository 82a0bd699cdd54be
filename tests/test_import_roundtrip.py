"""Records -> ``spadesctl export`` (games, hands, tricks) -> the exported files read back
as records: ``check``, ``score``, ``stats`` and ``convert --to spades`` say the same as on
the original records, for generated games of every preset and for the samples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.generate import generate_games
from spadesctl.notation import format_games, iter_games
from spadesctl.rules import PRESETS
from spadesctl.sources import expand_paths

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
TABLE_SUFFIXES = (".csv", ".ndjson", ".parquet")


def export_set(records: Path, out: Path, suffix: str) -> Path:
    """``export --table T`` of games, hands and tricks into ``out``."""
    out.mkdir()
    for table in ("games", "hands", "tricks"):
        target = out / f"{table}{suffix}"
        result = runner.invoke(app, ["export", str(records), "--table", table, "-o", str(target)])
        assert result.exit_code in (0, 1), result.output
    return out


def diagnostics(path: Path) -> list[tuple[str, str, object, object, object]]:
    """What ``check`` reports, without where (the positions are the tables' own)."""
    result = runner.invoke(app, ["check", "--format", "json", "--exit-zero", str(path)])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    return sorted((d["code"], d["message"], d["hand"], d["trick"], d["seat"]) for d in found)


def score_text(path: Path, file_names: tuple[str, ...]) -> str:
    result = runner.invoke(app, ["score", "--exit-zero", "--explain", str(path)])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for name in file_names:
        text = text.replace(name, "FILE")
    text = re.sub(r"\bline \d+", "line L", text)  # positions are the tables' own
    return re.sub("=+", "=", text)  # a heading's underline is as long as its file name


def stats_text(path: Path) -> str:
    result = runner.invoke(app, ["stats", "--by", "player", "--format", "csv", str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def converted(path: Path) -> str:
    return "".join(format_games(g for p in expand_paths([str(path)]) for g in iter_games(p)))


def assert_same(records: Path, out: Path) -> None:
    assert diagnostics(out) == diagnostics(records)
    lead = expand_paths([str(out)])
    assert len(lead) == 1
    assert score_text(out, (lead[0],)) == score_text(records, (str(records),))
    assert stats_text(out) == stats_text(records)
    assert converted(out) == converted(records)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_generated_games_of_every_preset_round_trip(preset: str, tmp_path: Path) -> None:
    records = tmp_path / f"{preset}.spades"
    records.write_text("".join(format_games(generate_games(3, 7, PRESETS[preset]))))
    suffix = TABLE_SUFFIXES[sorted(PRESETS).index(preset) % 3]
    assert_same(records, export_set(records, tmp_path / "out", suffix))


def _clean_samples() -> list[Path]:
    """The samples whose games read without a reading problem (a reading warning, such
    as a PBN option spadesctl does not know, is the source format's, not the game's)."""
    found = []
    for path in expand_paths([str(ROOT / "samples")]):
        games = list(iter_games(path))
        if games and not any(g.issues for g in games):
            found.append(Path(path))
    return found


@pytest.mark.parametrize("sample", _clean_samples(), ids=lambda p: p.name)
def test_samples_round_trip(sample: Path, tmp_path: Path) -> None:
    assert_same(sample, export_set(sample, tmp_path / "out", ".ndjson"))


def test_the_samples_are_many() -> None:
    assert len(_clean_samples()) >= 10
