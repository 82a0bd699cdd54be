"""The ruleset: every house rule the engine knows, as one immutable value.

Each field is a named key of the ruleset (``[Rules "standard nil=50"]``); the field name
is the key.  ``None`` stands for ``off`` where a key can be switched off.  Presets and the
parsing of rules text live in :mod:`spadesctl.rules.presets` and
:mod:`spadesctl.rules.parse`; docs/rules.md documents every key and where it comes from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal


class Deck(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    STANDARD = "standard"  # 52 cards
    JOKERS = "jokers"  # 54 less 2H and 2C; BJ > LJ are the two top spades
    JJDD = "jjdd"  # as jokers, and BJ > LJ > 2D > 2S above AS (2D is a spade)


class FirstLead(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    LEFT_OF_DEALER = "left_of_dealer"
    TWO_OF_CLUBS = "two_of_clubs"
    LOWEST_CLUB = "lowest_club"


class LeadSpades(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    BROKEN = "broken"
    ANYTIME = "anytime"


class FailedNilTricks(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    BAGS = "bags"  # tricks of a failed nil bidder are bags for the side
    PARTNER = "partner"  # they count toward the partner's bid
    NONE = "none"  # they count for nothing


class BagMode(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    # each overtrick +1; a side loses bag_penalty each time its count reaches bag_limit
    CARRY = "carry"
    DEDUCT = "deduct"  # each overtrick scores -1, no counter
    OFF = "off"  # overtricks score nothing


class SetPenalty(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    BID = "bid"  # a set side loses 10 x its bid
    ZERO = "zero"  # a set side scores 0


class Bidding(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: identity hashing is cheap

    NORMAL = "normal"
    SUICIDE = "suicide"  # one partner of each side bids nil, the other at least 4
    MIRROR = "mirror"  # each player bids the number of spades held


RenegePenalty = int | Literal["set"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """All the keys, with the ``standard`` preset's values as defaults."""

    name: str = "standard"
    players: int = 4
    partnership: bool = True
    deck: Deck = Deck.STANDARD
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    spades_first_trick: bool = True
    lead_spades: LeadSpades = LeadSpades.BROKEN
    must_overtake: bool = False
    bidding: Bidding = Bidding.NORMAL
    nil: int | None = 100
    nil_penalty: int | None = None  # None: the same as nil
    zero_is_nil: bool = True
    blind_nil: int | None = 200
    blind_nil_deficit: int = 100
    blind_nil_pass: int = 2
    both_nil: bool = True
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS
    bag_limit: int | None = 10
    bag_penalty: int = 100
    bag_mode: BagMode = BagMode.CARRY
    set_penalty: SetPenalty = SetPenalty.BID
    min_team_bid: int = 0
    max_team_bid: int | None = None
    bids_total_13: bool = True
    blind_bids: int | None = None
    blind_bid_deficit: int = 100
    first_hand_unbid: bool = False
    first_hand_bids_itself: bool = False
    max_overtricks: int | None = None
    ten_for_200: bool = False
    boston_wins: bool = False
    moon: int | None = None
    moon_fail: Literal["set", "bags"] = "set"
    target: int = 500
    lose_at: int | None = None
    set_twice_loses: bool = False
    renege_penalty: RenegePenalty = 3

    @property
    def tricks_per_hand(self) -> int:
        return 17 if self.players == 3 else 13

    @property
    def effective_nil_penalty(self) -> int:
        if self.nil_penalty is not None:
            return self.nil_penalty
        return self.nil or 0
