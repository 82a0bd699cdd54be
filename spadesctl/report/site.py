"""Writing a report: one game to one HTML file, or many to a folder with an index.

Input of exactly one game in one file (and an output that is not a folder) gives one
self-contained page; anything else gives a folder: ``index.html`` and a page per game.
Nothing partial is ever left: a single page goes through a temporary file renamed into
place, and a folder is built beside the output under a temporary name and renamed into
place once every page and the index are written (an older report folder it replaces is
removed only then).  A file that cannot be read stops the report before anything is
written (:class:`ReportError`).
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from spadesctl.errors import SpadesctlError
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.output import OutputError, is_standard_output, write_text
from spadesctl.record import Game
from spadesctl.report.index import GameRow, IndexPage, player_stats
from spadesctl.report.model import game_page
from spadesctl.report.render import render_game, render_index
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sources import expand_paths


class ReportError(SpadesctlError):
    """The report cannot be made (an unreadable file, an output in the way); nothing
    was written.  The message says why."""


@dataclass(frozen=True, slots=True)
class ReportResult:
    """What was written: ``folder`` tells a folder (with ``index.html``) from one page."""

    path: Path
    folder: bool
    games: int
    problems: int
    pages: tuple[str, ...]


def _games(files: Sequence[str], rules: Ruleset | None) -> Iterator[Game]:
    for path in files:
        try:
            yield from iter_games(path, rules=rules)
        except RecordReadError as exc:
            raise ReportError(str(exc)) from None


def _may_be_one_page(paths: Sequence[str], out: Path) -> bool:
    """Whether the input is one file (or standard input) and ``out`` names no folder."""
    if len(paths) != 1 or out.is_dir() or str(out).endswith(os.sep):
        return False
    return paths[0] == "-" or Path(paths[0]).is_file()


def write_report(
    paths: Sequence[str], out: Path, rules: Ruleset | None = None, *, stats: bool = True
) -> ReportResult:
    """Write the report of the records in ``paths`` (files, directories, ``-``) to ``out``.

    ``rules``: the ruleset of records that declare none (``None``: standard).
    ``stats``: put the players' statistics on the index (they read the files again, so
    standard input gets none).
    """
    files = expand_paths(paths)
    if not files:
        raise ReportError("no record files found in " + ", ".join(paths))
    default = rules if rules is not None else STANDARD
    games = _games(files, rules)
    first: list[Game] = []
    if _may_be_one_page(paths, out):
        first = list(itertools.islice(games, 2))  # one game, or more?
        if len(first) == 1:
            page = game_page(first[0], default)
            try:
                write_text(out, [render_game(page)])
            except OutputError as exc:
                raise ReportError(str(exc)) from None
            return ReportResult(out, False, 1, len(page.diagnostics), (str(out),))
    if is_standard_output(out):
        raise ReportError("standard output takes one game's page; several go to a folder (-o DIR)")
    if out.exists() and not out.is_dir():
        raise ReportError(f"{out}: is a file; several games are written to a folder")
    if str(out).endswith(".html"):
        raise ReportError(f"{out}: several games are written to a folder, not one .html file")
    figures = files if stats and "-" not in files else None
    return _write_folder(itertools.chain(first, games), out, default, figures, rules)


def _write_folder(
    games: Iterator[Game],
    out: Path,
    default: Ruleset,
    stats_of: Sequence[str] | None,
    rules: Ruleset | None,
) -> ReportResult:
    """The pages of ``games`` and the index (with the statistics of the files
    ``stats_of``, unless ``None``), built beside ``out`` and renamed into place."""
    parent = out.parent if str(out.parent) else Path(".")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise ReportError(f"{out}: cannot be written ({exc.strerror or exc})") from None
    try:
        rows: list[GameRow] = []
        names: set[str] = set()
        for game in games:
            page = game_page(game, default)
            name = _page_name(game, names)
            (work / name).write_text(render_game(page, index_link=True), encoding="utf-8")
            rows.append(GameRow.of(page, name))
        figures = player_stats(stats_of, rules) if stats_of is not None and rows else None
        title = "Games" if stats_of is None or len(stats_of) != 1 else f"Games of {stats_of[0]}"
        index = IndexPage(title, tuple(rows), figures)
        (work / "index.html").write_text(render_index(index), encoding="utf-8")
        os.chmod(work, _folder_mode())  # mkdtemp makes it private; mkdir would not
        _swap_in(work, out)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise ReportError(f"{out}: cannot be written ({exc.strerror or exc})") from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    problems = sum(r.problems for r in rows)
    return ReportResult(out, True, len(rows), problems, ("index.html", *(r.href for r in rows)))


def _folder_mode() -> int:
    """The mode ``mkdir`` gives a new folder (``0o777`` less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask


def _swap_in(work: Path, out: Path) -> None:
    """Rename the finished folder into place; an older report there is removed after."""
    if not out.exists():
        os.replace(work, out)
        return
    if not (out / "index.html").is_file() and any(out.iterdir()):
        raise ReportError(
            f"{out}: a folder that holds no report (no index.html); give a new or empty folder"
        )
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=work.parent))
    os.replace(out, old / "report")
    os.replace(work, out)
    shutil.rmtree(old, ignore_errors=True)


_UNSAFE = re.compile(r"[^a-z0-9]+")


def _page_name(game: Game, taken: set[str]) -> str:
    """``league-night-3.html``: the record's name and the game's number, made unique
    (``renege-ptn-1.html`` beside ``renege-1.html``, then a counter)."""
    path = Path(game.source)
    stem = _UNSAFE.sub("-", path.stem.lower()).strip("-") or "game"
    kind = _UNSAFE.sub("", path.suffix.lower())
    first = [f"{stem}-{game.index}.html"] + ([f"{stem}-{kind}-{game.index}.html"] if kind else [])
    counted = (f"{stem}-{game.index}-{k}.html" for k in itertools.count(2))
    name = next(c for c in itertools.chain(first, counted) if c not in taken)
    taken.add(name)
    return name
