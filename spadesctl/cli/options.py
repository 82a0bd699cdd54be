"""Options shared by several commands, defined once so that they read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

from spadesctl.cli.app import MAX_JOBS

JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=0,
        max=MAX_JOBS,
        metavar="N",
        help="Worker processes; 0 picks one per core for large inputs.",
    ),
]

#: ``--rules`` (``--default-rules`` for stats and export): the name comes from the parameter.
RulesOption = Annotated[
    str | None,
    typer.Option(
        metavar="RULES",
        help="Ruleset for records that declare none: 'PRESET key=value ...' or a TOML "
        "file (see spadesctl rules).  [default: standard]",
    ),
]
