"""A trick whose cards are written in seat order (N E S W) instead of the order played.

A scorekeeper who copies a trick from a table diagram writes North's card first
whoever led; read in playing order from the leader, each card then looks played by the
wrong seat, and the replay would report a ``card-not-held`` for nearly every card (and a
wrong winner, and so a wrong leader for the next trick).  :func:`as_played` tells this
case apart: when the cards, read in seat order, are each held by their seat (and read in
playing order, they are not), it reports one ``trick-in-seat-order`` and gives the trick
back in playing order, so that the rest of the hand is checked as played.
"""

from __future__ import annotations

from spadesctl.core.deck import index_of
from spadesctl.diagnostics import TRICK_IN_SEAT_ORDER
from spadesctl.events import Trick
from spadesctl.replay.report import Reporter
from spadesctl.replay.state import HandState


def as_played(t: Trick, lead: int, state: HandState, rep: Reporter) -> Trick:
    """``t`` as played from the leader (seat position ``lead``): ``t`` itself, or, when
    its cards fit the seat order exactly (so the leader did not hold the card written
    first), ``t`` reordered, with one ``trick-in-seat-order`` diagnostic."""
    holding = state.holding
    cards = t.cards
    if lead == 0 or not cards or index_of(cards[0]) in holding[lead]:
        # led from the first seat (both orders are one), or the leader held the card
        # written first (the usual case: in seat order, the first seat held it)
        return t
    n = len(holding)
    if len(cards) != n or not state.known:
        return t
    indices = [index_of(c) for c in cards]
    if not all(indices[s] in holding[s] for s in range(n)):
        return t  # not seat order either: the replay reports each card
    order = [(lead + k) % n for k in range(n)]
    played = tuple(cards[s] for s in order)
    rep.add(
        TRICK_IN_SEAT_ORDER,
        f"the cards of trick {t.number} are written in seat order "
        f"({' '.join(s.value for s in state.seats)}), not in the order played from its "
        f"leader, {t.leader.word}; read as 'trick {t.number} {t.leader.value} "
        f"{' '.join(c.text for c in played)}'",
        t.pos,
        trick=t.number,
        seat=t.leader,
    )
    columns = t.card_columns
    if len(columns) == n:
        columns = tuple(columns[s] for s in order)
    return Trick(t.number, t.leader, played, columns, t.pos)
