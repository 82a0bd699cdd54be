"""Diagnostics: every problem spadesctl reports, with a stable code and kebab-case name.

Each kind of diagnostic is a :class:`Kind` constant declared once below (``RENEGE`` is
``SP304 renege``), and :data:`KINDS` collects them in order: the registry.  Whatever
reports a problem (the replay's :class:`~spadesctl.replay.report.Reporter`, the score
sheet, the readers, the rules resolution) takes one of these constants, never a name, so
that a misspelt kind is an error for mypy and ruff rather than at run time.  Codes never
change meaning once published; new kinds get new codes.  docs/diagnostics.md documents
every kind under the heading ``### CODE name`` (a test keeps the two in step).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spadesctl.values import fast_init

if TYPE_CHECKING:
    from spadesctl.events import SyntaxIssue


class Severity(enum.Enum):
    """How much a diagnostic matters: only errors make ``check`` exit with status 1."""

    ERROR = "error"
    WARNING = "warning"  # the record is read, but something in it is ignored
    NOTE = "note"  # nothing to fix: the record itself deals with it (a ruling)


#: The page that documents every kind, one section each.
DOCS: Final = "docs/diagnostics.md"


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of diagnostic: its stable code, name and severity, a one-line summary, and
    whether the express check screens it.

    ``screened``: a game with this problem can reach the express check
    (:mod:`spadesctl.express`), which must then hand it to the full engine;
    ``tests/test_express.py`` holds a planted case for every screened kind.  A kind is
    not screened only when no game that has it is ever given to the express check, or
    when it is found across games rather than in one (``duplicate-game``: from each
    game's fingerprint, which the express check gives as the full engine does, a test
    in ``tests/test_duplicate_games.py`` proving it).
    """

    code: str
    name: str
    severity: Severity
    summary: str
    screened: bool = True

    @property
    def anchor(self) -> str:
        """The anchor of the kind's section in docs/diagnostics.md (``sp304-renege``)."""
        return f"{self.code.lower()}-{self.name}"

    @property
    def doc(self) -> str:
        """Where the kind is documented: ``docs/diagnostics.md#sp304-renege``."""
        return f"{DOCS}#{self.anchor}"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pickled (to and from worker processes) as its code: the same constant comes back
        return (kind, (self.code,))


_E = Severity.ERROR
_W = Severity.WARNING
_N = Severity.NOTE

# -- reading the record -------------------------------------------------------------------
SYNTAX_ERROR: Final = Kind("SP001", "syntax-error", _E, "a line that is not valid notation")
IO_ERROR: Final = Kind(
    "SP002",
    "io-error",
    _E,
    "a file that cannot be read (missing, a directory, binary)",
    screened=False,  # a file that cannot be read has no game to check
)
INVALID_RULES: Final = Kind(
    "SP003", "invalid-rules", _E, "an unknown ruleset key, a bad value or an impossible mix"
)
MISPLACED_LINE: Final = Kind(
    "SP004", "misplaced-line", _E, "a line that does not belong where it stands"
)
UNKNOWN_OPTION: Final = Kind(
    "SP005",
    "unknown-option",
    _W,
    "an imported record's option spadesctl cannot interpret",
    screened=False,  # imported (PBN) records only: the express check reads native ones
)
UNKNOWN_FORMAT: Final = Kind(
    "SP006",
    "unknown-format",
    _E,
    "a file that is none of the formats spadesctl reads",
    screened=False,  # nothing of the file is read: no game reaches the express check
)
NO_GAMES: Final = Kind(
    "SP007",
    "no-games",
    _W,
    "a file that holds no game: empty, or only blank lines, comments or tags",
    screened=False,  # a file without a game gives the express check nothing
)
DUPLICATE_GAME: Final = Kind(
    "SP008",
    "duplicate-game",
    _W,
    "a game with the same deal and play as an earlier one of the run",
    # found across games (spadesctl/file_warnings.py) from the fingerprint that both the
    # express check and the full engine give each game: no single game has it
    screened=False,
)
# -- the deal -----------------------------------------------------------------------------
BAD_DEAL: Final = Kind(
    "SP101", "bad-deal", _E, "wrong card count, a duplicate, or a card not in the deck"
)
BAD_PASS: Final = Kind(
    "SP102",
    "bad-pass",
    _E,
    "a pass of the wrong count, between the wrong seats, or of cards not held",
)
DEALER_OUT_OF_TURN: Final = Kind(
    "SP103", "dealer-out-of-turn", _E, "the deal did not rotate clockwise"
)
BAD_DRAW: Final = Kind(
    "SP104",
    "bad-draw",
    _E,
    "a two-player draw step out of order or inconsistent with the hands",
)
HAND_NUMBER: Final = Kind("SP105", "hand-number", _E, "hands not numbered 1, 2, 3, ...")
BAD_WIDOW: Final = Kind(
    "SP106", "bad-widow", _E, "a widow, take or discard line that breaks the widow rules"
)
# -- bidding ------------------------------------------------------------------------------
BID_OUT_OF_TURN: Final = Kind(
    "SP201", "bid-out-of-turn", _E, "a bid or raise made out of turn, or twice"
)
BID_OUT_OF_RANGE: Final = Kind(
    "SP202", "bid-out-of-range", _E, "a bid below 0 or above the tricks in a hand"
)
BLIND_NIL_NOT_ALLOWED: Final = Kind(
    "SP203", "blind-nil-not-allowed", _E, "blind nil by a side not trailing enough, or when off"
)
MIN_BID_VIOLATED: Final = Kind(
    "SP204", "min-bid-violated", _E, "a side's bid below min_team_bid (or above max_team_bid)"
)
BIDS_TOTAL_13: Final = Kind(
    "SP205", "bids-total-13", _E, "bids adding up to the tricks in the hand where forbidden"
)
BOTH_NIL_NOT_ALLOWED: Final = Kind(
    "SP206", "both-nil-not-allowed", _E, "both partners bid nil where that is not allowed"
)
BLIND_BID_NOT_ALLOWED: Final = Kind(
    "SP207", "blind-bid-not-allowed", _E, "a blind bid that the ruleset or the score forbids"
)
BID_IN_UNBID_HAND: Final = Kind(
    "SP208", "bid-in-unbid-hand", _E, "bids in a hand the ruleset plays without bidding"
)
SUICIDE_BID_VIOLATED: Final = Kind(
    "SP209", "suicide-bid-violated", _E, "a side not bidding one nil and one 4+ in suicide"
)
MIRROR_BID_VIOLATED: Final = Kind(
    "SP210", "mirror-bid-violated", _E, "a bid other than the number of spades held in mirror"
)
NIL_NOT_ALLOWED: Final = Kind("SP211", "nil-not-allowed", _E, "a nil bid where nil is off")
MISSING_BIDS: Final = Kind(
    "SP212", "missing-bids", _E, "a hand with no bids, or an auction that stops short"
)
# -- play ---------------------------------------------------------------------------------
WRONG_LEADER: Final = Kind("SP301", "wrong-leader", _E, "a trick led by the wrong seat")
CARD_NOT_HELD: Final = Kind(
    "SP302", "card-not-held", _E, "a card played that its player did not hold"
)
CARD_PLAYED_TWICE: Final = Kind("SP303", "card-played-twice", _E, "a card played a second time")
RENEGE: Final = Kind("SP304", "renege", _E, "a player did not follow suit while able to")
SPADES_NOT_BROKEN: Final = Kind(
    "SP305", "spades-not-broken", _E, "a spade led before spades were broken"
)
FIRST_TRICK_VIOLATION: Final = Kind(
    "SP306", "first-trick-violation", _E, "a first-trick rule broken"
)
MUST_OVERTAKE: Final = Kind(
    "SP307", "must-overtake", _E, "a card lower than the player could and had to play"
)
TRICK_COUNT_MISMATCH: Final = Kind(
    "SP308", "trick-count-mismatch", _E, "took counts disagreeing with the tricks played"
)
INCOMPLETE_HAND: Final = Kind(
    "SP309", "incomplete-hand", _E, "a hand with neither all its tricks, a claim, nor took"
)
UNSUPPORTED_RENEGE_CALL: Final = Kind(
    "SP310", "unsupported-renege-call", _E, "a renege ruling that the play does not support"
)
WRONG_CARD_COUNT: Final = Kind(
    "SP311", "wrong-card-count", _E, "a trick with the wrong number of cards"
)
TRICK_NUMBER: Final = Kind("SP312", "trick-number", _E, "tricks not numbered 1, 2, 3, ...")
RENEGE_RULED: Final = Kind(
    "SP313", "renege-ruled", _N, "a renege the record's own ruling calls and penalises"
)
TRICK_IN_SEAT_ORDER: Final = Kind(
    "SP314",
    "trick-in-seat-order",
    _E,
    "a trick's cards written in seat order (N E S W), not in the order played",
)
# -- the score sheet ----------------------------------------------------------------------
SCORE_MISMATCH: Final = Kind(
    "SP401", "score-mismatch", _E, "a recorded running score that disagrees"
)
BAGS_MISMATCH: Final = Kind("SP402", "bags-mismatch", _E, "a recorded bag count that disagrees")
RESULT_MISMATCH: Final = Kind("SP403", "result-mismatch", _E, "a recorded winner that disagrees")
PLAY_AFTER_GAME_OVER: Final = Kind(
    "SP404", "play-after-game-over", _E, "hands recorded after the game was decided"
)

#: Every kind, in the order of docs/diagnostics.md: the registry.
KINDS: Final[tuple[Kind, ...]] = tuple(
    value for value in tuple(globals().values()) if isinstance(value, Kind)
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

    kind: Kind
    message: str
    file: str = "-"
    line: int = 0
    column: int = 0
    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    seat: str | None = None
    #: Whom it is about: a side (``NS``, ``EW``) or a seat; for a seat's own problem, the
    #: seat (as ``seat``); for a side's (``min-bid-violated``, ``score-mismatch``), the side.
    party: str | None = None

    @classmethod
    def from_issue(cls, issue: SyntaxIssue, file: str, game: int | None = None) -> Diagnostic:
        """The diagnostic of a reading problem (a :class:`~spadesctl.events.SyntaxIssue`)
        in ``file``, in its ``game``-th game."""
        return cls(issue.kind, issue.message, file, issue.pos.line, issue.pos.column, game)

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def code(self) -> str:
        return self.kind.code

    @property
    def severity(self) -> Severity:
        return self.kind.severity

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.kind.code)

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
            "party": self.party,
            "message": self.message,
        }

    @property
    def text(self) -> str:
        """The message as text output shows it: a warning's begins ``warning: ``, a
        note's ``note: ``; an error's is the message alone."""
        severity = self.kind.severity
        if severity is Severity.ERROR:
            return self.message
        return f"{severity.value}: {self.message}"

    def format(self) -> str:
        """``path:line:col: CODE name: message``, the compiler-style line (the message
        marked as a warning or a note when it is one, see :attr:`text`)."""
        k = self.kind
        return f"{self.file}:{self.line}:{self.column}: {k.code} {k.name}: {self.text}"
