"""The grammar side of the parser: the Lark transformer, and error messages.

Imported only when a line needs the grammar (the fast reader,
:mod:`spadesctl.notation.fastpath`, declined it): a clean file of well-formed lines never
imports Lark nor builds the parser.  :func:`grammar_line`, what
:func:`spadesctl.notation.parser.parse_line` runs, has the LALR parser build the tree of
one line (a single rule: the ``line`` start symbol is inlined), then applies the
transformer to that tree to make its event.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Final, NoReturn

from lark import Token, Transformer
from lark.exceptions import (
    UnexpectedInput,
    VisitError,
)

from spadesctl import events as ev
from spadesctl.cards import Card, Party, Seat, parse_holding, parse_party
from spadesctl.core.limits import MAX_SCORE_DIGITS, too_many_digits
from spadesctl.grammar_errors import describer, issue_for
from spadesctl.notation.escapes import unescape
from spadesctl.notation.grammar import spades_parser
from spadesctl.notation.parser import NotationError, too_large
from spadesctl.quoting import quoted

_SEAT_ORDER: Final = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}
#: What the grammar ignores between tokens (and nothing else: not Unicode spaces).
_BLANK: Final = " \t\f\r"


def _seat(tok: Token) -> Seat:
    if len(tok) != 1:
        raise NotationError(f"expected a seat (N, E, S or W), not {quoted(str(tok))}", tok)
    return Seat(str(tok))


def _int(tok: Token) -> int:
    if too_many_digits(str(tok)):
        _too_large(tok)
    return int(tok)


def _signed_int(tok: Token) -> int:
    if len(str(tok).lstrip("+-").lstrip("0")) > MAX_SCORE_DIGITS:
        _too_large(tok)
    return int(tok)


def _too_large(tok: Token) -> NoReturn:
    raise NotationError(too_large(str(tok).lstrip("+").lstrip("0") or "0"), tok)


def _split_cards(tok: Token) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The cards of a CARDS token and the column of each."""
    text = str(tok)
    out: list[Card] = []
    columns: list[int] = []
    col = tok.column or 0
    index = 0
    for part in text.split():
        index = text.index(part, index)
        try:
            out.append(Card.parse(part))
        except ValueError:
            raise NotationError(f"not a card: {quoted(part)}", tok) from None
        columns.append(col + index)
        index += len(part)
    return tuple(out), tuple(columns)


def _unquote(tok: Token) -> str:
    return unescape(str(tok)[1:-1])


def _bid_value(bidder: Party, tok: Token, pos: ev.Position) -> ev.Bid:
    text = str(tok)
    if text == "nil":
        return ev.Bid(bidder, ev.BidKind.NIL, 0, pos)
    if text == "bnil":
        return ev.Bid(bidder, ev.BidKind.BLIND_NIL, 0, pos)
    if text.startswith("b"):
        return ev.Bid(bidder, ev.BidKind.BLIND, _int(Token("INT", text[1:])), pos)
    return ev.Bid(bidder, ev.BidKind.NUMBER, _int(tok), pos)


def _pairs(items: Sequence[Token]) -> list[tuple[Token, Token]]:
    return [(items[i], items[i + 1]) for i in range(0, len(items) - 1, 2)]


class _ToEvents(Transformer[Token, Any]):
    """Builds one event per line rule; ``line_offset`` maps chunk lines to file lines."""

    def __init__(self, line_offset: int = 0) -> None:
        super().__init__(visit_tokens=False)
        self.line_offset = line_offset

    def _pos(self, tok: Token) -> ev.Position:
        return ev.Position((tok.line or 0) + self.line_offset, tok.column or 0)

    def record(self, children: list[ev.LineEvent]) -> list[ev.LineEvent]:
        return children

    def tag(self, c: list[Token]) -> ev.Tag:
        return ev.Tag(str(c[1]), _unquote(c[2]), self._pos(c[0]))

    def hand(self, c: list[Token]) -> ev.HandStart:
        return ev.HandStart(_int(c[1]), _seat(c[2]), self._pos(c[0]))

    def deal(self, c: list[Token]) -> ev.Deal:
        holdings = []
        for tok in c[1:]:
            seat_text, _, text = str(tok).partition(":")
            try:
                cards = parse_holding(text)
            except ValueError as exc:
                raise NotationError(str(exc), tok) from None
            holdings.append(ev.Holding(Seat(seat_text), cards, self._pos(tok)))
        holdings.sort(key=lambda h: _SEAT_ORDER[h.seat])
        return ev.Deal(tuple(holdings), self._pos(c[0]))

    def pass_(self, c: list[Token]) -> ev.Pass:
        cards, _ = _split_cards(c[3])
        return ev.Pass(_seat(c[1]), _seat(c[2]), cards, self._pos(c[0]))

    def bid(self, c: list[Token]) -> ev.Bids:
        bids = []
        for who, value in _pairs(c[1:]):
            bids.append(_bid_value(parse_party(str(who)), value, self._pos(who)))
        return ev.Bids(tuple(bids), self._pos(c[0]))

    def raise_(self, c: list[Token]) -> ev.Raise:
        return ev.Raise(parse_party(str(c[1])), _int(c[2]), self._pos(c[0]))

    def widow(self, c: list[Token]) -> ev.Widow:
        cards, _ = _split_cards(c[1])
        return ev.Widow(cards, self._pos(c[0]))

    def take(self, c: list[Token]) -> ev.Take:
        cards, _ = _split_cards(c[2])
        return ev.Take(_seat(c[1]), cards, self._pos(c[0]))

    def discard(self, c: list[Token]) -> ev.Discard:
        cards, _ = _split_cards(c[2])
        return ev.Discard(_seat(c[1]), cards, self._pos(c[0]))

    def draw(self, c: list[Token]) -> ev.Draw:
        first, _ = _split_cards(c[3])
        second, _ = _split_cards(c[5])
        if len(first) != 1 or len(second) != 1:
            raise NotationError("a draw step names one card to keep and one to discard", c[3])
        if str(c[2]) == str(c[4]):
            raise NotationError("a draw step keeps one card and discards the other", c[4])
        keep_first = str(c[2]) == "keep"
        kept, discarded = (first[0], second[0]) if keep_first else (second[0], first[0])
        return ev.Draw(_seat(c[1]), kept, discarded, keep_first, self._pos(c[0]))

    def trick(self, c: list[Token]) -> ev.Trick:
        cards, where = _split_cards(c[3])
        return ev.Trick(_int(c[1]), _seat(c[2]), cards, where, self._pos(c[0]))

    def claim(self, c: list[Token]) -> ev.Claim:
        return ev.Claim(_seat(c[1]), self._pos(c[0]))

    def took(self, c: list[Token]) -> ev.Took:
        return ev.Took(self._party_counts(c[1:]), self._pos(c[0]))

    def renege(self, c: list[Token]) -> ev.Renege:
        return ev.Renege(_seat(c[1]), _int(c[2]), self._pos(c[0]))

    def score(self, c: list[Token]) -> ev.RecordedScore:
        return ev.RecordedScore(self._party_counts(c[1:], signed=True), self._pos(c[0]))

    def bags(self, c: list[Token]) -> ev.RecordedBags:
        return ev.RecordedBags(self._party_counts(c[1:]), self._pos(c[0]))

    def result(self, c: list[Token]) -> ev.Result:
        return ev.Result(parse_party(str(c[1])), self._pos(c[0]))

    def _party_counts(
        self, items: Sequence[Token], signed: bool = False
    ) -> tuple[tuple[Party, int], ...]:
        out = []
        for who, value in _pairs(items):
            out.append((parse_party(str(who)), _signed_int(value) if signed else _int(value)))
        return tuple(out)


# ``pass`` and ``raise`` are Python keywords: the grammar rules map to ``pass_`` and
# ``raise_``.
setattr(_ToEvents, "pass", _ToEvents.pass_)
setattr(_ToEvents, "raise", _ToEvents.raise_)


_TERMINAL_WORDS: Final = {
    "PARTY": "a seat (N E S W) or side (NS EW)",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "CARDS": "cards (AS KH 2C ...)",
    "HOLDING": "a holding (N:AKQ4.T98.AK6.QJ97)",
    "BID_VALUE": "a bid (0-13, nil, bnil, bN)",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a quoted value ("...")',
    "DRAW_ACTION": "keep or discard",
    "RSQB": "']'",
    "MORETHAN": "'>'",
    "DEALER": "'dealer'",
    "_NL": "the end of the line",
    "$END": "the end of the line",
}
LINE_KEYWORDS: Final = (
    "[Tag]",
    "hand",
    "deal",
    "widow",
    "draw",
    "take",
    "discard",
    "pass",
    "bid",
    "raise",
    "trick",
    "claim",
    "took",
    "renege",
    "score",
    "bags",
    "result",
)


#: The terminals the grammar expects only where a line starts.
_LINE_START: Final = ("HAND", "DEAL", "TRICK")
_describe_terminals: Final = describer(_TERMINAL_WORDS)


def _describe_expected(expected: Collection[str]) -> str:
    if set(_LINE_START) <= set(expected):
        return "a line keyword (" + ", ".join(LINE_KEYWORDS) + ")"
    return _describe_terminals(expected)


def _issue_for(exc: UnexpectedInput, text: str, line_no: int) -> ev.SyntaxIssue:
    return issue_for(exc, text, line_no, _describe_expected, LINE_KEYWORDS, _LINE_START)


def grammar_line(text: str, line_no: int) -> ev.LineEvent | None:
    """Parse one line (no newline) with the grammar; ``None`` for a blank line."""
    if not text.strip(_BLANK):
        return None
    parser = spades_parser()
    try:
        tree = parser.parse(text, start="line")
    except UnexpectedInput as exc:
        return _issue_for(exc, text, line_no)
    # The line start symbol is inlined: a tree of one rule, transformed here.
    try:
        events = _ToEvents(line_no - 1).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotationError):
            return ev.SyntaxIssue(
                exc.orig_exc.message, ev.Position(line_no, exc.orig_exc.token.column or 1)
            )
        raise
    if isinstance(events, list):  # pragma: no cover - the grammar's line rule is always inlined
        return events[0] if events else None
    return events  # type: ignore[no-any-return]


__all__ = ["grammar_line"]
