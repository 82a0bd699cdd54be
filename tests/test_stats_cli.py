"""``spadesctl stats`` and ``spadesctl export`` on the command line: output, options, exit codes.

The figures themselves are checked in tests/test_stats_corpus.py; here, what the
commands print and how they fail.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.schema import schema_of

FIXTURES = Path(__file__).parent / "fixtures" / "stats"
runner = CliRunner()


def test_the_cli_does_not_import_polars() -> None:
    code = "import sys, spadesctl.cli; print('polars' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_text_table_sorted_with_top_and_columns() -> None:
    result = runner.invoke(
        app,
        [
            *("stats", str(FIXTURES), "--sort", "points_per_hand", "--top", "3"),
            *("--columns", "hands,points_per_hand"),
        ],
    )
    assert result.exit_code == 0, result.output
    # points per hand (tests/test_stats_corpus.py): Ann 225/6, Cy 26/6, Bo -160/6, Di -359/6
    assert result.stdout.splitlines() == [
        "player  hands  points_per_hand",
        "------  -----  ---------------",
        "Ann         6            37.50",
        "Cy          6             4.33",
        "Bo          6           -26.67",
    ]
    assert result.stderr == ""


def test_reverse_and_text_sort() -> None:
    result = runner.invoke(
        app, ["stats", str(FIXTURES), "--by", "team", "--sort", "team", "--reverse"]
    )
    assert result.exit_code == 0
    teams = [line.split("  ")[0] for line in result.stdout.splitlines()[2:]]
    assert teams == ["Cy & Di", "Bo & Di", "Ann & Cy", "Ann & Bo"]


def test_standard_input(tmp_path: Path) -> None:
    text = (FIXTURES / "cup.spades").read_text()
    result = runner.invoke(app, ["stats", "-", "--format", "csv", "--columns", "games"], input=text)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["player,games", "Ann,1", "Bo,1", "Cy,1", "Di,1"]


def test_outputs_to_files(tmp_path: Path) -> None:
    csv = tmp_path / "s.csv"
    result = runner.invoke(app, ["stats", str(FIXTURES), "--format", "csv", "-o", str(csv)])
    assert result.exit_code == 0 and result.stdout == ""
    parquet = tmp_path / "s.parquet"
    result = runner.invoke(app, ["stats", str(FIXTURES), "--format", "parquet", "-o", str(parquet)])
    assert result.exit_code == 0
    assert pl.read_parquet(parquet).equals(pl.read_csv(csv, schema=pl.read_parquet_schema(parquet)))
    text = tmp_path / "s.txt"
    result = runner.invoke(app, ["stats", str(FIXTURES), "-o", str(text)])
    assert result.exit_code == 0
    assert text.read_text().startswith("player  games  wins")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--since", "last week"], "--since expects a date written YYYY-MM-DD"),
        (["--sort", "nope"], "cannot sort by 'nope'"),
        (["--columns", "games,nope"], "unknown column 'nope'"),
        (["--rules", "canasta"], "unknown preset 'canasta'"),
        (["--format", "parquet"], "give it with -o FILE"),
        (["--default-rules", "standard nill=3"], "nill"),
        (["-o", "/no/such/dir/out.txt"], "cannot be written"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["stats", str(FIXTURES), *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_bad_inputs_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(tmp_path / "missing.spades")])
    assert result.exit_code == 2 and "no such file" in result.stderr
    assert runner.invoke(app, ["stats", str(tmp_path)]).exit_code == 2  # no records in it
    games = tmp_path / "games.parquet"
    assert (
        runner.invoke(
            app, ["export", str(FIXTURES), "--table", "games", "-o", str(games)]
        ).exit_code
        == 0
    )
    result = runner.invoke(app, ["stats", str(games)])
    assert result.exit_code == 2
    assert "a 'games' export; stats reads an export of the hands table" in result.stderr
    fake = tmp_path / "fake.parquet"
    fake.write_text("not parquet")
    result = runner.invoke(app, ["stats", str(fake)])
    assert result.exit_code == 2 and str(fake) in result.stderr
    assert runner.invoke(app, ["stats", str(FIXTURES), "--by", "table"]).exit_code == 2


def test_records_and_exports_mix(tmp_path: Path) -> None:
    cup = tmp_path / "cup.parquet"
    result = runner.invoke(app, ["export", str(FIXTURES / "cup.spades"), "-o", str(cup)])
    assert result.exit_code == 0
    mixed = runner.invoke(
        app, ["stats", str(cup), str(FIXTURES / "league.spades"), "--format", "json"]
    )
    records = runner.invoke(app, ["stats", str(FIXTURES), "--format", "json"])
    assert json.loads(mixed.stdout) == json.loads(records.stdout)


def test_export_formats(tmp_path: Path) -> None:
    # the format from the output's name
    out = tmp_path / "tricks.ndjson"
    result = runner.invoke(app, ["export", str(FIXTURES), "--table", "tricks", "-o", str(out)])
    assert result.exit_code == 0 and out.read_text() == ""  # score sheets: no trick played
    result = runner.invoke(
        app, ["export", str(FIXTURES), "--table", "games", "-o", "-", "--format", "csv"]
    )
    assert result.exit_code == 0
    games = pl.read_csv(result.stdout.encode(), schema=schema_of("games"))
    assert games.height == 3
    hands = tmp_path / "hands.data"
    result = runner.invoke(app, ["export", str(FIXTURES), "-o", str(hands)])  # Parquet
    assert result.exit_code == 0
    assert pl.read_parquet(hands).schema == schema_of("hands")


def test_export_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(FIXTURES), "-o", "-"])
    assert result.exit_code == 2 and "binary" in result.stderr
    result = runner.invoke(app, ["export", str(FIXTURES), "-o", str(tmp_path / "x" / "h.csv")])
    assert result.exit_code == 2 and "cannot be written" in result.stderr
    hands = tmp_path / "h.parquet"
    runner.invoke(app, ["export", str(FIXTURES), "-o", str(hands)])
    result = runner.invoke(app, ["export", str(hands), "-o", str(tmp_path / "again.parquet")])
    assert result.exit_code == 2 and "export reads records" in result.stderr
    assert runner.invoke(app, ["export", str(FIXTURES)]).exit_code == 2  # -o is required


def test_export_reports_broken_files_and_exits_1(tmp_path: Path) -> None:
    broken = tmp_path / "broken.spades"
    broken.write_text("hand 1 dealer Q\n")
    out = tmp_path / "h.csv"
    result = runner.invoke(
        app, ["export", str(FIXTURES / "cup.spades"), str(broken), "-o", str(out)]
    )
    assert result.exit_code == 1
    assert f"{broken}:1:" in result.stderr and "game 1 not counted" in result.stderr
    assert pl.read_csv(out).height == 8  # the cup game's 2 hands x 4 seats


@pytest.mark.parametrize("text", ["", "\n\n; a comment only\n"])
def test_records_with_no_games_say_so(tmp_path: Path, text: str) -> None:
    empty = tmp_path / "empty.spades"
    empty.write_text(text, "utf-8")
    result = runner.invoke(app, ["stats", str(empty)])
    assert result.exit_code == 0
    assert result.stderr == (
        "spadesctl: warning: no games in these records: the files are empty or hold "
        "nothing but blank lines and comments\n"
    )


def test_records_with_games_give_no_such_warning(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", "samples/league-night.spades"])
    assert result.exit_code == 0 and "no games" not in result.stderr
    export = tmp_path / "hands.parquet"
    made = runner.invoke(app, ["export", "samples/league-night.spades", "-o", str(export)])
    assert made.exit_code == 0, made.output
    for command in ("stats", "fairness"):  # an export's games count as games read
        result = runner.invoke(app, [command, str(export)])
        assert result.exit_code == 0 and result.stderr == "", result.stderr
