"""The seed inputs the mutations start from.

- every sample record (``samples/``, native and PBN); a large one cut into small seeds;
- generated games of every preset (:func:`spadesctl.generate.generate_games`): full
  records cut to a few hands, and score sheets (bids and ``took`` lines only);
- the PBN conversion of each native seed (``convert --to pbn``);
- Parquet exports of the ``hands`` table of the samples (for the corrupt-Parquet target).

Seeds are small on purpose: a mutation loop finds more in a thousand small inputs than
in ten large ones, and the long-game limits have a target of their own.
"""

from __future__ import annotations

import io
import tempfile
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
        """``native``, ``pbn`` or ``parquet``."""
        if self.name.endswith(".parquet"):
            return "parquet"
        return "pbn" if self.name.endswith((".pbn", ".ptn")) else "native"


def _sample_seeds() -> list[Seed]:
    out = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.suffix in (".spades", ".pbn", ".ptn") and path.is_file():
            out.append(Seed(path.name, path.read_bytes()))
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
        if len(seed.data) <= SMALL:
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
    records = [*native, *_small(_pbn_conversions([s for s in native if s.kind == "native"]))]
    if not parquet:
        return records
    return [*records, *parquet_seeds([s for s in native if s.kind == "native"])]
