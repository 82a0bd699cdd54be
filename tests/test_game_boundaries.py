"""Game boundaries survive every conversion, and a tag given twice is a diagnostic.

The native reader starts a game at a tag line after hand lines, so games that PBN tells
apart by their tags (a later game without tags, a game of tags alone) need the separator
line ``[NewGame]`` that the writer puts exactly where it is needed (issue #18, defect 1).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import spadesctl
from spadesctl.diagnostics import MISPLACED_LINE
from spadesctl.events import Tag
from spadesctl.notation import format_games, parse_text
from spadesctl.notation.reader import GAME_SEPARATOR
from spadesctl.pbn import format_pbn_games
from spadesctl.record import Game
from tests.strategies import games

#: The issue's example: a second PBN game with no game tags.
TAGLESS_SECOND = """\
% PBN
[Event "a"]
[Dealer "N"]
[Auction "E"]
3 3 3 3

[Dealer "N"]
[Auction "E"]
3 3 3 3
"""

#: A game of tags alone, ended by a ``%`` line, then a game with its own Rules tag.
TAGS_ONLY_FIRST = """\
% PBN
[Rules "standard"]
%
[Rules "standard nil=50"]
[Dealer "N"]
[Auction "E"]
3 3 3 3
"""


def native_round_trip(read: list[Game]) -> list[Game]:
    return parse_text("".join(format_games(read)))


def test_a_pbn_game_without_tags_stays_a_game_of_its_own() -> None:
    read = parse_text(TAGLESS_SECOND, "a.pbn")
    assert [len(g.hands) for g in read] == [1, 1]
    text = "".join(format_games(read))
    assert GAME_SEPARATOR in text
    assert native_round_trip(read) == read


def test_a_game_of_tags_alone_keeps_its_tags_to_itself() -> None:
    read = parse_text(TAGS_ONLY_FIRST, "b.pbn")
    assert [g.tags for g in read] == [
        (Tag("Rules", "standard"),),
        (Tag("Rules", "standard nil=50"),),
    ]
    again = native_round_trip(read)
    assert again == read
    assert all(g.issues == () for g in again)


def test_a_game_with_nothing_to_write_is_still_a_game() -> None:
    read = [Game(), Game(tags=(Tag("Event", "x"),)), Game()]
    assert native_round_trip(read) == read


def test_the_separator_is_written_only_where_it_is_needed() -> None:
    text = (spadesctl.load("samples/league-night.spades"),)
    assert GAME_SEPARATOR not in "".join(format_games(text[0]))


def test_a_tag_given_twice_is_a_misplaced_line() -> None:
    text = '[Rules "standard"]\n[rules "standard nil=50"]\n\nhand 1 dealer N\n'
    [game] = parse_text(text)
    assert game.tags == (Tag("Rules", "standard"),)
    [issue] = game.issues
    assert issue.kind is MISPLACED_LINE
    assert "a second 'rules' tag" in issue.message
    assert (issue.pos.line, issue.pos.column) == (2, 1)


def test_check_reports_a_tag_given_twice_in_a_pbn_record() -> None:
    text = '% PBN\n[Event "x"]\n[Event "y"]\n[Dealer "N"]\n[Auction "E"]\n3 3 3 3\n'
    [game] = parse_text(text, "twice.pbn")
    assert [i.kind for i in game.issues] == [MISPLACED_LINE]


def _strip(game: Game, tags: bool, hands: bool) -> Game:
    return Game(
        tags=() if tags else game.tags,
        hands=() if hands else game.hands,
        result=None if hands else game.result,
    )


@st.composite
def game_lists(draw: st.DrawFn) -> list[Game]:
    """Several games, some without tags, some without hands, some with nothing at all."""
    out = []
    for _ in range(draw(st.integers(1, 5))):
        game = draw(games())
        out.append(_strip(game, draw(st.booleans()), draw(st.booleans())))
    return out


@settings(max_examples=120, deadline=None)
@given(game_lists())
def test_every_game_survives_the_native_notation(read: list[Game]) -> None:
    again = native_round_trip(read)
    assert again == read
    assert all(g.issues == () for g in again)


@settings(max_examples=60, deadline=None)
@given(game_lists())
def test_pbn_to_native_keeps_the_game_count(read: list[Game]) -> None:
    pbn = parse_text("".join(format_pbn_games(read)), "x.pbn")
    again = native_round_trip(pbn)
    assert len(again) == len(pbn)
    assert again == pbn


def pbn_round_trip(read: list[Game]) -> list[Game]:
    return parse_text("".join(format_pbn_games(read)), "again.pbn")


def test_games_with_the_same_tags_stay_apart_in_pbn() -> None:
    text = (
        '[Event "x"]\n\nhand 1 dealer N\nbid E 3 S 3 W 3 N 4\n\n'
        '[Event "x"]\n\nhand 2 dealer E\nbid S 3 W 3 N 3 E 4\n'
    )
    read = parse_text(text)
    assert len(read) == 2
    assert pbn_round_trip(read) == read  # before the fix: one game of two hands


def test_a_game_whose_hand_numbers_do_not_go_up_stays_one_game_in_pbn() -> None:
    text = '[Event "x"]\n\nhand 2 dealer N\nbid E 3 S 3 W 3 N 4\n\nhand 1 dealer E\n'
    read = parse_text(text)
    assert pbn_round_trip(read) == read


def test_a_tag_named_like_the_mark_is_kept() -> None:
    read = [Game(tags=(Tag("NewGame", "mine"),)), Game(tags=(Tag("NewGame", "mine"),))]
    assert pbn_round_trip(read) == read


@settings(max_examples=120, deadline=None)
@given(game_lists())
def test_every_game_survives_pbn(read: list[Game]) -> None:
    again = pbn_round_trip(read)
    assert again == read
