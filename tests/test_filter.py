"""``spadesctl filter`` (spadesctl.filtering): games picked as pgn-extract picks them,
written whole or split into files."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.dates import game_date
from spadesctl.filtering import GameFilter, matching_games, split_key
from spadesctl.notation import iter_games
from spadesctl.selection import Selection
from spadesctl.sources import expand_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()
ALL = [g for f in expand_paths([str(SAMPLES)]) for g in iter_games(f)]
NATIVE = expand_paths([str(SAMPLES)], (".spades",))
NATIVE_GAMES = [g for f in NATIVE for g in iter_games(f)]


def _players(game: object) -> set[str | None]:
    return {game.tag(s) for s in ("North", "East", "South", "West")}  # type: ignore[attr-defined]


def test_conditions_as_stats_reads_them() -> None:
    files = expand_paths([str(SAMPLES)])
    ann = list(matching_games(files, GameFilter(players=("Ann",))))
    assert ann and all("Ann" in _players(g) for g in ann)
    assert len(ann) == sum("Ann" in _players(g) for g in ALL)
    assert len(list(matching_games(files, GameFilter()))) == len(ALL)

    november = GameFilter(since=date(2026, 11, 15), until=date(2026, 11, 20))
    kept = list(matching_games(files, november))
    assert kept and all("2026-11-15" <= (g.tag("Date") or "") <= "2026-11-20" for g in kept)
    reneges = list(matching_games(files, GameFilter(having=Selection.of(["renege"]))))
    assert {g.tag("Event") for g in reneges} >= {"Planted: East reneges"}
    standard = list(matching_games(files, GameFilter(presets=("standard",))))
    assert 0 < len(standard) < len(ALL)


def test_split_keys() -> None:
    game = next(g for g in ALL if g.tag("Event") == "Book club")
    assert split_key(game, "event") == ["book-club"]
    assert split_key(game, "date") == [game.tag("Date")]
    assert split_key(game, "player") == sorted(
        {p.lower() for p in _players(game) if p},
        key=[(game.tag(s) or "").lower() for s in ("North", "East", "South", "West")].index,
    )


def test_filter_writes_the_matching_games(tmp_path: Path) -> None:
    out = tmp_path / "ann.spades"
    result = runner.invoke(app, ["filter", *NATIVE, "--player", "Ann", "-o", str(out)])
    assert result.exit_code == 0, result.output
    games = list(iter_games(out))
    assert games == [g for g in NATIVE_GAMES if "Ann" in _players(g)]
    none = runner.invoke(app, ["filter", str(SAMPLES), "--player", "Nobody"])
    assert (none.exit_code, none.stdout) == (1, "")
    pbn = runner.invoke(app, ["filter", str(SAMPLES), "--with", "SP304", "--to", "pbn"])
    assert pbn.exit_code == 0 and pbn.stdout.startswith("% PBN")


def test_split_into_files(tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    result = runner.invoke(app, ["filter", *NATIVE, "--split", "4", "-o", str(parts)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in parts.iterdir())
    assert names == sorted(f"{i}.spades" for i in range(1, (len(NATIVE_GAMES) + 3) // 4 + 1))
    split = [g for i in range(1, len(names) + 1) for g in iter_games(parts / f"{i}.spades")]
    assert split == NATIVE_GAMES
    by_date = tmp_path / "dates"
    runner.invoke(app, ["filter", str(SAMPLES), "--split-by", "date", "-o", str(by_date)])
    for path in by_date.iterdir():
        for game in iter_games(path):
            day = game_date(game.tag("Date"))
            assert (day.isoformat() if day else "undated") == path.stem
    assert sum(len(list(iter_games(p))) for p in by_date.iterdir()) == len(ALL)


def test_usage_errors(tmp_path: Path) -> None:
    for args, message in (
        (["--split", "2"], "give a folder with -o DIR"),
        (["--since", "yesterday"], "--since expects a date"),
        (["--preset", "nonsense"], "unknown preset 'nonsense'"),
        (["--with", "SP9"], "--with: unknown diagnostic"),
        (["--split", "2", "--split-by", "date", "-o", str(tmp_path)], "cannot be used together"),
    ):
        result = runner.invoke(app, ["filter", str(SAMPLES), *args])
        assert result.exit_code == 2, args
        assert message in result.stderr, (args, result.stderr)


def test_an_unreadable_input_leaves_the_output_alone(tmp_path: Path) -> None:
    keep = tmp_path / "keep.spades"
    keep.write_text("precious\n")
    missing = str(tmp_path / "missing.spades")
    result = runner.invoke(app, ["filter", str(SAMPLES), missing, "-o", str(keep)])
    assert result.exit_code == 2
    assert keep.read_text() == "precious\n"
