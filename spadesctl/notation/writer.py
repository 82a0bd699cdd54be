"""Games -> canonical notation text (what ``spadesctl fmt`` prints).

The canonical form: tags first, one blank line, then each hand's lines in a fixed
order (hand, deal, draw, bid, pass, trick, claim, took, renege, score, bags) with a
blank line between hands, and the ``result`` line last; a game that the reader could not
tell from the one before starts with the separator line ``[NewGame]``.  Cards are upper case, rank
first; holdings are sorted high to low.  ``parse(format(x)) == parse(x)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from spadesctl.cards import Card, Party, Seat, format_holding
from spadesctl.events import Tag
from spadesctl.notation.escapes import quote
from spadesctl.notation.reader import GAME_SEPARATOR
from spadesctl.record import Game, Hand

_SEAT_ORDER = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}


def format_tag(tag: Tag) -> str:
    return f"[{tag.name} {quote(tag.value)}]"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def _entries(entries: Iterable[tuple[Party, int]]) -> str:
    return " ".join(f"{party.value} {value}" for party, value in entries)


def hand_lines(hand: Hand) -> Iterator[str]:
    """The canonical lines of one hand."""
    yield f"hand {hand.number} dealer {hand.dealer.value}"
    if hand.deal is not None:
        holdings = sorted(hand.deal.holdings, key=lambda h: _SEAT_ORDER[h.seat])
        yield "deal " + " ".join(f"{h.seat.value}:{format_holding(h.cards)}" for h in holdings)
    for d in hand.draws:
        if d.keep_first:
            yield f"draw {d.seat.value} keep {d.kept.text} discard {d.discarded.text}"
        else:
            yield f"draw {d.seat.value} discard {d.discarded.text} keep {d.kept.text}"
    if hand.bids:
        yield "bid " + " ".join(f"{b.bidder.value} {b.text}" for b in hand.bids)
    for p in hand.passes:
        yield f"pass {p.giver.value}>{p.receiver.value} {_cards(p.cards)}"
    for t in hand.tricks:
        yield f"trick {t.number} {t.leader.value} {_cards(t.cards)}"
    if hand.claim is not None:
        yield f"claim {hand.claim.seat.value}"
    if hand.took is not None:
        yield "took " + _entries(hand.took.counts)
    for r in hand.reneges:
        yield f"renege {r.seat.value} {r.trick}"
    if hand.score is not None:
        yield "score " + _entries(hand.score.entries)
    if hand.bags is not None:
        yield "bags " + _entries(hand.bags.entries)


def format_game(game: Game, *, separated: bool = False) -> str:
    """The canonical text of one game, ending with a newline; ``separated`` starts it with
    the :data:`~spadesctl.notation.reader.GAME_SEPARATOR` line."""
    heading = [GAME_SEPARATOR] if separated else []
    heading.extend(format_tag(t) for t in game.tags)
    blocks: list[str] = ["\n".join(heading)] if heading else []
    blocks.extend("\n".join(hand_lines(h)) for h in game.hands)
    if game.result is not None:
        blocks.append(f"result {game.result.winner.value}")
    return "\n\n".join(blocks) + "\n"


def has_body(game: Game) -> bool:
    """Whether the text of ``game`` has a line after its tags (a hand or the result)."""
    return bool(game.hands) or game.result is not None


def needs_separator(previous: Game | None, game: Game) -> bool:
    """Whether ``game``, written after ``previous`` (``None``: first in its file), would not
    be read back as a game of its own without the separator line.

    The reader starts a game at a tag line after hand lines: a game without tags would
    join the one before, the tags of a game after one without hands would join that
    game's tags, and a game with nothing to write would not be read at all.
    """
    if not game.tags and not has_body(game):
        return True
    if previous is None:
        return False
    return not game.tags or not has_body(previous)


def format_games(games: Iterable[Game]) -> Iterator[str]:
    """Canonical text of several games, separated by a blank line (and by the separator
    line where the games could not be told apart otherwise)."""
    previous: Game | None = None
    for game in games:
        text = format_game(game, separated=needs_separator(previous, game))
        yield ("\n" if previous is not None else "") + text
        previous = game
