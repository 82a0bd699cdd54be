"""Checking records: every diagnostic for a game, a file, or many files.

This is the library behind ``spadesctl check``: read (streaming), replay under the
ruleset, score, and collect diagnostics in source order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from spadesctl.bulk import bulk_gc
from spadesctl.diagnostics import INVALID_RULES, IO_ERROR, Diagnostic
from spadesctl.express.canonical import express_check
from spadesctl.file_warnings import Fingerprint, game_fingerprint, play_fingerprint
from spadesctl.notation import (
    GameText,
    RecordReadError,
    game_from_text,
    iter_game_texts,
    unit_size,
)
from spadesctl.record import Game
from spadesctl.rules.parse import RulesError
from spadesctl.rules.presets import STANDARD
from spadesctl.rules.resolve import rules_for_game, rules_option
from spadesctl.rules.ruleset import Ruleset
from spadesctl.values import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class CheckOptions:
    """How to check: the ruleset for records that declare none (``--rules``: rules text
    or a ``.toml`` house-rules file; ``None`` is ``standard``), and whether the express
    check may settle clean games (it finds exactly what the full engine finds)."""

    rules: str | None = None
    #: Settle clean games of the common rulesets with the express check
    #: (:mod:`spadesctl.express`); ``False`` checks every game with the full engine.
    express: bool = True


def default_rules(options: CheckOptions) -> Ruleset:
    """The ruleset of ``options.rules``; :class:`~spadesctl.rules.RulesError` if invalid."""
    return rules_option(options.rules)


def game_diagnostics(
    game: Game, options: CheckOptions = CheckOptions(), *, default: Ruleset | None = None
) -> list[Diagnostic]:
    """Every diagnostic for one game, in source order.

    The syntax issues of the record, a bad Rules tag, and every rule violation the
    replay finds (the game refereed hand by hand, so that blind nil eligibility is
    judged from the recomputed score).  A hand with a syntax issue inside is still
    replayed, for the scores, but its replay diagnostics are left out: they would
    mostly repeat the consequences of the line that could not be read.  ``default``
    saves resolving ``options.rules`` again for every game of a file.
    """
    # the full engine, imported when a game first needs it: a file of clean games that
    # the express check settles never loads it
    from spadesctl.referee import referee_game
    from spadesctl.sheet.build import sheet_from_referee
    from spadesctl.sheet.disputes import disputes

    out = [Diagnostic.from_issue(issue, game.source, game.index) for issue in game.issues]
    if default is None:
        default = default_rules(options)
    chosen = rules_for_game(game, default)
    if chosen.problems:  # not refereed under rules the record does not declare
        out.extend(chosen.problems)
        return out
    refereed = referee_game(game, chosen.rules)
    broken = game.hands_with_issues()
    out.extend(d for d in refereed.diagnostics if d.hand not in broken)
    out.extend(disputes(sheet_from_referee(refereed, broken)))  # the score sheet
    out.sort(key=Diagnostic.sort_key)
    return out


@fast_init
@dataclass(frozen=True, slots=True)
class FileReport:
    """The outcome of checking one file: its diagnostics and how many games/hands it held."""

    file: str
    diagnostics: tuple[Diagnostic, ...]
    games: int
    hands: int
    #: Each game's deal and play, for the duplicate-game warning (``check_run``); games
    #: that show no card have none.
    fingerprints: tuple[Fingerprint, ...] = ()


def check_file(path: str, options: CheckOptions = CheckOptions()) -> FileReport:
    """Check one record file (``-`` for standard input); never raises for bad input."""
    return join_reports(path, check_parts(path, options))


def check_parts(
    path: str, options: CheckOptions = CheckOptions(), progress: Callable[[int], None] | None = None
) -> Iterator[FileReport]:
    """:func:`check_file` as it goes, in the same order: a report of each game as soon
    as it is checked (one game: its diagnostics, hands and fingerprint), an invalid
    ``--rules`` before them and a file's ``io-error`` after them as parts of their own
    (no game), so that a caller can write each diagnostic when it is found and hold no
    more than a game's.  ``progress`` (when given) is told each game's bytes."""
    default, problems = file_rules(path, options)
    if problems:
        yield FileReport(path, tuple(problems), 0, 0)
    index = 0
    try:
        with bulk_gc():
            for unit in iter_game_texts(path, rules=None if options.rules is None else default):
                index += 1
                found, count, digest = check_game_text(unit, index, path, options, default)
                prints = () if digest is None else (Fingerprint(digest, first_line(unit), index),)
                yield FileReport(path, tuple(found), 1, count, prints)
                if progress is not None:
                    progress(unit_size(unit))
    except RecordReadError as exc:
        yield FileReport(path, (io_error(path, exc),), 0, 0)


def join_reports(path: str, parts: Iterable[FileReport]) -> FileReport:
    """The report of a file from the reports of its parts, in order."""
    diagnostics: list[Diagnostic] = []
    prints: list[Fingerprint] = []
    games = hands = 0
    for part in parts:
        diagnostics.extend(part.diagnostics)
        games += part.games
        hands += part.hands
        prints.extend(part.fingerprints)
    return FileReport(path, tuple(diagnostics), games, hands, tuple(prints))


def join_parts(parts: Iterable[tuple[FileReport, bool]]) -> Iterator[FileReport]:
    """Each file's report from its parts, each part given with whether it ends its
    file (as :func:`spadesctl.check_run.check_stream` gives them)."""
    held: list[FileReport] = []
    for part, last in parts:
        held.append(part)
        if last:
            yield join_reports(part.file, held)
            held.clear()


def file_rules(path: str, options: CheckOptions) -> tuple[Ruleset, list[Diagnostic]]:
    """The ruleset for a file's games without a Rules tag, and the ``invalid-rules``
    diagnostic when ``--rules`` is invalid (``standard`` is used then)."""
    try:
        return default_rules(options), []
    except RulesError as exc:
        problem = Diagnostic(INVALID_RULES, f"--rules: {exc}", file=path, line=1, column=1)
        return STANDARD, [problem]


def io_error(path: str, exc: RecordReadError) -> Diagnostic:
    """The ``io-error`` diagnostic of a file that cannot be read (further)."""
    message = str(exc).split(": ", 1)[-1]
    return Diagnostic(IO_ERROR, message, file=path, line=1, column=1)


def check_game_text(
    unit: GameText | Game, index: int, path: str, options: CheckOptions, default: Ruleset
) -> tuple[list[Diagnostic], int, bytes | None]:
    """One game as read (:func:`~spadesctl.notation.iter_game_texts`), game ``index`` of
    ``path``: its diagnostics, its number of hands and its deal and play's
    :func:`~spadesctl.file_warnings.fingerprint`.  A native game goes to the express
    check first, and is parsed and checked in full only if it is not sure."""
    if isinstance(unit, GameText):
        if options.express and not unit.issues:
            play: list[str] = []
            settled = express_check(unit.lines, default, play=play)
            if settled is not None:  # clean: nothing to report; ``play`` its canonical
                return [], settled[0], play_fingerprint(play)  # deal and play lines
        game = game_from_text(unit, path, index)
    else:
        game = unit
    found = game_diagnostics(game, options, default=default)
    return found, len(game.hands), game_fingerprint(game)


def first_line(unit: GameText | Game) -> int:
    """The line at which a game as read starts."""
    return unit.first_line if isinstance(unit, GameText) else unit.pos.line
