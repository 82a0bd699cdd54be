"""Disputes: where a record's ``score``, ``bags`` and ``result`` lines disagree with the
recomputed figures, as diagnostics a league referee can act on.

:func:`check_sheet` walks a :class:`~spadesctl.sheet.model.ScoreSheet` once per party and
returns a :class:`SheetCheck`: every disagreeing figure (for the table's marks and the
JSON's ``disputed`` flags) and the diagnostics (for ``check`` and ``score``).

**Reading, one report per error.**  A sheet that goes wrong at hand 7 is wrong at every
later hand too, by the same amount, if the scorekeeper added correctly from there on.
That is one error, reported once, at the hand where it appeared (``score-mismatch`` with
both figures and the slip that fits the difference, when exactly one does).  A later hand
is reported again only when the sheet makes a *new* error there: when its difference from
the recomputed total changes (the sheet's own step from its previous figure is wrong by
the new amount).  A referee then sees every slip on the sheet, each once, and fixing
them all in turn makes the sheet right.  A sheet that comes back into agreement is not
reported for that; a difference that appears again later is a new error.

Bags are compared only under ``bag_mode=carry`` (the only mode that keeps a count), the
same way.  A hand that could not be scored is not compared; when the sheet gives no
figure for it, the party's later figures are not compared either (the recomputation
cannot know them) until a later unscored hand's sheet figures set the count again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from spadesctl.cards import Party, Seat
from spadesctl.diagnostics import (
    BAGS_MISMATCH,
    PLAY_AFTER_GAME_OVER,
    RESULT_MISMATCH,
    SCORE_MISMATCH,
    Diagnostic,
    Kind,
)
from spadesctl.events import Position
from spadesctl.replay.report import diagnostic_at
from spadesctl.scoring import GameScore, HandScore, first_sheet_errors
from spadesctl.sheet.model import ScoreSheet, SheetHand
from spadesctl.values import fast_init

Figure = Literal["score", "bags"]
#: The diagnostic of a recorded figure that disagrees.
_MISMATCH: Final[dict[Figure, Kind]] = {"score": SCORE_MISMATCH, "bags": BAGS_MISMATCH}


@fast_init
@dataclass(frozen=True, slots=True)
class Disagreement:
    """One recorded figure that differs from the recomputed one.

    ``new``: the sheet went wrong at this hand (reported as ``diagnostic``); otherwise the
    difference is carried unchanged from an earlier hand (shown, not reported again).
    """

    hand: int
    party: Party
    figure: Figure
    recorded: int
    expected: int
    new: bool
    diagnostic: Diagnostic | None = None

    @property
    def difference(self) -> int:
        return self.recorded - self.expected


@fast_init
@dataclass(frozen=True, slots=True)
class SheetCheck:
    """The outcome of comparing a sheet with the recomputed figures."""

    disagreements: tuple[Disagreement, ...]
    diagnostics: tuple[Diagnostic, ...]
    unchecked: tuple[tuple[int, Party], ...] = ()  # (hand, party) figures that could not be

    @property
    def disputed(self) -> bool:
        """Whether anything on the sheet disagrees with the recomputation."""
        return bool(self.diagnostics)

    def at(self, hand: int, party: Party | None = None) -> tuple[Disagreement, ...]:
        """The disagreements at ``hand`` (for ``party`` only, if given)."""
        return tuple(
            d for d in self.disagreements if d.hand == hand and (party is None or d.party is party)
        )

    def hand_disputed(self, hand: int) -> bool:
        return any(d.hand == hand for d in self.disagreements)


def disputes(sheet: ScoreSheet) -> tuple[Diagnostic, ...]:
    """The dispute diagnostics of one sheet, in source order."""
    return check_sheet(sheet).diagnostics


def check_sheet(sheet: ScoreSheet) -> SheetCheck:
    """Compare every recorded figure of ``sheet`` with the recomputed one."""
    found: list[Disagreement] = []
    out: list[Diagnostic] = []
    unchecked: list[tuple[int, Party]] = []
    # each hand's recorded figures, read once for every party
    recorded: dict[Figure, list[dict[Party, int]]] = {
        "score": [h.recorded_totals for h in sheet.hands],
        "bags": [h.recorded_bag_counts for h in sheet.hands] if sheet.carries_bags else [],
    }
    for party in sheet.parties:
        _walk(sheet, party, "score", recorded["score"], found, out, unchecked)
        if sheet.carries_bags:
            _walk(sheet, party, "bags", recorded["bags"], found, out, unchecked)
    out.extend(_strangers(sheet, recorded))
    out.extend(_result(sheet))
    out.extend(_after_end(sheet))
    found.sort(key=lambda d: (d.hand, sheet.parties.index(d.party), d.figure != "score"))
    out.sort(key=Diagnostic.sort_key)
    order = sheet.parties.index
    unchecked.sort(key=lambda e: (e[0], order(e[1])))
    return SheetCheck(tuple(found), tuple(out), tuple(dict.fromkeys(unchecked)))


def _computed(score: HandScore, party: Party, figure: Figure) -> int:
    return score.after.score(party) if figure == "score" else score.after.bags(party)


def _walk(
    sheet: ScoreSheet,
    party: Party,
    figure: Figure,
    figures: list[dict[Party, int]],
    found: list[Disagreement],
    out: list[Diagnostic],
    unchecked: list[tuple[int, Party]],
) -> None:
    """One party's figures through the game: each new difference reported once.

    ``figures``: each hand's recorded ``figure`` per party, in hand order.
    """
    offset = 0  # recorded minus computed, at the last hand the sheet gave a figure
    since: int | None = None  # the hand where that offset appeared
    gap: list[HandScore] = []  # scored hands since the sheet's last figure
    blind = False  # an unscored hand without a sheet figure: later figures are unknown
    for hand, written in zip(sheet.hands, figures, strict=True):
        recorded = written.get(party)
        if hand.score is None:
            # the recomputation resumes from the sheet's own figure, if it gives one
            blind = recorded is None
            offset, since, gap = 0, None, []
            continue
        gap.append(hand.score)
        if recorded is None:
            continue
        if blind:
            unchecked.append((hand.number, party))
            continue
        expected = _computed(hand.score, party, figure)
        difference = recorded - expected
        if difference != 0:
            reported = None
            if difference != offset:
                message = _message(
                    sheet, party, figure, hand, gap, recorded, expected, offset, since
                )
                reported = _diagnostic(sheet, hand, figure, message, party)
                out.append(reported)
                since = hand.number
            found.append(
                Disagreement(
                    hand.number, party, figure, recorded, expected, reported is not None, reported
                )
            )
        else:
            since = None
        offset = difference
        gap = []


def _message(
    sheet: ScoreSheet,
    party: Party,
    figure: Figure,
    hand: SheetHand,
    gap: Sequence[HandScore],
    recorded: int,
    expected: int,
    offset: int,
    since: int | None,
) -> str:
    text = (
        f"{party}: sheet {_figure(recorded, figure)}, recomputed {_figure(expected, figure)} "
        f"after hand {hand.number}"
    )
    if len(gap) > 1:
        text += f" (the sheet gives no {figure} for hand{_plural(len(gap) - 1)} "
        text += _span(gap[0].number, gap[-2].number) + ")"
    step = recorded - expected - offset  # the error made since the sheet's last figure
    if offset and since is not None:
        text += (
            f": a new error of {_amount(step, figure)}, besides the "
            f"{_amount(offset, figure)} from hand {since}"
        )
    else:
        text += f" ({_amount(step, figure)})"
    causes = (
        _score_causes(sheet, party, gap, expected + step)
        if figure == "score"
        else _bag_causes(sheet, party, gap, hand, recorded, step)
    )
    if len(causes) == 1:
        return f"{text}: {causes[0]}"
    if causes:
        return f"{text}: either " + " or ".join(causes)
    return f"{text}; no usual slip accounts for it"


def _figure(value: int, figure: Figure) -> str:
    if figure == "score":
        return str(value)
    return f"{value} bag" if value == 1 else f"{value} bags"


def _amount(difference: int, figure: Figure) -> str:
    unit = "" if figure == "score" else (" bag" if abs(difference) == 1 else " bags")
    return f"{abs(difference)}{unit} {'over' if difference > 0 else 'under'}"


def _plural(n: int) -> str:
    return "s" if n > 1 else ""


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first} to {last}"


def _score_causes(
    sheet: ScoreSheet, party: Party, gap: Sequence[HandScore], recorded: int
) -> tuple[str, ...]:
    """The scorer's known slips in ``gap`` that explain the sheet's total exactly."""
    if not gap:
        return ()
    last = gap[-1]
    game = GameScore(sheet.rules, tuple(gap), last.after, None, ())
    errors = first_sheet_errors(game, [(last.number, {party: recorded})])
    return errors[0].causes if errors else ()


def _bag_causes(
    sheet: ScoreSheet,
    party: Party,
    gap: Sequence[HandScore],
    hand: SheetHand,
    recorded: int,
    step: int,
) -> tuple[str, ...]:
    """Known slips with a bag count: the count not reduced at the limit, a hand's bags not
    counted, the count read off the score's last digit."""
    found: list[str] = []
    limit = sheet.rules.bag_limit
    for h in gap:
        r = h.result(party)
        n = h.number
        if limit is not None and r.bag_penalties and step == r.bag_penalties * limit:
            found.append(
                f"the count was not brought down by {limit} when it reached {limit} at hand {n}"
            )
        elif (
            limit is not None
            and r.bag_penalties > 1
            and step % limit == 0
            and 0 < step < r.bag_penalties * limit
        ):
            done = r.bag_penalties - step // limit
            found.append(
                f"the count was brought down by {limit} only {done} of the "
                f"{r.bag_penalties} times it was due at hand {n}"
            )
        bags = f"the {r.bags_added} bag{_plural(r.bags_added)} of hand {n}"
        if r.bags_added and step == -r.bags_added:
            found.append(f"{bags} {'was' if r.bags_added == 1 else 'were'} not counted")
        if r.bags_added and step == r.bags_added and len(gap) == 1:
            found.append(f"{bags} {'was' if r.bags_added == 1 else 'were'} counted twice")
    score = hand.recorded_totals.get(party)
    if score is not None and recorded in {abs(score) % 10, score % 10}:
        found.append(
            f"the count was read off the last digit of the score ({score}); "
            "bags are counted apart from the score"
        )
    return tuple(dict.fromkeys(found))


def _diagnostic(
    sheet: ScoreSheet,
    hand: SheetHand,
    figure: Figure,
    message: str,
    party: Party | None,
) -> Diagnostic:
    line = hand.recorded_score if figure == "score" else hand.recorded_bags
    pos = line.pos if line is not None else hand.pos
    return _at(sheet, _MISMATCH[figure], message, pos, hand.number, party)


def _at(
    sheet: ScoreSheet,
    kind: Kind,
    message: str,
    pos: Position,
    hand: int | None,
    party: Party | None = None,
) -> Diagnostic:
    seat = party if isinstance(party, Seat) else None
    return diagnostic_at(
        kind, message, pos, sheet.source, sheet.index, hand, seat=seat, party=party
    )


def _strangers(
    sheet: ScoreSheet, recorded: dict[Figure, list[dict[Party, int]]]
) -> Iterator[Diagnostic]:
    """Sheet figures for someone who does not score in this game (``score N 40`` in a
    partnership game): one diagnostic per line."""
    parties = sheet.parties
    who = " and ".join(p.value for p in parties)
    for i, hand in enumerate(sheet.hands):
        for figure in ("score", "bags"):
            if figure == "bags" and not sheet.carries_bags:
                continue
            strangers = [p for p in recorded[figure][i] if p not in parties]
            if strangers:
                names = ", ".join(p.value for p in strangers)
                message = f"the sheet gives {figure} for {names}, but in this game {who} score"
                yield _diagnostic(sheet, hand, figure, message, None)


def _result(sheet: ScoreSheet) -> Iterator[Diagnostic]:
    """The recorded winner against the recomputed result."""
    recorded = sheet.recorded_result
    if recorded is None:
        return
    winner = recorded.winner
    result = sheet.result
    if result is not None and result.winner is winner:
        return
    if winner not in sheet.parties:
        who = " or ".join(p.value for p in sheet.parties)
        message = f"the record names {winner} as the winner, but in this game the winner is {who}"
        if result is not None:
            message += f"; recomputed: {result.text}"
    elif result is None:
        last = sheet.scored_hands[-1].number if sheet.scored_hands else 0
        message = (
            f"the record says {winner} won, but recomputed no one has won after hand {last}: "
            f"{_totals(sheet)} (target {sheet.rules.target})"
        )
    else:
        message = f"the record says {winner} won; recomputed, {result.winner} won: {result.text}"
    hint = _sheet_says(sheet, winner)
    if hint:
        message += hint
    hand = result.hand if result is not None else None
    yield _at(sheet, RESULT_MISMATCH, message, recorded.pos, hand)


def _totals(sheet: ScoreSheet) -> str:
    standing = sheet.standing
    return ", ".join(f"{p} {standing.score(p)}" for p in standing.parties)


def _sheet_says(sheet: ScoreSheet, winner: Party) -> str:
    """When the sheet's own last totals put the recorded winner ahead: say so."""
    for hand in reversed(sheet.hands):
        totals = hand.recorded_totals
        if totals and all(p in totals for p in sheet.parties):
            best = max(totals[p] for p in sheet.parties)
            leaders = [p for p in sheet.parties if totals[p] == best]
            if leaders == [winner]:
                shown = ", ".join(f"{p} {totals[p]}" for p in sheet.parties)
                return (
                    f" (the sheet's own totals after hand {hand.number}, {shown}, put "
                    f"{winner} ahead: see the score-mismatch)"
                )
            return ""
    return ""


def _after_end(sheet: ScoreSheet) -> Iterator[Diagnostic]:
    """One diagnostic for the hands recorded after the game was decided."""
    result = sheet.result
    after = sheet.hands_after_end
    if result is None or not after:
        return
    first = sheet.hand(after[0])
    count = len(after)
    which = f"hand {after[0]}" if count == 1 else f"hands {after[0]} to {after[-1]}"
    message = (
        f"{result.text}, so the game was over; but {which} "
        f"{'was' if count == 1 else 'were'} recorded after it"
    )
    yield _at(sheet, PLAY_AFTER_GAME_OVER, message, first.pos, first.number)
