"""The library behind check and score (spadesctl.check_run, spadesctl.score_run), called
without the command line: selection, counts and exit status."""

from __future__ import annotations

from pathlib import Path

from spadesctl.check_run import CheckRequest, CheckSummary, check_paths
from spadesctl.score_run import ScoreSummary, score_files
from spadesctl.selection import Selection
from spadesctl.sources import expand_paths
from spadesctl.status import ExitStatus

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_check_paths_counts_what_it_reports() -> None:
    files = tuple(expand_paths([str(SAMPLES / "mistakes")]))
    summary = CheckSummary()
    reports = list(check_paths(CheckRequest(files), summary))
    assert [r.file for r in reports] == list(files)
    assert summary.files == len(files) == 3
    assert summary.problems == sum(len(r.diagnostics) for r in reports) > 0
    assert summary.files_with_problems == 3
    assert summary.hands == sum(r.hands for r in reports) > 0
    assert summary.status is ExitStatus.PROBLEMS


def test_an_ignored_problem_does_not_count() -> None:
    files = (str(SAMPLES / "mistakes" / "renege.spades"),)
    (first,) = check_paths(CheckRequest(files))
    every = first.diagnostics
    names = {d.name for d in every}
    summary = CheckSummary()
    request = CheckRequest(files, selection=Selection.of(None, sorted(names)))
    (report,) = check_paths(request, summary)
    assert report.diagnostics == () and report.hands > 0
    assert summary.status is ExitStatus.CLEAN


def test_an_unreadable_file_is_exit_2(tmp_path: Path) -> None:
    summary = CheckSummary()
    list(check_paths(CheckRequest((str(tmp_path / "missing.spades"),)), summary))
    assert summary.io_errors == 1 and summary.status is ExitStatus.USAGE


def test_score_files_counts_disputes_and_unreadable_files(tmp_path: Path) -> None:
    warnings: list[str] = []
    summary = ScoreSummary()
    files = [str(SAMPLES / "mistakes" / "forgot-bag-penalty.spades"), str(tmp_path / "no")]
    reports = list(score_files(files, summary=summary, warn=warnings.append))
    assert len(reports) == 1 and reports[0].disputed
    assert summary.disputed == 1 and summary.unreadable == 1
    assert summary.status is ExitStatus.USAGE
    assert warnings == [f"error: {tmp_path / 'no'}: no such file"]
