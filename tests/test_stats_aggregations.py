"""The statistics on small hand-built ``hands`` tables: divisors, nulls, teams, batches,
sorting and the text table.  Every expected figure is worked out in the comments."""

from __future__ import annotations

from datetime import date
from typing import Any

import polars as pl
import pytest

from spadesctl.tables.builder import GameInfo, HandsBuilder
from spadesctl.tables.stats import (
    COLUMNS,
    KEYS,
    Accumulator,
    Filters,
    GroupBy,
    format_table,
    order,
    statistics,
)

G1 = GameInfo("x.spades", 1, "Cup", date(2026, 1, 5), "standard", "Ann", "Bo", "Cy", "Di")
G2 = GameInfo("x.spades", 2, None, None, "standard", "Ann", "Bo", None, "Di")
G3 = GameInfo("y.spades", 1, "Cup", date(2026, 2, 1), "cutthroat", "Ann", "Bo", "Cy", None)


def player_of(info: GameInfo, seat: str) -> str | None:
    return {"N": info.north, "E": info.east, "S": info.south, "W": info.west}[seat]


def add(builder: HandsBuilder, info: GameInfo, hand: int, seat: str, **values: Any) -> None:
    partnership = info.preset != "cutthroat"
    side = ("NS" if seat in "NS" else "EW") if partnership else None
    names = (
        sorted(n for n in (player_of(info, s) for s in side) if n is not None)
        if side is not None
        else []
    )
    row: dict[str, Any] = {
        "hand": hand,
        "dealer": "N",
        "seat": seat,
        "player": player_of(info, seat),
        "side": side,
        "party": side or seat,
        "team": " & ".join(names) if len(names) == 2 else None,
        "bid": 3,
        "nil": False,
        "blind_nil": False,
        "blind": False,
        "tricks": 3,
        "contract": 6,
        "party_tricks": 6,
        "made": True,
        "bags": 0,
        "points": 60,
        "score": 60,
        "nil_made": None,
        "reneges": 0,
        "violations": 0,
        "unbid": False,
        "played": False,
        "after_end": False,
        "won": None,
    }
    row.update(values)
    builder.add(info, **row)


def table(*adds: tuple[GameInfo, int, str, dict[str, Any]]) -> pl.DataFrame:
    builder = HandsBuilder()
    for info, hand, seat, values in adds:
        add(builder, info, hand, seat, **values)
    return builder.frame()


def by_key(frame: pl.DataFrame, by: GroupBy) -> dict[Any, dict[str, Any]]:
    key = {"player": "player", "team": "team", "seat": "seat", "event": "event"}[by]
    return {row[key]: row for row in frame.iter_rows(named=True)}


def test_unknown_figures_stay_out_of_their_divisors() -> None:
    frame = table(
        (G1, 1, "N", {"bid": 5, "tricks": 5, "points": 50, "bags": 0}),
        # not scored, and the tricks unknown (only a side total was recorded)
        (
            G1,
            2,
            "N",
            {
                "bid": 4,
                "tricks": None,
                "contract": None,
                "made": None,
                "bags": None,
                "points": None,
                "score": None,
            },
        ),
    )
    ann = by_key(statistics(frame, "player"), "player")["Ann"]
    assert ann["hands"] == 2
    assert ann["bid_mean"] == 4.5  # (5 + 4) / 2: both bids are known
    assert ann["tricks_mean"] == 5.0  # 5 / 1
    assert ann["exact_rate"] == 1.0  # 1 of the 1 bid whose tricks are known
    assert ann["made_rate"] == 1.0  # 1 / 1
    assert ann["bags_per_hand"] == 0.0  # 0 / 1 scored hand
    assert ann["points_per_hand"] == 50.0  # 50 / 1
    assert ann["violations_per_100"] == 0.0  # 0 / 2 hands


def test_a_figure_with_nothing_to_divide_by_is_null() -> None:
    frame = table(
        (G1, 1, "S", {"bid": 0, "nil": True, "tricks": 0, "nil_made": True}),
        (G1, 2, "S", {"bid": 0, "blind_nil": True, "tricks": 2, "nil_made": False}),
    )
    cy = by_key(statistics(frame, "player"), "player")["Cy"]
    # only nils: no bid to average, none to be exact about
    assert (cy["bid_mean"], cy["exact_rate"]) == (None, None)
    assert (cy["nil_attempts"], cy["nil_made"], cy["nil_rate"]) == (1, 1, 1.0)
    assert (cy["blind_nil_attempts"], cy["blind_nil_made"], cy["blind_nil_rate"]) == (1, 0, 0.0)
    assert cy["tricks_mean"] == 1.0  # (0 + 2) / 2
    # the game is undecided: no record to speak of
    assert (cy["games"], cy["wins"], cy["losses"], cy["win_rate"]) == (1, 0, 0, None)


def test_a_team_is_one_unit_per_hand() -> None:
    frame = table(
        (
            G1,
            1,
            "N",
            {
                "bid": 4,
                "tricks": 5,
                "contract": 4,
                "party_tricks": 5,
                "bags": 1,
                "points": 141,
                "won": True,
                "violations": 2,
                "reneges": 1,
            },
        ),
        (
            G1,
            1,
            "S",
            {
                "bid": 0,
                "nil": True,
                "tricks": 0,
                "nil_made": True,
                "contract": 4,
                "party_tricks": 5,
                "bags": 1,
                "points": 141,
                "won": True,
            },
        ),
        (G1, 1, "E", {"won": False, "contract": 7, "party_tricks": 8, "bags": 1, "points": 71}),
        (G1, 1, "W", {"won": False, "contract": 7, "party_tricks": 8, "bags": 1, "points": 71}),
    )
    teams = by_key(statistics(frame, "team"), "team")
    ann_cy = teams["Ann & Cy"]
    # one side-hand, not two seat-hands
    assert (ann_cy["games"], ann_cy["wins"], ann_cy["hands"]) == (1, 1, 1)
    assert ann_cy["bid_mean"] == 4.0  # the side's contract, N's 4 (S bid nil)
    assert ann_cy["tricks_mean"] == 5.0  # the side's tricks
    assert ann_cy["exact_rate"] == 0.0  # 5 taken of 4
    assert ann_cy["bags_per_hand"] == 1.0
    assert ann_cy["points_per_hand"] == 141.0
    assert (ann_cy["nil_attempts"], ann_cy["nil_made"]) == (1, 1)
    assert (ann_cy["reneges"], ann_cy["violations"]) == (1, 2)
    assert ann_cy["violations_per_100"] == 200.0  # 2 violations in 1 hand
    bo_di = teams["Bo & Di"]
    assert (bo_di["wins"], bo_di["losses"], bo_di["win_rate"]) == (0, 1, 0.0)
    assert bo_di["exact_rate"] == 0.0  # 8 of 7


def test_cutthroat_games_have_no_teams_and_unnamed_seats_no_player_row() -> None:
    frame = table(
        (G3, 1, "N", {"won": True}),
        (G3, 1, "E", {"won": False}),
        (G3, 1, "S", {"won": False}),
        (G2, 1, "S", {}),  # G2 names no South player
    )
    assert statistics(frame, "team").height == 0
    players = by_key(statistics(frame, "player"), "player")
    assert sorted(players) == ["Ann", "Bo", "Cy"]
    assert (players["Ann"]["wins"], players["Bo"]["losses"]) == (1, 1)
    seats = by_key(statistics(frame, "seat"), "seat")
    assert seats["S"]["hands"] == 2  # Cy in G3, the unnamed South in G2
    events = by_key(statistics(frame, "event"), "event")
    assert (events["Cup"]["games"], events[None]["games"]) == (1, 1)


def test_filters_on_dates_players_and_presets() -> None:
    frame = table(
        (G1, 1, "N", {}),
        (G1, 1, "E", {}),
        (G2, 1, "N", {}),
        (G3, 1, "N", {}),
    )
    # G2 has no date: left out by any date filter
    since = statistics(frame, "player", Filters(since=date(2026, 1, 5)))
    assert by_key(since, "player")["Ann"]["games"] == 2  # G1 (on the day) and G3
    until = statistics(frame, "player", Filters(until=date(2026, 1, 31)))
    assert by_key(until, "player")["Ann"]["games"] == 1
    assert statistics(frame, "player", Filters(presets=("cutthroat",)))["games"].to_list() == [1]
    # by team, a player filter keeps the player's sides: Bo's rows (EW) with Di
    teams = statistics(frame, "team", Filters(players=("Di",)))
    assert teams["team"].to_list() == ["Bo & Di"]
    # by game, the games the player played: Cy is named in G1 and G3 only
    games = statistics(frame, "game", Filters(players=("Cy",)))
    assert sorted(zip(games["file"], games["game"], strict=True)) == [
        ("x.spades", 1),
        ("y.spades", 1),
    ]


def test_batches_add_up_to_the_whole_with_compaction() -> None:
    games = [
        GameInfo("f.spades", i, "E" if i % 2 else "F", None, "standard", "A", "B", "C", "D")
        for i in range(1, 8)
    ]
    batches = []
    for i, info in enumerate(games):
        builder = HandsBuilder()
        for hand in (1, 2):
            for seat in "NESW":
                add(
                    builder,
                    info,
                    hand,
                    seat,
                    bid=(i + hand) % 5,
                    tricks=(i * hand) % 6,
                    points=10 * i - 30 * hand,
                    won=(seat in "NS") == (i % 3 == 0),
                    nil=seat == "S" and hand == 2,
                    nil_made=(i % 2 == 0) if seat == "S" else None,
                )
        batches.append(builder.frame())
    whole = pl.concat(batches)
    for by in COLUMNS:
        accumulator = Accumulator(by, compact_after=2)
        for batch in batches:
            accumulator.add(batch)
        keys = list(KEYS[by]) if by != "game" else ["file", "game"]
        expected = statistics(whole, by).sort(keys)
        assert accumulator.result().sort(keys).equals(expected), by
        assert accumulator.result().columns == list(COLUMNS[by])


def test_no_hands_no_rows() -> None:
    for by in COLUMNS:
        result = Accumulator(by).result()
        assert result.height == 0 and result.columns == list(COLUMNS[by])


def stats_table() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "player": ["Cy", "Ann", "Bo", "Di"],
            "games": [2, 3, 3, 1],
            "hands": [8, 10, 12, 4],
            "win_rate": [0.5, None, 1 / 3, 1.0],
        }
    )


def test_order() -> None:
    frame = stats_table()
    # default: most games, then most hands, then name
    assert order(frame, "player")["player"].to_list() == ["Bo", "Ann", "Cy", "Di"]
    # numbers high to low, nulls last; --reverse low to high, nulls still last
    assert order(frame, "player", "win_rate")["player"].to_list() == ["Di", "Cy", "Bo", "Ann"]
    ordered = order(frame, "player", "win_rate", reverse=True)
    assert ordered["player"].to_list() == ["Bo", "Cy", "Di", "Ann"]
    # text A to Z; --top
    assert order(frame, "player", "player", top=2)["player"].to_list() == ["Ann", "Bo"]
    with pytest.raises(ValueError, match="cannot sort by 'nope'"):
        order(frame, "player", "nope")


def test_format_table() -> None:
    frame = stats_table().with_columns(bid_mean=pl.Series([3.456, 2.0, None, 4.0]))
    text = format_table(frame)
    assert text.splitlines() == [
        "player  games  hands  win_rate  bid_mean",
        "------  -----  -----  --------  --------",
        "Cy          2      8     0.500      3.46",
        "Ann         3     10         -      2.00",
        "Bo          3     12     0.333         -",
        "Di          1      4     1.000      4.00",
    ]
    # narrower than the table: blocks of columns that fit, each repeating the key
    narrow = format_table(frame, width=29, keys=("player",)).split("\n\n")
    assert [block.splitlines()[0] for block in narrow] == [
        "player  games  hands",
        "player  win_rate  bid_mean",
    ]
