"""The tags of the dialect that are not a game's own metadata, by what they do.

PBN tags that open a section (``Auction``, ``Play`` and spadesctl's ``Tricks``) or are
read by the grammar (``Deal``); tags that belong to one deal (``Board``, ``Dealer``); and
spadesctl's own per-deal tags, which :mod:`spadesctl.pbn.writer` adds for what PBN cannot
say and whose values are native lines without their keyword.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

#: Tags whose lines after them form a section.
SECTION_TAGS: Final = ("Auction", "Play", "Tricks")

#: spadesctl's own per-deal tags and the native keyword their value is read after.
NATIVE_TAGS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "Holdings": "deal",
        "Draws": "draw",
        "Bids": "bid",
        "Raises": "raise",
        "PassesBeforeBid": "pass",
        "Passes": "pass",
        "Widow": "widow",
        # the take and discard lines, each item with its keyword (both kinds, in order)
        "WidowBeforeBid": "",
        "WidowAfterBid": "",
        "Claim": "claim",
        "Took": "took",
        "Reneges": "renege",
        "RunningScore": "score",
        "RunningBags": "bags",
        "Winner": "result",
    }
)
#: Native tags that hold several items, separated by commas.
LIST_TAGS: Final = frozenset(
    {"Draws", "Raises", "PassesBeforeBid", "Passes", "Reneges", "WidowBeforeBid", "WidowAfterBid"}
)
#: Native tags whose lines stand before the bids (the record reads them there).
BEFORE_BID_TAGS: Final = frozenset({"PassesBeforeBid", "WidowBeforeBid"})
#: Native tags whose items are whole lines, keyword first, of these kinds only.
LINE_TAGS: Final = frozenset({"WidowBeforeBid", "WidowAfterBid"})

#: Trickster's running totals after the deal, by seat: ``S:162 527 162 527``.
GAME_SCORES: Final = "GameScores"

#: Trickster's cards of the pack no one was dealt (they differ from deal to deal).
UNDEALT: Final = "Undealt"

#: Plain tags that belong to one deal, not to the game.
PER_DEAL_TAGS: Final = frozenset({"Board", "Dealer", GAME_SCORES, UNDEALT, *NATIVE_TAGS})

#: Tags that show a record holds a deal (the reader starts a new record after them).
DEAL_CONTENT_TAGS: Final = frozenset({*PER_DEAL_TAGS, "Deal", *SECTION_TAGS})

#: ``[NewGame "N"]``: the writer's mark on the records of a game that the reader would
#: otherwise join to the game before (the same tags), split (hand numbers that do not go
#: up) or not see at all (nothing to write); not kept as a tag when read back.
GAME_MARK: Final = "NewGame"

#: Names a game's own tags cannot have in PBN: the writer prefixes them (and any name that
#: starts with the prefix) with ``Spades_``, and the reader takes one prefix off.
RESERVED_TAGS: Final = frozenset({*DEAL_CONTENT_TAGS, "UTCDate", GAME_MARK})
RESERVED_PREFIX: Final = "Spades_"

#: ``[RulesFrom "..."]``: where a synthetic ``[Rules]`` tag came from.
RULES_FROM: Final = "RulesFrom"
#: ``[RulesFrom "none"]``: the writer's mark that a game has no ruleset to map from its
#: Event or GameOptionsJson (not kept as a tag when read back).
NO_RULES: Final = "none"

__all__ = [
    "BEFORE_BID_TAGS",
    "DEAL_CONTENT_TAGS",
    "GAME_MARK",
    "GAME_SCORES",
    "LINE_TAGS",
    "LIST_TAGS",
    "NATIVE_TAGS",
    "NO_RULES",
    "PER_DEAL_TAGS",
    "RESERVED_PREFIX",
    "RESERVED_TAGS",
    "RULES_FROM",
    "SECTION_TAGS",
    "UNDEALT",
]
