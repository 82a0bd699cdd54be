"""``spadesctl formats``: every record format, with its endings, read/write and contents."""

from __future__ import annotations

from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.record_formats import RECORD_FORMATS

runner = CliRunner()


def test_formats_lists_every_registered_format() -> None:
    result = runner.invoke(app, ["formats"])
    assert result.exit_code == 0
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["format", "endings", "spadesctl", "what", "it", "holds"]
    assert [r.split()[0] for r in rows] == [f.name for f in RECORD_FORMATS]
    by_name = {r.split()[0]: r for r in rows}
    assert by_name["spades"].split()[1:4] == [".spades", "read,", "write"]
    assert by_name["pbn"].split()[1:5] == [".pbn", ".ptn", "read,", "write"]
    assert by_name["trick-notation"].split()[1:4] == [".tn", "read,", "write"]
    openspiel = by_name["openspiel"]
    assert openspiel.split()[1:4] == ["(by", "content)", "read"]
    assert by_name["tables"].split()[1:6] == [".csv", ".ndjson", ".jsonl", ".parquet", "read"]
    for fmt in RECORD_FORMATS:
        assert fmt.help in by_name[fmt.name]


def test_every_writable_format_is_a_convert_target() -> None:
    rows = runner.invoke(app, ["formats"]).stdout.splitlines()[1:]
    writable = [r.split()[0] for r in rows if "read, write" in r]
    help_text = runner.invoke(app, ["convert", "--help"], terminal_width=200).stdout
    for name in writable:
        assert name in help_text
