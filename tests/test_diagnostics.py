"""The diagnostic kinds: one constant each, found by name or code, kept across processes."""

from __future__ import annotations

import pickle

import pytest

from spadesctl import diagnostics
from spadesctl.diagnostics import KINDS, RENEGE, SYNTAX_ERROR, Diagnostic, Kind, Severity, kind
from spadesctl.events import Position, SyntaxIssue


def test_every_constant_is_in_the_registry_once() -> None:
    constants = [v for v in vars(diagnostics).values() if isinstance(v, Kind)]
    assert constants == list(KINDS)
    assert len({k.code for k in KINDS}) == len({k.name for k in KINDS}) == len(KINDS)
    for k in KINDS:  # each constant is named after its kind
        assert getattr(diagnostics, k.name.upper().replace("-", "_")) is k


def test_kinds_are_found_by_name_or_code() -> None:
    assert kind("renege") is kind("SP304") is kind("sp304") is RENEGE
    with pytest.raises(KeyError):
        kind("reneg")


def test_a_kind_comes_back_from_a_worker_process_as_the_same_constant() -> None:
    d = Diagnostic(RENEGE, "South did not follow", "a.spades", 3, 7, game=1, hand=2)
    back = pickle.loads(pickle.dumps(d))
    assert back == d
    assert back.kind is RENEGE


def test_from_issue_keeps_the_issue_kind_and_position() -> None:
    issue = SyntaxIssue("unexpected 'X'", Position(4, 9))
    assert issue.kind is SYNTAX_ERROR
    d = Diagnostic.from_issue(issue, "a.spades", 2)
    assert d == Diagnostic(SYNTAX_ERROR, "unexpected 'X'", "a.spades", 4, 9, game=2)
    assert d.format() == "a.spades:4:9: SP001 syntax-error: unexpected 'X'"
    assert (d.code, d.name, d.severity) == ("SP001", "syntax-error", Severity.ERROR)
