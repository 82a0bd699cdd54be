"""Hypothesis strategies for fuzzing: the sample records, mutated.

``mutated_records()`` draws a sample (``samples/*.spades``, ``samples/mistakes/``,
``samples/pbn/``) and applies a few random edits of the kinds real records suffer and
careless editors make: lines deleted, duplicated or swapped, a card, a seat or a number
changed, the file cut short, random bytes or Unicode inserted, the Rules tag replaced by
random text or by random valid keys, a PBN record's options (GameOptionsJson, the rules
words of its Event tag) replaced by random ones.  Each value is
``(file name, bytes)``; the name keeps the sample's suffix, so that PBN stays PBN.

Set ``SPADESCTL_FUZZ_EXAMPLES`` to run the fuzz tests longer (for crash hunting).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from spadesctl.rules.keys import KEYS
from spadesctl.rules.presets import PRESETS

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


# --- words that records are made of -----------------------------------------------------

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
rules_texts = st.one_of(
    st.builds(
        lambda preset, pairs: " ".join([preset, *pairs]),
        st.sampled_from(sorted(PRESETS)),
        st.lists(key_values, max_size=5),
    ),
    st.sampled_from(RULES_NONSENSE),
    st.text(max_size=30),
)

options_json = st.one_of(
    st.recursive(
        st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                ["variation", "minBid", "nilOrZero", "blindNonNilBids", "tenForTwoHundred",
                 "failBidScoring", "firstHandBidsItself", "noWatching", "winScore", "x"]
            ),
            inner,
            max_size=4,
        ),
        max_leaves=6,
    ).map(lambda value: __import__("json").dumps(value).replace('"', '\\"')),
    st.text(max_size=20),
)  # fmt: skip


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


# --- edits ------------------------------------------------------------------------------

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
    st.builds(lambda i, text: lambda ls: _set_rules(ls, i, text), indexes, rules_texts),
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
