"""Shards and the Ray engine, measured: ``python -m benchmarks.scale [--games N]``.

Generates dated games (fixed seeds) into a temporary folder, then runs as child
processes, one after the other in the same run:

- ``check``, ``export`` and ``stats`` with the local engine (``--jobs 2``) and with
  ``--engine ray`` on a local cluster of two worker CPUs started here (``ray.init
  (num_cpus=2)``; the commands join it with ``--address``), for hands per second and the
  Ray engine's overhead (its seconds over the local engine's);
- ``export --partition-by month`` on the corpus and on four times the corpus, one
  process (``--jobs 1``), for the peak memory of a streamed partitioned export;
- ``stats --since`` on the shards against ``stats`` of the records, for pruning.

Peak memory: the driver's from ``os.wait4`` (:mod:`benchmarks.measure`), each Ray
worker's from its ``VmHWM`` in ``/proc`` after the runs.  Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path

from benchmarks.measure import Run, run_command

SPADESCTL = [sys.executable, "-m", "spadesctl"]


def write_corpus(folder: Path, games: int, files: int = 8, copies: int = 1) -> int:
    """``games`` generated games with Date tags over four months in ``files`` files,
    written ``copies`` times (under other file names); the hands written."""
    from spadesctl.generate import generate_games
    from spadesctl.notation.writer import format_game
    from spadesctl.rules.parse import parse_rules

    rng = random.Random(11)
    rules = parse_rules("standard")
    per_file: list[list[str]] = [[] for _ in range(files)]
    hands = 0
    for game in generate_games(games, 17, rules):
        day = f"2026.{rng.choice((9, 10, 11, 12)):02d}.{rng.randint(1, 28):02d}"
        per_file[game.index % files].append(f'[Date "{day}"]\n' + format_game(game))
        hands += len(game.hands)
    folder.mkdir(parents=True, exist_ok=True)
    for copy in range(copies):
        for number, texts in enumerate(per_file):
            (folder / f"c{copy}-f{number}.spades").write_text("\n".join(texts), encoding="utf-8")
    return hands * copies


def _workers_peak_mib() -> list[float]:
    """The peak resident set (VmHWM) of each Ray worker process alive now, in MiB."""
    peaks = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            status = (entry / "status").read_text()
        except OSError:
            continue
        if b"default_worker.py" not in cmdline and not cmdline.startswith(b"ray::"):
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return peaks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()

    import ray

    root = Path(tempfile.mkdtemp(prefix="spadesctl-scale-"))
    try:
        records = root / "records"
        hands = write_corpus(records, args.games)
        bigger = root / "bigger"
        big_hands = write_corpus(bigger, args.games, copies=4)
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        address = ray.get_runtime_context().gcs_address
        engines = {"local": ["--jobs", "2"], "ray": ["--engine", "ray", "--address", address]}
        rows: list[tuple[str, str, Run, int]] = []

        def measure(name: str, engine: str, argv: list[str], counted: int) -> Run:
            run = run_command([*SPADESCTL, *argv, *engines[engine]], args.repeat, ok=(0, 1))
            rows.append((name, engine, run, counted))
            return run

        one_game = root / "one.spades"
        one_game.write_text(next(iter(records.iterdir())).read_text().split("\n\n[Date")[0])
        for engine in engines:
            measure("check of one game (start-up, joining)", engine, ["check", str(one_game)], 0)
            measure("check", engine, ["check", str(records)], hands)
            out = root / f"{engine}.parquet"
            measure("export --table hands", engine, ["export", str(records), "-o", str(out)], hands)
            shards = root / f"{engine}-shards"
            measure(
                "export --partition-by month",
                engine,
                ["export", str(records), "--partition-by", "month", "-o", str(shards)],
                hands,
            )
            measure("stats (records)", engine, ["stats", str(records)], hands)
            measure("stats (shards)", engine, ["stats", str(shards)], hands)
        worker_peaks = _workers_peak_mib()
        ray.shutdown()
        local = {(name, engine): run for name, engine, run, _ in rows if engine == "local"}
        print(f"corpus: {hands:,} hands in 8 files; 4x corpus: {big_hands:,} hands")
        print("| command | engine | seconds | hands/s | x local | peak MiB (driver) |")
        print("|---|---|---:|---:|---:|---:|")
        for name, engine, run, counted in rows:
            rate = f"{counted / run.seconds:,.0f}" if counted else "-"
            ratio = run.seconds / local[name, "local"].seconds
            print(
                f"| {name} | {engine} | {run.seconds:.2f} | {rate} | {ratio:.2f} "
                f"| {run.peak_mib:.0f} |"
            )
        shown = ", ".join(f"{p:.0f}" for p in sorted(worker_peaks))
        print(f"Ray worker processes' peak resident sets (MiB): {shown}")
        print()
        print("| export --partition-by month, --jobs 1 | hands | seconds | peak MiB |")
        print("|---|---:|---:|---:|")
        for label, folder, counted in (("corpus", records, hands), ("4x", bigger, big_hands)):
            out = root / f"mem-{label}"
            argv = ["export", str(folder), "--partition-by", "month", "-o", str(out)]
            run = run_command([*SPADESCTL, *argv, "--jobs", "1"], 1)
            print(f"| {label} | {counted:,} | {run.seconds:.2f} | {run.peak_mib:.0f} |")
            shutil.rmtree(out)
        shards = root / "local-shards"
        print()
        print("| stats on the shards, --jobs 1 | seconds | shards read |")
        print("|---|---:|---:|")
        from spadesctl.tables.shards import find_shards, select_shards
        from spadesctl.tables.stats import Filters

        found = find_shards(shards)
        for label, extra in (
            ("every month", []),
            ("--since 2026-12-01", ["--since", "2026-12-01"]),
        ):
            run = run_command([*SPADESCTL, "stats", str(shards), *extra], 3)
            filters = Filters(since=date(2026, 12, 1)) if extra else Filters()
            read = len(select_shards(found, filters))
            print(f"| {label} | {run.seconds:.2f} | {read} of {len(found)} |")
    finally:
        shutil.rmtree(root, ignore_errors=True)
        os.environ.pop("RAY_ADDRESS", None)


if __name__ == "__main__":
    main()
