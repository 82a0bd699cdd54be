"""The four tables' schemas, the columnar builders, and docs/stats.md in step with both."""

from __future__ import annotations

import inspect
import re
from datetime import date
from pathlib import Path

import polars as pl
import pytest

from spadesctl.cards import ALL_CARDS
from spadesctl.diagnostics import KINDS
from spadesctl.tables.builder import (
    BUILDER_TYPES,
    GameInfo,
    GamesBuilder,
    HandsBuilder,
    TableSet,
    ViolationsBuilder,
)
from spadesctl.tables.schema import (
    CARD,
    DIAGNOSTIC,
    GAME_COLUMNS,
    SCHEMAS,
    SEAT,
    TABLE_NAMES,
    empty,
    schema_of,
    table_of_columns,
)
from spadesctl.tables.stats import KEYS, SHOWN

DOCS = Path(__file__).parent.parent / "docs" / "stats.md"

ANN = GameInfo("a.spades", 1, "League", date(2026, 11, 6), "standard", "Ann", "Bo", "Cy", "Di")
OTHER = GameInfo("a.spades", 2, None, None, "cutthroat", "Ann", "Bo", "Cy", None)


def hand_row(builder: HandsBuilder, info: GameInfo, seat: str, points: int | None) -> None:
    builder.add(
        info,
        hand=1,
        dealer="N",
        seat=seat,
        player=None,
        side=None,
        party=seat,
        team=None,
        bid=3,
        nil=False,
        blind_nil=False,
        blind=False,
        tricks=3,
        contract=3,
        party_tricks=3,
        made=True,
        bags=0,
        points=points,
        score=points,
        nil_made=None,
        reneges=0,
        violations=0,
        unbid=False,
        played=False,
        after_end=False,
        won=None,
    )


def test_every_table_starts_with_the_game_columns() -> None:
    for name in TABLE_NAMES:
        columns = list(SCHEMAS[name])
        assert columns[: len(GAME_COLUMNS)] == list(GAME_COLUMNS)
        assert len(set(columns)) == len(columns)
        assert all(re.fullmatch(r"[a-z][a-z0-9_]*", c) for c in columns)


def test_enums_have_fixed_categories() -> None:
    assert SEAT.categories.to_list() == ["N", "E", "S", "W"]
    assert CARD.categories.to_list() == [c.text for c in ALL_CARDS]
    assert len(CARD.categories) == 54
    assert DIAGNOSTIC.categories.to_list() == [k.name for k in KINDS]
    hands = schema_of("hands")
    assert hands["seat"] == SEAT and hands["dealer"] == SEAT
    assert isinstance(hands["side"], pl.Enum) and isinstance(hands["party"], pl.Enum)
    tricks = schema_of("tricks")
    assert isinstance(tricks["led_suit"], pl.Enum)
    assert all(tricks[c] == CARD for c in ("card_n", "card_e", "card_s", "card_w"))
    assert schema_of("violations")["name"] == DIAGNOSTIC


@pytest.mark.parametrize("table", TABLE_NAMES)
def test_each_builder_takes_its_columns_in_schema_order(table: str) -> None:
    builder_type = BUILDER_TYPES[table]  # type: ignore[index]
    parameters = list(inspect.signature(builder_type.add).parameters)  # type: ignore[attr-defined]
    assert parameters[:2] == ["self", "info"]
    own = [c for c in SCHEMAS[table] if c not in GAME_COLUMNS]  # type: ignore[index]
    assert parameters[2:] == own


def test_a_batch_is_one_frame_of_the_declared_schema() -> None:
    builder = HandsBuilder()
    hand_row(builder, ANN, "N", 30)
    hand_row(builder, ANN, "E", None)
    hand_row(builder, OTHER, "S", -40)
    assert len(builder) == 3
    frame = builder.frame()
    assert frame.schema == schema_of("hands")
    assert frame["game"].to_list() == [1, 1, 2]
    assert frame["event"].to_list() == ["League", "League", None]
    assert frame["date"].to_list() == [date(2026, 11, 6), date(2026, 11, 6), None]
    assert frame["west"].to_list() == ["Di", "Di", None]
    assert frame["points"].to_list() == [30, None, -40]
    # the builder starts afresh
    assert len(builder) == 0
    assert builder.frame().equals(empty("hands"))


def test_rollback_drops_half_a_game() -> None:
    tables = TableSet(["hands", "violations"])
    assert tables.hands is not None and tables.violations is not None
    hand_row(tables.hands, ANN, "N", 30)
    mark = tables.checkpoint()
    hand_row(tables.hands, ANN, "E", 10)
    hand_row(tables.hands, OTHER, "S", 20)
    tables.violations.add(
        OTHER,
        hand=1,
        trick=None,
        seat=None,
        player=None,
        name="renege",
        code="SP304",
        severity="error",
        line=3,
        column=1,
        message="x",
    )
    tables.rollback(mark)
    frames = tables.frames()
    assert frames["hands"]["points"].to_list() == [30]
    assert frames["hands"]["game"].to_list() == [1]
    assert frames["violations"].height == 0


def test_a_table_set_builds_only_the_tables_asked_for() -> None:
    tables = TableSet(["games"])
    assert isinstance(tables.games, GamesBuilder)
    assert tables.hands is None and tables.tricks is None and tables.violations is None
    assert list(tables.frames()) == ["games"]
    assert isinstance(TableSet(["violations"]).violations, ViolationsBuilder)


def test_a_wrong_value_is_an_error_not_a_silent_null() -> None:
    builder = HandsBuilder()
    hand_row(builder, ANN, "X", 1)  # not a seat
    with pytest.raises(pl.exceptions.PolarsError):
        builder.frame()


def test_table_of_columns() -> None:
    for name in TABLE_NAMES:
        assert table_of_columns(list(SCHEMAS[name])) == name
    assert table_of_columns(["file", "game"]) is None


def documented(section: str) -> list[str]:
    """The first-column names of the tables under a heading of docs/stats.md."""
    text = DOCS.read_text()
    start = text.index(section)
    following = text.find("\n#", start + len(section))
    body = text[start : following if following > 0 else len(text)]
    names: list[str] = []
    for line in body.splitlines():
        cell = line.split("|")[1].strip() if line.startswith("|") else ""
        names.extend(re.findall(r"`([a-z][a-z0-9_]*)`", cell))
    return names


@pytest.mark.parametrize("table", TABLE_NAMES)
def test_docs_describe_every_column(table: str) -> None:
    names = documented(f"### `{table}`")
    own = [c for c in SCHEMAS[table] if c not in GAME_COLUMNS]  # type: ignore[index]
    assert names == own
    assert documented("## The tables")[: len(GAME_COLUMNS)] == list(GAME_COLUMNS)


def test_docs_describe_every_statistic() -> None:
    names = set(documented("### The record")) | set(documented("### The common figures"))
    names |= set(documented("### Ratings"))
    shown = {c for columns in SHOWN.values() for c in columns}
    keys = {k for grouping in KEYS.values() for k in grouping} | {"winner"}
    assert shown - keys <= names
    assert names <= shown
