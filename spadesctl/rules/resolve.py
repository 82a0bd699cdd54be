"""Which ruleset applies to a game.

A game's own ``[Rules "..."]`` tag comes first; a game that declares none is played
under the default the caller gives (``--rules``: rules text, or a ``.toml`` house-rules
file), else ``standard``.  A Rules tag is read on its own, from ``standard`` when it
names no preset (``[Rules "nil=50"]`` is ``standard nil=50`` whatever ``--rules``
says), so a record means the same thing on every command line.  An invalid tag is an
``invalid-rules`` diagnostic at the tag, and the game falls back to the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from spadesctl.diagnostics import INVALID_RULES, Diagnostic
from spadesctl.record import Game
from spadesctl.rules.parse import RulesError, load_rules_toml, parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset
from spadesctl.values import fast_init


def empty_rules_message(option: str = "--rules") -> str:
    """What an option given an empty ruleset says (every command reads ``--rules`` alike)."""
    return f"{option} needs a ruleset (a preset such as 'standard', or a TOML file)"


def rules_option(value: str | None) -> Ruleset:
    """The ruleset of a ``--rules`` value: ``None`` is ``standard``; a value ending in
    ``.toml`` is a house-rules file; anything else is rules text (``standard nil=50``).

    Raises :class:`~spadesctl.rules.RulesError` naming the valid keys or values, and
    for a file that cannot be read.
    """
    if value is None or not value.strip():
        return STANDARD
    if value.strip().lower().endswith(".toml"):
        try:
            return load_rules_toml(Path(value.strip()))
        except OSError as exc:
            raise RulesError(
                f"{value}: cannot read the rules file ({exc.strerror or exc})"
            ) from None
    return parse_rules(value)


def declared_rules(tag: str | None, default: Ruleset = STANDARD) -> Ruleset:
    """The ruleset of a game whose ``[Rules]`` tag reads ``tag`` (``None``: it has none).

    The one reading of "which ruleset applies": the tag, read on its own (from
    ``standard`` when it names no preset), else ``default``.  Raises
    :class:`~spadesctl.rules.RulesError` for a tag that is not valid rules text.
    """
    return default if tag is None else parse_rules(tag)


@fast_init
@dataclass(frozen=True, slots=True)
class GameRules:
    """The ruleset a game is played under, where it came from, and the problems of its
    Rules tag (an ``invalid-rules`` diagnostic for each bad key or value; the ruleset is
    then the default, and ``check`` and ``score`` referee the game no further)."""

    rules: Ruleset
    source: str  # "tag", "default"
    problems: tuple[Diagnostic, ...] = ()


def rules_for_game(game: Game, default: Ruleset = STANDARD, file: str | None = None) -> GameRules:
    """The ruleset of ``game``: its Rules tag, else ``default``."""
    tag = game.tag_event("Rules")
    if tag is None:
        return GameRules(default, "default")
    try:
        return GameRules(declared_rules(tag.value, default), "tag")
    except RulesError as exc:
        problems = tuple(
            Diagnostic(
                INVALID_RULES,
                f"{problem} (the game is refereed no further until its Rules tag is valid)",
                file=game.source if file is None else file,
                line=tag.pos.line,
                column=tag.pos.column,
                game=game.index,
            )
            for problem in exc.problems
        )
        return GameRules(default, "default", problems)
