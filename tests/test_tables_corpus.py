"""Records to tables: the rows of refereed games, failures, batches and parallel workers.

Expected values are read off the records by hand (see tests/test_stats_corpus.py for
the arithmetic of the fixture games).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest

from spadesctl.checking import check_file
from spadesctl.rules import parse_rules
from spadesctl.tables import corpus
from spadesctl.tables.corpus import CorpusOptions, Failure, iter_batches, read_work
from spadesctl.tables.schema import TABLE_NAMES, TableName, schema_of

FIXTURES = Path(__file__).parent / "fixtures" / "stats"
LEAGUE = str(FIXTURES / "league.spades")
CUP = str(FIXTURES / "cup.spades")

RANKS = "AKQJT98765432"
# Each player holds one suit: North the spades, so North wins every trick.
PLAYED = "\n".join(
    [
        '[Event "Play"]',
        '[North "Ann"]',
        '[East "Bo"]',
        '[South "Cy"]',
        '[West "Di"]',
        "",
        "hand 1 dealer W",
        "deal N:AKQJT98765432... E:.AKQJT98765432.. S:..AKQJT98765432. W:...AKQJT98765432",
        "bid N 13 E nil S nil W nil",
        *(f"trick {i} N {r}S {r}H {r}D {r}C" for i, r in enumerate(RANKS, start=1)),
        "",
    ]
)


def tables(
    paths: list[str], *names: TableName, jobs: int = 1, **options: Any
) -> tuple[dict[TableName, pl.DataFrame], list[Failure]]:
    wanted = names or TABLE_NAMES
    frames: dict[TableName, list[pl.DataFrame]] = {n: [] for n in wanted}
    failures: list[Failure] = []
    for batch in iter_batches(paths, CorpusOptions(tables=wanted, **options), jobs):
        for name in wanted:
            frames[name].append(batch.frames[name])
        failures.extend(batch.failures)
    return {n: pl.concat(f) for n, f in frames.items()}, failures


def rows(frame: pl.DataFrame, *columns: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in frame.select(columns).iter_rows()]


def test_hands_rows_of_a_score_sheet() -> None:
    found, failures = tables([LEAGUE], "hands")
    assert failures == []
    hands = found["hands"]
    assert hands.schema == schema_of("hands")
    assert hands.height == 2 * 2 * 4  # two games of two hands, four seats each
    a2 = hands.filter((pl.col("game") == 1) & (pl.col("hand") == 2))
    # A2: bids N 5, E 3, S nil, W 4; took N 6, E 4, S 0, W 3.  NS: 50 + 1 bag + nil 100;
    # EW: 70.  NS reaches 222 and wins.
    assert rows(
        a2,
        "seat",
        "player",
        "side",
        "team",
        "bid",
        "nil",
        "tricks",
        "contract",
        "party_tricks",
        "made",
        "bags",
        "points",
        "score",
        "nil_made",
        "won",
    ) == [
        ("N", "Ann", "NS", "Ann & Cy", 5, False, 6, 5, 6, True, 1, 151, 222, None, True),
        ("E", "Bo", "EW", "Bo & Di", 3, False, 4, 7, 7, True, 0, 70, 0, None, False),
        ("S", "Cy", "NS", "Ann & Cy", 0, True, 0, 5, 6, True, 1, 151, 222, True, True),
        ("W", "Di", "EW", "Bo & Di", 4, False, 3, 7, 7, True, 0, 70, 0, None, False),
    ]
    assert set(a2["dealer"].to_list()) == {"E"}
    assert a2["played"].to_list() == [False] * 4
    b = hands.filter(pl.col("game") == 2)
    # B is unfinished: no one has won; E reneged in B1 (a ruling); W bid blind nil in B2
    assert b["won"].to_list() == [None] * 8
    assert rows(b.filter(pl.col("reneges") > 0), "hand", "seat", "reneges", "violations") == [
        (1, "E", 1, 1)
    ]
    blind = b.filter(pl.col("blind_nil"))
    assert rows(blind, "hand", "seat", "bid", "nil", "tricks", "nil_made", "bags", "points") == [
        (2, "W", 0, False, 1, False, 1, -149)
    ]
    assert b["date"].cast(pl.String).unique().to_list() == ["2026-11-13"]
    assert b["event"].unique().to_list() == ["Friday League"]


def test_games_rows() -> None:
    found, _ = tables([CUP, LEAGUE], "games")
    games = found["games"]
    assert games.schema == schema_of("games")
    assert rows(
        games,
        "game",
        "rules",
        "hands",
        "winner",
        "end",
        "end_hand",
        "recorded_winner",
        "score_ns",
        "score_ew",
        "score_n",
        "violations",
    ) == [
        # C: NS 13, EW -150 at lose_at after hand 2
        (1, "standard target=150 lose_at=-150", 2, "NS", "mercy", 2, None, 13, -150, None, 0),
        # A: NS 222 reaches 200 after hand 2; the record says NS won
        (1, "standard target=200", 2, "NS", "target", 2, "NS", 222, 0, None, 0),
        # B: NS 70 - 80 = -10 (the renege's 3 tricks made B1's contract, no bag), EW -209
        (2, "standard target=200", 2, None, "unfinished", None, None, -10, -209, None, 0),
    ]
    assert games["players"].to_list() == [4, 4, 4]
    assert games["partnership"].to_list() == [True, True, True]


def test_tricks_rows_of_a_played_hand(tmp_path: Path) -> None:
    path = tmp_path / "played.spades"
    path.write_text(PLAYED)
    found, failures = tables([str(path)], "tricks", "hands", "violations")
    assert failures == [] and found["violations"].height == 0
    tricks = found["tricks"]
    assert tricks.schema == schema_of("tricks")
    assert tricks.height == 13
    first, second = tricks.row(0, named=True), tricks.row(1, named=True)
    assert (first["trick"], first["leader"], first["leader_player"]) == (1, "N", "Ann")
    assert (first["winner"], first["winner_player"], first["winning_card"]) == ("N", "Ann", "AS")
    assert first["cards"] == "AS AH AD AC"
    assert (first["card_n"], first["card_e"], first["card_s"], first["card_w"]) == (
        "AS",
        "AH",
        "AD",
        "AC",
    )
    assert first["led_suit"] == "S" and first["trumped"] is False
    # North holds only spades, so leads one: that breaks spades
    assert (first["spades_broken"], first["breaks_spades"]) == (False, True)
    assert (second["spades_broken"], second["breaks_spades"]) == (True, False)
    assert tricks["winner"].unique().to_list() == ["N"]
    hands = found["hands"]
    # N bid 13 and took 13: 130; S nil made: +100.  E and W both nil, made: 200.
    assert rows(hands, "seat", "tricks", "points", "played", "nil_made") == [
        ("N", 13, 230, True, None),
        ("E", 0, 200, True, True),
        ("S", 0, 230, True, True),
        ("W", 0, 200, True, True),
    ]


def test_violations_are_what_check_reports(tmp_path: Path) -> None:
    path = tmp_path / "v.spades"
    text = PLAYED.replace("bid N 13 E nil S nil W nil", "bid E nil N 13 S nil W nil")
    path.write_text(text + "score NS 100 EW 200\n")
    found, failures = tables([str(path)], "violations", "hands", "games")
    assert failures == []
    violations = found["violations"]
    assert violations.schema == schema_of("violations")
    expected = [
        (d.name, d.code, d.severity.value, d.hand, d.seat, d.line, d.column, d.message)
        for d in check_file(str(path)).diagnostics
    ]
    assert [d[0] for d in expected] == ["bid-out-of-turn", "score-mismatch"]
    assert (
        rows(violations, "name", "code", "severity", "hand", "seat", "line", "column", "message")
        == expected
    )
    assert violations["player"].to_list() == ["Bo", None]  # East, and no seat
    assert found["games"]["violations"].to_list() == [2]
    hands = found["hands"]
    # the bid out of turn is East's violation; the score sheet's is no seat's
    assert rows(hands, "seat", "violations") == [("N", 0), ("E", 1), ("S", 0), ("W", 0)]


def test_an_invalid_rules_tag_is_a_violation_and_the_default_applies(tmp_path: Path) -> None:
    path = tmp_path / "r.spades"
    path.write_text(
        (FIXTURES / "cup.spades").read_text().replace("lose_at=-150", "lose_at=-150 nill=50")
    )
    found, failures = tables(
        [str(path)], "games", "violations", default_rules=parse_rules("standard target=150")
    )
    assert failures == []
    assert found["violations"]["name"].to_list()[0] == "invalid-rules"
    # under the default (no mercy rule) no one has won: NS 13, EW -150
    assert rows(found["games"], "rules", "end") == [("standard target=150", "unfinished")]


def test_unreadable_games_and_files_are_failures(tmp_path: Path) -> None:
    broken = tmp_path / "broken.spades"
    broken.write_text(
        (FIXTURES / "cup.spades").read_text()
        + '\n[Event "Second"]\n\nhand 1 dealer N\nbid N 3 E 3 S 3 W three\n'
    )
    binary = tmp_path / "binary.spades"
    binary.write_bytes(b"[Event \x00]\n")
    missing = str(tmp_path / "missing.spades")
    found, failures = tables([str(broken), str(binary), missing, LEAGUE], "hands")
    assert [(Path(f.file).name, f.line, f.column, f.game) for f in failures] == [
        ("broken.spades", 21, 19, 2),
        ("binary.spades", 1, 1, None),
        ("missing.spades", 1, 1, None),
    ]
    assert failures[0].message.startswith("syntax-error: ")
    assert failures[2].message == "no such file"
    assert failures[0].format().startswith(f"{broken}:21:19: game 2 not counted: syntax-error")
    # the first game of the broken file and the whole league file are there
    files = found["hands"].group_by("file").agg(pl.col("game").n_unique()).sort("file")
    assert rows(files, "file", "game") == sorted([(str(broken), 1), (LEAGUE, 2)])


def test_a_game_the_referee_fails_on_is_rolled_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from spadesctl.tables.adapter import add_game as real

    def flaky(
        tables: Any, game: Any, default: Any, *, lossless: bool = True, comments: Any = ()
    ) -> int:
        hands = real(tables, game, default, lossless=lossless, comments=comments)
        if game.index == 2:
            raise RuntimeError("boom")
        return hands

    monkeypatch.setattr(corpus, "add_game", flaky)
    found, failures = tables([LEAGUE], "hands", "games")
    assert [(f.game, f.message) for f in failures] == [
        (2, "could not be refereed (internal error, please report: RuntimeError('boom'))")
    ]
    assert found["hands"]["game"].unique().to_list() == [1]
    assert found["games"].height == 1


def test_work_units_group_small_files_and_split_large_ones() -> None:
    units = list(read_work([CUP, LEAGUE], batch_lines=1_000))
    assert len(units) == 1
    assert [(Path(g[0]).name, g[1]) for g in units[0].games if isinstance(g, tuple)] == [
        ("cup.spades", 1),
        ("league.spades", 1),
        ("league.spades", 2),
    ]
    assert [len(u.games) for u in read_work([CUP, LEAGUE], batch_lines=1)] == [1, 1, 1]


def test_parallel_workers_give_the_same_tables_in_the_same_order() -> None:
    serial, _ = tables([CUP, LEAGUE], batch_lines=1)
    parallel, _ = tables([CUP, LEAGUE], batch_lines=1, jobs=2)
    for name in TABLE_NAMES:
        assert parallel[name].equals(serial[name]), name


def test_pbn_records_are_read_too(tmp_path: Path) -> None:
    from spadesctl.notation import iter_games
    from spadesctl.pbn import format_pbn_games

    pbn = tmp_path / "cup.pbn"
    pbn.write_text("".join(format_pbn_games(iter_games(CUP))))
    found, failures = tables([str(pbn)], "hands")
    native, _ = tables([CUP], "hands")
    assert failures == []
    assert found["hands"].drop("file").equals(native["hands"].drop("file"))
