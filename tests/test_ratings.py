"""Ratings: worked by hand for the fixture corpus, deterministic in any file order."""

from __future__ import annotations

import math
import random
from pathlib import Path

import polars as pl
import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation.writer import format_game
from spadesctl.rules.parse import parse_rules
from spadesctl.tables.corpus import CorpusOptions, iter_batches
from spadesctl.tables.ratings import game_results, pair_expectations, rate

FIXTURES = Path(__file__).parent / "fixtures" / "stats"


def _hands(paths: list[str]) -> pl.DataFrame:
    batches = iter_batches(paths, CorpusOptions(tables=("hands",)), 1)
    return pl.concat([b.frames["hands"] for b in batches])


def test_fixture_ratings_by_hand() -> None:
    # Rated: A (2026-11-06, Ann & Cy beat Bo & Di) then C (2026-12-01, Ann & Cy beat Di &
    # Bo); B is unfinished, not rated.  Whatever order the files come in.
    hands = _hands([str(FIXTURES / "league.spades"), str(FIXTURES / "cup.spades")])
    ratings = rate(game_results(hands))
    history = ratings.history
    assert history.get_column("order").unique().to_list() == [1, 2]
    first = history.filter(pl.col("order") == 1)
    assert set(first.filter(pl.col("won")).get_column("player")) == {"Ann", "Cy"}
    # Plackett-Luce, two teams of two fresh players (mu 25, sigma 25/3, beta 25/6, and
    # the drift tau = 25/300 added to each sigma first): sigma^2 = (25/3)^2 + tau^2;
    # c^2 = sum over teams of (team sigma^2 + beta^2) = 2 * (2 * sigma^2 + (25/6)^2);
    # each side has chance 1/2, so a winner gains sigma^2 / c * 1/2.
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (2 * sigma2 + (25 / 6) ** 2))
    gain = sigma2 / c * 0.5
    by_player = {r["player"]: r for r in first.iter_rows(named=True)}
    assert by_player["Ann"]["mu_after"] == pytest.approx(25 + gain)
    assert by_player["Bo"]["mu_after"] == pytest.approx(25 - gain)
    assert by_player["Ann"]["expected"] == pytest.approx(0.5)
    assert by_player["Ann"]["ordinal_before"] == pytest.approx(0.0)  # 25 - 3 * 25/3
    # Game 2 starts from game 1's ratings, as openskill itself rates the two games.
    model = PlackettLuce()
    fresh = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    (ann, cy), (bo, di) = model.rate(fresh, ranks=[0, 1])
    (ann2, _), (di2, _) = model.rate([[ann, cy], [di, bo]], ranks=[0, 1])
    final = {r["player"]: r for r in ratings.players.iter_rows(named=True)}
    assert final["Ann"]["rating"] == pytest.approx(ann2.mu)
    assert final["Di"]["rating_sigma"] == pytest.approx(di2.sigma)
    assert final["Ann"]["rating_ordinal"] == pytest.approx(ann2.mu - 3 * ann2.sigma)
    assert final["Ann"]["rated_games"] == 2
    pairs = {r["team"]: r for r in pair_expectations(history).iter_rows(named=True)}
    assert pairs["Ann & Cy"]["rated_games"] == 2
    assert pairs["Ann & Cy"]["expected_wins"] == pytest.approx(
        0.5 + model.predict_win([[ann, cy], [di, bo]])[0]
    )


def test_cutthroat_rates_every_player_against_every_other(tmp_path: Path) -> None:
    game = next(generate_games(1, 4, parse_rules("cutthroat"), GenerateOptions(hands_only=True)))
    path = tmp_path / "g.spades"
    path.write_text(format_game(game), encoding="utf-8")
    ratings = rate(game_results(_hands([str(path)])))
    assert ratings.history.get_column("party").sort().to_list() == ["E", "N", "S", "W"]
    assert ratings.history.get_column("expected").sum() == pytest.approx(1.0)
    winner = ratings.history.filter(pl.col("won")).row(0, named=True)
    assert winner["mu_after"] > winner["mu_before"]


NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
GENERATED = {"North": "Ann", "East": "Bo", "South": "Cy", "West": "Di"}


def _corpus(tmp_path: Path) -> list[str]:
    rng = random.Random(3)
    paths = []
    games = generate_games(12, 9, parse_rules("standard target=150"), GenerateOptions(True))
    for number, game in enumerate(games):
        text = format_game(game)
        for (tag, old), name in zip(GENERATED.items(), rng.sample(NAMES, 4), strict=True):
            text = text.replace(f'[{tag} "{old}"]', f'[{tag} "{name}"]')
        day = ["", '[Date "2026-03-01"]\n', '[Date "2026-03-02"]\n[Time "20:00"]\n'][number % 3]
        path = tmp_path / f"g{number:02}.spades"
        path.write_text(day + text, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_ratings_do_not_depend_on_the_file_order(tmp_path: Path) -> None:
    paths = _corpus(tmp_path)
    reference = rate(game_results(_hands(paths))).players
    assert reference.height == len(NAMES)
    for seed in range(3):
        shuffled = paths[:]
        random.Random(seed).shuffle(shuffled)
        assert rate(game_results(_hands(shuffled))).players.equals(reference)


def test_the_ratings_are_openskills_own_to_the_bit(tmp_path: Path) -> None:
    # The rating loop hands openskill its parties in a list that answers the deep copy
    # itself: the figures must be exactly those of the plain call, game after game.
    paths = _corpus(tmp_path)
    cut = generate_games(4, 5, parse_rules("cutthroat target=150"), GenerateOptions(True))
    for number, game in enumerate(cut):
        path = tmp_path / f"c{number}.spades"
        path.write_text(format_game(game), encoding="utf-8")
        paths.append(str(path))
    results = game_results(_hands(paths))
    history = rate(results).history
    assert history.get_column("party").is_in(["N", "E", "S", "W"]).any()
    finals = {
        (r["file"], r["game"], r["party"]): (r["won"], r["final"])
        for r in results.iter_rows(named=True)
    }
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    for (order,), rows in history.group_by("order", maintain_order=True):
        parties = rows.get_column("party").unique(maintain_order=True).to_list()
        file, game = rows.row(0, named=True)["file"], rows.row(0, named=True)["game"]
        teams = [rows.filter(pl.col("party") == p).get_column("player").to_list() for p in parties]
        outcome = [finals[(file, game, p)] for p in parties]
        scores = [s if s is not None else -(2**40) for _, s in outcome]
        ranks = [
            0 if won else 1 + sum(t > s for t in scores)
            for (won, _), s in zip(outcome, scores, strict=True)
        ]
        before = [[current.get(n) or model.rating(name=n) for n in team] for team in teams]
        expected = model.predict_win(before)
        after = model.rate(before, ranks=ranks)
        for place, (team, new_team) in enumerate(zip(teams, after, strict=True)):
            for name, new in zip(team, new_team, strict=True):
                current[name] = new
                row = rows.filter(pl.col("player") == name).row(0, named=True)
                assert row["order"] == order
                assert row["expected"] == expected[place]
                assert (row["mu_after"], row["sigma_after"]) == (new.mu, new.sigma)
    assert len(current) == history.get_column("player").n_unique()
