"""Usage errors: a message on standard error and exit status 2, never a traceback."""

from __future__ import annotations

import errno
from typing import NoReturn

import typer

EXIT_CLEAN = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


def fail(message: str) -> NoReturn:
    typer.echo(f"spadesctl: error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def is_broken_pipe(exc: BaseException) -> bool:
    """Whether ``exc`` says the reader of our output went away (``spadesctl ... | head``);
    polars raises a bare :class:`OSError` whose message says so."""
    if isinstance(exc, BrokenPipeError):
        return True
    return isinstance(exc, OSError) and (
        exc.errno == errno.EPIPE or str(exc).startswith("Broken pipe")
    )
