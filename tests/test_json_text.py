"""``spadesctl.emit.json_text.indented`` writes what ``json.dumps(indent=2)`` writes."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spadesctl.emit.json_text import indented

#: Plain JSON values, with text of every kind (escapes, control characters, non-ASCII,
#: lone surrogates), nested dicts and lists, empty ones too.
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(st.characters(codec=None))
    | st.sampled_from(["", '"', "\\", "\n\t\x00\x7f\u2028", "é", "\ud800"])
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=30,
)
#: Values ``indented`` hands to ``json.dumps``: floats, keys that are not text, subclasses.
_FOREIGN = st.sampled_from(
    [1.5, float("nan"), {1: "a"}, {None: 1}, {"a": [1, {True: 2}]}, [0.0], {"x": 2**70 + 0.5}]
)


def _dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=400)
@given(value=_VALUES, prefix=st.sampled_from(["", "    ", "\t"]))
def test_indented_is_json_dumps(value: Any, prefix: str) -> None:
    expected = "\n".join(prefix + line for line in _dumps(value).split("\n"))
    assert indented(value, prefix) == expected


@given(value=_FOREIGN, prefix=st.sampled_from(["", "  "]))
def test_other_values_are_written_by_json_dumps(value: Any, prefix: str) -> None:
    expected = "\n".join(prefix + line for line in _dumps(value).split("\n"))
    assert indented(value, prefix) == expected


def test_a_document_reads_back() -> None:
    document = {"games": [{"hand": 1, "bids": {"N": "nil"}, "rulings": [], "x": None}]}
    assert json.loads(indented(document, "  ")) == document
