"""Progress by bytes on a terminal for ``score`` and ``fmt --check``, as for ``check``,
and never when standard error is piped (issue 14): real subprocesses, on a pty."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from spadesctl.cli.progress import BytesProgress
from tests.test_cli_contract import CLEAN, _stderr_on_a_terminal


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], Path]:
    """A file of ``copies`` copies of a clean sample (about 20 KB each)."""
    folder = tmp_path_factory.mktemp("progress")

    def made(copies: int) -> Path:
        path = folder / f"big{copies}.spades"
        if not path.exists():
            path.write_text("\n".join([Path(CLEAN).read_text()] * copies))
        return path

    return made


@pytest.mark.parametrize(
    ("args", "label", "copies"),
    [
        # score's express path does 2 MB in less than the bar's half-second delay: 8 MB
        (["score"], "scoring (KiB) [", 400),
        (["score", "--no-express"], "scoring (KiB) [", 100),
        (["fmt", "--check"], "formatting (KiB) [", 100),
    ],
)
def test_a_bar_by_bytes_on_a_terminal_only(
    records: Callable[[int], Path], args: list[str], label: str, copies: int
) -> None:
    big = records(copies)
    shown = _stderr_on_a_terminal(*args, str(big))
    bars = [part for part in shown.split("\r") if part.startswith(label)]
    assert len({bar.split("]")[0] for bar in bars}) > 1, shown  # it moved
    total = big.stat().st_size // 1024
    assert all(bar.rstrip().endswith(f"/{total}") for bar in bars), bars
    assert shown.split("\r")[-2:] == [" " * len(bars[-1]), ""]  # erased at the end
    piped = subprocess.run(
        [sys.executable, "-m", "spadesctl", *args, str(big)], capture_output=True, text=True
    )
    assert piped.returncode == 0, piped.stderr
    assert piped.stderr == ""  # no bar off a terminal


def test_bytes_are_counted_in_kib_of_the_files(tmp_path: Path) -> None:
    record = tmp_path / "r.spades"
    record.write_bytes(b"x" * 10 * 1024)
    bar = BytesProgress([str(record), "-", str(tmp_path / "missing")], "reading", enabled=False)
    assert (bar.bar.total, bar.bar.label) == (10, "reading (KiB)")
    for _ in range(20):
        bar.add(512)
    assert bar.bar.done == 10
