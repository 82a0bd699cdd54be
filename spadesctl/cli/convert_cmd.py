"""``spadesctl convert``: records from one notation to the other (native <-> PBN)."""

from __future__ import annotations

import enum
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from spadesctl.cli.app import app
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, fail
from spadesctl.cli.output import format_text, use_colour
from spadesctl.diagnostics import Diagnostic, Severity
from spadesctl.notation import RecordReadError, format_games, iter_games
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game
from spadesctl.rules import RulesError, Ruleset
from spadesctl.rules.resolve import rules_option


class Target(enum.Enum):
    spades = "spades"
    pbn = "pbn"


def _formatted(games: Iterable[Game], target: Target) -> Iterator[str]:
    if target is Target.pbn:
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
            d = Diagnostic(
                issue.code,
                issue.message,
                game.source,
                issue.pos.line,
                issue.pos.column,
                game=game.index,
            )
            if d.severity is Severity.ERROR:
                self.errors += 1
            typer.echo(format_text(d, self.colour), err=True)


def _write_atomically(path: Path, chunks: Iterable[str]) -> None:
    """Write ``path`` through a temporary file in the same folder, then rename it into place."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@app.command()
def convert(
    paths: Annotated[
        list[str],
        typer.Argument(help="Record files (native .spades or PBN .pbn/.ptn), or - for stdin."),
    ],
    to: Annotated[Target, typer.Option("--to", help="The notation to write.")],
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="Write here instead of standard output: a file (all games), or an existing "
            "directory (one file per input, named after it).",
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            help="Ruleset for PBN records, replacing what their options map to: "
            "'PRESET key=value ...' or a TOML file."
        ),
    ] = None,
) -> None:
    """Convert records to the native notation (--to spades) or to PBN (--to pbn)."""
    override = _rules(rules)
    suffix = ".spades" if to is Target.spades else ".pbn"
    out_dir = Path(output) if output not in (None, "-") and Path(str(output)).is_dir() else None
    if out_dir is not None and "-" in paths:
        fail("standard input cannot be converted into a directory; give a file with -o")
    readers = [_Reader(name, override) for name in paths]
    try:
        if out_dir is not None:
            for reader in readers:
                target = out_dir / (Path(reader.name).stem + suffix)
                read = list(reader.games())
                if not reader.failed:
                    _write_atomically(target, _formatted(read, to))
        elif output in (None, "-"):
            games = (g for reader in readers for g in reader.games())
            for chunk in _formatted(games, to):
                sys.stdout.write(chunk)
            sys.stdout.flush()
        else:
            everything = (g for reader in readers for g in reader.games())
            _write_atomically(Path(output), _formatted(everything, to))
    except OSError as exc:
        fail(f"{exc.filename or output}: cannot be written ({exc.strerror or exc})")
    if any(r.failed for r in readers):
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_PROBLEMS if any(r.errors for r in readers) else EXIT_CLEAN)
