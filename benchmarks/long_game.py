"""Peak memory on one very long game: ``python -m benchmarks.long_game``.

Builds one game block of ``--hands`` (100,000 by default) ``hand``/``bid``/``took``
triples, 5.3 to 5.6 MB (and the same hands as a thousand games), in which every hand
past the notation's limit of 99 is itself an error (the block is hostile rather than
real: a support desk opens what people send), and runs every command that reads records
on it, in every output format, as a child process, printing a Markdown table of each
command's peak resident set (``ru_maxrss`` of the process and the workers it waited
for), wall time and exit status.  The figures are in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.measure import machine, run_command
from benchmarks.run import spadesctl, table

SEATS = "NESW"


#: How the block is made: hands numbered counting up (every ``hand`` line past 99 is a
#: syntax error, so the lines after it pile into hand 99), or 1 to 99 over and over (every
#: hand a hand of its own, numbered wrong: the case that grew to 1.4 GB); or ``bids``,
#: one hand and then a ``bid`` line for each of the other hands (a game of few hands and
#: very many lines); or ``games``, the same hands as games of 99 (a Rules tag before each
#: hand 1): a file of a thousand games, every one with problems, whose diagnostics
#: ``check`` once held until the file ended; or ``played``, ``--games`` real games played
#: out by the bot (deals, bids, every trick, the sheet), a league's file; ``messy``, the
#: same written by hand (the cards of every trick line in lower case: ``fmt`` changes
#: most lines, so ``--diff`` and ``--write`` have everything to do).
NUMBERINGS = ("up", "cycle", "bids", "games", "played", "messy")


def messy(text: str) -> str:
    """``text`` with the cards of its trick lines in lower case."""
    return "".join(
        " ".join([*line.split()[:3], *(w.lower() for w in line.split()[3:])]) + "\n"
        if line.startswith("trick ")
        else line + "\n"
        for line in text.splitlines()
    )


def played_games(count: int, seed: int = 1) -> str:
    """``count`` complete games of the standard rules played by the bot, as fmt writes
    them (about 5.7 KB a game)."""
    from spadesctl.generate import generate_games
    from spadesctl.notation import format_games
    from spadesctl.rules import parse_rules

    return "".join(format_games(generate_games(count, seed, parse_rules("standard"))))


def long_game(hands: int, numbering: str = "cycle") -> str:
    """One game block: a Rules tag, then ``hands`` hands of a bid line and a took line
    (for ``games``, a Rules tag again before every 99 hands)."""
    lines = ['[Rules "standard"]', ""]
    for count in range(1, hands + 1):
        number = count if numbering == "up" else (count - 1) % 99 + 1
        if numbering == "games" and number == 1 and count > 1:
            lines += ['[Rules "standard"]', ""]
        if numbering != "bids" or count == 1:
            lines.append(f"hand {number} dealer {SEATS[(count - 1) % 4]}")
        lines.append("bid E 3 S 3 W 3 N 4")
        lines.append("took NS 7 EW 6")
        lines.append("")
    return "\n".join(lines)


def write_record(path: Path, numbering: str, args: argparse.Namespace) -> None:
    """The record of ``numbering`` (``args``: its hands, games and copies) in ``path``."""
    if numbering in ("played", "messy"):
        block = played_games(args.games)
        block = messy(block) if numbering == "messy" else block
    else:
        block = long_game(args.hands, numbering)
    path.write_text(block * args.copies, encoding="utf-8")


def commands(record: Path, out: Path) -> dict[str, list[str]]:
    """Every command that reads the record, in every output format, as a user runs it
    (``fmt --write`` rewrites a copy of it, made before each run)."""
    base = spadesctl()
    name = str(record)
    runs: dict[str, list[str]] = {
        "check": [*base, "check", name],
        "check --no-express": [*base, "check", "--no-express", name],
        "check --jobs 2": [*base, "check", "--jobs", "2", name],
        "check --statistics": [*base, "check", "--statistics", name],
    }
    for fmt in ("json", "ndjson", "github"):
        runs[f"check --format {fmt}"] = [*base, "check", "--format", fmt, name]
    runs["score"] = [*base, "score", name]
    runs["score --explain"] = [*base, "score", "--explain", name]
    for fmt in ("json", "csv"):
        runs[f"score --format {fmt}"] = [*base, "score", "--format", fmt, name]
    runs["stats"] = [*base, "stats", name]
    runs["stats --by game"] = [*base, "stats", "--by", "game", name]
    runs["fairness"] = [*base, "fairness", name]
    for table_ in ("games", "hands", "tricks", "violations"):
        for fmt in ("parquet", "csv", "ndjson", "json"):
            target = str(out / f"{table_}.{fmt}")
            argv = [*base, "export", name, "--table", table_, "--format", fmt, "-o", target]
            runs[f"export --table {table_} --format {fmt}"] = argv
    for fmt in ("spades", "pbn", "trick-notation"):
        runs[f"convert --to {fmt}"] = [*base, "convert", "--to", fmt, name]
    runs["fmt"] = [*base, "fmt", name]
    runs["fmt --check"] = [*base, "fmt", "--check", name]
    runs["fmt --diff"] = [*base, "fmt", "--diff", name]
    runs["fmt --write"] = [*base, "fmt", "--write", str(out / "copy.spades")]
    runs["filter"] = [*base, "filter", name]
    runs["filter --to pbn"] = [*base, "filter", "--to", "pbn", name]
    runs["report"] = [*base, "report", name, "-o", str(out / "report")]
    return runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000, help="games of `played`")
    parser.add_argument(
        "--copies", type=int, default=1, help="the block written this many times over"
    )
    parser.add_argument(
        "--only", action="append", help="run only the commands whose name contains this"
    )
    parser.add_argument(
        "--numbering", choices=NUMBERINGS, action="append", help="only these blocks"
    )
    parser.add_argument("--make", type=Path, help="only write the record to this file")
    args = parser.parse_args(argv)
    if args.make is not None:
        write_record(args.make, (args.numbering or ["cycle"])[0], args)
        return 0
    rows = []
    with tempfile.TemporaryDirectory(prefix="spadesctl-long-") as scratch:
        folder = Path(scratch)
        sizes = []
        for numbering in args.numbering or NUMBERINGS:
            record = folder / f"long-{numbering}.spades"
            # made by a child: the measured commands are forked from this process, and
            # a fork's peak counts the pages of its parent (a 50 MB record's, else)
            make = [sys.executable, "-m", "benchmarks.long_game", "--make", str(record)]
            sizes_ = ["--hands", str(args.hands), "--games", str(args.games)]
            numbered = ["--numbering", numbering, "--copies", str(args.copies)]
            subprocess.run([*make, *sizes_, *numbered], check=True)
            sizes.append(f"{numbering} {record.stat().st_size / 1e6:.1f} MB")
            for what, argv_ in commands(record, folder).items():
                if args.only and not any(only in what for only in args.only):
                    continue
                if what == "fmt --write":
                    shutil.copyfile(record, folder / "copy.spades")
                shutil.rmtree(folder / "report", ignore_errors=True)
                run = run_command(argv_, repeat=1, ok=(0, 1, 2))
                cells = [what, numbering, f"{run.peak_mib:.0f}", f"{run.seconds:.1f}"]
                rows.append([*cells, str(run.status)])
                print(" | ".join(rows[-1]), file=sys.stderr, flush=True)  # as it goes
    copies = f", {args.copies} times over" if args.copies > 1 else ""
    print(f"{args.hands:,} hands, {args.games:,} played games{copies} ({', '.join(sizes)})\n")
    print(table(["command", "numbers", "peak MiB", "seconds", "exit"], rows))
    print()
    for key, value in machine().items():
        print(f"- {key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
