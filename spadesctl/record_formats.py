"""The record formats spadesctl reads and writes, and how a source's format is told.

Each format (native, PBN, OpenSpiel, trick-notation) is a :class:`RecordFormat` in
:data:`RECORD_FORMATS`: its name (``--to``),
the suffixes that mean it (directories are searched for them), one line of help, the
first bytes that may mean it (``magic``: only a source starting so, after a byte-order
mark and blank space, is offered to its ``sniff``), and where its :class:`RecordCodec`
lives.  The codec (reader, writer, sniff) is imported only when a source needs it, so
that native records never load the PBN reader and its grammar.

:func:`detect` picks a source's format: the one its name's suffix says, else the first
whose ``magic`` and ``sniff`` accept its first bytes, else the native notation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, Final

from spadesctl.registry import Registry, import_target

if TYPE_CHECKING:
    from spadesctl.notation.reader import GameText
    from spadesctl.record import Game
    from spadesctl.rules.ruleset import Ruleset

#: How many first bytes of a source :func:`detect` looks at.
HEAD_BYTES: Final = 64
_BOM: Final = b"\xef\xbb\xbf"

#: A reader: (binary stream, source name, ruleset replacing the records' own or None)
#: -> the games, native ones as their unparsed lines (:class:`GameText`), others parsed.
Reader = Callable[["BinaryIO", str, "Ruleset | None"], "Iterator[GameText | Game]"]
#: A writer: games -> the text of the records, in chunks.
Writer = Callable[["Iterable[Game]"], "Iterator[str]"]


@dataclass(frozen=True, slots=True)
class RecordCodec:
    """What a record format's module provides."""

    #: Whether a source's first bytes (at most :data:`HEAD_BYTES`) are of this format.
    sniff: Callable[[bytes], bool]
    read: Reader
    #: ``None`` for a format that is read only.
    write: Writer | None = None


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """A record format's declaration (see the module's docstring)."""

    name: str
    suffixes: tuple[str, ...]
    help: str
    #: How messages name it (``PBN``).
    title: str
    #: ``"package.module:attribute"`` of its :class:`RecordCodec`.
    codec: str
    #: First bytes that may mean this format (empty: only its suffixes say it).
    magic: tuple[bytes, ...] = ()
    #: Whether the codec writes records (``convert --to NAME``).
    writable: bool = True
    #: Whether its records keep a game's comments (:attr:`~spadesctl.record.Game.comments`):
    #: ``convert`` to a format that does not says which comments it drops.
    holds_comments: bool = False

    def load(self) -> RecordCodec:
        """The codec, imported now."""
        codec = import_target(self.codec)
        if not isinstance(codec, RecordCodec):
            raise TypeError(f"{self.codec} is not a RecordCodec")
        return codec

    def may_be(self, head: bytes) -> bool:
        """Whether ``head`` starts with one of this format's ``magic`` prefixes."""
        start = head.removeprefix(_BOM).lstrip(b" \t\r\n")
        return any(start.startswith(m) for m in self.magic)


RECORD_FORMATS: Final[Registry[RecordFormat]] = Registry("record")

#: The native notation: the format of a source nothing else claims.
NATIVE: Final = RECORD_FORMATS.register(
    RecordFormat(
        "spades",
        (".spades",),
        "the native notation (docs/notation.md)",
        "native",
        "spadesctl.notation.codec:CODEC",
        holds_comments=True,
    )
)
PBN: Final = RECORD_FORMATS.register(
    RecordFormat(
        "pbn",
        (".pbn", ".ptn"),
        "the PBN-style records of real apps (docs/pbn.md)",
        "PBN",
        "spadesctl.pbn.codec:CODEC",
        magic=(b"%",),
    )
)

OPENSPIEL: Final = RECORD_FORMATS.register(
    RecordFormat(
        "openspiel",
        (),
        "OpenSpiel's spades game: serialized states or JSON action histories (docs/openspiel.md)",
        "OpenSpiel",
        "spadesctl.interop.codecs:OPENSPIEL_CODEC",
        magic=(b"#", b"[", b"{"),
        writable=False,
    )
)
TRICK_NOTATION: Final = RECORD_FORMATS.register(
    RecordFormat(
        "trick-notation",
        (".tn",),
        "rust-spades' trick-notation v1: D deal, C bids and P trick lines (docs/trick-notation.md)",
        "trick-notation",
        "spadesctl.interop.codecs:TRICK_NOTATION_CODEC",
        magic=(b"%",),
    )
)
#: Game-server tables: CSV, NDJSON or Parquet, one table a file (docs/import.md).
TABLES: Final = RECORD_FORMATS.register(
    RecordFormat(
        "tables",
        (".csv", ".ndjson", ".jsonl", ".parquet"),
        "game-server tables (games, hands, tricks, cards) as CSV, NDJSON or Parquet "
        "(docs/import.md)",
        "tabular",
        "spadesctl.imports.codec:CODEC",
        magic=(b"PAR1", b"{", *(bytes([c]) for c in range(ord("a"), ord("z") + 1)), b'"'),
        writable=False,
    )
)


def record_suffixes() -> tuple[str, ...]:
    """Every suffix a record file may have (directories are searched for them)."""
    return RECORD_FORMATS.suffixes()


def suffix_list(formats: Iterable[RecordFormat] | None = None) -> str:
    """``*.spades, *.pbn, *.ptn``: the suffixes for help texts."""
    chosen = RECORD_FORMATS if formats is None else formats
    return ", ".join(f"*{s}" for f in chosen for s in f.suffixes)


def writable_formats() -> tuple[str, ...]:
    """The names of the formats records can be converted to."""
    return tuple(f.name for f in RECORD_FORMATS if f.writable)


def head_of(stream: BinaryIO, size: int = HEAD_BYTES) -> bytes | None:
    """The first ``size`` bytes (at most) of ``stream``, left unread (peeked), or ``None``
    if it cannot tell."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(size)[:size])
    if stream.seekable():
        where = stream.tell()
        head = stream.read(size)
        stream.seek(where)
        return head
    return None


def detect(stream: BinaryIO, source: str) -> RecordFormat:
    """The format of a source: by its name's suffix, else by its first bytes (peeked),
    else the native notation."""
    named = RECORD_FORMATS.for_name(source)
    if named is not None and named is not NATIVE:
        return named
    head = head_of(stream)
    if head is not None:
        for fmt in RECORD_FORMATS:
            if fmt is not NATIVE and fmt.may_be(head) and fmt.load().sniff(head):
                return fmt
    return NATIVE


__all__ = [
    "HEAD_BYTES",
    "NATIVE",
    "OPENSPIEL",
    "PBN",
    "RECORD_FORMATS",
    "TABLES",
    "TRICK_NOTATION",
    "Reader",
    "RecordCodec",
    "RecordFormat",
    "Writer",
    "detect",
    "head_of",
    "record_suffixes",
    "suffix_list",
    "writable_formats",
]
