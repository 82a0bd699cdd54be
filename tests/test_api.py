"""The library API the README shows: load, iter_games, check, referee_game, format_game."""

from __future__ import annotations

from pathlib import Path

import spadesctl
from spadesctl.cards import Side

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_check_finds_the_planted_mistakes() -> None:
    found = spadesctl.check(SAMPLES / "mistakes")
    assert [(Path(d.file).name, d.name) for d in found] == [
        ("early-spade-lead.spades", "spades-not-broken"),
        ("forgot-bag-penalty.spades", "score-mismatch"),
        ("renege.spades", "renege"),
    ]


def test_referee_game_replays_and_scores() -> None:
    [game] = spadesctl.load(SAMPLES / "blind-nil.spades")
    refereed = spadesctl.referee_game(game)
    assert refereed.result is not None
    assert refereed.result.winner is Side.NS
    # hand by hand in samples/README.md: NS 543, EW 440 after hand 6
    assert refereed.standing.score(Side.NS) == 543
    assert refereed.standing.score(Side.EW) == 440


def test_rules_option_applies_only_to_records_without_a_rules_tag() -> None:
    text = '[Event "x"]\nhand 1 dealer N\nbid N nil E 3 S 4 W 4\ntook N 0 E 4 S 5 W 4\n'
    [game] = spadesctl.parse_text(text)
    # nil=50 (britannica): NS bid 4 took 5 -> 41, N nil made +50 = 91
    assert spadesctl.referee_game(game, rules="britannica").standing.score(Side.NS) == 91
    assert spadesctl.referee_game(game).standing.score(Side.NS) == 141


def test_iter_games_streams_and_format_game_round_trips() -> None:
    games = list(spadesctl.iter_games(SAMPLES / "league-night.spades"))
    assert [g.tag("Round") for g in games] == ["1", "2", "3"]
    assert spadesctl.parse_text(spadesctl.format_game(games[1])) == [games[1]]
