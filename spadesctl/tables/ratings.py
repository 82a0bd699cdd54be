"""Player ratings across a corpus, with openskill's Plackett-Luce model.

Each decided game is one match, rated in playing order (:mod:`spadesctl.tables.order`):
the parties are the teams (the two partners of a side in a partnership game, each
player alone in cutthroat or solo), ranked by the result: the winner first, the others
by their final score (equal scores tie).  Unfinished games, and games with a seat
whose player has no name, are not rated.  Before each game the model's prediction of
each party's chance to win is kept, so that a partnership can be measured against what
its members' ratings predicted.

Ratings are sequential by nature: the loop is over games (a few per thousand hands),
the per-game tables are built with polars.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import polars as pl
from openskill.models import PlackettLuce, PlackettLuceRating

from spadesctl.tables.order import ORDER_COLUMNS, game_order

#: The columns of the rating history (``stats --ratings``).
HISTORY: Final = pl.Schema(
    {
        "order": pl.Int64,
        "file": pl.String,
        "game": pl.Int32,
        "date": pl.Date,
        "time": pl.Time,
        "player": pl.String,
        "party": pl.String,
        "won": pl.Boolean,
        "expected": pl.Float64,
        "mu_before": pl.Float64,
        "sigma_before": pl.Float64,
        "ordinal_before": pl.Float64,
        "mu_after": pl.Float64,
        "sigma_after": pl.Float64,
        "ordinal_after": pl.Float64,
    }
)
#: The rating columns ``stats --by player`` gains.
RATING_COLUMNS: Final = ("rating", "rating_sigma", "rating_ordinal", "rated_games")


@dataclass(frozen=True, slots=True)
class Ratings:
    """The rating history (one row per player per rated game) and the final ratings."""

    history: pl.DataFrame
    players: pl.DataFrame


def game_results(hands: pl.LazyFrame | pl.DataFrame) -> pl.DataFrame:
    """Per game and party: its players (in seat order), its final score (after the last
    hand) and whether it won, with the columns of the playing order.  Games never span
    batches, so the results of batches concatenate."""
    lazy = hands.lazy()
    last = lazy.filter(pl.col("hand") == pl.col("hand").max().over("file", "game"))
    parties = last.group_by("file", "game", "party").agg(
        won=pl.col("won").first(), final=pl.col("score").first()
    )
    games = game_order(lazy, "date", "time", "north", "east", "south", "west")
    party = pl.col("party").cast(pl.String)
    players = (
        pl.when(party == "NS")
        .then(pl.concat_list("north", "south"))
        .when(party == "EW")
        .then(pl.concat_list("east", "west"))
        .when(party == "N")
        .then(pl.concat_list("north"))
        .when(party == "E")
        .then(pl.concat_list("east"))
        .when(party == "S")
        .then(pl.concat_list("south"))
        .when(party == "W")
        .then(pl.concat_list("west"))
    )
    return (
        parties.join(games, on=["file", "game"])
        .select(
            "file",
            "game",
            "date",
            "time",
            party.alias("party"),
            "won",
            "final",
            "game_key",
            players=players.otherwise(None),
        )
        .collect()
    )


def _ranks(won: list[bool | None], scores: list[int | None]) -> list[float] | None:
    if not any(won):
        return None
    known = [s if s is not None else -(2**40) for s in scores]
    ranks: list[float] = []
    for w, s in zip(won, known, strict=True):
        ranks.append(0 if w else 1 + sum(1 for t in known if t > s))
    return ranks


def rate(results: pl.DataFrame) -> Ratings:
    """Rate every decided game of ``results`` (from :func:`game_results`), in order."""
    games = (
        results.lazy()
        .sort(*ORDER_COLUMNS, "party", nulls_last=False)
        .group_by("file", "game", maintain_order=True)
        .agg(
            pl.col("date", "time", "game_key").first(),
            "party",
            "players",
            "won",
            "final",
        )
        .collect()
    )
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    rows: list[tuple[object, ...]] = []
    order = 0
    for file, game, day, clock, _key, party_names, teams, won, finals in games.iter_rows():
        if any(name is None for team in teams for name in team):
            continue
        ranks = _ranks(won, finals)
        if ranks is None:
            continue
        order += 1
        before = [[current.get(n) or model.rating(name=n) for n in team] for team in teams]
        expected = model.predict_win(before)
        after = model.rate(before, ranks=ranks)
        for party, team, old_team, new_team, w, chance in zip(
            party_names, teams, before, after, won, expected, strict=True
        ):
            for name, old, new in zip(team, old_team, new_team, strict=True):
                current[name] = new
                rows.append(
                    (
                        order,
                        file,
                        game,
                        day,
                        clock,
                        name,
                        party,
                        bool(w),
                        chance,
                        old.mu,
                        old.sigma,
                        old.ordinal(),
                        new.mu,
                        new.sigma,
                        new.ordinal(),
                    )
                )
    history = pl.DataFrame(rows, schema=HISTORY, orient="row")
    players = history.group_by("player").agg(
        rating=pl.col("mu_after").last(),
        rating_sigma=pl.col("sigma_after").last(),
        rating_ordinal=pl.col("ordinal_after").last(),
        rated_games=pl.len().cast(pl.Int64),
    )
    return Ratings(history, players.sort("player"))


def pair_expectations(history: pl.DataFrame) -> pl.DataFrame:
    """Per partnership (``team``, as the hands table names it): the rated games, the
    sum over them of the win chance its members' ratings gave it before each game, and
    its wins in those games less that sum."""
    sides = history.filter(pl.col("party").is_in(["NS", "EW"]))
    per_game = sides.group_by("order", "party").agg(
        team=pl.col("player").sort().str.join(" & "),
        expected=pl.col("expected").first(),
        won=pl.col("won").first(),
    )
    return per_game.group_by("team").agg(
        rated_games=pl.len().cast(pl.Int64),
        expected_wins=pl.col("expected").sum(),
        wins_over_expected=pl.col("won").cast(pl.Float64).sum() - pl.col("expected").sum(),
    )
