"""docs/architecture.md "How to add...": a ruleset key and a diagnostic, added as it says.

A key and a kind are declarations in the package's source, so each test copies the
package, makes exactly the edit the how-to names (one declaration in one file, plus the
docs section where the how-to asks for one) and runs the copy in a child process: every
derived part (``KEYS``, rules text both ways, ``spadesctl rules``, the docs table, the
express check's classification; ``KINDS``, ``kind()``, ``--select``, ``explain``, the
diagnostic line) must pick the new one up with no other file touched.  The format
how-tos are held by ``tests/test_registry.py``, which registers formats from the test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _copy(tmp: Path) -> Path:
    """The package, its grammars and its docs, copied under ``tmp``."""
    for name in ("spadesctl", "grammar", "docs"):
        shutil.copytree(
            ROOT / name, tmp / name, ignore=shutil.ignore_patterns("__pycache__", "*.png")
        )
    return tmp


def _insert_before(path: Path, marker: str, text: str) -> None:
    source = path.read_text(encoding="utf-8")
    assert source.count(marker) == 1, f"{marker!r} is not once in {path}"
    path.write_text(source.replace(marker, text + marker), encoding="utf-8")


def _run(tree: Path, script: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, *args] if args else [sys.executable, "-c", textwrap.dedent(script)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_ruleset_key_is_one_declaration(tmp_path: Path) -> None:
    tree = _copy(tmp_path)
    # Step 1: the key, declared on its field of Ruleset (and nowhere else).
    _insert_before(
        tree / "spadesctl/rules/ruleset.py",
        "\n    @property\n    def tricks_per_hand(self)",
        """
    test_only_key: bool = key(
        False,
        yes_no(),
        "a key added by a test",
        "`yes`: nothing changes; the key only proves the how-to.",
        "project",
        Express.FIXED,
    )
""",
    )
    out = _run(
        tree,
        """
        from spadesctl.express.family import express_rules
        from spadesctl.rules import PRESETS, format_rules, parse_rules
        from spadesctl.rules.keys import KEY_BY_NAME, docs_table
        import spadesctl.rules.ruleset as ruleset

        assert ruleset.__file__.startswith(TREE), ruleset.__file__
        key = KEY_BY_NAME["test_only_key"]
        assert key.default is False and key.values == "yes, no"
        rules = parse_rules("standard test_only_key=yes")
        assert rules.test_only_key is True
        assert "test_only_key=yes" in format_rules(rules)
        assert parse_rules(format_rules(rules)) == rules
        assert "test_only_key" not in format_rules(parse_rules("standard"))
        row = [r for r in docs_table(PRESETS).splitlines() if "`test_only_key`" in r]
        assert len(row) == 1 and "| fixed |" in row[0], row
        # Declared fixed: the express check covers only its default.
        assert express_rules(parse_rules("standard")) is not None
        assert express_rules(rules) is None
        print("ok")
        """.replace("TREE", repr(str(tree))),
    )
    assert out.strip() == "ok"
    listing = _run(tree, "", "-m", "spadesctl", "rules", "standard")
    assert any(
        line.split()[:2] == ["test_only_key", "no"] and "a key added by a test" in line
        for line in listing.splitlines()
    ), listing
    # A game under the new key is checked (by the full engine) like any other.
    game = (ROOT / "samples/league-night.spades").read_text(encoding="utf-8")
    record = tree / "game.spades"
    record.write_text(
        game.split("\n\n[Event", 1)[0].replace(
            '[Rules "standard', '[Rules "standard test_only_key=yes', 1
        ),
        encoding="utf-8",
    )
    assert "test_only_key=yes" in record.read_text(encoding="utf-8")
    _run(tree, "", "-m", "spadesctl", "check", "-q", str(record))


def test_a_diagnostic_is_one_constant_and_its_docs(tmp_path: Path) -> None:
    tree = _copy(tmp_path)
    # Step 1: one Kind constant in its group of diagnostics.py.
    _insert_before(
        tree / "spadesctl/diagnostics.py",
        "\n#: Every kind, in the order of docs/diagnostics.md: the registry.",
        """TEST_ONLY: Final = Kind(
    "SP499", "test-only", _W, "a kind added by a test", screened=False
)
""",
    )
    # Step 3: its section in docs/diagnostics.md.
    page = tree / "docs/diagnostics.md"
    page.write_text(
        page.read_text(encoding="utf-8")
        + "\n### SP499 test-only\n\nA kind added by a test; it is never reported.\n",
        encoding="utf-8",
    )
    out = _run(
        tree,
        """
        from spadesctl.diagnostics import KINDS, TEST_ONLY, Diagnostic, kind
        from spadesctl.explain import explain
        from spadesctl.selection import Selection

        assert KINDS[-1] is TEST_ONLY
        assert kind("SP499") is TEST_ONLY and kind("test-only") is TEST_ONLY
        assert "test-only" in Selection.of(["SP4"]).names
        assert "test-only" not in Selection.of(None, ["SP49"]).names
        assert "never reported" in explain("test-only").text
        # Step 2: reported where it is found, it reads as every diagnostic does.
        print(Diagnostic(TEST_ONLY, "a message", "game.spades", 3, 1).format())
        """,
    )
    assert out.strip() == "game.spades:3:1: SP499 test-only: warning: a message"
    listing = _run(tree, "", "-m", "spadesctl", "explain")
    assert "SP499" in listing and "test-only" in listing
