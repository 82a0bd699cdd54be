"""rust-spades' trick-notation v1 <-> games.

trick-notation (``crates/trick-notation`` of github.com/wlim33/rust-spades) is a
game-agnostic notation for trick-taking games: a ``% trick-notation v1`` line, headers
``[Key "value"]`` (``Game``, ``Deck``, ``Seats``, ``Dealer``, ``Players``,
``Partnerships``, ``Caps`` and any other key), then events, one a line: ``D`` a deal
(``N:AKQ4.T98.AK6.QJ97 ...``, suits S H D C), ``C`` the calls (bids) in rotation from a
seat (``C N: 3 4 0 4``), ``P`` a trick, its leader then the cards in the order played
(``P N KC 5C 2C TC``), ``X`` an exchange (``X N>S: AS KD``: a pass), ``U`` a reveal.
The notation records events, never scores; ``;`` starts a comment.

Reading: each ``D`` starts a hand; its dealer is the seat before the first caller (or
the ``Dealer`` header, else West: rust-spades has North bid and lead first in every
round).  The ruleset is a ``[Rules]`` header (spadesctl writes one), else rust-spades'
rules (:func:`rust_spades_rules`).  rust-spades' ``[Result "a b"]`` (the final totals
of a completed game) becomes the last hand's score line, so ``check`` compares it.

Writing (:func:`format_trick_notation_games`): what the notation cannot hold (score,
bags and took lines, claims, renege rulings, draws, side bids, the result, the jokers
decks) is written as a ``;`` comment saying so, never dropped silently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, BinaryIO, Final, TypeAlias

from spadesctl.cards import (
    HOLDING_SUITS,
    Card,
    Seat,
    Side,
    holding_order,
    seats_for,
)
from spadesctl.events import (
    Bid,
    Bids,
    Deal,
    HandStart,
    Holding,
    LineEvent,
    Pass,
    Position,
    RecordedScore,
    SyntaxIssue,
    Tag,
    Trick,
    Word,
)
from spadesctl.grammar_errors import LineGrammar
from spadesctl.notation.reader import read_lines
from spadesctl.pbn.to_game import bid_from_text
from spadesctl.quoting import one_line, quoted
from spadesctl.record import SEAT_TAGS, Game, GameComment, Hand, assemble
from spadesctl.rules import Deck, Ruleset, format_rules, parse_rules
from spadesctl.rules.resolve import declared_rules

if TYPE_CHECKING:
    pass

VERSION_LINE: Final = "% trick-notation v1"
RULES_FROM: Final = "RulesFrom"
#: Headers the notation defines; every other header is a game tag.
_CORE_HEADERS: Final = ("Game", "Deck", "Seats", "Dealer", "Players", "Partnerships", "Caps")
_SEAT_NAMES: Final = {s: w for w, s in SEAT_TAGS.items()}
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "SHDC"


def rust_spades_rules(max_points: int | None) -> Ruleset:
    """rust-spades' rules (crates/spades-core): standard spades with North bidding and
    leading first every round (the deal never rotates), no blind nil, a failed nil's
    tricks counting for the side, ``MaxPoints`` to win (500 if not given) and a loss at
    -200."""
    target = max_points if max_points is not None and max_points > 0 else 500
    return parse_rules(
        "standard dealer_rotation=none blind_nil=off failed_nil_tricks=partner "
        f"target={target} lose_at=-200"
    )


# ---- the grammar --------------------------------------------------------------------


#: The grammar, and the words for people of its terminals.
_GRAMMAR: Final = LineGrammar(
    "trick_notation.lark",
    MappingProxyType(
        {
            "VERSION": "'% trick-notation v1'",
            "KEY": "a header name",
            "VALUE": 'a quoted value ("...")',
            "TARGET": "a seat (N, E, S, W) or a pile (@kitty)",
            "SEAT": "a seat (N, E, S, W)",
            "HOLDING": "a holding (AKQ4.T98.AK6.QJ97, - for a void)",
            "CARD": "a card, rank then suit (KC, TS)",
            "CALL": "a call (3, nil, 0)",
            "COLON": "':'",
            "MORETHAN": "'>'",
            "LSQB": "'['",
            "RSQB": "']'",
            "D": "an event (D, C, P, X, U) or a header",
            "C": "an event (D, C, P, X, U) or a header",
            "P": "an event (D, C, P, X, U) or a header",
            "X": "an event (D, C, P, X, U) or a header",
            "U": "an event (D, C, P, X, U) or a header",
        }
    ),
)


#: One token of a line, with where it stands.
Token: TypeAlias = Word


@dataclass(frozen=True, slots=True)
class Line:
    """One parsed line: its kind (``version``, ``header_line``, ``deal``, ``call``,
    ``play``, ``exchange``, ``reveal``) and its tokens, keywords and punctuation left out."""

    kind: str
    tokens: tuple[Token, ...]
    pos: Position


def _strip_comment(text: str) -> str:
    """``text`` without its ``;`` comment (a ``;`` inside a quoted value is kept)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            return text[:i]
    return text


def parse_line(text: str, line_no: int) -> Line | SyntaxIssue | None:
    """One line of a file -> a :class:`Line`; ``None`` for a blank or comment line."""
    from lark import Token as LarkToken

    code = _strip_comment(text).rstrip()
    if not code.strip():
        return None
    tree = _GRAMMAR.parse(code, line_no)
    if isinstance(tree, SyntaxIssue):
        return tree
    tokens = tuple(
        Token(str(t), Position(line_no, t.column or 1))
        for t in tree.scan_values(lambda v: isinstance(v, LarkToken))
        if t.type not in ("D", "C", "P", "X", "U", "COLON", "MORETHAN", "LSQB", "RSQB")
    )
    start = len(code) - len(code.lstrip())
    return Line(str(tree.data), tokens, Position(line_no, start + 1))


# ---- reading ------------------------------------------------------------------------------


def _card(tok: Token) -> Card | None:
    text = tok.text
    if len(text) != 2 or text[0] not in _RANKS or text[1] not in _SUITS:
        return None
    return Card.parse(text)


def _holding(text: str) -> tuple[Card, ...] | None:
    groups = text.split(".")
    if len(groups) != len(HOLDING_SUITS):
        return None
    cards: list[Card] = []
    for suit, group in zip(_SUITS, groups, strict=True):
        if group == "-":
            continue
        cards.extend(Card.parse(rank + suit) for rank in group)
    return tuple(sorted(cards, key=holding_order))  # as every reader holds them


@dataclass(slots=True)
class _Game:
    """The lines of one game being read (short-lived)."""

    pos: Position
    headers: list[tuple[Token, Token]] = field(default_factory=list)
    events: list[Line] = field(default_factory=list)
    issues: list[SyntaxIssue] = field(default_factory=list)
    #: Its ``;`` comments as written (the version line's and those after it).
    comments: list[str] = field(default_factory=list)

    def header(self, name: str) -> Token | None:
        for key, value in self.headers:
            if key.text == name:
                return value
        return None


def _value(tok: Token) -> str:
    return tok.text[1:-1]


def _games(stream: BinaryIO) -> Iterator[_Game]:
    game: _Game | None = None
    notes: list[str] = []  # the comments read since the last version line
    for line_no, text, problem in read_lines(stream):
        if text is None:
            if problem is not None:
                (game or _Game(problem.pos)).issues.append(problem)
            continue
        note = one_line(text[len(_strip_comment(text)) :].rstrip()) if ";" in text else ""
        parsed = parse_line(text, line_no)
        # a new document: the comments read so far are the last one's (those before the
        # first version line go with the first game)
        if isinstance(parsed, Line) and parsed.kind == "version" and game is not None:
            game.comments.extend(notes)
            notes = []
        if note:
            notes.append(note)
        if parsed is None:
            continue
        if isinstance(parsed, SyntaxIssue):
            game = game or _Game(parsed.pos)
            game.issues.append(parsed)
            continue
        if parsed.kind == "version":
            if game is not None:
                yield game
            game = _Game(parsed.pos)
            if parsed.tokens[0].text.split()[-1] != "v1":
                game.issues.append(
                    SyntaxIssue(
                        f"{quoted(parsed.tokens[0].text)}: spadesctl reads trick-notation v1",
                        parsed.pos,
                    )
                )
            continue
        if game is None:
            game = _Game(parsed.pos)
            game.issues.append(
                SyntaxIssue("the file does not start with '% trick-notation v1'", parsed.pos)
            )
        if parsed.kind == "header_line":
            toks = parsed.tokens
            game.headers.extend(zip(toks[0::2], toks[1::2], strict=True))
        else:
            game.events.append(parsed)
    if game is not None:
        game.comments.extend(notes)
        yield game


def _game_events(game: _Game, rules: Ruleset | None) -> list[LineEvent]:
    issues = game.issues
    tags: list[LineEvent] = []
    for key, value in game.headers:
        if key.text not in _CORE_HEADERS:
            tags.append(Tag(key.text, _value(value), key.pos))
    for name, allowed in (
        ("Game", ("spades",)),
        ("Deck", ("french52",)),
        ("Seats", ("N E S W", "N E S", "N S")),
    ):
        given = game.header(name)
        if given is not None and " ".join(_value(given).split()) not in allowed:
            wanted = " or ".join(repr(a) for a in allowed)
            issues.append(
                SyntaxIssue(
                    f"{name} {quoted(_value(given))}: spadesctl reads {name} {wanted}; "
                    "the game is not read",
                    given.pos,
                )
            )
            return [*issues, *tags]
    seats_header = game.header("Seats")
    declared = _value(seats_header).split() if seats_header is not None else ["N", "E", "S", "W"]
    players = game.header("Players")
    if players is not None:
        for seat, name in zip(map(Seat, declared), _value(players).split(), strict=False):
            if name != "?" and not any(
                isinstance(t, Tag) and t.name == _SEAT_NAMES[seat] for t in tags
            ):
                tags.append(Tag(_SEAT_NAMES[seat], name, players.pos))
    written = next((t for t in tags if isinstance(t, Tag) and t.name.lower() == "rules"), None)
    if rules is not None:
        chosen = rules
        tags = [t for t in tags if not (isinstance(t, Tag) and t.name.lower() == "rules")]
        tags += [Tag("Rules", format_rules(rules), game.pos), Tag(RULES_FROM, "--rules", game.pos)]
    elif written is not None:
        chosen = _declared(written.value)
    else:
        chosen = rust_spades_rules(_max_points(game))
        tags += [
            Tag("Rules", format_rules(chosen), game.pos),
            Tag(RULES_FROM, "trick-notation", game.pos),
        ]
    dealer_header = game.header("Dealer")
    named = _value(dealer_header).strip() if dealer_header is not None else "W"
    default_dealer = Seat(named) if named in ("N", "E", "S", "W") else Seat.W
    if declared != [s.value for s in seats_for(chosen.players)]:
        where = seats_header.pos if seats_header is not None else game.pos
        issues.append(
            SyntaxIssue(
                f"Seats {quoted(' '.join(declared))} are not the {chosen.players} seats "
                "of the rules",
                where,
            )
        )
    hands = _hands(game.events, chosen, default_dealer, issues)
    result = _result(game)
    if result is not None and hands:
        hands.append(result)
    return [*sorted(issues, key=lambda i: i.pos), *tags, *hands]


def _declared(text: str) -> Ruleset:
    from spadesctl.rules import RulesError

    try:
        return declared_rules(text)
    except RulesError:
        return parse_rules("standard")  # the replay reports invalid-rules


def _max_points(game: _Game) -> int | None:
    given = game.header("MaxPoints")
    if given is None:
        return None
    text = _value(given).strip()
    if text.lstrip("-").isdigit() and len(text) < 10:
        return int(text)
    game.issues.append(
        SyntaxIssue(f"MaxPoints must be a whole number, not {quoted(text)}", given.pos)
    )
    return None


def _result(game: _Game) -> RecordedScore | None:
    """rust-spades' ``[Result "a b"]`` of a completed game: the totals after the last hand."""
    termination = game.header("Termination")
    given = game.header("Result")
    if given is None or termination is None or _value(termination) != "Completed":
        return None
    figures = _value(given).split()
    if len(figures) != 2 or not all(f.lstrip("-").isdigit() and len(f) < 10 for f in figures):
        return None
    return RecordedScore(((Side.NS, int(figures[0])), (Side.EW, int(figures[1]))), given.pos)


def _hands(
    events: Sequence[Line], rules: Ruleset, default_dealer: Seat, issues: list[SyntaxIssue]
) -> list[LineEvent]:
    seats = seats_for(rules.players)
    out: list[LineEvent] = []
    number = 0
    body: list[LineEvent] = []
    start: Line | None = None
    dealer = default_dealer
    trick = 0

    def close() -> None:
        if start is not None:
            out.append(HandStart(number, dealer, start.pos))
            out.extend(body)

    for line in events:
        if line.kind == "deal":
            close()
            number += 1
            start, body, dealer, trick = line, [], default_dealer, 0
            holdings: list[Holding] = []
            toks = line.tokens
            for target, held in zip(toks[0::2], toks[1::2], strict=True):
                cards = _holding(held.text)
                if target.text not in ("N", "E", "S", "W") or cards is None:
                    issues.append(
                        SyntaxIssue(
                            f"D {target.text}:{held.text}: a deal gives each seat four "
                            "suit groups (S.H.D.C)",
                            target.pos,
                        )
                    )
                    continue
                holdings.append(Holding(Seat(target.text), cards, held.pos))
            if holdings:  # none readable: the issues say why, and there is no deal line
                body.append(Deal(tuple(holdings), line.pos))
            continue
        if start is None:
            issues.append(
                SyntaxIssue("an event before the first deal (D); it is not read", line.pos)
            )
            continue
        if line.kind == "call":
            first = Seat(line.tokens[0].text)
            if first in seats:
                i = seats.index(first)
                dealer = seats[i - 1]
            order = (
                seats[seats.index(first) :] + seats[: seats.index(first)]
                if first in seats
                else seats
            )
            bids: list[Bid] = []
            for k, tok in enumerate(line.tokens[1:]):
                bid = bid_from_text(order[k % len(order)], tok.text, tok.pos)
                if bid is None:
                    issues.append(
                        SyntaxIssue(f"{quoted(tok.text)} is not a bid (3, 0, nil)", tok.pos)
                    )
                    continue
                bids.append(bid)
            body.append(Bids(tuple(bids), line.pos))
        elif line.kind == "play":
            leader = Seat(line.tokens[0].text)
            played: list[Card] = []
            columns: list[int] = []
            for tok in line.tokens[1:]:
                c = _card(tok)
                if c is None:
                    issues.append(SyntaxIssue(f"{quoted(tok.text)} is not a spades card", tok.pos))
                    break
                played.append(c)
                columns.append(tok.pos.column)
            if not played:  # no card read: no trick (the replay needs a card to judge)
                if len(line.tokens) == 1:
                    issues.append(SyntaxIssue(f"P {leader.value}: a trick with no card", line.pos))
                continue
            trick += 1
            body.append(Trick(trick, leader, tuple(played), tuple(columns), line.pos))
        elif line.kind == "exchange":
            giver, receiver = Seat(line.tokens[0].text), Seat(line.tokens[1].text)
            passed = [c for c in (_card(t) for t in line.tokens[2:]) if c is not None]
            if not passed:  # no card read: no pass (no notation has a pass without cards)
                issues.append(
                    SyntaxIssue(
                        f"X {giver.value}>{receiver.value}: an exchange with no card", line.pos
                    )
                )
                continue
            body.append(Pass(giver, receiver, tuple(passed), line.pos))
        else:
            issues.append(
                SyntaxIssue("a reveal (U) has no meaning in spades; it is not read", line.pos)
            )
    close()
    return out


def games_from_trick_notation_stream(
    stream: BinaryIO, source: str = "-", rules: Ruleset | None = None
) -> Iterator[Game]:
    """The games of a trick-notation file, one a ``% trick-notation v1`` document."""
    for index, game in enumerate(_games(stream), start=1):
        read = assemble(_game_events(game, rules), source=source, index=index)
        if game.comments:  # before the game's first line, in order
            kept = tuple(GameComment(1, False, text) for text in game.comments)
            read = dataclasses.replace(read, comments=kept)
        yield read


# ---- writing ---------------------------------------------------------------------------------


def holding_text(cards: Iterable[Card]) -> str:
    """A holding as the notation writes it: S.H.D.C groups, high to low, ``-`` a void."""
    groups = []
    for suit in HOLDING_SUITS:
        ranks = sorted((c.rank for c in cards if c.suit is suit and not c.is_joker), reverse=True)
        groups.append("".join(_RANKS[r - 2] for r in ranks) or "-")
    return ".".join(groups)


def card_text(c: Card) -> str:
    """A card as the notation writes it: rank then suit (``KC``)."""
    return _RANKS[c.rank - 2] + _SUITS[HOLDING_SUITS.index(c.suit)]


def _not_held(what: str, why: str) -> str:
    """The comment saying what is not held; a line break in it written as its escape."""
    return f"; not held by trick-notation v1 ({why}): {one_line(what)}"


def format_trick_notation_game(game: Game) -> str:
    """One game as a trick-notation v1 document; what it cannot hold is a comment."""
    rules = _declared(game.rules_text) if game.rules_text else parse_rules("standard")
    if rules.deck is not Deck.STANDARD or _shows_a_joker(game):
        why = f"the {rules.deck.value} deck has jokers"
        if rules.deck is Deck.STANDARD:
            why = "the record plays a joker"
        return f"{VERSION_LINE}\n" + _not_held(f"game {game.index}", why) + "\n"
    seats = seats_for(rules.players)
    lines = [VERSION_LINE, '[Game "spades"]', '[Deck "french52"]']
    lines.append(f'[Seats "{" ".join(s.value for s in seats)}"]')
    if game.hands:
        lines.append(f'[Dealer "{game.hands[0].dealer.value}"]')
    names = game.players
    # every seat named, each name one word: a Players header; else the seats' tags
    single = all(names.get(s, "").split() == [names.get(s, "")] for s in seats)
    if names and single:
        lines.append(f'[Players "{" ".join(names.get(s, "?") for s in seats)}"]')
    if rules.has_partnerships:
        lines.append('[Partnerships "NS EW"]')
    for tag in game.tags:
        if tag.name in _CORE_HEADERS or (single and tag.name in SEAT_TAGS):
            continue
        if '"' in tag.value or len(f"{tag.value}.".splitlines()) > 1:  # one line only
            lines.append(_not_held(f'[{tag.name} "{tag.value}"]', 'a value with a "'))
            continue
        lines.append(f'[{tag.name} "{tag.value}"]')
    if not any(line.startswith('[Rules "') for line in lines):  # none, or not held
        lines.append(f'[Rules "{format_rules(rules)}"]')
    lines.append("")
    for place, hand in enumerate(game.hands, start=1):
        if hand.number != place:  # a reader numbers the hands by their D lines
            lines.append(_not_held(f"hand {hand.number}", f"hands are numbered in order: {place}"))
        lines.extend(_hand_lines(hand, seats))
    if game.result is not None:
        lines.append(_not_held(f"result {game.result.winner}", "a result is derived"))
    return "\n".join(lines) + "\n"


def _shows_a_joker(game: Game) -> bool:
    """Whether a game's deal, passes or tricks hold a joker (trick-notation has none)."""
    for hand in game.hands:
        holdings = hand.deal.holdings if hand.deal is not None else ()
        cards = [c for h in holdings for c in h.cards]
        cards += [c for t in hand.tricks for c in t.cards]
        cards += [c for p in (*hand.passes_before_bid, *hand.passes) for c in p.cards]
        if any(c.is_joker for c in cards):
            return True
    return False


def _hand_lines(hand: Hand, seats: tuple[Seat, ...]) -> list[str]:
    """A hand's events.  A ``D`` line starts every hand; a hand whose deal is not recorded
    gets one with its holdings as played (every card the hand shows, by seat)."""
    held: dict[Seat, list[Card]] = {}
    if hand.deal is not None:
        for h in hand.deal.holdings:
            held.setdefault(h.seat, []).extend(h.cards)
    else:
        for t in hand.tricks:
            if t.leader not in seats:  # a seat the table does not have (check says so)
                continue
            for i, c in enumerate(t.cards):
                seat = seats[(seats.index(t.leader) + i) % len(seats)]
                held.setdefault(seat, []).append(c)
    shown = [s for s in seats if s in held] or list(seats)  # no card at all: voids
    out = ["D " + " ".join(f"{s.value}:{holding_text(held.get(s, ()))}" for s in shown)]
    if hand.deal is None:
        out.insert(0, _not_held(f"no deal line in hand {hand.number}", "D is the cards played"))
    out.extend(map(_exchange, hand.passes_before_bid))  # passes before the bidding
    if hand.bids:
        first = hand.bids[0].bidder
        order = seats[seats.index(first) :] + seats[: seats.index(first)] if first in seats else ()
        # the reader takes the dealer to be the seat before the first caller
        in_turn = _left_of(hand.dealer, seats) is first and all(
            isinstance(b.bidder, Seat) and i < len(order) and b.bidder is order[i]
            for i, b in enumerate(hand.bids)
        )
        if in_turn and isinstance(first, Seat):
            out.append(f"C {first.value}: " + " ".join(b.text for b in hand.bids))
        else:
            bids = " ".join(f"{b.bidder} {b.text}" for b in hand.bids)
            out.append(_not_held(f"bid {bids}", "bids out of turn or by a side"))
    out.extend(map(_exchange, hand.passes))
    for place, t in enumerate(hand.tricks, start=1):
        if t.number != place:  # a reader numbers the tricks by their P lines
            out.append(_not_held(f"trick {t.number}", f"tricks are numbered in order: {place}"))
        out.append(f"P {t.leader.value} " + " ".join(card_text(c) for c in t.cards))
    for what, why in _lost(hand):
        out.append(_not_held(what, why))
    return out


def _exchange(p: Pass) -> str:
    """A pass as an ``X`` line."""
    return f"X {p.giver.value}>{p.receiver.value}: " + " ".join(card_text(c) for c in p.cards)


def _left_of(dealer: Seat, seats: tuple[Seat, ...]) -> Seat | None:
    """The seat after ``dealer`` in the table's order (who bids first)."""
    return seats[(seats.index(dealer) + 1) % len(seats)] if dealer in seats else None


def _lost(hand: Hand) -> Iterator[tuple[str, str]]:
    if hand.draws:
        yield f"the draws of hand {hand.number}", "no draw event"
    if hand.claim is not None:
        yield f"claim {hand.claim.seat.value}", "no claim event"
    if hand.took is not None:
        yield "took " + " ".join(f"{p} {n}" for p, n in hand.took.counts), "scores are derived"
    for r in hand.reneges:
        yield f"renege {r.seat.value} {r.trick}", "no ruling event"
    if hand.score is not None:
        yield "score " + " ".join(f"{p} {n}" for p, n in hand.score.entries), "scores are derived"
    if hand.bags is not None:
        yield "bags " + " ".join(f"{p} {n}" for p, n in hand.bags.entries), "scores are derived"


def format_trick_notation_games(games: Iterable[Game]) -> Iterator[str]:
    """Each game as a trick-notation document, separated by a blank line."""
    for i, game in enumerate(games):
        yield ("\n" if i else "") + format_trick_notation_game(game)


__all__ = [
    "VERSION_LINE",
    "Line",
    "Token",
    "card_text",
    "format_trick_notation_game",
    "format_trick_notation_games",
    "games_from_trick_notation_stream",
    "holding_text",
    "parse_line",
    "rust_spades_rules",
]
