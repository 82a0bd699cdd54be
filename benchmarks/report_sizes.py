"""The sizes of ``spadesctl report`` pages, for docs/report.md's page-size budget.

    python -m benchmarks.report_sizes

Ten 20-hand standard games made by the bot (seeds 1 to 10, target 5000 so that each
runs its 20 hands), then every sample record: each page's bytes on disk and gzipped.
Sizes depend only on the records and the templates, not on the machine.
"""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

import spadesctl
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.report.site import write_report
from spadesctl.rules.parse import parse_rules

ROOT = Path(__file__).resolve().parent.parent


def _sizes(page: Path) -> tuple[int, int]:
    data = page.read_bytes()
    return len(data), len(gzip.compress(data))


def main() -> None:
    rules = parse_rules("standard target=5000")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        generated = []
        for seed in range(1, 11):
            [game] = generate_games(1, seed, rules, GenerateOptions(max_hands=20))
            record = work / f"seed{seed}.spades"
            record.write_text(spadesctl.format_game(game), encoding="utf-8")
            write_report([str(record)], work / f"seed{seed}.html")
            generated.append(_sizes(work / f"seed{seed}.html"))
        raw = [r for r, _ in generated]
        packed = [g for _, g in generated]
        print(
            f"20-hand games (10): {min(raw) / 1024:.1f} to {max(raw) / 1024:.1f} KB, "
            f"gzipped {min(packed) / 1024:.1f} to {max(packed) / 1024:.1f} KB"
        )
        site = work / "site"
        write_report([str(ROOT / "samples")], site)
        for page in sorted(site.glob("*.html")):
            size, small = _sizes(page)
            print(f"{page.name:32} {size / 1024:7.1f} KB  gzipped {small / 1024:5.1f} KB")


if __name__ == "__main__":
    main()
