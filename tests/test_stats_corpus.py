"""Statistics of a small corpus, every figure worked out by hand from the records.

The corpus (tests/fixtures/stats/) is three short games, score sheets only (bids and
``took`` lines), under ``standard`` rules (nil 100, blind nil 200, 10-bag limit, renege
penalty 3 tricks):

- A (league.spades, game 1, Friday League, 2026-11-06): NS Ann (N) + Cy (S) against
  EW Bo (E) + Di (W); target 200.
    A1: bids N 4, E 4, S 3, W 3; took N 4, E 4, S 4, W 1.
        NS bid 7, took 8: 70 + 1 bag = 71.  EW bid 7, took 5: set, -70.
    A2: bids N 5, E 3, S nil, W 4; took N 6, E 4, S 0, W 3.
        NS: N bid 5, took 6 (S's nil took none): 50 + 1 bag, nil made +100 = 151.
        EW bid 7, took 7: 70.
    NS 71 + 151 = 222 reaches 200: NS wins after hand 2 (EW 0).
- B (league.spades, game 2, Friday League, 2026-11-13): NS Ann (N) + Bo (S) against
  EW Cy (E) + Di (W); target 200.
    B1: bids N 3, E 4, S 4, W 2; took N 2, E 6, S 3, W 2; renege E 5 (a ruling).
        The renege moves 3 tricks from EW to NS: NS counts 5 + 3 = 8 of 7 bid:
        70 + 1 bag = 71; EW counts 8 - 3 = 5 of 6 bid: set, -60.
    B2: bids N 4, E 5, S 4, W bnil; took N 4, E 5, S 3, W 1.
        NS bid 8, took 7: set, -80.  EW: E bid 5, took 5: 50; W's blind nil took 1:
        -200, and that trick is a bag: +1.  50 + 1 - 200 = -149.
    NS 71 - 80 = -9, EW -60 - 149 = -209: no one has won (unfinished).
- C (cup.spades, Winter Cup, 2026-12-01): NS Ann (N) + Cy (S) against EW Di (E) +
  Bo (W); target 150, lose_at -150.
    C1: bids N 4, E 5, S 0 (a nil: zero_is_nil), W 4; took N 5, E 4, S 1, W 3.
        NS: N bid 4 and counts 5 (S's trick is not counted): 40 + 1 bag; S's nil
        failed: -100, its trick a bag: +1.  40 + 1 - 100 + 1 = -58 (2 bags).
        EW bid 9, took 7: set, -90.
    C2: bids N 4, E 3, S 3, W 3; took N 5, E 3, S 3, W 2.
        NS bid 7, took 8: 71.  EW bid 6, took 5: -60.
    NS -58 + 71 = 13, EW -90 - 60 = -150, at lose_at: NS wins (mercy) after hand 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.corpus import CorpusOptions, iter_batches
from spadesctl.tables.stats import Accumulator, Filters, GroupBy, statistics

FIXTURES = Path(__file__).parent / "fixtures" / "stats"
runner = CliRunner()

Rows = dict[str, dict[str, Any]]


def hands_table(paths: list[str] | None = None, **options: Any) -> pl.DataFrame:
    files = paths or [str(FIXTURES / "cup.spades"), str(FIXTURES / "league.spades")]
    batches = iter_batches(files, CorpusOptions(tables=("hands",), **options))
    return pl.concat([b.frames["hands"] for b in batches])


def stats_rows(by: GroupBy = "player", filters: Filters | None = None) -> Rows:
    table = statistics(hands_table(), by, filters or Filters())
    key = "team" if by in ("team", "pair") else by
    return {str(row[key]): row for row in table.iter_rows(named=True)}


def approx(value: float) -> Any:
    return pytest.approx(value, rel=1e-12)


def test_by_player() -> None:
    rows = stats_rows()
    assert sorted(rows) == ["Ann", "Bo", "Cy", "Di"]
    ann = rows["Ann"]
    # Ann sat N in A, B and C: 6 hands.  Won A and C; B is unfinished (neither).
    assert (ann["games"], ann["wins"], ann["losses"], ann["hands"]) == (3, 2, 0, 6)
    assert ann["win_rate"] == 1.0  # 2 / (2 + 0)
    assert ann["bid_mean"] == approx((4 + 5 + 3 + 4 + 4 + 4) / 6)  # 24 / 6 = 4
    assert ann["tricks_mean"] == approx((4 + 6 + 2 + 4 + 5 + 5) / 6)  # 26 / 6
    # exactly as bid: A1 (4 of 4) and B2 (4 of 4)
    assert ann["exact_rate"] == approx(2 / 6)
    # her side made A1, A2, B1 (with the renege tricks), C1, C2; set in B2
    assert ann["made_rate"] == approx(5 / 6)
    # B1: the 3 renege tricks make NS's contract but are never bags (issue 12)
    assert ann["bags_per_hand"] == approx((1 + 1 + 0 + 0 + 2 + 1) / 6)  # 5 / 6
    assert (ann["nil_attempts"], ann["nil_made"], ann["nil_rate"]) == (0, 0, None)
    assert (ann["reneges"], ann["violations"], ann["violations_per_100"]) == (0, 0, 0.0)
    assert ann["points_per_hand"] == approx((71 + 151 + 70 - 80 - 58 + 71) / 6)  # 225 / 6
    # tricks - bid: A1 4-4, A2 6-5, B1 2-3, B2 4-4, C1 5-4, C2 5-4 = 0, 1, -1, 0, 1, 1
    assert (ann["over_rate"], ann["under_rate"]) == (approx(3 / 6), approx(1 / 6))
    assert ann["bid_error_mean"] == approx(2 / 6)
    # sample spread: (sum of squares 4 - 6 * (1/3)^2) / 5
    assert ann["bid_error_sd"] == approx(((4 - 6 / 9) / 5) ** 0.5)
    assert ann["sets"] == 1  # her side in B2

    bo = rows["Bo"]
    # E in A (lost), S in B (unfinished), W in C (lost)
    assert (bo["games"], bo["wins"], bo["losses"], bo["win_rate"]) == (3, 0, 2, 0.0)
    assert bo["bid_mean"] == approx((4 + 3 + 4 + 4 + 4 + 3) / 6)  # 22 / 6
    assert bo["tricks_mean"] == approx((4 + 4 + 3 + 3 + 3 + 2) / 6)  # 19 / 6
    assert bo["exact_rate"] == approx(1 / 6)  # A1 only
    assert bo["made_rate"] == approx(2 / 6)  # A2 (EW 7 of 7) and B1 (NS)
    assert bo["bags_per_hand"] == 0.0  # B1's NS "overtrick" was a renege trick: no bag
    assert bo["points_per_hand"] == approx((-70 + 70 + 70 - 80 - 90 - 60) / 6)  # -160 / 6

    cy = rows["Cy"]
    # S in A (won), E in B (unfinished), S in C (won)
    assert (cy["games"], cy["wins"], cy["losses"], cy["win_rate"]) == (3, 2, 0, 1.0)
    # the nil in A2 and the 0 in C1 are nil attempts, not bids of 0 tricks
    assert cy["bid_mean"] == approx((3 + 4 + 5 + 3) / 4)  # A1, B1, B2, C2: 15 / 4
    assert cy["tricks_mean"] == approx((4 + 0 + 6 + 5 + 1 + 3) / 6)  # 19 / 6
    assert cy["exact_rate"] == approx(2 / 4)  # B2 (5 of 5) and C2 (3 of 3)
    assert cy["made_rate"] == approx(5 / 6)  # all but B1 (EW set by the renege)
    assert cy["bags_per_hand"] == approx((1 + 1 + 0 + 1 + 2 + 1) / 6)
    # nil made in A2 (took 0), failed in C1 (took 1)
    assert (cy["nil_attempts"], cy["nil_made"], cy["nil_rate"]) == (2, 1, 0.5)
    assert (cy["blind_nil_attempts"], cy["blind_nil_made"], cy["blind_nil_rate"]) == (0, 0, None)
    # the renege ruled against E in B1
    assert (cy["reneges"], cy["violations"]) == (1, 1)
    assert cy["violations_per_100"] == approx(100 * 1 / 6)
    assert cy["points_per_hand"] == approx((71 + 151 - 60 - 149 - 58 + 71) / 6)  # 26 / 6

    di = rows["Di"]
    # W in A (lost) and B (unfinished), E in C (lost)
    assert (di["games"], di["wins"], di["losses"], di["win_rate"]) == (3, 0, 2, 0.0)
    assert di["bid_mean"] == approx((3 + 4 + 2 + 5 + 3) / 5)  # B2's blind nil left out
    assert di["tricks_mean"] == approx((1 + 3 + 2 + 1 + 4 + 3) / 6)  # 14 / 6
    assert di["exact_rate"] == approx(2 / 5)  # B1 (2 of 2) and C2 (3 of 3)
    assert di["made_rate"] == approx(2 / 6)  # A2 and B2
    assert di["bags_per_hand"] == approx(1 / 6)  # B2: the failed blind nil's trick
    assert (di["nil_attempts"], di["blind_nil_attempts"], di["blind_nil_made"]) == (0, 1, 0)
    assert di["blind_nil_rate"] == 0.0
    assert di["points_per_hand"] == approx((-70 + 70 - 60 - 149 - 90 - 60) / 6)  # -359 / 6


def test_by_team_counts_each_side_once_per_hand() -> None:
    rows = stats_rows("team")
    assert sorted(rows) == ["Ann & Bo", "Ann & Cy", "Bo & Di", "Cy & Di"]
    ann_cy = rows["Ann & Cy"]
    # NS in A and C, both won: 4 side-hands (A1, A2, C1, C2)
    assert (ann_cy["games"], ann_cy["wins"], ann_cy["losses"], ann_cy["hands"]) == (2, 2, 0, 4)
    assert ann_cy["bid_mean"] == approx((7 + 5 + 4 + 7) / 4)  # their contracts: 23 / 4
    assert ann_cy["tricks_mean"] == approx((8 + 6 + 6 + 8) / 4)  # 28 / 4 = 7
    assert ann_cy["exact_rate"] == 0.0  # 8 of 7, 6 of 5, 6 of 4, 8 of 7
    assert ann_cy["made_rate"] == 1.0
    assert ann_cy["bags_per_hand"] == approx((1 + 1 + 2 + 1) / 4)  # 5 / 4
    assert (ann_cy["nil_attempts"], ann_cy["nil_made"], ann_cy["nil_rate"]) == (2, 1, 0.5)
    assert ann_cy["points_per_hand"] == approx((71 + 151 - 58 + 71) / 4)  # 235 / 4
    # party tricks - contract: 1, 1, 2, 1
    assert (ann_cy["over_rate"], ann_cy["under_rate"], ann_cy["sets"]) == (1.0, 0.0, 0)
    assert ann_cy["bid_error_mean"] == approx(5 / 4)
    assert ann_cy["bid_error_sd"] == approx(((7 - 4 * (5 / 4) ** 2) / 3) ** 0.5)  # 0.5

    bo_di = rows["Bo & Di"]
    assert (bo_di["games"], bo_di["wins"], bo_di["losses"], bo_di["win_rate"]) == (2, 0, 2, 0.0)
    assert bo_di["bid_mean"] == approx((7 + 7 + 9 + 6) / 4)  # 29 / 4
    assert bo_di["tricks_mean"] == approx((5 + 7 + 7 + 5) / 4)  # 24 / 4
    assert bo_di["exact_rate"] == approx(1 / 4)  # A2: 7 of 7
    assert bo_di["made_rate"] == approx(1 / 4)
    assert bo_di["points_per_hand"] == approx((-70 + 70 - 90 - 60) / 4)  # -150 / 4
    # party tricks - contract: -2, 0, -2, -1; set in A1, C1, C2
    assert (bo_di["over_rate"], bo_di["under_rate"], bo_di["sets"]) == (0.0, approx(3 / 4), 3)
    assert bo_di["bid_error_mean"] == approx(-5 / 4)
    assert bo_di["bid_error_sd"] == approx(((9 - 4 * (5 / 4) ** 2) / 3) ** 0.5)
    # --by pair counts the same side-hands as --by team
    pairs = stats_rows("pair")
    assert {k: pairs["Bo & Di"][k] for k in bo_di} == bo_di

    # B is unfinished: a record together of no wins and no losses, so no win rate
    ann_bo = rows["Ann & Bo"]
    assert (ann_bo["games"], ann_bo["wins"], ann_bo["losses"], ann_bo["win_rate"]) == (
        1,
        0,
        0,
        None,
    )
    assert ann_bo["bid_mean"] == approx((7 + 8) / 2)
    assert ann_bo["made_rate"] == 0.5  # B1 made (with the renege tricks), B2 set
    assert ann_bo["points_per_hand"] == approx((70 - 80) / 2)

    cy_di = rows["Cy & Di"]
    assert (cy_di["hands"], cy_di["reneges"], cy_di["violations"]) == (2, 1, 1)
    assert cy_di["violations_per_100"] == approx(100 * 1 / 2)
    assert (cy_di["blind_nil_attempts"], cy_di["blind_nil_made"]) == (1, 0)
    assert cy_di["bags_per_hand"] == approx((0 + 1) / 2)
    assert cy_di["points_per_hand"] == approx((-60 - 149) / 2)


def test_by_bid_size_of_one_player() -> None:
    table = statistics(hands_table(), "bid", Filters(players=("Cy",)))
    rows = {(r["bid_kind"], r["bid"]): r for r in table.iter_rows(named=True)}
    # Cy bid 3 (A1, took 4), nil (A2, took 0), 4 (B1, took 6), 5 (B2, took 5),
    # 0 read as nil (C1, took 1), 3 (C2, took 3)
    assert sorted(rows) == [("nil", 0), ("tricks", 3), ("tricks", 4), ("tricks", 5)]
    nil = rows[("nil", 0)]
    assert (nil["hands"], nil["nil_attempts"], nil["nil_made"], nil["exact_rate"]) == (
        2,
        2,
        1,
        None,
    )
    three = rows[("tricks", 3)]
    assert (three["hands"], three["exact_rate"], three["over_rate"]) == (2, 0.5, 0.5)
    assert three["bid_error_mean"] == 0.5
    assert rows[("tricks", 4)]["bid_error_mean"] == 2.0
    assert rows[("tricks", 5)]["exact_rate"] == 1.0


def test_by_seat_event_and_game() -> None:
    seats = stats_rows("seat")
    players = stats_rows()
    # Ann sat N in every game: North's figures are hers
    north = {k: v for k, v in seats["N"].items() if k != "seat"}
    assert north == {k: v for k, v in players["Ann"].items() if k != "player"}
    west = seats["W"]
    # W: Di in A and B, Bo in C; EW lost A and C
    assert (west["games"], west["wins"], west["losses"], west["hands"]) == (3, 0, 2, 6)
    assert west["bid_mean"] == approx((3 + 4 + 2 + 4 + 3) / 5)  # B2's blind nil left out
    assert west["exact_rate"] == approx(1 / 5)  # B1 only

    events = stats_rows("event")
    friday = events["Friday League"]
    assert (friday["games"], friday["hands"]) == (2, 16)  # 4 hands x 4 seats
    # non-nil bids: A1 4+4+3+3, A2 5+3+4, B1 3+4+4+2, B2 4+5+4 = 52 over 14 bids
    assert friday["bid_mean"] == approx(52 / 14)
    # each side's points once per seat: 2 x (71 - 70 + 151 + 70 + 70 - 60 - 80 - 149)
    assert friday["points_per_hand"] == approx(2 * 3 / 16)
    cup = events["Winter Cup"]
    assert (cup["games"], cup["hands"]) == (1, 8)
    assert cup["points_per_hand"] == approx(2 * (-58 - 90 + 71 - 60) / 8)

    games = statistics(hands_table(), "game")
    winners = {(Path(r["file"]).name, r["game"]): r["winner"] for r in games.iter_rows(named=True)}
    # A won by NS (target), B unfinished, C won by NS (mercy)
    assert winners == {
        ("league.spades", 1): "NS",
        ("league.spades", 2): None,
        ("cup.spades", 1): "NS",
    }


def test_filters() -> None:
    only_cup = stats_rows(filters=Filters(events=("Winter Cup",)))
    ann = only_cup["Ann"]
    assert (ann["games"], ann["wins"], ann["hands"]) == (1, 1, 2)
    assert ann["points_per_hand"] == approx((-58 + 71) / 2)

    from datetime import date

    later = stats_rows(filters=Filters(since=date(2026, 11, 10)))  # B and C
    assert (later["Ann"]["games"], later["Ann"]["wins"], later["Ann"]["hands"]) == (2, 1, 4)
    assert later["Ann"]["points_per_hand"] == approx((70 - 80 - 58 + 71) / 4)
    earlier = stats_rows(filters=Filters(until=date(2026, 11, 6)))  # A only
    assert set(earlier) == {"Ann", "Bo", "Cy", "Di"}
    assert earlier["Cy"]["nil_attempts"] == 1

    assert list(stats_rows(filters=Filters(players=("Cy",)))) == ["Cy"]
    # by team, a player filter keeps the sides the player sat on
    assert sorted(stats_rows("team", Filters(players=("Cy",)))) == ["Ann & Cy", "Cy & Di"]
    # by game, the games the player played
    assert stats_rows("event", Filters(players=("Bo",)))["Winter Cup"]["hands"] == 8
    assert stats_rows(filters=Filters(presets=("cutthroat",))) == {}
    assert len(stats_rows(filters=Filters(presets=("standard",)))) == 4


def test_batches_add_up_to_the_whole() -> None:
    # One game per batch (tiny batches), in the main process: the same figures.
    whole = statistics(hands_table(), "player").sort("player")
    accumulator = Accumulator("player", compact_after=1)
    batches = iter_batches(
        [str(FIXTURES / "cup.spades"), str(FIXTURES / "league.spades")],
        CorpusOptions(tables=("hands",), batch_lines=1),
    )
    count = 0
    for batch in batches:
        accumulator.add(batch.frames["hands"])
        count += 1
    assert count == 3
    assert accumulator.result().sort("player").equals(whole)


def cli_json(*args: str) -> tuple[int, list[dict[str, Any]]]:
    result = runner.invoke(app, ["stats", *args, "--format", "json"])
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("by", ["player", "team", "seat", "game", "event"])
def test_export_then_stats_of_the_parquet_gives_the_same_numbers(tmp_path: Path, by: str) -> None:
    exported = tmp_path / "hands.parquet"
    result = runner.invoke(app, ["export", str(FIXTURES), "--table", "hands", "-o", str(exported)])
    assert result.exit_code == 0, result.output
    code, from_records = cli_json(str(FIXTURES), "--by", by)
    assert code == 0
    code, from_parquet = cli_json(str(exported), "--by", by)
    assert code == 0
    assert from_parquet == from_records
    assert len(from_records) == {"player": 4, "team": 4, "seat": 4, "game": 3, "event": 2}[by]


def test_a_broken_file_is_reported_and_the_rest_counted(tmp_path: Path) -> None:
    for name in ("league.spades", "cup.spades"):
        (tmp_path / name).write_text((FIXTURES / name).read_text())
    (tmp_path / "broken.spades").write_text(
        '[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n\n'
        "hand 1 dealer N\nbid E four S 3 W 3 N 4\ntook N 13 E 0 S 0 W 0\n"
    )
    (tmp_path / "binary.spades").write_bytes(b"\x00\x01 not a record")
    result = runner.invoke(app, ["stats", str(tmp_path), "--format", "json"])
    assert result.exit_code == 1
    assert f"{tmp_path / 'broken.spades'}:7:7: game 1 not counted: syntax-error" in result.stderr
    assert f"{tmp_path / 'binary.spades'}:1:1:" in result.stderr
    assert "1 game could not be read and 1 file could not be read" in result.stderr
    _, expected = cli_json(str(FIXTURES))
    assert json.loads(result.stdout) == expected


def test_a_game_with_only_warnings_is_counted(tmp_path: Path) -> None:
    # the sample's GameOptionsJson holds options spadesctl ignores (unknown-option warnings)
    sample = Path(__file__).resolve().parent.parent / "samples" / "pbn" / "jokers-partial-play.pbn"
    (tmp_path / sample.name).write_bytes(sample.read_bytes())
    result = runner.invoke(app, ["stats", str(tmp_path), "--by", "game", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert "not counted" not in result.stderr
    assert len(json.loads(result.stdout)) == 1
