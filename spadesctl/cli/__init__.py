"""The command-line interface: a thin layer over the library (``spadesctl.*``)."""

from __future__ import annotations

import os
import sys

from spadesctl.cli import check as _check  # noqa: F401  (registers the command)
from spadesctl.cli import convert_cmd as _convert  # noqa: F401
from spadesctl.cli import explain_cmd as _explain  # noqa: F401
from spadesctl.cli import export_cmd as _export  # noqa: F401
from spadesctl.cli import fairness_cmd as _fairness  # noqa: F401
from spadesctl.cli import filter_cmd as _filter  # noqa: F401
from spadesctl.cli import fmt as _fmt  # noqa: F401
from spadesctl.cli import formats_cmd as _formats  # noqa: F401
from spadesctl.cli import generate_cmd as _generate  # noqa: F401
from spadesctl.cli import report_cmd as _report  # noqa: F401
from spadesctl.cli import rules_cmd as _rules  # noqa: F401
from spadesctl.cli import score_cmd as _score  # noqa: F401
from spadesctl.cli import stats_cmd as _stats  # noqa: F401
from spadesctl.cli.app import app
from spadesctl.cli.errors import EXIT_USAGE
from spadesctl.output import ReaderGone, cannot_write, exit_on_termination, is_broken_pipe

#: The exit status after the reader of standard output went away (128 + SIGPIPE).
BROKEN_PIPE = 141


def main() -> None:
    """Console-script entry point.

    A failed write to standard output (``spadesctl check ... > /dev/full``) is one line
    naming it and exit status 2, never a traceback; a reader that went away
    (``spadesctl export ... -o - | head``) ends the command quietly, exit status 141.
    """
    exit_on_termination()
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # what is still buffered fails here, not at exit
    except ReaderGone:
        _silence_stdout()
        sys.exit(BROKEN_PIPE)
    except OSError as exc:
        if is_broken_pipe(exc):
            # stop quietly, with the status of a command ended by SIGPIPE (128 + 13), as
            # a C tool's would be: not 1, which says problems were found; and keep
            # Python from complaining when it flushes standard output at exit
            _silence_stdout()
            sys.exit(BROKEN_PIPE)
        if exc.filename is not None:
            raise  # not an output: a bug, shown as one
        _silence_stdout()
        print(f"spadesctl: error: {cannot_write('-', exc)}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def _silence_stdout() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


__all__ = ["app", "main"]
