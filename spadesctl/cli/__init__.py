"""The command-line interface: a thin layer over the library (``spadesctl.*``)."""

from __future__ import annotations

from spadesctl.cli import check as _check  # noqa: F401  (registers the command)
from spadesctl.cli import convert_cmd as _convert  # noqa: F401
from spadesctl.cli import export_cmd as _export  # noqa: F401
from spadesctl.cli import fmt as _fmt  # noqa: F401
from spadesctl.cli import generate_cmd as _generate  # noqa: F401
from spadesctl.cli import rules_cmd as _rules  # noqa: F401
from spadesctl.cli import score_cmd as _score  # noqa: F401
from spadesctl.cli import stats_cmd as _stats  # noqa: F401
from spadesctl.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app()


__all__ = ["app", "main"]
