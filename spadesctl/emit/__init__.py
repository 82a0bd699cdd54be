"""Output formats: the registries behind every ``--format`` option.

An output format is an :class:`OutputFormat` in one of the registries below: its name,
the suffixes that mean it (``export -o hands.csv``), one line of help, whether it is
binary, and where its code lives (``"package.module:attribute"``, imported only when the
format is used).  The command-line choices and ``--help`` are built from the registries.

- :data:`DIAGNOSTIC_FORMATS` (``check --format``): the attribute is an emitter class,
  called with ``(stream, DiagnosticSettings)``; :class:`Emitter` of
  :class:`~spadesctl.diagnostics.Diagnostic`.
- :data:`SHEET_FORMATS` (``score --format``): an emitter class called with
  ``(stream, SheetSettings)``; :class:`Emitter` of
  :class:`~spadesctl.sheet.render.SheetReport`.
- :data:`TABLE_FORMATS` (``export --format``): a :data:`TableWriter` function, given
  the stream of DataFrame batches at once (Parquet's streaming sink pulls them one at a
  time: a push interface would need a thread).

An emitter is written to as results come: :meth:`Emitter.start`, one
:meth:`Emitter.write` per value, :meth:`Emitter.finish`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Final, Protocol, TypeVar

from spadesctl.registry import Registry, import_target

if TYPE_CHECKING:
    import polars as pl

T_contra = TypeVar("T_contra", contravariant=True)


class Emitter(Protocol[T_contra]):
    """Writes values of one kind to a stream as they come."""

    def start(self) -> None: ...
    def write(self, item: T_contra) -> None: ...
    def finish(self) -> None: ...


class StreamEmitter:
    """What most emitters share: the text stream they write to, nothing to write before
    the first item, and a flush at the end (subclasses write ``write``, and override the
    rest where they need to)."""

    def __init__(self, out: IO[str], settings: object = None) -> None:
        self.out = out

    def start(self) -> None:
        pass

    def finish(self) -> None:
        self.out.flush()


@dataclass(frozen=True, slots=True)
class DiagnosticSettings:
    """How diagnostics are shown: in colour (text on a terminal only)."""

    colour: bool = False


@dataclass(frozen=True, slots=True)
class SheetSettings:
    """How score sheets are shown: each hand explained; the penalty comparison's columns."""

    explain: bool = False
    penalties: bool = False


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's schema (for an empty table's header), its Parquet metadata and row groups."""

    schema: Mapping[str, Any]
    metadata: Mapping[str, str] = field(default_factory=dict)
    row_group_rows: int = 128 * 1024


#: Writes every batch to a binary stream; returns the number of rows written.
TableWriter = Callable[["Iterable[pl.DataFrame]", IO[bytes], TableSettings], int]


@dataclass(frozen=True, slots=True)
class OutputFormat:
    """An output format's declaration (see the module's docstring)."""

    name: str
    help: str
    #: ``"package.module:attribute"``: an emitter class, or a table writer.
    code: str
    suffixes: tuple[str, ...] = ()
    #: Written as bytes (Parquet): never to a terminal, never to standard output.
    binary: bool = False

    def load(self) -> Any:
        """The emitter class or writer, imported now."""
        return import_target(self.code)

    def emitter(self, stream: IO[Any], settings: object) -> Emitter[Any]:
        """A new emitter of this format writing to ``stream``."""
        made: Emitter[Any] = self.load()(stream, settings)
        return made


def choose_format(
    registry: Registry[OutputFormat], name: str | None, output: str | None, default: str
) -> OutputFormat:
    """The format asked for (``--format``), else the one the output file's name ends
    with (``-o hands.csv``), else ``default``.

    Raises :class:`~spadesctl.registry.UnknownFormatError` for a name not registered,
    and :class:`ValueError` when the name and the file's suffix disagree.
    """
    named = None if output is None or output == "-" else registry.for_name(output)
    if name is None:
        return named if named is not None else registry.get(default)
    chosen = registry.get(name)
    if named is not None and named is not chosen:
        raise ValueError(f"--format {chosen.name} contradicts the name of the output {output}")
    return chosen


DIAGNOSTIC_FORMATS: Final[Registry[OutputFormat]] = Registry("diagnostic output")
SHEET_FORMATS: Final[Registry[OutputFormat]] = Registry("score sheet output")
TABLE_FORMATS: Final[Registry[OutputFormat]] = Registry("table output")

for _fmt in (
    OutputFormat(
        "text", "path:line:col: CODE name: message", "spadesctl.emit.diagnostics:TextEmitter"
    ),
    OutputFormat("json", "one array", "spadesctl.emit.diagnostics:JsonEmitter", (".json",)),
    OutputFormat(
        "ndjson",
        "one object a line",
        "spadesctl.emit.diagnostics:NdjsonEmitter",
        (".ndjson", ".jsonl"),
    ),
    OutputFormat(
        "github", "GitHub Actions annotations", "spadesctl.emit.diagnostics:GithubEmitter"
    ),
):
    DIAGNOSTIC_FORMATS.register(_fmt)
for _fmt in (
    OutputFormat("text", "a table per game", "spadesctl.emit.sheets:TextEmitter", (".txt",)),
    OutputFormat("json", "every figure", "spadesctl.emit.sheets:JsonEmitter", (".json",)),
    OutputFormat("csv", "a row per hand and party", "spadesctl.emit.sheets:CsvEmitter", (".csv",)),
):
    SHEET_FORMATS.register(_fmt)
for _fmt in (
    OutputFormat(
        "parquet", "columnar, typed", "spadesctl.emit.tables:write_parquet", (".parquet",), True
    ),
    OutputFormat("csv", "comma-separated", "spadesctl.emit.tables:write_csv", (".csv",)),
    OutputFormat(
        "ndjson", "one object a line", "spadesctl.emit.tables:write_ndjson", (".ndjson", ".jsonl")
    ),
    OutputFormat("json", "one array of objects", "spadesctl.emit.tables:write_json", (".json",)),
):
    TABLE_FORMATS.register(_fmt)
del _fmt


__all__ = [
    "DIAGNOSTIC_FORMATS",
    "SHEET_FORMATS",
    "TABLE_FORMATS",
    "DiagnosticSettings",
    "Emitter",
    "OutputFormat",
    "SheetSettings",
    "StreamEmitter",
    "TableSettings",
    "TableWriter",
    "choose_format",
]
