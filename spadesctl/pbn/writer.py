"""Games -> PBN text (``spadesctl convert --to pbn``), read back by :mod:`.to_game` unchanged.

Each hand becomes one deal record: the game's tags (repeated, as PBN records stand
alone), ``[Board]`` with the hand number, ``[Dealer]``, ``[Deal]`` (jokers as ``.HL``),
the bids as an ``Auction`` section and the tricks as a ``Play`` section (columns by seat,
cards suit first, jokers ``JH``/``JL``).  Whatever PBN cannot say goes in spadesctl's own
tags, so that reading the text back gives every event again:

- bids out of turn or by a side -> ``[Bids "E 6 W 4 S nil N 3"]``;
- tricks that a Play section would not give back (a wrong leader, a short trick before
  the last, numbers other than 1, 2, 3 ...) -> a ``[Tricks]`` section, one line per trick:
  number, leader, cards in the order played;
- a deal that is not one holding per seat clockwise -> ``[Holdings "N:... E:..."]``;
- raises, passes, draws, claim, took, reneges, the running score and bags, the winner ->
  ``[Raises]``, ``[Passes]``, ``[Draws]``, ``[Claim]``, ``[Took]``, ``[Reneges]``,
  ``[RunningScore]``, ``[RunningBags]``, ``[Winner]`` (their values are the native lines
  without the keyword);
- the widow -> ``[Widow "BJ 2C"]``, and its ``take`` and ``discard`` lines before and
  after the bids -> ``[WidowBeforeBid "take N BJ 2C, discard N 3H 4D"]`` and
  ``[WidowAfterBid]`` (whole native lines, keyword first, in their order);
- a game that the reader would join to the one before, split, or not see ->
  ``[NewGame "N"]`` among its tags (:func:`needs_mark`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Final

from spadesctl.cards import BIG_JOKER, Card, Seat, Suit, format_holding, seats_for
from spadesctl.events import Bid, Deal, Trick
from spadesctl.midgame import CONTINUED, NOT_CONTINUED
from spadesctl.notation.writer import hand_lines, pass_line, widow_line
from spadesctl.pbn.parser import PbnTag, quote
from spadesctl.pbn.tags import GAME_MARK, NO_RULES, RESERVED_PREFIX, RESERVED_TAGS, RULES_FROM
from spadesctl.pbn.to_game import (
    first_leader,
    game_rules,
    rotation,
    rules_from_text,
    trick_winner,
)
from spadesctl.record import Game, Hand
from spadesctl.rules import Ruleset

HEADER: Final = "% PBN 2.1"
_RESERVED_LOWER: Final = frozenset(name.lower() for name in RESERVED_TAGS)


def pbn_card_text(c: Card) -> str:
    """A card as PBN play sections write it: suit first (``SA``), ``JH``/``JL`` for jokers."""
    if c.is_joker:
        return "JH" if c is BIG_JOKER else "JL"
    text = c.text
    return text[1] + text[0]


def _tag(name: str, value: str) -> str:
    return f"[{name} {quote(value)}]"


def _game_tag_name(name: str) -> str:
    if name.lower() in _RESERVED_LOWER or name.startswith(RESERVED_PREFIX):
        return RESERVED_PREFIX + name
    return name


def _game_tags(game: Game) -> list[str]:
    """The game's tags as PBN lines; ``[RulesFrom "none"]`` where the reader would map rules."""
    tags = [_tag(_game_tag_name(t.name), t.value) for t in game.tags]
    if game.rules_text is None:
        as_read = [PbnTag(t.name, t.value, t.pos, t.pos, t.value) for t in game.tags]
        found = game_rules(as_read)
        if found.tags or found.issues:
            tags.append(_tag(RULES_FROM, NO_RULES))
    if game.hands and game.hands[0].number > 1 and game.tag(CONTINUED) is None:
        tags.append(_tag(CONTINUED, NOT_CONTINUED))
    return tags


def _pbn_deal(deal: Deal) -> str | None:
    """``N:h1 h2 h3 h4`` when the holdings are one per seat in clockwise order, else ``None``."""
    seats = [h.seat for h in deal.holdings]
    if not seats or len(set(seats)) != len(seats):
        return None
    compass = rotation(tuple(Seat), seats[0])
    positions = [compass.index(s) for s in seats]
    if positions != sorted(positions):
        return None
    by_seat = {h.seat: h.cards for h in deal.holdings}
    hands = []
    for seat in compass:
        cards = by_seat.get(seat)
        if cards is None:
            hands.append("-")
            continue
        text = format_holding(cards)
        if any(c.suit is Suit.JOKER for c in cards):
            head, _, jokers = text.rpartition(".")
            text = head + "." + jokers.replace("B", "H")
        hands.append(text)
    return f"{seats[0].value}:" + " ".join(hands)


def _bid_text(b: Bid) -> str:
    return b.text


def _auction_seat(bids: tuple[Bid, ...], seats: tuple[Seat, ...]) -> Seat | None:
    """The seat an Auction section can start at to give these bids back, or ``None``."""
    first = bids[0].bidder
    if not isinstance(first, Seat) or first not in seats:
        return None
    order = rotation(seats, first)
    for i, b in enumerate(bids):
        if b.bidder is not order[i % len(order)]:
            return None
    return first


def _play_lines(hand: Hand, rules: Ruleset) -> list[str] | None:
    """The Play section (tag and lines) that reads back as ``hand.tricks``, or ``None``."""
    tricks = hand.tricks
    seats = seats_for(rules.players)
    n = len(seats)
    first = tricks[0]
    if first.leader not in seats:
        return None
    first_cards = dict(zip(rotation(seats, first.leader), first.cards, strict=False))
    leader = first_leader(rules, hand.dealer, first_cards, hand.deal)
    lines = [_tag("Play", leader.value)]
    columns = rotation(seats, leader)
    for i, trick in enumerate(tricks):
        last = i == len(tricks) - 1
        if trick.number != i + 1 or trick.leader is not leader:
            return None
        if not (0 < len(trick.cards) <= n) or (len(trick.cards) < n and not last):
            return None
        by_seat: dict[Seat, Card] = dict(zip(rotation(seats, leader), trick.cards, strict=False))
        lines.append(" ".join(pbn_card_text(by_seat[s]) if s in by_seat else "-" for s in columns))
        if len(trick.cards) == n:
            leader = rotation(seats, leader)[trick_winner(trick.cards, rules, i == 0)]
    if len(tricks) < rules.tricks_per_hand:
        lines.append("*")
    return lines


def _tricks_lines(tricks: tuple[Trick, ...]) -> list[str]:
    lines = [_tag("Tricks", "number leader cards-in-order")]
    for t in tricks:
        cards = " ".join(pbn_card_text(c) for c in t.cards)
        lines.append(f"{t.number} {t.leader.value} {cards}")
    return lines


def _native_value(line: str) -> str:
    """The native line without its keyword."""
    return line.split(" ", 1)[1] if " " in line else ""


def deal_lines(game_tags: list[str], hand: Hand, rules: Ruleset) -> list[str]:
    """The lines of one deal record for ``hand``."""
    lines = list(game_tags)
    lines.append(_tag("Board", str(hand.number)))
    lines.append(_tag("Dealer", hand.dealer.value))
    native = {line.split(" ", 1)[0]: line for line in hand_lines(hand)}
    if hand.deal is not None:
        text = _pbn_deal(hand.deal)
        if text is not None:
            lines.append(f"[Deal {quote(text)}]")
        else:
            lines.append(_tag("Holdings", _native_value(native["deal"])))
    if hand.draws:
        draws = [line for line in hand_lines(hand) if line.startswith("draw ")]
        lines.append(_tag("Draws", ", ".join(_native_value(d) for d in draws)))
    if hand.widow is not None:
        lines.append(_tag("Widow", _native_value(native["widow"])))
    if hand.widow_before_bid:
        lines.append(_tag("WidowBeforeBid", ", ".join(map(widow_line, hand.widow_before_bid))))
    if hand.passes_before_bid:
        early = ", ".join(_native_value(pass_line(p)) for p in hand.passes_before_bid)
        lines.append(_tag("PassesBeforeBid", early))
    seats = seats_for(rules.players)
    if hand.bids:
        start = _auction_seat(hand.bids, seats)
        if start is not None:
            lines.append(_tag("Auction", start.value))
            lines.append(" ".join(_bid_text(b) for b in hand.bids))
        else:
            lines.append(_tag("Bids", _native_value(native["bid"])))
    if hand.raises:
        lines.append(_tag("Raises", ", ".join(f"{r.bidder.value} {r.tricks}" for r in hand.raises)))
    if hand.widow_after_bid:
        lines.append(_tag("WidowAfterBid", ", ".join(map(widow_line, hand.widow_after_bid))))
    if hand.passes:
        passes = ", ".join(_native_value(pass_line(p)) for p in hand.passes)
        lines.append(_tag("Passes", passes))
    if hand.tricks:
        play = _play_lines(hand, rules)
        lines.extend(play if play is not None else _tricks_lines(hand.tricks))
    if hand.claim is not None:
        lines.append(_tag("Claim", hand.claim.seat.value))
    if hand.took is not None:
        lines.append(_tag("Took", _native_value(native["took"])))
    if hand.reneges:
        lines.append(_tag("Reneges", ", ".join(f"{r.seat.value} {r.trick}" for r in hand.reneges)))
    if hand.score is not None:
        lines.append(_tag("RunningScore", _native_value(native["score"])))
    if hand.bags is not None:
        lines.append(_tag("RunningBags", _native_value(native["bags"])))
    return lines


def format_pbn_game(game: Game, *, mark: str | None = None) -> str:
    """The PBN text of one game: a deal record per hand, separated by blank lines.

    ``mark`` adds ``[NewGame "mark"]`` to the game's tags (see :func:`needs_mark`).
    """
    rules = rules_from_text(game.rules_text)
    tags = _game_tags(game)
    if mark is not None:
        tags.append(_tag(GAME_MARK, mark))
    records = [deal_lines(tags, hand, rules) for hand in game.hands]
    if not records:
        records = [list(tags)]
    if game.result is not None:
        records[-1].append(_tag("Winner", game.result.winner.value))
    return "\n\n".join("\n".join(r) for r in records if r) + "\n"


def needs_mark(previous: Game | None, game: Game) -> bool:
    """Whether the reader would not read ``game``'s records, written after ``previous``,
    back as one game of its own without the ``[NewGame]`` mark.

    The reader joins consecutive deal records with the same game tags while the hand
    numbers go up: a game with the tags of the game before would join it, a game whose
    hand numbers do not go up would be split, and a game with nothing to write (no tags,
    hands or result) would not be read at all.
    """
    if not game.tags and not game.hands and game.result is None:
        return True
    numbers = [hand.number for hand in game.hands]
    if any(b <= a for a, b in itertools.pairwise(numbers)):
        return True
    return previous is not None and _game_tags(previous) == _game_tags(game)


def format_pbn_games(games: Iterable[Game]) -> Iterator[str]:
    """The PBN text of several games: the ``% PBN 2.1`` header, then each game."""
    yield HEADER + "\n"
    previous: Game | None = None
    for i, game in enumerate(games, start=1):
        mark = str(i) if needs_mark(previous, game) else None
        yield ("\n% ---\n" if previous is not None else "\n") + format_pbn_game(game, mark=mark)
        previous = game


__all__ = [
    "HEADER",
    "deal_lines",
    "format_pbn_game",
    "format_pbn_games",
    "needs_mark",
    "pbn_card_text",
]
