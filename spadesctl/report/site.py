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

from spadesctl.cli.files import new_file_mode, write_atomically
from spadesctl.notation import RecordReadError, iter_games
from spadesctl.record import Game
from spadesctl.report.index import GameRow, IndexPage, player_stats
from spadesctl.report.model import game_page
from spadesctl.report.render import render_game, render_index
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.ruleset import Ruleset
from spadesctl.sources import expand_paths


class ReportError(Exception):
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


def _one_game(paths: Sequence[str], out: Path, rules: Ruleset | None) -> Game | None:
    """The game, when the input is one file holding exactly one and ``out`` is no folder."""
    if len(paths) != 1 or out.is_dir() or str(out).endswith(os.sep):
        return None
    only = Path(paths[0])
    if paths[0] == "-" or not only.is_file():
        return None
    found: list[Game] = []
    for game in _games([paths[0]], rules):
        found.append(game)
        if len(found) > 1:
            return None
    return found[0] if found else None


def write_report(
    paths: Sequence[str], out: Path, rules: Ruleset | None = None, *, stats: bool = True
) -> ReportResult:
    """Write the report of the records in ``paths`` (files or directories) to ``out``.

    ``rules``: the ruleset of records that declare none (``None``: standard).
    ``stats``: put the players' statistics on the index (they read the files again).
    """
    files = expand_paths(paths)
    if not files:
        raise ReportError("no record files found in " + ", ".join(paths))
    default = rules if rules is not None else STANDARD
    single = _one_game(paths, out, rules)
    if single is not None:
        page = game_page(single, default)
        try:
            write_atomically(out, [render_game(page)])
        except OSError as exc:
            raise ReportError(f"{out}: cannot be written ({exc.strerror or exc})") from None
        return ReportResult(out, False, 1, len(page.diagnostics), (str(out),))
    if out.exists() and not out.is_dir():
        raise ReportError(f"{out}: is a file; several games are written to a folder")
    if str(out).endswith(".html"):
        raise ReportError(f"{out}: several games are written to a folder, not one .html file")
    return _write_folder(files, out, rules, default, stats and "-" not in files)


def _write_folder(
    files: Sequence[str], out: Path, rules: Ruleset | None, default: Ruleset, stats: bool
) -> ReportResult:
    parent = out.parent if str(out.parent) else Path(".")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise ReportError(f"{out}: cannot be written ({exc.strerror or exc})") from None
    try:
        rows: list[GameRow] = []
        names: set[str] = set()
        for game in _games(files, rules):
            page = game_page(game, default)
            name = _page_name(game, names)
            (work / name).write_text(render_game(page, index_link=True), encoding="utf-8")
            rows.append(GameRow.of(page, name))
        figures = player_stats(files, rules) if stats and rows else None
        index = IndexPage(_index_title(files), tuple(rows), figures)
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
    umask = 0o666 & ~new_file_mode()  # the umask's read and write bits
    return 0o777 & ~(umask | ((umask & 0o444) >> 2))


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


def _index_title(files: Sequence[str]) -> str:
    return "Games" if len(files) != 1 else f"Games of {files[0]}"
