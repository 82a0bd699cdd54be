"""A UTF-16 record (a Windows "Unicode" text file) is read, its byte-order mark telling
it, by every command, native and PBN alike (#14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.notation import format_games, iter_games

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize(
    "sample", ["league-night.spades", "mistakes/renege.spades", "pbn/renege.ptn"]
)
def test_utf16_records_read_as_their_utf8_twins(
    tmp_path: Path, encoding: str, sample: str, newline: str
) -> None:
    original = SAMPLES / sample
    bom = {"utf-16": b"", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding]
    copy = tmp_path / original.name
    copy.write_bytes(bom + original.read_text().replace("\n", newline).encode(encoding))
    assert list(iter_games(copy)) == list(iter_games(original))
    for command in (
        ["check"],
        ["score", "--format", "json"],
        ["export", "--format", "csv", "-o", "-"],
        ["stats", "--format", "csv"],
    ):
        twin = runner.invoke(app, [*command, str(original)])
        read = runner.invoke(app, [*command, str(copy)])
        assert read.exit_code == twin.exit_code, (command, read.output)
        assert read.stdout.replace(str(copy), "X") == twin.stdout.replace(str(original), "X")


def test_fmt_writes_a_utf16_record_back_as_utf8(tmp_path: Path) -> None:
    original = SAMPLES / "league-night.spades"
    copy = tmp_path / "league.spades"
    copy.write_bytes(original.read_text().encode("utf-16"))
    assert runner.invoke(app, ["fmt", "--write", str(copy)]).exit_code == 0
    assert copy.read_text() == "".join(format_games(iter_games(original)))


def test_a_utf16_pbn_record_is_told_by_fmt_as_pbn(tmp_path: Path) -> None:
    copy = tmp_path / "renege.txt"
    copy.write_bytes((SAMPLES / "pbn" / "renege.ptn").read_text().encode("utf-16"))
    result = runner.invoke(app, ["fmt", "--check", str(copy)])
    plain = tmp_path / "plain.txt"
    plain.write_bytes((SAMPLES / "pbn" / "renege.ptn").read_bytes())
    twin = runner.invoke(app, ["fmt", "--check", str(plain)])
    assert result.exit_code == twin.exit_code
    assert result.output.replace(str(copy), "X") == twin.output.replace(str(plain), "X")
