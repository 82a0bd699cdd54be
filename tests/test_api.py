"""The library API: what the README shows (load, iter_games, check, ruleset_of,
referee_game, format_game), the public names, and the one hierarchy of errors."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import spadesctl
from spadesctl import referee
from spadesctl.cards import Side, card
from spadesctl.config import ConfigError
from spadesctl.diagnostics import Diagnostic, Kind
from spadesctl.explain import UnknownKindError
from spadesctl.notation.parser import NotationError
from spadesctl.notation.reader import BinaryFileError
from spadesctl.registry import UnknownFormatError
from spadesctl.report.site import ReportError
from spadesctl.rules import PRESETS, Ruleset, parse_rules
from spadesctl.scoring.model import ScoringError
from spadesctl.selection import SelectorError
from spadesctl.tables.exports import ExportError
from spadesctl.tables.query import QueryError
from spadesctl.tables.writers import OutputError

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_check_finds_the_planted_mistakes() -> None:
    found = spadesctl.check(SAMPLES / "mistakes")
    assert [(Path(d.file).name, d.name) for d in found] == [
        ("early-spade-lead.spades", "spades-not-broken"),
        ("forgot-bag-penalty.spades", "score-mismatch"),
        ("renege.spades", "renege"),
    ]


def test_referee_game_replays_and_scores() -> None:
    [game] = spadesctl.load(SAMPLES / "blind-nil.spades")
    refereed = spadesctl.referee_game(game, spadesctl.ruleset_of(game))
    assert refereed.result is not None
    assert refereed.result.winner is Side.NS
    # hand by hand in samples/README.md: NS 543, EW 440 after hand 6
    assert refereed.standing.score(Side.NS) == 543
    assert refereed.standing.score(Side.EW) == 440


def test_rules_option_applies_only_to_records_without_a_rules_tag() -> None:
    text = '[Event "x"]\nhand 1 dealer N\nbid N nil E 3 S 4 W 4\ntook N 0 E 4 S 5 W 4\n'
    [game] = spadesctl.parse_text(text)
    # nil=50 (britannica): NS bid 4 took 5 -> 41, N nil made +50 = 91
    britannica = spadesctl.ruleset_of(game, "britannica")
    assert spadesctl.referee_game(game, britannica).standing.score(Side.NS) == 91
    standard = spadesctl.ruleset_of(game)
    assert spadesctl.referee_game(game, standard).standing.score(Side.NS) == 141


def test_iter_games_streams_and_format_game_round_trips() -> None:
    games = list(spadesctl.iter_games(SAMPLES / "league-night.spades"))
    assert [g.tag("Round") for g in games] == ["1", "2", "3"]
    assert spadesctl.parse_text(spadesctl.format_game(games[1])) == [games[1]]


# ---- the public names ---------------------------------------------------------------


def test_every_public_name_resolves() -> None:
    for name in spadesctl.__all__:
        assert getattr(spadesctl, name) is not None, name
    assert spadesctl.Diagnostic is Diagnostic
    assert spadesctl.Kind is Kind
    assert spadesctl.Ruleset is Ruleset
    assert spadesctl.referee_game is referee.referee_game


#: Library modules that need an optional extra: module -> the package it imports.
_OPTIONAL = {"spadesctl.engines.ray_engine": "ray"}


def _public_functions() -> dict[str, list[tuple[str, Callable[..., Any]]]]:
    """Every public function of every library module, by name: (module, function)."""
    found: dict[str, list[tuple[str, Callable[..., Any]]]] = {}
    for info in pkgutil.walk_packages(spadesctl.__path__, "spadesctl."):
        if info.name == "spadesctl.__main__" or info.name.startswith("spadesctl.cli."):
            continue  # the command line: its functions are its commands, not the library
        if info.name in _OPTIONAL and importlib.util.find_spec(_OPTIONAL[info.name]) is None:
            continue  # needs an optional extra that is not installed
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isfunction(value) and not name.startswith("_"):
                found.setdefault(name, []).append((info.name, value))
    return found


def test_no_two_functions_of_one_public_name_take_different_arguments() -> None:
    """``spadesctl.X`` and ``spadesctl.some.module.X`` are one function, or at least
    take the same arguments: a name means one thing."""
    functions = _public_functions()
    differing = []
    for name in spadesctl.__all__:
        top = getattr(spadesctl, name)
        if not inspect.isfunction(top):
            continue
        for module, other in functions.get(name, []):
            if other is not top and inspect.signature(other) != inspect.signature(top):
                differing.append(f"{module}.{name}")
    assert differing == []


def test_importing_the_package_leaves_the_engine_unloaded() -> None:
    code = "import sys, spadesctl; print(sorted(m for m in sys.modules if 'spadesctl.re' in m))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert "spadesctl.referee" not in out and "spadesctl.replay" not in out


# ---- one hierarchy of errors ----------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "category", "builtin"),
    [
        (NotationError, spadesctl.NotationSyntaxError, ValueError),
        (spadesctl.RulesError, spadesctl.RulesError, ValueError),
        (ScoringError, spadesctl.RulesError, ValueError),
        (spadesctl.RecordReadError, spadesctl.SpadesctlIOError, OSError),
        (BinaryFileError, spadesctl.SpadesctlIOError, ValueError),  # ValueError, as before
        (OutputError, spadesctl.SpadesctlIOError, OSError),
        # the errors of the commands' library calls: what a caller asked for is refused
        (ExportError, spadesctl.SpadesctlError, ValueError),
        (QueryError, spadesctl.SpadesctlError, ValueError),
        (ConfigError, spadesctl.SpadesctlError, ValueError),
        (SelectorError, spadesctl.SpadesctlError, ValueError),
        (ReportError, spadesctl.SpadesctlError, Exception),
        (UnknownKindError, spadesctl.SpadesctlError, LookupError),
        (UnknownFormatError, spadesctl.SpadesctlError, LookupError),
    ],
)
def test_each_error_is_a_spadesctl_error_of_its_kind_and_its_old_builtin(
    error: type[Exception], category: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, category)
    assert issubclass(error, spadesctl.SpadesctlError)
    assert issubclass(error, builtin)


def test_what_the_library_refuses_raises_by_meaning(tmp_path: Path) -> None:
    with pytest.raises(spadesctl.SpadesctlIOError, match="no such file") as read:
        spadesctl.load(tmp_path / "missing.spades")
    assert isinstance(read.value, OSError)
    with pytest.raises(spadesctl.RulesError, match="nill") as rules:
        parse_rules("standard nill=50")
    assert isinstance(rules.value, ValueError)
    with pytest.raises(spadesctl.NotationSyntaxError, match="not a card") as syntax:
        card("XH")
    assert isinstance(syntax.value, ValueError)
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"hand 1 dealer N\n\x00\x01\n")
    with pytest.raises(spadesctl.SpadesctlIOError, match="NUL bytes"):
        spadesctl.load(binary)
    [game] = spadesctl.parse_text('[Rules "standard"]\nhand 1 dealer N\n')
    with pytest.raises(spadesctl.RulesError):
        spadesctl.ruleset_of(game, "standard nill=50")  # the default given is invalid


def test_ruleset_of_reads_the_tag_as_check_does() -> None:
    [tagged, bad, plain] = spadesctl.parse_text(
        '[Rules "britannica"]\nhand 1 dealer N\n\n'
        '[Rules "standard nill=50"]\nhand 1 dealer N\n\n'
        '[Event "x"]\nhand 1 dealer N\n'
    )
    assert spadesctl.ruleset_of(tagged, "jokers") == PRESETS["britannica"]
    assert spadesctl.ruleset_of(bad, "jokers") == PRESETS["jokers"]  # check: invalid-rules
    assert spadesctl.ruleset_of(plain, PRESETS["jokers"]) == PRESETS["jokers"]
    assert spadesctl.ruleset_of(plain) == PRESETS["standard"]
