"""``spadesctl check``: output formats, selection, statistics, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.check_run import check_jobs as choose_jobs
from spadesctl.cli import app

runner = CliRunner()

BROKEN = '[Event "x"]\nhand 1 dealer N\nbid N 4 E\nfrobnicate\n'


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.spades"
    path.write_text(BROKEN)
    return path


def test_text_output_is_compiler_style(broken: Path) -> None:
    result = runner.invoke(app, ["check", "--select", "syntax-error", str(broken)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{broken}:3:10: SP001 syntax-error: unexpected the end of the line; "
        "expected a bid (0-13, nil, bnil, bN)",
        f"{broken}:4:1: SP001 syntax-error: unknown line 'frobnicate'; a line starts with "
        "[Tag], hand, deal, widow, draw, take, discard, pass, bid, raise, trick, claim, took, "
        "renege, score, bags, result",
    ]


def test_json_output(broken: Path) -> None:
    result = runner.invoke(app, ["check", "--select", "SP001", "--format", "json", str(broken)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [d["line"] for d in data] == [3, 4]
    assert data[0] == {
        "file": str(broken),
        "line": 3,
        "column": 10,
        "code": "SP001",
        "name": "syntax-error",
        "severity": "error",
        "game": 1,
        "hand": None,
        "trick": None,
        "seat": None,
        "party": None,
        "message": "unexpected the end of the line; expected a bid (0-13, nil, bnil, bN)",
    }


def test_ndjson_output(broken: Path) -> None:
    result = runner.invoke(
        app, ["check", "--select", "syntax-error", "--format", "ndjson", str(broken)]
    )
    lines = result.stdout.splitlines()
    assert [json.loads(line)["column"] for line in lines] == [10, 1]


def test_empty_json_array_when_clean() -> None:
    # a clean record (a file without games is not clean: it gets a no-games warning)
    clean = Path(__file__).resolve().parent.parent / "samples" / "league-night.spades"
    result = runner.invoke(app, ["check", "--format", "json", str(clean)])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_ignore_removes_diagnostics_and_changes_the_exit_status(broken: Path) -> None:
    result = runner.invoke(
        app, ["check", "--select", "syntax-error", "--ignore", "SP001", str(broken)]
    )
    assert result.exit_code == 0
    assert result.stdout == ""


def test_statistics(broken: Path) -> None:
    result = runner.invoke(app, ["check", "--select", "syntax-error", "--statistics", str(broken)])
    assert result.exit_code == 1
    assert result.stdout == "      2  SP001 syntax-error\n"


def test_statistics_as_json_and_ndjson() -> None:
    mistakes = str(Path(__file__).parent.parent / "samples" / "mistakes")
    result = runner.invoke(app, ["check", "--statistics", "--format", "json", mistakes])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"code": "SP304", "name": "renege", "count": 1},
        {"code": "SP401", "name": "score-mismatch", "count": 1},
        {"code": "SP305", "name": "spades-not-broken", "count": 1},
    ]
    result = runner.invoke(app, ["check", "--statistics", "--format", "ndjson", mistakes])
    assert [json.loads(line)["name"] for line in result.stdout.splitlines()] == [
        "renege",
        "score-mismatch",
        "spades-not-broken",
    ]


def test_unknown_diagnostic_name_is_a_usage_error(broken: Path) -> None:
    result = runner.invoke(app, ["check", "--select", "no-such-thing", str(broken)])
    assert result.exit_code == 2
    assert "unknown diagnostic 'no-such-thing'" in result.stderr


def test_missing_file_and_directory_without_records(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "missing.spades")])
    assert result.exit_code == 2
    assert result.stdout == f"{tmp_path / 'missing.spades'}:1:1: SP002 io-error: no such file\n"
    empty = tmp_path / "empty_dir"
    empty.mkdir()
    result = runner.invoke(app, ["check", str(empty)])
    assert result.exit_code == 2
    assert "no record files found" in result.stderr


def test_binary_file_is_an_io_error(tmp_path: Path) -> None:
    path = tmp_path / "data.spades"
    path.write_bytes(b"\x00\x01\x02\xff")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "SP002 io-error: line 1 holds NUL bytes" in result.stdout
    assert "Traceback" not in result.output


def test_directories_are_searched_recursively_in_a_stable_order(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.spades").write_text("frobnicate\n")
    (tmp_path / "a.spades").write_text("frobnicate\n")
    (tmp_path / "notes.txt").write_text("frobnicate\n")
    result = runner.invoke(app, ["check", "--select", "syntax-error", str(tmp_path)])
    files = [line.split(":")[0] for line in result.stdout.splitlines()]
    assert files == [str(tmp_path / "a.spades"), str(tmp_path / "b" / "z.spades")]


def test_standard_input(broken: Path) -> None:
    result = runner.invoke(app, ["check", "--select", "syntax-error", "-"], input=BROKEN)
    assert result.exit_code == 1
    assert result.stdout.startswith("-:3:10: SP001 syntax-error")


def test_parallel_and_serial_runs_print_the_same(tmp_path: Path) -> None:
    for i in range(4):
        (tmp_path / f"r{i}.spades").write_text(f'[Event "{i}"]\nhand 1 dealer N\nbad {i}\n')
    serial = runner.invoke(app, ["check", "--jobs", "1", str(tmp_path)])
    parallel = runner.invoke(app, ["check", "--jobs", "2", str(tmp_path)])
    assert serial.stdout == parallel.stdout
    assert serial.stdout.count("syntax-error") == 4


def test_auto_jobs_stay_serial_for_small_inputs(tmp_path: Path) -> None:
    files = []
    for i in range(3):
        path = tmp_path / f"{i}.spades"
        path.write_text("x\n")
        files.append(str(path))
    assert choose_jobs(0, files) == 1
    assert choose_jobs(2, files) == 2
    assert choose_jobs(8, files[:1]) == 1


def test_version_and_help() -> None:
    assert runner.invoke(app, ["--version"]).stdout.startswith("spadesctl ")
    result = runner.invoke(app, ["check", "--help"])
    assert result.exit_code == 0
    assert "--select" in result.stdout


def test_express_and_full_engine_print_the_same() -> None:
    """The express check settles the clean games; --no-express replays them all."""
    samples = str(Path(__file__).parent.parent / "samples")
    for fmt in ("text", "json"):
        fast = runner.invoke(app, ["check", "--format", fmt, samples])
        full = runner.invoke(app, ["check", "--no-express", "--format", fmt, samples])
        assert fast.exit_code == full.exit_code == 1
        assert fast.stdout == full.stdout
        assert "renege" in fast.stdout


def test_standard_input_beside_files_with_jobs(broken: Path) -> None:
    renege = Path(__file__).parent.parent / "samples" / "mistakes" / "renege.spades"
    args = ["check", "--jobs", "2", "-", str(broken)]
    result = runner.invoke(app, args, input=renege.read_text())
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("-:11:20: SP304 renege")
    assert all(line.startswith(str(broken)) for line in lines[1:]) and len(lines) > 1
