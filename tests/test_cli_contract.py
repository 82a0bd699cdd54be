"""The command-line contract ruff users expect (#14): --format github, --exit-zero,
-q, --color beside NO_COLOR, -V, -o for the commands that print data, and the summary
line after text diagnostics."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl import __version__
from spadesctl.cli import app
from spadesctl.notation import iter_games
from spadesctl.sources import expand_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MISTAKES = str(SAMPLES / "mistakes")
RENEGE = str(SAMPLES / "mistakes" / "renege.spades")
CLEAN = str(SAMPLES / "league-night.spades")
runner = CliRunner()
ESC = "\x1b["


def test_github_annotations() -> None:
    result = runner.invoke(app, ["check", "--format", "github", RENEGE])
    assert result.exit_code == 1
    assert result.stdout == (
        f"::error file={RENEGE},line=11,col=20,title=SP304 renege::"
        "East did not follow hearts in trick 1 while holding 6H and 9H\n"
    )
    assert result.stderr == ""  # no summary line: the annotations are the output


def test_github_annotations_escape_what_github_reads(tmp_path: Path) -> None:
    odd = tmp_path / "a,b:c%.spades"
    odd.write_text("hand 1 dealer N\nbid N\n")
    result = runner.invoke(app, ["check", "--format", "github", str(odd)])
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"::error file={str(tmp_path).replace(':', '%3A')}/a%2Cb%3Ac%25.spades,")


def test_exit_zero_keeps_2_for_unreadable_files(tmp_path: Path) -> None:
    assert runner.invoke(app, ["check", "--exit-zero", MISTAKES]).exit_code == 0
    missing = str(tmp_path / "missing.spades")
    assert runner.invoke(app, ["check", "--exit-zero", missing]).exit_code == 2
    disputed = str(SAMPLES / "mistakes" / "forgot-bag-penalty.spades")
    assert runner.invoke(app, ["score", disputed]).exit_code == 1
    assert runner.invoke(app, ["score", "--exit-zero", disputed]).exit_code == 0


def _hands(*paths: str) -> int:
    return sum(len(g.hands) for f in expand_paths(paths) for g in iter_games(f))


def test_the_summary_line_goes_after_the_diagnostics_on_standard_error() -> None:
    result = runner.invoke(app, ["check", MISTAKES])
    assert result.stderr == (
        f"Found 3 problems (3 errors) in 3 of 3 files; {_hands(MISTAKES)} hands checked.\n"
    )
    assert len(result.stdout.splitlines()) == 3
    nil = str(SAMPLES / "blind-nil.spades")
    clean = runner.invoke(app, ["check", CLEAN, nil])
    assert clean.stderr == f"All 2 files clean ({_hands(CLEAN, nil)} hands).\n"
    one = runner.invoke(app, ["check", CLEAN])
    assert one.stderr == f"1 file clean ({_hands(CLEAN)} hands).\n"
    assert runner.invoke(app, ["check", "-q", MISTAKES]).stderr == ""
    assert runner.invoke(app, ["check", "--format", "json", MISTAKES]).stderr == ""


def test_the_summary_counts_warnings_apart() -> None:
    result = runner.invoke(app, ["check", str(SAMPLES / "pbn")])
    lines = result.stdout.splitlines()
    warnings = sum(" SP005 " in line for line in lines)
    files = len({line.split(":")[0] for line in lines})
    assert warnings and len(lines) > warnings
    records = len([p for p in (SAMPLES / "pbn").iterdir() if p.suffix in (".pbn", ".ptn")])
    plural = "warning" if warnings == 1 else "warnings"
    assert result.stderr.startswith(
        f"Found {len(lines)} problems ({len(lines) - warnings} errors, {warnings} {plural}) "
        f"in {files} of {records} files; "
    )


def test_color_always_never_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ESC in runner.invoke(app, ["check", "--color", "always", RENEGE]).stdout
    assert ESC not in runner.invoke(app, ["check", "--color", "never", RENEGE]).stdout
    assert ESC not in runner.invoke(app, ["check", RENEGE]).stdout  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert ESC in runner.invoke(app, ["check", "--color", "always", RENEGE]).stdout


def _on_a_terminal(*args: str, env: dict[str, str]) -> str:
    """Run spadesctl with standard output on a real pseudo-terminal; what it printed."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args],
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    process.wait(timeout=60)
    return b"".join(chunks).decode()


def test_colour_on_a_real_terminal_unless_no_color() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert ESC in _on_a_terminal("check", RENEGE, env=env)
    assert ESC not in _on_a_terminal("check", RENEGE, env={**env, "NO_COLOR": "1"})
    assert ESC not in _on_a_terminal("check", "--color", "never", RENEGE, env=env)


def test_version_short_option() -> None:
    for option in ("-V", "--version"):
        result = runner.invoke(app, [option])
        assert (result.exit_code, result.stdout) == (0, f"spadesctl {__version__}\n")


def test_output_option_for_commands_that_print(tmp_path: Path) -> None:
    for args in (
        ["check", "--format", "json", MISTAKES],
        ["score", "--format", "csv", RENEGE],
        ["fmt", CLEAN],
    ):
        printed = runner.invoke(app, args)
        target = tmp_path / f"{args[0]}.out"
        written = runner.invoke(app, [*args, "-o", str(target)])
        assert written.exit_code == printed.exit_code, written.output
        assert written.stdout == ""
        assert target.read_text() == printed.stdout != ""
    missing = tmp_path / "no" / "out.txt"
    result = runner.invoke(app, ["check", MISTAKES, "-o", str(missing)])
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"spadesctl: error: {missing}: cannot be written (No such file or directory)\n"
    )


def test_rules_empty_is_a_usage_error() -> None:
    for args in (["check", CLEAN], ["score", CLEAN], ["convert", "--to", "pbn", CLEAN]):
        result = runner.invoke(app, [*args, "--rules", ""])
        assert result.exit_code == 2
        assert "--rules needs a ruleset" in result.stderr


def test_export_takes_rules_as_every_command_does(tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    given = runner.invoke(app, ["export", CLEAN, "--rules", "standard nil=50", "-o", str(out)])
    assert given.exit_code == 0 and given.stderr == ""
    old = runner.invoke(app, ["export", CLEAN, "--default-rules", "standard", "-o", str(out)])
    assert old.exit_code == 0
    assert old.stderr == "spadesctl: warning: --default-rules is now --rules\n"
    assert "--default-rules" not in runner.invoke(app, ["export", "--help"]).stdout


@pytest.mark.parametrize(
    "args", [["generate", "-n", "30"], ["check", str(SAMPLES)], ["fmt", CLEAN, CLEAN, CLEAN]]
)
def test_a_reader_that_goes_away_ends_the_command_quietly(args: list[str]) -> None:
    """``spadesctl generate | head -1``: exit 141 (as SIGPIPE would), nothing on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) in (0, 141)  # 0: it had written everything already
    assert "Traceback" not in errors and "error" not in errors


def test_shell_completion() -> None:
    script = runner.invoke(app, ["--show-completion", "bash"])
    assert script.exit_code == 0 and "_spadesctl_completion" in script.stdout
    env = {"_SPADESCTL_COMPLETE": "complete_bash", "COMP_CWORD": "3"}
    choices = runner.invoke(app, [], env={**env, "COMP_WORDS": "spadesctl check --format "})
    assert choices.stdout.split() == ["text", "json", "ndjson", "github"]
    commands = runner.invoke(app, [], env={**env, "COMP_CWORD": "1", "COMP_WORDS": "spadesctl ch"})
    assert commands.stdout.split() == ["check"]


def test_check_reports_the_bytes_of_one_large_file_as_it_goes(tmp_path: Path) -> None:
    from spadesctl.check_pool import check_in_processes
    from spadesctl.checking import CheckOptions, check_file, join_parts

    big = tmp_path / "big.spades"
    big.write_text("\n".join([Path(CLEAN).read_text()] * 40))
    told: list[int] = []
    options = CheckOptions()
    (report,) = join_parts(
        check_in_processes(
            [str(big)], options, 1, split_bytes=1, batch_games=10, progress=told.append
        )
    )
    assert report == check_file(str(big), options)  # the same report, read in parts
    assert len(told) > 1  # one large file: told part by part, not once at the end
    assert abs(sum(told) - big.stat().st_size) < 100


def _stderr_on_a_terminal(*args: str) -> str:
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args], stdout=subprocess.DEVNULL, stderr=follower
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    process.wait(timeout=120)
    return b"".join(chunks).decode()


def test_progress_by_bytes_on_a_terminal_only(tmp_path: Path) -> None:
    big = tmp_path / "big.spades"
    big.write_text("\n".join([Path(CLEAN).read_text()] * 300))  # about 6 MB: split
    # the full engine, a few seconds for this file: the bar waits half a second before it
    # is drawn, and the express check can be done by then on a quiet machine
    # (300 copies of one file: its games are duplicates, not what this test is about)
    shown = _stderr_on_a_terminal("check", "--no-express", "--ignore", "duplicate-game", str(big))
    bars = [part for part in shown.split("\r") if part.startswith("checking (KiB) [")]
    assert len({bar.split("]")[0] for bar in bars}) > 1, shown  # it moved
    hands = f"{_hands(str(big)):,}"
    assert shown.rstrip().endswith(f"1 file clean ({hands} hands).")
    piped = subprocess.run(
        [sys.executable, "-m", "spadesctl", "check", "--ignore", "duplicate-game", str(big)],
        capture_output=True,
        text=True,
    )
    assert piped.stderr == f"1 file clean ({hands} hands).\n"  # no bar off a terminal
