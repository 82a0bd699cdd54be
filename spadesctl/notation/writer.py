"""Games -> canonical notation text (what ``spadesctl fmt`` prints).

The canonical form: tags first, one blank line, then each hand's lines in a fixed
order (hand, deal, widow, draw, the take/discard and pass lines written before the bid,
bid, raise, the take/discard and pass lines written after it, trick, claim, took,
renege, score, bags) with a blank line between hands, and the ``result`` line last; a
game that the reader could not tell from the one before starts with the separator line
``[NewGame]``.  Cards are upper case, rank first; holdings are sorted high to low.
``parse(format(x)) == parse(x)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from spadesctl import events as ev
from spadesctl.cards import Card, Party, Seat, format_holding
from spadesctl.events import Bid, Deal, Discard, Draw, Pass, Position, Tag, Trick, WidowLine
from spadesctl.notation.escapes import quote
from spadesctl.notation.reader import GAME_SEPARATOR
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


def pass_line(p: Pass) -> str:
    """``pass N>S AS QD``."""
    return f"pass {p.giver.value}>{p.receiver.value} {_cards(p.cards)}"


def widow_line(w: WidowLine) -> str:
    """``take N BJ 2C``, ``discard N 3H 4D``."""
    word = "discard" if isinstance(w, Discard) else "take"
    return f"{word} {w.seat.value} {_cards(w.cards)}"


def _widow_line(w: WidowLine) -> Line:
    return widow_line(w), _at(w)


def deal_line(deal: Deal) -> str:
    """``deal N:AJ64.QT9.74.J984 E:...``, the seats in canonical order."""
    holdings = sorted(deal.holdings, key=lambda h: _SEAT_ORDER[h.seat])
    return "deal " + " ".join(f"{h.seat.value}:{format_holding(h.cards)}" for h in holdings)


def draw_line(d: Draw) -> str:
    """``draw N keep AS discard 3H`` (or ``discard ... keep``, as recorded)."""
    if d.keep_first:
        return f"draw {d.seat.value} keep {d.kept.text} discard {d.discarded.text}"
    return f"draw {d.seat.value} discard {d.discarded.text} keep {d.kept.text}"


def trick_line(t: Trick) -> str:
    """``trick 1 E AH JH 4H 9H``."""
    return f"trick {t.number} {t.leader.value} {_cards(t.cards)}"


def play_lines(hand: Hand) -> Iterator[str]:
    """The canonical lines of what a hand dealt and played: its ``deal``, ``draw`` and
    ``trick`` lines, in order (as :func:`hand_lines` writes them)."""
    if hand.deal is not None:
        yield deal_line(hand.deal)
    yield from map(draw_line, hand.draws)
    yield from map(trick_line, hand.tricks)


def hand_lines(hand: Hand) -> Iterator[str]:
    """The canonical lines of one hand."""
    for text, _ in hand_lines_from(hand):
        yield text


def hand_line(number: int, dealer: Seat) -> str:
    """``hand 3 dealer S``."""
    return f"hand {number} dealer {dealer.value}"


def bids_line(bids: Iterable[Bid]) -> str:
    """``bid E 6 S nil W 4 N 3``."""
    return "bid " + " ".join(f"{b.bidder.value} {b.text}" for b in bids)


def event_line(event: ev.WrittenEvent) -> str:
    """The canonical line of one line event, as a hand's or a game's lines write it."""
    match event:
        case ev.Tag():
            return format_tag(event)
        case ev.HandStart():
            return hand_line(event.number, event.dealer)
        case ev.Deal():
            return deal_line(event)
        case ev.Widow():
            return "widow " + _cards(event.cards)
        case ev.Draw():
            return draw_line(event)
        case ev.Take() | ev.Discard():
            return widow_line(event)
        case ev.Pass():
            return pass_line(event)
        case ev.Bids():
            return bids_line(event.bids)
        case ev.Raise():
            return f"raise {event.bidder.value} {event.tricks}"
        case ev.Trick():
            return trick_line(event)
        case ev.Claim():
            return f"claim {event.seat.value}"
        case ev.Took():
            return "took " + _entries(event.counts)
        case ev.Renege():
            return f"renege {event.seat.value} {event.trick}"
        case ev.RecordedScore():
            return "score " + _entries(event.entries)
        case ev.RecordedBags():
            return "bags " + _entries(event.entries)
    return f"result {event.winner.value}"


def hand_lines_from(hand: Hand) -> Iterator[Line]:
    """The canonical lines of one hand, each with the source lines it comes from."""
    yield hand_line(hand.number, hand.dealer), _at(hand)
    if hand.deal is not None:
        yield deal_line(hand.deal), _at(hand.deal, *hand.deal.holdings)
    if hand.widow is not None:
        yield event_line(hand.widow), _at(hand.widow)
    for d in hand.draws:
        yield draw_line(d), _at(d)
    yield from map(_widow_line, hand.widow_before_bid)
    for p in hand.passes_before_bid:
        yield pass_line(p), _at(p)
    if hand.bids:
        yield bids_line(hand.bids), _at(*hand.bids)
    for up in hand.raises:
        yield event_line(up), _at(up)
    yield from map(_widow_line, hand.widow_after_bid)
    for p in hand.passes:
        yield pass_line(p), _at(p)
    for t in hand.tricks:
        yield trick_line(t), _at(t)
    for event in (hand.claim, hand.took, *hand.reneges, hand.score, hand.bags):
        if event is not None:
            yield event_line(event), _at(event)


def game_lines(game: Game, *, separated: bool = False) -> Iterator[Line]:
    """The canonical lines of one game (blank lines between its blocks), each with the
    source lines it comes from: what ``fmt`` needs to keep comments with their lines.
    ``separated`` starts it with the :data:`~spadesctl.notation.reader.GAME_SEPARATOR`
    line."""
    blocks: list[list[Line]] = []
    heading: list[Line] = [(GAME_SEPARATOR, ())] if separated else []
    heading.extend((format_tag(t), _at(t)) for t in game.tags)
    if heading:
        blocks.append(heading)
    blocks.extend(list(hand_lines_from(h)) for h in game.hands)
    if game.result is not None:
        blocks.append([(event_line(game.result), _at(game.result))])
    for i, block in enumerate(blocks):
        if i:
            yield "", ()
        yield from block


def format_game(game: Game, *, separated: bool = False) -> str:
    """The canonical text of one game, ending with a newline; ``separated`` starts it with
    the :data:`~spadesctl.notation.reader.GAME_SEPARATOR` line."""
    return "".join(text + "\n" for text, _ in game_lines(game, separated=separated))


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
    line where the games could not be told apart otherwise), with the comments a game
    holds (:attr:`~spadesctl.record.Game.comments`) where ``fmt`` puts them."""
    for _, lead, body in game_parts(games):
        yield lead + body


def game_parts(games: Iterable[Game]) -> Iterator[tuple[Game | None, str, str]]:
    """:func:`format_games` a game at a time, each game's text cut where its own first
    line begins: ``(game, lead, body)``, the lead being what comes before that line (the
    blank line after the game before, the separator line, the comments written before
    it, those after the game before first); then ``(None, comments, "")`` for the
    comments after the last game, if any.  Holds one game and the comments after it."""
    previous: Game | None = None
    pending: list[str] = []  # the comments after the game before: before this one's
    for game in games:
        separated = needs_separator(previous, game)
        gap = "\n" if previous is not None else ""
        if game.comments or pending:
            lead, body, pending = _commented_game(game, separated, pending)
        else:
            body = format_game(game)
            lead = "".join(line + "\n" for line in _separator(game, separated, bool(body)))
        yield game, gap + lead, body
        previous = game
    if pending:
        yield None, "".join(c + "\n" for c in pending), ""


def _commented_game(game: Game, separated: bool, pending: list[str]) -> tuple[str, str, list[str]]:
    """The text of ``game`` with its comments and then ``pending`` (the comments after
    the game before) before its first line, cut where that line begins; the comments
    after it, to write after it."""
    lines = [text for text, _ in game_lines(game)]
    before: dict[int, list[str]] = {0: list(pending)} if pending and lines else {}
    after: dict[int, list[str]] = {}
    trailing = [] if lines else list(pending)
    for c in game.comments:
        at = c.line - 1
        if at >= len(lines) or at < 0:
            trailing.append(c.text)
        else:
            (after if c.inline else before).setdefault(at, []).append(c.text)
    lead = _separator(game, separated, bool(lines))
    lead.extend(before.get(0, ()))
    out: list[str] = []
    for at, text in enumerate(lines):
        if at:
            out.extend(before.get(at, ()))
        notes = after.get(at)
        out.append(" ".join([text, *notes]) if notes else text)
    return "".join(line + "\n" for line in lead), "".join(line + "\n" for line in out), trailing


def _separator(game: Game, separated: bool, written: bool) -> list[str]:
    """The lines that start ``game`` when it is ``separated``: the separator line, and a
    blank line when the game has lines and no tags (:func:`game_lines` makes the
    separator a block of its own, or the first line of the tags' block)."""
    if not separated:
        return []
    return [GAME_SEPARATOR, ""] if written and not game.tags else [GAME_SEPARATOR]


def file_lines(games: Iterable[Game]) -> Iterator[Line]:
    """The canonical lines of several games as :func:`format_games` writes them, each
    with the source lines it comes from."""
    previous: Game | None = None
    for game in games:
        if previous is not None:
            yield "", ()
        yield from game_lines(game, separated=needs_separator(previous, game))
        previous = game
