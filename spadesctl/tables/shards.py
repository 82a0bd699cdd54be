"""A corpus as hive-partitioned Parquet shards: written by ``export --partition-by``, read
back by every command that reads Parquet as one corpus, pruned by the filters.

Layout: ``DIR/<key>=<value>/part-00000.parquet``, one directory per value of the
partition key (``event``, ``date``, ``month`` or ``file``), the value percent-encoded as
Hive, Spark, Arrow and polars read it, a missing value (no Event or Date tag) as Hive's
``__HIVE_DEFAULT_PARTITION__``.  Each shard is a complete export of its rows, every
column kept (the partition key too), zstd-compressed, in row groups as a single-file
export: ``stats part-00000.parquet`` reads it alone, and concatenating the shards gives
the single-file export's rows exactly.  A game's rows are always in one shard (the key
is a game column and batches hold whole games), so per-shard partial sums add up.

Writing streams in bounded memory: each batch is split by key and its pieces are
spooled to Arrow IPC files in a temporary directory beside ``DIR``; at the end each
key's pieces are streamed (polars' ``sink_parquet``) into shards of about
:data:`SHARD_BYTES`, and the finished directory is renamed to ``DIR``.  A failed export
leaves no ``DIR`` (nor any temporary files).

Reading: :func:`find_shards` lists a directory's shards; :func:`select_shards` keeps
those whose ``key=value`` directories can hold rows that pass the filters (``--event``
against ``event=``, ``--since``/``--until`` against ``date=`` and ``month=``), so that a
shard outside the filters is never opened.  The filters that are not the key
(``--player``, ``--preset``, and any filter of ``file=`` shards) are pushed down by
polars into each scan, where the row groups' statistics skip what cannot match.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Final, Literal, get_args
from urllib.parse import quote, unquote

import polars as pl

from spadesctl.output import OutputError, cannot_write
from spadesctl.tables.stats import Filters
from spadesctl.tables.writers import ROW_GROUP_ROWS

#: What ``export --partition-by`` splits a table by.
PartitionBy = Literal["event", "date", "month", "file"]
PARTITIONS: Final[tuple[PartitionBy, ...]] = get_args(PartitionBy)
#: The directory value of a missing key (an absent Event or Date tag), as Hive writes it.
NULL_VALUE: Final = "__HIVE_DEFAULT_PARTITION__"
#: About this many bytes of Parquet per shard (the issue asks for 100-200 MB).
SHARD_BYTES: Final = 128 * 1024 * 1024
#: The first guess of Parquet bytes per row, before a shard has been written (measured
#: on generated games: the hands table compresses to about 4 bytes a row).
_FIRST_GUESS: Final[Mapping[str, float]] = {"games": 24.0, "hands": 6.0, "tricks": 12.0}
_DEFAULT_GUESS: Final = 24.0
_KEY: Final = "__shard_key"


def shard_key(name: str) -> PartitionBy:
    """The partition key named ``name``; :class:`ValueError` for another name."""
    for key in PARTITIONS:
        if key == name:
            return key
    raise ValueError(f"unknown partition key {name!r}; keys: {', '.join(PARTITIONS)}")


def _key_expression(by: PartitionBy) -> pl.Expr:
    """The text of a row's partition value (null when the game has none)."""
    if by == "date":
        return pl.col("date").dt.strftime("%Y-%m-%d")
    if by == "month":
        return pl.col("date").dt.strftime("%Y-%m")
    return pl.col(by).cast(pl.String)


def directory_name(by: PartitionBy, value: str | None) -> str:
    """``key=value``, the value percent-encoded (``/``, ``=``, ``%`` and spaces too)."""
    if value is None or value == "":
        return f"{by}={NULL_VALUE}"
    return f"{by}={quote(value, safe='')}"


def partition_values(path: str | Path) -> dict[str, str | None]:
    """The partition values a shard's path names (``month=2026-11`` -> ``{"month":
    "2026-11"}``); ``None`` for Hive's missing value."""
    found: dict[str, str | None] = {}
    for part in Path(path).parts[:-1]:
        key, sep, raw = part.partition("=")
        if sep and key in PARTITIONS:
            found[key] = None if raw == NULL_VALUE else unquote(raw)
    return found


@dataclass(slots=True)
class ShardSummary:
    """What :func:`write_shards` wrote: rows, and the shards relative to the directory."""

    rows: int = 0
    shards: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Spool:
    """The spooled pieces of one partition value: IPC files and their rows."""

    pieces: list[tuple[Path, int]] = field(default_factory=list)


def write_shards(
    frames: Iterable[pl.DataFrame],
    by: PartitionBy,
    directory: str,
    metadata: Mapping[str, str],
    *,
    table: str = "hands",
    shard_bytes: int = SHARD_BYTES,
    row_group_rows: int = ROW_GROUP_ROWS,
) -> ShardSummary:
    """Write the frames (one table's batches, whole games each) as shards under
    ``directory``, which must not exist or be empty.

    Raises :class:`OutputError` when it cannot be written (the directory is then left
    as it was).  An exception from ``frames`` leaves it as it was too, and goes on.
    """
    target = Path(directory)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        what = "a directory that is not empty" if target.is_dir() else "not a directory"
        raise OutputError(f"{directory}: {what}; --partition-by writes a new directory")
    parent = target.resolve().parent
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    except OSError as exc:
        raise cannot_write(directory, exc) from None
    try:
        summary = _write(frames, by, work, metadata, table, shard_bytes, row_group_rows)
        if target.exists():
            target.rmdir()  # empty (checked above): replaced by the finished directory
        os.replace(work, target)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise cannot_write(directory, exc) from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return summary


def _write(
    frames: Iterable[pl.DataFrame],
    by: PartitionBy,
    work: Path,
    metadata: Mapping[str, str],
    table: str,
    shard_bytes: int,
    row_group_rows: int,
) -> ShardSummary:
    spool_dir = work / "_spool"
    spool_dir.mkdir()
    spools: dict[str | None, _Spool] = {}
    count = 0
    for frame in frames:
        if not frame.height:
            continue
        keyed = frame.with_columns(_key_expression(by).alias(_KEY))
        for (value, *_), piece in keyed.partition_by(
            _KEY, as_dict=True, include_key=False, maintain_order=True
        ).items():
            path = spool_dir / f"{count:08d}.arrow"
            count += 1
            piece.write_ipc(path, compression="uncompressed")
            key = None if value is None else str(value)
            spools.setdefault(key, _Spool()).pieces.append((path, piece.height))
    summary = ShardSummary()
    per_row = _FIRST_GUESS.get(table, _DEFAULT_GUESS)
    written_bytes = written_rows = 0
    meta = {**metadata, "spadesctl.partition_by": by}
    for value in sorted(spools, key=lambda v: directory_name(by, v)):
        folder = work / directory_name(by, value)
        folder.mkdir()
        pieces = spools[value].pieces
        number = 0
        while pieces:
            group, pieces = _take(pieces, shard_bytes / per_row)
            name = folder / f"part-{number:05d}.parquet"
            number += 1
            pl.scan_ipc([path for path, _ in group]).sink_parquet(
                name, compression="zstd", row_group_size=row_group_rows, metadata=meta
            )
            rows = sum(n for _, n in group)
            for path, _ in group:
                path.unlink()
            summary.rows += rows
            summary.shards.append(str(name.relative_to(work)))
            written_bytes += name.stat().st_size
            written_rows += rows
            per_row = max(written_bytes / written_rows, 1.0)
    shutil.rmtree(spool_dir)
    return summary


def _take(
    pieces: list[tuple[Path, int]], rows_per_shard: float
) -> tuple[list[tuple[Path, int]], list[tuple[Path, int]]]:
    """The first pieces that make about ``rows_per_shard`` rows (at least one: a piece,
    whole games, is never split), and the rest."""
    rows = 0
    for end, (_, n) in enumerate(pieces):
        if end and rows + n > rows_per_shard:
            return pieces[:end], pieces[end:]
        rows += n
    return pieces, []


def find_shards(directory: str | Path) -> list[str]:
    """The Parquet files under ``directory``, sorted by path; files and directories whose
    names start with ``_`` or ``.`` are skipped (as Hive, Spark and Arrow skip them)."""
    root = Path(directory)
    if not root.is_dir():
        return []
    found = []
    for path in root.rglob("*.parquet"):
        hidden = any(p.startswith(("_", ".")) for p in path.relative_to(root).parts)
        if not hidden and path.is_file():
            found.append(path)
    return [str(p) for p in sorted(found)]


def is_shard_directory(directory: str | Path) -> bool:
    """Whether ``directory`` holds shards as ``export --partition-by`` lays them out: its
    Parquet files under ``event=``, ``date=``, ``month=`` or ``file=`` directories."""
    root = Path(directory)
    for shard in find_shards(root):
        first = Path(shard).relative_to(root).parts[0]
        key, equals, _ = first.partition("=")
        if equals and key in PARTITIONS:
            return True
    return False


def _month_range(text: str) -> tuple[date, date] | None:
    try:
        first = date.fromisoformat(f"{text}-01")
    except ValueError:
        return None
    following = (first.replace(day=28) + timedelta(days=4)).replace(day=1)
    return first, following - timedelta(days=1)


def _date_range(values: Mapping[str, str | None]) -> tuple[date, date] | Literal[False] | None:
    """The dates a shard's rows can have: a range, ``None`` (no date: undated games),
    ``False`` when its path says nothing of dates."""
    if "date" in values:
        text = values["date"]
        if text is None:
            return None
        try:
            day = date.fromisoformat(text)
        except ValueError:
            return False
        return day, day
    if "month" in values:
        text = values["month"]
        return None if text is None else (_month_range(text) or False)
    return False


def may_match(path: str | Path, filters: Filters) -> bool:
    """Whether the shard at ``path`` can hold a row that passes ``filters``, from its
    ``key=value`` directories alone (``True`` when they say nothing)."""
    values = partition_values(path)
    if filters.events and "event" in values and values["event"] not in filters.events:
        return False
    if filters.since is None and filters.until is None:
        return True
    dates = _date_range(values)
    if dates is False:
        return True
    if dates is None:
        return False  # undated games are left out by --since and --until
    first, last = dates
    if filters.since is not None and last < filters.since:
        return False
    return not (filters.until is not None and first > filters.until)


def select_shards(paths: Sequence[str], filters: Filters) -> list[str]:
    """The shards among ``paths`` that :func:`may_match` the filters, in order."""
    return [p for p in paths if may_match(p, filters)]


__all__ = [
    "NULL_VALUE",
    "PARTITIONS",
    "SHARD_BYTES",
    "PartitionBy",
    "ShardSummary",
    "directory_name",
    "find_shards",
    "may_match",
    "partition_values",
    "select_shards",
    "shard_key",
    "write_shards",
]
