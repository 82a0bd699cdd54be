"""The command-line experience shared by every command: help texts, usage errors, exit
statuses, output files, broken pipes, the progress line."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.cli.app import COMMAND_ORDER
from spadesctl.cli.progress import Progress

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden"
SAMPLES = Path(__file__).parent.parent / "samples"


def _help(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.stdout


# -- help ---------------------------------------------------------------------------------


def test_main_help_golden() -> None:
    assert _help() == (GOLDEN / "help_main.txt").read_text()


def test_check_help_golden() -> None:
    assert _help("check") == (GOLDEN / "help_check.txt").read_text()


@pytest.mark.parametrize("command", COMMAND_ORDER)
def test_help_names_arguments_and_values_as_people_write_them(command: str) -> None:
    text = _help(command)
    assert text.startswith(f"Usage: spadesctl {command} [OPTIONS]")
    for python_speak in ("<list[str]>", "<str>", "<int range>", "<path>", "<int>", "{paths}"):
        assert python_speak not in text, python_speak
    assert "Examples:" in text
    summary = text.split("\n\n")[1].strip()
    assert summary.endswith(".") and len(summary) <= 64, summary  # fits the command list


def test_commands_are_listed_in_the_readmes_order() -> None:
    block = _help().split("Commands:\n")[1].split("\n\n")[0]
    assert [line.split()[0] for line in block.splitlines()] == list(COMMAND_ORDER)


# -- usage errors: exit 2, a message on standard error, nothing on standard output ---------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--format", "xml", "x"], "Invalid value for '--format'"),
        (["score", "--format", "xml", "x"], "Invalid value for '--format'"),
        (["stats", "--format", "xml", "x"], "Invalid value for '--format'"),
        (["export", "--format", "xml", "-o", "o", "x"], "Invalid value for '--format'"),
        (["check", "--jobs", "-1", "x"], "Invalid value for '--jobs'"),
        (["check", "-j", "99999999999999999999", "x"], "is not in the range 0<=x<=256"),
        (["stats", "-j", "99999999999999999999", "x"], "is not in the range 0<=x<=256"),
        (["export", "-j", "99999999999999999999", "-o", "o.csv", "x"], "not in the range"),
        (["stats", "--jobs", "-1", "x"], "Invalid value for '--jobs'"),
        (["check", "--rules", "nonsense", "x"], "--rules: unknown preset 'nonsense'"),
        (["score", "--rules", "nonsense", "x"], "--rules: unknown preset 'nonsense'"),
        (["convert", "--to", "pbn", "--rules", "nonsense", "x"], "--rules: unknown preset"),
        (["generate", "--rules", "nonsense"], "--rules: unknown preset 'nonsense'"),
        (["stats", "--default-rules", "nonsense", "x"], "--default-rules: unknown preset"),
        (["export", "--rules", "nonsense", "-o", "o.csv", "x"], "--rules: unknown preset"),
        (["export", "--default-rules", "nonsense", "-o", "o.csv", "x"], "--default-rules:"),
        (["rules", "nonsense"], "unknown preset 'nonsense'"),
        (["check"], "Missing argument 'PATH'"),
        (["convert", "x"], "Missing option '--to'"),
        (["export", "-o", "-", "x"], "give a file with -o, or choose --format csv or ndjson"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_stats_top_beyond_any_count_shows_every_row() -> None:
    """Was: OverflowError from polars for --top 99999999999999999999."""
    args = ["stats", "--by", "seat", "--columns", "games", str(SAMPLES / "mistakes")]
    everything = runner.invoke(app, args)
    result = runner.invoke(app, [*args, "--top", "99999999999999999999"])
    assert result.exit_code == 0, result.output
    assert result.stdout == everything.stdout


@pytest.mark.parametrize("command", ["check", "score", "stats", "fmt", "convert"])
def test_a_directory_without_records_is_a_usage_error(command: str, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a record\n")
    extra = ["--to", "pbn"] if command == "convert" else []
    result = runner.invoke(app, [command, *extra, str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"spadesctl: error: no record files found in {tmp_path}\n"


@pytest.mark.parametrize("command", ["check", "score", "stats", "fmt", "convert"])
def test_a_missing_file_exits_2(command: str, tmp_path: Path) -> None:
    extra = ["--to", "pbn"] if command == "convert" else []
    result = runner.invoke(app, [command, *extra, str(tmp_path / "missing.spades")])
    assert result.exit_code == 2
    assert "missing.spades" in result.output and "no such file" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["check", "score", "fmt"])
def test_empty_standard_input_says_so(command: str) -> None:
    """Exit 0; check and score warn that there is no game (fmt has nothing to do)."""
    result = runner.invoke(app, [command, "-"], input="")
    assert result.exit_code == 0
    warning = "-:1:1: SP007 no-games: warning: no games in standard input: "
    if command == "check":
        assert result.stdout.startswith(warning)
        assert result.stderr == "Found 1 problem (1 warning) in 1 of 1 file; 0 hands checked.\n"
    elif command == "score":
        assert result.stderr.startswith("spadesctl: " + warning)
    else:
        assert result.stderr == ""


# -- fmt and convert read directories as the other commands do -----------------------------


def test_fmt_check_reads_directories_for_native_records(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "messy.spades").write_text("hand  1 dealer N\nbid E 6 S nil W 4 N 3\n")
    (tmp_path / "tidy.spades").write_text("hand 1 dealer N\nbid E 6 S nil W 4 N 3\n")
    (tmp_path / "app.pbn").write_text("% PBN 2.1\n")  # not fmt's business: left alone
    result = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout == f"would reformat {tmp_path / 'sub' / 'messy.spades'}\n"


def test_convert_reads_directories(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    result = runner.invoke(
        app, ["convert", "--to", "pbn", str(SAMPLES / "mistakes"), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "early-spade-lead.pbn",
        "forgot-bag-penalty.pbn",
        "renege.pbn",
    ]


def test_convert_into_a_directory_refuses_two_inputs_of_one_name(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "game.spades").write_text("hand 1 dealer N\n")
    out = tmp_path / "out"
    out.mkdir()
    result = runner.invoke(
        app, ["convert", "--to", "pbn", str(tmp_path / "a"), str(tmp_path / "b"), "-o", str(out)]
    )
    assert result.exit_code == 2
    assert f"two inputs would both be written to {out / 'game.pbn'}" in result.stderr
    assert list(out.iterdir()) == []


# -- output files ------------------------------------------------------------------------


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_new_output_files_get_the_usual_mode_not_a_private_one(tmp_path: Path) -> None:
    expected = 0o666 & ~_umask()
    runs = {
        "generated.spades": ["generate"],
        "converted.pbn": ["convert", "--to", "pbn", str(SAMPLES / "blind-nil.spades")],
        "hands.csv": ["export", str(SAMPLES / "blind-nil.spades")],
    }
    for name, args in runs.items():
        target = tmp_path / name
        result = runner.invoke(app, [*args, "-o", str(target)])
        assert result.exit_code == 0, result.output
        assert stat.S_IMODE(target.stat().st_mode) == expected, name


def test_an_output_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "out.pbn"
    for args in (
        ["convert", "--to", "pbn", str(SAMPLES / "blind-nil.spades")],
        ["generate"],
        ["export", str(SAMPLES / "blind-nil.spades")],
        ["stats", str(SAMPLES / "blind-nil.spades")],
    ):
        result = runner.invoke(app, [*args, "-o", str(target)])
        assert result.exit_code == 2, args
        assert result.stderr.startswith(f"spadesctl: error: {target}: cannot be written"), args


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    """``spadesctl export ... -o - | head -1``: polars' bare OSError included."""
    record = tmp_path / "many.spades"
    assert runner.invoke(app, ["generate", "-n", "40", "-o", str(record)]).exit_code == 0
    args = ["export", str(record), "--table", "tricks", "--format", "csv", "-o", "-"]
    process = subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 141  # as for SIGPIPE: not 1, "problems found"
    assert errors == ""


# -- the progress line -------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_silent_off_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(3, "checking", stream=stream, delay=0)
    progress.advance()
    progress.close()
    assert stream.getvalue() == ""


def test_progress_waits_before_showing_a_bar() -> None:
    stream = _Terminal()
    progress = Progress(3, "checking", stream=stream, delay=60)
    progress.advance(3)
    progress.close()
    assert stream.getvalue() == ""


def test_progress_clears_its_line_before_other_output() -> None:
    stream = _Terminal()
    progress = Progress(4, "checking", stream=stream, delay=0)
    progress.advance()
    drawn = stream.getvalue()
    assert drawn == "\rchecking [#######-----------------------] 1/4"
    progress.clear()
    assert stream.getvalue() == drawn + "\r" + " " * (len(drawn) - 1) + "\r"
    progress.clear()  # nothing on screen: nothing to do
    progress.advance()  # drawn again at once after a clear
    assert stream.getvalue().endswith("\rchecking [###############---------------] 2/4")


@pytest.mark.parametrize("command", ["check", "score", "generate", "rules"])
def test_a_house_rules_file_that_is_not_utf8_is_a_usage_error(command: str, tmp_path: Path) -> None:
    """Was: a UnicodeDecodeError traceback from ``check --rules house.toml``."""
    house = tmp_path / "house.toml"
    house.write_bytes(b"\xff\xfe nil = 50\n")
    if command == "rules":
        args = ["rules", str(house)]
    elif command == "generate":
        args = ["generate", "--rules", str(house)]
    else:
        args = [command, "--rules", str(house), str(SAMPLES / "blind-nil.spades")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"{house}: not a valid TOML file: it is not UTF-8 text" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def _odd_name(folder: Path) -> Path:
    """A record whose file name is not UTF-8 (Linux allows any bytes but / and NUL)."""
    path = folder / os.fsdecode(b"club-\xfe.spades")
    path.write_bytes((SAMPLES / "blind-nil.spades").read_bytes())
    return path


@pytest.mark.parametrize(
    "args",
    [["stats", "--by", "game"], ["export", "--format", "csv", "-o", "-"]],
)
def test_tables_of_a_file_whose_name_is_not_utf8(args: list[str], tmp_path: Path) -> None:
    """Was: UnicodeEncodeError from polars, which holds UTF-8 strings only, for the
    file column."""
    path = _odd_name(tmp_path)
    result = runner.invoke(app, [*args, str(path)])
    assert result.exit_code == 0, result.output
    assert "club-\\xfe.spades" in result.stdout


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_file_name_that_is_not_utf8_on_a_strict_terminal(command: str, tmp_path: Path) -> None:
    """Was: UnicodeEncodeError writing the file's name to a standard output that refuses
    surrogate escapes (the usual UTF-8 locale); the name's own bytes are written."""
    path = _odd_name(tmp_path)
    path.write_bytes(b"frobnicate\n")
    done = subprocess.run(
        [sys.executable, "-m", "spadesctl", command, str(path)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=60,
    )
    assert b"Traceback" not in done.stderr
    assert done.returncode in (0, 1)
    assert b"club-\xfe.spades" in done.stdout


def test_fmt_write_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.spades"
    target.write_text("hand  1 dealer N\n")
    link = tmp_path / "link.spades"
    link.symlink_to(target)
    result = runner.invoke(app, ["fmt", "--write", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert target.read_text() == "hand 1 dealer N\n"
