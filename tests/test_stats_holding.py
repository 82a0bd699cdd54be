"""A pair's success by contract size (``--by pair_bid``) and the seats' figures by whether
they were dealt a card (``--by holding``), worked out by hand on three small hands, and
the same from a Parquet export of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.query import QueryError, holding_card

ROOT = Path(__file__).resolve().parent.parent

# North holds the ace of spades in hands 1 and 2 (West in hand 3); North's nil fails in
# hand 2 (one trick) and is made in hand 3.
RECORD = """[Event "Holding"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]

hand 1 dealer N
deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7
bid E 6 S 3 W 4 N 3
took N 3 E 6 S 3 W 1

hand 2 dealer E
deal N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7
bid S 3 W 4 N nil E 6
took N 1 E 6 S 5 W 1

hand 3 dealer S
deal N:32.K74.A852.AKT7 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:AJ64.QT9.74.J984
bid W 4 N nil E 6 S 3
took N 0 E 6 S 4 W 3
"""


def _stats(*args: str) -> list[dict[str, Any]]:
    done = CliRunner().invoke(app, ["stats", *args, "--format", "json"])
    assert done.exit_code == 0, done.output
    rows: list[dict[str, Any]] = json.loads(done.stdout)
    return rows


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "holding.spades"
    path.write_text(RECORD, encoding="utf-8")
    return path


def test_the_dealt_column_holds_each_seats_cards(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    done = CliRunner().invoke(app, ["export", str(record), "--table", "hands", "-o", str(out)])
    assert done.exit_code == 0, done.output
    hands = pl.read_csv(out)
    north = hands.filter((pl.col("seat") == "N") & (pl.col("hand") == 1)).row(0, named=True)
    assert north["dealt"] == "AS JS 6S 4S QH TH 9H 7D 4D JC 9C 8C 4C"


def test_by_holding_the_ace_of_spades_by_hand(record: Path) -> None:
    rows = {(r["seat"], r["holds"]): r for r in _stats(str(record), "--by", "holding")}
    assert {r["card"] for r in rows.values()} == {"AS"}
    assert set(rows) == {
        ("N", True),
        ("N", False),
        ("W", True),
        ("W", False),
        ("E", False),
        ("S", False),
    }
    held = rows[("N", True)]  # hands 1 and 2: bid 3 took 3, then a nil that took a trick
    assert (held["hands"], held["nil_attempts"], held["nil_made"]) == (2, 1, 0)
    assert held["nil_rate"] == 0.0
    assert (held["exact_rate"], held["bid_error_mean"]) == (1.0, 0.0)
    free = rows[("N", False)]  # hand 3: a nil made, no other bid
    assert (free["hands"], free["nil_rate"], free["bid_error_mean"]) == (1, 1.0, None)
    assert rows[("W", True)]["bid_error_mean"] == -1.0  # bid 4, took 3
    assert rows[("W", False)]["bid_error_mean"] == -3.0  # bid 4, took 1, twice
    south = rows[("S", False)]  # bid 3 each time, took 3, 5, 4: errors 0, 2, 1
    assert (south["hands"], south["bid_error_mean"]) == (3, 1.0)
    assert south["bid_error_sd"] == pytest.approx(1.0)  # sqrt(((0 + 4 + 1) - 9 / 3) / 2)
    # another card: the ten of hearts is North's in hands 1 and 2 (QT9), West's in 3
    tens = {
        (r["seat"], r["holds"]): r["hands"]
        for r in _stats(str(record), "--by", "holding", "--card", "10h")
    }
    assert tens[("N", True)] == 2 and tens[("W", True)] == 1 and tens[("E", False)] == 3


def test_by_pair_bid_by_hand(record: Path) -> None:
    rows = {(r["team"], r["contract"]): r for r in _stats(str(record), "--by", "pair_bid")}
    # Ann & Cy: contract 6 (3 + 3) took 6 in hand 1; contract 3 (Cy's 3, Ann's nil)
    # took 6 and 4 in hands 2 and 3.  Bo & Di: 10 (6 + 4) each hand, took 7, 7, 9.
    assert set(rows) == {("Ann & Cy", 3), ("Ann & Cy", 6), ("Bo & Di", 10)}
    three = rows[("Ann & Cy", 3)]
    assert (three["hands"], three["made_rate"], three["exact_rate"]) == (2, 1.0, 0.0)
    assert three["bid_error_mean"] == 2.0  # (3 + 1) / 2
    assert (three["nil_attempts"], three["nil_made"]) == (2, 1)
    assert rows[("Ann & Cy", 6)]["exact_rate"] == 1.0
    ten = rows[("Bo & Di", 10)]
    assert (ten["hands"], ten["made_rate"], ten["sets"]) == (3, 0.0, 3)
    assert ten["bid_error_mean"] == pytest.approx(-7 / 3)


@pytest.mark.parametrize("by", ["holding", "pair_bid"])
def test_an_export_gives_the_same_figures(by: str, tmp_path: Path) -> None:
    source = str(ROOT / "samples" / "league-night.spades")  # deals, nils, four teams
    exported = tmp_path / "hands.parquet"
    done = CliRunner().invoke(app, ["export", source, "--table", "hands", "-o", str(exported)])
    assert done.exit_code == 0, done.output
    from_records = _stats(source, "--by", by)
    assert from_records and _stats(str(exported), "--by", by) == from_records


def test_a_card_must_be_a_card() -> None:
    assert holding_card("as") == "AS" and holding_card("10h") == "TH" and holding_card("bj") == "BJ"
    with pytest.raises(QueryError, match="--card expects a card"):
        holding_card("ZZ")
