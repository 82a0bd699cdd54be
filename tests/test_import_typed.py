"""A game server's hands table with the typed columns of passes, raises and the widow
(docs/import.md) and no ``lines_*`` cell: read right, checked clean, and scored as the
engine computes and the figures below check by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from typer.testing import CliRunner

from spadesctl.cli import app

runner = CliRunner()

#: Three one-hand games, as a server keeps them: the bids with their order, the tricks
#: each seat took, and per seat the typed columns; no deal, no play, no ``lines_*``.
#: - g1, ``jokers widow=high_bidder bid_rounds=2``: West deals; N 3 E 3 S 4 W 1, NS raise
#:   to 8 (``raise_to`` on both NS rows); NS bid more (7, then 8, against 4), so North
#:   takes the widow 6D 4C after the bidding and discards 3H 4C (no ``..._before_bids``
#:   column: the ruleset says after);
#: - g2, ``standard pass_cards=1``: each seat passes one card to its partner before the
#:   bidding (``pass_to``, ``passed_cards``);
#: - g3, a blind nil's exchange after the bidding: East (bnil) passes AS KH to West,
#:   who passes back 2C 3D (``pass_after_bids_order`` 1 and 2).
HANDS: Final = """\
game,rules,hand,dealer,seat,bid,bid_order,tricks,raise_to,widow,widow_taken,widow_discarded,pass_to,passed_cards,pass_after_bids_to,passed_after_bids,pass_after_bids_order
g1,jokers widow=high_bidder bid_rounds=2,1,W,N,3,1,4,8,6D 4C,6D 4C,3H 4C,,,,,
g1,jokers widow=high_bidder bid_rounds=2,1,W,E,3,2,3,,6D 4C,,,,,,,
g1,jokers widow=high_bidder bid_rounds=2,1,W,S,4,3,4,8,6D 4C,,,,,,,
g1,jokers widow=high_bidder bid_rounds=2,1,W,W,1,4,2,,6D 4C,,,,,,,
g2,standard pass_cards=1,1,N,N,3,4,3,,,,,S,2C,,,
g2,standard pass_cards=1,1,N,E,3,1,3,,,,,W,AH,,,
g2,standard pass_cards=1,1,N,S,4,2,4,,,,,N,KS,,,
g2,standard pass_cards=1,1,N,W,3,3,3,,,,,E,5D,,,
g3,standard blind_nil=100 blind_nil_deficit=0 blind_nil_pass=2,1,N,N,4,4,4,,,,,,,,,
g3,standard blind_nil=100 blind_nil_deficit=0 blind_nil_pass=2,1,N,E,bnil,1,0,,,,,,,W,AS KH,1
g3,standard blind_nil=100 blind_nil_deficit=0 blind_nil_pass=2,1,N,S,5,2,5,,,,,,,,,
g3,standard blind_nil=100 blind_nil_deficit=0 blind_nil_pass=2,1,N,W,4,3,4,,,,,,,E,2C 3D,2
"""

#: What ``convert --to spades`` reads from it: every typed column as its line, in the
#: notation's order (the widow before the bids, the raise, the widow's take and discard
#: after them under ``high_bidder``; the passes before or after the bid line).
RECORD: Final = """\
[Rules "jokers widow=high_bidder bid_rounds=2"]

hand 1 dealer W
widow 6D 4C
bid N 3 E 3 S 4 W 1
raise NS 8
take N 6D 4C
discard N 3H 4C
took N 4 E 3 S 4 W 2

[Rules "standard pass_cards=1"]

hand 1 dealer N
pass N>S 2C
pass E>W AH
pass S>N KS
pass W>E 5D
bid E 3 S 4 W 3 N 3
took N 3 E 3 S 4 W 3

[Rules "standard blind_nil=100 blind_nil_deficit=0 blind_nil_pass=2"]

hand 1 dealer N
bid E bnil S 5 W 4 N 4
pass E>W AS KH
pass W>E 2C 3D
took N 4 E 0 S 5 W 4
"""

#: The scores, checked by hand:
#: - g1: NS contract 8 (raised from 3 + 4), took 4 + 4 = 8: 80; EW bid 3 + 1 = 4, took
#:   3 + 2 = 5: 40 and 1 bag = 41;
#: - g2: NS bid 3 + 4 = 7, took 3 + 4 = 7: 70; EW 3 + 3 = 6, took 6: 60;
#: - g3: NS bid 4 + 5 = 9, took 4 + 5 = 9: 90; EW: West bid 4 and took 4 (40), East's
#:   blind nil took no trick (+100): 140.
POINTS: Final = [
    {"NS": 80, "EW": 41},
    {"NS": 70, "EW": 60},
    {"NS": 90, "EW": 140},
]
BAGS: Final = [{"NS": 0, "EW": 1}, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}]


def _table(tmp_path: Path, text: str = HANDS) -> Path:
    path = tmp_path / "hands.csv"
    path.write_text(text)
    return path


def test_a_server_table_of_typed_columns_reads_as_its_record(tmp_path: Path) -> None:
    hands = _table(tmp_path)
    converted = runner.invoke(app, ["convert", str(hands), "--to", "spades"])
    assert converted.exit_code == 0, converted.output
    assert converted.stdout == RECORD
    record = tmp_path / "record.spades"
    record.write_text(RECORD)
    for path in (hands, record):
        checked = runner.invoke(app, ["check", str(path)])
        assert checked.exit_code == 0, checked.output


def test_its_scores_are_the_engines_and_the_hand_checked_figures(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--format", "json", str(_table(tmp_path))])
    assert result.exit_code == 0, result.output
    games = json.loads(result.stdout)["games"]
    assert [g["hands"][0]["points"] for g in games] == POINTS
    assert [g["hands"][0]["bags"] for g in games] == BAGS
    assert games[0]["hands"][0]["bids"] == {"E": "3", "W": "1", "NS": "8"}  # the raise


def test_a_before_bids_cell_says_when_the_widow_was_taken(tmp_path: Path) -> None:
    """``widow_taken_before_bids`` true on a high-bidder table: the take stands before
    the bidding, where the rules do not allow it (a ``bad-widow``, as for the record)."""
    lines = HANDS.splitlines()
    header = lines[0] + ",widow_taken_before_bids"
    rows = [line + (",true" if i == 0 else ",") for i, line in enumerate(lines[1:])]
    hands = _table(tmp_path, "\n".join([header, *rows]) + "\n")
    converted = runner.invoke(app, ["convert", str(hands), "--to", "spades"])
    assert (
        "widow 6D 4C\ntake N 6D 4C\nbid N 3 E 3 S 4 W 1\nraise NS 8\ndiscard N" in converted.stdout
    )
    found = runner.invoke(app, ["check", "--format", "json", str(hands)])
    assert [d["name"] for d in json.loads(found.stdout)][:1] == ["bad-widow"]


def test_a_hand_gives_one_widow(tmp_path: Path) -> None:
    hands = _table(tmp_path, HANDS.replace("W,E,3,2,3,,6D 4C", "W,E,3,2,3,,6D 5C", 1))
    found = runner.invoke(app, ["check", "--format", "json", str(hands)])
    [problem] = json.loads(found.stdout)
    assert problem["name"] == "syntax-error"
    assert "column 'widow': hand 1's widow is 6D 4C on an earlier row" in problem["message"]
