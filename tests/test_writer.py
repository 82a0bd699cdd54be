"""The canonical writer: golden output, idempotence and round trips."""

from __future__ import annotations

from hypothesis import given, settings

from spadesctl import format_game, parse_text
from spadesctl.record import Game
from tests.strategies import games

MESSY = """\
[Event "Friday \\"League\\""]   ; comment
[Rules "standard"]
hand 1 dealer N
bid E 6 S nil
bid W 4 N 3
deal W:32.K74.A852.AKT7 N:4JA6.QT9.74.J984
trick 1 E ah jH H4 9♥
took N 3 E 6 S 0 W 4
score NS -51 EW 60
result EW
"""

CANONICAL = """\
[Event "Friday \\"League\\""]
[Rules "standard"]

hand 1 dealer N
deal N:AJ64.QT9.74.J984 W:32.K74.A852.AKT7
bid E 6 S nil W 4 N 3
trick 1 E AH JH 4H 9H
took N 3 E 6 S 0 W 4
score NS -51 EW 60

result EW
"""


def test_canonical_form_golden() -> None:
    [game] = parse_text(MESSY)
    assert format_game(game) == CANONICAL


def test_canonical_text_is_a_fixed_point() -> None:
    [game] = parse_text(CANONICAL)
    assert format_game(game) == CANONICAL


def test_parse_of_format_equals_parse() -> None:
    [game] = parse_text(MESSY)
    assert parse_text(format_game(game)) == [game]


@settings(max_examples=150, deadline=None)
@given(games())
def test_round_trip_of_generated_records(game: Game) -> None:
    text = format_game(game)
    [again] = parse_text(text)
    assert again.issues == ()
    assert again == game
    assert format_game(again) == text
