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


#: The game columns :func:`game_results` reads of :func:`~spadesctl.tables.order.game_order`.
ORDER_OF_GAMES: Final = ("date", "time", "north", "east", "south", "west")


def game_results(
    hands: pl.LazyFrame | pl.DataFrame, games: pl.DataFrame | None = None
) -> pl.DataFrame:
    """Per game and party: its players (in seat order), its final score (after the last
    hand) and whether it won, with the columns of the playing order.  Games never span
    batches, so the results of batches concatenate.

    ``games``: the :func:`~spadesctl.tables.order.game_order` of ``hands`` (or of more
    games) with :data:`ORDER_OF_GAMES`, when the caller has it already.
    """
    lazy = hands.lazy()
    last = lazy.filter(pl.col("hand") == pl.col("hand").max().over("file", "game"))
    parties = last.group_by("file", "game", "party").agg(
        won=pl.col("won").first(), final=pl.col("score").first()
    )
    ordered = game_order(lazy, *ORDER_OF_GAMES) if games is None else games.lazy()
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
        parties.join(ordered, on=["file", "game"])
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


class _Match(list[list[PlackettLuceRating]]):
    """The parties of one match, as :meth:`PlackettLuce.rate` takes them, rated in place.

    ``rate`` deep-copies its input, changes the copies (the drift ``tau`` added to each
    uncertainty, then the new mean and uncertainty) and returns them.  The rating loop
    wants exactly those changes made to the players' own ratings, so this list answers
    :func:`copy.deepcopy` with itself: no generic copy (a memo, a dispatch per object)
    and no new rating per player (each drawing a random UUID from the operating
    system), which together cost more than half of a game's rating.  ``rate`` reads
    nothing of its input after changing the copies unless the model limits sigma
    (:data:`MODEL` does not), so the arithmetic, and every figure, is the same to the
    bit (``tests/test_ratings.py`` replays openskill's plain call).
    """

    __slots__ = ()

    def __deepcopy__(self, memo: object) -> _Match:
        return self


#: The model: openskill's defaults (``limit_sigma`` off, which :class:`_Match` needs).
MODEL: Final = PlackettLuce(limit_sigma=False)


def _matches(results: pl.DataFrame) -> tuple[pl.DataFrame, list[str]]:
    """The rated games in playing order, one row each, and the players' names (sorted).

    A row holds the game's columns, and per party (lists, in party order) its name,
    players, result and rank (the winner 0, the others one more than the parties with
    a higher final score, an unknown score lowest); ``_ids``, the players as their
    places in the names; and ``_order``, the parties from the first rank to the last
    when no two parties tie (null otherwise).  A game is rated when someone won it and
    every seat's player has a name."""
    final = pl.col("final").fill_null(-(2**40))
    lost_rank = final.rank("min", descending=True).over("file", "game")
    named = pl.col("players").list.eval(pl.element().is_not_null()).list.all().fill_null(False)
    games = (
        results.lazy()
        .with_columns(
            _rank=pl.when(pl.col("won").fill_null(False)).then(0).otherwise(lost_rank),
            _named=named,
        )
        .sort(*ORDER_COLUMNS, "party", nulls_last=False)
        .group_by("file", "game", maintain_order=True)
        .agg(
            pl.col("date", "time").first(),
            "party",
            "players",
            "won",
            pl.col("_rank").cast(pl.Int64),
            _rated=pl.col("won").fill_null(False).any() & pl.col("_named").all(),
        )
        .filter(pl.col("_rated"))
        .drop("_rated")
        .collect()
    )
    names = games.get_column("players").explode().explode().drop_nulls().unique().sort()
    places = pl.Enum(names)
    rank = pl.col("_rank")
    ties = rank.list.n_unique() < rank.list.len()
    return (
        games.with_columns(
            _ids=pl.col("players").list.eval(
                pl.element().list.eval(pl.element().cast(places).to_physical())
            ),
            _order=pl.when(ties).then(None).otherwise(rank.list.eval(pl.element().arg_sort())),
        ),
        names.to_list(),
    )


def _rate_games(
    games: pl.DataFrame,
    players: int,
    before: tuple[list[float], list[float]],
    after: tuple[list[float], list[float]],
) -> list[float]:
    """The games of :func:`_matches` rated in order, one :meth:`PlackettLuce.rate` call
    each: each player's mean and uncertainty before and after appended to ``before``
    and ``after`` (in party and seat order), and the parties' chances returned.

    A game without ties is given to ``rate`` with its parties in rank order and no
    ``ranks`` (openskill then ranks them as given: the same figures to the bit, without
    its sorting of the parties and checking of the ranks); a game with ties with its
    ``ranks``."""
    model = MODEL
    current = [model.rating() for _ in range(players)]
    before_mu, before_sigma = before
    after_mu, after_sigma = after
    chances: list[float] = []
    teams_of_games: list[list[list[int]]] = games.get_column("_ids").to_list()
    orders: list[list[int] | None] = games.get_column("_order").to_list()
    ranks_of_games: list[list[float]] = games.get_column("_rank").to_list()
    for teams, order, ranks in zip(teams_of_games, orders, ranks_of_games, strict=True):
        ratings = [[current[n] for n in team] for team in teams]
        chances.extend(model.predict_win(ratings))
        for team in ratings:
            for rating in team:
                before_mu.append(rating.mu)
                before_sigma.append(rating.sigma)
        if order is None:
            model.rate(_Match(ratings), ranks=ranks)
        else:
            model.rate(_Match([ratings[i] for i in order]))
        for team in ratings:  # rated in place (see _Match)
            for rating in team:
                after_mu.append(rating.mu)
                after_sigma.append(rating.sigma)
    return chances


def rate(results: pl.DataFrame) -> Ratings:
    """Rate every decided game of ``results`` (from :func:`game_results`), in order.

    The loop is one :meth:`PlackettLuce.rate` call per game and nothing per hand; what
    it reads (teams and ranks) and what it keeps (the ratings before and after, the
    predicted chances) are turned into columns in one pass each, after the loop.
    """
    games, names = _matches(results)
    before: tuple[list[float], list[float]] = ([], [])
    after: tuple[list[float], list[float]] = ([], [])
    chances = _rate_games(games, len(names), before, after)
    parties = (
        games.drop("_ids", "_order")
        .with_row_index("order", offset=1)
        .explode("party", "players", "won")
        .with_columns(
            pl.col("won").fill_null(False),
            expected=pl.Series(chances, dtype=pl.Float64),
        )
    )
    history = (
        parties.explode("players")
        .rename({"players": "player"})
        .with_columns(
            mu_before=pl.Series(before[0], dtype=pl.Float64),
            sigma_before=pl.Series(before[1], dtype=pl.Float64),
            mu_after=pl.Series(after[0], dtype=pl.Float64),
            sigma_after=pl.Series(after[1], dtype=pl.Float64),
        )
        .with_columns(
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
    # summed in playing order, so that the float sums are the same in every run
    return (
        per_game.sort("team", "order")
        .group_by("team", maintain_order=True)
        .agg(
            rated_games=pl.len().cast(pl.Int64),
            expected_wins=pl.col("expected").sum(),
            wins_over_expected=pl.col("won").cast(pl.Float64).sum() - pl.col("expected").sum(),
        )
    )
