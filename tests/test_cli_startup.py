"""Start-up: ``spadesctl --help`` and ``check`` of a small file load no heavy modules.

polars (about half a second to import) belongs to ``stats`` and ``export`` alone; the
help texts need neither the replay nor the PBN reader (and its Lark grammar).  Each case
runs in a fresh interpreter, as a user's shell would start it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLES = Path(__file__).parent.parent / "samples"

_PROBE = """
import contextlib, io, json, sys
from spadesctl.cli import app
with contextlib.redirect_stdout(io.StringIO()):
    try:
        app(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def _modules_loaded_by(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _heavy(modules: set[str], roots: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in roots)


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["check", "--help"],
        ["check", str(SAMPLES / "blind-nil.spades")],
        ["check", str(SAMPLES / "pbn" / "renege.ptn")],
        ["score", str(SAMPLES / "blind-nil.spades")],
        ["fmt", str(SAMPLES / "blind-nil.spades")],
        ["rules", "standard"],
    ],
)
def test_polars_is_not_imported(args: list[str]) -> None:
    assert _heavy(_modules_loaded_by(*args), ("polars", "pyarrow", "numpy", "pandas")) == []


def test_help_loads_neither_the_replay_nor_the_pbn_reader() -> None:
    modules = _modules_loaded_by("--help")
    assert _heavy(modules, ("lark", "polars", "rich")) == []
    assert not {"spadesctl.referee", "spadesctl.pbn", "spadesctl.generate"} & modules


def test_checking_clean_games_loads_only_the_express_check() -> None:
    """Clean games of the standard rules are settled by the express check: neither the
    full replay, the scorer, the score sheet nor Lark is loaded."""
    modules = _modules_loaded_by("check", str(SAMPLES / "blind-nil.spades"))
    assert "spadesctl.express" in modules
    assert _heavy(modules, ("lark",)) == []
    assert not {"spadesctl.referee", "spadesctl.replay", "spadesctl.scoring"} & modules


def test_checking_a_faulty_game_loads_the_full_engine() -> None:
    modules = _modules_loaded_by("check", str(SAMPLES / "mistakes" / "renege.spades"))
    assert {"spadesctl.referee", "spadesctl.replay", "spadesctl.scoring"} <= modules


@pytest.mark.parametrize(
    "args",
    [
        ["stats", str(SAMPLES / "blind-nil.spades")],
        ["fairness", str(SAMPLES / "blind-nil.spades")],
        ["export", str(SAMPLES / "blind-nil.spades"), "-o", "OUT.csv"],
    ],
)
def test_table_commands_do_not_import_scipy_stats(args: list[str], tmp_path: Path) -> None:
    """scipy.stats alone takes 75 MB and about 2 s to import, more than the rest of
    these commands together (issue 18's memory bound); the fairness tests need only its
    chi-square law, from scipy.special."""
    modules = _modules_loaded_by(*(a.replace("OUT", str(tmp_path / "out")) for a in args))
    assert "polars" in modules  # the command did its work
    assert "scipy.stats" not in modules
