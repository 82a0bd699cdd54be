"""How large the ``dealt`` column of ``hands`` is on disk, and how large other lossless
encodings of the same cards would be.

``python -m benchmarks.dealt_size [EXPORT]`` reads the ``dealt`` column of a hands export
(by default the seed export of ``benchmarks.stats_million``: generated games, every deal
distinct, so that repeated copies do not flatter the compression) and writes it again in
each encoding, as one column of a Parquet file with the export's settings (zstd, row
groups of 131,072 rows), printing the bytes per row.  Every encoding holds the same set of
cards per seat; all but the text drop the order the holding lists them in (which the
``deal`` column keeps, as the record gives it).
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable, Sequence
from pathlib import Path

import polars as pl

from benchmarks.stats_million import ROOT
from spadesctl.cards import ALL_CARDS

#: The cards in the order of the schema's card enum (``2S`` ... ``AC``, ``BJ``, ``LJ``).
CARDS = tuple(c.text for c in ALL_CARDS)


def parquet_bytes(frame: pl.DataFrame) -> int:
    out = io.BytesIO()
    frame.write_parquet(out, compression="zstd", row_group_size=131_072)
    return out.tell()


def encodings(dealt: pl.Series) -> dict[str, Callable[[], pl.DataFrame]]:
    words = dealt.str.split(" ")
    places = {card: i for i, card in enumerate(CARDS)}
    ids = words.list.eval(pl.element().replace_strict(places, return_dtype=pl.UInt64))
    code = "".join(chr(ord("0") + i) for i in range(len(CARDS)))
    letters = {i: code[i] for i in range(len(CARDS))}

    def suit_mask(suit: str) -> pl.Series:
        bits = {f"{rank}{suit}": 1 << i for i, rank in enumerate("23456789TJQKA")}
        mask = words.list.eval(
            pl.element().replace_strict(bits, default=0, return_dtype=pl.UInt16)
        ).list.sum()
        return mask.alias(f"mask_{suit}")

    def ranks_of(suit: str) -> pl.Series:
        kept = pl.element().filter(pl.element().str.ends_with(suit)).str.head(1)
        return words.list.eval(kept).list.join("")

    return {
        "text as now (`AS JS 6S ...`)": lambda: dealt.to_frame(),
        "text without spaces (`ASJS6S...`)": lambda: dealt.str.replace_all(" ", "").to_frame(),
        "the notation's holding (`AJ6.QT9.74.J984`)": lambda: pl.DataFrame(
            [ranks_of(s).alias(s) for s in "SHDC"]
        ).select(pl.concat_str(pl.all(), separator=".").alias("dealt")),
        "one character per card (13 characters)": lambda: (
            ids.list.eval(pl.element().replace_strict(letters, return_dtype=pl.String))
            .list.join("")
            .to_frame()
        ),
        "list of card enum": lambda: words.cast(pl.List(pl.Enum(list(CARDS)))).to_frame(),
        "four UInt16 suit masks": lambda: pl.DataFrame([suit_mask(s) for s in "SHDC"]),
        "one UInt64 card mask (bit = card's place)": lambda: (
            ids.list.eval(pl.lit(2, pl.UInt64).pow(pl.element())).list.sum().to_frame()
        ),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", nargs="?", default=str(ROOT / "seed.parquet"))
    args = parser.parse_args(argv)
    dealt = pl.read_parquet(Path(args.export), columns=["dealt"]).get_column("dealt")
    dealt = dealt.drop_nulls()
    print(f"{args.export}: {dealt.len():,} rows with a known deal")
    print("| encoding | bytes per row | x text |")
    print("|---|---:|---:|")
    text = 0.0
    for name, make in encodings(dealt).items():
        per_row = parquet_bytes(make()) / dealt.len()
        text = text or per_row
        print(f"| {name} | {per_row:.2f} | {per_row / text:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
