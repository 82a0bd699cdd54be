"""Write samples/import/: a game as a game server keeps it, and the import tables that
the SQL of docs/import.md makes of it.

One game is played by the legal-play bot under the standard rules and scored by the
engine (three hands, from a fixed seed), then stored as a typical server's SQLite
tables (``server.sql``: games, rounds, bids, tricks, cards_played, round_scores; seats
and teams as numbers, no dealt hands).  The two queries of docs/import.md turn it into
``hands.csv`` and ``cards.csv``, which spadesctl reads as one import.  Run from the
repository root:

    python samples/tools/import_sample.py

``tests/test_import_sql.py`` runs the same steps and compares them with the files.
"""

from __future__ import annotations

import csv
import io
import re
import sqlite3
from pathlib import Path

from spadesctl.cards import Seat, side_of
from spadesctl.events import BidKind
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.record import Game
from spadesctl.rules import PRESETS

OUT = Path("samples/import")
DOCS = Path("docs/import.md")
SEED = 11
HANDS = 3
_SEAT_NO = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}

SCHEMA = """\
CREATE TABLE games (game_id INTEGER PRIMARY KEY, started TEXT, ruleset TEXT,
                    north TEXT, east TEXT, south TEXT, west TEXT);
CREATE TABLE rounds (game_id INTEGER, round_no INTEGER, dealer_seat INTEGER,
                     PRIMARY KEY (game_id, round_no));
CREATE TABLE bids (game_id INTEGER, round_no INTEGER, seat INTEGER, bid INTEGER,
                   is_nil INTEGER, is_blind INTEGER, PRIMARY KEY (game_id, round_no, seat));
CREATE TABLE tricks (game_id INTEGER, round_no INTEGER, trick_no INTEGER,
                     leader_seat INTEGER, winner_seat INTEGER,
                     PRIMARY KEY (game_id, round_no, trick_no));
CREATE TABLE cards_played (game_id INTEGER, round_no INTEGER, trick_no INTEGER,
                           seat INTEGER, card TEXT, play_order INTEGER,
                           PRIMARY KEY (game_id, round_no, trick_no, seat));
CREATE TABLE round_scores (game_id INTEGER, round_no INTEGER, team INTEGER,
                           score INTEGER, bags INTEGER, PRIMARY KEY (game_id, round_no, team));
"""


def sample_game() -> Game:
    """The game of the sample: three hands of a standard game, played and scored."""
    options = GenerateOptions(max_hands=HANDS)
    [game] = generate_games(1, SEED, PRESETS["standard"], options)
    return game


def server_sql(game: Game, game_id: int = 1042) -> str:
    """The game as a server's tables: the schema and one INSERT a row."""
    from spadesctl.referee import referee_game

    refereed = referee_game(game, PRESETS["standard"])
    players = game.players
    rows = [SCHEMA]

    def insert(table: str, *values: object) -> None:
        text = ", ".join("NULL" if v is None else repr(v) for v in values)
        rows.append(f"INSERT INTO {table} VALUES ({text});")

    insert(
        "games",
        game_id,
        "2026-11-24 19:30",
        "standard",
        *(players[s] for s in (Seat.N, Seat.E, Seat.S, Seat.W)),
    )
    for hand, done in zip(game.hands, refereed.hands, strict=True):
        insert("rounds", game_id, hand.number, _SEAT_NO[hand.dealer])
        for bid in hand.bids:
            assert isinstance(bid.bidder, Seat)
            nil = bid.kind in (BidKind.NIL, BidKind.BLIND_NIL)
            blind = bid.kind in (BidKind.BLIND, BidKind.BLIND_NIL)
            insert(
                "bids", game_id, hand.number, _SEAT_NO[bid.bidder], bid.tricks, int(nil), int(blind)
            )
        for trick in done.replayed.tricks:
            insert(
                "tricks",
                game_id,
                hand.number,
                trick.number,
                _SEAT_NO[trick.leader],
                _SEAT_NO[trick.winner],
            )
            for order, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True), 1):
                insert(
                    "cards_played",
                    game_id,
                    hand.number,
                    trick.number,
                    _SEAT_NO[seat],
                    card.text,
                    order,
                )
        assert done.score is not None
        for team, side in enumerate((side_of(Seat.N), side_of(Seat.E))):
            after = done.score.after
            insert("round_scores", game_id, hand.number, team, after.score(side), after.bags(side))
    return "\n".join(rows) + "\n"


def queries() -> dict[str, str]:
    """The SQL blocks of docs/import.md, by the file each makes (its ``-- NAME`` line)."""
    text = DOCS.read_text(encoding="utf-8")
    found = {}
    for block in re.findall(r"```sql\n(.*?)```", text, flags=re.S):
        first = block.split("\n", 1)[0]
        if first.startswith("-- ") and first.endswith(".csv"):
            found[first[3:]] = block
    return found


def tables(sql: str) -> dict[str, str]:
    """The import tables (CSV text by file name) the queries make of a server's SQL."""
    db = sqlite3.connect(":memory:")
    db.executescript(sql)
    out = {}
    for name, query in queries().items():
        cursor = db.execute(query)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([d[0] for d in cursor.description])
        writer.writerows(cursor.fetchall())
        out[name] = buffer.getvalue()
    db.close()
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    sql = server_sql(sample_game())
    (OUT / "server.sql").write_text(sql, encoding="utf-8")
    for name, text in tables(sql).items():
        (OUT / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
