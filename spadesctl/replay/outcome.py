"""The end of a hand: is it complete, who took how many tricks, do the rulings stand.

:func:`tally` decides the tricks taken (from the play, a claim, or the ``took`` line)
and reports ``incomplete-hand`` and ``trick-count-mismatch``; :func:`check_rulings`
reports ``renege`` rulings (``renege SEAT TRICK`` lines) that the play does not support.
"""

from __future__ import annotations

from collections.abc import Collection

from spadesctl.cards import Party, Seat, Side
from spadesctl.core.bids import is_nil
from spadesctl.core.deck import SUIT_WORDS, card_index, deck_table
from spadesctl.core.took import Fault, TookFault, took_faults
from spadesctl.diagnostics import (
    INCOMPLETE_HAND,
    RENEGE,
    RENEGE_RULED,
    TRICK_COUNT_MISMATCH,
    UNSUPPORTED_RENEGE_CALL,
)
from spadesctl.events import Bid, Took
from spadesctl.record import Hand
from spadesctl.replay.bidding import party_name
from spadesctl.replay.report import Reporter
from spadesctl.replay.result import FoundRenege, PlayedTrick
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring.model import absent_party, parties_of, party_of, seats_of


def tally(
    hand: Hand,
    rules: Ruleset,
    seats: tuple[Seat, ...],
    bids: tuple[Bid, ...],
    won: tuple[int, ...],
    rep: Reporter,
) -> tuple[tuple[tuple[Party, int], ...], bool]:
    """The tricks taken per party (for the scorer) and whether the hand is complete.

    A ``took`` line is the outcome when there is one (it must agree with the tricks
    played: no party took fewer than it won in play, and exactly as many when every
    trick was played); otherwise a claim gives the claimer every trick not played.
    A ``took`` line that cannot be scored (a seat left out or given twice, counts that
    do not add up to the tricks in the hand) leaves the hand unscored, unless the play
    (with a claim) shows every trick.
    """
    size = rules.tricks_per_hand
    played = min(len(hand.tricks), size)
    per_seat = list(won)
    claim = hand.claim
    claimed = claim is not None and claim.seat in seats
    if claim is not None and claimed:
        per_seat[seats.index(claim.seat)] += max(0, size - sum(won))
    if hand.took is not None:
        claimer = claim.seat if claim is not None and claimed and played < size else None
        counts = _read_took(hand.took, rules, seats, bids, won, played, rep, claimer)
        if counts is not None:
            return counts, True
    if claimed or played >= size:
        return tuple(zip(seats, per_seat, strict=True)), True
    if hand.took is None:
        if claim is not None:
            what = (
                f"only {played} of its {size} tricks, and a claim by {claim.seat.word}, who is "
                f"not at a {rules.players}-player table"
            )
        elif not hand.tricks:
            what = "no tricks, claim or took line"
        else:
            what = f"only {played} of its {size} tricks, and no claim or took line"
        rep.add(INCOMPLETE_HAND, f"hand {hand.number} has {what}", hand.pos)
    return (), False


def _read_took(
    took: Took,
    rules: Ruleset,
    seats: tuple[Seat, ...],
    bids: tuple[Bid, ...],
    won: tuple[int, ...],
    played: int,
    rep: Reporter,
    claimer: Seat | None = None,
) -> tuple[tuple[Party, int], ...] | None:
    """The took line's counts, if they cover every seat once; reports mismatches (the
    rules core's :func:`~spadesctl.core.took.took_faults`, worded).

    ``claimer``: the seat that claimed the tricks not played; every other party then
    takes exactly the tricks it won in play.
    """
    nil_seats = {
        seats.index(b.bidder)
        for b in bids
        if isinstance(b.bidder, Seat) and b.bidder in seats and is_nil(rules, b)
    }
    entries = [
        (
            None
            if absent_party(rules, seats, party) is not None
            else tuple(seats.index(s) for s in seats_of(party)),
            count,
        )
        for party, count in took.counts
    ]
    claim = None
    if claimer is not None:
        parties = parties_of(rules)
        claim = (
            parties.index(party_of(rules, claimer)),
            [tuple(seats.index(s) for s in seats_of(p)) for p in parties],
        )
    faults, usable = took_faults(
        entries, len(seats), rules.tricks_per_hand, nil_seats, won, played, claim
    )
    for fault in faults:
        message, seat, party = _took_words(fault, took, rules, seats, played, claimer)
        rep.add(TRICK_COUNT_MISMATCH, message, took.pos, seat=seat, party=party)
    return took.counts if usable else None


def _took_words(
    fault: TookFault,
    took: Took,
    rules: Ruleset,
    seats: tuple[Seat, ...],
    played: int,
    claimer: Seat | None,
) -> tuple[str, Seat | None, Party | None]:
    """A took line's fault in words: the message, and the seat and party it concerns."""
    what = fault.fault
    if what is Fault.TWICE:
        seat = seats[fault.seat]
        return f"took gives {seat.word}'s tricks twice", seat, None
    if what is Fault.MISSING:
        seat = seats[fault.seat]
        return f"took gives no count for {seat.word}", seat, None
    if what is Fault.TOTAL:
        size = rules.tricks_per_hand
        return f"the took counts add up to {fault.given}, but a hand has {size} tricks", None, None
    party = parties_of(rules)[fault.party] if fault.entry < 0 else took.counts[fault.entry][0]
    alone = party if isinstance(party, Seat) else None
    who = party_name(party)
    given, by_play = fault.given, fault.tricks
    if what is Fault.ABSENT:
        absent = absent_party(rules, seats, party)
        if isinstance(party, Side):
            return f"took gives {who} together, but {absent}", None, party
        return f"took gives tricks to {who}, who is {absent}", alone, party
    if what is Fault.NILS_TOGETHER:
        nil = seats[fault.seat].word
        return f"took gives {who} together, but {nil} bid nil: give each seat's tricks", None, party
    if what is Fault.NOT_AS_PLAYED:
        return f"took gives {who} {given} tricks, but {who} won {by_play} in the play", alone, None
    if what is Fault.BELOW_PLAY:
        message = (
            f"took gives {who} {given} tricks, but {who} already won {by_play} of the "
            f"{played} tricks played"
        )
        return message, alone, None
    assert claimer is not None  # Fault.OVER_CLAIM
    message = (
        f"took gives {who} {given} tricks, but {who} won {by_play} in play and "
        f"{claimer.word} claimed the rest"
    )
    return message, alone, None


def check_rulings(
    hand: Hand,
    rules: Ruleset,
    tricks: tuple[PlayedTrick, ...],
    found: tuple[FoundRenege, ...],
    rep: Reporter,
    known: Collection[Seat] | None = None,
) -> None:
    """Report ``renege`` rulings for a played trick in which the play shows no renege.

    ``known``: the seats whose every card the record shows (a deal, the draws, or all
    their cards played; ``None``: every seat).  A ruling against another seat that did
    not follow suit stands: the record cannot show the card the table saw.
    """
    if not hand.reneges:
        return
    proven = {(r.seat, r.trick) for r in found}
    by_number = {t.number: t for t in tricks}
    table = deck_table(rules)
    for ruling in hand.reneges:
        if (ruling.seat, ruling.trick) in proven:
            note = (
                f"the record's ruling 'renege {ruling.seat.value} {ruling.trick}' "
                f"(line {ruling.pos.line}) covers it, and the score applies its penalty"
            )
            rep.cover(RENEGE, ruling.seat, ruling.trick, RENEGE_RULED, note)
            continue
        trick = by_number.get(ruling.trick)
        if trick is None:
            continue  # the play of that trick is not recorded: nothing to check against
        seat = ruling.seat
        card = trick.card_of(seat)
        if card is None:
            why = f"{seat.word} has no card in trick {trick.number}"
        else:
            led = table.suit[card_index(trick.cards[0])]
            if table.suit[card_index(card)] == led:
                why = f"{seat.word} followed suit with {card.text}"
            elif led >= 0:
                if known is not None and seat not in known:
                    continue  # neither proven nor refuted: the table's ruling stands
                why = (
                    f"the record does not show {seat.word} holding {SUIT_WORDS[led]} when "
                    f"playing {card.text}"
                )
            else:
                why = f"{seat.word} could not follow"
        rep.add(
            UNSUPPORTED_RENEGE_CALL,
            f"the record rules a renege by {seat.word} in trick {ruling.trick}, but {why}",
            ruling.pos,
            trick=ruling.trick,
            seat=seat,
        )
