"""The rulesets the express check covers, and the plain numbers it reads from them.

The express check (:mod:`spadesctl.express`) replays the games of two, three or four
players, in partnerships or not (two players draw their hands: :mod:`spadesctl.express.draw`),
every hand bid or the first unbid (any deck; the 2C leads only in the 52-card one).
:func:`express_rules` turns such a :class:`~spadesctl.rules.ruleset.Ruleset` into an
:class:`ExpressRules` of ints and bools, and answers ``None`` for any other ruleset (the
game is then checked by the full engine).

Every key of :class:`Ruleset` declares on its field how the express check treats it
(:class:`~spadesctl.rules.declare.Express`), read here into :data:`FIXED`, :data:`VARIED`
and :data:`NOT_REACHED`; a key must be declared with one, so that a new house rule
cannot slip past the express check unread.  A key declared ``VARIED`` must also be read
by :func:`express_rules` (``tests/test_express.py`` proves the express check against the
full engine under each value).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Final

from spadesctl.cards import seats_for
from spadesctl.core.bids import is_unbid, zero_is_nil
from spadesctl.core.draws import DRAWERS, draw_steps
from spadesctl.core.limits import MAX_HANDS
from spadesctl.core.score import ScoreRules, score_rules
from spadesctl.express.deck import DeckTables, deck_tables
from spadesctl.rules.declare import Express
from spadesctl.rules.keys import KEYS
from spadesctl.rules.ruleset import (
    BagMode,
    Bidding,
    Deck,
    FirstLead,
    LeadSpades,
    Ruleset,
    UnbidHands,
)

#: Keys the express check requires to have their default value (declared
#: ``Express.FIXED`` on their field of :class:`Ruleset`).
FIXED: Final[dict[str, object]] = {k.name: k.default for k in KEYS if k.express is Express.FIXED}

#: Keys whose every value the express check reads (``Express.VARIED``).
VARIED: Final = frozenset(k.name for k in KEYS if k.express is Express.VARIED)

#: Keys that cannot matter in a game the express check accepts (``Express.NOT_REACHED``),
#: and the name: renege rulings, whose lines make the express check hand the game over.
NOT_REACHED: Final = frozenset(
    {"name", *(k.name for k in KEYS if k.express is Express.NOT_REACHED)}
)


@dataclass(frozen=True, slots=True)
class ExpressRules:
    """What the express check needs to know of a ruleset, as plain values."""

    players: int  # 2, 3 or 4
    partnership: bool  # two sides (four players), else every player for themselves
    tricks: int  # in a hand: 13, or 17 with three players
    seats: tuple[str, ...]  # clockwise from North: N E S W, N E S, or N S
    spots: tuple[int, ...]  # per seat: its place among N E S W (the tricks table's columns)
    claims: dict[str, int]  # a claim line as ``fmt`` writes it -> the claimer
    draws: int  # the draw steps that build the hands (two players), else 0
    rotations: tuple[tuple[int, ...], ...]  # per seat: the seats in turn from it
    #: per seat leading: the others in turn, each as (its word in a trick line, seat,
    #: 4 x seat: where its suits start in ``held``)
    followers: tuple[tuple[tuple[int, int, int], ...], ...]
    parties: tuple[str, ...]  # who scores: NS and EW, or each seat
    party_of: tuple[int, ...]  # per seat: its party
    party_seats: tuple[tuple[int, ...], ...]  # per party: its seats
    #: who a ``took`` line may name, by its word: each seat, and each side (partnerships)
    party_words: dict[str, tuple[int, ...]]
    tables: DeckTables  # the deck
    two_of_clubs_leads: bool  # else the dealer's left leads (or anyone, lowest_club)
    lowest_club: bool  # first_lead=lowest_club: everyone plays their lowest club to trick 1
    spades_first_trick: bool
    spades_broken: bool  # lead_spades=broken
    must_overtake: bool  # beat the best card of the suit led; void in it, trump over trumps
    nil: int | None
    zero_is_nil: bool  # a bid of 0 is a nil (zero_is_nil and nil on)
    blind_nil: int | None
    blind_nil_deficit: int
    blind_nil_pass: int
    both_nil: bool
    carry: bool  # a bag counter is kept
    score: ScoreRules  # the scoring keys, for the rules core
    min_team_bid: int
    max_team_bid: int | None
    bids_total_13: bool
    target: int
    lose_at: int | None
    set_streak_loses: int | None
    blind_bids: int | None  # the smallest blind bid (a side's), None: off
    blind_bid_deficit: int
    unbid: frozenset[int]  # the hands (from 1) played without bids: none, or the first
    suicide: bool  # bidding=suicide: one nil and one bid of 4 or more per side
    mirror: bool  # bidding=mirror: each seat bids the spades it was dealt
    boston_wins: bool


@functools.lru_cache(maxsize=64)
def express_rules(rules: Ruleset) -> ExpressRules | None:
    """The express view of ``rules``, or ``None`` if the express check does not cover it."""
    for key, value in FIXED.items():
        if getattr(rules, key) != value:
            return None
    if rules.first_lead is FirstLead.TWO_OF_CLUBS and rules.deck is not Deck.STANDARD:
        return None  # no 2C in the pack: anyone leads the first trick
    players = rules.players
    partnership = rules.has_partnerships
    if players == 3 and (rules.deck is Deck.JJDD or "2D" in rules.high_twos):
        return None  # jjdd has no 3-player pack
    if rules.unbid_hands is UnbidHands.ALL:
        return None  # no hand is bid: the full engine scores a running count of tricks
    seats = tuple(seat.value for seat in seats_for(players))
    party_seats = ((0, 2), (1, 3)) if partnership else tuple((s,) for s in range(players))
    return ExpressRules(
        players=players,
        partnership=partnership,
        tricks=rules.tricks_per_hand,
        seats=seats,
        spots=tuple("NESW".index(seat) for seat in seats),
        claims={f"claim {seat}": s for s, seat in enumerate(seats)},
        draws=draw_steps(rules.tricks_per_hand) if players == DRAWERS else 0,
        rotations=tuple(tuple((s + k) % players for k in range(players)) for s in range(players)),
        followers=tuple(
            tuple((3 + k, (s + k) % players, 4 * ((s + k) % players)) for k in range(1, players))
            for s in range(players)
        ),
        parties=("NS", "EW") if partnership else seats,
        party_of=tuple(
            next(p for p, m in enumerate(party_seats) if s in m) for s in range(players)
        ),
        party_seats=party_seats,
        party_words={
            **{seat: (s,) for s, seat in enumerate(seats)},
            **({"NS": (0, 2), "EW": (1, 3)} if partnership else {}),
        },
        tables=deck_tables(rules.deck, players, rules.high_twos),
        two_of_clubs_leads=rules.first_lead is FirstLead.TWO_OF_CLUBS,
        lowest_club=rules.first_lead is FirstLead.LOWEST_CLUB,
        spades_first_trick=rules.spades_first_trick,
        must_overtake=rules.must_overtake,
        spades_broken=rules.lead_spades is LeadSpades.BROKEN,
        nil=rules.nil,
        zero_is_nil=zero_is_nil(rules),
        blind_nil=rules.blind_nil,
        blind_nil_deficit=rules.blind_nil_deficit,
        blind_nil_pass=rules.blind_nil_pass,
        both_nil=rules.both_nil,
        carry=rules.bag_mode is BagMode.CARRY,
        score=score_rules(rules),
        min_team_bid=rules.min_team_bid,
        max_team_bid=rules.max_team_bid,
        bids_total_13=rules.bids_total_13,
        target=rules.target,
        lose_at=rules.lose_at,
        set_streak_loses=rules.set_streak_loses,
        blind_bids=rules.blind_bids,
        blind_bid_deficit=rules.blind_bid_deficit,
        unbid=frozenset(n for n in range(1, MAX_HANDS + 1) if is_unbid(rules, n)),
        suicide=rules.bidding is Bidding.SUICIDE,
        mirror=rules.bidding is Bidding.MIRROR,
        boston_wins=rules.boston_wins,
    )


def ruleset_keys() -> frozenset[str]:
    """Every key of :class:`Ruleset` (for the test that each one is classified above)."""
    return frozenset(f.name for f in fields(Ruleset))
