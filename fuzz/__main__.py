"""``python -m fuzz --minutes N --seed S``: the fuzz campaign (see docs/reliability.md).

Prints the inputs, the cases run and the library calls they made (by target) and the
distinct failures; saves a shrunk reproducer
of each failure (the input, and its traceback beside it) in ``--out``.  Exits 1 when
something failed.
"""

from __future__ import annotations

import argparse
import platform
import sys
from collections.abc import Sequence
from pathlib import Path

from fuzz.runner import fuzz_parallel


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=None, help="time budget")
    parser.add_argument("--seconds", type=float, default=None, help="time budget, in seconds")
    parser.add_argument("--cases", type=int, default=None, help="case budget (all jobs)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes (each its own seed)")
    parser.add_argument(
        "--out", type=Path, default=Path("fuzz-findings"), help="where reproducers go"
    )
    args = parser.parse_args(argv)
    if args.minutes is not None and args.seconds is not None:
        parser.error("give --minutes or --seconds, not both")
    if args.minutes is None and args.seconds is None and args.cases is None:
        parser.error("give --minutes (or --seconds), --cases or both")
    seconds = args.seconds if args.minutes is None else args.minutes * 60
    summary = fuzz_parallel(args.seed, args.jobs, seconds, args.cases, args.out)
    print(f"seed {args.seed}, {args.jobs} job(s), {summary.seconds / 60:.1f} minutes")
    print(f"python {platform.python_version()} on {platform.platform()}")
    print(f"inputs: {summary.inputs:,}")
    print(f"cases (target runs): {summary.total:,}; library calls: {summary.total_calls:,}")
    for target, n in sorted(summary.cases.items()):
        print(f"  {target}: {n:,} cases, {summary.calls.get(target, 0):,} calls")
    print(f"distinct failures: {len(summary.failures)}")
    for failure in summary.failures.values():
        print(f"  {failure.signature} ({failure.count} cases)")
    if summary.failures:
        print(f"reproducers in {args.out}/")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
