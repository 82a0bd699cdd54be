"""The pack tags some Trickster games write: ``CardsRemoved``, ``CardsAdded``, ``Undealt``.

- ``CardsRemoved "H2 C2"`` and ``CardsAdded "JH JL"`` (game tags): the cards the app took
  out of, and put into, the 52-card pack.  They are kept as tags and checked against the
  deck of the game's ruleset; a pack that differs is one ``unknown-option`` warning (the
  ruleset's deck is followed).
- ``Undealt "D2"`` (a per-deal tag): the cards of the pack no one was dealt.  Each one
  that the Deal gives to a player is one warning; otherwise nothing is lost by leaving
  the tag out of the native record, since the pack less the deal gives it back.

Cards are written as in a ``Play`` section (suit first, ``JH``/``JL`` for the jokers),
separated by spaces or commas.  A value that cannot be read is reported, never fatal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from spadesctl.cards import ALL_CARDS, Card
from spadesctl.diagnostics import UNKNOWN_OPTION
from spadesctl.events import Deal, SyntaxIssue
from spadesctl.pbn.cards import pbn_card
from spadesctl.pbn.parser import PbnTag
from spadesctl.pbn.tags import UNDEALT
from spadesctl.rules import Ruleset
from spadesctl.rules.deck import deck_cards

CARDS_REMOVED: Final = "CardsRemoved"
CARDS_ADDED: Final = "CardsAdded"
_FULL_PACK: Final = frozenset(c for c in ALL_CARDS if not c.is_joker)


def _text(cards: Iterable[Card]) -> str:
    return " ".join(sorted((str(c) for c in cards), key=str)) or "none"


def read_cards(tag: PbnTag, issues: list[SyntaxIssue]) -> frozenset[Card] | None:
    """The cards of ``tag``'s value; ``None`` (reported) when one cannot be read."""
    found: set[Card] = set()
    for word in tag.value.replace(",", " ").split():
        try:
            found.add(pbn_card(word))
        except ValueError:
            issues.append(
                SyntaxIssue(
                    f"{tag.name}: '{word}' is not a card (suit first: H2, JH); the tag is ignored",
                    tag.locate(word),
                    UNKNOWN_OPTION,
                )
            )
            return None
    return frozenset(found)


def pack_issues(tags: Sequence[PbnTag], rules: Ruleset) -> list[SyntaxIssue]:
    """``CardsRemoved`` and ``CardsAdded`` checked against the ruleset's deck."""
    issues: list[SyntaxIssue] = []
    try:
        pack = deck_cards(rules)
    except ValueError:
        return issues  # no pack: the ruleset is reported as invalid elsewhere
    expected = {CARDS_REMOVED: _FULL_PACK - pack, CARDS_ADDED: pack - _FULL_PACK}
    for tag in tags:
        want = expected.get(tag.name)
        if want is None:
            continue
        got = read_cards(tag, issues)
        if got is not None and got != want:
            issues.append(
                SyntaxIssue(
                    f"{tag.name} '{tag.value}' does not match the {rules.deck.value} deck of "
                    f"the rules ({tag.name}: {_text(want)}); the rules' deck is followed",
                    tag.value_pos,
                    UNKNOWN_OPTION,
                )
            )
    return issues


def undealt_issues(tag: PbnTag, deal: Deal | None) -> list[SyntaxIssue]:
    """``Undealt`` cards that the deal gives to a player."""
    issues: list[SyntaxIssue] = []
    undealt = read_cards(tag, issues)
    if undealt is None or deal is None:
        return issues
    dealt = {c for h in deal.holdings for c in h.cards}
    both = undealt & dealt
    if both:
        issues.append(
            SyntaxIssue(
                f"Undealt '{tag.value}' names cards the Deal gives to a player "
                f"({_text(both)}); the Deal is followed",
                tag.value_pos,
                UNKNOWN_OPTION,
            )
        )
    return issues


__all__ = [
    "CARDS_ADDED",
    "CARDS_REMOVED",
    "UNDEALT",
    "pack_issues",
    "read_cards",
    "undealt_issues",
]
