"""The express check on records as people write them: comments and the lenient spellings.

``check`` asks the express check about a game's lines as written, and again in canonical
form when it is not sure (:func:`spadesctl.express.canonical.express_check`).  These
tests prove that widening as the express tests prove the rest: every generated game of
every covered ruleset, respelled at random (comments, ``10D``, ``ad``, ``DA``, ``A♦``,
``SN``, leading zeros, ``+5``, holdings low first, seats reordered, tabs, bids over two
lines), reads as the same game, is clean to the full engine and is settled by the
express check with the same number of hands; every planted mistake, respelled, is still
handed over; random edits of respelled games never make it pass a game the full check
faults; and ``check`` reports the same with and without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spadesctl.checking import CheckOptions, check_file, game_diagnostics
from spadesctl.events import SyntaxIssue
from spadesctl.express.canonical import canonical_rows, express_check
from spadesctl.file_warnings import fingerprint, game_fingerprint
from spadesctl.notation import game_from_text
from spadesctl.notation.parser import parse_lines
from spadesctl.notation.writer import event_line
from spadesctl.record import Game
from spadesctl.rules.presets import STANDARD
from tests.strategies import mutated_lines
from tests.test_express import (
    COVERED,
    CUTTHROAT_EDITS,
    ONE_HAND,
    PLANTED,
    both_ways,
    clean_texts,
    express_count,
    units,
    with_rules_tag,
)

_SYMBOLS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_SIDES: Final = {"NS": "SN", "EW": "WE"}
#: What may stand between two words, and after the last.
_GAPS: Final = (" ", " ", " ", "  ", "\t", " {a note} ")
_ENDS: Final = ("", "", " ", "\t", " ; a note", " {note}", "\t; x {y}")


def _card(draw: st.DrawFn, text: str) -> str:
    """A card in any of the spellings the notation reads as ``text``."""
    if text in ("BJ", "LJ"):
        return draw(st.sampled_from([text, text.lower()]))
    if len(text) != 2 or text[0] not in "23456789TJQKA" or text[1] not in _SYMBOLS:
        return text  # not a card (an edited record): left as it is
    rank, suit = text[0], text[1]
    rank = "10" if rank == "T" and draw(st.booleans()) else rank
    suit = _SYMBOLS[suit] if draw(st.booleans()) else suit
    word = draw(st.sampled_from([rank + suit, suit + rank]))
    return word.lower() if draw(st.booleans()) else word


def _number(draw: st.DrawFn, text: str) -> str:
    return "0" * draw(st.integers(0, 2)) + text if text.isdigit() else text


def _holding(draw: st.DrawFn, text: str) -> str:
    seat, _, groups = text.partition(":")
    out = []
    for group in groups.split("."):
        ranks = list(group)
        if draw(st.booleans()):
            ranks = draw(st.permutations(ranks))
        out.append("".join("10" if r == "T" and draw(st.booleans()) else r for r in ranks))
    written = ".".join(out)
    return f"{seat}:{written.lower() if draw(st.booleans()) else written}"


def _words(draw: st.DrawFn, words: list[str]) -> list[str]:
    """The words of one canonical line, respelled as the grammar reads them alike."""
    head, rest = words[0], words[1:]
    if (len(rest) < 2 and head != "result") or not rest:
        return words
    if head in ("trick", "pass"):
        fixed = 2
        if head == "trick":
            rest[0] = _number(draw, rest[0])
        return [head, *rest[:fixed], *(_card(draw, c) for c in rest[fixed:])]
    if head == "deal":
        holdings = [_holding(draw, h) for h in rest]
        return [head, *draw(st.permutations(holdings))]
    if head == "hand":
        return [head, _number(draw, rest[0]), *rest[1:]]
    if head == "draw" and len(rest) == 5:
        return [head, rest[0], rest[1], _card(draw, rest[2]), rest[3], _card(draw, rest[4])]
    if head in ("score", "bags", "took"):
        out = [head]
        for party, figure in zip(rest[::2], rest[1::2], strict=False):
            if draw(st.booleans()):
                party = _SIDES.get(party, party)
            if head == "score" and figure.isdigit() and draw(st.booleans()):
                figure = "+" + figure
            out += [party, _number(draw, figure)]
        return out + rest[len(out) - 1 :]
    if head == "result":
        return [head, _SIDES.get(rest[0], rest[0]) if draw(st.booleans()) else rest[0]]
    if head == "bid":
        return [head, *(_number(draw, w) for w in rest)]
    return words


@st.composite
def respelled(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """The lines of a canonical record, written as a person might: the same games."""
    out: list[str] = []
    for line in lines:
        if draw(st.integers(0, 9)) == 0:
            out.append(draw(st.sampled_from(["; a comment", "{ a block", "{ one } ; two"])))
            if out[-1] == "{ a block":
                out.append("hand 9 dealer Q }")
        if not line or not draw(st.integers(0, 3)):
            out.append(line)
            continue
        if line.startswith("[") and line.endswith('"]') and " " in line:
            name, value = line[1:].split(" ", 1)
            out.append(draw(st.sampled_from([f"[{name}\t{value}", f"[ {name} {value[:-1]} ]"])))
            continue
        words = _words(draw, line.split(" "))
        if words[0] == "bid" and len(words) > 3 and draw(st.booleans()):
            cut = 1 + 2 * draw(st.integers(1, (len(words) - 1) // 2 - 1))
            out += [" ".join(words[:cut]), " ".join(["bid", *words[cut:]])]
            continue
        lead = draw(st.sampled_from(["", "", " ", "\t"]))
        gaps = [draw(st.sampled_from(_GAPS)) for _ in words[1:]]
        text = lead + words[0] + "".join(g + w for g, w in zip(gaps, words[1:], strict=True))
        out.append(text + draw(st.sampled_from(_ENDS)))
    return out


def _games(text: str) -> list[Game]:
    return [game_from_text(unit, "-", i) for i, unit in enumerate(units(text), start=1)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_respelled_generated_game_is_settled(data: st.DataObject) -> None:
    """A generated game of a covered ruleset, respelled: the same game to the parser
    (this proves the respelling), clean to the full engine, settled by the express
    check with its number of hands, and the duplicate-game fingerprint unchanged."""
    rules_text = data.draw(st.sampled_from(COVERED))
    text = with_rules_tag(data.draw(st.sampled_from(clean_texts(rules_text))), rules_text)
    lines = data.draw(respelled(text.split("\n")))
    written = "\n".join(lines)
    assert _games(written) == _games(text)
    for index, unit in enumerate(units(written), start=1):
        game = game_from_text(unit, "-", index)
        assert game_diagnostics(game) == []
        settled = express_check(unit.lines, STANDARD)
        assert settled is not None
        count, rows = settled
        assert count == len(game.hands) > 0
        assert fingerprint(rows) == game_fingerprint(game)


def respelled_fixed(text: str) -> str:
    """``text`` with every card in another spelling, the sides named backwards, blanks
    doubled and a comment at the end of every line (deterministic: for planted cases)."""
    out = []
    for line in text.split("\n"):
        words = line.split(" ")
        if words[0] in ("trick", "pass"):
            words[3 if words[0] == "trick" else 2 :] = map(
                _backwards, words[3 if words[0] == "trick" else 2 :]
            )
        elif words[0] == "draw":
            words[3], words[5] = _backwards(words[3]), _backwards(words[5])
        elif words[0] in ("score", "bags", "result"):
            words = [_SIDES.get(w, w) for w in words]
        if line and not line.startswith("["):
            line = "  ".join(words) + " ; as written"
        out.append(line)
    return "\n".join(out)


def _backwards(text: str) -> str:
    """A card suit first and in lower case (``AS`` -> ``sa``; the jokers: ``bj``)."""
    return (text[1] + text[0]).lower() if text not in ("BJ", "LJ") else text.lower()


def _lenient_card(text: str) -> str:
    """A card as people write it: ``10`` for the ten, lower case, suit first for hearts."""
    if text in ("BJ", "LJ"):
        return text.lower()
    rank, suit = ("10" if text[0] == "T" else text[0]), text[1]
    return (suit + rank if suit == "H" else rank + suit).lower()


def respelled_by_hand(text: str, comments: bool = False) -> str:
    """``text`` as a person might write it (deterministic: for the byte tests of the
    tables and sheets): cards in ``10``, lower case and suit-first spellings, holdings
    low first and in lower case, seats of the deal in another order, hand numbers with a
    leading zero, sides named backwards, a ``+`` on positive scores, a hand's bids over
    two ``bid`` lines, tabs and runs of spaces between words; with ``comments``, a
    comment on a line of its own before each hand and at the end of its trick lines."""
    out = []
    for line in text.split("\n"):
        words = line.split(" ")
        head = words[0]
        if head == "trick":
            words = [head, "0" + words[1], words[2], *map(_lenient_card, words[3:])]
        elif head == "pass":
            words = [head, words[1], *map(_lenient_card, words[2:])]
        elif head == "draw":
            words = [*words[:3], _lenient_card(words[3]), words[4], _lenient_card(words[5])]
        elif head == "deal":
            holdings = [
                w[:2] + ".".join(g[::-1] for g in w[2:].split(".")).lower() for w in words[1:]
            ]
            words = [head, *holdings[1:], holdings[0]]
        elif head == "hand":
            if comments:
                out.append("; the next hand, as the scorer wrote it")
            words = [head, words[1].zfill(2), *words[2:]]
        elif head in ("score", "bags", "result"):
            words = [_SIDES.get(w, w) for w in words]
            if head == "score":
                words = [w if not w.isdigit() else "+" + w for w in words]
        elif head == "bid" and len(words) > 3:
            out.append("bid " + "\t".join(words[1:3]))
            words = ["bid", *words[3:]]
        if line and not line.startswith("["):
            line = "  ".join(words[:2]) + ("\t" + " ".join(words[2:]) if words[2:] else "")
            if comments and head == "trick":
                line += " { played quickly }"
        out.append(line)
    return "\n".join(out)


_CASES: Final = [case for case in PLANTED if case[4] is not None]


@pytest.mark.parametrize(("what", "rules", "old", "new", "kind"), _CASES)
def test_planted_mistakes_respelled_are_handed_over(
    what: str, rules: str, old: str, new: str, kind: object
) -> None:
    text = ONE_HAND.format(rules=rules)
    if old:
        assert old in text, old
        text = text.replace(old, new, 1)
    (unit,) = units(respelled_fixed(text))
    express, found, _ = both_ways(unit)
    assert kind in found  # the full check still faults it, as written...
    assert express is None, what  # ...and the express check hands it over


@pytest.mark.parametrize(("old", "new", "kind"), CUTTHROAT_EDITS)
def test_cutthroat_mistakes_respelled_are_handed_over(old: str, new: str, kind: object) -> None:
    text = clean_texts("cutthroat players=3")[0]
    assert old in text
    (unit,) = units(respelled_fixed(text.replace(old, new, 1)))
    express, found, _ = both_ways(unit)
    assert kind in found
    assert express is None


@pytest.mark.parametrize("comments", [False, True])
@pytest.mark.parametrize("rules_text", COVERED)
def test_the_respelling_by_hand_is_the_same_game_and_settled(
    rules_text: str, comments: bool
) -> None:
    text = with_rules_tag(clean_texts(rules_text)[0], rules_text)
    written = respelled_by_hand(text, comments)
    assert written != text
    assert _games(written) == _games(text)
    for unit in units(written):
        assert express_check(unit.lines, STANDARD) is not None


def test_the_fixed_respelling_is_settled_when_clean() -> None:
    """The respelling the planted cases use is itself no mistake."""
    (unit,) = units(respelled_fixed(ONE_HAND.format(rules="standard")))
    assert both_ways(unit) == (1, [], 1)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_never_passes_a_respelled_game_the_full_check_faults(data: st.DataObject) -> None:
    rules_text = data.draw(st.sampled_from(COVERED))
    text = data.draw(st.sampled_from(clean_texts(rules_text)))
    lines = data.draw(respelled(text.split("\n")))
    if data.draw(st.booleans()):
        lines = data.draw(mutated_lines(lines, extra_rules=COVERED))
    else:  # edit the canonical game, then respell it
        lines = data.draw(respelled(data.draw(mutated_lines(text.split("\n"), COVERED))))
    for index, unit in enumerate(units("\n".join(lines)), start=1):
        express, found, hand_count = both_ways(unit, index)
        if express is not None:
            assert found == []
            assert express == hand_count


# -- the rewriting itself ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("trick 1 N kc 10C DJ 2\u2663 ; led low", "trick 1 N KC TC JD 2C"),
        (
            "deal E:JT76.J93.A3.AKJ2 N:2458q.ak7.q6.t75",
            "deal N:Q8542.AK7.Q6.T75 E:JT76.J93.A3.AKJ2",
        ),
        ("score SN +0543 WE -40", "score NS 543 EW -40"),
        ("hand 02\tdealer S", "hand 2 dealer S"),
        ("draw  S discard 10c keep qd ; kept", "draw S discard TC keep QD"),
        ('[ Rules "standard" ]', '[Rules "standard"]'),
        ("\t", ""),
    ],
)
def test_a_line_is_rewritten_as_fmt_writes_it(written: str, canonical: str) -> None:
    rows = canonical_rows([written])
    assert rows == [canonical]
    for event in parse_lines([written]):  # the parser's event, as the writer writes it
        assert not isinstance(event, SyntaxIssue)
        assert event_line(event) == canonical
        assert parse_lines([canonical]) == [event]


def test_bids_over_two_lines_become_one() -> None:
    rows = canonical_rows(["hand 1 dealer W", "bid N 1 E 4", "", "bid S 2 W 3", "trick 1 N KC"])
    assert rows == ["hand 1 dealer W", "bid N 1 E 4 S 2 W 3", "", "", "trick 1 N KC"]


@pytest.mark.parametrize(
    "lines",
    [
        ["hand 1 dealer W", "bid N 1 E 4 S 2 W 3"],  # canonical already: nothing to retry
        ["hand 1 dealer W", "bid N 1 E 4 S 2 W 3 ; fine", "trick 1 N K\xa0C"],  # a syntax issue
        ["Hand 1 dealer W"],  # a misspelt keyword: the parser reports it
    ],
)
def test_nothing_to_try_again(lines: list[str]) -> None:
    assert canonical_rows(lines) is None


def test_check_reports_the_same_with_and_without_the_express_check(tmp_path: Path) -> None:
    """A file of respelled clean and faulty games: the same report either way, and the
    clean ones settled by the express check."""
    clean = [respelled_fixed(t) for t in clean_texts("standard")]
    faulty = respelled_fixed(
        ONE_HAND.format(rules="standard").replace("trick 3 E KH AH", "trick 3 E KH 3H")
    )
    record = tmp_path / "by-hand.spades"
    record.write_text("\n".join([clean[0], faulty, *clean[1:]]))
    fast = check_file(str(record), CheckOptions(express=True))
    full = check_file(str(record), CheckOptions(express=False))
    assert fast == full
    assert {d.name for d in fast.diagnostics} == {"card-not-held", "card-played-twice"}
    settled = [express_count(unit) is not None for unit in units(record.read_text())]
    assert settled == [True, False, *(True for _ in clean[1:])]
