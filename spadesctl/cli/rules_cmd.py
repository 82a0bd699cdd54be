"""``spadesctl rules``: the presets, and every key of a ruleset with its meaning."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Final

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import fail
from spadesctl.rules.keys import KEYS
from spadesctl.rules.parse import RulesError, format_rules
from spadesctl.rules.presets import PRESETS, STANDARD
from spadesctl.rules.resolve import rules_option
from spadesctl.rules.ruleset import Ruleset

#: One line about each preset (docs/rules.md tells each one's source and details).
PRESET_SUMMARIES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "standard": "the common partnership game: nil 100, blind nil 200, bags, game 500",
        "britannica": "nil 50, blind nil 100, lowest club to the first trick, no double nil",
        "cutthroat": "every player for themselves (3 or 4 players); 2C leads",
        "solo": "cutthroat where each card must beat the trick if it can",
        "two-player": "hands drawn from the stock; moon 250; a failed nil is only bags",
        "jokers": "standard with the two jokers as the top spades (no 2H, 2C)",
        "jjdd": "standard with BJ > LJ > 2D > 2S above the ace of spades",
        "suicide": "one partner of each side bids nil, the other at least 4",
        "mirror": "everyone bids the number of spades they hold",
        "boston": "side bids of 4 to 10, at most two overtricks, first hand unbid",
    }
)


def preset_lines() -> list[str]:
    """``spadesctl rules``: one line per preset."""
    width = max(len(name) for name in PRESETS)
    return [f"{name:<{width}}  {PRESET_SUMMARIES.get(name, '')}".rstrip() for name in PRESETS]


def ruleset_lines(rules: Ruleset) -> list[str]:
    """``spadesctl rules NAME``: the ruleset's text, then every key, value and meaning,
    with the rule sources it comes from (docs/rules.md names them)."""
    values = [
        (key.name, key.format(getattr(rules, key.name)), f"{key.meaning} [{key.source}]")
        for key in KEYS
    ]
    name_width = max(len(n) for n, _, _ in values)
    value_width = max(len(v) for _, v, _ in values)
    base = PRESETS.get(rules.name, STANDARD)
    lines = [f"# {format_rules(rules)}"]
    changed = False
    for name, value, meaning in values:
        differs = getattr(rules, name) != getattr(base, name)
        changed = changed or differs
        mark = "*" if differs else " "
        lines.append(f"{name:<{name_width}}  {value:<{value_width}} {mark} {meaning}")
    if changed:
        lines.append(f"(* differs from the {base.name} preset)")
    return lines


@app.command(
    "rules",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl rules
  spadesctl rules britannica
  spadesctl rules "standard nil=50 bag_limit=off"
  spadesctl rules house.toml""",
)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="RULES",
            help="A preset, rules text ('standard nil=50') or a .toml house-rules file. "
            "Without it, list the presets.",
        ),
    ] = None,
) -> None:
    """List the presets, or show every key of a ruleset.

    With RULES, each key is printed with its value and meaning, and marked where it
    differs from the preset.
    """
    if name is None:
        for line in preset_lines():
            typer.echo(line)
        return
    try:
        rules = rules_option(name)
    except RulesError as exc:
        fail(str(exc))
    for line in ruleset_lines(rules):
        typer.echo(line)
