"""Diagnostics: every problem spadesctl reports, with a stable code and kebab-case name.

The table :data:`KINDS` is the single registry of diagnostic kinds.  Codes never change
meaning once published; new kinds get new codes.  docs/diagnostics.md lists them all
(a test keeps the two in step).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final

from spadesctl.values import fast_init


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Kind:
    code: str
    name: str
    severity: Severity
    summary: str


_E = Severity.ERROR
_W = Severity.WARNING

KINDS: Final[tuple[Kind, ...]] = (
    # reading the record
    Kind("SP001", "syntax-error", _E, "a line that is not valid notation"),
    Kind("SP002", "io-error", _E, "a file that cannot be read (missing, a directory, binary)"),
    Kind("SP003", "invalid-rules", _E, "an unknown ruleset key, a bad value or an impossible mix"),
    Kind("SP004", "misplaced-line", _E, "a line that does not belong where it stands"),
    Kind("SP005", "unknown-option", _W, "an imported record's option spadesctl cannot interpret"),
    # the deal
    Kind("SP101", "bad-deal", _E, "wrong card count, a duplicate, or a card not in the deck"),
    Kind(
        "SP102",
        "bad-pass",
        _E,
        "a pass of the wrong count, between the wrong seats, or of cards not held",
    ),
    Kind("SP103", "dealer-out-of-turn", _E, "the deal did not rotate clockwise"),
    Kind(
        "SP104",
        "bad-draw",
        _E,
        "a two-player draw step out of order or inconsistent with the hands",
    ),
    Kind("SP105", "hand-number", _E, "hands not numbered 1, 2, 3, ..."),
    Kind("SP106", "bad-widow", _E, "a widow, take or discard line that breaks the widow rules"),
    # bidding
    Kind("SP201", "bid-out-of-turn", _E, "a bid made out of turn, twice, or missing"),
    Kind("SP202", "bid-out-of-range", _E, "a bid below 0 or above the tricks in a hand"),
    Kind(
        "SP203", "blind-nil-not-allowed", _E, "blind nil by a side not trailing enough, or when off"
    ),
    Kind(
        "SP204", "min-bid-violated", _E, "a side's bid below min_team_bid (or above max_team_bid)"
    ),
    Kind("SP205", "bids-total-13", _E, "bids adding up to the tricks in the hand where forbidden"),
    Kind("SP206", "both-nil-not-allowed", _E, "both partners bid nil where that is not allowed"),
    Kind("SP207", "blind-bid-not-allowed", _E, "a blind bid that the ruleset or the score forbids"),
    Kind("SP208", "bid-in-unbid-hand", _E, "bids in a hand the ruleset plays without bidding"),
    Kind("SP209", "suicide-bid-violated", _E, "a side not bidding one nil and one 4+ in suicide"),
    Kind(
        "SP210", "mirror-bid-violated", _E, "a bid other than the number of spades held in mirror"
    ),
    Kind("SP211", "nil-not-allowed", _E, "a nil bid where nil is off"),
    Kind("SP212", "missing-bids", _E, "a hand with no bids, or an auction that stops short"),
    # play
    Kind("SP301", "wrong-leader", _E, "a trick led by the wrong seat"),
    Kind("SP302", "card-not-held", _E, "a card played that its player did not hold"),
    Kind("SP303", "card-played-twice", _E, "a card played a second time"),
    Kind("SP304", "renege", _E, "a player did not follow suit while able to"),
    Kind("SP305", "spades-not-broken", _E, "a spade led before spades were broken"),
    Kind("SP306", "first-trick-violation", _E, "a first-trick rule broken"),
    Kind("SP307", "must-overtake", _E, "a card lower than the player could and had to play"),
    Kind("SP308", "trick-count-mismatch", _E, "took counts disagreeing with the tricks played"),
    Kind("SP309", "incomplete-hand", _E, "a hand with neither all its tricks, a claim, nor took"),
    Kind("SP310", "unsupported-renege-call", _E, "a renege ruling that the play does not support"),
    Kind("SP311", "wrong-card-count", _E, "a trick with the wrong number of cards"),
    Kind("SP312", "trick-number", _E, "tricks not numbered 1, 2, 3, ..."),
    # the score sheet
    Kind("SP401", "score-mismatch", _E, "a recorded running score that disagrees"),
    Kind("SP402", "bags-mismatch", _E, "a recorded bag count that disagrees"),
    Kind("SP403", "result-mismatch", _E, "a recorded winner that disagrees"),
    Kind("SP404", "play-after-game-over", _E, "hands recorded after the game was decided"),
)

KIND_BY_NAME: Final = {k.name: k for k in KINDS}
KIND_BY_CODE: Final = {k.code: k for k in KINDS}


def kind(name_or_code: str) -> Kind:
    """Look a kind up by name (``renege``) or code (``SP304``); :class:`KeyError` otherwise."""
    found = KIND_BY_NAME.get(name_or_code) or KIND_BY_CODE.get(name_or_code.upper())
    if found is None:
        raise KeyError(name_or_code)
    return found


@fast_init
@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record, with where it is (file, line, column, game, hand...)."""

    name: str
    message: str
    file: str = "-"
    line: int = 0
    column: int = 0
    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    seat: str | None = None

    @property
    def kind(self) -> Kind:
        return KIND_BY_NAME[self.name]

    @property
    def code(self) -> str:
        return self.kind.code

    @property
    def severity(self) -> Severity:
        return self.kind.severity

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "game": self.game,
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "message": self.message,
        }

    def format(self) -> str:
        """``path:line:col: CODE name: message``, the compiler-style line."""
        return f"{self.file}:{self.line}:{self.column}: {self.code} {self.name}: {self.message}"
