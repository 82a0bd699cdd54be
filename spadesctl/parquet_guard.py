"""Untrusted Parquet files read first in a child process, so that no file can bring down
the process that uses it.

polars turns most damaged files into an exception, but not all: a flipped bit in a page
header can make its reader ask for an impossible allocation (``memory allocation of
2305843009213693912 bytes failed``), and Rust then aborts the whole process (``Fatal
Python error: Aborted``), which no handler can catch.  So before a command reads a
Parquet file it did not write itself, a :class:`ParquetGuard` has a child process read
it with polars' own reader, exactly once: the metadata and every page of every column,
streamed in batches (memory stays bounded).  A child that dies reading a file (a signal,
an abrupt exit) says the file is damaged; a child that raised says why it cannot be
read; the caller then reads only files the child read whole.

One child serves every file of a guard (started when the guard is made, so that its
start overlaps the caller's own work; it reads one file at a time, asked over a pipe),
and a new child takes over after one dies.  Nothing is kept between guards, except in a
worker process that reads files for many tasks over its life (a Ray worker, given one
shard a task): :func:`worker_guard` is that process's one guard, reused by every task.

The child is :mod:`spadesctl.parquet_child` run as a script: it imports only the
standard library and polars, so it starts as fast as polars imports.  It ignores
``SIGINT`` (the user's Ctrl-C belongs to the parent, which then closes the guard) and
ends when its standard input closes.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Final

from spadesctl import parquet_child
from spadesctl.errors import SpadesctlIOError


class GuardError(SpadesctlIOError):
    """The child that reads Parquet files could not be started (no polars for the
    interpreter, no processes left): no file can be vouched for."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the guard found reading one file: ``problem`` is ``None`` when the child
    read all of it, else one line saying why it cannot be read (without the file's
    name); ``died`` when the file killed the child."""

    problem: str | None
    died: bool = False

    @property
    def readable(self) -> bool:
        return self.problem is None


READABLE: Final = Verdict(None)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


#: A file the Rust reader gave up on (a panic; its message says where in its code).
DAMAGED: Final = "a damaged Parquet file (it cannot be read)"


def death_problem(returncode: int | None) -> str:
    """The problem of a file that ended the child reading it (``returncode`` as
    :class:`subprocess.Popen` gives it: minus the signal's number for a signal)."""
    if returncode is not None and returncode < 0:
        return f"a damaged Parquet file (reading it killed the reader: {_signal_name(-returncode)})"
    return f"a damaged Parquet file (the Parquet reader stopped, exit status {returncode})"


def _first_line(message: str, kind: str) -> str:
    lines = message.strip().splitlines()
    return lines[0] if lines else kind


def error_problem(kind: str, message: str) -> str:
    """The problem of a file whose reading raised an exception of class ``kind`` with
    ``message`` (what the child answers): one line."""
    return DAMAGED if kind == "PanicException" else _first_line(message, kind)


def exception_problem(exc: BaseException) -> str:
    """The problem of a file whose reading raised ``exc`` in this process: one line."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a directory, not a Parquet file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return error_problem(type(exc).__name__, str(exc))


def path_problem(path: str) -> str | None:
    """Why ``path`` cannot even be opened (no such file, a directory, no permission),
    or ``None``: found in this process, no child is needed for these."""
    try:
        with open(path, "rb"):
            return None
    except OSError as exc:
        return exception_problem(exc)


class ParquetGuard:
    """A child process that reads Parquet files before this process does (see the
    module's documentation); a context manager, closed (the child ended) on exit.

    >>> with ParquetGuard() as guard:            # doctest: +SKIP
    ...     verdict = guard.check("hands.parquet")
    """

    def __init__(self) -> None:
        self._child: subprocess.Popen[bytes] | None = None
        self._ready = False
        #: How many children this guard has started (one, plus one after each death).
        self.started = 0
        #: How many files it has been asked about.
        self.checked = 0
        self._start()

    @property
    def pid(self) -> int | None:
        """The running child's process id, if one runs."""
        return None if self._child is None else self._child.pid

    def __enter__(self) -> ParquetGuard:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            child = subprocess.Popen(
                # -P: nothing from the current directory shadows polars
                [sys.executable, "-P", os.path.abspath(parquet_child.__file__)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # a panic's message and backtrace go there
            )
        except OSError as exc:
            raise GuardError(f"cannot start the Parquet reader process: {exc}") from None
        self._child, self._ready = child, False
        self.started += 1
        return child

    def _answer(self, child: subprocess.Popen[bytes]) -> tuple[object] | None:
        """The child's next answer (in a tuple), ``None`` when it is gone."""
        assert child.stdout is not None
        line = child.stdout.readline()
        return (json.loads(line),) if line else None

    def _running(self) -> subprocess.Popen[bytes]:
        child = self._child if self._child is not None else self._start()
        if not self._ready:
            if self._answer(child) != (parquet_child.READY,):
                code = self._end()
                raise GuardError(
                    f"the Parquet reader process did not start (exit status {code}): "
                    f"{sys.executable} -c 'import polars' fails?"
                )
            self._ready = True
        return child

    def check(self, path: str, columns: Sequence[str] | None = None) -> Verdict:
        """Whether ``path`` can be read safely: read whole by the child (a new one if
        the last died), or only its ``columns`` (and its schema) when the caller reads
        no other.  Raises :class:`GuardError` only when no child can start."""
        self.checked += 1
        problem = path_problem(path)
        if problem is not None:
            return Verdict(problem)
        child = self._running()
        assert child.stdin is not None
        where = os.path.abspath(path)
        request = where if columns is None else [where, list(columns)]
        try:
            child.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            child.stdin.flush()
            answer = self._answer(child)
        except OSError:  # the child is gone (a broken pipe)
            answer = None
        if answer is None:
            return Verdict(death_problem(self._end()), died=True)
        (found,) = answer
        if not isinstance(found, list):
            return READABLE
        kind, message = found
        return Verdict(error_problem(str(kind), str(message)))

    def _end(self) -> int | None:
        """End the child (at once: it holds nothing to save), its pipes closed; its
        exit status (``None`` when there was none)."""
        child, self._child = self._child, None
        if child is None:
            return None
        if child.poll() is None:
            child.kill()
        code = child.wait()
        for pipe in (child.stdin, child.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # what was left unsent is moot
                    pipe.close()
        return code

    def close(self) -> None:
        """End the child, if one runs."""
        self._end()


@functools.cache
def _guard_of_process(pid: int) -> ParquetGuard:
    guard = ParquetGuard()
    atexit.register(guard.close)
    return guard


def worker_guard() -> ParquetGuard:
    """This process's guard, for a worker that runs many tasks over its life (a Ray
    worker reading one shard a task): started by the first task that asks, reused by
    the next (one child per worker, not one per shard: a child's start is a Python
    start and a polars import), and ended when the process exits (or, if the process is
    killed, by its own standard input closing).  A forked process gets a guard of its
    own."""
    return _guard_of_process(os.getpid())


__all__ = [
    "DAMAGED",
    "READABLE",
    "GuardError",
    "ParquetGuard",
    "Verdict",
    "death_problem",
    "error_problem",
    "exception_problem",
    "path_problem",
    "worker_guard",
]
