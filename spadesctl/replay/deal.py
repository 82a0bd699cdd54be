"""The cards each seat starts with: the ``deal`` line, two-player draws, or the play itself.

:func:`read_deal` checks a ``deal`` line (card counts, duplicates, the deck) and
:func:`read_draws` the two-player draw steps; both give the holdings they describe.
Without either, :func:`infer_holdings` attributes every card played to the seat that
played it (the first time it appears), which is all the record proves, and
:func:`unpass` moves passed cards back to their givers so that the holdings are, as
with a ``deal`` line, those before any pass.  :func:`apply_passes` then checks and
applies the passes.
"""

from __future__ import annotations

from spadesctl.cards import Card, Seat
from spadesctl.core.deck import (
    CARDS,
    DeckTable,
    card_index,
    card_indices,
    index_of,
    indices_text,
)
from spadesctl.core.draws import DRAWERS, draw_steps, drawer
from spadesctl.diagnostics import (
    BAD_DEAL,
    BAD_DRAW,
    BAD_PASS,
    Kind,
)
from spadesctl.events import Bid, BidKind, Holding, Pass, Position
from spadesctl.record import Hand
from spadesctl.replay.report import Reporter
from spadesctl.replay.state import HandState
from spadesctl.rules.ruleset import PassTo, Ruleset

Holdings = list[set[int]]


def read_deal(
    hand: Hand, rules: Ruleset, table: DeckTable, seats: tuple[Seat, ...], rep: Reporter
) -> Holdings | None:
    """The holdings of the ``deal`` line (``None`` without one), reporting ``bad-deal``."""
    deal = hand.deal
    if deal is None:
        return None
    size = rules.tricks_per_hand
    clean = _clean_deal(deal.holdings, seats, size, table)
    if clean is not None:
        return clean
    holdings: Holdings = [set() for _ in seats]
    seen: set[int] = set()
    given = [False] * len(seats)
    for h in deal.holdings:
        seat = h.seat
        if seat not in seats:
            rep.add(
                BAD_DEAL,
                f"the deal gives cards to {seat.word}, who is not at a "
                f"{rules.players}-player table",
                h.pos,
                seat=seat,
            )
            continue
        s = seats.index(seat)
        if given[s]:
            rep.add(BAD_DEAL, f"the deal gives {seat.word} two holdings", h.pos, seat=seat)
            continue
        given[s] = True
        if len(h.cards) != size:
            rep.add(
                BAD_DEAL,
                f"{seat.word} is dealt {len(h.cards)} cards, not {size}",
                h.pos,
                seat=seat,
            )
        indices = card_indices(h.cards)
        fast = set(indices)
        if len(fast) == len(indices) and fast <= table.pack and fast.isdisjoint(seen):
            holdings[s] = fast
            seen |= fast
            continue
        held = holdings[s]
        for i in indices:
            if not table.in_pack[i]:
                rep.add(
                    BAD_DEAL,
                    f"{table.not_in_pack_reason(i)}, but it is dealt to {seat.word}",
                    h.pos,
                    seat=seat,
                )
            elif i in seen:
                first = next(seats[o] for o, other in enumerate(holdings) if i in other)
                where = (
                    f"twice to {seat.word}"
                    if first is seat
                    else f"to both {first.word} and {seat.word}"
                )
                rep.add(BAD_DEAL, f"{CARDS[i].text} is dealt {where}", h.pos, seat=seat)
            else:
                seen.add(i)
                held.add(i)
    for s, seat in enumerate(seats):
        if not given[s]:
            rep.add(BAD_DEAL, f"the deal gives no cards to {seat.word}", deal.pos, seat=seat)
    return holdings


def _clean_deal(
    dealt: tuple[Holding, ...], seats: tuple[Seat, ...], size: int, table: DeckTable
) -> Holdings | None:
    """The holdings of a deal with nothing to report, else ``None``: each seat at the
    table dealt once, in seat order, ``size`` cards of the pack, no card twice."""
    if tuple(h.seat for h in dealt) != seats:
        return None
    holdings = [set(map(index_of, h.cards)) for h in dealt]
    every = set().union(*holdings)
    if len(every) != size * len(seats) or any(len(h.cards) != size for h in dealt):
        return None
    return holdings if every <= table.pack else None


def read_draws(
    hand: Hand,
    rules: Ruleset,
    table: DeckTable,
    seats: tuple[Seat, ...],
    dealt: Holdings | None,
    rep: Reporter,
) -> Holdings | None:
    """The hands the two-player draw steps build, reporting ``bad-draw``.

    ``None`` without draw steps, or when they do not build two full hands.
    """
    draws = hand.draws
    if not draws:
        return None
    if rules.players != DRAWERS:
        rep.add(
            BAD_DRAW,
            "draw steps belong to two-player games; deal the cards instead",
            draws[0].pos,
            seat=draws[0].seat,
        )
        return None
    size = rules.tricks_per_hand
    steps = draw_steps(size)
    kept: Holdings = [set(), set()]
    seen: dict[int, int] = {}
    dealer = seats.index(hand.dealer) if hand.dealer in seats else -1
    in_order = True
    for step, d in enumerate(draws, start=1):
        expected = seats[drawer(dealer, step - 1)]
        if in_order and d.seat is not expected:
            in_order = False
            rep.add(
                BAD_DRAW,
                f"draw step {step} is {expected.word}'s, not {d.seat.word}'s: the players "
                f"draw in turn, the non-dealer first",
                d.pos,
                seat=d.seat,
            )
        for c in (d.kept, d.discarded):
            i = card_index(c)
            if not table.in_pack[i]:
                rep.add(BAD_DRAW, f"{table.not_in_pack_reason(i)}", d.pos, seat=d.seat)
            elif i in seen:
                rep.add(
                    BAD_DRAW,
                    f"{c.text} was already drawn in step {seen[i]}",
                    d.pos,
                    seat=d.seat,
                )
            else:
                seen[i] = step
        i = card_index(d.kept)
        if d.seat in seats and table.in_pack[i]:
            kept[seats.index(d.seat)].add(i)
    full = all(len(k) == size for k in kept) and len(draws) == steps
    if len(draws) != steps:
        rep.add(
            BAD_DRAW,
            f"{len(draws)} draw steps are recorded; building two hands of {size} takes {steps}",
            draws[-1].pos,
        )
    if dealt is not None and full:
        for s, seat in enumerate(seats):
            if kept[s] != dealt[s]:
                extra = indices_text(kept[s] - dealt[s])
                missing = indices_text(dealt[s] - kept[s])
                rep.add(
                    BAD_DRAW,
                    f"the cards {seat.word} kept differ from the deal (kept, not dealt: "
                    f"{extra or 'none'}; dealt, not kept: {missing or 'none'})",
                    draws[-1].pos,
                    seat=seat,
                )
    return kept if full else None


def infer_holdings(
    hand: Hand, table: DeckTable, seats: tuple[Seat, ...]
) -> tuple[Holdings, dict[int, int]]:
    """Holdings inferred from the play, and the trick in which each card is first played.

    Every card of the deck played is attributed to the seat that played it the first
    time; a later play of it is the replay's ``card-played-twice``.
    """
    n = len(seats)
    holdings: Holdings = [set() for _ in seats]
    first_play: dict[int, int] = {}
    in_pack = table.in_pack
    for t in hand.tricks:
        if t.leader not in seats:
            continue
        lead = seats.index(t.leader)
        for k, c in enumerate(t.cards[:n]):
            i = card_index(c)
            if i not in first_play and in_pack[i]:
                first_play[i] = t.number
                holdings[(lead + k) % n].add(i)
    return holdings, first_play


def unpass(hand: Hand, table: DeckTable, seats: tuple[Seat, ...], holdings: Holdings) -> None:
    """Move passed cards back to their givers (in place), undoing the passes in reverse:
    those after the bidding, then those before it.

    A passed card that the play shows in a third seat's hand is taken from it: the
    pass proves where it was, and that seat's play of it becomes ``card-not-held``.
    """
    for p in (*reversed(hand.passes), *reversed(hand.passes_before_bid)):
        if p.giver not in seats or p.receiver not in seats:
            continue
        giver = seats.index(p.giver)
        receiver = seats.index(p.receiver)
        for c in p.cards:
            i = card_index(c)
            if i in holdings[receiver]:
                holdings[receiver].discard(i)
            else:
                for s, held in enumerate(holdings):
                    if s != giver:
                        held.discard(i)
            if table.in_pack[i]:
                holdings[giver].add(i)


def pass_receiver(
    rules: Ruleset, seats: tuple[Seat, ...], giver: Seat, hand_number: int
) -> Seat | None:
    """Whom ``giver`` passes ``pass_cards`` cards to before the bidding of hand
    ``hand_number`` (``None``: no pass in that hand).  The player on one's left is the
    next seat clockwise; ``rotate`` passes left, right, across, then not at all (002)."""
    direction: PassTo | None = rules.pass_to
    if direction is PassTo.ROTATE:
        direction = _ROTATION[(hand_number - 1) % len(_ROTATION)]
    if direction is None or giver not in seats:
        return None
    n = len(seats)
    step = {PassTo.LEFT: 1, PassTo.RIGHT: n - 1}.get(direction, 2)  # partner, across: 2
    return seats[(seats.index(giver) + step) % n]


_ROTATION: tuple[PassTo | None, ...] = (PassTo.LEFT, PassTo.RIGHT, PassTo.ACROSS, None)


def apply_passes_before_bid(hand: Hand, rules: Ruleset, state: HandState, rep: Reporter) -> None:
    """Check the passes before the bidding (``pass_cards``, ``pass_to``) and move the
    cards; ``bad-pass``.

    Each player passes ``pass_cards`` cards to the same player, all at the same time
    (004): every card passed must be one its giver held before the passing, so a card
    just received cannot be passed on.  A pass the rules do not call for is reported,
    and its cards are moved as written (so that the play is checked against them); a
    missing pass is reported when the holdings are known (a deal) or some pass is.
    """
    seats = state.seats
    count = rules.pass_cards
    wanted: dict[Seat, Seat] = {}
    if count:
        for giver in seats:
            receiver = pass_receiver(rules, seats, giver, hand.number)
            if receiver is not None:
                wanted[giver] = receiver
    before = [set(h) for h in state.holding]
    done: set[Seat] = set()
    for p in hand.passes_before_bid:
        giver, receiver = p.giver, p.receiver
        if not _at_table(p, rules, seats, rep):
            continue
        why = ""
        if not wanted:
            why = (
                "these rules pass no cards before the bidding"
                if not count
                else f"no cards are passed in hand {hand.number} (pass_to=rotate: every "
                f"fourth hand)"
            )
        elif giver in done:
            why = f"{giver.word} passed already"
        elif wanted[giver] is not receiver:
            why = f"{giver.word} passes to {wanted[giver].word} (pass_to={rules.pass_to.value})"
        elif len(p.cards) != count:
            why = f"each player passes {count} (pass_cards={count})"
        if why:
            _bad_pass(
                rep,
                p,
                f"{giver.word} passes {card_count(len(p.cards))} to {receiver.word} before the "
                f"bidding, but {why}",
            )
        done.add(giver)
        g = seats.index(giver)
        for c in p.cards:
            i = card_index(c)
            if i not in before[g]:
                _bad_pass(
                    rep,
                    p,
                    f"{giver.word} passes {c.text} without holding it before the passing "
                    f"({_where_from(hand, giver, c, state, i)})",
                )
    for p in hand.passes_before_bid:  # all at once: every card leaves, then arrives
        if p.giver in seats and p.receiver in seats:
            _move(state, seats.index(p.giver), seats.index(p.receiver), p.cards)
    if state.known or hand.passes_before_bid:
        for giver, receiver in wanted.items():
            if giver not in done:
                rep.add(
                    BAD_PASS,
                    f"{giver.word} passes {card_count(count)} to {receiver.word} before the "
                    f"bidding, but no such pass is recorded",
                    hand.pos,
                    seat=giver,
                )


def _at_table(p: Pass, rules: Ruleset, seats: tuple[Seat, ...], rep: Reporter) -> bool:
    """Whether both seats of a pass are at the table; ``bad-pass`` if not."""
    if p.giver in seats and p.receiver in seats:
        return True
    missing = p.giver if p.giver not in seats else p.receiver
    _bad_pass(rep, p, f"{missing.word} is not at a {rules.players}-player table")
    return False


def _bad_pass(rep: Reporter, p: Pass, message: str) -> None:
    """A ``bad-pass`` diagnostic on the line of pass ``p``, by its giver."""
    rep.add(BAD_PASS, message, p.pos, seat=p.giver)


def _where_from(hand: Hand, giver: Seat, c: Card, state: HandState, i: int) -> str:
    """Where a card passed without being held came from: a pass to the giver, or else."""
    for other in hand.passes_before_bid:
        if other.receiver is giver and c in other.cards:
            return (
                f"{other.giver.word} passes it to {giver.word} in the same passing: the "
                f"cards are passed at the same time"
            )
    return state.whereabouts(i)


def card_count(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _move(state: HandState, giver: int, receiver: int, cards: tuple[Card, ...]) -> None:
    for c in cards:
        i = card_index(c)
        state.take(giver, i)
        state.give(receiver, i)
        state.passed[i] = (giver, receiver)


def _blind_nil_seats(bids: tuple[Bid, ...]) -> list[Seat]:
    return [b.bidder for b in bids if b.kind is BidKind.BLIND_NIL and isinstance(b.bidder, Seat)]


def _partner(seat: Seat) -> Seat:
    return {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}[seat]


def apply_passes(
    hand: Hand, rules: Ruleset, bids: tuple[Bid, ...], state: HandState, rep: Reporter
) -> None:
    """Check the passes (count, seats, cards held) and move the cards; ``bad-pass``.

    Cards pass only after a blind nil, between the bidder and partner, ``blind_nil_pass``
    each way; partners who both bid blind nil exchange nothing ("no cards are
    exchanged", 004).  Passes are applied in the order written, so a partner may pass back a
    card just received.  A missing pass is reported when the holdings are known (a deal)
    or some pass is recorded.
    """
    seats = state.seats
    count = rules.blind_nil_pass
    blind = _blind_nil_seats(bids) if rules.has_partnerships else []
    if not blind and not hand.passes:
        return
    allowed: dict[tuple[Seat, Seat], Seat] = {}
    if count:
        for b in blind:  # partners who both bid blind nil exchange nothing (004)
            if _partner(b) not in blind:
                allowed[(b, _partner(b))] = b
                allowed[(_partner(b), b)] = b
    done: set[tuple[Seat, Seat]] = set()
    for p in hand.passes:
        giver, receiver = p.giver, p.receiver
        if not _at_table(p, rules, seats, rep):
            continue
        pair = (giver, receiver)
        if pair not in allowed:
            if not blind:
                why = "no one bid blind nil, so no cards are passed" + (
                    " after the bidding (the passes of pass_cards stand before the bid line)"
                    if rules.pass_cards
                    else ""
                )
            elif not count:
                why = "these rules pass no cards after a blind nil (blind_nil_pass=0)"
            elif giver in blind and _partner(giver) in blind and receiver is _partner(giver):
                why = f"{giver.word} and {receiver.word} both bid blind nil: no cards are exchanged"
            elif not allowed:
                why = "partners who both bid blind nil exchange no cards"
            else:
                names = " or ".join(
                    dict.fromkeys(f"{b.word} and {_partner(b).word}" for b in allowed.values())
                )
                why = f"after a blind nil, cards pass only between {names}"
            _bad_pass(rep, p, f"{giver.word} passes to {receiver.word}: {why}")
        elif pair in done:
            _bad_pass(rep, p, f"a second pass from {giver.word} to {receiver.word}")
        elif len(p.cards) != count:
            _bad_pass(
                rep,
                p,
                f"{giver.word} passes {len(p.cards)} cards; after a blind nil each partner "
                f"passes {count}",
            )
        done.add(pair)
        g = seats.index(giver)
        r = seats.index(receiver)
        take_held(state, g, p.cards, rep, BAD_PASS, "passes", p.pos)
        for i in card_indices(p.cards):
            state.give(r, i)
            state.passed[i] = (g, r)
    if state.known or hand.passes:
        for (giver, receiver), bidder in allowed.items():
            if (giver, receiver) not in done:
                where = next(b.pos for b in bids if b.bidder is bidder)
                rep.add(
                    BAD_PASS,
                    f"after {bidder.word}'s blind nil {giver.word} passes {count} cards to "
                    f"{receiver.word}, but no such pass is recorded",
                    where,
                    seat=giver,
                )


def take_held(
    state: HandState,
    s: int,
    cards: tuple[Card, ...],
    rep: Reporter,
    kind: Kind,
    verb: str,
    pos: Position,
) -> list[int]:
    """Take ``cards`` out of seat ``s``'s holding; each one it does not hold is a ``kind``
    diagnostic (``North passes 3H without holding it (East holds it)``).  The indices of
    the cards it held, in order."""
    seat = state.seats[s]
    held: list[int] = []
    for c in cards:
        i = card_index(c)
        if state.take(s, i):
            held.append(i)
        else:
            rep.add(
                kind,
                f"{seat.word} {verb} {c.text} without holding it ({state.whereabouts(i)})",
                pos,
                seat=seat,
            )
    return held


__all__ = [
    "Holdings",
    "apply_passes",
    "apply_passes_before_bid",
    "card_count",
    "infer_holdings",
    "pass_receiver",
    "read_deal",
    "read_draws",
    "take_held",
    "unpass",
]
