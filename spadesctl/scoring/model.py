"""The values of the scoring model: what goes into scoring a hand or a game, and what comes out.

Everything here is an immutable value.  A :class:`Standing` is the state carried from hand
to hand (score, bag counter and consecutive sets per party); a :class:`HandScore` is one
hand's outcome with an itemised explanation; a :class:`GameScore` is a whole game.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from spadesctl.cards import Party, Seat, Side, seats_for, side_of
from spadesctl.core.score import SetReason
from spadesctl.errors import RulesError
from spadesctl.events import Bid
from spadesctl.rules.ruleset import RenegePenalty, Ruleset
from spadesctl.values import fast_init

#: Figures per party: a plain ``dict[Seat, int]`` or ``dict[Side, int]`` is accepted as is.
PartyCounts = Mapping[Seat, int] | Mapping[Side, int] | Mapping[Party, int]


class ScoringError(RulesError):
    """Input that cannot be scored: a party without a bid, a side bid without partnerships,
    a seat's tricks missing, a standing for other parties.  The message names the problem."""


def parties_of(rules: Ruleset) -> tuple[Party, ...]:
    """Who scores: the two sides in a four-player partnership game, every seat otherwise."""
    if rules.has_partnerships:
        return (Side.NS, Side.EW)
    return seats_for(rules.players)


def absent_party(rules: Ruleset, seats: tuple[Seat, ...], party: Party) -> str | None:
    """Why ``party`` takes no part at a table of ``seats``, in words, or ``None``: a side
    where there are no partnerships, a seat that is not at the table."""
    if isinstance(party, Side):
        return None if rules.has_partnerships else "these rules have no partnerships"
    return None if party in seats else f"not at a {rules.players}-player table"


def party_of(rules: Ruleset, seat: Seat) -> Party:
    """The party a seat scores for."""
    if rules.has_partnerships:
        return side_of(seat)
    return seat


def seats_of(party: Party) -> tuple[Seat, ...]:
    """The seats whose tricks belong to ``party``."""
    if isinstance(party, Side):
        return party.seats
    return (party,)


@fast_init
@dataclass(frozen=True, slots=True)
class RenegeRuling:
    """A renege established at the table, to be penalised as the ruleset's renege_penalty says.

    ``beneficiary`` overrides who receives the penalty tricks (by default the other side in
    a partnership game, and the other players one trick at a time clockwise from the
    offender's left otherwise).  ``trick`` is only used in explanations.
    """

    offender: Seat
    trick: int | None = None
    beneficiary: Party | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class PartyStanding:
    """One party's running state: score, bag counter, and sets on consecutive hands."""

    score: int = 0
    bags: int = 0
    sets_in_a_row: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class Standing:
    """Every party's :class:`PartyStanding`, in party order (NS, EW or N, E, S, W)."""

    entries: tuple[tuple[Party, PartyStanding], ...]

    @classmethod
    def start(cls, rules: Ruleset) -> Standing:
        """All parties at 0 points, 0 bags."""
        return cls(tuple((p, PartyStanding()) for p in parties_of(rules)))

    @classmethod
    def of(
        cls,
        rules: Ruleset,
        scores: PartyCounts,
        bags: PartyCounts | None = None,
        sets_in_a_row: PartyCounts | None = None,
    ) -> Standing:
        """A standing from per-party figures; parties left out stand at 0."""
        score_of: Mapping[Party, int] = dict(scores.items())
        bags_of: Mapping[Party, int] = dict(bags.items()) if bags else {}
        sets_of: Mapping[Party, int] = dict(sets_in_a_row.items()) if sets_in_a_row else {}
        return cls(
            tuple(
                (p, PartyStanding(score_of.get(p, 0), bags_of.get(p, 0), sets_of.get(p, 0)))
                for p in parties_of(rules)
            )
        )

    @property
    def parties(self) -> tuple[Party, ...]:
        return tuple(p for p, _ in self.entries)

    def __getitem__(self, party: Party) -> PartyStanding:
        for p, s in self.entries:
            if p is party:
                return s
        raise KeyError(party)

    def score(self, party: Party) -> int:
        return self[party].score

    def bags(self, party: Party) -> int:
        return self[party].bags

    @property
    def scores(self) -> dict[Party, int]:
        return {p: s.score for p, s in self.entries}

    def with_party(self, party: Party, standing: PartyStanding) -> Standing:
        return Standing(tuple((p, standing if p is party else s) for p, s in self.entries))

    def with_score(self, party: Party, score: int) -> Standing:
        return self.with_party(party, replace(self[party], score=score))

    def __str__(self) -> str:
        return ", ".join(
            f"{p} {s.score} ({s.bags} {'bag' if s.bags == 1 else 'bags'})" for p, s in self.entries
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Item:
    """One line of a hand's explanation: who gains or loses how much, and why."""

    party: Party
    points: int
    text: str

    def __str__(self) -> str:
        return self.text


@fast_init
@dataclass(frozen=True, slots=True)
class NilResult:
    """One nil (or blind nil) bid: scored for its bidder, apart from the partner's contract."""

    seat: Seat
    party: Party
    blind: bool
    taken: int  # tricks the nil bidder actually took (renege transfers do not change it)
    bonus: int  # what the nil is worth if made
    penalty: int  # what it costs if failed

    @property
    def made(self) -> bool:
        return self.taken == 0

    @property
    def points(self) -> int:
        return self.bonus if self.made else -self.penalty

    @property
    def name(self) -> str:
        return "blind nil" if self.blind else "nil"


@fast_init
@dataclass(frozen=True, slots=True)
class PartyResult:
    """One party's outcome for one hand.  ``points`` is the sum of the parts."""

    party: Party
    contract: int | None  # tricks bid by the party's non-nil bidders; None: no contract
    blind: int  # how many of the contract's tricks were bid blind
    taken: int  # tricks the party's seats took, as played
    counted: int  # tricks counted toward the contract (failed-nil rule, renege transfers)
    made: bool | None  # None when there is no contract
    set_reason: SetReason | None
    overtricks: int  # tricks counted beyond the contract, when made
    extra_bags: int  # other tricks that count as bags: failed nils', a failed moon's
    moon: bool  # the contract was for every trick of the hand (and moon is on)
    boston: bool  # a bid of 10+ and every trick of the hand taken
    contract_points: int  # 10 a trick (20 blind), 200 (ten_for_200), moon, or the set
    overtrick_points: int  # overtricks and extra bags, as bag_mode scores them
    nil_points: int
    bags_added: int  # to the bag counter (carry mode only)
    bag_penalties: int  # how many times the counter reached bag_limit
    bag_penalty_points: int  # negative or 0
    nil_bags: int = 0  # of extra_bags, failed nils' tricks (the rest: a failed moon's)
    partner_nil_tricks: int = 0  # failed nils' tricks counted toward the contract
    removed: int = 0  # tricks lost to renege penalties
    received: int = 0  # tricks received from other parties' renege penalties

    @property
    def points(self) -> int:
        return (
            self.contract_points + self.overtrick_points + self.nil_points + self.bag_penalty_points
        )

    @property
    def is_set(self) -> bool:
        return self.made is False


@fast_init
@dataclass(frozen=True, slots=True)
class RulingOutcome:
    """What one renege ruling did: the party penalised and the tricks that moved."""

    offender: Seat
    trick: int | None
    party: Party  # the offender's
    penalty: RenegePenalty
    moved: int  # tricks that left the party (0 for a "set" penalty)
    shares: tuple[tuple[Party, int], ...]  # who received them, how many each
    no_contract: tuple[Party, ...]  # receivers without a contract: they count for nothing


@fast_init
@dataclass(frozen=True, slots=True)
class HandScore:
    """The outcome of one hand: the figures (:attr:`items` explains them on request)."""

    number: int
    unbid: bool  # played without bids (first_hand_unbid): 10 a trick
    results: tuple[PartyResult, ...]
    nils: tuple[NilResult, ...]
    rulings: tuple[RulingOutcome, ...]
    before: Standing
    after: Standing
    rules: Ruleset

    @property
    def items(self) -> tuple[Item, ...]:
        """The itemised explanation, written from the figures
        (:func:`spadesctl.scoring.explain.hand_items`)."""
        from spadesctl.scoring.explain import hand_items

        return hand_items(self)

    def result(self, party: Party) -> PartyResult:
        for r in self.results:
            if r.party is party:
                return r
        raise KeyError(party)

    def points(self, party: Party) -> int:
        return self.result(party).points

    def made(self, party: Party) -> bool | None:
        return self.result(party).made

    def bags_added(self, party: Party) -> int:
        return self.result(party).bags_added

    def nil(self, seat: Seat) -> NilResult | None:
        for n in self.nils:
            if n.seat is seat:
                return n
        return None

    @property
    def explanation(self) -> str:
        """The items, one a line, with their points."""
        return "\n".join(f"{i.text}" for i in self.items)


@fast_init
@dataclass(frozen=True, slots=True)
class HandInput:
    """What :func:`~spadesctl.scoring.game.score_game` needs of one hand."""

    bids: tuple[Bid, ...]
    taken: tuple[tuple[Party, int], ...]
    rulings: tuple[RenegeRuling, ...] = ()
    number: int | None = None  # None: the hand's position in the game, from 1

    @classmethod
    def of(
        cls,
        bids: Iterable[Bid] | Mapping[Seat, Bid],
        taken: PartyCounts | Iterable[tuple[Party, int]],
        rulings: Iterable[RenegeRuling] = (),
        number: int | None = None,
    ) -> HandInput:
        bid_tuple = tuple(bids.values()) if isinstance(bids, Mapping) else tuple(bids)
        taken_tuple = tuple(taken.items()) if isinstance(taken, Mapping) else tuple(taken)
        return cls(bid_tuple, taken_tuple, tuple(rulings), number)


class EndReason(enum.Enum):
    """Why a game ended."""

    TARGET = "target"  # a party reached the target and was ahead
    MERCY = "mercy"  # a party fell to lose_at or below
    SET_TWICE = "set-twice"  # a side was set on two hands in a row (set_streak_loses=2)
    SET_STREAK = "set-streak"  # ... on more hands in a row (set_streak_loses=3)
    BOSTON = "boston"  # a side bid 10+ and took every trick


@fast_init
@dataclass(frozen=True, slots=True)
class GameResult:
    """Who won, why, and after which hand."""

    winner: Party
    reason: EndReason
    hand: int
    text: str


@fast_init
@dataclass(frozen=True, slots=True)
class GameScore:
    """A whole game: every hand scored in turn, and the result if the game was decided.

    Hands recorded after the deciding hand are still scored (so that their recorded totals
    can be checked); their numbers are in ``hands_after_end``.
    """

    rules: Ruleset
    hands: tuple[HandScore, ...]
    standing: Standing  # after the last hand
    result: GameResult | None
    hands_after_end: tuple[int, ...]

    def hand(self, number: int) -> HandScore:
        for h in self.hands:
            if h.number == number:
                return h
        raise KeyError(number)


@fast_init
@dataclass(frozen=True, slots=True)
class SheetError:
    """A recorded running total that disagrees with the computed one.

    ``causes`` lists the explanations that fit the difference exactly (see
    :func:`~spadesctl.scoring.explain.first_sheet_errors`); one cause is an inference, more
    than one means the difference alone cannot tell them apart, none means no known slip fits.
    """

    hand: int
    party: Party
    recorded: int
    expected: int
    causes: tuple[str, ...] = ()

    @property
    def difference(self) -> int:
        return self.recorded - self.expected

    @property
    def cause(self) -> str | None:
        return self.causes[0] if len(self.causes) == 1 else None

    @property
    def message(self) -> str:
        text = (
            f"hand {self.hand}: {self.party} recorded {self.recorded}, "
            f"expected {self.expected} ({self.difference:+d})"
        )
        if len(self.causes) == 1:
            text += f": likely {self.causes[0]}"
        elif self.causes:
            text += ": either " + " or ".join(self.causes)
        return text
