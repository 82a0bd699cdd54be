"""Hypothesis strategies for the tests, and small helpers for replay tests, in one module.

Random legal games:
    ``generated_games(rules_text)`` draws a seed and plays one game with the legal-play bot
    of :mod:`spadesctl.generate`; ``RULES_TEXTS`` lists every preset and a few variants
    that combine the rarer keys (``rules_texts`` draws one of them, ``seeds`` a seed).

Checking and replaying a record text:
    ``diagnose`` checks a record text as ``spadesctl check`` does and ``brief`` reduces a
    diagnostic to (name, trick, seat) for table-driven tests; ``replay_text`` replays the
    first hand of a record text; ``ruleset`` parses a rules text.

Edited record lines:
    ``mutated_lines(lines)`` makes one to three random edits to the lines of a record, for
    proving that a shortcut never passes a faulty record.

Random records (events):
    Records that are well-formed notation (not necessarily legal play): ``games``, made of
    ``hands``, ``bids``, ``deals``, ``tags`` and the smaller ``seats``, ``sides``,
    ``parties``, ``cards`` and ``card_lists``.

Fuzzing (the sample records, mutated):
    ``mutated_records()`` draws a sample (``samples/*.spades``, ``samples/mistakes/``,
    ``samples/pbn/``) and applies a few random edits of the kinds real records suffer and
    careless editors make: lines deleted, duplicated or swapped, a card, a seat or a number
    changed, the file cut short, random bytes or Unicode inserted, the Rules tag replaced by
    random text or by random valid keys, a PBN record's options (GameOptionsJson, the rules
    words of its Event tag) replaced by random ones.  Each value is
    ``(file name, bytes)``; the name keeps the sample's suffix, so that PBN stays PBN.
    ``fuzz_rules_texts`` draws a rules text (a preset and random keys, or nonsense);
    ``CARD_WORDS``, ``SEAT_WORDS``, ``NUMBER_WORDS`` and ``JUNK_TEXT`` are the words and
    text the edits put in; ``fuzz_settings(examples)`` are the settings of a fuzz test.

    Set ``SPADESCTL_FUZZ_EXAMPLES`` to run the fuzz tests longer (for crash hunting).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from spadesctl.cards import ALL_CARDS, Party, Seat, Side, holding_order
from spadesctl.checking import CheckOptions, game_diagnostics
from spadesctl.diagnostics import Diagnostic
from spadesctl.events import (
    Bid,
    BidKind,
    Claim,
    Deal,
    Discard,
    Draw,
    Holding,
    Pass,
    Raise,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    Tag,
    Take,
    Took,
    Trick,
    Widow,
)
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.record import Game, Hand
from spadesctl.referee import referee_game
from spadesctl.replay import ReplayedHand, replay_hand
from spadesctl.rules import PRESETS, Ruleset, parse_rules
from spadesctl.rules.keys import KEYS

# -- random legal games (the bot of spadesctl.generate) --------------------------------

#: Every preset, and variants that exercise the rarer keys together.
RULES_TEXTS: Final = (
    *PRESETS,
    "cutthroat players=3",
    "solo players=3 first_lead=lowest_club spades_first_trick=no",
    "standard lead_spades=anytime bids_total_13=no min_team_bid=4",
    "jjdd must_overtake=yes",
    "jokers first_lead=lowest_club spades_first_trick=no",
    "standard zero_is_nil=no max_team_bid=9",
    "britannica blind_nil_pass=0",
    "standard first_bidder=dealer bid_rounds=2",
    "cutthroat bid_rounds=2",
    "standard pass_cards=2 pass_to=rotate",
    "cutthroat players=3 pass_cards=1 pass_to=left",
    "jokers widow=dealer widow_discard=after_bid",
    "jokers widow=two_of_clubs pass_cards=1",
    "jokers widow=high_bidder bid_rounds=2",
    "jjdd widow=aside",
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rules_texts = st.sampled_from(RULES_TEXTS)


@st.composite
def generated_games(
    draw: st.DrawFn,
    rules_text: str | None = None,
    max_hands: int = 8,
    hands_only: bool | None = None,
) -> Game:
    """One random legal game (at most ``max_hands`` hands), as its canonical text parsed
    back, so that positions are real."""
    text = rules_text if rules_text is not None else draw(rules_texts)
    sheet = draw(st.booleans()) if hands_only is None else hands_only
    options = GenerateOptions(hands_only=sheet, max_hands=max_hands)
    game = next(generate_games(1, draw(seeds), parse_rules(text), options))
    (parsed,) = parse_text(format_game(game), "generated.spades")
    return parsed


# -- checking and replaying a record text ----------------------------------------------


def diagnose(text: str, rules: str | None = None) -> list[Diagnostic]:
    """Every diagnostic ``spadesctl check --rules RULES`` reports for a record text."""
    out: list[Diagnostic] = []
    for game in parse_text(text, "t.spades"):
        out.extend(game_diagnostics(game, CheckOptions(rules=rules)))
    return out


def settle(
    text: str, rules: str
) -> tuple[list[tuple[str, int, str | None]], list[dict[str, int] | None]]:
    """What a table-driven rules case pins: the diagnostics ``check`` reports for a
    one-game record, as (name, line, seat), and the running scores after each hand by
    party (``NS``, ``N``, ...; ``None``: the hand is not scored)."""
    (game,) = parse_text(text, "t.spades")
    found = [(d.name, d.line, d.seat) for d in game_diagnostics(game, CheckOptions(rules=rules))]
    refereed = referee_game(game, parse_rules(rules))
    scores = [
        None if h.score is None else {p.value: v for p, v in h.after.scores.items()}
        for h in refereed.hands
    ]
    return found, scores


def brief(d: Diagnostic) -> tuple[str, int | None, str | None]:
    """(name, trick, seat): what a table-driven case pins down."""
    return (d.name, d.trick, d.seat)


def replay_text(
    text: str, rules: str = "standard", scores: Mapping[Party, int] | None = None
) -> ReplayedHand:
    """Replay the first hand of a record text with ``scores`` before it."""
    (game,) = parse_text(text, "t.spades")
    assert not game.issues, game.issues
    return replay_hand(game.hands[0], parse_rules(rules), scores, file="t.spades", game=1)


def ruleset(text: str) -> Ruleset:
    return parse_rules(text)


# -- edited record lines (mutated_lines) -----------------------------------------------

#: Words that an edit may put in place of another: cards, seats, sides, bids, numbers.
_EDIT_WORDS: Final = (
    *(r + s for r in "23456789TJQKA" for s in "SHDC"),
    "BJ",
    "LJ",
    *"NESW",
    "NS",
    "EW",
    "nil",
    "bnil",
    "b6",
    "dealer",
    *(str(n) for n in (-100, -10, -1, 0, 1, 2, 3, 4, 5, 9, 10, 12, 13, 14, 100, 500)),
)


@st.composite
def mutated_lines(
    draw: st.DrawFn, lines: list[str], extra_rules: tuple[str, ...] = ()
) -> list[str]:
    """``lines`` of a record with one to three random edits: a word replaced, two words
    or lines swapped, a line dropped or doubled, a number shifted, a Rules tag or a
    result line put in.  For proving that a shortcut never passes a faulty record."""
    out = list(lines)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                ["word", "swap-words", "swap-lines", "drop", "double", "shift", "rules", "result"]
            )
        )
        if not out:
            break
        i = draw(st.integers(0, len(out) - 1))
        words = out[i].split(" ")
        if kind == "word" and len(words) > 1:
            k = draw(st.integers(1, len(words) - 1))
            words[k] = draw(st.sampled_from(_EDIT_WORDS))
            out[i] = " ".join(words)
        elif kind == "swap-words":
            j = draw(st.integers(0, len(out) - 1))
            other = out[j].split(" ")
            if len(words) > 2 and len(other) > 2:
                a = draw(st.integers(1, len(words) - 1))
                b = draw(st.integers(1, len(other) - 1))
                if i == j:
                    other = words
                words[a], other[b] = other[b], words[a]
                out[i] = " ".join(words)
                out[j] = " ".join(other)
        elif kind == "swap-lines":
            j = draw(st.integers(0, len(out) - 1))
            out[i], out[j] = out[j], out[i]
        elif kind == "drop":
            del out[i]
        elif kind == "double":
            out.insert(i, out[i])
        elif kind == "shift":
            numbers = [k for k, w in enumerate(words) if w.lstrip("-").isdigit()]
            if numbers:
                k = draw(st.sampled_from(numbers))
                words[k] = str(int(words[k]) + draw(st.sampled_from([-100, -10, -1, 1, 10, 100])))
                out[i] = " ".join(words)
        elif kind == "rules":
            text = draw(st.sampled_from((*RULES_TEXTS, *extra_rules)))
            out.insert(0, f'[Rules "{text}"]')
        else:
            out.append(f"result {draw(st.sampled_from(['NS', 'EW', 'N']))}")
    return out


# -- random records (events): well-formed notation, not necessarily legal play ---------

seats = st.sampled_from(list(Seat))
sides = st.sampled_from(list(Side))
parties: st.SearchStrategy[Party] = st.one_of(seats, sides)
cards = st.sampled_from(ALL_CARDS)
card_lists = st.lists(cards, min_size=1, max_size=5).map(tuple)

tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,10}", fullmatch=True)
tag_values = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\n\r"),
    max_size=20,
)
tags = st.builds(Tag, tag_names, tag_values)


def _tag_key(tag: Tag) -> str:
    """A game gives each tag once (names compared as ``Game.tag`` does, ignoring case)."""
    return tag.name.lower()


@st.composite
def bids(draw: st.DrawFn) -> Bid:
    kind = draw(st.sampled_from(list(BidKind)))
    bidder = draw(parties)
    tricks = draw(st.integers(0, 17)) if kind in (BidKind.NUMBER, BidKind.BLIND) else 0
    return Bid(bidder, kind, tricks)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    chosen = sorted(
        draw(st.lists(seats, min_size=1, max_size=4, unique=True)), key=list(Seat).index
    )
    pool = list(ALL_CARDS)
    holdings = []
    for seat in chosen:
        picked = draw(st.lists(st.sampled_from(pool), max_size=6, unique=True))
        holdings.append(Holding(seat, tuple(sorted(picked, key=holding_order))))
    return Deal(tuple(holdings))


def _entries(values: st.SearchStrategy[int]) -> st.SearchStrategy[tuple[tuple[Party, int], ...]]:
    return st.lists(st.tuples(parties, values), min_size=1, max_size=4).map(tuple)


passes = st.lists(st.builds(Pass, seats, seats, card_lists), max_size=2).map(tuple)
widow_lines = st.lists(
    st.one_of(st.builds(Take, seats, card_lists), st.builds(Discard, seats, card_lists)),
    max_size=2,
).map(tuple)
raises = st.lists(st.builds(Raise, parties, st.integers(0, 17)), max_size=2).map(tuple)


@st.composite
def hands(draw: st.DrawFn, number: int) -> Hand:
    """A well-formed hand (every kind of line, the widow's too)."""
    bid_list = tuple(draw(st.lists(bids(), max_size=5)))
    # the lines after the bid line exist only where there is one (read back, they would
    # stand before the bids)
    bid_seen = bool(bid_list)
    widow_cards = st.lists(cards, min_size=1, max_size=2).map(tuple)
    return Hand(
        number=number,
        dealer=draw(seats),
        deal=draw(st.none() | deals()),
        draws=tuple(
            draw(st.lists(st.builds(Draw, seats, cards, cards, st.booleans()), max_size=2))
        ),
        bids=bid_list,
        passes=draw(passes) if bid_seen else (),
        passes_before_bid=draw(passes),
        widow=draw(st.none() | st.builds(Widow, widow_cards)),
        widow_before_bid=draw(widow_lines),
        raises=draw(raises) if bid_seen else (),
        widow_after_bid=draw(widow_lines) if bid_seen else (),
        tricks=tuple(
            draw(
                st.lists(
                    st.builds(Trick, st.integers(1, 17), seats, card_lists),
                    max_size=4,
                )
            )
        ),
        claim=draw(st.none() | st.builds(Claim, seats)),
        took=draw(st.none() | st.builds(Took, _entries(st.integers(0, 17)))),
        reneges=tuple(draw(st.lists(st.builds(Renege, seats, st.integers(1, 17)), max_size=2))),
        score=draw(st.none() | st.builds(RecordedScore, _entries(st.integers(-999, 999)))),
        bags=draw(st.none() | st.builds(RecordedBags, _entries(st.integers(0, 20)))),
    )


@st.composite
def games(draw: st.DrawFn) -> Game:
    n = draw(st.integers(0, 3))
    return Game(
        tags=tuple(draw(st.lists(tags, min_size=1, max_size=4, unique_by=_tag_key))),
        hands=tuple(draw(hands(i + 1)) for i in range(n)),
        result=draw(st.none() | st.builds(Result, parties)),
    )


# -- fuzzing: the sample records and the settings of a fuzz test -----------------------

SAMPLES: Final = Path(__file__).parent.parent / "samples"
SAMPLE_FILES: Final = tuple(
    sorted(
        [*SAMPLES.glob("*.spades"), *SAMPLES.glob("mistakes/*.spades")]
        + [p for p in SAMPLES.glob("pbn/*") if p.suffix in (".pbn", ".ptn")]
    )
)
SAMPLE_BYTES: Final = {p.name: p.read_bytes() for p in SAMPLE_FILES}


def fuzz_settings(examples: int) -> settings:
    """Settings of a fuzz test: ``examples`` (or ``$SPADESCTL_FUZZ_EXAMPLES``), no deadline."""
    return settings(
        max_examples=int(os.environ.get("SPADESCTL_FUZZ_EXAMPLES", examples)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- fuzzing: words that records are made of -------------------------------------------

CARD_WORDS: Final = (
    *(r + s for r in "23456789TJQKA" for s in "SHDC"),
    "10S", "BJ", "LJ", "JH", "JL", "SA", "h9", "9♥", "2D", "XX", "-", "*", "AS AS", "",
)  # fmt: skip
SEAT_WORDS: Final = ("N", "E", "S", "W", "NS", "EW", "X", "n", "NE", "")
NUMBER_WORDS: Final = (
    "0", "1", "-1", "4", "13", "14", "17", "18", "99", "007", "1e3", "٣", "10000000000000000000",
    "-2147483649", "2147483648", "nil", "bnil", "b0", "b14", "b6",
)  # fmt: skip
JUNK_TEXT: Final = (
    "\x00", "\ufeff", "\u202e", "\r", "\t", "{", "}", ";", "[", "]", '"', "\\", "%", "♠",
    "é", "\U0001d538", "\x1b[31m", "\u2028", "\x85", "\ud800",
)  # fmt: skip
RULES_NONSENSE: Final = (
    "", " ", "nonsense", "standard nil=", "x=y=z", '"', "standard target=99999999999999999999",
    "standard players=3 deck=jjdd", "two-player players=4", "=", "standard standard",
)  # fmt: skip

_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\b[SHDC](?:10|[2-9TJQKA])\b|\b[BL]J\b")
_SEAT = re.compile(r"\b(?:N|E|S|W|NS|EW)\b")
_NUMBER = re.compile(r"\b\d+\b|\b(?:nil|bnil|b\d+)\b")


def _value_texts(values: str) -> list[str]:
    """Words a key's description of its values suggests (``0 to 13``: ``0``, ``13``)."""
    words = re.split(r",| or | to ", values.replace("(tricks)", ""))
    return [w.strip() for w in words if w.strip() and w.strip() not in ("more", "any whole number")]


key_values = st.sampled_from(KEYS).flatmap(
    lambda key: st.one_of(
        st.sampled_from(_value_texts(key.values)),
        st.integers(-200, 1000).map(str),
        st.sampled_from(["yes", "no", "off", "same", "set"]),
    ).map(lambda value: f"{key.name}={value}")
)
#: Rules text: a preset and random keys (mostly valid words), or nonsense.
fuzz_rules_texts = st.one_of(
    st.builds(
        lambda preset, pairs: " ".join([preset, *pairs]),
        st.sampled_from(sorted(PRESETS)),
        st.lists(key_values, max_size=5),
    ),
    st.sampled_from(RULES_NONSENSE),
    st.text(max_size=30),
)

_OPTION_NAMES: Final = (
    "variation", "minBid", "nilOrZero", "blindNonNilBids", "tenForTwoHundred",
    "failBidScoring", "firstHandBidsItself", "noWatching", "winScore", "x",
)  # fmt: skip


def _json_containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Lists and objects of ``inner`` (a named function: hypothesis checks that the
    extension uses its argument, which it cannot see in a multi-line lambda)."""
    return st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(_OPTION_NAMES), inner, max_size=4
    )


options_json = st.one_of(
    st.recursive(
        st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=8),
        _json_containers,
        max_leaves=6,
    ).map(lambda value: __import__("json").dumps(value).replace('"', '\\"')),
    st.text(max_size=20),
)


#: The Event phrases PBN records state their rules in, with odd numbers.
_PHRASES: Final = (
    "{a}v{b}", "{a}v{b}v{a}", "Joker-Joker-Deuce-Deuce", "Jokers", "to {n}", "to {n}/-{n}",
    "-10x bid if set", "0 if set", "min bid {n}", "1st hand bids itself", "10-for-200",
    "no Blind Nil", "no Nil", "no bags", "lead ♠ anytime", "Blind {n}+ if losing by {n}",
)  # fmt: skip
event_texts = st.one_of(
    st.lists(
        st.builds(
            lambda phrase, a, b, n: phrase.format(a=a, b=b, n=n),
            st.sampled_from(_PHRASES),
            st.integers(0, 6),
            st.integers(0, 6),
            st.sampled_from([0, 1, 4, 13, 18, 250, 500, 10**20]),
        ),
        max_size=5,
    ).map(lambda phrases: "Trickster Cards: Play Spades - " + ", ".join(phrases)),
    st.text(max_size=30),
)


# -- fuzzing: edits --------------------------------------------------------------------

Edit = Callable[[list[str]], list[str]]


def _at(lines: list[str], index: int) -> int:
    return index % len(lines) if lines else 0


def _replace_word(
    pattern: re.Pattern[str], lines: list[str], index: int, which: int, new: str
) -> list[str]:
    if not lines:
        return lines
    i = _at(lines, index)
    found = list(pattern.finditer(lines[i]))
    if not found:
        return lines
    match = found[which % len(found)]
    line = lines[i]
    return [*lines[:i], line[: match.start()] + new + line[match.end() :], *lines[i + 1 :]]


def _insert_text(lines: list[str], index: int, column: int, text: str) -> list[str]:
    if not lines:
        return [text]
    i = _at(lines, index)
    line = lines[i]
    at = column % (len(line) + 1)
    return [*lines[:i], line[:at] + text + line[at:], *lines[i + 1 :]]


def _set_rules(lines: list[str], index: int, text: str) -> list[str]:
    tag = '[Rules "' + text.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    replaced = [tag if line.startswith("[Rules ") else line for line in lines]
    if replaced != lines:
        return replaced
    return [*lines[: _at(lines, index)], tag, *lines[_at(lines, index) :]]


def _set_event(lines: list[str], text: str) -> list[str]:
    tag = '[Event "' + text.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return [tag if line.startswith("[Event ") else line for line in lines]


def _set_options(lines: list[str], text: str) -> list[str]:
    tag = f'[GameOptionsJson "{text}"]'
    return [tag if line.startswith("[GameOptionsJson ") else line for line in lines]


indexes = st.integers(min_value=0, max_value=10_000)

edits: st.SearchStrategy[Edit] = st.one_of(
    st.builds(lambda i: lambda ls: [*ls[: _at(ls, i)], *ls[_at(ls, i) + 1 :]], indexes),
    st.builds(lambda i: lambda ls: [*ls[: _at(ls, i) + 1], *ls[_at(ls, i) :]], indexes),
    st.builds(
        lambda i, j: lambda ls: _swap(ls, i, j),
        indexes,
        indexes,
    ),
    st.builds(
        lambda i, w, new: lambda ls: _replace_word(_CARD, ls, i, w, new),
        indexes, indexes, st.sampled_from(CARD_WORDS),
    ),
    st.builds(
        lambda i, w, new: lambda ls: _replace_word(_SEAT, ls, i, w, new),
        indexes, indexes, st.sampled_from(SEAT_WORDS),
    ),
    st.builds(
        lambda i, w, new: lambda ls: _replace_word(_NUMBER, ls, i, w, new),
        indexes, indexes, st.sampled_from(NUMBER_WORDS) | st.integers(-50, 200).map(str),
    ),
    st.builds(lambda i: lambda ls: ls[: _at(ls, i)], indexes),  # the file cut short
    st.builds(
        lambda i, c, text: lambda ls: _insert_text(ls, i, c, text),
        indexes, indexes, st.sampled_from(JUNK_TEXT) | st.text(min_size=1, max_size=6),
    ),
    st.builds(
        lambda i, c, data: lambda ls: _insert_text(ls, i, c, data.decode("latin-1")),
        indexes, indexes, st.binary(min_size=1, max_size=6),
    ),
    st.builds(lambda i, text: lambda ls: _set_rules(ls, i, text), indexes, fuzz_rules_texts),
    st.builds(lambda text: lambda ls: _set_options(ls, text), options_json),
    st.builds(lambda text: lambda ls: _set_event(ls, text), event_texts),
)  # fmt: skip


def _swap(lines: list[str], i: int, j: int) -> list[str]:
    if not lines:
        return lines
    out = list(lines)
    a, b = _at(lines, i), _at(lines, j)
    out[a], out[b] = out[b], out[a]
    return out


@st.composite
def mutated_records(draw: st.DrawFn, max_edits: int = 4) -> tuple[str, bytes]:
    """A sample record with 1 to ``max_edits`` random edits: ``(file name, bytes)``."""
    name = draw(st.sampled_from(sorted(SAMPLE_BYTES)))
    lines = SAMPLE_BYTES[name].decode("utf-8").split("\n")
    for edit in draw(st.lists(edits, min_size=1, max_size=max_edits)):
        lines = edit(lines)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:  # now and then, cut in the middle of a character
        data = data[: draw(st.integers(0, len(data)))]
    return name, data
