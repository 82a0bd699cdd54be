"""Instructions per hand of ``check_file`` (or of another command's library call),
counted by valgrind's callgrind.

``python -m benchmarks.instructions`` generates 12 files of about 100 fully played
``standard`` hands each (the first 12 files of the benchmark corpus, same seeds), then
runs ``check_file`` under callgrind on the first 2 files and on all 12. The difference
between the two counts, divided by the hands of files 3 to 12, is the steady cost of a
hand: start-up, imports and warm-up cancel out. Counts do not depend on the load of the
machine, so two versions of the code can be compared on a shared machine.

``--rules`` generates the games of another ruleset (``--rules two-player``: hands drawn),
in a corpus folder of its own.  ``--command`` measures another command's work the same
way: ``baseline`` (reading the files and splitting every line, the benchmark's floor),
``export`` (the ``hands`` table to Parquet), ``stats`` (the player figures from the
records), ``score`` (the JSON score sheets), ``score-csv`` and ``score-text`` (the CSV and
text ones); ``--no-express`` gives the full engine for every game.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.corpus import _chunk
from spadesctl.rules import parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset

_SEED = 2024
_HANDS = 100
#: Each command's work as a child program over the paths in ``sys.argv[2:]``
#: (``sys.argv[1]``: ``1`` for the express path, ``0`` for the full engine everywhere).
_CHILDREN = {
    "check": (
        "import sys\n"
        "from spadesctl.checking import CheckOptions, check_file\n"
        "options = CheckOptions(express=sys.argv[1] == '1')\n"
        "for p in sys.argv[2:]:\n"
        "    assert not check_file(p, options).diagnostics, p\n"
    ),
    "baseline": (
        "import sys\n"
        "from benchmarks.measure import _split_file\n"
        "for p in sys.argv[2:]:\n"
        "    _split_file(p)\n"
    ),
    "export": (
        "import sys, tempfile, os\n"
        "from spadesctl.emit import TABLE_FORMATS\n"
        "from spadesctl.exporting import export_table\n"
        "out = os.path.join(tempfile.mkdtemp(), 'hands.parquet')\n"
        "fmt = TABLE_FORMATS.get('parquet')\n"
        "s = export_table(sys.argv[2:], 'hands', fmt, out, jobs=1, express=sys.argv[1] == '1')\n"
        "assert s.written and not s.failures\n"
    ),
    "stats": (
        "import sys\n"
        "from spadesctl.tables.query import StatsRequest, run_stats\n"
        "run_stats(StatsRequest(tuple(sys.argv[2:]), jobs=1, express=sys.argv[1] == '1'))\n"
    ),
    "score": (
        "import io, sys\n"
        "from spadesctl.score_run import score_files\n"
        "from spadesctl.sheet.render import write_json\n"
        "write_json(score_files(sys.argv[2:], express=sys.argv[1] == '1'), io.StringIO())\n"
    ),
    **{
        f"score-{fmt}": (
            "import io, sys\n"
            "from spadesctl.emit import SHEET_FORMATS, SheetSettings\n"
            "from spadesctl.score_run import score_files\n"
            f"out = SHEET_FORMATS.get('{fmt}').emitter(io.StringIO(), SheetSettings())\n"
            "out.start()\n"
            "for report in score_files(sys.argv[2:], express=sys.argv[1] == '1'):\n"
            "    out.write(report)\n"
            "out.finish()\n"
        )
        for fmt in ("csv", "text")
    },
}


def _corpus(root: Path, files: int, rules: Ruleset = STANDARD) -> list[tuple[Path, int]]:
    root.mkdir(parents=True, exist_ok=True)
    out: list[tuple[Path, int]] = []
    for i in range(files):
        path = root / f"games-{i:04d}.spades"
        count = root / f"games-{i:04d}.hands"
        if not path.is_file() or not count.is_file():
            text, hands = _chunk(_SEED * 100_000 + i, _HANDS, rules)
            path.write_text(text, encoding="utf-8", newline="\n")
            count.write_text(str(hands), encoding="utf-8")
        out.append((path, int(count.read_text(encoding="utf-8"))))
    return out


def _instructions(paths: list[Path], command: str = "check", express: bool = True) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                _CHILDREN[command],
                "1" if express else "0",
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
    parser.add_argument("--corpus", type=Path, help="the folder of the generated files")
    parser.add_argument(
        "--rules", default="standard", help="the ruleset of the generated games (rules text)"
    )
    parser.add_argument("--command", choices=sorted(_CHILDREN), default="check")
    parser.add_argument("--no-express", action="store_true", help="the full engine for all")
    args = parser.parse_args()
    rules = parse_rules(args.rules)
    corpus = args.corpus
    if corpus is None:  # standard's games in the folder they always had; others beside it
        suffix = "" if rules == STANDARD else "-" + re.sub(r"[^A-Za-z0-9]+", "-", args.rules)
        corpus = Path(tempfile.gettempdir()) / f"spadesctl-instr{suffix}"
    files = _corpus(corpus, 12, rules)
    few = _instructions([p for p, _ in files[:2]], args.command, not args.no_express)
    many = _instructions([p for p, _ in files], args.command, not args.no_express)
    hands = sum(h for _, h in files[2:])
    print(f"2 files: {few:,} instructions; 12 files: {many:,}; {hands} hands between")
    print(f"instructions per hand: {(many - few) / hands:,.0f}")


if __name__ == "__main__":
    main()
