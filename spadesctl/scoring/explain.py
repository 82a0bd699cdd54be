"""Explaining scores: a hand's itemised text, and where a score sheet went wrong.

:func:`hand_items` writes a hand's explanation from its figures, after the fact: scoring
itself (:mod:`spadesctl.core.score`) computes on integers and never builds a sentence.

:func:`first_sheet_errors` finds the first hand whose recorded running totals disagree
with the computed ones, and names the likely slip when the difference is exactly what one
known slip would cause (a bag penalty left out, a failed nil scored as made, ...).  It
never guesses beyond that: when no slip fits, or several do, it says so.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from spadesctl.cards import Party
from spadesctl.core.score import (
    BLIND_TRICK_POINTS,
    TEN_FOR_200_POINTS,
    TRICK_POINTS,
    SetReason,
    score_rules,
)
from spadesctl.rules.ruleset import (
    BagMode,
    BlindBidSet,
    FailedNilTricks,
    MoonFail,
    RenegeSet,
    Ruleset,
    SetPenalty,
)
from spadesctl.scoring.model import (
    GameScore,
    HandScore,
    Item,
    NilResult,
    PartyCounts,
    PartyResult,
    RulingOutcome,
    SheetError,
)


def format_hand(hand: HandScore) -> str:
    """The hand's items, one a line, then the running totals."""
    lines = [f"hand {hand.number}:"]
    lines.extend(f"  {item.text}" for item in hand.items)
    lines.append(f"  totals: {hand.after}")
    return "\n".join(lines)


def explained_as_unbid(rules: Ruleset, unbid: bool) -> bool:
    """Whether a hand is explained as played without bids ("hand N is unbid"): it was,
    and ``first_hand_bids_itself`` does not score it as a bid of its tricks (then its
    items are a made bid's).  The scorer's explanation and the express check's JSON."""
    return unbid and not rules.first_hand_bids_itself


def hand_items(hand: HandScore) -> tuple[Item, ...]:
    """The hand's explanation, one :class:`Item` per figure: the renege rulings first,
    then per party its contract, nils, failed nils' tricks, a Boston and bag penalties."""
    rules = hand.rules
    items = [_ruling_item(o) for o in hand.rulings]
    unbid = explained_as_unbid(rules, hand.unbid)
    for result in hand.results:
        party = result.party
        if unbid:
            items.append(_unbid_item(hand, result))
            if result.bag_penalties:
                items.extend(_bag_penalty_items(rules, result, hand.before[party].bags))
        else:
            nils = tuple(n for n in hand.nils if n.party is party) if hand.nils else ()
            items.extend(party_items(rules, hand.unbid, result, nils, hand.before[party].bags))
    return tuple(items)


def party_items(
    rules: Ruleset,
    unbid: bool,
    result: PartyResult,
    nils: tuple[NilResult, ...],
    bags_before: int,
) -> tuple[Item, ...]:
    """A party's items in a hand that was bid (or whose first hand bids itself): its
    contract, its nils (``nils``, in the order bid), failed nils' tricks, a Boston, and
    the bag penalties of its counter, which stood at ``bags_before``.  The express score
    sheet's JSON writes them with it too (:mod:`spadesctl.express.sheet_json`)."""
    items = _party_bid_items(rules, unbid, result, nils)
    if result.bag_penalties:
        return items + tuple(_bag_penalty_items(rules, result, bags_before))
    return items


@functools.lru_cache(maxsize=4096)
def _party_bid_items(
    rules: Ruleset, unbid: bool, result: PartyResult, nils: tuple[NilResult, ...]
) -> tuple[Item, ...]:
    """:func:`_bid_items`, remembered: a party's items depend on these values alone,
    and the same outcome recurs from hand to hand (``score``'s JSON explains every hand)."""
    return tuple(_bid_items(rules, unbid, result, nils))


def _ruling_item(o: RulingOutcome) -> Item:
    where = f" at trick {o.trick}" if o.trick is not None else ""
    head = f"{o.offender} reneged{where}"
    if isinstance(o.penalty, RenegeSet):
        return Item(o.party, 0, f"{head}: {o.party} is set (renege penalty)")
    if o.moved == 0:
        why = "the penalty is 0" if o.penalty == 0 else f"{o.party} took none"
        return Item(o.party, 0, f"{head}: no tricks move ({why})")
    if not o.shares:
        text = f"{head}: {o.party} loses {_tricks(o.moved)} (no one gains them)"
    elif len(o.shares) == 1:
        text = f"{head}: {_tricks(o.moved)} move from {o.party} to {o.shares[0][0]}"
    else:
        to = "(" + ", ".join(f"{c} to {b}" for b, c in o.shares) + ")"
        text = f"{head}: {_tricks(o.moved)} move from {o.party} {to}"
    notes = [f"{b} has no contract: they count for nothing" for b in o.no_contract]
    if o.moved < o.penalty:
        notes.insert(0, f"all {o.party} took; the penalty is {o.penalty}")
    if notes:
        text += " (" + "; ".join(notes) + ")"
    return Item(o.party, 0, text)


def _unbid_item(hand: HandScore, result: PartyResult) -> Item:
    party = result.party
    set_by_renege = any(o.party is party and isinstance(o.penalty, RenegeSet) for o in hand.rulings)
    return unbid_item(hand.number, result, set_by_renege)


def unbid_item(number: int, result: PartyResult, set_by_renege: bool = False) -> Item:
    """A party's item in hand ``number``, played without bids (and not bidding itself):
    its tricks and points (``set_by_renege``: 0).  The express score sheet's JSON writes
    it with it too (:mod:`spadesctl.express.sheet_json`)."""
    party = result.party
    where = f"{party} took {result.counted} (hand {number} is unbid)"
    if set_by_renege:
        return Item(party, 0, f"{where}, set by renege: 0")
    return Item(party, result.contract_points, f"{where}: {_signed(result.contract_points)}")


def _bid_items(
    rules: Ruleset, unbid: bool, result: PartyResult, nils: Sequence[NilResult]
) -> list[Item]:
    party = result.party
    contract = result.contract
    unit = score_rules(rules).bag_unit
    items: list[Item] = []
    if contract is not None:
        bid_text = _bid_text(party, contract, result.blind)
        if unbid:
            bid_text += " (its own tricks: the hand is unbid)"
        took = f"{bid_text}, took {_took_text(result)}"
        reason = result.set_reason
        if result.made:
            value = _made_text(rules, contract, result.blind, result.moon)
            points = result.contract_points + unit * result.overtricks
            items.append(
                Item(party, points, f"{took}: {value}{_bags_text(rules, result.overtricks)}")
            )
        elif result.moon and rules.moon_fail is MoonFail.BAGS and reason is SetReason.SHORT:
            moon_bags = result.extra_bags - result.nil_bags
            text = f"{took}: the moon failed and its tricks count as bags: "
            items.append(Item(party, unit * moon_bags, text + _signed(unit * moon_bags)))
        else:
            if reason is SetReason.OVERTRICKS:
                over = result.counted - contract
                why = f"set ({over} overtricks, more than the {rules.max_overtricks} allowed)"
            elif reason is SetReason.RENEGE:
                why = "set by the renege ruling"
            else:
                why = "set"
            value = _set_text(rules, contract, result.blind, result.contract_points)
            items.append(Item(party, result.contract_points, f"{took}: {why}, {value}"))
    for n in nils:
        if n.made:
            text = f"{n.seat.value} {n.name} made: {_signed(n.points)}"
        else:
            text = f"{n.seat.value} {n.name} failed (took {n.taken}): {_signed(n.points)}"
        items.append(Item(party, n.points, text))
    failed = [n for n in nils if not n.made]
    if failed:
        who = "/".join(f"{n.seat.value}'s" for n in failed)
        both_nil = contract is None and len(nils) > 1  # no contract: nothing counts
        if rules.failed_nil_tricks is FailedNilTricks.BAGS and not both_nil:
            bags = result.nil_bags
            text = f"{who} {_tricks(bags)} (failed nil) {_count(bags)} as bags"
            items.append(Item(party, unit * bags, f"{text}: {_signed(unit * bags)}"))
        elif rules.failed_nil_tricks is FailedNilTricks.NONE or contract is None:
            count = sum(n.taken for n in failed)
            items.append(
                Item(party, 0, f"{who} {_tricks(count)} (failed nil) {_count(count)} for nothing")
            )
    if result.boston and rules.boston_wins:
        tricks = rules.tricks_per_hand
        items.append(Item(party, 0, f"{party} bid {contract} and took all {tricks} tricks: Boston"))
    return items


def _bag_penalty_items(rules: Ruleset, result: PartyResult, before: int) -> list[Item]:
    limit = rules.bag_limit
    if not result.bag_penalties or limit is None:
        return []
    total = before + result.bags_added
    items = []
    for i in range(result.bag_penalties):
        at = total - i * limit
        text = (
            f"{result.party.value} {limit}-bag penalty: -{rules.bag_penalty} "
            f"(bags {at} -> {at - limit})"
        )
        items.append(Item(result.party, -rules.bag_penalty, text))
    return items


def _bags_text(rules: Ruleset, count: int) -> str:
    """How ``count`` overtricks read after the contract's value: `` + 2 bags``."""
    if count == 0:
        return ""
    if rules.bag_mode is BagMode.CARRY:
        return f" + {count} {'bag' if count == 1 else 'bags'}"
    if rules.bag_mode is BagMode.DEDUCT:
        return f" - {count} for {'overtrick' if count == 1 else 'overtricks'}"
    return f" ({count} {'overtrick scores' if count == 1 else 'overtricks score'} nothing)"


def _bid_text(party: Party, contract: int, blind: int) -> str:
    if blind == 0:
        return f"{party.value} bid {contract}"
    if blind == contract:
        return f"{party.value} bid b{contract}"
    return f"{party.value} bid {contract} (b{blind} + {contract - blind})"


def _took_text(result: PartyResult) -> str:
    notes = []
    if result.partner_nil_tricks:
        notes.append(f"{result.partner_nil_tricks} of them by its nil bidder")
    if result.removed:
        notes.append(f"{result.removed} lost to the renege penalty")
    if result.received:
        notes.append(f"{result.received} from the renege penalty")
    return f"{result.counted}" + (f" ({'; '.join(notes)})" if notes else "")


def _made_text(rules: Ruleset, contract: int, blind: int, moon: bool) -> str:
    if moon and rules.moon is not None:
        return f"moon, {rules.moon}"
    if rules.ten_for_200 and contract >= 10:
        if blind:
            return f"{2 * TEN_FOR_200_POINTS} (ten for 200, blind: doubled)"
        return f"{TEN_FOR_200_POINTS} (ten for 200)"
    return _trick_value_text(contract, blind)


def _set_text(rules: Ruleset, contract: int, blind: int, points: int) -> str:
    if rules.set_penalty is SetPenalty.ZERO:
        return "0"
    if rules.ten_for_200 and contract >= 10:
        doubled = blind and rules.blind_bid_set is BlindBidSet.DOUBLE
        return f"{points} (ten for 200{', blind: doubled' if doubled else ''})"
    if blind and rules.blind_bid_set is BlindBidSet.SINGLE:
        return f"{points} (a failed blind bid is not doubled)"
    if blind:
        return f"{points} ({_trick_value_text(contract, blind).split(' = ')[0]})"
    return f"{points}"


def _trick_value_text(contract: int, blind: int) -> str:
    """10 a trick bid, 20 a trick bid blind: ``3 x 20 + 2 x 10 = 80``."""
    plain = contract - blind
    points = TRICK_POINTS * plain + BLIND_TRICK_POINTS * blind
    if blind == 0:
        return f"{points}"
    if plain == 0:
        return f"{blind} x {BLIND_TRICK_POINTS} = {points}"
    return f"{blind} x {BLIND_TRICK_POINTS} + {plain} x {TRICK_POINTS} = {points}"


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _tricks(count: int) -> str:
    return f"{count} {'trick' if count == 1 else 'tricks'}"


def _count(count: int) -> str:
    return "counts" if count == 1 else "count"


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
