"""Records that begin in the middle of a game: ``[Continued "yes"]``.

An app that attaches one deal to a report (Trickster Cards does) records a deal from the
middle of a game: its number is unknown or more than 1, and the standing before it is not
in the record, only the running totals after it (its ``score`` line; ``GameScores`` in
PBN).  A game with the tag ``[Continued "yes"]`` is read that way:

- its first hand may have any number (the hands before it are not in the record), and
  the hands after it are numbered on from it;
- the standing before its first hand is the hand's recorded totals less the points the
  hand scores (its bags: the recorded bags less the hand's, when the record has a bags
  line, else 0), so that blind-bid eligibility and the end of the game are judged from
  where the game really stood.  Without a score line on the first hand the game is taken
  to stand at 0-0.

The first hand's own totals therefore always agree with the record (nothing says where
the game stood before it); the hands after it are checked as usual.
"""

from __future__ import annotations

from typing import Final

from spadesctl.record import Game

#: The game tag that marks a record beginning in the middle of its game.
CONTINUED: Final = "Continued"
#: ``[Continued "no"]``: what the PBN writer marks a game with whose first hand is
#: numbered above 1 but that is not continued (the PBN reader would take such a first
#: deal for a later one); the reader drops the mark.
NOT_CONTINUED: Final = "no"
_YES: Final = frozenset({"yes", "true"})


def is_continued(game: Game) -> bool:
    """Whether ``game`` is marked ``[Continued "yes"]``."""
    value = game.tag(CONTINUED)
    return value is not None and value.strip().lower() in _YES


__all__ = ["CONTINUED", "NOT_CONTINUED", "is_continued"]
