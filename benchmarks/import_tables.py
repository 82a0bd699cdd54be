"""Time and peak memory of reading game-server tables: ``python -m benchmarks.import_tables``.

Generates ``--games`` games (standard rules, fully played; about 13 hands a game), writes
them as a record and exports their ``games``, ``hands`` and ``tricks`` tables as CSV,
NDJSON and Parquet (as ``spadesctl export`` writes them, each set in a directory of its
own), then runs ``read`` (every game read, nothing else), ``check`` and ``convert --to
spades`` on the record and on each set as child processes, printing a Markdown table
of each run's wall time (the best of ``--repeat``) and peak resident set
(``ru_maxrss`` of the process and of the children it waited for, such as the Parquet
guard's).  ``--code DIR`` runs another checkout's package (its directory first on
``PYTHONPATH``; the commands run with ``python -P``, so that the current directory does
not come first), for before-and-after figures.  The figures are in docs/import.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.measure import machine, run_command
from benchmarks.run import table

FORMATS = ("csv", "ndjson", "parquet")
TABLES = ("games", "hands", "tricks")


def _spadesctl(*args: str) -> list[str]:
    # -P: the current directory does not come first, so PYTHONPATH (--code) is obeyed
    return [sys.executable, "-P", "-m", "spadesctl", *args]


#: The ``read`` command: every game of the inputs read (``iter_games``), nothing else.
READ = (
    "import sys\n"
    "from spadesctl.notation import iter_games\n"
    "from spadesctl.sources import expand_paths\n"
    "for path in expand_paths(sys.argv[1:]):\n"
    "    for _ in iter_games(path):\n"
    "        pass\n"
)
COMMANDS = {
    "read": [sys.executable, "-P", "-c", READ],
    "check": _spadesctl("check", "-q"),
    "convert": _spadesctl("convert", "--to", "spades"),
}


def build(where: Path, games: int, seed: int) -> tuple[Path, int]:
    """The record (``games.spades``) and one directory of tables per format; the
    number of hands."""
    record = where / "games.spades"
    subprocess.run(
        _spadesctl("generate", "-n", str(games), "--seed", str(seed), "-o", str(record)), check=True
    )
    hands = sum(line.startswith(b"hand ") for line in record.read_bytes().splitlines())
    for fmt in FORMATS:
        (where / fmt).mkdir()
        for name in TABLES:
            out = where / fmt / f"{name}.{fmt}"
            subprocess.run(
                _spadesctl("export", str(record), "--table", name, "--format", fmt, "-o", str(out)),
                check=True,
            )
    return record, hands


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--code", type=Path, default=None, help="another checkout's code")
    parser.add_argument("--data", type=Path, default=None, help="reuse this built corpus")
    parser.add_argument("--inputs", nargs="+", default=["record", *FORMATS], help="which sets")
    parser.add_argument("--commands", nargs="+", default=list(COMMANDS), help="which commands")
    args = parser.parse_args(argv)
    if args.code is not None:
        os.environ["PYTHONPATH"] = str(args.code.resolve())
    with tempfile.TemporaryDirectory(prefix="spadesctl-import-bench-") as scratch:
        where = args.data or Path(scratch)
        record = where / "games.spades"
        if args.data is None or not record.exists():
            where.mkdir(parents=True, exist_ok=True)
            record, _ = build(where, args.games, args.seed)
        hands = sum(line.startswith(b"hand ") for line in record.read_bytes().splitlines())
        rows = []
        sets = {"record": record, **{f: where / f for f in FORMATS}}
        for label in args.inputs:
            for name in args.commands:
                argv = [*COMMANDS[name], str(sets[label])]
                run = run_command(argv, args.repeat, ok=(0, 1))
                rows.append([name, label, f"{run.seconds:.2f}", f"{run.peak_mib:.0f}"])
    print(f"{hands:,} hands in {args.games:,} games; code: {args.code or 'this checkout'}")
    print(table(["command", "input", "seconds", "peak MiB"], rows))
    print(machine())


if __name__ == "__main__":
    main()
