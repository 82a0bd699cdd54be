"""A game's lines as ``spadesctl fmt`` writes them, for the express check.

The express check reads lines only in canonical form (:mod:`spadesctl.express.game`).
Records written by hand have comments (which the reader blanks to runs of spaces) and the
lenient spellings the notation allows (``10D``, ``ad``, ``DA``, ``A♦``, ``SN``, ``02``,
``+5``, holdings low first, seats in another order, tabs: docs/notation.md).
:func:`canonical_rows` rewrites each such line as the canonical line of the event the
parser reads from it (:func:`~spadesctl.notation.parser.parse_lines`, then
:func:`~spadesctl.notation.writer.event_line`); the events are the same (the writer's
promise: reading the canonical text gives the same games), so the full check finds the
same in both, and the express check's answer for the rewritten lines holds for the
record.  :func:`express_check` is what ``check`` asks: the lines as written first, and
rewritten only when the express check is not sure of them, so a canonical record pays
nothing for it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Final

from spadesctl.events import SyntaxIssue
from spadesctl.express.game import GameLedger, express_game
from spadesctl.notation.parser import BLANK, parse_lines
from spadesctl.notation.writer import event_line
from spadesctl.rules.ruleset import Ruleset

_CARD: Final = r"(?:[2-9TJQKA][SHDC]|BJ|LJ)"
_RANKS: Final = "A?K?Q?J?T?9?8?7?6?5?4?3?2?"
_HOLDING: Final = rf"{_RANKS}\.{_RANKS}\.{_RANKS}\.{_RANKS}(?:\.B?L?)?"
_NUMBER: Final = "(?:0|[1-9][0-9]*)"
_PARTY: Final = "(?:NS|EW|[NESW])"
_BID: Final = rf"(?:{_NUMBER}|nil|bnil|b{_NUMBER})"


#: What the grammar ignores between words (:data:`spadesctl.notation.parser.BLANK`).
_BLANKS: Final = re.compile(f"[{BLANK}]+")


def _repeated(item: str) -> str:
    return f"{item}(?: {item})*"


#: The lines that look canonical already (a quick sieve: a line it passes that is not
#: canonical is still refused by the express check, and a line it stops that is
#: canonical is written back unchanged).
_LOOKS_CANONICAL: Final = re.compile(
    "|".join(
        [
            r'\[[A-Za-z][A-Za-z0-9_]* "[^"\\]*"\]',
            f"hand {_NUMBER} dealer [NESW]",
            f"deal N:{_HOLDING}(?: E:{_HOLDING})?(?: S:{_HOLDING})?(?: W:{_HOLDING})?",
            f"draw [NESW] (?:keep {_CARD} discard {_CARD}|discard {_CARD} keep {_CARD})",
            f"bid {_repeated(f'{_PARTY} {_BID}')}",
            f"pass [NESW]>[NESW] {_repeated(_CARD)}",
            f"trick {_NUMBER} [NESW] {_repeated(_CARD)}",
            "claim [NESW]",
            f"took {_repeated(f'{_PARTY} {_NUMBER}')}",
            f"renege [NESW] {_NUMBER}",
            f"score {_repeated(f'{_PARTY} -?{_NUMBER}')}",
            f"bags {_repeated(f'{_PARTY} {_NUMBER}')}",
            f"result {_PARTY}",
        ]
    )
)


def canonical_rows(lines: Sequence[str]) -> list[str] | None:
    """``lines`` with every line that is not in canonical form rewritten as ``fmt``
    writes it (a line blank to the grammar, as a blank line; a hand's bids spread over
    ``bid`` lines one after another, on the first of them); ``None`` when a line has a
    syntax issue (the full engine reports it) or when every line was canonical already
    (nothing to try again)."""
    rows = list(lines)
    changed = False
    looks_canonical = _LOOKS_CANONICAL.fullmatch
    last_bid = -1  # the row of a bid line just before, if the row before was one
    for at, line in enumerate(lines):
        if not line.strip(" "):
            continue
        if looks_canonical(line):
            written: str | None = line
        elif '"' in line:  # a tag: blanks inside its value are part of it
            written = _written(line)
        else:  # blanks between words, one space (the grammar ignores them alike)
            written = _BLANKS.sub(" ", line).strip(" ")
            if not looks_canonical(written):
                written = _written(written)
        if written is None:
            return None
        if written.startswith("bid "):
            if last_bid >= 0:  # one line: the bids in the order made, as the lines give them
                rows[last_bid] += written[3:]
                written = ""
            else:
                last_bid = at
        elif written:
            last_bid = -1
        if written != line:
            rows[at] = written
            changed = True
    return rows if changed else None


def _written(line: str) -> str | None:
    """The canonical form of one line ("" for a line blank to the grammar), or ``None``
    if it has a syntax issue."""
    events = parse_lines([line])
    if not events:
        return ""  # blank to the grammar too (tabs, form feeds)
    if len(events) != 1 or isinstance(events[0], SyntaxIssue):
        return None
    return event_line(events[0])


def express_check(
    lines: Sequence[str],
    default: Ruleset,
    play: list[str] | None = None,
    ledger: GameLedger | None = None,
) -> tuple[int, Sequence[str]] | None:
    """The number of hands of a game in which the full check finds nothing, and its lines
    in canonical form (``lines`` itself when they were); ``None`` when the express check
    is not sure.  As :func:`~spadesctl.express.game.express_game`, for lines as written:
    those it refuses are tried again in canonical form (:func:`canonical_rows`).
    ``play``, when given, is told the canonical ``deal``, ``draw`` and ``trick`` lines of
    a settled game (for its fingerprint), and ``ledger`` what the check found in them
    (for ``score``, ``export`` and ``stats``), as ``express_game`` tells them."""
    count = express_game(lines, default, ledger, play)
    if count is not None:
        return count, lines
    rows = canonical_rows(lines)
    if rows is None:
        return None
    if play is not None:
        play.clear()  # what the first reading told before it gave up
    if ledger is not None:
        _forget(ledger)
    count = express_game(rows, default, ledger, play)
    return None if count is None else (count, rows)


def _forget(ledger: GameLedger) -> None:
    """Empty ``ledger`` of what the first reading told it before it gave up."""
    fresh = GameLedger()
    for field in dataclasses.fields(fresh):
        setattr(ledger, field.name, getattr(fresh, field.name))
