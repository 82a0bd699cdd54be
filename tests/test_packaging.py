"""A non-editable install works: the grammar files and the diagnostics page ship inside
the wheel and are found."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_the_grammar_and_runs_outside_the_source_tree(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
    )
    [wheel] = wheels.glob("spadesctl-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "spadesctl/grammar/spades.lark" in names
    assert "spadesctl/docs/diagnostics.md" in names  # for spadesctl explain
    for shipped in ("templates/game.html", "templates/index.html", "static/report.css"):
        assert f"spadesctl/report/{shipped}" in names  # spadesctl report's pages

    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    record = tmp_path / "game.spades"
    record.write_text('[Event "x"]\nhand 1 dealer N\nbid N 3 E 4 S 2 W 4\nfoo\n')
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import spadesctl, sys; print(spadesctl.__file__); "
            "sys.argv = ['spadesctl', 'check', sys.argv[1]]; "
            "from spadesctl.cli import main; main()",
            str(record),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.splitlines()[0].startswith(str(target))
    assert "SP001 syntax-error" in done.stdout
    assert done.returncode == 1, done.stderr
    explained = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.argv = ['spadesctl', 'explain', 'SP001']; "
            "from spadesctl.cli import main; main()",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert explained.stdout.startswith("# SP001 syntax-error\n\nSeverity: error.")
