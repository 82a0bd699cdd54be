"""The legal-play bot: deterministic, complete games, figures from the real scorer."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cards import Seat, card, cards, next_seat, seats_for
from spadesctl.checking import game_diagnostics
from spadesctl.cli import app
from spadesctl.events import BidKind
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_game, format_games, parse_text
from spadesctl.referee import referee_game
from spadesctl.replay.legal import legal_plays
from spadesctl.rules import PRESETS, parse_rules

runner = CliRunner()


def _text(n: int, seed: int, rules: str, **options: object) -> str:
    games = generate_games(n, seed, parse_rules(rules), GenerateOptions(**options))  # type: ignore[arg-type]
    return "".join(format_games(games))


def test_the_same_seed_gives_the_same_games() -> None:
    assert _text(2, 11, "standard", max_hands=5) == _text(2, 11, "standard", max_hands=5)
    assert _text(1, 11, "standard", max_hands=5) != _text(1, 12, "standard", max_hands=5)


@pytest.mark.parametrize("preset", ["standard", "britannica", "cutthroat", "jokers", "boston"])
def test_games_are_played_to_the_end_and_scored_by_the_scorer(preset: str) -> None:
    rules = parse_rules(preset)
    for game in generate_games(2, 5, rules):
        (parsed,) = parse_text(format_game(game))
        refereed = referee_game(parsed, rules)
        assert refereed.result is not None and parsed.result is not None
        assert refereed.result.winner is parsed.result.winner
        for hand in refereed.hands:
            recorded = parsed.hands[hand.number - 1].score
            assert recorded is not None
            assert dict(recorded.entries) == hand.after.scores
        assert refereed.hands_after_end == ()


def test_full_records_have_deals_and_play() -> None:
    (game,) = generate_games(1, 3, parse_rules("standard"), GenerateOptions(max_hands=2))
    hand = game.hands[0]
    assert hand.deal is not None and len(hand.tricks) == 13 and hand.took is None
    assert hand.score is not None and hand.bags is not None
    assert game.tag("Rules") == "standard"


def test_hands_only_sheets_have_bids_and_took() -> None:
    options = GenerateOptions(hands_only=True, max_hands=3)
    (game,) = generate_games(1, 3, parse_rules("standard"), options)
    for hand in game.hands:
        assert hand.deal is None and not hand.tricks and hand.took is not None and hand.bids


def test_two_player_games_record_the_draws() -> None:
    (game,) = generate_games(1, 4, parse_rules("two-player"), GenerateOptions(max_hands=1))
    hand = game.hands[0]
    non_dealer = Seat.S if hand.dealer is Seat.N else Seat.N
    assert len(hand.draws) == 26 and hand.draws[0].seat is non_dealer
    assert [t.leader for t in hand.tricks][:1] == [non_dealer]


def test_bids_include_nils_and_blind_nils_over_many_hands() -> None:
    kinds: set[BidKind] = set()
    for game in generate_games(6, 1, parse_rules("standard")):
        for hand in game.hands:
            kinds.update(b.kind for b in hand.bids)
    assert {BidKind.NUMBER, BidKind.NIL, BidKind.BLIND_NIL} <= kinds


def test_every_preset_generates() -> None:
    for name in PRESETS:
        (game,) = generate_games(1, 2, parse_rules(name), GenerateOptions(max_hands=2))
        assert game.hands


def test_legal_plays() -> None:
    rules = parse_rules("standard")
    held = cards("AS KH 2H 3C")
    assert legal_plays(rules, held) == list(cards("2H KH 3C"))  # spades not broken
    assert legal_plays(rules, held, spades_broken=True) == list(cards("AS 2H KH 3C"))
    assert legal_plays(rules, held, cards("4H")) == list(cards("2H KH"))
    assert legal_plays(rules, held, cards("4D")) == list(cards("AS 2H KH 3C"))
    solo = parse_rules("solo")
    assert legal_plays(solo, held, cards("4H")) == list(cards("KH"))
    assert legal_plays(solo, held, cards("4D")) == list(cards("AS"))
    britannica = parse_rules("britannica")
    assert legal_plays(britannica, held, first_trick=True) == list(cards("3C"))


def test_generate_command(tmp_path: Path) -> None:
    out = tmp_path / "games.spades"
    result = runner.invoke(
        app, ["generate", "--games", "2", "--seed", "9", "--rules", "cutthroat", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text == _text(2, 9, "cutthroat")
    assert runner.invoke(app, ["check", str(out)]).exit_code == 0
    stdout = runner.invoke(
        app, ["generate", "--seed", "9", "--rules", "two-player", "--hands-only"]
    )
    assert stdout.exit_code == 0 and "took " in stdout.output and "trick " not in stdout.output


def test_generate_command_refuses_bad_rules() -> None:
    result = runner.invoke(app, ["generate", "--rules", "standard players=5"])
    assert result.exit_code == 2
    assert "players" in result.output and "Traceback" not in result.output


def test_solo_leads_from_the_dealers_left() -> None:
    # Issue 12: 000's solo game has no two-of-clubs lead; cutthroat keeps its 2C lead.
    for game in generate_games(3, 7, parse_rules("solo")):
        assert game_diagnostics(game) == []
        for hand in game.hands:
            assert hand.tricks[0].leader is next_seat(hand.dealer, seats_for(4))
    for game in generate_games(2, 7, parse_rules("cutthroat")):
        for hand in game.hands:
            deal = hand.deal
            assert deal is not None
            two = next(h.seat for h in deal.holdings if card("2C") in h.cards)
            assert hand.tricks[0].leader is two
