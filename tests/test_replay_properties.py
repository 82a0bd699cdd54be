"""Property tests: legal games replay clean; a single-card mutation is caught by name.

Games come from the legal-play bot (:mod:`spadesctl.generate`) through their canonical
text, so the notation, the replay and the scorer are exercised together.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spadesctl.cards import Card, Seat, Suit, seats_for
from spadesctl.checking import game_diagnostics
from spadesctl.events import Take, Took, Trick, WidowLine
from spadesctl.record import Game, Hand
from spadesctl.replay import replay_game, replay_hand
from spadesctl.replay.legal import legal_plays
from spadesctl.rules import FirstLead, LeadSpades, Ruleset, effective_suit, parse_rules
from tests.strategies import RULES_TEXTS, generated_games, rules_texts, seeds

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("rules_text", RULES_TEXTS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_games_replay_clean_under_every_ruleset(
    rules_text: str, data: st.DataObject
) -> None:
    game = data.draw(generated_games(rules_text, max_hands=6))
    assert game_diagnostics(game) == []


@SETTINGS
@given(game=generated_games(max_hands=3))
def test_generated_games_replay_clean(game: Game) -> None:
    assert game_diagnostics(game) == []


# -- single-card mutations ---------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A card a seat could not legally play at (trick, position), though it held it."""

    trick: int  # index in hand.tricks
    position: int
    seat: Seat
    card: Card
    expected: frozenset[str]


def _played_hand(game: Game) -> Hand:
    hands = [h for h in game.hands if h.tricks and h.deal is not None]
    assume(hands)
    return hands[0]


def _holdings(hand: Hand, seats: tuple[Seat, ...]) -> dict[Seat, set[Card]]:
    assert hand.deal is not None
    held = {s: set(hand.deal.hand_of(s) or ()) for s in seats}
    _widow(held, hand.widow_before_bid)
    for p in hand.passes_before_bid:  # all at once (pass_cards)
        held[p.giver].difference_update(p.cards)
    for p in hand.passes_before_bid:
        held[p.receiver].update(p.cards)
    _widow(held, hand.widow_after_bid)
    for p in hand.passes:
        held[p.giver].difference_update(p.cards)
        held[p.receiver].update(p.cards)
    return held


def _widow(held: dict[Seat, set[Card]], lines: tuple[WidowLine, ...]) -> None:
    """The widow's take and discard lines, applied to the holdings in place."""
    for line in lines:
        if isinstance(line, Take):
            held[line.seat].update(line.cards)
        else:
            held[line.seat].difference_update(line.cards)


def _illegal_spots(hand: Hand, rules: Ruleset) -> list[Spot]:
    """Every (trick, position) where the player held a card the rules forbade there."""
    seats = seats_for(rules.players)
    held = _holdings(hand, seats)
    broken = False
    out: list[Spot] = []
    for i, t in enumerate(hand.tricks):
        lead = seats.index(t.leader)
        first = i == 0
        for k, c in enumerate(t.cards):
            seat = seats[(lead + k) % len(seats)]
            legal = legal_plays(
                rules, held[seat], t.cards[:k], first_trick=first, spades_broken=broken
            )
            assert c in legal  # the bot plays legally
            for y in sorted(held[seat] - set(legal), key=lambda x: x.text):
                out.append(Spot(i, k, seat, y, _expected(rules, held[seat], t, k, y, first)))
            held[seat].discard(c)
        if any(effective_suit(c, rules) is Suit.SPADES for c in t.cards):
            broken = True
    return out


def _expected(
    rules: Ruleset, held: set[Card], t: Trick, k: int, y: Card, first: bool
) -> frozenset[str]:
    """The diagnostic names a play of ``y`` at (t, k) must produce (one of them)."""
    spade = Suit.SPADES
    if first and rules.first_lead is FirstLead.LOWEST_CLUB:
        return frozenset({"first-trick-violation"})
    if k == 0:
        names = set()
        if effective_suit(y, rules) is spade:
            names.add(
                "spades-not-broken"
                if rules.lead_spades is LeadSpades.BROKEN
                else "first-trick-violation"
            )
        if first and rules.first_lead is FirstLead.TWO_OF_CLUBS:
            names.add("first-trick-violation")
        return frozenset(names)
    led = effective_suit(t.cards[0], rules)
    if effective_suit(y, rules) is not led and any(effective_suit(c, rules) is led for c in held):
        return frozenset({"renege"})
    if first and not rules.spades_first_trick and effective_suit(y, rules) is spade:
        return frozenset({"first-trick-violation"})
    return frozenset({"must-overtake"})


def _swap(hand: Hand, spot: Spot) -> Hand:
    """The hand with ``spot.card`` played at the spot, and the card played there moved to
    where the seat played ``spot.card`` later (so every card is still played once)."""
    tricks = [list(t.cards) for t in hand.tricks]
    original = tricks[spot.trick][spot.position]
    later = next(
        (i, k) for i, cards in enumerate(tricks) for k, c in enumerate(cards) if c == spot.card
    )
    tricks[spot.trick][spot.position] = spot.card
    tricks[later[0]][later[1]] = original
    new = tuple(
        replace(t, cards=tuple(cards)) for t, cards in zip(hand.tricks, tricks, strict=True)
    )
    return replace(hand, tricks=new)


def _found(hand: Hand, rules: Ruleset) -> set[tuple[str, int | None, str | None]]:
    replayed = replay_hand(hand, rules, None)
    return {(d.name, d.trick, d.seat) for d in replayed.diagnostics}


@SETTINGS
@given(data=st.data(), rules_text=rules_texts)
def test_an_illegal_card_is_caught_with_the_right_name(
    data: st.DataObject, rules_text: str
) -> None:
    game = data.draw(generated_games(rules_text, max_hands=2, hands_only=False))
    rules = parse_rules(rules_text)
    hand = _played_hand(game)
    spots = _illegal_spots(hand, rules)
    assume(spots)
    spot = data.draw(st.sampled_from(spots))
    found = _found(_swap(hand, spot), rules)
    number = hand.tricks[spot.trick].number
    assert any((name, number, spot.seat.value) in found for name in spot.expected), (
        spot,
        found,
    )


@SETTINGS
@given(data=st.data(), rules_text=rules_texts)
def test_structural_mutations_are_caught(data: st.DataObject, rules_text: str) -> None:
    game = data.draw(generated_games(rules_text, max_hands=2, hands_only=False))
    rules = parse_rules(rules_text)
    hand = _played_hand(game)
    seats = seats_for(rules.players)
    tricks = hand.tricks
    kind = data.draw(
        st.sampled_from(["swap-in-trick", "leader", "twice", "truncate", "took", "ruling"])
    )
    if kind == "swap-in-trick":
        i = data.draw(st.integers(0, len(tricks) - 1))
        cards = list(tricks[i].cards)
        cards[0], cards[1] = cards[1], cards[0]
        mutated = replace(hand, tricks=_with(tricks, i, replace(tricks[i], cards=tuple(cards))))
        expected = "card-not-held"
        if len(seats) == 2 and tricks[i].leader is not seats[0]:
            expected = "trick-in-seat-order"  # two cards swapped are the seat order
    elif kind == "leader":
        i = data.draw(st.integers(1, len(tricks) - 1))
        other = next(s for s in seats if s is not tricks[i].leader)
        mutated = replace(hand, tricks=_with(tricks, i, replace(tricks[i], leader=other)))
        expected = "wrong-leader"
    elif kind == "twice":
        i = data.draw(st.integers(1, len(tricks) - 1))
        earlier = tricks[data.draw(st.integers(0, i - 1))].cards[0]
        again = (tricks[i].cards[0], earlier, *tricks[i].cards[2:])
        mutated = replace(hand, tricks=_with(tricks, i, replace(tricks[i], cards=again)))
        expected = "card-played-twice"
    elif kind == "truncate":
        mutated = replace(hand, tricks=tricks[:-1], claim=None, took=None)
        expected = "incomplete-hand"
    elif kind == "took":
        won = {s: 0 for s in seats}
        for t in replay_hand(hand, rules, None).tricks:
            won[t.winner] += 1
        a, b = seats[0], seats[1]
        won[a] += 1
        won[b] -= 1
        assume(won[b] >= 0)
        mutated = replace(hand, took=Took(tuple(won.items())))
        expected = "trick-count-mismatch"
    else:
        from spadesctl.events import Renege

        i = data.draw(st.integers(0, len(tricks) - 1))
        seat = seats[(seats.index(tricks[i].leader) + 1) % len(seats)]
        mutated = replace(hand, reneges=(Renege(seat, tricks[i].number),))
        expected = "unsupported-renege-call"
    assert expected in {name for name, _, _ in _found(mutated, rules)}


def _with(tricks: tuple[Trick, ...], i: int, trick: Trick) -> tuple[Trick, ...]:
    return (*tricks[:i], trick, *tricks[i + 1 :])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=generated_games(max_hands=3), seed=seeds)
def test_a_dealer_out_of_turn_is_caught(game: Game, seed: int) -> None:
    assume(len(game.hands) >= 2)
    rules = parse_rules(game.rules_text or "standard")
    seats = seats_for(rules.players)
    second = game.hands[1]
    other = seats[(seats.index(second.dealer) + 1 + seed % (len(seats) - 1)) % len(seats)]
    mutated = replace(game, hands=(game.hands[0], replace(second, dealer=other), *game.hands[2:]))
    names = {d.name for d in replay_game(mutated, rules).diagnostics}
    assert "dealer-out-of-turn" in names


@SETTINGS
@given(game=generated_games(max_hands=2, hands_only=False))
def test_trick_winners_agree_with_the_deck_rules(game: Game) -> None:
    from spadesctl.core.deck import trick_winner_of_cards

    rules = parse_rules(game.rules_text or "standard")
    for hand in replay_game(game, rules).hands:
        for t in hand.tricks:
            if t.number == 1 and rules.first_lead is FirstLead.LOWEST_CLUB:
                clubs = [c for c in t.cards if c.suit is Suit.CLUBS]
                assert t.card_of(t.winner) == max(clubs, key=lambda c: c.rank)
            else:
                assert t.seats[trick_winner_of_cards(t.cards, rules)] is t.winner
