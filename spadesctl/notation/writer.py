"""Games -> canonical notation text (what ``spadesctl fmt`` prints).

The canonical form: tags first, one blank line, then each hand's lines in a fixed
order (hand, deal, draw, bid, pass, trick, claim, took, renege, score, bags) with a
blank line between hands, and the ``result`` line last.  Cards are upper case, rank
first; holdings are sorted high to low.  ``parse(format(x)) == parse(x)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from spadesctl.cards import Card, Party, Seat, format_holding
from spadesctl.events import Position, Tag
from spadesctl.notation.escapes import quote
from spadesctl.record import Game, Hand

_SEAT_ORDER = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}


class HasPos(Protocol):
    @property
    def pos(self) -> Position: ...


def format_tag(tag: Tag) -> str:
    return f"[{tag.name} {quote(tag.value)}]"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def _entries(entries: Iterable[tuple[Party, int]]) -> str:
    return " ".join(f"{party.value} {value}" for party, value in entries)


#: A canonical line and the source lines it was written from (none for a blank line).
Line = tuple[str, tuple[int, ...]]


def _at(*events: HasPos) -> tuple[int, ...]:
    """The distinct source lines of ``events``, in order (0: not read from a file)."""
    return tuple(dict.fromkeys(e.pos.line for e in events if e.pos.line))


def hand_lines(hand: Hand) -> Iterator[str]:
    """The canonical lines of one hand."""
    for text, _ in hand_lines_from(hand):
        yield text


def hand_lines_from(hand: Hand) -> Iterator[Line]:
    """The canonical lines of one hand, each with the source lines it comes from."""
    yield f"hand {hand.number} dealer {hand.dealer.value}", _at(hand)
    if hand.deal is not None:
        holdings = sorted(hand.deal.holdings, key=lambda h: _SEAT_ORDER[h.seat])
        text = "deal " + " ".join(f"{h.seat.value}:{format_holding(h.cards)}" for h in holdings)
        yield text, _at(hand.deal, *hand.deal.holdings)
    for d in hand.draws:
        if d.keep_first:
            yield f"draw {d.seat.value} keep {d.kept.text} discard {d.discarded.text}", _at(d)
        else:
            yield f"draw {d.seat.value} discard {d.discarded.text} keep {d.kept.text}", _at(d)
    if hand.bids:
        yield "bid " + " ".join(f"{b.bidder.value} {b.text}" for b in hand.bids), _at(*hand.bids)
    for p in hand.passes:
        yield f"pass {p.giver.value}>{p.receiver.value} {_cards(p.cards)}", _at(p)
    for t in hand.tricks:
        yield f"trick {t.number} {t.leader.value} {_cards(t.cards)}", _at(t)
    if hand.claim is not None:
        yield f"claim {hand.claim.seat.value}", _at(hand.claim)
    if hand.took is not None:
        yield "took " + _entries(hand.took.counts), _at(hand.took)
    for r in hand.reneges:
        yield f"renege {r.seat.value} {r.trick}", _at(r)
    if hand.score is not None:
        yield "score " + _entries(hand.score.entries), _at(hand.score)
    if hand.bags is not None:
        yield "bags " + _entries(hand.bags.entries), _at(hand.bags)


def game_lines(game: Game) -> Iterator[Line]:
    """The canonical lines of one game (blank lines between its blocks), each with the
    source lines it comes from: what ``fmt`` needs to keep comments with their lines."""
    blocks: list[list[Line]] = []
    if game.tags:
        blocks.append([(format_tag(t), _at(t)) for t in game.tags])
    blocks.extend(list(hand_lines_from(h)) for h in game.hands)
    if game.result is not None:
        blocks.append([(f"result {game.result.winner.value}", _at(game.result))])
    for i, block in enumerate(blocks):
        if i:
            yield "", ()
        yield from block


def format_game(game: Game) -> str:
    """The canonical text of one game, ending with a newline."""
    return "".join(text + "\n" for text, _ in game_lines(game))


def format_games(games: Iterable[Game]) -> Iterator[str]:
    """Canonical text of several games, separated by a blank line."""
    for i, game in enumerate(games):
        yield ("\n" if i else "") + format_game(game)
