"""The library behind ``spadesctl convert``: records of any format in, records of one
format out (standard output, a file, or a directory of one file per input).

A file is written only from every input: when one cannot be read, the file is left as
it was (or not created); into a directory, each input's file is written only when that
input was read whole.  Problems inside records (``Game.issues``) are handed to
``report`` as they are met, and the games are still converted.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from spadesctl.diagnostics import Diagnostic, Severity
from spadesctl.formatting import commented_game
from spadesctl.notation import RecordReadError, game_from_text, iter_game_texts
from spadesctl.notation.reader import GameText
from spadesctl.output import is_standard_output, open_output
from spadesctl.record import Game
from spadesctl.record_formats import RecordFormat
from spadesctl.rules.ruleset import Ruleset
from spadesctl.status import ExitStatus


@dataclass(slots=True)
class ConvertSummary:
    """What went wrong while converting, counted as the games are read."""

    errors: int = 0
    unreadable: int = 0

    @property
    def status(self) -> ExitStatus:
        """2 when an input could not be read, 1 when a record had errors, else 0."""
        return ExitStatus.of(self.unreadable, self.errors)


def dropped_comments(games: int, target: RecordFormat) -> str:
    """What ``convert`` says of the comments of ``games`` games it cannot write."""
    noun = "game" if games == 1 else "games"
    return (
        f"the comments of {games} {noun} are not kept: {target.title} records hold none; "
        "convert --to spades keeps them"
    )


def _ignore(message: str) -> None:
    pass


def _drop(d: Diagnostic) -> None:
    pass


@dataclass(frozen=True, slots=True)
class Conversion:
    """A conversion: to ``target``, PBN options replaced by ``rules`` when given; the
    problems of records go to ``report``, inputs that cannot be read to ``warn``."""

    target: RecordFormat
    rules: Ruleset | None = None
    report: Callable[[Diagnostic], None] = _drop
    warn: Callable[[str], None] = _ignore

    def games(self, path: str, summary: ConvertSummary) -> Iterator[Game]:
        """The games of one input, their problems reported as they come; a native
        record's games hold their comments where ``fmt`` puts them.  When the target
        cannot hold comments, the comments dropped are said once, after the input."""
        keep = self.target.holds_comments
        dropped = 0
        try:
            for index, unit in enumerate(iter_game_texts(path, rules=self.rules), start=1):
                if isinstance(unit, GameText):
                    game = (commented_game if keep else game_from_text)(unit, path, index)
                    dropped += not keep and bool(unit.comments)
                else:
                    game = unit
                    dropped += not keep and bool(game.comments)
                for issue in game.issues:
                    d = Diagnostic.from_issue(issue, game.source, game.index)
                    if d.severity is Severity.ERROR:
                        summary.errors += 1
                    self.report(d)
                yield game
        except RecordReadError as exc:
            summary.unreadable += 1
            self.warn(f"error: {exc}")
        if dropped:
            self.warn(f"warning: {path}: {dropped_comments(dropped, self.target)}")

    def text(self, games: Iterable[Game]) -> Iterator[str]:
        """The games as records of the target format."""
        write = self.target.load().write
        if write is None:
            raise ValueError(f"{self.target.name} records cannot be written")
        return write(games)


class _Unreadable(Exception):
    """An input could not be read: the output file is not written."""


def convert_files(
    files: Sequence[str], conversion: Conversion, output: str | None
) -> ConvertSummary:
    """Convert ``files`` to ``output`` (``None``/``-``: standard output; a file; or an
    existing directory: one file per input, named after it with the target's suffix).

    Raises :class:`~spadesctl.output.OutputError` for an output that cannot be written,
    and :class:`ValueError` for two inputs that would be written to the same file.
    """
    summary = ConvertSummary()
    if output is not None and not is_standard_output(output) and Path(output).is_dir():
        for path, target in directory_targets(files, Path(output), conversion.target):
            _write(target, [path], conversion, summary)  # a game at a time
        return summary
    _write(output, files, conversion, summary)
    return summary


def _write(
    output: str | Path | None, files: Sequence[str], conversion: Conversion, summary: ConvertSummary
) -> None:
    """The games of ``files`` converted to ``output`` as they are read (one game held at
    a time); a file is written only from every input, or left as it was."""
    before = summary.unreadable
    with contextlib.suppress(_Unreadable), open_output(output) as out:
        everything = (g for path in files for g in conversion.games(path, summary))
        for chunk in conversion.text(everything):
            out.write(chunk)
        if summary.unreadable > before and not is_standard_output(output):
            raise _Unreadable  # a file written only from every input, or left alone


def directory_targets(
    files: Sequence[str], folder: Path, target: RecordFormat
) -> list[tuple[str, Path]]:
    """(input, output file) for a conversion into ``folder``; :class:`ValueError` when
    the input is standard input or two inputs share a name."""
    if "-" in files:
        raise ValueError("standard input cannot be converted into a directory; give a file")
    suffix = target.suffixes[0]
    stems = Counter(Path(name).stem for name in files)
    clash = next((stem for stem, n in stems.items() if n > 1), None)
    if clash is not None:
        raise ValueError(f"two inputs would both be written to {folder / (clash + suffix)}")
    return [(name, folder / (Path(name).stem + suffix)) for name in files]


__all__ = ["Conversion", "ConvertSummary", "convert_files", "directory_targets", "dropped_comments"]
