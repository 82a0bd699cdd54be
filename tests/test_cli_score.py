"""``spadesctl score``: the sheet as a table, --explain, JSON, CSV, --apply-penalties, exit codes.

The records are in tests/fixtures/score/; the expected outputs in tests/golden/score_*.
Every figure in the fixtures is recomputed by the engine and checked here by hand:

missed_bag_penalty.spades (standard)
  hand 1: NS bid 2 + 2 = 4, took 5 + 4 = 9: 40 + 5 = 45, 5 bags.  EW bid 8, took 4: -80.
  hand 2: the same: 45 more, the count 5 + 5 = 10 reaches the limit: -100, 0 bags left:
          NS 45 + 45 - 100 = -10 (the sheet: 90 and 10 bags).  EW -80 - 60 (6 of 4) = -140.
  hand 3: NS 6 of 6: 60 -> 50 (sheet 150: the same 100 over, carried, not reported
          again).  EW 6 of 7: 61 -> -79, 1 bag.
failed_nil_as_made.spades (standard)
  hand 1: N nil took 1: -100; S 4 of 4: 40; N's trick is a bag: +1.  NS -59 (sheet 141:
          +100 for the nil instead of -100, 200 over).  EW 8 of 8: 80.
  hand 2: NS 6 of 7: 61 -> 2 (sheet 202).  EW 6 of 6: 60 -> 140.
  hand 3: NS bid 8 took 7: set, -80 -> -78 (sheet 282 = 202 + 80: a set scored as made,
          a new error of 160).  EW 5 of 6: 51 -> 191.
wrong_winner.spades (target 200)
  NS 61, 141, 201; EW 60, -20, 50.  NS reach 201 >= 200 after hand 3: NS won, the
  record says EW.
after_game_over.spades (target 200)
  NS 80, 161 (8 of 9), 221: NS won after hand 3.  EW 50, 0 (5 of 4: -50), 61.  Hand 4
  (NS 281, EW 131) was played after the end.
renege_ruling.spades (standard, renege_penalty 3)
  hand 1: E reneged (called): 3 tricks move from EW to NS.  EW 6 - 3 = 3 of 6: -60.
          NS 7 + 3 = 10 of 6: 60 + its own 1 overtrick (the 3 received are never
          bags) = 61, 1 bag.
  hand 2: played out: N 4, E 4, S 2, W 3 tricks.  NS 6 of 6: 60 -> 121.  EW 7 of 7:
          70 -> 10.  W did not follow diamonds in trick 4 (held TD and 8D): with the
          penalty, EW 7 - 3 = 4 of 7: -70 -> -130; NS 6 + 3 = 9 of 6: 60 -> 121, 1 bag.
clean.spades (standard)
  hand 1: NS 7 of 8: 71, 1 bag; EW 6 of 5: -60.
  hand 2: N nil made: +100; S 2 of 3: 21 -> 192, 2 bags.  EW 7 of 10: 73 -> 13, 3 bags.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.checking import check_file
from spadesctl.cli import app

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "score"
GOLDEN = HERE / "golden"
runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in the fixtures folder, so that outputs name the files as given."""
    monkeypatch.chdir(FIXTURES)
    monkeypatch.setenv("NO_COLOR", "1")


def score(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["score", *args])
    return result.exit_code, result.stdout, result.stderr


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("SPADESCTL_UPDATE_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()


@pytest.mark.parametrize(
    ("args", "name", "status"),
    [
        (["missed_bag_penalty.spades"], "score_missed_bag_penalty.txt", 1),
        (["--explain", "failed_nil_as_made.spades"], "score_failed_nil_explain.txt", 1),
        (["wrong_winner.spades", "after_game_over.spades"], "score_result.txt", 1),
        (["--apply-penalties", "renege_ruling.spades"], "score_renege_penalties.txt", 0),
        (["clean.spades"], "score_clean.txt", 0),
        (["--format", "json", "missed_bag_penalty.spades"], "score_missed_bag_penalty.json", 1),
        (
            ["--format", "json", "--apply-penalties", "renege_ruling.spades"],
            "score_renege_penalties.json",
            0,
        ),
        (["--format", "csv", "after_game_over.spades", "clean.spades"], "score_games.csv", 1),
    ],
)
def test_golden_outputs(args: list[str], name: str, status: int) -> None:
    code, out, err = score(*args)
    assert err == ""
    golden(name, out)
    assert code == status


def test_exit_status_follows_the_disputes() -> None:
    assert score("clean.spades")[0] == 0
    assert score("renege_ruling.spades")[0] == 0  # the uncalled renege is not a dispute
    for bad in ("missed_bag_penalty", "failed_nil_as_made", "wrong_winner", "after_game_over"):
        assert score(f"{bad}.spades")[0] == 1, bad
    assert score(".")[0] == 1  # a directory: every record in it


def test_json_has_per_hand_figures_and_the_disputed_flag() -> None:
    code, out, _ = score("--format", "json", "missed_bag_penalty.spades")
    assert code == 1
    document = json.loads(out)
    assert document["disputed"] is True
    (game,) = document["games"]
    assert game["parties"] == ["NS", "EW"]
    hand2 = game["hands"][1]
    assert hand2["bids"] == {"E": "3", "N": "2", "S": "2", "W": "3"}
    assert hand2["tricks"] == {"N": 5, "E": 2, "S": 4, "W": 2}
    assert hand2["points"] == {"NS": -55, "EW": -60}
    assert hand2["bags"] == {"NS": 0, "EW": 0}
    assert hand2["new_bags"] == {"NS": 5, "EW": 0}
    assert hand2["totals"] == {"NS": -10, "EW": -140}
    assert hand2["recorded"] == {"totals": {"NS": 90, "EW": -140}, "bags": {"NS": 10, "EW": 0}}
    assert [h["disputed"] for h in game["hands"]] == [False, True, True]
    assert [d["name"] for d in game["disputes"]] == ["score-mismatch", "bags-mismatch"]


def test_csv_has_one_row_per_hand_and_party() -> None:
    _, out, _ = score("--format", "csv", "missed_bag_penalty.spades")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 3 * 2
    ns2 = rows[2]
    assert (ns2["hand"], ns2["party"], ns2["bid"], ns2["tricks"]) == ("2", "NS", "N 2, S 2", "9")
    assert (ns2["points"], ns2["total"], ns2["recorded_total"], ns2["disputed"]) == (
        "-55",
        "-10",
        "90",
        "yes",
    )


def test_csv_with_penalties_adds_the_penalised_figures() -> None:
    _, out, _ = score("--format", "csv", "--apply-penalties", "renege_ruling.spades")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["hand"], r["party"], r["penalised_points"], r["penalised_total"]) for r in rows] == [
        ("1", "NS", "61", "61"),
        ("1", "EW", "-60", "-60"),
        ("2", "NS", "60", "121"),
        ("2", "EW", "-70", "-130"),
    ]


def test_check_reports_the_same_disputes() -> None:
    report = check_file("missed_bag_penalty.spades")
    assert [(d.name, d.line) for d in report.diagnostics] == [
        ("score-mismatch", 18),
        ("bags-mismatch", 19),
    ]
    assert check_file("clean.spades").diagnostics == ()
    names = [d.name for d in check_file("after_game_over.spades").diagnostics]
    assert names == ["play-after-game-over"]


def test_rules_option_applies_to_records_without_a_rules_tag(tmp_path: Path) -> None:
    # NS bid 4 took 9: 40 + 5 = 45 under standard; with bag_mode=off, 40.
    record = tmp_path / "r.spades"
    record.write_text("hand 1 dealer N\nbid E 4 S 2 W 4 N 2\ntook N 5 E 2 S 4 W 2\nscore NS 40\n")
    assert score(str(record))[0] == 1
    assert score("--rules", "standard bag_mode=off", str(record))[0] == 0


def test_usage_and_io_errors_exit_2(tmp_path: Path) -> None:
    code, _, err = score("--rules", "nonsense", "clean.spades")
    assert code == 2
    assert "--rules" in err
    code, _, err = score(str(tmp_path / "missing.spades"))
    assert code == 2
    assert "missing.spades" in err
    assert "Traceback" not in err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert score(str(empty))[0] == 2
    assert score("--format", "yaml", "clean.spades")[0] == 2


def test_a_game_with_invalid_rules_is_not_scored(tmp_path: Path) -> None:
    record = tmp_path / "bad.spades"
    record.write_text('[Rules "standard nil=maybe"]\nhand 1 dealer N\n')
    code, out, err = score(str(record))
    assert code == 1
    assert out == ""
    assert "game 1 cannot be scored: invalid rules" in err


def test_bad_input_never_gives_a_traceback(tmp_path: Path) -> None:
    record = tmp_path / "junk.spades"
    record.write_bytes(b"hand 1 dealer N\nbid N frob\n\x00\x01garbage\nscore NS x\nresult Q\n")
    result = runner.invoke(app, ["score", str(record)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 1, 2)
