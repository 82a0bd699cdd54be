"""Mutations: small random edits of a seed's bytes, by line and by byte.

Record mutations work on lines first (a record is lines), where edits that keep most of
the text meaningful find the deep bugs: a line dropped, doubled, swapped or moved, a
number shifted or replaced by an edge value, a word replaced by one of the notation's
words, a tag doubled or dropped, two seeds spliced.  Byte mutations (flips, inserts,
deletions, truncation) find the reader's bugs.  Every mutation is a pure function of
the seed and a :class:`random.Random`, so a run is repeated by its seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Final

#: Words and values worth trying where a word stands.
WORDS: Final = (
    "0", "1", "-1", "13", "14", "99", "100", "150", "-0", "007", "999999999", "1000000000",
    "9" * 40, "nil", "bnil", "b4", "B13", "N", "E", "S", "W", "NS", "EW", "X", "hand",
    "trick", "bid", "took", "deal", "claim", "renege", "score", "bags", "result", "pass",
    "draw", "keep", "discard", "dealer", "AS", "2C", "TD", "10H", "BJ", "LJ", "JH", "JL",
    "2D", "XX", "-", "*", "#", '"', "\\", "[", "]", "{", "}", ";", "%", "[NewGame]",
    '[Rules "standard"]', '[Rules "jokers"]', '[Rules "bogus"]', '[Board "150"]',
    '[Board "100"]', '[Dealer "N"]', '[Auction "E"]', '[Play "S"]', '[Event "x"]',
    "é", "\u2028", "\ufeff", "\t", "  ",
)  # fmt: skip

_NUMBER: Final = re.compile(rb"-?\d+")
_WORD: Final = re.compile(rb"[^\s]+")

Mutation = Callable[[bytes, random.Random, Sequence[bytes]], bytes]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines)


def drop_line(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    lines = _lines(data)
    if len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    return _join(lines)


def double_line(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return _join(lines)


def swap_lines(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return _join(lines)


def move_line(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    lines = _lines(data)
    line = lines.pop(rng.randrange(len(lines)))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return _join(lines)


def shift_number(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    value = int(m.group()) + rng.choice((-1, 1, -10, 10, 90, 100))
    return data[: m.start()] + str(value).encode() + data[m.end() :]


def replace_word(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    found = list(_WORD.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    return data[: m.start()] + rng.choice(WORDS).encode() + data[m.end() :]


def insert_word(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    word = rng.choice(WORDS).encode()
    if rng.random() < 0.5:
        lines.insert(i, word)
    else:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + b" " + word + b" " + lines[i][at:]
    return _join(lines)


def splice(data: bytes, rng: random.Random, others: Sequence[bytes]) -> bytes:
    """The head of this input and the tail of another (whole lines)."""
    other = _lines(rng.choice(others)) if others else _lines(data)
    lines = _lines(data)
    return _join(lines[: rng.randrange(len(lines) + 1)] + other[rng.randrange(len(other)) :])


def flip_byte(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def insert_bytes(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    junk = rng.choice((b"\x00", b"\xff", b"\xc3", b"\r", b"\n\n", b"\xe2\x80\xa8", b"\xef\xbb\xbf"))
    return data[:i] + junk * rng.randint(1, 3) + data[i:]


def delete_bytes(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + data[i + rng.randint(1, 16) :]


def truncate(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def overwrite_bytes(data: bytes, rng: random.Random, _: Sequence[bytes]) -> bytes:
    """Random bytes over a run of the input (for binary files: Parquet pages, footers)."""
    if not data:
        return data
    i = rng.randrange(len(data))
    n = rng.choice((1, 1, 2, 4, 8))
    return data[:i] + bytes(rng.randrange(256) for _ in range(n)) + data[i + n :]


RECORD_MUTATIONS: Final[tuple[Mutation, ...]] = (
    drop_line,
    double_line,
    swap_lines,
    move_line,
    shift_number,
    shift_number,
    replace_word,
    replace_word,
    insert_word,
    splice,
    flip_byte,
    insert_bytes,
    delete_bytes,
    truncate,
)
BINARY_MUTATIONS: Final[tuple[Mutation, ...]] = (
    flip_byte,
    flip_byte,
    overwrite_bytes,
    overwrite_bytes,
    delete_bytes,
    insert_bytes,
    truncate,
)


def mutate(
    data: bytes, rng: random.Random, others: Sequence[bytes], *, binary: bool = False
) -> bytes:
    """One to four stacked mutations of ``data``."""
    mutations = BINARY_MUTATIONS if binary else RECORD_MUTATIONS
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        data = rng.choice(mutations)(data, rng, others)
    return data
