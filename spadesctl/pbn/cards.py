"""Cards as PBN records write them: suit first (``SA``, ``H10``), jokers ``JH`` and ``JL``."""

from __future__ import annotations

from spadesctl.cards import BIG_JOKER, LITTLE_JOKER, Card
from spadesctl.quoting import quoted


def pbn_card(text: str) -> Card:
    """A card written suit first (``SA``, ``H10``), or a joker (``JH``/``BJ``, ``JL``/``LJ``).

    Raises :class:`ValueError` for anything else.
    """
    upper = text.upper()
    if upper in ("JH", "BJ"):
        return BIG_JOKER
    if upper in ("JL", "LJ"):
        return LITTLE_JOKER
    if len(upper) < 2 or upper[0] not in "SHDC":
        raise ValueError(f"not a card: {quoted(text)}")
    return Card.parse(upper[1:] + upper[0])


__all__ = ["pbn_card"]
