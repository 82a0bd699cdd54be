"""The one output helper (spadesctl.output.open_output) and every command that writes a
file through it: all or nothing, symlinks followed, modes kept, devices and FIFOs written
through, temporary files removed on an interrupt, failed writes named in one line.

Real files, symbolic links, FIFOs, a device node and /dev/full throughout.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.output import OutputError, open_output, write_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
RECORD = str(SAMPLES / "blind-nil.spades")
runner = CliRunner()
FULL = Path("/dev/full")
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- the helper --------------------------------------------------------------------------


def test_a_new_file_is_written_whole_with_the_usual_mode(tmp_path: Path) -> None:
    target = tmp_path / "new.txt"
    write_text(target, ["one\n", "two\n"])
    assert target.read_text() == "one\ntwo\n"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert _leftovers(tmp_path) == []


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    write_text(target, ["new\n"])
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    real.chmod(0o600)
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    write_text(link, ["new\n"])
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text() == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert _leftovers(tmp_path) == []


def test_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to("made.txt")
    write_text(link, ["x\n"])
    assert link.is_symlink() and (tmp_path / "made.txt").read_text() == "x\n"


class _Boom(Exception):
    pass


def _failing_chunks() -> Iterator[str]:
    yield "half a record\n"
    raise _Boom


def test_a_failure_leaves_the_old_file_exactly_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "keep.txt"
    target.write_text("precious\n")
    before = target.stat()
    with pytest.raises(_Boom):
        write_text(target, _failing_chunks())
    after = target.stat()
    assert target.read_text() == "precious\n"
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert _leftovers(tmp_path) == []


def test_a_failure_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt), open_output(tmp_path / "new.txt") as out:
        out.write("partial")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_written_through_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with fifo.open("rb") as stream:
            received.append(stream.read())

    reader = threading.Thread(target=read)
    reader.start()
    write_text(fifo, ["through the pipe\n"])
    reader.join(timeout=10)
    assert received == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert _leftovers(tmp_path) == []


@needs_full
def test_a_full_device_is_an_output_error_naming_it() -> None:
    with pytest.raises(OutputError, match=r"^/dev/full: cannot be written \(No space left"):
        write_text(FULL, ["x" * 100_000])
    assert stat.S_ISCHR(FULL.stat().st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_stays_a_device(tmp_path: Path) -> None:
    """As root, ``export -o /dev/full`` once replaced the device with a regular file."""
    device = tmp_path / "full"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # the numbers of /dev/full
    result = runner.invoke(app, ["export", RECORD, "--format", "csv", "-o", str(device)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"spadesctl: error: {device}: cannot be written")
    assert stat.S_ISCHR(device.stat().st_mode)
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null
    for args in (["export", RECORD, "--format", "csv"], ["convert", "--to", "pbn", RECORD]):
        assert runner.invoke(app, [*args, "-o", str(null)]).exit_code == 0
        assert stat.S_ISCHR(null.stat().st_mode)
    assert _leftovers(tmp_path) == []


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "out.txt"
    with pytest.raises(OutputError, match=f"^{target}: cannot be written"):
        write_text(target, ["x"])


# -- commands that fail leave their output alone -----------------------------------------

#: Each command with its output option; the input is appended after it.
WRITERS = {
    "convert-pbn": ["convert", "--to", "pbn"],
    "convert-spades": ["convert", "--to", "spades"],
    "export": ["export", "--format", "csv"],
    "export-parquet": ["export", "--format", "parquet"],
}


@pytest.mark.parametrize("command", list(WRITERS))
@pytest.mark.parametrize("problem", ["missing", "binary", "bad-rules"])
def test_a_failed_command_leaves_its_output_exactly_as_it_was(
    command: str, problem: str, tmp_path: Path
) -> None:
    keep = tmp_path / "keep.out"
    keep.write_bytes(b"precious\n")
    keep.chmod(0o640)
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    inputs = {
        "missing": [RECORD, str(tmp_path / "missing.spades")],
        "binary": [RECORD, str(binary)],
        "bad-rules": ["--rules", "standard nil=banana", RECORD],
    }[problem]
    result = runner.invoke(app, [*WRITERS[command], *inputs, "-o", str(keep)])
    assert result.exit_code == 2, result.output
    assert keep.read_bytes() == b"precious\n"
    assert stat.S_IMODE(keep.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.out"
    result = runner.invoke(app, [*WRITERS[command], *inputs, "-o", str(fresh)])
    assert result.exit_code == 2
    assert not fresh.exists()
    assert _leftovers(tmp_path) == []


def test_generate_with_a_bad_ruleset_leaves_its_output_alone(tmp_path: Path) -> None:
    keep = tmp_path / "keep.spades"
    keep.write_text("precious\n")
    result = runner.invoke(app, ["generate", "--rules", "nil=banana", "-o", str(keep)])
    assert result.exit_code == 2
    assert keep.read_text() == "precious\n"


def test_fmt_write_follows_a_link_and_keeps_the_mode(tmp_path: Path) -> None:
    real = tmp_path / "real.spades"
    real.write_text(Path(RECORD).read_text().replace("\n\n", "\n\n\n", 1))
    real.chmod(0o600)
    link = tmp_path / "link.spades"
    link.symlink_to(real.name)
    result = runner.invoke(app, ["fmt", "--write", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert real.read_text() == Path(RECORD).read_text()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600


# -- standard output that cannot be written ----------------------------------------------


def _spadesctl(
    *args: str,
    stdout: int | object = subprocess.PIPE,
    signals: dict[signal.Signals, signal.Handlers] | None = None,
) -> subprocess.Popen[bytes]:
    """The command line in a child process; ``signals``: the child's disposition of each
    (set in the child before it starts: a test must not depend on what the suite inherited,
    as a run under ``nohup`` inherits an ignored ``SIGHUP``)."""
    dispositions = dict(signals or {})

    def disposed() -> None:
        for number, disposition in dispositions.items():
            signal.signal(number, disposition)

    return subprocess.Popen(
        [sys.executable, "-m", "spadesctl", *args],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        preexec_fn=disposed if dispositions else None,
    )


@needs_full
@pytest.mark.parametrize(
    "args",
    [
        ["check", str(SAMPLES / "mistakes")],
        ["check", "--format", "json", str(SAMPLES / "mistakes")],
        ["score", RECORD],
        ["score", "--format", "json", RECORD],
        ["fmt", RECORD],
        ["convert", "--to", "pbn", RECORD],
        ["generate", "-n", "3"],
        ["export", RECORD, "--format", "csv", "-o", "-"],
        ["export", RECORD, "--format", "ndjson", "-o", "/dev/stdout"],
    ],
    ids=lambda args: " ".join(a for a in args if not a.startswith("/")),
)
def test_standard_output_that_cannot_be_written_is_one_line_and_exit_2(
    args: list[str],
) -> None:
    with FULL.open("wb") as full:
        process = _spadesctl(*args, stdout=full)
        _, errors = process.communicate(timeout=120)
    assert process.returncode == 2, errors
    assert errors.decode().splitlines() == [
        "spadesctl: error: standard output: cannot be written (No space left on device)"
    ]


@needs_full
def test_export_to_dev_full_names_it() -> None:
    process = _spadesctl("export", RECORD, "--format", "csv", "-o", str(FULL))
    _, errors = process.communicate(timeout=120)
    assert process.returncode == 2
    assert errors.decode() == (
        "spadesctl: error: /dev/full: cannot be written (No space left on device)\n"
    )
    assert stat.S_ISCHR(FULL.stat().st_mode)


# -- interrupted runs --------------------------------------------------------------------


def _convert_from_fifo(
    tmp_path: Path, signals: dict[signal.Signals, signal.Handlers]
) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """``convert`` from a FIFO into an existing file: the command, the FIFO, the file."""
    feed = tmp_path / "feed.spades"
    os.mkfifo(feed)
    keep = tmp_path / "keep.pbn"
    keep.write_text("precious\n")
    process = _spadesctl(
        "convert",
        "--to",
        "pbn",
        str(feed),
        "-o",
        str(keep),
        stdout=subprocess.DEVNULL,
        signals=signals,
    )
    return process, feed, keep


def _signalled_mid_write(
    process: subprocess.Popen[bytes], feed: Path, how: signal.Signals
) -> bytes:
    """Feed the command one game, send it ``how`` once its temporary file is there (it
    is writing, for sure), close the feed, and wait for it: its standard error."""
    with feed.open("w") as writer:
        writer.write(Path(RECORD).read_text() + "\n")
        writer.flush()
        deadline = time.monotonic() + 60
        while not _leftovers(feed.parent) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _leftovers(feed.parent), "the command never started writing"
        process.send_signal(how)
    _, errors = process.communicate(timeout=60)
    return errors


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_an_interrupted_write_removes_its_temporary_file(
    how: signal.Signals, tmp_path: Path
) -> None:
    """The input is a FIFO fed one game, so the command is caught mid-write, for sure.

    The child starts with the signal's default disposition, whatever the test run
    inherited (Python makes a default SIGINT its KeyboardInterrupt)."""
    process, feed, keep = _convert_from_fifo(tmp_path, {how: signal.SIG_DFL})
    errors = _signalled_mid_write(process, feed, how)
    assert process.returncode != 0
    assert _leftovers(tmp_path) == []
    assert keep.read_text() == "precious\n"
    assert "Traceback" not in errors.decode()


def test_an_ignored_hangup_is_left_ignored(tmp_path: Path) -> None:
    """Under ``nohup`` (SIGHUP ignored) a hang-up must not stop the command: it writes
    its file whole, as asked, rather than removing it and exiting 129."""
    process, feed, keep = _convert_from_fifo(tmp_path, {signal.SIGHUP: signal.SIG_IGN})
    errors = _signalled_mid_write(process, feed, signal.SIGHUP)
    assert process.returncode == 0, errors.decode()
    assert _leftovers(tmp_path) == []
    assert keep.read_text().startswith("% PBN")
