"""Plant deliberate mistakes in generated games, for samples/mistakes/.

Each mistake is planted so that nothing else changes: every trick keeps its winner, so
the leaders, the tricks taken and the score stay right, and ``spadesctl check`` must
report exactly the planted diagnostic.  The script searches generated games for a place
where that holds and writes the first it finds.  Run from the repository root:

    python samples/tools/plant_mistakes.py
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

from spadesctl import format_game, parse_text
from spadesctl.cards import Seat, Suit, next_seat, seats_for
from spadesctl.checking import game_diagnostics
from spadesctl.events import RecordedScore, Tag, Trick
from spadesctl.generate import generate_games
from spadesctl.record import Game
from spadesctl.rules import STANDARD

OUT = Path("samples/mistakes")


def _with_tricks(game: Game, hand_index: int, tricks: list[Trick]) -> Game:
    hands = list(game.hands)
    hands[hand_index] = dataclasses.replace(hands[hand_index], tricks=tuple(tricks))
    return dataclasses.replace(game, hands=tuple(hands))


def renege_candidates(game: Game) -> Iterator[Game]:
    """Swap two cards of one player between two tricks (neither card winning)."""
    for hi, hand in enumerate(game.hands):
        tricks = list(hand.tricks)
        for a in range(len(tricks)):
            for b in range(a + 1, len(tricks)):
                ta, tb = tricks[a], tricks[b]
                for ia in range(1, len(ta.cards)):
                    seat = _seats(ta.leader, len(ta.cards))[ia]
                    ib = _seats(tb.leader, len(tb.cards)).index(seat)  # the player in trick b
                    if ib == 0:
                        continue
                    ca, cb = ta.cards[ia], tb.cards[ib]
                    if ca.suit == cb.suit or Suit.SPADES in (ca.suit, cb.suit):
                        continue
                    new_a = (*ta.cards[:ia], cb, *ta.cards[ia + 1 :])
                    new_b = (*tb.cards[:ib], ca, *tb.cards[ib + 1 :])
                    swapped = list(tricks)
                    swapped[a] = dataclasses.replace(ta, cards=new_a)
                    swapped[b] = dataclasses.replace(tb, cards=new_b)
                    yield _with_tricks(game, hi, swapped)


def early_spade_candidates(game: Game) -> Iterator[Game]:
    """Swap a whole non-spade trick with a later all-spade trick led and won by one seat."""
    for hi, hand in enumerate(game.hands):
        tricks = list(hand.tricks)
        for a in range(1, len(tricks)):
            ta = tricks[a]
            if ta.cards[0].suit is Suit.SPADES:
                continue
            for b in range(a + 1, len(tricks)):
                tb = tricks[b]
                if tb.leader is not ta.leader or any(c.suit is not Suit.SPADES for c in tb.cards):
                    continue
                swapped = list(tricks)
                swapped[a] = dataclasses.replace(ta, cards=tb.cards)
                swapped[b] = dataclasses.replace(tb, cards=ta.cards)
                yield _with_tricks(game, hi, swapped)


def forgotten_penalty_candidates(game: Game) -> Iterator[Game]:
    """The scorekeeper forgot a 10-bag penalty: that side's written totals stay 100 high."""
    for hi, hand in enumerate(game.hands):
        if hi == 0 or hand.bags is None or game.hands[hi - 1].bags is None:
            continue
        before = dict(game.hands[hi - 1].bags.entries)
        after = dict(hand.bags.entries)
        for party, count in after.items():
            if count >= before[party]:
                continue  # no penalty fired for this side at this hand
            hands = list(game.hands)
            for j in range(hi, len(hands)):
                score = hands[j].score
                assert score is not None
                entries = tuple((p, v + 100 if p == party else v) for p, v in score.entries)
                hands[j] = dataclasses.replace(hands[j], score=RecordedScore(entries))
            yield dataclasses.replace(game, hands=tuple(hands))


def _seats(leader: Seat, n: int) -> list[Seat]:
    seats = seats_for(n)
    out = [leader]
    while len(out) < n:
        out.append(next_seat(out[-1], seats))
    return out


def plant(
    name: str, event: str, candidates: Callable[[Game], Iterator[Game]], want: str, seed0: int
) -> None:
    for seed in range(seed0, seed0 + 200):
        [game] = generate_games(1, seed, STANDARD)
        tags = tuple(Tag("Event", event) if t.name == "Event" else t for t in game.tags)
        game = dataclasses.replace(game, tags=tags)
        for candidate in candidates(game):
            text = format_game(candidate)
            [again] = parse_text(text, name)
            found = [d.name for d in game_diagnostics(again)]
            if found == [want]:
                (OUT / name).write_text(text)
                print(f"{name}: seed {seed}: {[d.format() for d in game_diagnostics(again)]}")
                return
    raise SystemExit(f"no place found for {want}")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    plant("renege.spades", "Planted: East reneges", renege_candidates, "renege", 100)
    plant(
        "early-spade-lead.spades",
        "Planted: spade led before broken",
        early_spade_candidates,
        "spades-not-broken",
        300,
    )
    plant(
        "forgot-bag-penalty.spades",
        "Planted: the sheet forgot a bag penalty",
        forgotten_penalty_candidates,
        "score-mismatch",
        500,
    )
