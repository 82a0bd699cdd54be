"""The child process of :class:`spadesctl.parquet_guard.ParquetGuard`: reads each
Parquet file it is asked about, whole, and says whether that raised.

Run as a script (``python -P parquet_child.py``), it imports only the standard library
and polars (never spadesctl: it starts as fast as polars imports).  Protocol, one JSON
value a line: the child first writes ``"ready"`` (polars imported), then answers each
path (or ``[path, columns]``: only those columns) read from standard input with
``null`` (read whole) or ``[kind, message]`` (the exception's class name and message).
A file that kills the child gets no answer.  It ignores ``SIGINT`` (the user's Ctrl-C
belongs to the parent) and ends when its standard input closes.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import IO, Final

#: The child's first line, once polars is imported.
READY: Final = "ready"


def read_whole(path: str, columns: list[str] | None = None) -> None:
    """Read the file at ``path`` as a caller could: its schema, then every value of every
    column (of ``columns`` only, those the caller will read, when given), hashed and
    summed on the streaming engine (memory stays bounded; a hash cannot be answered
    without decoding each value).  A column of a type that cannot be hashed: the file
    read into memory instead.

    (Not ``collect_batches``: in polars 2.1 a panic while it reads ends its batches
    early, silently, so a damaged file looked whole.)"""
    import polars as pl

    scan = pl.scan_parquet(path)
    names = scan.collect_schema().names()
    if columns is not None:
        scan = scan.select([c for c in columns if c in names])
    try:
        scan.select(pl.all().hash().sum()).collect(engine="streaming")
    except pl.exceptions.PolarsError:
        scan.collect(engine="streaming")


def serve(requests: IO[bytes], answers: IO[str]) -> None:
    """Answer each path read from ``requests`` (see the module's documentation)."""
    for line in requests:
        request = json.loads(line)  # a path, or [path, the columns to read]
        path, columns = (request, None) if isinstance(request, str) else request
        answer: list[str] | None = None
        try:
            read_whole(path, columns)
        except BaseException as exc:  # a Rust panic is a BaseException
            answer = [type(exc).__name__, str(exc)[:2000]]
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # what native code prints goes nowhere
    import polars  # noqa: F401  (imported before "ready": the parent's wait covers it)

    answers.write(json.dumps(READY) + "\n")
    answers.flush()
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
