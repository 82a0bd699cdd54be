"""``spadesctl generate``: random legal games, for samples, tests and benchmarks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.cli.options import checked_rules
from spadesctl.notation import format_games
from spadesctl.output import OutputError, write_text
from spadesctl.rules.resolve import rules_option


@app.command(
    "generate",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl generate -n 10 --seed 7 > games.spades
  spadesctl generate -n 100 --rules "cutthroat players=3" -o cutthroat.spades
  spadesctl generate --hands-only --rules britannica""",
)
def generate_command(
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="How many games.")
    ] = 1,
    seed: Annotated[
        int,
        typer.Option(metavar="N", help="Random seed: the same seed gives the same games."),
    ] = 0,
    rules: Annotated[
        str,
        typer.Option(
            metavar="RULES",
            callback=checked_rules,
            help="Ruleset: a preset, 'PRESET key=value ...', or a .toml file "
            "(see spadesctl rules).",
        ),
    ] = "standard",
    hands_only: Annotated[
        bool,
        typer.Option(
            "--hands-only", help="Score sheets: bids and took lines, no deal or card play."
        ),
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file (- for standard output)."
        ),
    ] = None,
) -> None:
    """Generate random complete games played legally by a bot.

    Every game is played to its end and scored; the records are canonical and check
    clean.  For samples, tests and benchmarks.
    """
    from spadesctl.generate import GenerateOptions, generate_games

    options = GenerateOptions(hands_only=hands_only)
    chunks = format_games(generate_games(games, seed, rules_option(rules), options))
    try:
        write_text(output, chunks)
    except OutputError as exc:
        fail(str(exc))
