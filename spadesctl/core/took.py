"""A ``took`` line checked against the hand on integers: the one reading of its counts.

A hand's ``took`` line (``took N 2 E 4 S 3 W 4``, or ``took NS 5 EW 8``) says how many
tricks each party took.  :func:`took_faults` decides whether its counts can be scored
and what is wrong with them, on plain numbers (seats numbered 0.. clockwise from North),
for both the replay (:func:`spadesctl.replay.outcome.tally`, which words each fault as a
``trick-count-mismatch``) and the express check (:mod:`spadesctl.express.game`, which
settles a hand only when there is no fault).  It depends on nothing but the standard
library: a clean file never loads the replay.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from typing import NamedTuple


class Fault(enum.Enum):
    """What is wrong with a ``took`` line (each a ``trick-count-mismatch``)."""

    ABSENT = "absent"  # an entry for a party not at the table (a side without partnerships)
    NILS_TOGETHER = "nils-together"  # a side's tricks together, but a partner bid nil
    TWICE = "twice"  # a seat's tricks given twice
    NOT_AS_PLAYED = "not-as-played"  # every trick played, and the count is not the play's
    BELOW_PLAY = "below-play"  # fewer than the party already won in the tricks played
    MISSING = "missing"  # no count for a seat
    TOTAL = "total"  # the counts do not add up to the tricks of a hand
    OVER_CLAIM = "over-claim"  # after a claim, a party other than the claimer's took more


class TookFault(NamedTuple):
    """One fault: what, and what it concerns (-1 where it concerns none)."""

    fault: Fault
    entry: int = -1  # the took line's entry, counted from 0
    seat: int = -1  # the seat
    party: int = -1  # the party (``OVER_CLAIM``), by its place among the parties
    given: int = 0  # the count given (the total, for ``TOTAL``)
    tricks: int = 0  # the tricks won in play


def took_faults(
    entries: Sequence[tuple[tuple[int, ...] | None, int]],
    seats: int,
    size: int,
    nil_seats: Collection[int],
    won: Sequence[int],
    played: int,
    claim: tuple[int, Sequence[tuple[int, ...]]] | None = None,
) -> tuple[list[TookFault], bool]:
    """The faults of a took line, in the order they are reported, and whether its counts
    can be scored (every seat given once, by a party at the table, adding up to
    ``size``).

    ``entries``: per entry of the line, its seats (``None``: a party not at the table)
    and its count; ``seats``: how many seats are at the table; ``size``: tricks in a
    hand; ``nil_seats``: the seats that bid nil; ``won``: per seat, the tricks it won in
    the ``played`` tricks of the play.  ``claim``: when a seat claimed the tricks not
    played, its party's place and every party's seats (each other party then takes
    exactly what it won in play; checked only when the counts can be scored).
    """
    faults: list[TookFault] = []
    covered = [False] * seats
    usable = True
    total = 0
    for entry, (members, count) in enumerate(entries):
        total += count
        if members is None:
            faults.append(TookFault(Fault.ABSENT, entry))
            usable = False
            continue
        if len(members) > 1:  # a side: its partners' tricks together
            nils = [s for s in members if s in nil_seats]
            if nils:
                faults.append(TookFault(Fault.NILS_TOGETHER, entry, nils[0]))
        for s in members:
            if covered[s]:
                faults.append(TookFault(Fault.TWICE, entry, s))
                usable = False
            covered[s] = True
        by_play = sum([won[s] for s in members])
        if played >= size and count != by_play:
            faults.append(TookFault(Fault.NOT_AS_PLAYED, entry, given=count, tricks=by_play))
        elif count < by_play:
            faults.append(TookFault(Fault.BELOW_PLAY, entry, given=count, tricks=by_play))
    missing = [s for s in range(seats) if not covered[s]]
    faults.extend(TookFault(Fault.MISSING, seat=s) for s in missing)
    if not missing and usable and total != size:
        faults.append(TookFault(Fault.TOTAL, given=total))
    if missing or not usable or total != size:
        return faults, False
    if claim is not None:
        claiming, parties = claim
        for p, mates in enumerate(parties):
            if p == claiming:
                continue
            given = sum(
                [count for members, count in entries if members and set(members) <= set(mates)]
            )
            in_play = sum([won[s] for s in mates])
            if given > in_play:
                faults.append(TookFault(Fault.OVER_CLAIM, party=p, given=given, tricks=in_play))
    return faults, True
