"""The named presets: each one a :class:`Ruleset` (whose ``name`` is the preset's name).

Every preset is built from ``standard`` (the :class:`Ruleset` defaults) by changing only
the keys that make it what it is; docs/rules.md gives the source of each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from spadesctl.rules.ruleset import (
    BagMode,
    Bidding,
    BlindBidSet,
    Deck,
    FailedNilTricks,
    FirstLead,
    MoonFail,
    Ruleset,
    UnbidHands,
)

STANDARD: Final = Ruleset()

# Encyclopedia partnership rules (seed 000).
BRITANNICA: Final = replace(
    STANDARD,
    name="britannica",
    nil=50,
    blind_nil=100,
    first_lead=FirstLead.LOWEST_CLUB,
    spades_first_trick=False,
    failed_nil_tricks=FailedNilTricks.PARTNER,
    both_nil=False,
)

# Everyone for themselves; blind nil is off because there is no partner to exchange with.
CUTTHROAT: Final = replace(
    STANDARD,
    name="cutthroat",
    partnership=False,
    first_lead=FirstLead.TWO_OF_CLUBS,
    blind_nil=None,
)

# Solo play of seed 000: cutthroat where each card must beat the trick if it can; the
# dealer's left leads, as in the partnership game (000 has no two-of-clubs lead).
SOLO: Final = replace(
    CUTTHROAT, name="solo", must_overtake=True, first_lead=FirstLead.LEFT_OF_DEALER
)

# Seed 002: hands built by drawing; a failed nil or moon only brings bags.
TWO_PLAYER: Final = replace(
    STANDARD,
    name="two-player",
    players=2,
    partnership=False,
    nil=100,
    nil_penalty=0,
    failed_nil_tricks=FailedNilTricks.BAGS,
    moon=250,
    moon_fail=MoonFail.BAGS,
    blind_nil=None,
)

JOKERS: Final = replace(STANDARD, name="jokers", deck=Deck.JOKERS)
JJDD: Final = replace(STANDARD, name="jjdd", deck=Deck.JJDD)
SUICIDE: Final = replace(STANDARD, name="suicide", bidding=Bidding.SUICIDE)
# Blind nil is off: a mirror bid is read off the cards, so nothing can be bid unseen.
MIRROR: Final = replace(STANDARD, name="mirror", bidding=Bidding.MIRROR, blind_nil=None)

# The overtrick-limit variant of seed 004: side bids of 4 to 10, at most two overtricks,
# no nil, blind bids of 6 or more, the first hand unbid.
BOSTON: Final = replace(
    STANDARD,
    name="boston",
    min_team_bid=4,
    max_team_bid=10,
    max_overtricks=2,
    ten_for_200=True,
    boston_wins=True,
    blind_bids=6,
    blind_bid_set=BlindBidSet.SINGLE,
    unbid_hands=UnbidHands.FIRST,
    set_streak_loses=2,
    bag_mode=BagMode.OFF,
    bag_limit=None,
    nil=None,
    blind_nil=None,
)

PRESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        r.name: r
        for r in (
            STANDARD,
            BRITANNICA,
            CUTTHROAT,
            SOLO,
            TWO_PLAYER,
            JOKERS,
            JJDD,
            SUICIDE,
            MIRROR,
            BOSTON,
        )
    }
)


def preset_name(text: str) -> str:
    """The canonical spelling of a preset name as written (``Two_Player`` -> ``two-player``)."""
    return text.strip().lower().replace("_", "-")
