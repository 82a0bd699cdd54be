"""Rendering sheets: bids and tricks as a person reads them, the table under every kind of
game, notes for hands that could not be scored, the explanation, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import spadesctl
from spadesctl.cards import Seat, Side
from spadesctl.events import Position, RecordedBags, RecordedScore, Tag
from spadesctl.record import Game
from spadesctl.rules.ruleset import BagMode, Ruleset
from spadesctl.sheet import (
    SheetHand,
    SheetReport,
    build_sheet,
    render_csv,
    render_json,
    render_text,
)
from spadesctl.sheet.render import bid_text, took_text, write_json
from spadesctl.sheet.run import sheet_report
from tests.test_scoring import bids, took

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW


def hand(number: int, bid: str, taken: str, **extra: object) -> SheetHand:
    dealer = (N, E, S, W)[(number - 1) % 4]
    return SheetHand(
        number,
        dealer,
        bids(bid) if bid else (),
        tuple(took(taken).items()),
        pos=Position(number * 10, 1),
        **extra,  # type: ignore[arg-type]
    )


def score_line(number: int, **totals: int) -> RecordedScore:
    entries = tuple(
        (NS if k == "NS" else EW if k == "EW" else Seat(k), v) for k, v in totals.items()
    )
    return RecordedScore(entries, Position(number * 10 + 3, 1))


def test_bids_and_tricks_read_as_written() -> None:
    h = hand(1, "NS 5 N nil EW 6", "N 0 S 5 EW 8")
    assert bid_text(h, NS) == "5, N nil"
    assert bid_text(h, EW) == "6"
    assert took_text(h, NS) == "N 0, S 5"
    assert took_text(h, EW) == "8"
    assert bid_text(hand(1, "N b4 S 3", "N 4 S 4"), NS) == "N b4, S 3"
    assert bid_text(hand(1, "N 3 E 4 S 3 W 3", "N 3"), E) == "4"
    assert bid_text(replace(hand(1, "", "N 4"), unbid=True), NS) == "(no bidding)"
    assert bid_text(hand(1, "", "N 4"), NS) == "-"
    assert took_text(hand(1, "N 3", ""), NS) == "-"


def test_a_cutthroat_table_has_a_row_per_player_and_no_bags_under_deduct() -> None:
    # Cutthroat, bag_mode=deduct: N 3 took 4: 30 - 1 = 29; E 4 took 2: -40; S nil took 0:
    # +100; W 5 took 7: 50 - 2 = 48.
    rules = replace(Ruleset(), partnership=False, bag_mode=BagMode.DEDUCT)
    h = hand(
        1,
        "N 3 E 4 S nil W 5",
        "N 4 E 2 S 0 W 7",
        recorded_score=score_line(1, N=29, E=-40, S=100, W=48),
        recorded_bags=RecordedBags(((N, 9),), Position(14, 1)),
    )
    text = render_text([SheetReport.of(build_sheet(Game(source="c.spades"), rules, [h]))])
    table = text.split("\n\n")[1].splitlines()
    assert table[0].split() == [
        "hand",
        "dealer",
        "player",
        "bid",
        "took",
        "points",
        "total",
        "sheet",
    ]
    rows = [line.split() for line in table[2:]]
    assert rows[0] == ["1", "N", "N", "3", "4", "+29", "29", "ok"]
    assert [r[-3:] for r in rows[1:]] == [
        ["-40", "-40", "ok"],
        ["+100", "100", "ok"],
        ["+48", "48", "ok"],
    ]
    assert "bags:" not in text  # no bag count to explain (and the bags line is not compared)
    assert "The sheet agrees with the recomputed scores." in text


def test_players_and_the_event_head_the_sheet() -> None:
    game = Game(
        tags=(
            Tag("Event", "Cup final"),
            Tag("North", "Ann"),
            Tag("South", "Cy"),
            Tag("East", "Bo"),
        ),
        source="f.spades",
        index=3,
    )
    text = render_text([SheetReport.of(build_sheet(game, Ruleset(), []))])
    assert text.startswith("Game 3 of f.spades: Cup final\n" + "=" * 29 + "\n")
    assert "Players: NS: Ann (N) and Cy (S); EW: Bo (E) and ? (W)" in text
    assert "The record has no score, bags or result lines to compare." in text


def test_hands_that_could_not_be_scored_are_shown_and_explained() -> None:
    # Hand 1: NS 6 of 7: 61, EW 6 of 6: 60.  Hand 2: no tricks, no sheet figures.
    # Hand 3: NS 6 of 6 (60 -> 121 from the carried 61), written 999: not checked.
    hands = [
        hand(1, "N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", recorded_score=score_line(1, NS=61)),
        hand(2, "N 3 E 3 S 3 W 3", "", unscored="the record does not give the tricks taken"),
        hand(3, "N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3", recorded_score=score_line(3, NS=999)),
    ]
    report = SheetReport.of(build_sheet(Game(), Ruleset(), hands))
    text = render_text([report], explain=True)
    assert "   2  E       NS    N 3, S 3  -              -     -      -\n" in text
    assert "+60     1    121  999 (not checked)\n" in text
    assert (
        "Hand 2 was not scored (the record does not give the tricks taken): the sheet gives no\n"
        "totals after it, so later totals are not checked." in text
    )
    assert "agrees with the recomputed scores wherever they could be checked" in text
    assert "Hand 2 (dealer East)\n  not scored: the record does not give the tricks taken" in text
    assert not report.disputed
    document = json.loads(render_json([report]))
    entry = document["games"][0]["hands"][1]
    assert entry["scored"] is False
    assert entry["unscored_reason"] == "the record does not give the tricks taken"
    assert entry["points"] is None and entry["totals"] is None


def test_the_table_marks_new_errors_and_shows_inherited_figures() -> None:
    # Hand 1: NS 61 (sheet 71: 10 over, a new error).  Hand 2: NS 6 of 6 -> 121 (sheet 131:
    # the same 10 over, shown without a mark).
    hands = [
        hand(1, "N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3", recorded_score=score_line(1, NS=71, EW=60)),
        hand(2, "N 3 E 3 S 3 W 3", "N 3 E 4 S 3 W 3", recorded_score=score_line(2, NS=131, EW=121)),
    ]
    report = SheetReport.of(build_sheet(Game(source="x.spades"), Ruleset(), hands))
    rows = [
        line
        for line in render_text([report]).splitlines()
        if line.rstrip().endswith(("ok", "]", "131"))
    ]
    assert rows[0].endswith("+61     1     61  71 [1]")
    assert rows[1].endswith("ok")
    assert rows[2].endswith("+60     1    121  131")
    assert rows[3].endswith("ok")


def test_json_and_csv_of_no_games() -> None:
    assert json.loads(render_json([])) == {"games": [], "disputed": False}
    assert render_csv([]).startswith("file,game,hand,dealer,party,")


def test_csv_leaves_bags_empty_without_a_count() -> None:
    rules = replace(Ruleset(), bag_mode=BagMode.OFF)
    h = hand(1, "N 3 E 3 S 3 W 3", "N 4 E 3 S 3 W 3")
    rows = list(
        csv.DictReader(io.StringIO(render_csv([SheetReport.of(build_sheet(Game(), rules, [h]))])))
    )
    assert [(r["party"], r["points"], r["bags"], r["new_bags"]) for r in rows] == [
        ("NS", "60", "", ""),
        ("EW", "60", "", ""),
    ]


def test_json_is_written_game_by_game() -> None:
    games = spadesctl.load(
        Path(__file__).resolve().parent.parent / "samples" / "league-night.spades"
    )
    reports = [sheet_report(g, spadesctl.ruleset_of(g)) for g in games]
    log: list[str] = []

    def pulled() -> Iterator[SheetReport]:
        for i, report in enumerate(reports):
            log.append(f"pull {i}")
            yield report

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            if '"file"' in text:
                log.append("game written")
            return super().write(text)

    out = Out()
    assert write_json(pulled(), out) is False
    assert log == ["pull 0", "game written", "pull 1", "game written", "pull 2", "game written"]
    assert out.getvalue() == render_json(reports)
