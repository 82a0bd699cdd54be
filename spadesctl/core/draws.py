"""Who draws when: the one rule of the two-player draw (002).

Two players build their hands from the stock, a step at a time: the player whose turn it
is looks at the top card and keeps it or discards it, and keeps the other card of the
step if not the first.  The players draw in turn, the non-dealer first, until the stock
is gone: one card kept a step, so two hands of ``size`` cards take ``2 * size`` steps.
The replay (:func:`spadesctl.replay.deal.read_draws`), the express check
(:mod:`spadesctl.express.draw`) and the bot (:mod:`spadesctl.generate`) ask these two
functions, on seat numbers (0 and 1: North and South, clockwise from North).
"""

from __future__ import annotations

from typing import Final

#: The players who draw their hands: a two-player table's.
DRAWERS: Final = 2


def drawer(dealer: int, step: int) -> int:
    """The seat (0 or 1) that makes draw step ``step`` (counted from 0) of a hand dealt
    by seat ``dealer`` (0 or 1; -1 when the dealer is not at the table: the first seat
    draws first): the players draw in turn, the non-dealer first."""
    return (dealer + 1 + step) % DRAWERS


def draw_steps(size: int) -> int:
    """The draw steps that build two hands of ``size`` cards: one card kept a step."""
    return DRAWERS * size


__all__ = ["DRAWERS", "draw_steps", "drawer"]
