"""``spadesctl generate``: random legal games, for samples, tests and benchmarks."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import app
from spadesctl.cli.errors import fail
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_games
from spadesctl.rules.parse import RulesError
from spadesctl.rules.resolve import rules_option


@app.command("generate")
def generate_command(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[int, typer.Option(help="Random seed: the same seed gives the same games.")] = 0,
    rules: Annotated[
        str,
        typer.Option(help="Ruleset: a preset, 'PRESET key=value ...', or a .toml file."),
    ] = "standard",
    hands_only: Annotated[
        bool,
        typer.Option(
            "--hands-only", help="Score sheets: bids and took lines, no deal or card play."
        ),
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file, not stdout.")
    ] = None,
) -> None:
    """Generate complete random games played legally by a simple bot, scored to the end."""
    try:
        ruleset = rules_option(rules)
    except RulesError as exc:
        fail(f"--rules: {exc}")
    options = GenerateOptions(hands_only=hands_only)
    chunks = format_games(generate_games(games, seed, ruleset, options))
    if output is None or str(output) == "-":
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    try:
        _write_new(output, "".join(chunks))
    except OSError as exc:
        fail(f"{output}: cannot be written ({exc.strerror or exc})")


def _write_new(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never half a file)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
