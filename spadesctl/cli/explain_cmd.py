"""``spadesctl explain CODE|NAME``: what a diagnostic means, an example, and the fix."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.explain import UnknownKindError, explain, kind_lines


class ExplainFormat(Enum):
    TEXT = "text"
    JSON = "json"


@app.command(
    "explain",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl explain renege
  spadesctl explain SP401
  spadesctl explain""",
)
def explain_command(
    kind: Annotated[
        str | None,
        typer.Argument(
            metavar="CODE|NAME",
            help="A diagnostic's code (SP304) or name (renege). Without it, list them all.",
        ),
    ] = None,
    output_format: Annotated[
        ExplainFormat,
        typer.Option("--format", help="Markdown text, or a JSON object.", case_sensitive=False),
    ] = ExplainFormat.TEXT,
) -> None:
    """Explain a diagnostic: what it means, an example, and the fix."""
    if kind is None:
        typer.echo("\n".join(kind_lines()))
        return
    try:
        found = explain(kind)
    except UnknownKindError as exc:
        fail(str(exc))
    if output_format is ExplainFormat.JSON:
        typer.echo(json.dumps(found.to_dict(), indent=2))
    else:
        typer.echo(found.format(), nl=False)
