"""docs/diagnostics.md documents every diagnostic kind, and its examples do what they say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spadesctl
from spadesctl.diagnostics import KINDS, Kind, kind

DOC = Path(__file__).resolve().parent.parent / "docs" / "diagnostics.md"
_HEADING = re.compile(r"^### (SP\d{3}) ([a-z0-9-]+)$", re.MULTILINE)


def _sections() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    found = list(_HEADING.finditer(text))
    out = {}
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        out[f"{m[1]} {m[2]}"] = text[m.end() : end]
    return out


def test_every_kind_is_documented_in_registry_order() -> None:
    assert list(_sections()) == [f"{k.code} {k.name}" for k in KINDS]


@pytest.mark.parametrize("heading", list(_sections()))
def test_each_section_has_severity_example_and_fix(heading: str) -> None:
    body = _sections()[heading]
    k = kind(heading.split()[1])
    assert f"Severity: {k.severity.value}" in body
    assert "```" in body and "\nFix: " in body


_EXAMPLES = [
    (heading, block)
    for heading, body in _sections().items()
    for block in re.findall(r"```spades\n(.*?)```", body, re.DOTALL)
]


@pytest.mark.parametrize(("heading", "example"), _EXAMPLES, ids=[h for h, _ in _EXAMPLES])
def test_examples_produce_their_diagnostic(heading: str, example: str, tmp_path: Path) -> None:
    """Each example, as a file, through the library behind ``spadesctl check`` (the
    warnings about whole files and repeated games too)."""
    name = heading.split()[1]
    record = tmp_path / "t.spades"
    record.write_text(example, encoding="utf-8")
    assert name in {d.name for d in spadesctl.check(record)}


def _slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's) gives a heading."""
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


@pytest.mark.parametrize("k", KINDS, ids=[k.name for k in KINDS])
def test_each_kind_points_at_its_section(k: Kind) -> None:
    assert k.doc == f"docs/diagnostics.md#{_slug(f'{k.code} {k.name}')}"
    assert f"{k.code} {k.name}" in _sections()
