"""The game filter options, declared once (``spadesctl.cli.game_filters``): each command
that takes them shows the same five options in its parameter's place, and receives what
they were given as one value."""

from __future__ import annotations

import typer
from typer.main import get_command
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.cli.game_filters import NO_FILTERS, GameFilters, game_filters

FILTER_OPTIONS = ["--player", "--event", "--since", "--until", "--preset"]
runner = CliRunner()


def _options(command: str) -> list[str]:
    group = get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    found = group.commands[command]
    return [p.opts[0] for p in found.params if p.param_type_name == "option"]


def test_each_filtering_command_takes_the_five_options_together() -> None:
    for command, before in (("filter", None), ("stats", "--ratings"), ("fairness", None)):
        options = _options(command)
        start = options.index("--player")
        assert options[start : start + 5] == FILTER_OPTIONS, command
        assert (options[start - 1] if start else None) == before, command


def test_a_command_receives_the_filters_as_one_value() -> None:
    toy = typer.Typer()
    seen: list[tuple[GameFilters, int]] = []

    @toy.command()
    @game_filters("this player's games")
    def show(filters: GameFilters = NO_FILTERS, top: int = 1) -> None:
        seen.append((filters, top))

    result = runner.invoke(
        toy, ["--player", "Ann,Bo", "--player", "Cy", "--since", "2026-01-01", "--top", "3"]
    )
    assert result.exit_code == 0, result.output
    assert seen == [(GameFilters(player=["Ann,Bo", "Cy"], since="2026-01-01"), 3)]
    assert "Only this player's games" in runner.invoke(toy, ["--help"]).output

    seen.clear()
    assert runner.invoke(toy, []).exit_code == 0
    assert seen == [(NO_FILTERS, 1)]
    assert NO_FILTERS.values() == (None, None, None, None, None)
