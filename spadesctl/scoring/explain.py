"""Explaining scores: a hand's itemised text, and where a score sheet went wrong.

:func:`first_sheet_errors` finds the first hand whose recorded running totals disagree
with the computed ones, and names the likely slip when the difference is exactly what one
known slip would cause (a bag penalty left out, a failed nil scored as made, ...).  It
never guesses beyond that: when no slip fits, or several do, it says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spadesctl.cards import Party
from spadesctl.rules.ruleset import BagMode, Ruleset
from spadesctl.scoring.model import GameScore, HandScore, PartyCounts, SheetError


def format_hand(hand: HandScore) -> str:
    """The hand's items, one a line, then the running totals."""
    lines = [f"hand {hand.number}:"]
    lines.extend(f"  {item.text}" for item in hand.items)
    lines.append(f"  totals: {hand.after}")
    return "\n".join(lines)


def first_sheet_errors(
    game: GameScore, recorded: Iterable[tuple[int, PartyCounts]]
) -> tuple[SheetError, ...]:
    """The disagreements at the first hand whose recorded running totals are wrong.

    ``recorded``: (hand number, running totals after that hand) as written on the sheet;
    hands may be left out, and parties that are not in the game, or hands that were not
    scored, are ignored.  Returns one :class:`SheetError` per disagreeing party at the
    first such hand, or ``()`` when the sheet agrees throughout.
    """
    index = {h.number: i for i, h in enumerate(game.hands)}
    entries: list[tuple[int, dict[Party, int]]] = sorted(
        ((index[number], dict(totals.items())) for number, totals in recorded if number in index),
        key=lambda e: e[0],
    )
    last_good = -1
    for i, totals in entries:
        hand = game.hands[i]
        errors = []
        for party in hand.after.parties:
            if party in totals and totals[party] != hand.after.score(party):
                expected = hand.after.score(party)
                difference = totals[party] - expected
                gap = game.hands[last_good + 1 : i + 1]
                causes = _causes(game.rules, gap, party, difference)
                errors.append(SheetError(hand.number, party, totals[party], expected, causes))
        if errors:
            return tuple(errors)
        last_good = i
    return ()


def _causes(
    rules: Ruleset, hands: Sequence[HandScore], party: Party, difference: int
) -> tuple[str, ...]:
    """Every known slip, in the hands since the sheet was last right, that explains
    ``difference`` (recorded minus expected) exactly."""
    d = difference
    found: list[str] = []
    limit = rules.bag_limit
    for hand in hands:
        n = hand.number
        r = hand.result(party)
        k = r.bag_penalties
        if k and d == -r.bag_penalty_points:
            found.append(
                f"the {limit}-bag penalty at hand {n} was not applied"
                if k == 1
                else f"the {k} {limit}-bag penalties at hand {n} were not applied"
            )
        if k > 1 and d == rules.bag_penalty:
            found.append(f"only one of the {k} {limit}-bag penalties at hand {n} was applied")
        if (
            rules.bag_mode is BagMode.CARRY
            and limit is not None
            and r.bags_added
            and not k
            and d == -rules.bag_penalty
        ):
            found.append(
                f"a bag penalty was taken at hand {n} that was not due ({party} had "
                f"{hand.after.bags(party)} bags; bags are counted apart from the score)"
            )
        for nil in hand.nils:
            if nil.party is not party:
                continue
            both = nil.bonus + nil.penalty
            if not nil.made and d == both:
                found.append(f"{nil.seat}'s failed {nil.name} at hand {n} was scored as made")
            if nil.made and d == -both:
                found.append(f"{nil.seat}'s {nil.name} at hand {n} was made but scored as failed")
            if nil.made and d == -nil.bonus:
                found.append(f"the bonus for {nil.seat}'s {nil.name} at hand {n} was not added")
            if not nil.made and d == nil.penalty:
                found.append(
                    f"the penalty for {nil.seat}'s failed {nil.name} at hand {n} was not taken"
                )
        if r.contract is not None and r.contract_points:
            if r.made is False and r.contract_points < 0 and d == -2 * r.contract_points:
                found.append(
                    f"{party} were set at hand {n} (bid {r.contract}, took {r.counted}) "
                    "but scored as if they made it"
                )
            if r.made and r.contract_points > 0 and d == -2 * r.contract_points:
                found.append(
                    f"{party} made their bid at hand {n} (bid {r.contract}, took {r.counted}) "
                    "but were scored as set"
                )
        if r.overtrick_points and d == -r.overtrick_points:
            found.append(f"the overtricks at hand {n} ({r.overtrick_points:+d}) were not scored")
        if r.points and d == -r.points:
            found.append(f"hand {n} ({r.points:+d}) was not added to {party}'s score")
    return tuple(dict.fromkeys(found))
