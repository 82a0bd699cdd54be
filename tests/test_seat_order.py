"""Trick cards written in seat order (N E S W) rather than in the order played: one
``trick-in-seat-order`` diagnostic for the trick, and the hand checked as played
(issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cards import seats_for
from spadesctl.cli import app
from spadesctl.diagnostics import CARD_NOT_HELD, TRICK_IN_SEAT_ORDER
from spadesctl.generate import generate_games
from spadesctl.notation import format_game
from spadesctl.rules.parse import parse_rules
from tests.strategies import diagnose
from tests.test_express import ONE_HAND as PLANTED_IN

runner = CliRunner()

#: A clean one-hand game (the express tests' planted mistakes edit it too).
ONE_HAND = PLANTED_IN.format(rules="standard")


def in_seat_order(line: str, seats: tuple[str, ...]) -> str:
    """A trick line (``trick N LEADER c1 c2 ...``, in playing order) in seat order."""
    words = line.split(" ")
    lead = seats.index(words[2])
    played = words[3:]
    n = len(seats)
    by_seat = [played[(s - lead) % n] for s in range(n)]
    return " ".join(words[:3] + by_seat)


def test_in_seat_order_is_one_diagnostic_and_the_hand_is_read_as_played() -> None:
    line = "trick 2 E AD QD 4D 3D"
    text = ONE_HAND.replace(line, in_seat_order(line, ("N", "E", "S", "W")))
    assert "trick 2 E 3D AD QD 4D" in text
    found = diagnose(text)
    assert [(d.kind, d.line, d.trick, d.seat) for d in found] == [(TRICK_IN_SEAT_ORDER, 7, 2, "E")]
    assert "read as 'trick 2 E AD QD 4D 3D'" in found[0].message


def test_every_trick_in_seat_order_is_one_diagnostic_each() -> None:
    seats = ("N", "E", "S", "W")
    lines = [
        in_seat_order(line, seats) if line.startswith("trick ") else line
        for line in ONE_HAND.split("\n")
    ]
    found = diagnose("\n".join(lines))
    led_by_north = sum(1 for line in lines if line.startswith("trick ") and line.split()[2] == "N")
    assert {d.kind for d in found} == {TRICK_IN_SEAT_ORDER}
    assert len(found) == 13 - led_by_north


def test_cards_that_fit_neither_order_are_each_reported() -> None:
    # South's and West's cards swapped: neither the playing nor the seat order
    text = ONE_HAND.replace("trick 2 E AD QD 4D 3D", "trick 2 E 3D AD 4D QD")
    kinds = [d.kind for d in diagnose(text)]
    assert TRICK_IN_SEAT_ORDER not in kinds
    assert CARD_NOT_HELD in kinds


def test_without_a_deal_the_seat_order_cannot_be_told() -> None:
    text = ONE_HAND.replace("trick 2 E AD QD 4D 3D", "trick 2 E 3D AD QD 4D")
    no_deal = "\n".join(line for line in text.split("\n") if not line.startswith("deal "))
    assert TRICK_IN_SEAT_ORDER not in {d.kind for d in diagnose(no_deal)}


@pytest.mark.parametrize("rules_text", ["standard", "cutthroat players=3", "two-player", "jokers"])
def test_a_generated_game_with_one_trick_in_seat_order(rules_text: str) -> None:
    """In every table size, the seat-ordered trick is the only problem found."""
    rules = parse_rules(rules_text)
    seats = tuple(s.value for s in seats_for(rules.players))
    (game,) = generate_games(1, seed=3, rules=rules)
    text = format_game(game)
    line = next(
        line
        for line in text.split("\n")
        if line.startswith("trick ") and line.split(" ")[2] != seats[0]
    )
    changed = text.replace(line, in_seat_order(line, seats), 1)
    assert changed != text
    found = diagnose(changed)
    assert [d.kind for d in found] == [TRICK_IN_SEAT_ORDER], [d.format() for d in found]


def test_check_reports_it_once(tmp_path: Path) -> None:
    record = tmp_path / "seat-order.spades"
    record.write_text(ONE_HAND.replace("trick 2 E AD QD 4D 3D", "trick 2 E 3D AD QD 4D"))
    result = runner.invoke(app, ["check", "--format", "json", str(record)])
    assert result.exit_code == 1
    assert [d["name"] for d in json.loads(result.stdout)] == ["trick-in-seat-order"]
    explained = runner.invoke(app, ["explain", "trick-in-seat-order"])
    assert explained.exit_code == 0 and "seat order" in explained.stdout
