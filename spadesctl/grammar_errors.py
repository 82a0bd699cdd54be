"""A Lark parse error on one line -> one positioned :class:`~spadesctl.events.SyntaxIssue`.

The line-by-line readers (PBN, OpenSpiel, trick-notation) parse one line at a time so
that every bad line gets its own issue and the next line is read; this turns what Lark
raised into that issue: at the character the grammar could not take, saying what it
found and (through ``describe``, which names the expected terminals for people) what
it expected.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from spadesctl.events import Position, SyntaxIssue
from spadesctl.quoting import quoted

#: Names of the terminals a parser expected -> words for people.
Describe = Callable[[Collection[str]], str]


def describer(words: Mapping[str, str]) -> Describe:
    """A :data:`Describe` from a table of terminal names -> words (the others lower-cased;
    ``$END`` is the end of the line)."""

    def describe(expected: Collection[str]) -> str:
        found = {words.get(n, n.lower()) for n in expected if n != "$END"}
        if "$END" in expected:
            found.add("the end of the line")
        return " or ".join(sorted(found))

    return describe


@dataclass(frozen=True, slots=True)
class LineGrammar:
    """The grammar of a reader that parses one line at a time (``grammar/<file>``, start
    symbol ``line``), with the words for people of its terminals."""

    file: str
    words: Mapping[str, str]

    def parse(self, text: str, line_no: int) -> Tree[Token] | SyntaxIssue:
        """The tree of ``text`` (line ``line_no`` of its file), or the issue saying why not."""
        from spadesctl.notation.grammar import line_parser

        try:
            return line_parser(self.file).parse(text)
        except UnexpectedInput as exc:
            return issue_for(exc, text, line_no, describer(self.words))


def issue_for(
    exc: UnexpectedInput,
    text: str,
    line_no: int,
    describe: Describe,
    keywords: Sequence[str] = (),
    keyword_terminals: Collection[str] = (),
) -> SyntaxIssue:
    """The issue for ``exc``, raised parsing ``text`` (line ``line_no`` of its file).

    ``keywords``: the words a line starts with, for a grammar whose lines each start
    with one (the native notation): a word the grammar cannot take where a line starts
    (where it expected all of ``keyword_terminals``) is an unknown line listing them.
    """
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    pos = Position(line_no, column)
    if isinstance(exc, UnexpectedToken):
        at_end = exc.token.type in ("$END", "_NL")
        if at_end:
            pos = Position(line_no, len(text.rstrip()) + 1)
        found = "the end of the line" if at_end else quoted(str(exc.token))
        expected = exc.accepts or exc.expected
        if keywords and set(keyword_terminals) <= set(expected):
            token = str(exc.token)
            return _unknown_line(token.split()[0] if token.strip() else token, keywords, pos)
        return SyntaxIssue(f"unexpected {found}; expected {describe(expected)}", pos)
    if isinstance(exc, UnexpectedCharacters):
        rest = text[column - 1 :].split()
        found = rest[0] if rest else text[column - 1 : column]
        if keywords and column == 1 + (len(text) - len(text.lstrip())):
            return _unknown_line(found, keywords, pos)
        return SyntaxIssue(
            f"unexpected {quoted(found)}; expected {describe(exc.allowed or set())}", pos
        )
    if isinstance(exc, UnexpectedEOF):  # pragma: no cover - only Earley parsers raise it
        pos = Position(line_no, len(text.rstrip()) + 1)
        return SyntaxIssue(f"the line ends too early; expected {describe(set(exc.expected))}", pos)
    return SyntaxIssue(str(exc).splitlines()[0], pos)  # pragma: no cover - no other kinds


def _unknown_line(word: str, keywords: Sequence[str], pos: Position) -> SyntaxIssue:
    return SyntaxIssue(
        f"unknown line {quoted(word)}; a line starts with " + ", ".join(keywords), pos
    )


__all__ = ["Describe", "LineGrammar", "describer", "issue_for"]
