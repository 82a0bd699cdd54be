"""What the fuzz targets of the import formats found (docs/reliability.md), each pinned:

- ``game_events`` (``iter_events``) was not the inverse of ``assemble`` for a game read
  from tables: its bids stand on their seats' rows, and the bid lines were put back in
  row order rather than bidding order (every export, and the server sample);
- OpenSpiel's deal and a table's ``deal`` cells kept their cards in the order given, so a
  game converted to PBN or the native notation read back as another game (the readers of
  the notations give each holding in the canonical order).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spadesctl.events import GameStart
from spadesctl.notation import format_games, iter_games, parse_text
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game, assemble, game_events
from spadesctl.sources import expand_paths

pytest.importorskip("polars")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def _games(path: Path) -> list[Game]:
    return [g for p in expand_paths([str(path)]) for g in iter_games(p)]


def _inverse(game: Game) -> Game:
    _, *events = game_events(game)
    return assemble((e for e in events if not isinstance(e, GameStart)), game.source)


def test_game_events_of_a_table_game_assemble_back_to_it() -> None:
    games = _games(SAMPLES / "import")
    assert games and all(not g.issues for g in games)
    rows = [[b.pos.line for b in h.bids] for g in games for h in g.hands]
    assert any(r != sorted(r) for r in rows)  # bids on rows that are not in bidding order
    for game in games:
        again = _inverse(game)
        assert again == game
        assert [h.bids for h in again.hands] == [h.bids for h in game.hands]


@pytest.mark.parametrize("name", ["serialized.txt", "histories.ndjson"])
def test_openspiel_games_convert_to_pbn_and_native_and_back(name: str) -> None:
    games = _games(SAMPLES / "openspiel" / name)
    assert games and all(not g.issues for g in games)
    assert parse_text("".join(format_pbn_games(games)), "back.pbn") == games
    assert parse_text("".join(format_games(games)), "back.spades") == games


def test_a_deal_cell_in_any_order_reads_as_the_canonical_holding(tmp_path: Path) -> None:
    header = "game,hand,dealer,seat,deal,bid\n"
    cards = "2C 3C AS 4C 5C 6C 7C 8C 9C TC JC QC KC"
    (tmp_path / "given.csv").write_text(f"{header}1,1,N,E,{cards},3\n")
    (tmp_path / "sorted.csv").write_text(f"{header}1,1,N,E,{' '.join(sorted_cards())},3\n")
    [given], [canonical] = _games(tmp_path / "given.csv"), _games(tmp_path / "sorted.csv")
    assert given.hands[0].deal == canonical.hands[0].deal
    [back] = parse_text("".join(format_games([given])), "back.spades")
    assert back.hands[0].deal == given.hands[0].deal


def sorted_cards() -> list[str]:
    """The cards of the deal cell above in the notation's order: spades, then clubs high
    to low."""
    return ["AS", *[f"{r}C" for r in "KQJT98765432"]]


def test_an_export_read_back_is_its_own_inverse(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from spadesctl.cli import app

    record = SAMPLES / "blind-nil.spades"
    for table in ("games", "hands", "tricks"):
        out = tmp_path / f"{table}.csv"
        result = CliRunner().invoke(app, ["export", str(record), "--table", table, "-o", str(out)])
        assert result.exit_code in (0, 1), result.output
    for game in _games(tmp_path):
        assert _inverse(game) == game
