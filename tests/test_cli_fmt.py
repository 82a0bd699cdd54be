"""``spadesctl fmt``: printing, --check and --write (atomic), errors and exit codes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from spadesctl.cli import app

GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()

MESSY = '[Event "x"]  ; c\nhand 1 dealer N\nbid N 3 E 4\nbid S 2 W 4\ntrick 1 N 2c 3C c4 5♣\n'


def test_fmt_prints_the_canonical_form(tmp_path: Path) -> None:
    path = tmp_path / "a.spades"
    path.write_text(MESSY)
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0
    assert result.stdout == (GOLDEN / "fmt_messy.spades").read_text()


def test_fmt_check_reports_files_that_are_not_canonical(tmp_path: Path) -> None:
    messy = tmp_path / "messy.spades"
    messy.write_text(MESSY)
    clean = tmp_path / "clean.spades"
    clean.write_text((GOLDEN / "fmt_messy.spades").read_text())
    result = runner.invoke(app, ["fmt", "--check", str(messy), str(clean)])
    assert result.exit_code == 1
    assert result.stdout == f"would reformat {messy}\n"
    assert messy.read_text() == MESSY
    assert runner.invoke(app, ["fmt", "--check", str(clean)]).exit_code == 0


def test_fmt_write_rewrites_in_place_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a.spades"
    path.write_text(MESSY)
    path.chmod(0o640)
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 0
    assert path.read_text() == (GOLDEN / "fmt_messy.spades").read_text()
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.spades"]


def test_fmt_refuses_files_with_syntax_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.spades"
    path.write_text('[Event "x"]\nhand 1 dealer N\nbid N\n')
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 1
    assert f"{path}:3:6: SP001 syntax-error" in result.stderr
    assert path.read_text() == '[Event "x"]\nhand 1 dealer N\nbid N\n'


def test_fmt_usage_and_io_errors_exit_2(tmp_path: Path) -> None:
    assert runner.invoke(app, ["fmt", "--check", "--write", "x"]).exit_code == 2
    result = runner.invoke(app, ["fmt", str(tmp_path / "missing.spades")])
    assert result.exit_code == 2
    assert "no such file" in result.stderr
    assert "Traceback" not in result.output


def test_fmt_refuses_pbn_records_and_leaves_them_alone(tmp_path: Path) -> None:
    named = tmp_path / "game.pbn"
    named.write_text('[Event "x"]\n')
    sniffed = tmp_path / "game.txt"
    sniffed.write_text('% PTN ----\n[Event "x"]\n')
    for path in (named, sniffed):
        result = runner.invoke(app, ["fmt", "--write", str(path)])
        assert result.exit_code == 2
        assert "is a PBN record" in result.stderr
        assert "spadesctl convert --to spades" in result.stderr
    assert named.read_text() == '[Event "x"]\n'


def test_fmt_diff_shows_what_write_would_change_and_exits_1(tmp_path: Path) -> None:
    messy = tmp_path / "messy.spades"
    messy.write_text(MESSY)
    clean = tmp_path / "clean.spades"
    clean.write_text((GOLDEN / "fmt_messy.spades").read_text())
    result = runner.invoke(app, ["fmt", "--diff", str(messy), str(clean)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"--- {messy}"
    assert lines[1] == f"+++ {messy} (formatted)"
    assert "-bid N 3 E 4" in lines and "+bid N 3 E 4 S 2 W 4" in lines
    assert str(clean) not in result.stdout
    assert messy.read_text() == MESSY  # nothing changed
    unchanged = runner.invoke(app, ["fmt", "--diff", str(clean)])
    assert (unchanged.exit_code, unchanged.stdout) == (0, "")
    assert runner.invoke(app, ["fmt", "--diff", "--write", str(clean)]).exit_code == 2


def test_fmt_check_of_standard_input_tells_canonical_from_not() -> None:
    canonical = (GOLDEN / "fmt_messy.spades").read_text()
    assert runner.invoke(app, ["fmt", "--check", "-"], input=canonical).exit_code == 0
    result = runner.invoke(app, ["fmt", "--check", "-"], input=MESSY)
    assert (result.exit_code, result.stdout) == (1, "would reformat -\n")


def test_fmt_says_why_pbn_records_are_not_formatted() -> None:
    samples = Path(__file__).parent.parent / "samples"
    folder = runner.invoke(app, ["fmt", str(samples / "pbn")])
    assert folder.exit_code == 2
    assert "no *.spades records in" in folder.stderr and "convert --to spades" in folder.stderr
    piped = runner.invoke(app, ["fmt", "-"], input=(samples / "pbn" / "renege.ptn").read_text())
    named = runner.invoke(app, ["fmt", str(samples / "pbn" / "renege.ptn")])
    assert piped.exit_code == named.exit_code == 2
    assert piped.stderr == named.stderr.replace(str(samples / "pbn" / "renege.ptn"), "-")
    assert "is a PBN record" in piped.stderr
