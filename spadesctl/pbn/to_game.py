"""PBN deal records -> the native events, grouped into :class:`~spadesctl.record.Game` values.

Each record is one deal (one hand).  Consecutive records of the same game (the same
game-level tags, hand numbers going up) become the hands of one game; the events go
through :func:`spadesctl.record.assemble`, so a game read from PBN is exactly what the
native reader would have produced for the same record, and every command works on it.

What each part of a record becomes:

- ``Deal`` -> a ``deal``: hands clockwise from the named seat, jokers H/B (big), L (little);
- ``Dealer`` -> the hand's dealer (when missing, the seat before the Auction's);
- ``Auction "E"`` -> the bids in order from E; ``-`` an unknown bid (left out), ``*`` the end;
- ``Play "E"`` -> the tricks.  Its columns are fixed by seat (E, S, W, N), so each trick is
  put in the order played: trick 1 is led as the ruleset's first-lead rule says (by the
  player left of the dealer, or the holder of the 2C), and each later trick by the winner of
  the one before, under the ruleset's deck (under ``jjdd`` the 2D is a trump);
- ``Event`` words and ``GameOptionsJson`` -> a ``[Rules]`` tag (see :mod:`.options`), with a
  ``[RulesFrom]`` tag naming where it came from; ``UTCDate`` -> ``Date``; other tags kept;
- spadesctl's own tags (``Board``, ``Bids``, ``Tricks``, ``Passes``, ``Took``, ...), which
  :mod:`.writer` adds for what PBN cannot say, are read back into their events.

Every event carries its position in the PBN file.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from spadesctl.cards import (
    Card,
    Party,
    Seat,
    next_seat,
    parse_holding,
    seats_for,
)
from spadesctl.core.bids import is_unbid
from spadesctl.core.deck import trick_winner_of_cards
from spadesctl.core.limits import MAX_HANDS, too_many_digits
from spadesctl.diagnostics import MISPLACED_LINE
from spadesctl.events import (
    NOWHERE,
    Bid,
    BidKind,
    Bids,
    Deal,
    Discard,
    HandStart,
    Holding,
    LineEvent,
    Position,
    RecordedScore,
    SyntaxIssue,
    Tag,
    Take,
    Trick,
)
from spadesctl.midgame import CONTINUED, NOT_CONTINUED
from spadesctl.notation.fastpath import fast_line
from spadesctl.notation.parser import parse_line, too_large
from spadesctl.notation.reader import too_many_hands
from spadesctl.pbn.cards import pbn_card
from spadesctl.pbn.options import map_options
from spadesctl.pbn.pack_tags import UNDEALT, pack_issues, undealt_issues
from spadesctl.pbn.parser import PbnRecord, PbnSection, PbnTag, PbnToken
from spadesctl.pbn.tags import (
    BEFORE_BID_TAGS,
    GAME_MARK,
    GAME_SCORES,
    LINE_TAGS,
    LIST_TAGS,
    NATIVE_TAGS,
    NO_RULES,
    PER_DEAL_TAGS,
    RESERVED_PREFIX,
    RULES_FROM,
)
from spadesctl.quoting import quoted
from spadesctl.record import Game, GameComment, assemble
from spadesctl.rules import STANDARD, FirstLead, RulesError, Ruleset, format_rules
from spadesctl.rules.resolve import declared_rules
from spadesctl.scoring.model import parties_of, seats_of

_DOTTED_DATE: Final = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")


def rotation(seats: Sequence[Seat], start: Seat) -> tuple[Seat, ...]:
    """``seats`` clockwise from ``start`` (``start`` first)."""
    i = seats.index(start)
    return tuple(seats[i:]) + tuple(seats[:i])


def first_leader(
    rules: Ruleset,
    dealer: Seat,
    first_trick: Mapping[Seat, Card],
    deal: Deal | None,
) -> Seat:
    """Who leads trick 1 under ``rules``: the holder of the 2C, or the player left of the dealer."""
    seats = seats_for(rules.players)
    if rules.first_lead is FirstLead.TWO_OF_CLUBS:
        two = Card.parse("2C")
        for seat, c in first_trick.items():
            if c is two:
                return seat
        if deal is not None:
            for h in deal.holdings:
                if two in h.cards and h.seat in seats:
                    return h.seat
    if dealer not in seats:
        return seats[0]
    return next_seat(dealer, seats)


#: The index (in the order played) of the card that wins a trick under ``rules``
#: (``first``: the hand's first trick, which the highest club wins under
#: ``first_lead=lowest_club``).
trick_winner = trick_winner_of_cards


def rules_from_text(text: str | None) -> Ruleset:
    """The ruleset of a ``[Rules]`` tag, or ``standard`` (the replay engine reports bad rules)."""
    try:
        return declared_rules(text)
    except RulesError:
        return STANDARD


@dataclass(frozen=True, slots=True)
class GameRules:
    """A game's ruleset, the tags that record it, and what its options left unread."""

    rules: Ruleset
    tags: tuple[Tag, ...] = ()
    issues: tuple[SyntaxIssue, ...] = ()
    replaces_rules_tag: bool = False


def game_rules(tags: Sequence[PbnTag], override: Ruleset | None = None) -> GameRules:
    """The ruleset of a game with these (game-level) tags.

    ``override`` (``--rules``) wins over everything.  Otherwise a ``[Rules]`` tag (written
    by spadesctl) is followed, and failing that the ``Event`` words and ``GameOptionsJson``
    are mapped (:func:`~spadesctl.pbn.options.map_options`) and recorded as a synthetic
    ``[Rules]`` tag with a ``[RulesFrom]`` tag saying where it came from.
    """
    by_name = {t.name.lower(): t for t in reversed(tags)}
    if override is not None:
        synthetic = (Tag("Rules", format_rules(override)), Tag(RULES_FROM, "--rules"))
        return GameRules(override, synthetic, (), True)
    written = by_name.get("rules")
    if written is not None:
        return GameRules(rules_from_text(written.value))
    origin = by_name.get(RULES_FROM.lower())
    if origin is not None and origin.value == NO_RULES:
        return GameRules(STANDARD)
    mapped = map_options(by_name.get("event"), by_name.get("gameoptionsjson"))
    if mapped is None:
        return GameRules(STANDARD)
    if not mapped.sources:
        return GameRules(STANDARD, (), mapped.issues)
    synthetic = (
        Tag("Rules", format_rules(mapped.rules), mapped.pos),
        Tag(RULES_FROM, " ".join(mapped.sources), mapped.pos),
    )
    return GameRules(mapped.rules, synthetic, mapped.issues)


# ---- one deal -------------------------------------------------------------------------


def _seat(text: str) -> Seat | None:
    word = text.strip().upper()
    return Seat(word) if word in ("N", "E", "S", "W") else None


def _number(text: str) -> int | None:
    """A bid's or trick's number, ``None`` above :data:`~spadesctl.core.limits.MAX_NUMBER`
    as in the native notation (which also keeps thousands of digits away from ``int``,
    which refuses them)."""
    if too_many_digits(text):
        return None
    return int(text)


def bid_from_text(seat: Seat, text: str, pos: Position) -> Bid | None:
    """The bid written ``text`` (``3``, ``nil``, ``bnil`` or ``bn``, ``b6``), as an
    Auction section or a trick-notation call writes it; ``None`` for anything else, or a
    number too large to be a bid."""
    word = text.lower()
    if word == "nil":
        return Bid(seat, BidKind.NIL, 0, pos)
    if word in ("bnil", "bn"):
        return Bid(seat, BidKind.BLIND_NIL, 0, pos)
    blind = word.startswith("b")
    digits = word[1:] if blind else word
    if not digits.isascii() or not digits.isdigit():
        return None
    tricks = _number(digits)
    if tricks is None:
        return None
    return Bid(seat, BidKind.BLIND if blind else BidKind.NUMBER, tricks, pos)


def _native(tag: PbnTag, keyword: str, text: str, offset: int) -> LineEvent | None:
    """Parse ``keyword text`` with the native grammar, placed where ``text`` stands in the tag."""
    column = tag.value_pos.column + offset
    pad = max(column - 2 - len(keyword), 0)
    line = " " * pad + keyword + " " + text
    event = fast_line(line, tag.value_pos.line) or parse_line(line, tag.value_pos.line)
    if isinstance(event, SyntaxIssue):
        return SyntaxIssue(f"in tag {tag.name}: {event.message}", event.pos, event.kind)
    return event


@dataclass(slots=True)
class _Deal:
    """The events of one deal record, built by :func:`_read_deal` (short-lived)."""

    events: list[LineEvent] = field(default_factory=list)
    issues: list[SyntaxIssue] = field(default_factory=list)

    def issue(self, message: str, pos: Position) -> None:
        self.issues.append(SyntaxIssue(message, pos))


def _dealer(record: PbnRecord, seats: tuple[Seat, ...], out: _Deal) -> tuple[Seat, bool]:
    """The dealer, and whether the record says who it is (or lets it be inferred)."""
    tag = record.tag("Dealer")
    if tag is not None:
        seat = _seat(tag.value)
        if seat is not None:
            return seat, True
        out.issue(f"Dealer must be N, E, S or W, not {quoted(tag.value)}", tag.value_pos)
    auction = record.section("Auction")
    if auction is not None:
        first = _seat(auction.tag.value)
        if first is not None and first in seats:
            return rotation(seats, first)[-1], True
    out.issue("the record does not say who dealt (no Dealer tag); North is assumed", record.pos)
    return Seat.N, False


def _deal(record: PbnRecord, out: _Deal) -> Deal | None:
    pbn = record.deal
    if pbn is None:
        return None
    holdings: list[Holding] = []
    compass = rotation(tuple(Seat), pbn.first)
    if len(pbn.hands) > 4:
        out.issue(f"the Deal lists {len(pbn.hands)} hands; it has at most 4", pbn.hands[4].pos)
    for seat, tok in zip(compass, pbn.hands, strict=False):
        if tok.text == "-":
            continue
        try:
            cards = parse_holding(tok.text)
        except ValueError as exc:
            out.issue(f"in the Deal: {exc}", tok.pos)
            continue
        holdings.append(Holding(seat, cards, tok.pos))
    return Deal(tuple(holdings), pbn.pos)


def _named_seat(section: PbnSection, seats: tuple[Seat, ...], must: str, out: _Deal) -> Seat | None:
    """The seat a section's tag value names (``[Auction "N"]``), or ``None`` after an
    issue saying what the section ``must`` name when it is not one of ``seats``."""
    named = _seat(section.tag.value)
    if named is None or named not in seats:
        out.issue(
            f"{must} ({' '.join(s.value for s in seats)}), not {quoted(section.tag.value)}",
            section.tag.value_pos,
        )
        return None
    return named


def _auction(section: PbnSection, seats: tuple[Seat, ...], out: _Deal) -> Bids | None:
    first = _named_seat(section, seats, "Auction must name the seat that bids first", out)
    if first is None:
        return None
    order = rotation(seats, first)
    bids: list[Bid] = []
    index = 0
    ended = False
    for line in section.lines:
        for tok in line:
            if ended:
                out.issue("a bid after the '*' that ends the Auction", tok.pos)
                return Bids(tuple(bids), section.tag.pos)
            if tok.text == "*":
                ended = True
                continue
            seat = order[index % len(order)]
            index += 1
            if tok.text == "-":
                continue
            bid = bid_from_text(seat, tok.text, tok.pos)
            if bid is None:
                out.issue(too_large(tok.text), tok.pos)
                continue
            bids.append(bid)
    return Bids(tuple(bids), section.tag.pos)


def _cards_of(
    tokens: Sequence[PbnToken], columns: tuple[Seat, ...], out: _Deal
) -> dict[Seat, tuple[Card, Position]]:
    found: dict[Seat, tuple[Card, Position]] = {}
    for seat, tok in zip(columns, tokens, strict=False):
        if tok.text == "-":
            continue
        try:
            found[seat] = (pbn_card(tok.text), tok.pos)
        except ValueError as exc:
            out.issue(str(exc), tok.pos)
    return found


def _play(
    section: PbnSection,
    rules: Ruleset,
    dealer: Seat | None,
    deal: Deal | None,
    out: _Deal,
) -> list[Trick]:
    """The tricks of a Play section, each put in the order played."""
    seats = seats_for(rules.players)
    named = _named_seat(section, seats, "Play must name the seat of its first column", out)
    if named is None:
        return []
    columns = rotation(seats, named)
    n = len(seats)
    lines: list[tuple[PbnToken, ...]] = []
    ended = False
    for line in section.lines:
        cells: list[PbnToken] = []
        for tok in line:
            if ended:
                out.issue("a card after the '*' that ends the Play section", tok.pos)
                break
            if tok.text == "*":
                ended = True
            else:
                cells.append(tok)
        if cells:
            if len(cells) > n or (len(cells) < n and not ended):
                out.issue(
                    f"a trick line holds {len(cells)} cards; it has one per seat ({n}), "
                    f"in the columns {' '.join(s.value for s in columns)}",
                    cells[0].pos,
                )
            lines.append(tuple(cells[:n]))
    tricks: list[Trick] = []
    leader: Seat | None = None
    for number, cells_line in enumerate(lines, start=1):
        by_seat = _cards_of(cells_line, columns, out)
        if leader is None:
            if number != 1:
                if by_seat:
                    out.issue(
                        "the play after an incomplete trick cannot be put in the order "
                        "played; it is left out",
                        cells_line[0].pos,
                    )
                break
            first = {seat: c for seat, (c, _) in by_seat.items()}
            leader = first_leader(rules, dealer, first, deal) if dealer is not None else named
        order = rotation(seats, leader)
        played: list[tuple[Card, Position]] = []
        for seat in order:
            if seat not in by_seat:
                break
            played.append(by_seat[seat])
        if played:
            tricks.append(
                Trick(
                    number,
                    leader,
                    tuple(c for c, _ in played),
                    tuple(p.column for _, p in played),
                    cells_line[0].pos,
                )
            )
        if len(played) < n:
            if len(by_seat) > len(played):
                out.issue(
                    f"trick {number}: a card follows an unknown one in the order of play "
                    f"(from {leader.word}); the cards after it are left out",
                    cells_line[0].pos,
                )
            leader = None
            continue
        leader = order[trick_winner([c for c, _ in played], rules, number == 1)]
    return tricks


def _tricks(section: PbnSection, out: _Deal) -> list[Trick]:
    """spadesctl's Tricks section: ``NUMBER LEADER CARD ...`` in the order played."""
    tricks: list[Trick] = []
    for line in section.lines:
        number, seat_tok, *cards = line
        seat = _seat(seat_tok.text)
        played: list[Card] = []
        where: list[int] = []
        for tok in cards:
            try:
                played.append(pbn_card(tok.text))
                where.append(tok.pos.column)
            except ValueError as exc:
                out.issue(str(exc), tok.pos)
        trick = _number(number.text)  # TRICK_NUMBER is digits
        if trick is None:
            out.issue(too_large(number.text), number.pos)
        elif seat is not None:
            tricks.append(Trick(trick, seat, tuple(played), tuple(where), number.pos))
    return tricks


#: ``GameScores "S:162 527 162 527"``: a seat, then each seat's running total, clockwise.
_GAME_SCORES: Final = re.compile(r"\s*([NESW])\s*:((?:\s*-?\d{1,9})+)\s*")


def _game_scores(tag: PbnTag, rules: Ruleset, out: _Deal) -> RecordedScore | None:
    """The running totals after the deal that Trickster writes, by party (a partnership's
    two seats carry the same figure); ``None`` (reported) when they cannot be read."""
    m = _GAME_SCORES.fullmatch(tag.value.upper())
    seats = seats_for(rules.players)
    figures = m.group(2).split() if m is not None else []
    first = Seat(m.group(1)) if m is not None else None
    if first is None or first not in seats or len(figures) != len(seats):
        out.issue(
            f"GameScores must be a seat and {len(seats)} running totals clockwise from it "
            f"('S:162 527 162 527'), not {quoted(tag.value)}; it is ignored",
            tag.value_pos,
        )
        return None
    by_seat = dict(zip(rotation(seats, first), map(int, figures), strict=True))
    entries: list[tuple[Party, int]] = []
    for party in parties_of(rules):
        members = seats_of(party)
        values = {by_seat[seat] for seat in members}
        if len(values) > 1:
            given = ", ".join(f"{seat.value} {by_seat[seat]}" for seat in members)
            out.issue(
                f"GameScores gives partners different totals ({given}) in {quoted(tag.value)}; "
                "it is ignored",
                tag.value_pos,
            )
            return None
        entries.append((party, by_seat[members[0]]))
    return RecordedScore(tuple(entries), tag.value_pos)


def _native_tag(tag: PbnTag, out: _Deal) -> None:
    keyword = NATIVE_TAGS[tag.name]
    items = tag.raw.split(",") if tag.name in LIST_TAGS else [tag.raw]
    offset = 0
    for item in items:
        text = item.strip()
        if text:
            event = _native(tag, keyword, text, offset + item.index(text))
            if tag.name in LINE_TAGS and not isinstance(event, SyntaxIssue | Take | Discard | None):
                word = text.split()[0]
                event = SyntaxIssue(
                    f"in tag {tag.name}: '{word}' is not a take or discard line; it is ignored",
                    tag.locate(word),
                )
            if isinstance(event, SyntaxIssue):
                out.issues.append(event)
            elif event is not None:
                out.events.append(event)
        offset += len(item) + 1


def _has_hand(record: PbnRecord) -> bool:
    return bool(
        record.deal is not None
        or record.sections
        or any(t.name in PER_DEAL_TAGS and t.name != "Winner" for t in record.tags)
    )


def _read_deal(record: PbnRecord, rules: Ruleset, number: int) -> _Deal:
    """The events of one record's hand (``hand``, ``deal``, ``bid``, ``trick`` ... lines)."""
    out = _Deal()
    seats = seats_for(rules.players)
    by_name = {t.name: t for t in record.tags if t.name in PER_DEAL_TAGS}
    if _has_hand(record):
        dealer, known = _dealer(record, seats, out)
        where = next(
            (t.pos for t in (by_name.get("Board"), by_name.get("Dealer")) if t is not None),
            record.pos,
        )
        out.events.append(HandStart(number, dealer, where))
        deal = _deal(record, out)
        if deal is not None:
            out.events.append(deal)
        auction = record.section("Auction")
        if auction is not None:
            if "Bids" in by_name:
                out.issue(
                    "both an Auction section and a Bids tag; the Bids tag is read", auction.tag.pos
                )
            else:
                bids = _auction(auction, seats, out)
                if bids is not None:
                    out.events.append(bids)
        play = record.section("Play")
        tricks = record.section("Tricks")
        if play is not None and tricks is not None:
            out.issue("both a Play and a Tricks section; the Tricks section is read", play.tag.pos)
        elif play is not None:
            out.events.extend(_play(play, rules, dealer if known else None, deal, out))
        if tricks is not None:
            out.events.extend(_tricks(tricks, out))
        undealt = by_name.get(UNDEALT)
        if undealt is not None:
            out.issues.extend(undealt_issues(undealt, deal))
        totals = by_name.get(GAME_SCORES)
        if totals is not None and "RunningScore" not in by_name:
            recorded = _game_scores(totals, rules, out)
            if recorded is not None:
                out.events.append(recorded)
    for tag in record.tags:
        if tag.name in BEFORE_BID_TAGS:  # placed before the bids, where they stand
            early = _Deal()
            _native_tag(tag, early)
            out.issues.extend(early.issues)
            at = next((i for i, e in enumerate(out.events) if isinstance(e, Bids)), None)
            at = len(out.events) if at is None else at
            out.events[at:at] = early.events
        elif tag.name in NATIVE_TAGS:
            _native_tag(tag, out)
    return out


# ---- games ----------------------------------------------------------------------------


def _board(record: PbnRecord, out: list[SyntaxIssue]) -> int | None:
    tag = record.tag("Board")
    if tag is None:
        return None
    text = tag.value.strip()
    if text.isdigit() and not too_many_digits(text):  # the native notation's hand numbers
        return int(text)
    message = f"Board must be a hand number up to {MAX_HANDS}, not {quoted(tag.value)}"
    out.append(SyntaxIssue(message, tag.value_pos))
    return None


def _game_tags(tags: Sequence[PbnTag]) -> list[Tag]:
    """The native tags of a game: names the writer prefixed restored, UTCDate -> Date."""
    has_date = any(t.name.lower() == "date" for t in tags)
    out: list[Tag] = []
    for t in tags:
        name, value = t.name, t.value
        if (name == RULES_FROM and value == NO_RULES) or name == GAME_MARK:
            continue
        if name == CONTINUED and value == NOT_CONTINUED:
            continue  # the writer's mark: a game numbered from above 1 that is not continued
        if name.startswith(RESERVED_PREFIX):
            name = name[len(RESERVED_PREFIX) :]
        elif name == "UTCDate" and not has_date:
            name = "Date"
            m = _DOTTED_DATE.fullmatch(value.strip())
            if m is not None:
                value = "-".join(m.groups())
        out.append(Tag(name, value, t.pos))
    return out


@dataclass(slots=True)
class _Group:
    """The records of one game being collected (short-lived)."""

    identity: tuple[tuple[str, str], ...]
    tags: list[Tag]
    rules: GameRules
    has_hands: bool
    last_number: int = 0
    continued: bool = False
    hands: int = 0
    full: bool = False
    events: list[LineEvent] = field(default_factory=list)
    issues: list[SyntaxIssue] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def game(self, source: str, index: int) -> Game:
        tags: list[Tag] = self.tags
        synthetic = list(self.rules.tags)
        if self.continued and not any(t.name.lower() == CONTINUED.lower() for t in tags):
            synthetic.append(Tag(CONTINUED, "yes"))
        if self.rules.replaces_rules_tag:
            tags = [t for t in tags if t.name.lower() not in ("rules", RULES_FROM.lower())]
        if synthetic:
            where = tags[-1].pos if tags else NOWHERE
            synthetic = [
                Tag(t.name, t.value, t.pos if t.pos != NOWHERE else where) for t in synthetic
            ]
        issues = sorted([*self.rules.issues, *self.issues], key=lambda i: i.pos)
        events: list[LineEvent] = [*issues, *tags, *synthetic, *self.events]
        game = assemble(events, source=source, index=index)
        if not self.comments:
            return game
        # before the game's first line, in order: PBN's positions are not the game's lines
        kept = tuple(GameComment(1, False, text) for text in self.comments)
        return dataclasses.replace(game, comments=kept)


def _first_number(record: PbnRecord, board: int | None, rules: Ruleset) -> tuple[int, bool]:
    """The number of a game's first deal, and whether the record begins in the middle of
    the game (:mod:`spadesctl.midgame`).

    A ``Board`` number is the deal's number: above 1, a later deal.  Without one, a deal
    is a later deal when it shows it: it has an Auction under ``unbid_hands=first`` (the
    first deal is not bid; it is numbered 2, the first number it can have), or it has
    ``GameScores`` that are not, under that rule, the unbid first deal's own.
    """
    if board is not None:
        return board, board > 1
    bid = record.section("Auction") is not None or record.tag("Bids") is not None
    if is_unbid(rules, 1) and not is_unbid(rules, 2):
        return (2, True) if bid else (1, False)
    return 1, record.tag(GAME_SCORES) is not None


def games_from_records(
    records: Iterable[PbnRecord], source: str = "-", rules: Ruleset | None = None
) -> Iterator[Game]:
    """Group deal records into games, one game at a time.

    ``rules`` (``--rules``) replaces the ruleset the records' options map to.
    """
    previous: dict[str, str] = {}
    group: _Group | None = None
    index = 0
    for record in records:
        record = _inherit(record, previous)
        board_issues: list[SyntaxIssue] = []
        number = _board(record, board_issues)
        level = [t for t in record.tags if t.name not in PER_DEAL_TAGS]
        identity = tuple((t.name, t.value) for t in level)
        has_hand = _has_hand(record)
        marked = any(t.name == GAME_MARK for t in level)  # one game, whatever its numbers
        joins = (
            group is not None
            and group.has_hands
            and has_hand
            and identity == group.identity
            and (number is None or number > group.last_number or marked)
        )
        if not joins:
            if group is not None:
                index += 1
                yield group.game(source, index)
            group = _Group(identity, _game_tags(level), game_rules(level, rules), has_hand)
            group.issues.extend(pack_issues(level, group.rules.rules))
            if has_hand:
                number, group.continued = _first_number(record, number, group.rules.rules)
                said = next((t.value for t in level if t.name == CONTINUED), None)
                if said is not None:
                    group.continued = said != NOT_CONTINUED
        assert group is not None
        group.comments.extend(record.comments)
        if number is None:
            number = group.last_number + 1
        if has_hand:
            group.last_number = number
            group.hands += 1
            if max(group.hands, number) > MAX_HANDS:  # the notation's limit
                if not group.full:  # one issue; the rest of the game is left out
                    cut = too_many_hands(f"deal record {group.hands} (hand {number})")
                    group.issues.append(SyntaxIssue(cut, record.pos, MISPLACED_LINE))
                    group.full = True
                continue
        deal = _read_deal(record, group.rules.rules, number)
        group.issues.extend(record.issues)
        group.issues.extend(board_issues)
        group.issues.extend(deal.issues)
        group.events.extend(deal.events)
    if group is not None:
        index += 1
        yield group.game(source, index)


def _inherit(record: PbnRecord, previous: dict[str, str]) -> PbnRecord:
    """Resolve PBN's ``#`` values (the same as in the previous record); remember the values."""
    tags: list[PbnTag] = []
    changed = False
    for t in record.tags:
        if t.value == "#" and t.name in previous:
            tags.append(PbnTag(t.name, previous[t.name], t.pos, t.value_pos, t.raw))
            changed = True
        else:
            tags.append(t)
        previous[t.name] = tags[-1].value
    if not changed:
        return record
    return dataclasses.replace(record, tags=tuple(tags))


__all__ = [
    "GameRules",
    "bid_from_text",
    "first_leader",
    "game_rules",
    "games_from_records",
    "pbn_card",
    "rotation",
    "rules_from_text",
    "trick_winner",
]
