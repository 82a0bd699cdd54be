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

A hand has 26 draw lines, twice its trick lines, so they are read a hand at a time
rather than a line at a time: joined with a separator no line holds and split once, so
that each of their six words is a column (every seventh word) compared whole.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from spadesctl.core.draws import drawer
from spadesctl.express.family import ExpressRules

#: Between two lines joined: a word no line holds (a line has no line break).
_BREAK: Final = "\n"
#: A step's two middle words, as ``fmt`` writes them (the kept card first, or last).
_ORDERS: Final = frozenset({("keep", "discard"), ("discard", "keep")})


@functools.cache
def _turns(
    seats: tuple[str, ...], dealer: int, steps: int
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Each draw step's seat letter, in turn (:func:`~spadesctl.core.draws.drawer`), and
    where that seat's suits start in ``held`` (``4 * seat``)."""
    turns = [drawer(dealer, step) for step in range(steps)]
    return tuple(seats[s] for s in turns), tuple(4 * s for s in turns)


def read_draws(
    rules: ExpressRules, dealer: int, rows: Sequence[str], at: int, held: list[int]
) -> int | None:
    """The ``draw`` lines of a hand dealt by seat ``dealer``, from ``rows[at]`` (the line
    after its ``deal`` line, which dealt ``held``): the row after them, or ``None`` unless
    there are ``rules.draws`` of them and the full engine would find nothing in them."""
    steps = rules.draws
    end = at + steps
    if end > len(rows):
        return None
    words = f" {_BREAK} ".join(rows[at:end]).split(" ")
    if len(words) != 7 * steps - 1 or words[6::7].count(_BREAK) != steps - 1:
        return None  # a line of other than six words
    seats, bases = _turns(rules.seats, dealer, steps)
    if words[0::7].count("draw") != steps or tuple(words[1::7]) != seats:
        return None  # not a draw line, or not this player's turn
    orders = words[2::7]
    if not set(zip(orders, words[4::7], strict=True)) <= _ORDERS:
        return None
    cards = rules.tables.cards
    drawn = set(words[3::7])
    drawn.update(words[5::7])
    if len(drawn) != 2 * steps or not cards.keys() >= drawn:
        return None  # a card drawn twice, not in the pack, or not as fmt writes it
    kept = [0] * len(held)
    for order, first, last, base in zip(orders, words[3::7], words[5::7], bases, strict=True):
        suit, bit, _ = cards[first if order == "keep" else last]
        kept[base + suit] |= bit
    return end if kept == held else None  # the cards kept are the deal's


__all__ = ["read_draws"]
