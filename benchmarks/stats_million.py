"""``stats`` with ratings and ``fairness`` on a Parquet export of one million hands.

``python -m benchmarks.stats_million`` makes the export once (in ``$TMPDIR/spadesctl-bench/
million``): a seed corpus of fully played games from the library's bot is exported with
``spadesctl export --table hands``, and its rows are copied until the table holds one
million hands (four million seat rows), each copy a new file name, new dates and four
players drawn from a pool of 400, so that the ratings have a real league to rate.  Then
each command runs as a child process on one core (``taskset -c 0`` and
``POLARS_MAX_THREADS=1``), best of ``--repeat``; the table gives each time beside the
time polars needs to read the same file whole (``pl.read_parquet``, in a child process
too), the floor for any query that looks at every row, and the peak memory of each
(``ru_maxrss`` of the child).  An export made before the ``hands`` table changed is made
again.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

import polars as pl

from benchmarks.run import spadesctl
from spadesctl.tables.schema import HANDS

ROOT = Path(tempfile.gettempdir()) / "spadesctl-bench" / "million"
NAMES = ("Ann", "Bo", "Cy", "Di")


def current(path: Path) -> bool:
    """Whether ``path`` is an export of today's ``hands`` table."""
    return path.exists() and set(pl.scan_parquet(path).collect_schema()) == set(HANDS)


def seed_export(root: Path, hands: int) -> Path:
    """A hands export of generated games holding at least ``hands`` hands."""
    out = root / "seed.parquet"
    if current(out):
        return out
    records = root / "seed.spades"
    subprocess.run(
        [
            *spadesctl(),
            "generate",
            "-n",
            str(max(hands // 12, 1)),
            "--seed",
            "7",
            "-o",
            str(records),
        ],
        check=True,
    )
    subprocess.run(
        [*spadesctl(), "export", str(records), "--table", "hands", "-o", str(out)], check=True
    )
    return out


def million(root: Path, target_hands: int) -> tuple[Path, int, int]:
    """The export of ``target_hands`` hands: (path, seat rows, games)."""
    out = root / f"hands-{target_hands}.parquet"
    seed = pl.read_parquet(seed_export(root, 20_000))
    seed_hands = seed.select(pl.struct("file", "game", "hand").n_unique()).item()
    copies = -(-target_hands // seed_hands)
    if not current(out):
        rng = random.Random(11)
        pool = [f"P{i:03}" for i in range(400)]
        parts = []
        for k in range(copies):
            names = dict(zip(NAMES, rng.sample(pool, 4), strict=True))
            rename = pl.col("player").replace_strict(names, default=None)
            seats = {
                s: pl.col(s).replace_strict(names, default=None)
                for s in ("north", "east", "south", "west")
            }
            day = date(2020, 1, 1) + timedelta(days=k)
            parts.append(
                seed.with_columns(
                    file=pl.lit(f"league/night-{k:04}.spades"),
                    date=pl.lit(day),
                    player=rename,
                    **seats,
                ).with_columns(
                    team=pl.when(pl.col("side") == "NS")
                    .then(pl.concat_list("north", "south"))
                    .otherwise(pl.concat_list("east", "west"))
                    .list.sort()
                    .list.join(" & ")
                )
            )
        table = pl.concat(parts)
        tmp = out.with_name(out.name + ".tmp")
        table.write_parquet(tmp, row_group_size=131_072)
        tmp.replace(out)
    rows = pl.scan_parquet(out).select(pl.len()).collect().item()
    games = pl.scan_parquet(out).select(pl.struct("file", "game").n_unique()).collect().item()
    return out, rows, games


def one_core(args: list[str]) -> list[str]:
    return (["taskset", "-c", "0"] if shutil.which("taskset") else []) + args


def timed(args: list[str], repeat: int) -> tuple[float, float, float]:
    """(best seconds, CPU seconds and peak MiB of that child) of ``repeat`` runs of
    ``args``.  The CPU seconds (user and system, the child's and those of the processes
    it waited for, such as the Parquet guard's reader) move less with the machine's load
    than the wall time."""
    env = {**os.environ, "POLARS_MAX_THREADS": "1"}
    best, cpu, peak = float("inf"), 0.0, 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        child = subprocess.Popen(one_core(args), env=env, stdout=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        if seconds < best:
            best, peak = seconds, usage.ru_maxrss / 1024
            cpu = usage.ru_utime + usage.ru_stime
    return best, cpu, peak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    ROOT.mkdir(parents=True, exist_ok=True)
    path, rows, games = million(ROOT, args.hands)
    print(
        f"machine: {platform.machine()} {platform.processor()}, {os.cpu_count()} cores; "
        f"python {platform.python_version()}, polars {pl.__version__}"
    )
    size = path.stat().st_size / 2**20
    print(f"export: {size:.0f} MiB, {rows:,} seat rows, {rows // 4:,} hands, {games:,} games")
    read, read_cpu, read_peak = timed(
        [sys.executable, "-c", f"import polars as pl; pl.read_parquet({str(path)!r})"], args.repeat
    )
    commands = {
        "stats --by player (ratings, fairness line)": ["stats", str(path)],
        "stats --by pair": ["stats", "--by", "pair", str(path)],
        "stats --by pair_bid": ["stats", "--by", "pair_bid", str(path)],
        "stats --by holding --card AS": ["stats", "--by", "holding", str(path)],
        "stats --by seat --format csv (no ratings, no fairness)": [
            "stats",
            "--by",
            "seat",
            "--format",
            "csv",
            str(path),
        ],
        "stats --ratings -o history.parquet": [
            "stats",
            "--ratings",
            "-o",
            str(ROOT / "history.parquet"),
            str(path),
        ],
        "fairness": ["fairness", str(path)],
    }
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| command | seconds, one core | x read_parquet | CPU s | x | peak MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    print(
        f"| `pl.read_parquet` (the floor) | {read:.2f} | 1.0 | {read_cpu:.2f} | 1.0 "
        f"| {read_peak:.0f} |"
    )
    for label, command in commands.items():
        seconds, cpu, peak = timed([*spadesctl(), *command], args.repeat)
        print(
            f"| `{label}` | {seconds:.2f} | {seconds / read:.1f} | {cpu:.2f} "
            f"| {cpu / read_cpu:.1f} | {peak:.0f} |",
            flush=True,
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
