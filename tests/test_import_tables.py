"""Import tables as a game server has them: the minimal columns, per-trick seat columns or
per-card rows, standard input, and bad tables reported where they are."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.generate import generate_games
from spadesctl.imports.schema import COLUMNS, ImportTable
from spadesctl.notation import format_games, iter_games
from spadesctl.record import Game
from spadesctl.referee import referee_game
from spadesctl.rules import PRESETS
from spadesctl.sources import expand_paths

runner = CliRunner()


def _export(records: Path, table: str, out: Path) -> pl.DataFrame:
    target = out / f"full-{table}.parquet"
    result = runner.invoke(app, ["export", str(records), "--table", table, "-o", str(target)])
    assert result.exit_code == 0, result.output
    return pl.read_parquet(target)


@pytest.fixture
def corpus(tmp_path: Path) -> tuple[Path, list[Game]]:
    games = list(generate_games(2, 3, PRESETS["jokers"]))
    records = tmp_path / "games.spades"
    records.write_text("".join(format_games(games)))
    return records, list(iter_games(records))


def _read(path: Path) -> list[Game]:
    return [g for p in expand_paths([str(path)]) for g in iter_games(p)]


def _same_play(read: list[Game], original: list[Game]) -> None:
    """The games read hold the original's bids and play, and referee to its scores."""
    assert [g.issues for g in read] == [() for _ in original]
    for got, want in zip(read, original, strict=True):
        assert [h.bids for h in got.hands] == [h.bids for h in want.hands]
        assert [h.tricks for h in got.hands] == [h.tricks for h in want.hands]
        assert [h.dealer for h in got.hands] == [h.dealer for h in want.hands]
        rules = PRESETS["jokers"]
        assert referee_game(got, rules).standing == referee_game(want, rules).standing


def test_minimal_hands_and_tricks_with_seat_columns(
    corpus: tuple[Path, list[Game]], tmp_path: Path
) -> None:
    records, original = corpus
    out = tmp_path / "server"
    out.mkdir()
    hands = _export(records, "hands", tmp_path)
    tricks = _export(records, "tricks", tmp_path)
    hands = hands.select(
        "game",
        "hand",
        "dealer",
        "seat",
        (pl.col("bid").cast(pl.String)).alias("bid"),
        "nil",
        "blind_nil",
        "blind",
        pl.lit("jokers").alias("rules"),
    )
    hands = hands.with_columns(
        pl.when(pl.col("bid").is_null() & (pl.col("nil") | pl.col("blind_nil")))
        .then(pl.lit("0"))
        .otherwise(pl.col("bid"))
        .alias("bid")
    )
    # bids in bidding order: the rows sorted by the export's bid order
    order = _export(records, "hands", tmp_path).select("game", "hand", "seat", "bid_order")
    hands = hands.join(order, on=["game", "hand", "seat"], how="left", maintain_order="left")
    hands.write_csv(out / "hands.csv")
    tricks.select(
        "game", "hand", "trick", "leader", "card_n", "card_e", "card_s", "card_w"
    ).write_csv(out / "tricks.csv")
    read = _read(out)
    assert all(h.deal is None for g in read for h in g.hands)  # rebuilt from the play
    assert [g.rules_text for g in read] == ["jokers", "jokers"]
    _same_play(read, original)


def test_per_card_rows(corpus: tuple[Path, list[Game]], tmp_path: Path) -> None:
    records, original = corpus
    out = tmp_path / "server"
    out.mkdir()
    hands = _export(records, "hands", tmp_path)
    hands.select("game", "hand", "dealer", "seat", "bid_text", "bid_order").write_ndjson(
        out / "hands.ndjson"
    )
    tricks = _export(records, "tricks", tmp_path)
    cards = (
        tricks.select("game", "hand", "trick", pl.col("cards").str.split(" ").alias("card"))
        .with_columns(pl.int_ranges(1, pl.col("card").list.len() + 1).alias("order"))
        .explode("card", "order")
    )
    seats = tricks.select(
        "game", "hand", "trick", pl.concat_list(pl.col("leader").cast(pl.String)).alias("l")
    )
    # the seat of each card: clockwise from the leader
    cards = cards.join(seats, on=["game", "hand", "trick"], maintain_order="left").with_columns(
        pl.struct("l", "order")
        .map_elements(
            lambda r: "NESW"[("NESW".index(r["l"][0]) + r["order"] - 1) % 4], return_dtype=pl.String
        )
        .alias("seat")
    )
    cards = cards.select("game", "hand", "trick", "seat", "card", "order").sample(
        fraction=1.0, shuffle=True, seed=1
    )  # any row order within the table: `order` says the order
    cards = cards.sort("game", "hand", maintain_order=True)
    cards.write_ndjson(out / "cards.ndjson")
    read = _read(out)
    assert all(g.rules_text is None for g in read)  # standard unless --rules says
    _same_play(read, original)


def test_a_score_sheet_on_standard_input(tmp_path: Path) -> None:
    text = (
        "game,hand,dealer,seat,bid,tricks\n7,1,N,E,4,5\n7,1,N,S,3,4\n7,1,N,W,2,4\n7,1,N,N,nil,0\n"
    )
    result = runner.invoke(app, ["score", "-"], input=text)
    assert result.exit_code == 0, result.output
    # EW bid 6 and took 9 (+63); NS: North's nil made (+100), South's 3 with a bag (+31)
    assert "+63" in result.stdout and "+131" in result.stdout
    converted = runner.invoke(app, ["convert", "-", "--to", "spades"], input=text)
    assert converted.stdout.splitlines() == [
        "hand 1 dealer N",
        "bid E 4 S 3 W 2 N nil",
        "took E 5 S 4 W 4 N 0",
    ]


BAD = {
    "missing column": (
        "game,hand,seat,bid\n1,1,N,3\n",
        "1:1: SP001 syntax-error: {f}: the hands table has no 'dealer' column",
    ),
    "not an integer": (
        "game,hand,dealer,seat,bid\n1,one,N,E,3\n",
        "2:2: SP001 syntax-error: hands row at line 2, column 'hand': 'one' is not an integer",
    ),
    "null required": (
        "game,hand,dealer,seat,bid\n1,1,,E,3\n",
        "2:3: SP001 syntax-error: hands row at line 2, column 'dealer': "
        "a required value is missing",
    ),
    "unknown seat": (
        "game,hand,dealer,seat,bid\n1,1,N,Q,3\n",
        "2:4: SP001 syntax-error: hands row at line 2, column 'seat': 'Q' is not a seat",
    ),
    "bad bid": (
        "game,hand,dealer,seat,bid\n1,1,N,E,lots\n",
        "2:5: SP001 syntax-error: hands row at line 2, column 'bid': 'lots' is not a bid",
    ),
    "duplicate key": (
        "game,hand,dealer,seat,bid\n1,1,N,E,3\n1,1,N,E,4\n",
        "3:4: SP001 syntax-error: hands row at line 3, column 'seat': a second row of seat E",
    ),
    "dealer differs": (
        "game,hand,dealer,seat,bid\n1,1,N,E,3\n1,1,S,S,4\n",
        "3:3: SP001 syntax-error: hands row at line 3, column 'dealer': hand 1's dealer is N",
    ),
    "unknown card": (
        "game,hand,dealer,seat,bid,dealt\n1,1,N,E,3,AS ZZ\n",
        "2:6: SP001 syntax-error: hands row at line 2, column 'dealt': 'ZZ' is not a card",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_tables_are_positioned_diagnostics(case: str, tmp_path: Path) -> None:
    text, expected = BAD[case]
    path = tmp_path / "server.csv"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{expected.format(f=path)}" in result.stdout


def test_a_bad_card_in_a_companion_table_names_its_file(tmp_path: Path) -> None:
    (tmp_path / "hands.csv").write_text("game,hand,dealer,seat,bid\n1,1,N,E,3\n")
    (tmp_path / "tricks.csv").write_text("game,hand,trick,leader,card_e\n1,1,1,E,1X\n")
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert (
        f"{tmp_path}/hands.csv:1:1: SP001 syntax-error: {tmp_path}/tricks.csv:2:5: tricks row "
        "at line 2, column 'card_e': '1X' is not a card"
    ) in result.stdout


def test_a_play_table_without_its_hands_table(tmp_path: Path) -> None:
    path = tmp_path / "plays.csv"
    path.write_text("game,hand,trick,leader,card_n\n1,1,1,N,AS\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "a tricks table is read with its hands table" in result.stdout


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("x.parquet", b"PAR1 not really a parquet file", "x.parquet"),
        ("x.csv", b"player,points\nAnn,3\n", "no 'game' column"),
        ("x.ndjson", b'{"game": 1, "hand": \n', "not a readable ndjson table"),
    ],
)
def test_unreadable_tables_are_io_errors(
    name: str, data: bytes, message: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    # in a child process: a damaged Parquet file must never be read in the test process
    done = subprocess.run(
        [sys.executable, "-m", "spadesctl", "check", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in (1, 2), done.stderr
    found = json.loads(done.stdout) if done.stdout.strip() else []
    text = done.stdout + done.stderr
    assert "Traceback" not in text
    assert message in text
    assert [d["name"] for d in found] in ([], ["io-error"])


def test_fmt_says_why_it_does_not_format_a_table(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    path.write_text("game,hand,dealer,seat,bid\n1,1,N,E,3\n")
    result = runner.invoke(app, ["fmt", "--check", str(path)])
    assert "hands.csv is a tabular record; fmt writes the native notation" in result.output
    assert path.read_text() == "game,hand,dealer,seat,bid\n1,1,N,E,3\n"


@pytest.mark.parametrize("table", ["games", "hands", "tricks", "cards"])
def test_docs_list_every_column_of_the_import_schema(table: ImportTable) -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "import.md").read_text()
    section = page.split(f"### `{table}`\n", 1)[1].split("\n### ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| `")]
    documented = [(r[0].strip("| `"), r[1], r[2]) for r in rows]
    declared = [
        (c.name, c.type.value, "yes" if c.required else "no") for c in COLUMNS[table].values()
    ]
    assert documented == declared


_CELLS = st.sampled_from(
    [
        "",
        "0",
        "1",
        "13",
        "99",
        "100",
        "-1",
        "N",
        "E",
        "S",
        "W",
        "Q",
        "nil",
        "bnil",
        "b4",
        "AS",
        "BJ",
        "ZZ",
        "AS KS",
        "-",
        "true",
        "x",
        "1.5",
        "999999999999",
        '"',
        "12,3",
    ]
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _CELLS,
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.just("k"), inner, max_size=1),
    max_leaves=3,
)
_HANDS_COLUMNS = ("game", "hand", "dealer", "seat", "bid", "dealt", "took", "recorded_score")
_TRICKS_COLUMNS = ("game", "hand", "trick", "leader", "card_n", "card_e", "cards")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hands=st.lists(st.tuples(*[_CELLS] * len(_HANDS_COLUMNS)), max_size=6),
    tricks=st.lists(st.tuples(*[_CELLS] * len(_TRICKS_COLUMNS)), max_size=6),
)
def test_any_csv_cells_are_read_without_a_crash(
    hands: list[tuple[str, ...]], tricks: list[tuple[str, ...]], tmp_path: Path
) -> None:
    import csv

    from spadesctl.checking import check_file

    for name, columns, rows in (
        ("hands.csv", _HANDS_COLUMNS, hands),
        ("tricks.csv", _TRICKS_COLUMNS, tricks),
    ):
        with (tmp_path / name).open("w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(columns)
            writer.writerows(rows)
    report = check_file(str(tmp_path / "hands.csv"))
    assert all(d.line >= 0 for d in report.diagnostics)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=st.lists(st.fixed_dictionaries({c: _JSON for c in _HANDS_COLUMNS}), max_size=6))
def test_any_ndjson_values_are_read_without_a_crash(
    rows: list[dict[str, object]], tmp_path: Path
) -> None:
    from spadesctl.checking import check_file

    path = tmp_path / "server-hands.ndjson"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = check_file(str(path))
    assert all(d.line >= 0 for d in report.diagnostics)
