"""Collecting one hand's diagnostics, each stamped with the file, game and hand
(:func:`diagnostic_at`, which the score sheet's disputes stamp theirs with too)."""

from __future__ import annotations

from dataclasses import replace

from spadesctl.cards import Party, Seat
from spadesctl.diagnostics import Diagnostic, Kind
from spadesctl.events import Position


def diagnostic_at(
    kind: Kind,
    message: str,
    pos: Position,
    file: str,
    game: int | None,
    hand: int | None,
    *,
    trick: int | None = None,
    seat: Seat | None = None,
    party: Party | None = None,
) -> Diagnostic:
    """The ``kind`` diagnostic at ``pos`` of ``file``, in its ``game``-th game and hand
    ``hand`` (and ``trick``), by ``seat`` or about ``party`` (a side or a seat): a
    replay's (:class:`Reporter`) or a score sheet's (:mod:`spadesctl.sheet.disputes`)."""
    return Diagnostic(
        kind=kind,
        message=message,
        file=file,
        line=pos.line,
        column=pos.column,
        game=game,
        hand=hand,
        trick=trick,
        seat=None if seat is None else seat.value,
        party=None if party is None else party.value,
    )


class Reporter:
    """Accumulates the diagnostics of one hand's replay (a short-lived local object)."""

    __slots__ = ("file", "found", "game", "hand")

    def __init__(self, file: str, game: int | None, hand: int) -> None:
        self.file = file
        self.game = game
        self.hand = hand
        self.found: list[Diagnostic] = []

    def add(
        self,
        kind: Kind,
        message: str,
        pos: Position,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
        party: Party | None = None,
    ) -> None:
        """Report a violation of ``kind`` at ``pos``, by ``seat`` or about ``party`` (a
        side or a seat; ``seat`` when not given)."""
        self.found.append(
            diagnostic_at(
                kind,
                message,
                pos,
                self.file,
                self.game,
                self.hand,
                trick=trick,
                seat=seat,
                party=seat if party is None else party,
            )
        )

    def cover(self, kind: Kind, seat: Seat, trick: int, by: Kind, note: str) -> None:
        """Report the ``kind`` diagnostic of ``seat`` in ``trick`` as ``by`` instead, with
        ``note`` after its message (a renege that the record's ruling covers)."""
        for i, d in enumerate(self.found):
            if d.kind is kind and d.seat == seat.value and d.trick == trick:
                self.found[i] = replace(d, kind=by, message=f"{d.message}; {note}")

    def result(self) -> tuple[Diagnostic, ...]:
        """The diagnostics in source order."""
        if not self.found:
            return ()  # the usual hand
        return tuple(sorted(self.found, key=Diagnostic.sort_key))
