"""Instructions per hand of ``check_file``, counted by valgrind's callgrind.

``python -m benchmarks.instructions`` generates 12 files of about 100 fully played
``standard`` hands each (the first 12 files of the benchmark corpus, same seeds), then
runs ``check_file`` under callgrind on the first 2 files and on all 12. The difference
between the two counts, divided by the hands of files 3 to 12, is the steady cost of a
hand: start-up, imports and warm-up cancel out. Counts do not depend on the load of the
machine, so two versions of the code can be compared on a shared machine.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.corpus import _chunk

_SEED = 2024
_HANDS = 100
_CHILD = (
    "import sys\n"
    "from spadesctl.checking import check_file\n"
    "for p in sys.argv[1:]:\n"
    "    assert not check_file(p).diagnostics, p\n"
)


def _corpus(root: Path, files: int) -> list[tuple[Path, int]]:
    root.mkdir(parents=True, exist_ok=True)
    out: list[tuple[Path, int]] = []
    for i in range(files):
        path = root / f"games-{i:04d}.spades"
        count = root / f"games-{i:04d}.hands"
        if not path.is_file() or not count.is_file():
            text, hands = _chunk(_SEED * 100_000 + i, _HANDS)
            path.write_text(text, encoding="utf-8", newline="\n")
            count.write_text(str(hands), encoding="utf-8")
        out.append((path, int(count.read_text(encoding="utf-8"))))
    return out


def _instructions(paths: list[Path]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                _CHILD,
                *map(str, paths),
            ],
            check=True,
            capture_output=True,
        )
        found = re.search(r"^summary: (\d+)", out.read_text(), re.MULTILINE)
        assert found, "no summary line in the callgrind output"
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--corpus", type=Path, default=Path(tempfile.gettempdir()) / "spadesctl-instr"
    )
    args = parser.parse_args()
    files = _corpus(args.corpus, 12)
    few = _instructions([p for p, _ in files[:2]])
    many = _instructions([p for p, _ in files])
    hands = sum(h for _, h in files[2:])
    print(f"2 files: {few:,} instructions; 12 files: {many:,}; {hands} hands between")
    print(f"instructions per hand: {(many - few) / hands:,.0f}")


if __name__ == "__main__":
    main()
