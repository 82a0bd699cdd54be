"""The fuzz harness notices a worker that dies: a campaign whose worker is killed from
outside ends within its budget, says which worker died, and exits 1 (it once waited for
the dead worker for ever)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("polars")

ROOT = Path(__file__).resolve().parent.parent


def test_a_killed_worker_is_a_harness_failure_and_the_campaign_ends(tmp_path: Path) -> None:
    budget = ["--seconds", "20", "--seed", "5", "--jobs", "2", "--out", str(tmp_path / "out")]
    campaign = subprocess.Popen(
        [sys.executable, "-m", "fuzz", *budget],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert campaign.stderr is not None
        started: dict[int, int] = {}
        seen: list[str] = []
        deadline = time.monotonic() + 120
        while len(started) < 2 and time.monotonic() < deadline:
            line = campaign.stderr.readline()
            seen.append(line)
            # search, not match: another process's unfinished line may stand before it
            found = re.search(r"\[(\d+)\] seed (\d+) started", line)
            if found:
                started[int(found[2])] = int(found[1])
            elif not line:
                break
        assert set(started) == {5, 6}, f"standard error so far: {seen!r}"
        os.kill(started[6], signal.SIGKILL)
        out, _ = campaign.communicate(timeout=180)  # it used to wait here for ever
    finally:
        if campaign.poll() is None:
            campaign.kill()
            campaign.wait()
    assert campaign.returncode == 1
    assert "harness: the worker of seed 6 died (killed by SIGKILL); its cases are lost" in out
    assert "distinct failures: 1" in out  # the living worker's campaign went on, clean
    cases = re.search(r"cases \(target runs\): ([\d,]+)", out)
    assert cases is not None and int(cases[1].replace(",", "")) > 0
