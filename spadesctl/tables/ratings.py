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
    # The history, column by column: the game's row of ``games``, the team's place in it.
    rows: list[int] = []
    places: list[int] = []
    names: list[str] = []
    outcome: list[bool] = []
    chances: list[float] = []
    before_mu: list[float] = []
    before_sigma: list[float] = []
    after_mu: list[float] = []
    after_sigma: list[float] = []
    columns = (games.get_column(c).to_list() for c in ("players", "won", "final"))
    for row, (teams, won, finals) in enumerate(zip(*columns, strict=True)):
        if any(name is None for team in teams for name in team):
            continue
        ranks = _ranks(won, finals)
        if ranks is None:
            continue
        before = [[current.get(n) or model.rating(name=n) for n in team] for team in teams]
        expected = model.predict_win(before)
        after = model.rate(before, ranks=ranks)
        for place, (team, old_team, new_team) in enumerate(zip(teams, before, after, strict=True)):
            for name, old, new in zip(team, old_team, new_team, strict=True):
                current[name] = new
                rows.append(row)
                places.append(place)
                names.append(name)
                outcome.append(bool(won[place]))
                chances.append(expected[place])
                before_mu.append(old.mu)
                before_sigma.append(old.sigma)
                after_mu.append(new.mu)
                after_sigma.append(new.sigma)
    rated = pl.DataFrame(
        {
            "_row": rows,
            "_place": places,
            "player": names,
            "won": outcome,
            "expected": chances,
            "mu_before": before_mu,
            "sigma_before": before_sigma,
            "mu_after": after_mu,
            "sigma_after": after_sigma,
        },
        schema_overrides={"_row": pl.UInt32, "_place": pl.UInt32, "player": pl.String},
    )
    played = games.select("file", "game", "date", "time", "party").with_row_index("_row")
    history = (
        rated.join(played, on="_row", how="left")
        .with_columns(
            order=pl.col("_row").rank("dense").cast(pl.Int64),
            party=pl.col("party").list.get(pl.col("_place").cast(pl.Int64)),
            # openskill's ordinal(): the conservative rating mu - 3 sigma
            ordinal_before=pl.col("mu_before") - 3 * pl.col("sigma_before"),
            ordinal_after=pl.col("mu_after") - 3 * pl.col("sigma_after"),
        )
        .select(HISTORY.names())
        .cast(HISTORY)
    )
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
