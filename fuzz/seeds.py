"""The seed inputs the mutations start from.

- every sample record (``samples/``, native and PBN); a large one cut into small seeds;
- generated games of every preset (:func:`spadesctl.generate.generate_games`): full
  records cut to a few hands, and score sheets (bids and ``took`` lines only);
- the PBN conversion of each native seed (``convert --to pbn``);
- Parquet exports of the ``hands`` table of the samples (for the corrupt-Parquet target),
  and of the ``games``, ``hands`` and ``tricks`` tables of a generated game (for the
  import reader);
- the other formats read: OpenSpiel's (the samples, one history a seed, and generated
  hands written as OpenSpiel action histories), trick-notation (the sample, and each
  generated game converted), and game-server tables (the sample's, and each generated
  game's ``games``, ``hands`` and ``tricks`` tables as ``export`` writes them, in CSV and
  NDJSON) as one *bundle* of files (:func:`bundle`).

Seeds are small on purpose: a mutation loop finds more in a thousand small inputs than
in ten large ones, and the long-game limits have a target of their own.
"""

from __future__ import annotations

import io
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_games, parse_text
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game
from spadesctl.rules.presets import PRESETS

ROOT: Final = Path(__file__).resolve().parent.parent
SAMPLES: Final = ROOT / "samples"


@dataclass(frozen=True, slots=True)
class Seed:
    """One seed input: a file name (its suffix picks the reader) and its bytes."""

    name: str
    data: bytes

    @property
    def kind(self) -> str:
        """``native``, ``pbn``, ``parquet``, ``tables`` (a bundle of tables),
        ``openspiel`` or ``trick-notation``."""
        if self.name.endswith(".parquet"):
            return "parquet"
        if self.name.endswith(TABLES_SUFFIX):
            return "tables"
        if self.name.startswith("openspiel"):
            return "openspiel"
        if self.name.endswith(".tn"):
            return "trick-notation"
        return "pbn" if self.name.endswith((".pbn", ".ptn")) else "native"


#: The suffix of a bundle: the files of one import (a set of tables) in one input.
TABLES_SUFFIX: Final = ".tables"
#: The line that starts each file of a bundle, before its name.
BUNDLE_MARK: Final = b"%%% "
_SAFE_NAME: Final = re.compile(rb"[^A-Za-z0-9._-]")


def bundle(files: Sequence[tuple[str, bytes]]) -> bytes:
    """Files as one input: each a ``%%% NAME`` line, then its bytes."""
    return b"".join(BUNDLE_MARK + name.encode() + b"\n" + data for name, data in files)


def unbundle(data: bytes) -> list[tuple[str, bytes]]:
    """The files of a bundle, however mutated: bytes before the first mark are a file
    ``table.csv``; a name is made safe (no directories) and kept short."""
    files: list[tuple[str, bytes]] = []
    name, lines = "table.csv", list[bytes]()
    for line in data.split(b"\n"):
        if line.startswith(BUNDLE_MARK):
            if lines:
                files.append((name, b"\n".join(lines)))
            safe = _SAFE_NAME.sub(b"_", line[len(BUNDLE_MARK) :])[:40].decode() or "table.csv"
            name, lines = ("_" + safe if safe.startswith(".") else safe), []
        else:
            lines.append(line)
    if lines:
        files.append((name, b"\n".join(lines)))
    return files


def _sample_seeds() -> list[Seed]:
    out = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.suffix in (".spades", ".pbn", ".ptn", ".tn") and path.is_file():
            out.append(Seed(path.name, path.read_bytes()))
    for path in sorted((SAMPLES / "openspiel").iterdir()):
        if path.suffix == ".ndjson":  # one history a seed
            for i, line in enumerate(path.read_bytes().splitlines(keepends=True), start=1):
                out.append(Seed(f"openspiel-{path.stem}-{i}{path.suffix}", line))
        else:
            out.append(Seed(f"openspiel-{path.name}", path.read_bytes()))
    tables = sorted((SAMPLES / "import").glob("*.csv"))
    out.append(
        Seed(f"import-sample{TABLES_SUFFIX}", bundle([(p.name, p.read_bytes()) for p in tables]))
    )
    return out


#: A seed larger than this is cut: its games one by one, each to its first hands.
SMALL: Final = 4096
#: Hands kept of a game cut down.
CUT_HANDS: Final = 3


def _small(seeds: list[Seed]) -> list[Seed]:
    """Small seeds as they are; each game of a larger native seed as a seed of its own,
    cut to its first :data:`CUT_HANDS` hands (small inputs mutate better, and run faster);
    a larger PBN seed cut to its first deal records."""
    out = []
    for seed in seeds:
        if len(seed.data) <= SMALL or seed.kind not in ("native", "pbn"):
            out.append(seed)
        elif seed.kind == "native":
            games = parse_text(seed.data.decode("utf-8"), seed.name)
            for i, game in enumerate(games, start=1):
                cut = Game(game.tags, game.hands[:CUT_HANDS], game.result, game.issues)
                text = "".join(format_games([cut]))
                out.append(Seed(f"{Path(seed.name).stem}-{i}.spades", text.encode()))
        else:
            records = seed.data.split(b"\n\n")
            for start in range(0, min(len(records), 4 * CUT_HANDS), CUT_HANDS):
                head = records[0] + b"\n\n" if start else b""
                part = head + b"\n\n".join(records[start : start + CUT_HANDS])
                out.append(Seed(f"{Path(seed.name).stem}-{start}{Path(seed.name).suffix}", part))
    return out


def _generated_seeds(seed: int) -> list[Seed]:
    """A game of every preset, cut to a few hands, and a score sheet of each."""
    out = []
    for n, (name, rules) in enumerate(sorted(PRESETS.items())):
        for options, what in (
            (GenerateOptions(max_hands=3), "played"),
            (GenerateOptions(hands_only=True, max_hands=6), "sheet"),
        ):
            games = list(generate_games(1, seed + n, rules, options))
            text = "".join(format_games(games))
            out.append(Seed(f"gen-{name}-{what}.spades", text.encode()))
    return out


def _pbn_conversions(seeds: list[Seed]) -> list[Seed]:
    out = []
    for seed in seeds:
        if seed.kind != "native":
            continue
        games = parse_text(seed.data.decode("utf-8", "surrogateescape"), seed.name)
        text = "".join(format_pbn_games(games))
        out.append(Seed(f"{Path(seed.name).stem}.pbn", text.encode()))
    return out


def _openspiel_history(game: Game) -> bytes | None:
    """The first hand of ``game`` that OpenSpiel could have played (dealt by West, so that
    North bids and leads first; four seats, fifty-two cards, number and nil bids, every
    trick played) as an OpenSpiel action history (spadesctl/interop/openspiel.py)."""
    import json

    from spadesctl.cards import Seat
    from spadesctl.events import BidKind
    from spadesctl.interop.openspiel import BID_BASE, action_of

    for hand in game.hands:
        if hand.dealer is not Seat.W or hand.deal is None or len(hand.tricks) != 13:
            continue
        holdings = {h.seat: h.cards for h in hand.deal.holdings}
        if set(holdings) != set(Seat) or any(len(c) != 13 for c in holdings.values()):
            continue
        if any(b.kind not in (BidKind.NUMBER, BidKind.NIL) for b in hand.bids):
            continue
        try:
            deal = [action_of(holdings[seat][i]) for i in range(13) for seat in Seat]
            play = [action_of(c) for trick in hand.tricks for c in trick.cards]
        except (KeyError, ValueError):
            continue
        bids = [BID_BASE + (0 if b.kind is BidKind.NIL else b.tricks) for b in hand.bids]
        players = [game.tag(s.word) or s.word for s in Seat]
        record = {"game": "spades()", "players": players, "history": deal + bids + play}
        return json.dumps(record).encode() + b"\n"
    return None


def _table_bundle(game: Game, fmt: str) -> bytes:
    """A game's ``games``, ``hands`` and ``tricks`` tables as ``export`` writes them."""
    from spadesctl.emit import TABLE_FORMATS
    from spadesctl.exporting import export_table

    files = []
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        record = Path(scratch) / "game.spades"
        record.write_text("".join(format_games([game])), encoding="utf-8")
        for table in ("games", "hands", "tricks"):
            out = Path(scratch) / f"{table}.{fmt}"
            export_table([str(record)], table, TABLE_FORMATS.get(fmt), str(out), jobs=1)
            files.append((out.name, out.read_bytes()))
    return bundle(files)


def _other_formats(seed: int) -> list[Seed]:
    """Generated games of every preset in the other formats read: trick-notation, tables
    (CSV and NDJSON bundles) and, where a hand fits OpenSpiel's game, an OpenSpiel
    history."""
    from spadesctl.interop.trick_notation import format_trick_notation_games

    out = []
    for n, (name, rules) in enumerate(sorted(PRESETS.items())):
        games = list(generate_games(1, seed + n, rules, GenerateOptions(max_hands=3)))
        text = "".join(format_trick_notation_games(games))
        out.append(Seed(f"gen-{name}.tn", text.encode()))
        for fmt in ("csv", "ndjson"):
            out.append(Seed(f"gen-{name}-{fmt}{TABLES_SUFFIX}", _table_bundle(games[0], fmt)))
    for game in generate_games(4, seed, PRESETS["standard"]):
        history = _openspiel_history(game)
        if history is not None:
            out.append(Seed(f"openspiel-gen-{len(out)}.ndjson", history))
    return out


def _table_parquets(seed: int) -> list[Seed]:
    """A generated game's games, hands and tricks tables as Parquet exports."""
    from spadesctl.emit import TABLE_FORMATS
    from spadesctl.exporting import export_table

    games = list(generate_games(1, seed, PRESETS["standard"], GenerateOptions(max_hands=2)))
    out = []
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        record = Path(scratch) / "game.spades"
        record.write_text("".join(format_games(games)), encoding="utf-8")
        for table in ("games", "hands", "tricks"):
            path = Path(scratch) / f"{table}.parquet"
            export_table([str(record)], table, TABLE_FORMATS.get("parquet"), str(path), jobs=1)
            out.append(Seed(f"import-{table}.parquet", path.read_bytes()))
    return out


def parquet_seeds(records: list[Seed]) -> list[Seed]:
    """Parquet exports of the hands table of a few records, as ``export`` writes them."""
    from spadesctl.rules.presets import STANDARD
    from spadesctl.tables.adapter import add_game
    from spadesctl.tables.builder import TableSet
    from spadesctl.tables.writers import parquet_metadata

    out = []
    with tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-") as scratch:
        for seed in records[:6]:
            tables = TableSet(("hands",))
            text = seed.data.decode("utf-8", "surrogateescape")
            for game in parse_text(text, seed.name):
                add_game(tables, game, STANDARD)
            frame = tables.frames()["hands"]
            path = Path(scratch) / "hands.parquet"
            frame.write_parquet(path, metadata=parquet_metadata("hands"))
            out.append(Seed(f"{Path(seed.name).stem}.parquet", path.read_bytes()))
    buffer = io.BytesIO()
    out.append(Seed("empty.parquet", buffer.getvalue()))
    return out


def all_seeds(seed: int = 0, parquet: bool = True) -> list[Seed]:
    """Every seed, in a fixed order (the same for the same ``seed``)."""
    native = _small([*_sample_seeds(), *_generated_seeds(seed)])
    records = [
        *native,
        *_small(_pbn_conversions([s for s in native if s.kind == "native"])),
        *_other_formats(seed),
    ]
    if not parquet:
        return records
    return [
        *records,
        *parquet_seeds([s for s in native if s.kind == "native"]),
        *_table_parquets(seed),
    ]
