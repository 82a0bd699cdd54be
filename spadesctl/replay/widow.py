"""The widow: the two cards left over after the deal, and the ``take`` and ``discard`` lines.

Under ``widow=off`` (every preset) the deck deals every card, so a ``widow``, ``take`` or
``discard`` line is a ``bad-widow``.  Under the ``widow`` rules (004) the whole 54-card
pack is dealt 13 each and two cards are left over:

- ``aside``: set aside unseen; no one takes them (a ``widow`` line may name them);
- ``dealer``, ``two_of_clubs``: the dealer, or the holder of the 2C (the dealer when the
  2C is itself in the widow), takes both before the bidding and discards two, before or
  after the bidding (``widow_discard``);
- ``high_bidder``: after the bidding (and any raises) the side with the greater total
  bid takes both, one partner both or one each; on equal bids each side takes one.
  Each taker discards as many as it took, before the play.

:func:`widow_before_bid` and :func:`widow_after_bid` check the lines of each group and
move their cards (a line that breaks a rule is reported and its cards are still moved as
written, so that the play is checked against them).  A missing ``take`` or ``discard``
is reported when the holdings are known (a ``deal``) or some widow line is recorded.
:func:`unwidow` turns holdings inferred from the play back into those dealt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spadesctl.cards import Card, Seat, Side, side_of
from spadesctl.core.deck import CARDS, TWO_OF_CLUBS, DeckTable, card_indices, indices_text
from spadesctl.diagnostics import BAD_WIDOW
from spadesctl.events import Bid, Discard, Take
from spadesctl.record import Hand
from spadesctl.replay.bidding import contract_of, party_name
from spadesctl.replay.deal import Holdings, card_count, take_held
from spadesctl.replay.report import Reporter
from spadesctl.replay.state import HandState
from spadesctl.rules.ruleset import Ruleset, WidowDiscard, WidowRule

#: Cards in the widow.
WIDOW_SIZE = 2


@dataclass(slots=True)
class WidowState:
    """What one hand's widow lines have done so far (local to one replay).

    ``cards``: the widow's two cards when known (from the deal, the ``widow`` line or the
    takes), else ``None``; ``taken``: per seat, the cards it took; ``owed``: per seat
    whose take the rules allow, the cards it must discard; ``discarded``: per seat, how
    many it discarded.
    """

    cards: frozenset[int] | None
    taken: dict[Seat, list[int]] = field(default_factory=dict)
    owed: dict[Seat, int] = field(default_factory=dict)
    discarded: dict[Seat, int] = field(default_factory=dict)


def taken_before_bid(rules: Ruleset) -> bool:
    """Whether the widow is taken before the bidding (``dealer``, ``two_of_clubs``)."""
    return rules.widow in (WidowRule.DEALER, WidowRule.TWO_OF_CLUBS)


def discarded_before_bid(rules: Ruleset) -> bool:
    """Whether the widow's taker discards before the bidding (``widow_discard``)."""
    return taken_before_bid(rules) and rules.widow_discard is WidowDiscard.BEFORE_BID


def check_widow(hand: Hand, rules: Ruleset, rep: Reporter) -> None:
    """Under ``widow=off``: report every widow line of ``hand`` (``bad-widow``)."""
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


def widow_before_bid(
    hand: Hand, rules: Ruleset, state: HandState, rep: Reporter
) -> WidowState | None:
    """The widow read (the deal's leftover and the ``widow`` line checked against each
    other) and the lines before the bidding checked and applied; ``None`` without a
    widow (the lines are then reported by :func:`check_widow`)."""
    if rules.widow is WidowRule.OFF:
        check_widow(hand, rules, rep)
        return None
    widow = WidowState(_widow_cards(hand, state, rep))
    for h in state.holding:
        for i in list(h):
            if widow.cards is not None and i in widow.cards:
                h.discard(i)  # never held: a deal that gives a widow card is reported
    for i in widow.cards or ():
        state.out_of_play[i] = "it is in the widow"
    taker = _taker_before_bid(hand, rules, state, widow)
    for line in hand.widow_before_bid:
        if isinstance(line, Take):
            _take(line, rules, state, widow, rep, _before_bid_taker_problem(rules, taker, line))
        else:
            why = ""
            if rules.widow is WidowRule.HIGH_BIDDER:
                why = "under widow=high_bidder the widow is taken and discarded after the bidding"
            elif rules.widow_discard is WidowDiscard.AFTER_BID:
                why = "these rules discard after the bidding (widow_discard=after_bid)"
            _discard(line, state, widow, rep, why)
    if rules.widow in (WidowRule.DEALER, WidowRule.TWO_OF_CLUBS) and taker is not None:
        lines = (*hand.widow_before_bid, *hand.widow_after_bid)
        wanted = state.known or bool(lines)
        if wanted and not any(isinstance(line, Take) for line in lines):
            rep.add(
                BAD_WIDOW,
                f"{taker.word} takes the widow before the bidding ({_who(rules)}), but no "
                f"take line is recorded",
                hand.pos,
                seat=taker,
            )
    return widow


def widow_after_bid(
    hand: Hand,
    rules: Ruleset,
    bids: tuple[Bid, ...],
    state: HandState,
    widow: WidowState | None,
    rep: Reporter,
) -> None:
    """The lines after the bidding checked and applied; then every taker must have
    discarded as many cards as it took."""
    if widow is None:
        return
    shares = _high_bidder_shares(rules, bids) if rules.widow is WidowRule.HIGH_BIDDER else None
    for line in hand.widow_after_bid:
        if isinstance(line, Take):
            why = ""
            if rules.widow is WidowRule.ASIDE:
                why = _ASIDE
            elif rules.widow is not WidowRule.HIGH_BIDDER:
                why = f"the widow is taken before the bidding ({_who(rules)})"
            elif shares is not None:
                why = _high_bidder_problem(line, shares, widow)
            _take(line, rules, state, widow, rep, why)
        else:
            why = ""
            if rules.widow is WidowRule.ASIDE:
                why = _ASIDE
            elif (
                rules.widow is not WidowRule.HIGH_BIDDER
                and rules.widow_discard is WidowDiscard.BEFORE_BID
            ):
                why = "these rules discard before the bidding (widow_discard=before_bid)"
            _discard(line, state, widow, rep, why)
    if shares is not None and (state.known or hand.widow_before_bid or hand.widow_after_bid):
        for side, count in shares.items():
            took = sum(len(widow.taken.get(s, ())) for s in side.seats)
            if took < count:
                rep.add(
                    BAD_WIDOW,
                    f"{side.value} take {card_count(count)} of the widow after the bidding "
                    f"({_share_words(shares)}), but {card_count(took)} "
                    f"{'is' if took == 1 else 'are'} recorded",
                    hand.pos,
                    party=side,
                )
    for seat, owed in widow.owed.items():
        done = widow.discarded.get(seat, 0)
        if done < owed:
            rep.add(
                BAD_WIDOW,
                f"{seat.word} took {card_count(owed)} of the widow and discards as many "
                f"before the play, but {'none is' if done == 0 else f'only {done} is'} "
                f"recorded",
                hand.pos,
                seat=seat,
            )


def unwidow(hand: Hand, table: DeckTable, seats: tuple[Seat, ...], holdings: Holdings) -> None:
    """Holdings inferred from the play (in place) back to those dealt: cards taken from
    the widow leave the taker, cards discarded return to the discarder."""
    for line in (*reversed(hand.widow_after_bid), *reversed(hand.widow_before_bid)):
        if line.seat not in seats:
            continue
        held = holdings[seats.index(line.seat)]
        for i in card_indices(line.cards):
            if isinstance(line, Take):
                held.discard(i)
            elif table.in_pack[i]:
                held.add(i)


_ASIDE = "the widow is set aside unseen (widow=aside): no one takes it or discards"


def _who(rules: Ruleset) -> str:
    if rules.widow is WidowRule.DEALER:
        return "widow=dealer: the dealer takes it"
    return "widow=two_of_clubs: the holder of the 2C takes it"


def _widow_cards(hand: Hand, state: HandState, rep: Reporter) -> frozenset[int] | None:
    """The widow's cards: what the deal leaves of the pack, and the ``widow`` line,
    checked against each other (``bad-widow``); ``None`` when neither tells."""
    left: frozenset[int] | None = None
    if state.known:
        dealt = set().union(*state.holding)
        rest = state.table.pack - dealt
        left = frozenset(rest) if len(rest) == WIDOW_SIZE else None
    line = hand.widow
    if line is None:
        return left
    written = card_indices(line.cards)
    if len(set(written)) != WIDOW_SIZE or len(written) != WIDOW_SIZE:
        rep.add(
            BAD_WIDOW,
            f"the widow is {card_count(WIDOW_SIZE)}, not {card_count(len(set(written)))}"
            + (" (a card is written twice)" if len(set(written)) != len(written) else ""),
            line.pos,
        )
        return left
    if left is not None and frozenset(written) != left:
        held = [
            f"{CARDS[i].text} is dealt to {state.seats[s].word}"
            for i in written
            for s, h in enumerate(state.holding)
            if i in h
        ]
        rep.add(
            BAD_WIDOW,
            f"the widow line names {indices_text(written)}, but the deal leaves "
            f"{indices_text(left)} ({'; '.join(held)})",
            line.pos,
        )
        return left
    return frozenset(written)


def _taker_before_bid(
    hand: Hand, rules: Ruleset, state: HandState, widow: WidowState
) -> Seat | None:
    """Who takes the widow before the bidding (``dealer``, ``two_of_clubs``); ``None``
    when no one does, or the record cannot tell (the 2C's holder is not known)."""
    if rules.widow is WidowRule.DEALER:
        return hand.dealer if hand.dealer in state.seats else None
    if rules.widow is not WidowRule.TWO_OF_CLUBS:
        return None
    two = TWO_OF_CLUBS
    if widow.cards is not None and two in widow.cards:
        return hand.dealer if hand.dealer in state.seats else None
    for s, held in enumerate(state.holding):
        if two in held and state.known:
            return state.seats[s]
    return None


def _before_bid_taker_problem(rules: Ruleset, taker: Seat | None, line: Take) -> str:
    if rules.widow is WidowRule.ASIDE:
        return _ASIDE
    if rules.widow is WidowRule.HIGH_BIDDER:
        return "under widow=high_bidder the widow is taken after the bidding"
    if taker is not None and line.seat is not taker:
        return f"{taker.word} takes it ({_who(rules)})"
    return ""


def _high_bidder_shares(rules: Ruleset, bids: tuple[Bid, ...]) -> dict[Side, int] | None:
    """How many widow cards each side takes under ``high_bidder``: both to the side that
    bid more, one each on equal bids; ``None`` when a side's bid is not recorded."""
    totals: dict[Side, int] = {}
    for side in (Side.NS, Side.EW):
        if not any(
            b.bidder is side or (isinstance(b.bidder, Seat) and side_of(b.bidder) is side)
            for b in bids
        ):
            return None
        totals[side] = contract_of(rules, bids, side) or 0  # both partners nil: 0
    ns, ew = totals[Side.NS], totals[Side.EW]
    if ns == ew:
        return {Side.NS: 1, Side.EW: 1}
    return {Side.NS if ns > ew else Side.EW: WIDOW_SIZE}


def _share_words(shares: dict[Side, int]) -> str:
    if len(shares) == WIDOW_SIZE:
        return "equal bids: one card to each side"
    (side,) = shares
    return f"{side.value} bid more"


def _high_bidder_problem(line: Take, shares: dict[Side, int], widow: WidowState) -> str:
    side = side_of(line.seat)
    allowed = shares.get(side, 0)
    if not allowed:
        return f"{party_name(side.other)} bid more: the widow goes to {side.other.value}"
    took = sum(len(widow.taken.get(s, ())) for s in side.seats)
    if took + len(line.cards) > allowed:
        return f"{side.value} take {card_count(allowed)} of it ({_share_words(shares)})"
    return ""


def _take(
    line: Take, rules: Ruleset, state: HandState, widow: WidowState, rep: Reporter, why: str
) -> None:
    """Check one ``take`` line and give its cards to the seat."""
    seat = line.seat
    if seat not in state.seats:
        rep.add(BAD_WIDOW, f"{seat.word} is not at the table", line.pos, seat=seat)
        return
    if why:
        message = f"{seat.word} takes {_words(line.cards)}, but {why}"
        rep.add(BAD_WIDOW, message, line.pos, seat=seat)
    indices = card_indices(line.cards)
    already = [i for t in widow.taken.values() for i in t]
    if widow.cards is not None:
        outside = [i for i in indices if i not in widow.cards]
    else:  # the widow is not known: a card someone holds is not in it, nor a third card
        outside = [i for i in indices if any(i in h for h in state.holding)]
        first = list(dict.fromkeys(already + [i for i in indices if i not in outside]))
        outside += [i for i in first[WIDOW_SIZE:] if i in indices]
    for i in outside:
        rep.add(
            BAD_WIDOW,
            f"{seat.word} takes {CARDS[i].text}, which is not in the widow "
            f"({state.whereabouts(i)})",
            line.pos,
            seat=seat,
        )
    twice = [i for i in indices if i in already]
    for i in twice:
        rep.add(BAD_WIDOW, f"{CARDS[i].text} of the widow is taken twice", line.pos, seat=seat)
    whole = rules.widow in (WidowRule.DEALER, WidowRule.TWO_OF_CLUBS)
    if whole and not why and (len(indices) != WIDOW_SIZE or seat in widow.taken):
        rep.add(
            BAD_WIDOW,
            f"{seat.word} takes {card_count(len(indices))}, but the taker takes the whole "
            f"widow, {card_count(WIDOW_SIZE)}, at once",
            line.pos,
            seat=seat,
        )
    s = state.seats.index(seat)
    mine = widow.taken.setdefault(seat, [])
    for i in indices:
        if i in outside or i in twice:
            continue
        mine.append(i)
        if not why:
            widow.owed[seat] = widow.owed.get(seat, 0) + 1
        state.out_of_play.pop(i, None)
        state.give(s, i)
    if widow.cards is None and len(set(already) | set(indices)) == WIDOW_SIZE and not outside:
        widow.cards = frozenset(set(already) | set(indices))


def _discard(line: Discard, state: HandState, widow: WidowState, rep: Reporter, why: str) -> None:
    """Check one ``discard`` line and take its cards out of play."""
    seat = line.seat
    if seat not in state.seats:
        rep.add(BAD_WIDOW, f"{seat.word} is not at the table", line.pos, seat=seat)
        return
    if why:
        rep.add(
            BAD_WIDOW, f"{seat.word} discards {_words(line.cards)}, but {why}", line.pos, seat=seat
        )
    took = widow.owed.get(seat, 0)
    done = widow.discarded.get(seat, 0)
    reported = seat in widow.taken and seat not in widow.owed  # its take was reported
    if not why and not reported and done + len(line.cards) != took:
        rep.add(
            BAD_WIDOW,
            f"{seat.word} discards {card_count(len(line.cards))}, but "
            + (
                f"took {card_count(took)} of the widow and discards as many"
                if took
                else "took no card of the widow"
            ),
            line.pos,
            seat=seat,
        )
    held = take_held(
        state, state.seats.index(seat), line.cards, rep, BAD_WIDOW, "discards", line.pos
    )
    for i in held:
        state.out_of_play[i] = f"{seat.word} discarded it"
    widow.discarded[seat] = done + len(line.cards)


def _words(cards: tuple[Card, ...]) -> str:
    return " ".join(c.text for c in cards) if cards else "no card"


__all__ = [
    "WidowState",
    "check_widow",
    "discarded_before_bid",
    "taken_before_bid",
    "unwidow",
    "widow_after_bid",
    "widow_before_bid",
]
