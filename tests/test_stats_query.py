"""``stats`` and ``fairness`` on the command line: output formats, options, footnotes,
and the same figures from records and from a Parquet export of them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.query import StatsRequest, run_fairness, run_stats
from spadesctl.tables.stats import GROUPINGS, SHOWN, Filters
from tests.dealing import biased_deal, records

FIXTURES = Path(__file__).parent / "fixtures" / "stats"
SAMPLES = Path(__file__).parent.parent / "samples"
runner = CliRunner()


def test_the_cli_offers_every_grouping() -> None:
    from spadesctl.cli.stats_cmd import By

    assert tuple(b.value for b in By) == GROUPINGS


@pytest.mark.parametrize(
    ("name", "read"),
    [
        ("st.parquet", pl.read_parquet),
        ("st.csv", pl.read_csv),
        ("st.json", lambda p: pl.DataFrame(json.loads(Path(p).read_text()))),
    ],
)
def test_the_output_suffix_names_the_format(name: str, read: object, tmp_path: Path) -> None:
    out = tmp_path / name
    result = runner.invoke(app, ["stats", str(FIXTURES), "--columns", "games,wins", "-o", str(out)])
    assert result.exit_code == 0, result.output
    table = read(out)  # type: ignore[operator]
    assert table.columns == ["player", "games", "wins"]
    assert sorted(table.get_column("player").to_list()) == ["Ann", "Bo", "Cy", "Di"]


def test_a_suffix_that_contradicts_the_format_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "st.parquet"
    out.write_text("keep me")
    result = runner.invoke(app, ["stats", str(FIXTURES), "--format", "csv", "-o", str(out)])
    assert result.exit_code == 2
    assert "--format csv contradicts the name of the output" in result.stderr
    assert out.read_text() == "keep me"
    result = runner.invoke(app, ["stats", str(FIXTURES), "--format", "table", "-o", str(out)])
    assert result.exit_code == 2 and "--format table contradicts" in result.stderr
    assert out.read_text() == "keep me"
    text = tmp_path / "st.txt"  # a suffix no table format claims: the aligned table
    result = runner.invoke(app, ["stats", str(FIXTURES), "-o", str(text)])
    assert result.exit_code == 0 and text.read_text().startswith("player  games")


def test_a_failed_stats_leaves_the_output_alone(tmp_path: Path) -> None:
    out = tmp_path / "st.txt"
    out.write_text("keep me")
    for args in (["missing.spades"], [str(FIXTURES), "--rules", "canasta"]):
        result = runner.invoke(app, ["stats", *args, "-o", str(out)])
        assert result.exit_code == 2
        assert out.read_text() == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["st.txt"]


def _undeclared(tmp_path: Path) -> str:
    """The Winter Cup game without its Rules tag."""
    text = (FIXTURES / "cup.spades").read_text()
    path = tmp_path / "undeclared.spades"
    path.write_text("".join(line for line in text.splitlines(True) if "[Rules" not in line))
    return str(path)


def test_rules_is_the_default_ruleset_and_preset_filters(tmp_path: Path) -> None:
    path = _undeclared(tmp_path)
    games = ["--by", "game", "--format", "csv", "--columns", "hands"]
    result = runner.invoke(app, ["stats", path, *games, "--preset", "cutthroat"])
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 1  # the header: the game is standard
    assert "the filters kept 0 games" in result.stderr
    result = runner.invoke(
        app, ["stats", path, *games, "--preset", "cutthroat", "--rules", "cutthroat"]
    )
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 2  # the header and the game, now cutthroat
    assert "the filters kept 1 game" in result.stderr
    result = runner.invoke(app, ["stats", path, "--preset", "canasta"])
    assert result.exit_code == 2 and "unknown preset 'canasta' for --preset" in result.stderr
    result = runner.invoke(app, ["stats", path, "--rules", " "])
    assert result.exit_code == 2 and "--rules: give a ruleset" in result.stderr


def test_default_rules_is_a_deprecated_alias(tmp_path: Path) -> None:
    path = _undeclared(tmp_path)
    args = ["stats", path, "--by", "game", "--format", "csv", "--columns", "hands"]
    old = runner.invoke(app, [*args, "--default-rules", "cutthroat", "--preset", "cutthroat"])
    new = runner.invoke(app, [*args, "--rules", "cutthroat", "--preset", "cutthroat"])
    assert old.exit_code == new.exit_code == 0
    assert old.stdout == new.stdout
    assert "--default-rules is deprecated: use --rules" in old.stderr


def test_footnotes_count_the_games_kept_and_name_unknown_players() -> None:
    result = runner.invoke(app, ["stats", str(FIXTURES), "--event", "Winter Cup"])
    assert result.exit_code == 0
    assert "spadesctl: the filters kept 1 game\n" in result.stderr
    result = runner.invoke(app, ["stats", str(FIXTURES), "--player", "Ann,Zed"])
    assert result.exit_code == 0
    assert "--player 'Zed' matches no player in these records" in result.stderr
    assert "'Ann'" not in result.stderr
    assert "the filters kept 3 games" in result.stderr  # Ann played all three
    plain = runner.invoke(app, ["stats", str(FIXTURES)])
    assert plain.stderr == ""


def test_player_rows_carry_the_ratings() -> None:
    result = runner.invoke(app, ["stats", str(FIXTURES), "--format", "json"])
    rows = {r["player"]: r for r in json.loads(result.stdout)}
    assert list(rows["Ann"])[:9] == list(SHOWN["player"][:9])
    assert rows["Ann"]["rated_games"] == 2 and rows["Ann"]["rating"] > 25 > rows["Bo"]["rating"]
    assert rows["Ann"]["rating_ordinal"] == pytest.approx(
        rows["Ann"]["rating"] - 3 * rows["Ann"]["rating_sigma"]
    )


def test_the_rating_history() -> None:
    result = runner.invoke(app, ["stats", str(FIXTURES), "--ratings", "--format", "csv"])
    assert result.exit_code == 0
    history = pl.read_csv(result.stdout.encode())
    assert history.height == 8  # two rated games of four players
    assert history.get_column("order").to_list() == [1, 1, 1, 1, 2, 2, 2, 2]
    ann = history.filter(pl.col("player") == "Ann")
    assert ann.get_column("mu_after")[0] == pytest.approx(ann.get_column("mu_before")[1])
    only = runner.invoke(
        app, ["stats", str(FIXTURES), "--ratings", "--player", "Bo", "--format", "csv"]
    )
    assert set(pl.read_csv(only.stdout.encode()).get_column("player")) == {"Bo"}


def test_pairs_against_their_ratings() -> None:
    result = runner.invoke(app, ["stats", str(FIXTURES), "--by", "pair", "--format", "json"])
    rows = {r["team"]: r for r in json.loads(result.stdout)}
    ann_cy = rows["Ann & Cy"]
    # Rated together in A and C, and won both; A was a coin toss (0.5).
    assert ann_cy["rated_games"] == 2
    assert 0.5 < ann_cy["expected_wins"] < 1.5
    assert ann_cy["wins_over_expected"] == pytest.approx(2 - ann_cy["expected_wins"])
    assert rows["Ann & Bo"]["rated_games"] == 0  # B is unfinished


def test_the_stats_table_says_whether_the_deals_look_fair() -> None:
    result = runner.invoke(app, ["stats", str(SAMPLES / "mistakes"), "--columns", "games"])
    assert result.stdout.splitlines()[-1].startswith("Deals: consistent with a fair shuffle (p = ")
    no_deals = runner.invoke(app, ["stats", str(FIXTURES)])
    assert "Deals:" not in no_deals.stdout


def test_fairness_command_finds_a_biased_dealer(tmp_path: Path) -> None:
    rng = random.Random(5)
    path = tmp_path / "biased.spades"
    path.write_text("\n".join(records([biased_deal(rng) for _ in range(300)])))
    result = runner.invoke(app, ["fairness", str(path)])
    assert result.exit_code == 0, result.output
    assert "North's spades are longer than chance allows" in result.stdout.splitlines()[-1]
    csv = runner.invoke(app, ["fairness", str(path), "--format", "csv"])
    tests = pl.read_csv(csv.stdout.encode())
    assert tests.filter(pl.col("biased")).get_column("measure").unique().to_list() == ["spades"]


def test_records_and_their_export_give_the_same_figures(tmp_path: Path) -> None:
    paths = [str(SAMPLES)]
    export = tmp_path / "hands.parquet"
    result = runner.invoke(app, ["export", *paths, "--table", "hands", "-o", str(export)])
    assert result.exit_code in (0, 1), result.output
    for by in GROUPINGS:
        from_records = run_stats(StatsRequest(tuple(paths), by, jobs=1)).table
        from_export = run_stats(StatsRequest((str(export),), by)).table
        assert from_export.equals(from_records), by
    history = [
        run_stats(StatsRequest((p,), history=True, jobs=1)).table for p in (paths[0], str(export))
    ]
    assert history[0].drop("file").equals(history[1].drop("file"))
    tests = [run_fairness((p,), Filters(), jobs=1) for p in (paths[0], str(export))]
    assert tests[0].table.equals(tests[1].table)
    assert tests[0].fairness is not None and tests[0].fairness.deals > 100
