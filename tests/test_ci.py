"""CI runs the README's test command, and that command checks lint, format and types."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", text, re.DOTALL)
    (command,) = [b for b in blocks if "pytest" in b]
    return str(command)


def test_ci_runs_the_readme_test_command_as_written() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert _readme_test_command() in ci


def test_the_test_command_checks_lint_format_and_strict_types_before_the_tests() -> None:
    steps = [s.strip() for s in _readme_test_command().split("&&")]
    assert steps[-1] == "python -m pytest"
    assert {"ruff check", "ruff format --check", "mypy --strict"} <= set(steps[:-1])
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert {"spadesctl", "tests"} <= set(pyproject["tool"]["mypy"]["packages"])  # both


def test_ci_runs_the_fuzz_harness_on_a_fixed_seed_and_budget() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    [line] = [c for c in ci if c.startswith("python -m fuzz ")]
    assert re.fullmatch(r"python -m fuzz --cases \d+ --seed \d+ --out fuzz-findings", line)
    assert ci.index(line) > ci.index(_readme_test_command())  # after the suite passed
    page = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert line.removesuffix(" --out fuzz-findings") in page
