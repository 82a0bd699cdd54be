"""The spadesctl throughput benchmark: ``python -m benchmarks.run [--quick]``.

Generates (once, then reused) a corpus of fully played 4-player games with fixed seeds,
then measures, in one run, hands per second and peak memory of ``check``, ``score
--format json``, ``stats`` and ``export --format parquet`` on one core (``--jobs 1``)
and on every core, beside a baseline that only reads the files and splits every line
into words; the start-up time of ``spadesctl --help`` and of ``check`` on one small
file; and, on request, scaling with ``--jobs`` and a 1 GB file checked in bounded
memory.  Prints Markdown tables (see benchmarks/README.md and docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.corpus import Corpus, CorpusSpec, build
from benchmarks.measure import Run, baseline, machine, run_command

FULL = CorpusSpec()
QUICK = CorpusSpec(files=20, hands_per_file=100, big_bytes=5 * 1024 * 1024)
GIGABYTE = 1024**3


def spadesctl() -> list[str]:
    """How to run the installed command (the console script beside this Python)."""
    script = Path(sys.executable).with_name("spadesctl")
    return [str(script)] if script.exists() else [sys.executable, "-m", "spadesctl"]


def has_command(name: str) -> bool:
    try:
        run_command([*spadesctl(), name, "--help"], repeat=1)
    except RuntimeError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Row:
    what: str
    corpus: str
    jobs: int
    hands: int
    run: Run | None
    base: float
    note: str = ""

    def cells(self) -> list[str]:
        if self.run is None:
            return [self.what, self.corpus, str(self.jobs), "-", "-", "-", "-", self.note]
        rate = self.hands / self.run.seconds
        fraction = self.base / self.run.seconds
        return [
            self.what,
            self.corpus,
            str(self.jobs),
            f"{self.run.seconds:.2f}",
            f"{rate:,.0f}",
            f"{fraction:.3f}",
            f"{self.run.peak_mib:.0f}" if self.run.peak_mib else "-",
            self.note,
        ]


HEADER = ["command", "corpus", "jobs", "seconds", "hands/s", "x baseline", "peak MiB", "note"]


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def commands(out: Path, jobs: int) -> dict[str, list[str]]:
    """Each measured command's arguments after ``spadesctl`` (paths are appended)."""
    j = ["--jobs", str(jobs)]
    export = ["export", "--table", "hands", "--format", "parquet", "-o", str(out / "hands.parquet")]
    full_engine = (
        {
            "check --no-express": ["check", "--no-express", *j],
            "export --format parquet --no-express": [*export, "--no-express", *j],
        }
        if jobs == 1
        else {}
    )
    return {
        "check": ["check", *j],
        "score --format json": ["score", "--format", "json"],
        "stats": ["stats", "--format", "csv", "-o", str(out / "stats.csv"), *j],
        "export --format parquet": [*export, *j],
        **full_engine,
    }


def throughput(corpus: Corpus, cores: int, repeat: int, out: Path) -> list[Row]:
    present = {name: has_command(name) for name in ("check", "score", "stats", "export")}
    rows: list[Row] = []
    inputs = [
        ("200 files" if len(corpus.files) == 200 else f"{len(corpus.files)} files", None),
        (f"one {corpus.big_bytes / 2**20:.0f} MB file", corpus.big),
    ]
    for label, single in inputs:
        paths = [single] if single is not None else list(corpus.files)
        hands = corpus.big_hands if single is not None else corpus.file_hands
        job_counts = sorted({1, cores})
        for jobs in job_counts:
            base = baseline(paths, jobs=jobs, repeat=repeat)
            rows.append(
                Row("read+split baseline", label, jobs, hands, Run(base, 0, 0, repeat), base)
            )
            for what, args in commands(out, jobs).items():
                name = args[0]
                if not present[name]:
                    rows.append(Row(what, label, jobs, hands, None, base, "command not present"))
                    continue
                if name == "score" and jobs > 1:
                    continue  # score has no --jobs: one core only
                if single is not None and jobs > 1 and name != "check":
                    continue  # only check splits one file across processes
                where = (
                    [str(p) for p in paths] if single is not None else [str(corpus.root / "files")]
                )
                try:
                    run = run_command([*spadesctl(), *args, *where], repeat=repeat, ok=(0, 1))
                except RuntimeError as exc:
                    first = str(exc).splitlines()[-1][:80]
                    rows.append(Row(what, label, jobs, hands, None, base, f"failed: {first}"))
                    continue
                note = "exit 1 (problems reported)" if run.status == 1 else ""
                rows.append(Row(what, label, jobs, hands, run, base, note))
    return rows


def startup(corpus: Corpus, repeat: int) -> list[list[str]]:
    small = corpus.root / "small.spades"
    if not small.exists():
        first = corpus.files[0].read_text(encoding="utf-8")
        small.write_text(first.split("\n\n[", 1)[0].rstrip("\n") + "\n", encoding="utf-8")
    out = []
    for label, argv in (
        ("spadesctl --help", [*spadesctl(), "--help"]),
        ("spadesctl check (one game)", [*spadesctl(), "check", str(small)]),
    ):
        run_command(argv, repeat=1)  # writes the bytecode caches, as an install would
        run = run_command(argv, repeat=max(repeat, 7))
        out.append([label, f"{run.seconds:.3f}", f"{run.peak_mib:.0f}"])
    return out


def scaling(corpus: Corpus, cores: int, repeat: int) -> list[list[str]]:
    out = []
    first = None
    for jobs in range(1, cores + 1):
        run = run_command(
            [*spadesctl(), "check", "--jobs", str(jobs), str(corpus.root / "files")], repeat=repeat
        )
        first = first or run.seconds
        out.append(
            [
                str(jobs),
                f"{run.seconds:.2f}",
                f"{corpus.file_hands / run.seconds:,.0f}",
                f"{first / run.seconds:.2f}",
                f"{run.peak_mib:.0f}",
            ]
        )
    return out


def gigabyte(corpus: Corpus, scratch: Path) -> list[str]:
    """Check a >= 1 GiB file made of copies of the large file: time and peak memory."""
    path = scratch / "gigabyte.spades"
    copies = 0
    data = corpus.big.read_bytes()
    with path.open("wb") as out:
        while copies * (len(data) + 1) < GIGABYTE:
            if copies:
                out.write(b"\n")
            out.write(data)
            copies += 1
    try:
        size = path.stat().st_size
        run = run_command([*spadesctl(), "check", "--jobs", "1", str(path)], repeat=1)
        hands = corpus.big_hands * copies
        return [
            f"{size / 1e9:.2f} GB",
            f"{hands:,}",
            f"{run.seconds:.1f}",
            f"{hands / run.seconds:,.0f}",
            f"{run.peak_mib:.0f}",
        ]
    finally:
        path.unlink(missing_ok=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a small corpus: about a minute")
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path(tempfile.gettempdir()) / "spadesctl-bench",
        help="where the corpus is generated and kept (default: a folder in the temp dir)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    parser.add_argument("--scaling", action="store_true", help="also check with --jobs 1..cores")
    parser.add_argument("--gigabyte", action="store_true", help="also check a 1 GB file")
    parser.add_argument("--skip-throughput", action="store_true", help="only the extras")
    args = parser.parse_args(argv)

    spec = QUICK if args.quick else FULL
    root = args.corpus / ("quick" if args.quick else "full")
    print(f"generating or reusing the corpus in {root} ...", file=sys.stderr, flush=True)
    corpus = build(spec, root)
    cores = os.cpu_count() or 1
    facts = machine()
    print("## Machine\n")
    for key, value in facts.items():
        print(f"- {key}: {value}")
    print(
        f"\n## Corpus\n\n- {len(corpus.files)} files, {corpus.file_hands:,} hands, "
        f"{corpus.file_bytes / 1e6:.1f} MB\n- one file of {corpus.big_hands:,} hands, "
        f"{corpus.big_bytes / 1e6:.1f} MB\n- best of {args.repeat} runs per figure\n"
    )
    with tempfile.TemporaryDirectory(prefix="spadesctl-bench-") as tmp:
        scratch = Path(tmp)
        if not args.skip_throughput:
            print("## Throughput\n")
            rows = throughput(corpus, cores, args.repeat, scratch)
            print(table(HEADER, [r.cells() for r in rows]), flush=True)
        print("\n## Start-up\n")
        print(table(["command", "seconds", "peak MiB"], startup(corpus, args.repeat)), flush=True)
        if args.scaling:
            print("\n## Scaling of check with --jobs (the small files)\n")
            header = ["jobs", "seconds", "hands/s", "speed-up", "peak MiB"]
            print(table(header, scaling(corpus, cores, args.repeat)), flush=True)
        if args.gigabyte:
            print("\n## One 1 GB file, check --jobs 1\n")
            header = ["size", "hands", "seconds", "hands/s", "peak MiB"]
            print(table(header, [gigabyte(corpus, scratch)]), flush=True)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
