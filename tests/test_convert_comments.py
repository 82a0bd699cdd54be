"""convert keeps a record's comments where the target holds them (#13): ``convert --to
spades`` of a native record gives the text ``fmt`` gives, every comment where ``fmt``
puts it; a target that holds none (PBN, trick-notation) says once per file that the
comments are not kept, never silently."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.converting import Conversion, convert_files, dropped_comments
from spadesctl.formatting import Outcome, format_source
from spadesctl.generate import generate_games
from spadesctl.notation import format_games
from spadesctl.record_formats import NATIVE, RECORD_FORMATS
from spadesctl.rules import PRESETS
from tests.test_fmt_comments import placements, put_comments
from tests.test_import_roundtrip import COMMENTED, export_set

runner = CliRunner()


def fmt_text(path: Path) -> str:
    result = format_source(str(path))
    assert result.outcome in (Outcome.CANONICAL, Outcome.CHANGED), result.message
    return result.text


def convert_text(path: Path, folder: Path) -> str:
    out = folder / "converted.spades"
    summary = convert_files([str(path)], Conversion(NATIVE), str(out))
    assert summary.status == 0
    return out.read_text()


def test_convert_to_spades_gives_fmt_s_text(tmp_path: Path) -> None:
    records = tmp_path / "commented.spades"
    records.write_text(COMMENTED)
    result = runner.invoke(app, ["convert", "--to", "spades", str(records)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout == fmt_text(records)
    assert result.stdout.count(";") + result.stdout.count("{") == COMMENTED.count(
        ";"
    ) + COMMENTED.count("{")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_comments_of_every_preset_convert_as_fmt_puts_them(
    preset: str, tmp_path: Path
) -> None:
    rng = random.Random(preset)
    kinds = ("alone", "line", "block", "span")
    where = [(rng.randrange(400), rng.choice(kinds), f"note {n}") for n in range(12)]
    text = "".join(format_games(generate_games(2, 11, PRESETS[preset])))
    records = tmp_path / "random.spades"
    records.write_text(put_comments(text, where))
    assert convert_text(records, tmp_path) == fmt_text(records)
    # the CLI into a directory too
    folder = tmp_path / "out"
    folder.mkdir()
    result = runner.invoke(app, ["convert", "--to", "spades", str(records), "-o", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "random.spades").read_text() == fmt_text(records)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), comments=placements)
def test_convert_to_spades_equals_fmt(seed: int, comments: list[tuple[int, str, str]]) -> None:
    """Comments put anywhere in generated games: convert --to spades writes what fmt does."""
    import tempfile

    rules = PRESETS[sorted(PRESETS)[seed % len(PRESETS)]]
    text = put_comments("".join(format_games(generate_games(2, seed, rules))), comments)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        records = folder / "game.spades"
        records.write_text(text)
        assert convert_text(records, folder) == fmt_text(records)


TARGETS = ("pbn", "trick-notation")


@pytest.mark.parametrize("to", TARGETS)
def test_a_target_without_comments_says_so_once_per_file(to: str, tmp_path: Path) -> None:
    first, second = tmp_path / "a.spades", tmp_path / "b.spades"
    first.write_text(COMMENTED)
    second.write_text(COMMENTED.split('[Event "Second"]')[0])  # its first game
    result = runner.invoke(app, ["convert", "--to", to, str(first), str(second)])
    assert result.exit_code == 0, result.output
    target = RECORD_FORMATS.get(to)
    assert result.stderr == (
        f"spadesctl: warning: {first}: {dropped_comments(2, target)}\n"
        f"spadesctl: warning: {second}: {dropped_comments(1, target)}\n"
    )
    assert "the comments of 2 games are not kept" in result.stderr


@pytest.mark.parametrize("to", TARGETS)
def test_no_warning_without_comments(to: str, tmp_path: Path) -> None:
    records = tmp_path / "plain.spades"
    records.write_text("".join(format_games(generate_games(2, 3, PRESETS["standard"]))))
    result = runner.invoke(app, ["convert", "--to", to, str(records)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_comments_read_from_tables_are_said_dropped_too(tmp_path: Path) -> None:
    records = tmp_path / "commented.spades"
    records.write_text(COMMENTED)
    out = export_set(records, tmp_path / "out", ".csv")
    kept = runner.invoke(app, ["convert", "--to", "spades", str(out)])
    assert kept.exit_code == 0 and kept.stderr == ""
    assert kept.stdout == fmt_text(records)
    result = runner.invoke(app, ["convert", "--to", "pbn", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr.count("the comments of 2 games are not kept: PBN records hold none") == 1


TRICK_NOTATION = """\
; from the club's server
% trick-notation v1 ; version 1
[Game "spades"]
[Deck "french52"]
[Seats "N E S W"]
[Dealer "W"]
D N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432
C N: 13 0 0 0 ; a bold bid
"""


def test_trick_notation_comments_are_kept_by_spades_and_said_dropped_by_pbn(
    tmp_path: Path,
) -> None:
    source = tmp_path / "game.tn"
    source.write_text(TRICK_NOTATION)
    native = runner.invoke(app, ["convert", "--to", "spades", str(source)])
    assert native.exit_code in (0, 1), native.output
    notes = ["; from the club's server", "; version 1", "; a bold bid"]
    assert [line for line in native.stdout.splitlines() if line.startswith(";")] == notes
    pbn = runner.invoke(app, ["convert", "--to", "pbn", str(source)])
    assert pbn.stderr.endswith(
        f"spadesctl: warning: {source}: {dropped_comments(1, RECORD_FORMATS.get('pbn'))}\n"
    )


def test_what_trick_notation_cannot_hold_comes_back_as_comments(tmp_path: Path) -> None:
    """spades -> trick-notation writes a score line as a comment; back to spades, the
    comment is kept (before the game's first line) and the game reads back the same."""
    records = tmp_path / "plain.spades"
    records.write_text("".join(format_games(generate_games(1, 5, PRESETS["standard"]))))
    document = tmp_path / "plain.tn"
    to_tn = runner.invoke(app, ["convert", "--to", "trick-notation", str(records)])
    assert to_tn.exit_code == 0 and to_tn.stderr == ""
    document.write_text(to_tn.stdout)
    said = [line for line in to_tn.stdout.splitlines() if line.startswith("; not held")]
    assert said
    back = runner.invoke(app, ["convert", "--to", "spades", str(document)])
    assert back.exit_code == 0, back.output
    assert [line for line in back.stdout.splitlines() if line.startswith(";")] == said
    again = tmp_path / "again.spades"
    again.write_text(back.stdout)
    assert format_source(str(again)).outcome is Outcome.CANONICAL


@pytest.mark.parametrize("suffix", [".tn", ".ptn"])
def test_a_comment_s_line_break_is_written_as_its_escape(suffix: str, tmp_path: Path) -> None:
    """A ``\\r`` (or any other character that breaks a line) inside a carried comment
    stays in its one native line, as its escape: fmt then keeps the text as it is."""
    source = tmp_path / f"odd{suffix}"
    text = TRICK_NOTATION if suffix == ".tn" else Path("samples/pbn/renege.ptn").read_text()
    line = "[Seats" if suffix == ".tn" else "[Auction"
    odd = [f"{t} ; hand\r 2\u2028x" if t.startswith(line) else t for t in text.split("\n")]
    source.write_bytes("\n".join(odd).encode())
    native = runner.invoke(app, ["convert", "--to", "spades", str(source)])
    assert "; hand\\r 2\\u2028x" in native.stdout
    written = tmp_path / "odd.spades"
    written.write_text(native.stdout)
    result = format_source(str(written))
    assert result.outcome is Outcome.CANONICAL or result.text == native.stdout
