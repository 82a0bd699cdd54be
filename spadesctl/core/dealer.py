"""Who deals the next hand: the one rule of the deal's rotation (``dealer_rotation``)."""

from __future__ import annotations

from spadesctl.cards import Seat, next_seat
from spadesctl.rules.ruleset import DealerRotation, Ruleset


def next_dealer(rules: Ruleset, dealer: Seat, seats: tuple[Seat, ...]) -> Seat:
    """The dealer of the hand after one dealt by ``dealer`` at a table of ``seats``: the
    player on the left (two players alternate), or ``dealer`` again under
    ``dealer_rotation=none``."""
    if rules.dealer_rotation is DealerRotation.NONE:
        return dealer
    return next_seat(dealer, seats)


def rotation_words(rules: Ruleset) -> str:
    """How the deal moves, for messages."""
    if rules.dealer_rotation is DealerRotation.NONE:
        return "the same seat deals every hand (dealer_rotation=none)"
    return "the deal passes to the left"


__all__ = ["next_dealer", "rotation_words"]
