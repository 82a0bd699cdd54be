"""The event stream: iter_events yields each game's typed events in source order."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings

import spadesctl
from spadesctl.events import Bids, GameStart, HandStart, Result, Tag, Trick
from spadesctl.record import Game, assemble, game_events
from tests.strategies import games


def test_iter_events_streams_games_in_source_order(tmp_path: Path) -> None:
    path = tmp_path / "two.spades"
    path.write_text(
        '[Event "a"]\nhand 1 dealer N\nbid N 3 E 4\nbid S 2 W 4\ntrick 1 E 2C 3C 4C 5C\n'
        'result NS\n[Event "b"]\nhand 1 dealer E\n'
    )
    events = list(spadesctl.iter_events(path))
    assert [type(e) for e in events] == [
        GameStart,
        Tag,
        HandStart,
        Bids,
        Bids,
        Trick,
        Result,
        GameStart,
        Tag,
        HandStart,
    ]
    assert [e.pos.line for e in events if not isinstance(e, GameStart)] == [1, 2, 3, 4, 5, 6, 7, 8]
    starts = [e for e in events if isinstance(e, GameStart)]
    assert [(s.index, s.source) for s in starts] == [(1, str(path)), (2, str(path))]


def test_sample_events_assemble_back_into_the_same_games() -> None:
    root = Path(__file__).resolve().parent.parent / "samples"
    for game in spadesctl.load(root / "league-night.spades"):
        events = list(game_events(game))
        assert isinstance(events[0], GameStart)
        lines = [e.pos.line for e in events[1:]]
        assert lines == sorted(lines)
        body = [e for e in events[1:] if not isinstance(e, GameStart)]
        assert len(body) == len(events) - 1  # one game: one GameStart, first
        assert assemble(body, game.source, game.index) == game


@settings(max_examples=60, deadline=None)
@given(games())
def test_game_events_is_the_inverse_of_assemble(game: Game) -> None:
    events = list(game_events(game))
    assert assemble(e for e in events[1:] if not isinstance(e, GameStart)) == game
