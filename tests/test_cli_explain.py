"""``spadesctl explain CODE|NAME``: a diagnostic's documentation, as ``ruff rule`` gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.diagnostics import KINDS, Kind

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden"
DOC = Path(__file__).resolve().parent.parent / "docs" / "diagnostics.md"


def test_explain_renege_golden() -> None:
    result = runner.invoke(app, ["explain", "renege"])
    assert result.exit_code == 0
    assert result.stdout == (GOLDEN / "explain_renege.txt").read_text()


@pytest.mark.parametrize("k", KINDS, ids=[k.name for k in KINDS])
def test_every_kind_is_explained_by_code_and_by_name(k: Kind) -> None:
    by_name = runner.invoke(app, ["explain", k.name])
    by_code = runner.invoke(app, ["explain", k.code.lower()])
    assert by_name.exit_code == by_code.exit_code == 0
    assert by_name.stdout == by_code.stdout
    text = by_name.stdout
    assert text.startswith(f"# {k.code} {k.name}\n\nSeverity: {k.severity.value}")
    assert "\nFix: " in text and "```" in text  # an example and the fix
    assert text.endswith(f"(documented in {k.doc})\n")
    assert "\n### " not in text  # its own section only
    body = text.split("\n\n", 1)[1].rsplit("\n\n(documented", 1)[0]
    assert body in DOC.read_text(encoding="utf-8")  # as the page writes it


def test_json_gives_the_same_fields() -> None:
    result = runner.invoke(app, ["explain", "SP401", "--format", "json"])
    assert result.exit_code == 0
    found = json.loads(result.stdout)
    assert found["code"] == "SP401" and found["name"] == "score-mismatch"
    assert found["severity"] == "error" and found["doc"].endswith("#sp401-score-mismatch")
    assert found["text"].startswith("Severity: error. A recorded running score")


def test_without_a_kind_every_kind_is_listed_in_order() -> None:
    result = runner.invoke(app, ["explain"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [[k.code, k.name] for k in KINDS]
    assert lines[4].split()[2] == "warning"  # SP005 unknown-option


def test_an_unknown_kind_is_a_usage_error_with_a_suggestion() -> None:
    result = runner.invoke(app, ["explain", "renig"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "spadesctl: error: no diagnostic is called 'renig'; did you mean 'renege'? "
        "('spadesctl explain' lists them all)\n"
    )
