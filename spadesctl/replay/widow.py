"""The widow: the cards left over after the deal, and the ``take`` and ``discard`` lines.

:func:`check_widow` reports ``bad-widow`` for ``widow``, ``take`` and ``discard`` lines
that the ruleset does not allow.  These rules deal every card (``widow=off``), so there
is no widow, and each such line is reported.
"""

from __future__ import annotations

from spadesctl.diagnostics import (
    BAD_WIDOW,
)
from spadesctl.events import Take
from spadesctl.record import Hand
from spadesctl.replay.deal import card_count
from spadesctl.replay.report import Reporter
from spadesctl.rules.ruleset import Ruleset


def check_widow(hand: Hand, rules: Ruleset, rep: Reporter) -> None:
    """Report the widow lines of ``hand`` that ``rules`` do not allow (``bad-widow``)."""
    if hand.widow is not None:
        rep.add(BAD_WIDOW, "these rules deal every card: there is no widow", hand.widow.pos)
    for line in (*hand.widow_before_bid, *hand.widow_after_bid):
        what = "takes" if isinstance(line, Take) else "discards"
        rep.add(
            BAD_WIDOW,
            f"{line.seat.word} {what} {card_count(len(line.cards))}, but these rules deal every "
            f"card: there is no widow",
            line.pos,
            seat=line.seat,
        )


__all__ = ["check_widow"]
