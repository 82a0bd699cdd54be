"""The ruleset layer: the keys, the presets, rules text and files, and the deck they imply.

``parse_rules("standard nil=50")`` gives a :class:`Ruleset`; ``format_rules`` writes one
back; the deck functions say which cards are dealt and how they rank under it.
"""

from __future__ import annotations

from spadesctl.rules.deck import (
    deck_cards,
    effective_suit,
    is_spade,
    power,
)
from spadesctl.rules.keys import KEYS, Key
from spadesctl.rules.parse import (
    RulesError,
    check_rules,
    format_rules,
    load_rules_toml,
    parse_rules,
)
from spadesctl.rules.presets import PRESETS, STANDARD
from spadesctl.rules.ruleset import (
    BagMode,
    Bidding,
    BlindBidSet,
    Deck,
    FailedNilTricks,
    FirstLead,
    LeadSpades,
    MoonFail,
    RenegePenalty,
    RenegeSet,
    Ruleset,
    SetPenalty,
    UnbidHands,
)

__all__ = [
    "KEYS",
    "PRESETS",
    "STANDARD",
    "BagMode",
    "Bidding",
    "BlindBidSet",
    "Deck",
    "FailedNilTricks",
    "FirstLead",
    "Key",
    "LeadSpades",
    "MoonFail",
    "RenegePenalty",
    "RenegeSet",
    "RulesError",
    "Ruleset",
    "SetPenalty",
    "UnbidHands",
    "check_rules",
    "deck_cards",
    "effective_suit",
    "format_rules",
    "is_spade",
    "load_rules_toml",
    "parse_rules",
    "power",
]
