"""A two-player hand's ``draw`` lines for the express check, on integers.

Two players build their hands from the stock (002): a ``draw`` line a step, ``draw N
keep AS discard 3H`` (or ``discard ... keep``), the players in turn from the non-dealer
(:func:`spadesctl.core.draws.drawer`, the replay's rule too).  :func:`read_draws` reads
them as ``spadesctl fmt`` writes them, after the hand's ``deal`` line, and answers the
row after them only when the full engine (:func:`spadesctl.replay.deal.read_draws`)
finds nothing in them: every step there, in turn, both its cards in the pack and never
seen before, and the cards each player kept the ones the deal gives them.  Anything else
answers ``None``, and the game goes to the full engine, which words the ``bad-draw``.
Cards are ``held``'s bits (:mod:`spadesctl.express.hand`): ``4 * seat + suit``.
"""

from __future__ import annotations

from collections.abc import Sequence

from spadesctl.core.draws import drawer
from spadesctl.express.family import ExpressRules


def read_draws(
    rules: ExpressRules, dealer: int, rows: Sequence[str], at: int, held: list[int]
) -> int | None:
    """The ``draw`` lines of a hand dealt by seat ``dealer``, from ``rows[at]`` (the line
    after its ``deal`` line, which dealt ``held``): the row after them, or ``None`` unless
    there are ``rules.draws`` of them and the full engine would find nothing in them."""
    end = at + rules.draws
    if end > len(rows):
        return None
    cards = rules.tables.cards
    seats = rules.seats
    seen = [0, 0, 0, 0]  # per suit in play, the cards drawn so far (kept or discarded)
    kept = [0] * len(held)
    for step in range(rules.draws):
        seat = drawer(dealer, step)
        words = rows[at + step].split(" ")
        if len(words) != 6 or words[0] != "draw" or words[1] != seats[seat]:
            return None  # not a draw line as fmt writes it, or not this player's turn
        if words[2] == "keep" and words[4] == "discard":
            keep, discard = cards.get(words[3]), cards.get(words[5])
        elif words[2] == "discard" and words[4] == "keep":
            keep, discard = cards.get(words[5]), cards.get(words[3])
        else:
            return None
        if keep is None or discard is None:
            return None  # a card not in the pack, or not written as fmt writes it
        suit, bit = keep[0], keep[1]
        if seen[suit] & bit:
            return None  # drawn already
        seen[suit] |= bit
        if seen[discard[0]] & discard[1]:
            return None
        seen[discard[0]] |= discard[1]
        kept[4 * seat + suit] |= bit
    return end if kept == held else None  # the cards kept are the deal's


__all__ = ["read_draws"]
