"""Damaged Parquet files for the tests, and ``python -m tests.damaged_parquet FILE...``:
what ``stats`` makes of each file, one JSON object a line (``{"file", "outcome": "ok" |
"error", "message"}``), all read through one :class:`~spadesctl.parquet_guard.ParquetGuard`.

The tests run the command in a child process, so that a file the guard let through could
only bring down that process (a failed test), never the test run itself.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from spadesctl.parquet_guard import ParquetGuard
from spadesctl.tables.exports import ExportError, export_statistics

#: Columns whose first data page header is damaged on purpose (one of each physical type
#: the export writes: boolean, int32, int8, string, dictionary-encoded enum, date).
HEADER_COLUMNS = ("nil", "bid", "spades", "player", "seat", "date")
#: Bytes of a page header (from its start) whose lowest bit is flipped: on this machine
#: (polars 2.1) the flip that makes a page's value count negative (byte 8, 9 or 10 from the
#: header's start, by column) makes polars ask for 2**61 bytes, and Rust aborts the process
#: (polars 2.2 reads the ``player`` column's flips as errors; the others still abort).
HEADER_BYTES = range(6, 12)


def page_header_flips(data: bytes, export: Path) -> dict[str, bytes]:
    """Copies of the export ``data`` (read from ``export``) with the lowest bit of one
    byte of a column's first page header flipped, by name (``header-COLUMN-BYTE``)."""
    import pyarrow.parquet as pq  # a test dependency: where each column's pages start

    group = pq.ParquetFile(export).metadata.row_group(0)
    starts = {
        group.column(i).path_in_schema: group.column(i).data_page_offset
        for i in range(group.num_columns)
    }
    out = {}
    for column in HEADER_COLUMNS:
        for k in HEADER_BYTES:
            damaged = bytearray(data)
            damaged[starts[column] + k] ^= 1
            out[f"header-{column}-{k}"] = bytes(damaged)
    return out


def random_damage(data: bytes) -> dict[str, bytes]:
    """Copies of ``data`` with a bit flipped (``flip-N``: 300, seeded), a run of random
    bytes written over it (``run-N``: 40), or cut short (``cut-END``: every 1/60th)."""
    rng = random.Random(5)  # this seed's flips made polars panic before the first fix
    out = {}
    for n in range(300):
        damaged = bytearray(data)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        out[f"flip-{n}"] = bytes(damaged)
    for n in range(40):
        damaged = bytearray(data)
        at, size = rng.randrange(len(damaged)), rng.randrange(1, 9)
        damaged[at : at + size] = bytes(rng.randrange(256) for _ in range(size))
        out[f"run-{n}"] = bytes(damaged)
    for end in range(0, len(data), max(len(data) // 60, 1)):
        out[f"cut-{end}"] = data[:end]
    return out


def main(paths: Sequence[str]) -> int:
    """Print each file's outcome (see the module's documentation)."""
    with ParquetGuard() as guard:
        for path in paths:
            try:
                export_statistics(path, "player", guard)
                found = {"file": path, "outcome": "ok", "message": ""}
            except ExportError as exc:
                found = {"file": path, "outcome": "error", "message": str(exc)}
            print(json.dumps(found), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
