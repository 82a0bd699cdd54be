"""Deals from a fair shuffle, or from a dealer who favours one seat, as records.

Used by the fairness tests (a planted bias must be found, fair deals must pass) and by
``benchmarks/fairness_power.py`` (how many deals the test needs to find a bias).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from spadesctl.cards import ALL_CARDS, Card, Suit

SEATS = ("N", "E", "S", "W")
PLAYERS = ("Ann", "Bo", "Cy", "Di")
DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS if not c.is_joker)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

Deal = tuple[tuple[Card, ...], ...]


def fair_deal(rng: random.Random) -> Deal:
    """Four holdings of 13 cards from a shuffled 52-card deck (N, E, S, W)."""
    cards = list(DECK)
    rng.shuffle(cards)
    return tuple(tuple(cards[i * 13 : (i + 1) * 13]) for i in range(4))


def biased_deal(rng: random.Random, favoured: int = 0, extra: int = 1) -> Deal:
    """A fair deal, then ``favoured`` (0 = North) swaps ``extra`` of its other cards for
    spades of the other seats (while it can): one seat always gets a spade more."""
    hands = [list(h) for h in fair_deal(rng)]
    for _ in range(extra):
        mine = [i for i, c in enumerate(hands[favoured]) if c.suit is not Suit.SPADES]
        theirs = [
            (s, i)
            for s in range(4)
            if s != favoured
            for i, c in enumerate(hands[s])
            if c.suit is Suit.SPADES
        ]
        if not mine or not theirs:
            break
        give = rng.choice(mine)
        seat, take = rng.choice(theirs)
        hands[favoured][give], hands[seat][take] = hands[seat][take], hands[favoured][give]
    return tuple(tuple(h) for h in hands)


def holding_text(cards: Sequence[Card]) -> str:
    """``AJ64.QT9.74.J984``: spades, hearts, diamonds, clubs, high to low."""
    groups = []
    for suit in _SUITS:
        ranks = sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank)
        groups.append("".join(c.text[:-1] for c in ranks))
    return ".".join(groups)


def records(deals: Sequence[Deal], hands_per_game: int = 5, seed: int = 0) -> Iterator[str]:
    """Score-sheet records (deal, bids, took) holding ``deals``, ``hands_per_game`` each.

    Each seat bids what it takes (a random split of the 13 tricks); the dealer rotates.
    """
    rng = random.Random(seed)
    for start in range(0, len(deals), hands_per_game):
        number = start // hands_per_game + 1
        lines = [f'[Event "Dealt {number}"]']
        lines += [
            f'[{w} "{p}"]' for w, p in zip(("North", "East", "South", "West"), PLAYERS, strict=True)
        ]
        lines += ['[Rules "standard target=100000"]', ""]
        for offset, deal in enumerate(deals[start : start + hands_per_game]):
            dealer = offset % 4
            order = [SEATS[(dealer + 1 + k) % 4] for k in range(4)]
            cuts = sorted(rng.sample(range(1, 13), 3))
            took = dict(
                zip(
                    SEATS,
                    (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]),
                    strict=True,
                )
            )
            holdings = " ".join(f"{s}:{holding_text(h)}" for s, h in zip(SEATS, deal, strict=True))
            lines.append(f"hand {offset + 1} dealer {SEATS[dealer]}")
            lines.append(f"deal {holdings}")
            lines.append("bid " + " ".join(f"{s} {took[s]}" for s in order))
            lines.append("took " + " ".join(f"{s} {took[s]}" for s in SEATS))
        yield "\n".join(lines) + "\n"
