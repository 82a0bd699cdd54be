"""PBN/"PTN" text -> deal records of tags and sections, each piece with its position.

Reading streams: :func:`split_records` reads a binary stream a line at a time and cuts it
into the text of one deal record at a time (comments blanked with spaces, so that columns
stay exact); :func:`parse_record` reads that text through the Lark grammar
``grammar/pbn.lark`` into a :class:`PbnRecord`.  When a record does not parse as a whole,
its lines are parsed one by one: each bad line becomes a positioned
:class:`~spadesctl.events.SyntaxIssue` and the rest is still read.  A malformed tag line
(a missing closing bracket, unescaped quotes inside a value such as ``GameOptionsJson``)
is reported and its value salvaged where the line still shows where it starts and ends.

What the tags and sections *mean* is :mod:`spadesctl.pbn.to_game`'s business.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import BinaryIO, Final, TypeAlias

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedInput

from spadesctl.cards import Seat
from spadesctl.events import Position, SyntaxIssue, Word, first_named
from spadesctl.grammar_errors import issue_for
from spadesctl.notation.grammar import build_parser
from spadesctl.notation.reader import read_lines
from spadesctl.pbn.tags import DEAL_CONTENT_TAGS, SECTION_TAGS
from spadesctl.quoting import one_line, quoted


@dataclass(frozen=True, slots=True)
class PbnTag:
    """``[Name "value"]``; ``raw`` is the value as written (escapes kept)."""

    name: str
    value: str
    pos: Position
    value_pos: Position
    raw: str

    def locate(self, word: str) -> Position:
        """Where ``word`` first stands in the written value (the value's start if nowhere)."""
        index = self.raw.find(word)
        if index < 0:
            return self.value_pos
        return Position(self.value_pos.line, self.value_pos.column + index)


#: One token of a section line: a bid, a card, ``-`` or ``*``, with its position.
PbnToken: TypeAlias = Word


@dataclass(frozen=True, slots=True)
class PbnDeal:
    """The ``Deal`` tag: the first seat, then one holding (or ``-``) per seat clockwise."""

    first: Seat
    hands: tuple[PbnToken, ...]
    pos: Position


@dataclass(frozen=True, slots=True)
class PbnSection:
    """A section tag (``Auction``, ``Play`` or ``Tricks``) and the token lines after it."""

    tag: PbnTag
    lines: tuple[tuple[PbnToken, ...], ...]

    @property
    def kind(self) -> str:
        return self.tag.name


@dataclass(frozen=True, slots=True)
class PbnRecord:
    """One deal record: its plain tags in order, the Deal tag, its sections, its issues."""

    tags: tuple[PbnTag, ...]
    deal: PbnDeal | None
    sections: tuple[PbnSection, ...]
    issues: tuple[SyntaxIssue, ...]
    pos: Position
    #: The record's ``;`` and ``{ ... }`` comments as written, in order (:class:`RecordText`).
    comments: tuple[str, ...] = field(default=(), compare=False)

    def tag(self, name: str) -> PbnTag | None:
        """The first tag called ``name`` (case-insensitive), or ``None``."""
        return first_named(self.tags, name)

    def section(self, kind: str) -> PbnSection | None:
        for s in self.sections:
            if s.kind == kind:
                return s
        return None


@dataclass(frozen=True, slots=True)
class RecordText:
    """The lines of one record (comments blanked), from file line ``first_line`` on.

    ``comments``: its ``;`` and ``{ ... }`` comments as written, in order (a block that
    spans lines is one, its lines joined by newlines; ``%`` lines are PBN's escapes for
    directives such as ``% PBN 2.1``, not kept).
    """

    first_line: int
    lines: tuple[str, ...]
    issues: tuple[SyntaxIssue, ...] = ()
    comments: tuple[str, ...] = field(default=(), compare=False)


# ---- tag values --------------------------------------------------------------------

_ESCAPE: Final = re.compile(r"\\(.)")


def unescape(raw: str) -> str:
    """A tag value as meant: ``\\"`` is a quote and ``\\\\`` a backslash (PBN 2.1)."""
    return _ESCAPE.sub(r"\1", raw) if "\\" in raw else raw


def quote(value: str) -> str:
    """A tag value quoted for writing, with its quotes and backslashes escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- the grammar ------------------------------------------------------------------


@functools.cache
def pbn_parser() -> Lark:
    """The LALR parser of ``grammar/pbn.lark`` (built once per process, tables cached)."""
    return build_parser("pbn.lark", ["record", "line", "auction_line", "play_line", "tricks_line"])


_Entry = PbnTag | PbnDeal | PbnSection


class _ToRecord(Transformer[Token, object]):
    """Tree -> tags, Deal tags and sections; ``offset`` maps record lines to file lines."""

    def __init__(self, offset: int) -> None:
        super().__init__(visit_tokens=False)
        self.offset = offset

    def _pos(self, tok: Token) -> Position:
        return Position((tok.line or 0) + self.offset, tok.column or 0)

    def _tokens(self, children: Sequence[object]) -> tuple[PbnToken, ...]:
        return tuple(
            PbnToken(str(t), self._pos(t))
            for t in children
            if isinstance(t, Token) and t.type not in ("NAG", "NOTE")
        )

    def _tag(self, c: Sequence[Token]) -> PbnTag:
        value = c[2]
        raw = str(value)[1:-1]
        pos = self._pos(value)
        value_pos = Position(pos.line, pos.column + 1)
        return PbnTag(str(c[1]), unescape(raw), self._pos(c[0]), value_pos, raw)

    def record(self, c: list[list[_Entry] | PbnSection]) -> list[_Entry]:
        out: list[_Entry] = []
        for entry in c:
            if isinstance(entry, list):
                out.extend(entry)
            else:
                out.append(entry)
        return out

    def tag_line(self, c: list[_Entry]) -> list[_Entry]:
        return list(c)

    def plain_tag(self, c: list[Token]) -> PbnTag:
        return self._tag(c)

    def deal_tag(self, c: list[Token]) -> PbnDeal:
        first = Seat(str(c[2])[0].upper())
        return PbnDeal(
            first, tuple(PbnToken(str(t), self._pos(t)) for t in c[3:-1]), self._pos(c[0])
        )

    def auction_tag(self, c: list[Token]) -> PbnSection:
        return PbnSection(self._tag(c), ())

    play_tag = auction_tag
    tricks_tag = auction_tag

    def auction_line(self, c: list[Token]) -> tuple[PbnToken, ...]:
        return self._tokens(c)

    play_line = auction_line
    tricks_line = auction_line

    def auction(self, c: list[object]) -> PbnSection:
        head = c[0]
        assert isinstance(head, PbnSection)
        lines = tuple(line for line in c[1:] if isinstance(line, tuple))
        return PbnSection(head.tag, lines)

    play = auction
    tricks = auction


# ---- errors -------------------------------------------------------------------------

_TERMINAL_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "TAG_NAME": "a tag name",
        "TAG_VALUE": 'a quoted value ("...")',
        "RSQB": "']'",
        "LSQB": "'['",
        "_DQUOTE": "'\"'",
        "FIRST_SEAT": "the first seat (N:, E:, S: or W:)",
        "HOLDING": "a holding (KQT982.AK4.6.K87, jokers as a fifth group .HL)",
        "UNKNOWN": "'-'",
        "END": "'*'",
        "CARD": "a card, suit first (SA, H10, JH, JL)",
        "BID": "a bid (0-13, nil, bnil, bN)",
        "SEAT": "a seat (N, E, S or W)",
        "TRICK_NUMBER": "a trick number",
        "NAG": "an annotation",
        "NOTE": "a note",
        "_NL": "the end of the line",
        "$END": "the end of the line",
    }
)


def _describe(expected: Collection[str]) -> str:
    names = set(expected) - {"NAG", "NOTE"}
    if {"DEAL", "AUCTION", "PLAY"} & names:
        names -= {"DEAL", "AUCTION", "PLAY", "TRICKS"}
        names.add("TAG_NAME")
    return " or ".join(sorted({_TERMINAL_WORDS.get(n, n.lower()) for n in names}))


def _issue_for(exc: UnexpectedInput, text: str, line_no: int) -> SyntaxIssue:
    return issue_for(exc, text, line_no, _describe)


# ---- one record -----------------------------------------------------------------------

_TAG_START: Final = re.compile(r"[ \t\f]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)")
_SALVAGE: Final = re.compile(r'[ \t\f]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"(.*)$')


def _salvage(text: str, line_no: int, issue: SyntaxIssue) -> tuple[PbnTag | None, SyntaxIssue]:
    """A tag read from a line the grammar refused, and the issue that says what was wrong.

    The value runs from the first quote to the last one; a missing ``]`` is forgiven.
    """
    m = _SALVAGE.match(text)
    if m is None:
        return None, issue
    name, rest = m.group(1), m.group(2).rstrip(" \t\f\r")
    bracket = rest.endswith("]")
    if bracket:
        rest = rest[:-1].rstrip(" \t\f")
    if not rest.endswith('"'):
        return None, issue
    raw = rest[:-1]
    start = m.start(2) + 1
    value_pos = Position(line_no, start)
    tag = PbnTag(name, unescape(raw), Position(line_no, text.index("[") + 1), value_pos, raw)
    inner = re.search(r'(?<!\\)"', raw)
    if inner is not None:
        where = Position(line_no, start + inner.start())
        message = (
            f"the value of tag {name} holds an unescaped '\"' (write it \\\"); "
            "the value is read up to the last quote on the line"
        )
        return tag, SyntaxIssue(message, where)
    if not bracket:
        where = Position(line_no, len(text.rstrip()) + 1)
        return tag, SyntaxIssue(f"tag {name} is missing its closing ']'", where)
    return tag, issue


def _entries_by_line(
    lines: Sequence[str], first_line: int
) -> tuple[list[_Entry], list[SyntaxIssue]]:
    """Parse line by line (the recovery path): every bad line is one issue."""
    parser = pbn_parser()
    entries: list[_Entry] = []
    issues: list[SyntaxIssue] = []
    section: PbnSection | None = None
    section_lines: list[tuple[PbnToken, ...]] = []

    def close() -> None:
        nonlocal section
        if section is not None:
            entries.append(PbnSection(section.tag, tuple(section_lines)))
            section = None
            section_lines.clear()

    for i, text in enumerate(lines):
        if not text.strip(" \t\f\r"):
            continue
        line_no = first_line + i
        transformer = _ToRecord(line_no - 1)
        if _TAG_START.match(text):
            close()
            try:
                tree = parser.parse(text + "\n", start="line")
            except UnexpectedInput as exc:
                tag, issue = _salvage(text, line_no, _issue_for(exc, text, line_no))
                issues.append(issue)
                if tag is not None:
                    if tag.name in SECTION_TAGS:
                        section = PbnSection(tag, ())
                    else:
                        entries.append(tag)
                continue
            result = transformer.transform(tree)
            if isinstance(result, PbnSection):
                section = result
            elif isinstance(result, list):
                entries.extend(result)
            continue
        if section is None:
            # the first word as the grammar sees it: str.split() would also part on
            # characters the grammar does not call blank ("\x1f"), leaving no word at all
            word = re.split(r"[ \t\f\r]", text.strip(" \t\f\r"), maxsplit=1)[0]
            issues.append(
                SyntaxIssue(
                    f'unexpected {quoted(word)} outside a section; a line is a [Tag "value"] or '
                    "belongs to the Auction or Play section above it",
                    Position(line_no, len(text) - len(text.lstrip(" \t\f")) + 1),
                )
            )
            continue
        start = section.kind.lower() + "_line"
        try:
            tree = parser.parse(text + "\n", start=start)
        except UnexpectedInput as exc:
            issues.append(_issue_for(exc, text, line_no))
            continue
        tokens = transformer.transform(tree)
        if isinstance(tokens, tuple):
            section_lines.append(tokens)
    close()
    return entries, issues


def _is_blank(text: str) -> bool:
    return not text.strip(" \t\f\r")


# ---- the fast path -----------------------------------------------------------------
#
# Records as spadesctl and Trickster write them (one tag a line, one space between the
# tag's name and value, tokens separated by blanks) are read with regular expressions,
# about ten times faster than through Lark.  The grammar stays the parser of record:
# whenever a line is anything but plain, the whole record goes to the grammar, which
# then decides and reports; tests/test_pbn_parser.py checks that both give the same
# records.

_FAST_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:\\.|[^"\\\n])*)"\]')
_FAST_TOKEN: Final = re.compile(r"[^ \t\f\r]+")
_FAST_RANK: Final = r"(?:10|[2-9TJQKAtjqka])"
_FAST_HOLDING: Final = re.compile(rf"{_FAST_RANK}*(?:\.{_FAST_RANK}*){{3}}(?:\.[HLBhlb]*)?|-")
_FAST_CARD: Final = re.compile(r"(?i:[SHDC](?:10|[2-9TJQKA])|J[HL]|[BL]J)")
_FAST_TOKENS: Final[Mapping[str, re.Pattern[str]]] = MappingProxyType(
    {
        "Auction": re.compile(r"(?i:nil|bnil|bn|b[0-9]+|[0-9]+)|-|\*|\$[0-9]+|=[0-9]+="),
        "Play": re.compile(r"(?i:[SHDC](?:10|[2-9TJQKA])|J[HL]|[BL]J)|-|\*|\$[0-9]+|=[0-9]+="),
    }
)
_FAST_IGNORED: Final = re.compile(r"\$[0-9]+|=[0-9]+=")


def _fast_tag(text: str, line_no: int) -> PbnTag | PbnDeal | None:
    start = len(text) - len(text.lstrip(" \t\f\r"))
    m = _FAST_TAG.match(text, start)
    if m is None or text[m.end() :].strip(" \t\f\r"):
        return None
    name, raw = m.group(1), m.group(2)
    pos = Position(line_no, start + 1)
    value_pos = Position(line_no, m.start(2) + 1)
    if name != "Deal":
        return PbnTag(name, unescape(raw), pos, value_pos, raw)
    if len(raw) < 2 or raw[1] != ":" or raw[0] not in "NESWnesw" or raw[2:3] in (" ", "\t"):
        return None
    hands: list[PbnToken] = []
    for tok in _FAST_TOKEN.finditer(raw, 2):
        if not _FAST_HOLDING.fullmatch(tok.group()):
            return None
        hands.append(PbnToken(tok.group(), Position(line_no, m.start(2) + tok.start() + 1)))
    return PbnDeal(Seat(raw[0].upper()), tuple(hands), pos)


def _fast_tokens(kind: str, text: str, line_no: int) -> tuple[PbnToken, ...] | None:
    found = [(t.group(), t.start() + 1) for t in _FAST_TOKEN.finditer(text)]
    if kind == "Tricks":
        if (
            len(found) < 3
            or not found[0][0].isdigit()
            or not found[0][0].isascii()
            or found[1][0] not in ("N", "E", "S", "W")
            or not all(_FAST_CARD.fullmatch(t) for t, _ in found[2:])
        ):
            return None
    else:
        pattern = _FAST_TOKENS[kind]
        if not all(pattern.fullmatch(t) for t, _ in found):
            return None
    return tuple(
        PbnToken(t, Position(line_no, col)) for t, col in found if not _FAST_IGNORED.fullmatch(t)
    )


def fast_entries(lines: Sequence[str], first_line: int) -> list[_Entry] | None:
    """The entries of a plainly written record, or ``None`` when the grammar must read it."""
    entries: list[_Entry] = []
    section: PbnSection | None = None
    body: list[tuple[PbnToken, ...]] = []
    for i, text in enumerate(lines):
        if not text.strip(" \t\f\r"):
            continue
        line_no = first_line + i
        if text.lstrip(" \t\f\r").startswith("["):
            entry = _fast_tag(text, line_no)
            if entry is None:
                return None
            if section is not None:
                entries.append(PbnSection(section.tag, tuple(body)))
                section, body = None, []
            if isinstance(entry, PbnTag) and entry.name in SECTION_TAGS:
                section = PbnSection(entry, ())
            else:
                entries.append(entry)
            continue
        if section is None:
            return None
        tokens = _fast_tokens(section.kind, text, line_no)
        if tokens is None:
            return None
        body.append(tokens)
    if section is not None:
        entries.append(PbnSection(section.tag, tuple(body)))
    return entries


def grammar_entries(lines: Sequence[str], first_line: int) -> list[_Entry] | None:
    """The entries of a record read by the grammar in one pass; ``None`` if it is not valid."""
    try:
        tree: Tree[Token] = pbn_parser().parse("\n".join(lines) + "\n", start="record")
    except UnexpectedInput:
        return None
    result = _ToRecord(first_line - 1).transform(tree)
    assert isinstance(result, list)
    return result


def parse_record(block: RecordText, fast: bool = True) -> PbnRecord:
    """Read the lines of one record into a :class:`PbnRecord`, reporting what is wrong.

    ``fast=False`` reads it with the grammar alone.
    """
    lines = block.lines
    issues: list[SyntaxIssue] = list(block.issues)
    entries = fast_entries(lines, block.first_line) if fast else None
    if entries is None:
        entries = grammar_entries(lines, block.first_line)
    if entries is None:
        entries, line_issues = _entries_by_line(lines, block.first_line)
        issues.extend(line_issues)
    tags: list[PbnTag] = []
    sections: list[PbnSection] = []
    deal: PbnDeal | None = None
    for entry in entries:
        if isinstance(entry, PbnTag):
            tags.append(entry)
        elif isinstance(entry, PbnSection):
            if any(s.kind == entry.kind for s in sections):
                issues.append(
                    SyntaxIssue(f"a second {entry.kind} section in one deal", entry.tag.pos)
                )
            else:
                sections.append(entry)
        elif deal is None:
            deal = entry
        else:
            issues.append(SyntaxIssue("a second Deal tag in one deal", entry.pos))
    first = next((i for i, line in enumerate(lines) if not _is_blank(line)), 0)
    pos = Position(block.first_line + first, 1)
    issues.sort(key=lambda issue: (issue.pos.line, issue.pos.column))
    return PbnRecord(tuple(tags), deal, tuple(sections), tuple(issues), pos, block.comments)


# ---- the stream -----------------------------------------------------------------------


def blank_comments(line: str, in_block: bool) -> tuple[str, bool]:
    """Blank the comments of one line with spaces; says whether a ``{`` comment stays open.

    A line whose first character (after blanks) is ``%`` is a comment.  On a tag line
    only what follows the last ``]`` can be a comment, so that a value with unescaped
    quotes or braces (JSON) is never mistaken for one.
    """
    out = list(line)
    n = len(line)
    i = 0
    if not in_block:
        stripped = line.lstrip(" \t\f")
        if stripped.startswith("%"):
            return " " * n, False
        if stripped.startswith("["):
            i = line.rfind("]") + 1
            if i == 0:
                return line, False
    while i < n:
        ch = line[i]
        if in_block:
            out[i] = " "
            if ch == "}":
                in_block = False
        elif ch == ";":
            for j in range(i, n):
                out[j] = " "
            break
        elif ch == "{":
            in_block = True
            out[i] = " "
        i += 1
    return "".join(out), in_block


def comment_pieces(raw: str, blanked: str, in_block: bool = False) -> list[str]:
    """The comments of line ``raw`` as written: the runs that :func:`blank_comments`
    blanked in ``blanked`` (comments side by side, only blanks between them, are one;
    a character that would break the line written as its escape: :func:`one_line`);
    ``in_block``: a block comment is open at its start (the first run starts at 0)."""
    pieces: list[str] = []
    start = 0 if in_block else -1
    end = -1
    for i, (a, b) in enumerate(zip(raw, blanked, strict=True)):
        if a != b:
            start = i if start < 0 else start
            end = i + 1
        elif start >= 0 and not a.isspace():
            pieces.append(raw[start:end])
            start = -1
    if start >= 0:
        pieces.append(raw[start:end])
    return [one_line(piece) for piece in pieces]


_TAG_NAMES: Final = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"')


def split_records(stream: BinaryIO) -> Iterator[RecordText]:
    """Cut a PBN stream into records, one :class:`RecordText` at a time.

    A tag line starts a new record when the current one already holds a deal (a Deal,
    Dealer, Board, Auction or Play tag...) and either its tag was given already (the next
    deal repeats Event, Deal, ...) or it follows a blank line (PBN's export format
    separates records by one).  A ``%`` line after a record's tags (Trickster writes
    ``% PTN ----`` before each record) ends that record whatever it holds.
    """
    lines: list[str] = []
    issues: list[SyntaxIssue] = []
    names: set[str] = set()
    first = 1
    in_block = False
    blank_before = False
    separated = False
    block_start = Position(1, 1)
    comments: list[str] = []  # the record's comments, as written
    block: list[str] = []  # the lines of a block comment still open
    for line_no, raw, issue in read_lines(stream):
        found: list[str] = []  # the comments this line ends
        if raw is None:
            if issue is not None:
                issues.append(issue)
            text = ""
        else:
            was_in_block = in_block
            text, in_block = blank_comments(raw, in_block)
            if in_block and not was_in_block:
                block_start = Position(line_no, raw.rfind("{") + 1)
            escape = not was_in_block and raw.lstrip(" \t\f").startswith("%")
            if escape and names:
                separated = True
            if text != raw and not escape:
                pieces = comment_pieces(raw, text, was_in_block)
                if was_in_block:  # the first piece goes on with the block above
                    block.append(pieces.pop(0) if pieces else "")
                    if not in_block or pieces:
                        found.append("\n".join(block))
                        block = []
                if in_block and pieces:  # the last one stays open
                    block = [pieces.pop()]
                found.extend(pieces)
        m = _TAG_START.match(text)
        if m is not None:
            name = m.group(1)
            dealt = bool(names & DEAL_CONTENT_TAGS)
            new_record = separated or (
                dealt and (name in names or (blank_before and name not in SECTION_TAGS))
            )
            if new_record and (lines or issues):
                yield RecordText(first, tuple(lines), tuple(issues), tuple(comments))
                lines, issues, names, first, comments = [], [], set(), line_no, []
            separated = False
            names.update(t.group(1) for t in _TAG_NAMES.finditer(text))
        comments.extend(found)
        if not lines and _is_blank(text) and not issues:
            first = line_no + 1
            blank_before = False
            continue
        blank_before = _is_blank(text)
        lines.append(text)
    if in_block:
        issues.append(SyntaxIssue("a { block comment } is never closed", block_start))
    # a block never closed is not kept: written out, it would swallow what follows it
    if any(not _is_blank(line) for line in lines) or issues:
        yield RecordText(first, tuple(lines), tuple(issues), tuple(comments))


def parse_records(stream: BinaryIO) -> Iterator[PbnRecord]:
    """The records of a PBN stream, read one at a time."""
    for block in split_records(stream):
        yield parse_record(block)


__all__ = [
    "PbnDeal",
    "PbnRecord",
    "PbnSection",
    "PbnTag",
    "PbnToken",
    "RecordText",
    "blank_comments",
    "comment_pieces",
    "fast_entries",
    "grammar_entries",
    "parse_record",
    "parse_records",
    "pbn_parser",
    "quote",
    "split_records",
    "unescape",
]
