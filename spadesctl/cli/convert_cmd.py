"""``spadesctl convert``: records from one notation to the other (native <-> PBN)."""

from __future__ import annotations

import enum
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail, is_broken_pipe
from spadesctl.cli.files import write_atomically
from spadesctl.cli.output import format_text, use_colour
from spadesctl.diagnostics import Diagnostic, Severity
from spadesctl.notation import RecordReadError, format_games, iter_games
from spadesctl.record import Game
from spadesctl.rules import RulesError, Ruleset
from spadesctl.rules.resolve import rules_option
from spadesctl.sources import expand_paths


class Target(enum.Enum):
    spades = "spades"
    pbn = "pbn"


def _formatted(games: Iterable[Game], target: Target) -> Iterator[str]:
    if target is Target.pbn:
        from spadesctl.pbn import format_pbn_games

        return format_pbn_games(games)
    return format_games(games)


def _rules(text: str | None) -> Ruleset | None:
    if text is None:
        return None
    try:
        return rules_option(text)
    except RulesError as exc:
        fail(f"--rules: {exc}")


class _Reader:
    """Reads one source's games, printing their problems to standard error as they come."""

    def __init__(self, name: str, rules: Ruleset | None) -> None:
        self.name = name
        self.rules = rules
        self.errors = 0
        self.failed = False
        self.colour = use_colour(sys.stderr)

    def games(self) -> Iterator[Game]:
        try:
            for game in iter_games(self.name, rules=self.rules):
                self._report(game)
                yield game
        except RecordReadError as exc:
            typer.echo(f"spadesctl: error: {exc}", err=True)
            self.failed = True

    def _report(self, game: Game) -> None:
        for issue in game.issues:
            d = Diagnostic.from_issue(issue, game.source, game.index)
            if d.severity is Severity.ERROR:
                self.errors += 1
            typer.echo(format_text(d, self.colour), err=True)


@app.command(
    cls=Command,
    epilog="""Examples:

\b
  spadesctl convert --to spades samples/pbn/renege.ptn
  spadesctl convert --to pbn league.spades -o league.pbn
  spadesctl convert --to spades exports/ -o converted/    (one file per input)""",
)
def convert(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH",
            help="Record files (native .spades or PBN .pbn/.ptn), directories (searched for "
            "them), or - for standard input.",
        ),
    ],
    to: Annotated[Target, typer.Option("--to", help="The notation to write.")],
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE|DIR",
            help="Write here instead of standard output: a file (all games), or an existing "
            "directory (one file per input, named after it).",
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            metavar="RULES",
            help="Ruleset for PBN records, replacing what their options map to: "
            "'PRESET key=value ...' or a TOML file.",
        ),
    ] = None,
) -> None:
    """Convert records between the native notation and PBN.

    Problems found while reading are printed on standard error; the games are still
    converted.  Exits 0 when clean, 1 when a record had errors, 2 for usage errors and
    unreadable files.
    """
    override = _rules(rules)
    suffix = ".spades" if to is Target.spades else ".pbn"
    out_dir = Path(output) if output not in (None, "-") and Path(str(output)).is_dir() else None
    if out_dir is not None and "-" in paths:
        fail("standard input cannot be converted into a directory; give a file with -o")
    files = expand_paths(paths)
    if not files:
        fail("no record files found in " + ", ".join(paths))
    if out_dir is not None:
        targets = Counter(Path(name).stem for name in files)
        clash = next((stem for stem, n in targets.items() if n > 1), None)
        if clash is not None:
            fail(f"two inputs would both be written to {out_dir / (clash + suffix)}")
    readers = [_Reader(name, override) for name in files]
    try:
        if out_dir is not None:
            for reader in readers:
                target = out_dir / (Path(reader.name).stem + suffix)
                read = list(reader.games())
                if not reader.failed:
                    write_atomically(target, _formatted(read, to))
        elif output in (None, "-"):
            games = (g for reader in readers for g in reader.games())
            for chunk in _formatted(games, to):
                sys.stdout.write(chunk)
            sys.stdout.flush()
        else:
            everything = (g for reader in readers for g in reader.games())
            write_atomically(Path(output), _formatted(everything, to))
    except OSError as exc:
        if is_broken_pipe(exc):
            raise
        where = exc.filename or output or "standard output"
        fail(f"{where}: cannot be written ({exc.strerror or exc})")
    if any(r.failed for r in readers):
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_PROBLEMS if any(r.errors for r in readers) else EXIT_CLEAN)
