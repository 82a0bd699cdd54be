"""Usage errors: a message on standard error and exit status 2, never a traceback."""

from __future__ import annotations

from typing import NoReturn

import typer

from spadesctl.output import is_broken_pipe

EXIT_CLEAN = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


def fail(message: str) -> NoReturn:
    typer.echo(f"spadesctl: error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


__all__ = ["EXIT_CLEAN", "EXIT_PROBLEMS", "EXIT_USAGE", "fail", "is_broken_pipe"]
