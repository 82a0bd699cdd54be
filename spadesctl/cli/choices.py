"""A ``--format``/``--to`` option whose choices are a registry's names, read when the
command line is parsed (so a format registered after the CLI was imported is offered).

typer builds a choice from an enum when the command is declared; the registries of
:mod:`spadesctl.record_formats` and :mod:`spadesctl.emit` grow at run time (a test, a
plugin), so the choices here are a function.  ``typer._types.TyperChoice`` is typer's
own choice type (typer is pinned below 0.29 in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from typer._types import TyperChoice


class RegistryChoice(TyperChoice[str]):
    """The choices ``names()`` gives, as they are when the value is checked."""

    def __init__(self, names: Callable[[], Sequence[str]]) -> None:
        self._names = names
        self.case_sensitive = True

    @property
    def choices(self) -> Sequence[str]:
        return tuple(self._names())

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        raise AttributeError("the choices are the registry's")
