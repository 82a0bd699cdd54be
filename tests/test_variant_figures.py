"""The columns and statistics of issue 12's variants: raises (``bid_rounds``), card
passes (``pass_cards``) and renege transfers (``renege_transfer``).

Three ways to the same figures: a hand-made corpus whose every figure is worked out in
the comments; the bot's games, whose columns are recomputed from the record's own lines
(the ``bid``, ``raise`` and ``pass`` lines, read here without the engine); and the
statistics recomputed row by row from the ``hands`` table, then read back from a
Parquet export by ``stats``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Final

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cards import Seat, Side
from spadesctl.cli import app
from spadesctl.generate import generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.record import Game
from spadesctl.rules import parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.tables.adapter import add_game
from spadesctl.tables.builder import TableSet
from spadesctl.tables.schema import TableName
from spadesctl.tables.stats import statistics

runner = CliRunner()

DEAL: Final = "deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7\n"
TOOK: Final = "took N 3 E 4 S 2 W 4\n"  # NS 5 tricks, EW 8

#: Game 1: two cards each way between partners (a spade and a club each), then both
#: sides raise: EW from 6 to 8 (+2), NS from 4 to 5 (+1).  NS take 5 of 5: 50; EW 8
#: of 8: 80.
#: Game 2, hand 1: E reneges; 3 tricks go from EW to NS.  EW count 8 - 3 = 5 of 6: set,
#: -60.  NS count 5 + 3 = 8 of 4: made, and only their own 5 - 4 = 1 overtrick is a bag:
#: 41.  Hand 2: both NS partners nil (no contract), W reneges: EW count 12 - 3 = 9 of 8,
#: 80 + 1 bag = 81; NS receive 3 tricks that count for nothing; N's nil made (+100),
#: S's failed (-100): 0.  Totals NS 41, EW 21.
#: Game 3 (renege_transfer=no): EW lose 3 as in game 2 (-60), NS receive nothing (41).
CORPUS: Final = (
    '[Rules "standard bid_rounds=2 pass_cards=2"]\n\nhand 1 dealer N\n'
    + DEAL
    + "pass N>S AS 4C\npass E>W KS 2C\npass S>N 8S 3C\npass W>E 3S 7C\n"
    + "bid E 3 S 2 W 3 N 2\nraise EW 8\nraise NS 5\n"
    + TOOK
    + '\n[Rules "standard"]\n\nhand 1 dealer N\nbid E 3 S 2 W 3 N 2\n'
    + TOOK
    + "renege E 5\nhand 2 dealer E\nbid S nil W 4 N nil E 4\ntook N 0 E 6 S 1 W 6\n"
    + "renege W 3\n"
    + '\n[Rules "standard renege_transfer=no"]\n\nhand 1 dealer N\nbid E 3 S 2 W 3 N 2\n'
    + TOOK
    + "renege E 5\n"
)

#: The new columns of a hands row.
NEW: Final = (
    "first_bid",
    "raised",
    "raise_tricks",
    "pass_to",
    "passed_cards",
    "passed_spades",
    "renege_lost",
    "renege_received",
    "renege_counted",
)
NO_PASS: Final = (None, None, None)

#: (game, hand, seat) -> the new columns, and bid, contract and points beside them.
EXPECTED: Final[dict[tuple[int, int, str], tuple[Any, ...]]] = {
    # game 1: raised contracts; `bid` is null (the side's contract is one raised bid)
    (1, 1, "N"): (2, True, 1, "S", "AS 4C", 1, 0, 0, 0, None, 5, 50),
    (1, 1, "E"): (3, True, 2, "W", "KS 2C", 1, 0, 0, 0, None, 8, 80),
    (1, 1, "S"): (2, True, 1, "N", "8S 3C", 1, 0, 0, 0, None, 5, 50),
    (1, 1, "W"): (3, True, 2, "E", "3S 7C", 1, 0, 0, 0, None, 8, 80),
    # game 2, hand 1: EW lose 3 tricks, NS receive and count them
    (2, 1, "N"): (2, False, 0, *NO_PASS, 0, 3, 3, 2, 4, 41),
    (2, 1, "E"): (3, False, 0, *NO_PASS, 3, 0, 0, 3, 6, -60),
    (2, 1, "S"): (2, False, 0, *NO_PASS, 0, 3, 3, 2, 4, 41),
    (2, 1, "W"): (3, False, 0, *NO_PASS, 3, 0, 0, 3, 6, -60),
    # game 2, hand 2: NS (both nil, no contract) receive 3 that count for nothing
    (2, 2, "N"): (0, False, 0, *NO_PASS, 0, 3, 0, 0, None, 0),
    (2, 2, "E"): (4, False, 0, *NO_PASS, 3, 0, 0, 4, 8, 81),
    (2, 2, "S"): (0, False, 0, *NO_PASS, 0, 3, 0, 0, None, 0),
    (2, 2, "W"): (4, False, 0, *NO_PASS, 3, 0, 0, 4, 8, 81),
    # game 3: renege_transfer=no, nothing received
    (3, 1, "N"): (2, False, 0, *NO_PASS, 0, 0, 0, 2, 4, 41),
    (3, 1, "E"): (3, False, 0, *NO_PASS, 3, 0, 0, 3, 6, -60),
    (3, 1, "S"): (2, False, 0, *NO_PASS, 0, 0, 0, 2, 4, 41),
    (3, 1, "W"): (3, False, 0, *NO_PASS, 3, 0, 0, 3, 6, -60),
}

#: Rulesets the bot plays for the recomputation (each with raises and passes).
BOT_RULES: Final = (
    "standard bid_rounds=2 pass_cards=2",
    "standard bid_rounds=2 pass_cards=3 pass_to=rotate",
    "cutthroat bid_rounds=2 pass_cards=1 pass_to=left",
)


def tables_of(games: list[Game]) -> dict[TableName, pl.DataFrame]:
    tables = TableSet(("games", "hands", "violations"))
    for game in games:
        add_game(tables, game, STANDARD)
    return tables.frames()


def bot_games() -> list[Game]:
    found: list[Game] = []
    for text in BOT_RULES:
        for game in generate_games(2, 12, parse_rules(text)):
            found.extend(parse_text(format_game(game), f"{text} {game.index}.spades"))
    return found


def test_the_corpus_is_clean_and_scores_as_worked_out() -> None:
    frames = tables_of(parse_text(CORPUS, "corpus.spades"))
    assert frames["violations"].height == 0
    games = frames["games"].select("bid_rounds", "pass_cards", "renege_transfer", "score_ns")
    assert games.rows() == [(2, 2, True, 50), (1, 0, True, 41), (1, 0, False, 41)]
    assert frames["games"]["score_ew"].to_list() == [80, 21, -60]


def test_the_new_columns_of_the_corpus() -> None:
    hands = tables_of(parse_text(CORPUS, "corpus.spades"))["hands"]
    found = {
        (row["game"], row["hand"], row["seat"]): (
            *(row[c] for c in NEW),
            row["bid"],
            row["contract"],
            row["points"],
        )
        for row in hands.iter_rows(named=True)
    }
    assert found == EXPECTED


def _from_lines(game: Game) -> dict[tuple[int, str], tuple[Any, ...]]:
    """The new columns of every seat-hand of a clean game, read from its lines alone."""
    partnership = parse_rules(game.tag("Rules") or "standard").partnership
    out: dict[tuple[int, str], tuple[Any, ...]] = {}
    for hand in game.hands:
        first = {b.bidder: b for b in hand.bids}
        party_bid: dict[Any, int] = defaultdict(int)  # a nil bids 0 tricks
        for b in hand.bids:
            party = (
                (Side.NS if b.bidder in (Seat.N, Seat.S) else Side.EW) if partnership else b.bidder
            )
            party_bid[party] += b.tricks
        raised = {r.bidder: r.tricks - party_bid[r.bidder] for r in hand.raises}
        passes = {p.giver: p for p in hand.passes_before_bid}
        for bid in hand.bids:
            seat = bid.bidder
            assert isinstance(seat, Seat)
            party = (Side.NS if seat in (Seat.N, Seat.S) else Side.EW) if partnership else seat
            p = passes.get(seat)
            out[(hand.number, seat.value)] = (
                first[seat].tricks,
                party in raised,
                raised.get(party, 0),
                None if p is None else p.receiver.value,
                None if p is None else " ".join(c.text for c in p.cards),
                None if p is None else sum(c.text.endswith("S") for c in p.cards),
                0,
                0,
                0,
            )
    return out


def test_the_bots_columns_agree_with_their_record_lines() -> None:
    games = bot_games()
    frames = tables_of(games)
    assert frames["violations"].height == 0
    hands = frames["hands"]
    assert hands["raised"].any() and hands["passed_cards"].is_not_null().any()
    for game in games:
        rows = hands.filter((pl.col("file") == game.source) & (pl.col("game") == game.index))
        found = {
            (r["hand"], r["seat"]): tuple(r[c] for c in NEW) for r in rows.iter_rows(named=True)
        }
        assert found == _from_lines(game), game.source


def _by_hand(hands: pl.DataFrame, key: str) -> dict[str, dict[str, Any]]:
    """The new statistics of each group, counted row by row in plain Python."""
    sums: dict[str, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    seen: set[tuple[str, int, int, str]] = set()
    for row in hands.iter_rows(named=True):
        group = row[key]
        if group is None:
            continue
        s = sums[group]
        if row["passed_cards"] is not None:
            s["passes"] += 1
            s["spades_passed"] += row["passed_spades"]
        if key == "team":  # a side's own figures once per hand
            unit = (row["file"], row["game"], row["hand"], row["side"])
            if unit in seen:
                continue
            seen.add(unit)
        if row["raised"]:
            s["raises"] += 1
            s["raises_made"] += bool(row["made"])
        if row["renege_lost"] is not None:
            s["renege_tricks_lost"] += row["renege_lost"]
            s["renege_tricks_received"] += row["renege_received"]
            s["renege_tricks_counted"] += row["renege_counted"]
    return {
        group: {
            "raises": s["raises"],
            "raise_made_rate": s["raises_made"] / s["raises"] if s["raises"] else None,
            "passes": s["passes"],
            "spades_passed_per_pass": s["spades_passed"] / s["passes"] if s["passes"] else None,
            "renege_tricks_lost": s["renege_tricks_lost"],
            "renege_tricks_received": s["renege_tricks_received"],
            "renege_tricks_counted": s["renege_tricks_counted"],
        }
        for group, s in sums.items()
    }


def named_corpus() -> str:
    """The hand-made corpus with players, so that ``--by player`` and ``team`` see it."""
    tags = '[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n'
    return CORPUS.replace("[Rules", tags + "[Rules")


@pytest.mark.parametrize("by", ["player", "team"])
def test_the_statistics_are_the_rows_counted_by_hand(by: str) -> None:
    games = parse_text(named_corpus(), "corpus.spades") + bot_games()
    hands = tables_of(games)["hands"]
    key = "team" if by == "team" else "player"
    table = statistics(hands, "team" if by == "team" else "player")
    expected = _by_hand(hands, key)
    found = {
        row[key]: {name: row[name] for name in expected[row[key]]}
        for row in table.iter_rows(named=True)
    }
    assert found == expected
    if by == "player":  # the hand-made corpus, worked out: Ann sat North in every game
        assert found["Ann"]["renege_tricks_received"] == 3 + 3 + 0
        assert found["Ann"]["renege_tricks_counted"] == 3
        assert found["Bo"]["renege_tricks_lost"] == 3 + 3 + 3


def cli_json(*args: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    rows: list[dict[str, Any]] = json.loads(result.stdout)
    return rows


@pytest.mark.parametrize("by", ["player", "team", "seat", "game"])
def test_a_parquet_export_read_back_by_stats_gives_the_same_figures(
    tmp_path: Path, by: str
) -> None:
    records = tmp_path / "variants.spades"
    games = [*parse_text(named_corpus(), "corpus.spades"), *bot_games()]
    records.write_text("\n".join(format_game(g) for g in games), encoding="utf-8")
    exported = tmp_path / "hands.parquet"
    result = runner.invoke(app, ["export", str(records), "--table", "hands", "-o", str(exported)])
    assert result.exit_code == 0, result.output
    back = pl.read_parquet(exported)
    assert back["raised"].sum() > 0 and back["renege_received"].sum() == 4 * 3  # two rows each
    from_records = cli_json("stats", str(records), "--by", by)
    from_parquet = cli_json("stats", str(exported), "--by", by)
    assert from_parquet == from_records
    assert sum(row["raises"] for row in from_records) > 0
    assert sum(row["passes"] for row in from_records) > 0
