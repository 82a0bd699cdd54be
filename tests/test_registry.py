"""Adding a format is one module plus its registration (docs/architecture.md, "How to
add..."): a test-only output format and a test-only record format, registered here and
used through the library and the command line."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, BinaryIO

import pytest
from typer.testing import CliRunner

from spadesctl.checking import check_file
from spadesctl.cli import app
from spadesctl.diagnostics import Diagnostic
from spadesctl.emit import DIAGNOSTIC_FORMATS, DiagnosticSettings, OutputFormat
from spadesctl.notation import format_games, iter_games
from spadesctl.notation.reader import GameText, split_games
from spadesctl.record import Game
from spadesctl.record_formats import RECORD_FORMATS, RecordCodec, RecordFormat, detect
from spadesctl.registry import Registry, UnknownFormatError
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sources import expand_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()

# -- a test-only output format: one line per diagnostic, "CODE@line" ---------------------


class TallyEmitter:
    def __init__(self, out: IO[str], settings: DiagnosticSettings) -> None:
        self.out = out
        self.seen = 0

    def start(self) -> None:
        self.out.write("tally:")

    def write(self, item: Diagnostic) -> None:
        self.out.write(f" {item.code}@{item.line}")
        self.seen += 1

    def finish(self) -> None:
        self.out.write(f" ({self.seen})\n")


TALLY = OutputFormat("tally", "codes and lines on one line", f"{__name__}:TallyEmitter")


def test_an_output_format_registered_here_is_used_by_the_library() -> None:
    with DIAGNOSTIC_FORMATS.registered(TALLY):
        out = io.StringIO()
        emitter = DIAGNOSTIC_FORMATS.get("tally").emitter(out, DiagnosticSettings())
        emitter.start()
        for d in check_file(str(SAMPLES / "mistakes" / "renege.spades")).diagnostics:
            emitter.write(d)
        emitter.finish()
    assert out.getvalue().startswith("tally: SP304@")
    assert "tally" not in DIAGNOSTIC_FORMATS  # unregistered at the end of the block


def test_an_output_format_registered_here_is_offered_by_the_command_line() -> None:
    record = str(SAMPLES / "mistakes" / "renege.spades")
    with DIAGNOSTIC_FORMATS.registered(TALLY):
        result = runner.invoke(app, ["check", "--format", "tally", record])
    assert result.exit_code == 1
    assert result.stdout.startswith("tally: SP304@") and result.stdout.endswith(")\n")
    refused = runner.invoke(app, ["check", "--format", "tally", record])
    assert refused.exit_code == 2  # not registered any more


# -- a test-only record format: the native notation quoted like an e-mail ("> ") ---------


def _unquoted(stream: BinaryIO) -> BinaryIO:
    text = b"".join(line.removeprefix(b"> ") for line in stream)
    return io.BytesIO(text)


def read_quoted(stream: BinaryIO, source: str, rules: Ruleset | None) -> Iterator[GameText]:
    yield from split_games(_unquoted(stream))


def write_quoted(games: Iterable[Game]) -> Iterator[str]:
    for chunk in format_games(games):
        yield "".join(f"> {line}\n" for line in chunk.splitlines())


def sniff_quoted(head: bytes) -> bool:
    return head.lstrip().startswith(b"> [")


QUOTED_CODEC = RecordCodec(sniff=sniff_quoted, read=read_quoted, write=write_quoted)
QUOTED = RecordFormat(
    "quoted", (".quoted",), "records quoted with '> '", "Quoted", f"{__name__}:QUOTED_CODEC",
    magic=(b">",),
)  # fmt: skip


def _quoted_copy(folder: Path, name: str = "league.quoted") -> Path:
    native = (SAMPLES / "league-night.spades").read_text()
    path = folder / name
    path.write_text("".join(f"> {line}\n" for line in native.splitlines()))
    return path


def test_a_record_format_registered_here_is_read_by_the_library(tmp_path: Path) -> None:
    quoted = _quoted_copy(tmp_path)
    unnamed = _quoted_copy(tmp_path, "league.txt")  # told by its first bytes
    native = list(iter_games(SAMPLES / "league-night.spades"))
    with RECORD_FORMATS.registered(QUOTED):
        assert expand_paths([str(tmp_path)]) == [str(quoted)]
        for path in (quoted, unnamed):
            with path.open("rb") as stream:
                assert detect(stream, str(path)) is QUOTED
            games = list(iter_games(path))
            assert [g.hands for g in games] == [g.hands for g in native]
        assert check_file(str(quoted)).diagnostics == ()
    with pytest.raises(UnknownFormatError):
        RECORD_FORMATS.get("quoted")


def test_a_record_format_registered_here_is_written_by_convert(tmp_path: Path) -> None:
    with RECORD_FORMATS.registered(QUOTED):
        result = runner.invoke(
            app, ["convert", "--to", "quoted", str(SAMPLES / "league-night.spades")]
        )
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("> [Event ")
        back = tmp_path / "back.quoted"
        back.write_text(result.stdout)
        again = runner.invoke(app, ["convert", "--to", "spades", str(back)])
    assert again.exit_code == 0
    assert again.stdout == "".join(format_games(iter_games(SAMPLES / "league-night.spades")))


def test_a_name_is_registered_once() -> None:
    registry: Registry[OutputFormat] = Registry("test")
    registry.register(TALLY)
    with pytest.raises(ValueError, match="registered already"):
        registry.register(TALLY)
    with pytest.raises(UnknownFormatError, match=r"unknown test format 'x' \(known: tally\)"):
        registry.get("x")
