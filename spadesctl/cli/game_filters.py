"""The game filters of ``filter``, ``stats`` and ``fairness`` declared once, given to a
command as one value.

Typer makes one command-line parameter of each function parameter, so a group of
options shared by several commands would be written out in each.  Instead a command
declares one parameter of type :class:`GameFilters` and is decorated with
:func:`game_filters`, which puts ``--player``, ``--event``, ``--since``, ``--until``
and ``--preset`` in that parameter's place (the order of ``--help``) and hands the
command what they were given as one :class:`GameFilters`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Annotated, Any, Final, TypeVar

from spadesctl.cli.options import (
    EventOption,
    PresetOption,
    SinceOption,
    UntilOption,
    player_option,
)

_R = TypeVar("_R")

#: A repeatable option's values, each maybe a comma-separated list.
Names = list[str] | None


@dataclass(frozen=True, slots=True)
class GameFilters:
    """The game filters as the command line gives them: repeatable (or comma-separated)
    lists, dates as text; ``None`` where an option is not given."""

    player: Names = None
    event: Names = None
    since: str | None = None
    until: str | None = None
    preset: Names = None

    def values(self) -> tuple[Names, Names, str | None, str | None, Names]:
        """The filters in their order (player, event, since, until, preset)."""
        return (self.player, self.event, self.since, self.until, self.preset)


#: A command's default: no filter given (its parameter's default value).
NO_FILTERS: Final = GameFilters()

_NAMES = tuple(f.name for f in fields(GameFilters))


def game_filters(player: str) -> Callable[[Callable[..., _R]], Callable[..., _R]]:
    """Decorate a command whose :class:`GameFilters` parameter (its default
    :data:`NO_FILTERS`) stands for the five filter options; ``player`` says what
    ``--player`` keeps (``this player's hands``)."""
    options = {
        "player": Annotated[Names, player_option(player)],
        "event": EventOption,
        "since": SinceOption,
        "until": UntilOption,
        "preset": PresetOption,
    }

    def decorate(command: Callable[..., _R]) -> Callable[..., _R]:
        signature = inspect.signature(command, eval_str=True)
        (bundle,) = (p.name for p in signature.parameters.values() if p.annotation is GameFilters)
        parameters: list[inspect.Parameter] = []
        for p in signature.parameters.values():
            if p.name != bundle:
                parameters.append(p)
                continue
            for name in _NAMES:
                kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
                parameters.append(
                    inspect.Parameter(name, kind, default=None, annotation=options[name])
                )

        @functools.wraps(command)
        def run(**given: Any) -> _R:
            chosen = GameFilters(*(given.pop(name) for name in _NAMES))
            return command(**given, **{bundle: chosen})

        shown = signature.replace(parameters=parameters)
        run.__signature__ = shown  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        run.__annotations__["return"] = shown.return_annotation
        return run

    return decorate
