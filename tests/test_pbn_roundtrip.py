"""Conversion round trips (PBN -> native -> PBN, native -> PBN -> native keep every event)
and ``spadesctl convert``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from spadesctl.checking import CheckOptions, game_diagnostics
from spadesctl.cli import app
from spadesctl.diagnostics import UNKNOWN_OPTION
from spadesctl.events import Tag
from spadesctl.notation import format_game, format_games, iter_games, parse_text
from spadesctl.pbn import format_pbn_game, format_pbn_games, parse_pbn_text
from spadesctl.record import Game

from .strategies import RULES_TEXTS, games, generated_games

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "pbn"
runner = CliRunner()


def same(a: Game, b: Game) -> None:
    """Every event of ``a`` is in ``b`` (positions aside)."""
    assert a.tags == b.tags
    assert a.hands == b.hands
    assert a.result == b.result


def via_pbn(original: list[Game]) -> list[Game]:
    return parse_pbn_text("".join(format_pbn_games(original)), "x.pbn")


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.p?n")))
def test_pbn_to_native_to_pbn_keeps_every_event(name: str) -> None:
    from_pbn = list(iter_games(SAMPLES / name))
    native = parse_text("".join(format_games(from_pbn)), "x.spades")
    assert len(native) == len(from_pbn)
    for a, b in zip(from_pbn, native, strict=True):
        same(a, b)
    back = via_pbn(native)
    assert len(back) == len(from_pbn)
    for a, b in zip(from_pbn, back, strict=True):
        same(a, b)
        assert not [i for i in b.issues if i.kind is not UNKNOWN_OPTION]


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(games(), min_size=1, max_size=3))
def test_native_to_pbn_to_native_keeps_every_event(original: list[Game]) -> None:
    """Any well-formed record, legal or not: what PBN cannot say goes in spadesctl's tags
    (the widow lines too: ``Widow``, ``WidowBeforeBid``, ``WidowAfterBid``)."""
    back = via_pbn(original)
    assert len(back) == len(original)
    for a, b in zip(original, back, strict=True):
        same(a, b)
        assert b.issues == ()


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(RULES_TEXTS).flatmap(lambda r: generated_games(r, max_hands=3)))
def test_legal_games_use_the_play_section_and_check_clean(game: Game) -> None:
    """A legal game comes back through PBN's Play sections (columns by seat), reordered
    from the winners, and the replay finds nothing in it."""
    text = format_pbn_game(game)
    assert "[Tricks " not in text
    assert "[Bids " not in text or any(b.is_side_bid for h in game.hands for b in h.bids)
    [back] = parse_pbn_text(text, "legal.pbn")
    same(game, back)
    assert game_diagnostics(back, CheckOptions()) == game_diagnostics(game, CheckOptions())


def test_what_pbn_cannot_say_goes_in_spadesctls_own_tags() -> None:
    native = """\
[Event "Friday League"]
[Deal "a tag whose name PBN reserves"]
[Rules "standard"]

hand 1 dealer N
deal N:AJ64.QT9.74.J984 N:32.K74.A852.AKT7
bid E 6 W 4 S nil N 3
pass W>E AS QD
trick 1 W AH JH 4H 9H
trick 3 E 6C 5C 7C
claim E
took N 4 E 5 S 4 W 0
renege E 1
score NS 81 EW -100
bags NS 1 EW 0

result NS
"""
    [game] = parse_text(native)
    assert game.issues == ()
    text = format_pbn_game(game)
    for line in (
        '[Spades_Deal "a tag whose name PBN reserves"]',
        '[Holdings "N:AJ64.QT9.74.J984 N:32.K74.A852.AKT7"]',
        '[Bids "E 6 W 4 S nil N 3"]',
        '[Passes "W>E AS QD"]',
        '[Tricks "number leader cards-in-order"]',
        "1 W HA HJ H4 H9",
        "3 E C6 C5 C7",
        '[Claim "E"]',
        '[Took "N 4 E 5 S 4 W 0"]',
        '[Reneges "E 1"]',
        '[RunningScore "NS 81 EW -100"]',
        '[RunningBags "NS 1 EW 0"]',
        '[Winner "NS"]',
    ):
        assert line in text.splitlines(), line
    [back] = parse_pbn_text(text)
    same(game, back)


def test_a_game_without_rules_but_with_rule_words_is_marked_not_to_map() -> None:
    game = Game(tags=(Tag("Event", "App: Spades - 2v2 Jokers to 300"),))
    text = format_pbn_game(game)
    assert '[RulesFrom "none"]' in text
    [back] = parse_pbn_text(text)
    same(game, back)
    assert back.issues == ()


# ---- spadesctl convert ----------------------------------------------------------------------


def test_convert_pbn_to_native_on_standard_output() -> None:
    result = runner.invoke(
        app, ["convert", str(SAMPLES / "trickster-jjdd-game.ptn"), "--to", "spades"]
    )
    assert result.exit_code == 0, result.output
    [game] = parse_text(result.stdout)
    assert len(game.hands) == 6
    assert game.rules_text is not None and game.rules_text.startswith("jjdd ")
    assert "hand 6 dealer" in result.stdout


def test_convert_native_to_pbn_into_a_file_and_back(tmp_path: Path) -> None:
    native = tmp_path / "game.spades"
    result = runner.invoke(
        app, ["convert", str(SAMPLES / "renege.ptn"), "--to", "spades", "-o", str(native)]
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "back.pbn"
    result = runner.invoke(app, ["convert", str(native), "--to", "pbn", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("% PBN 2.1\n")
    [a] = list(iter_games(SAMPLES / "renege.ptn"))
    [b] = list(iter_games(out))
    same(a, b)


def test_convert_into_a_directory_writes_one_file_per_input(tmp_path: Path) -> None:
    inputs = [str(SAMPLES / "auction-only.pbn"), str(SAMPLES / "renege.ptn")]
    result = runner.invoke(app, ["convert", *inputs, "--to", "spades", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["auction-only.spades", "renege.spades"]


def test_convert_reports_problems_and_still_converts(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", str(SAMPLES / "malformed-tags.ptn"), "--to", "spades"])
    assert result.exit_code == 1
    assert "SP001 syntax-error: tag Event is missing its closing ']'" in result.stderr
    [game] = parse_text(result.stdout)
    assert len(game.hands[0].tricks) == 13
    warned = runner.invoke(
        app, ["convert", str(SAMPLES / "jokers-partial-play.pbn"), "--to", "spades"]
    )
    assert warned.exit_code == 0
    assert warned.stderr.count("SP005 unknown-option") == 1  # autoPlay (variation 1 is read)


def test_convert_with_rules_replaces_the_mapped_ones() -> None:
    result = runner.invoke(
        app,
        [
            "convert",
            str(SAMPLES / "jokers-partial-play.pbn"),
            "--to",
            "spades",
            "--rules",
            "jokers target=250",
        ],
    )
    assert result.exit_code == 0, result.output
    [game] = parse_text(result.stdout)
    assert game.rules_text == "jokers target=250"
    assert "unknown-option" not in result.stderr


def test_convert_usage_and_io_errors(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["convert", str(tmp_path / "nope.pbn"), "--to", "spades"])
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    bad_rules = runner.invoke(
        app, ["convert", str(SAMPLES / "renege.ptn"), "--to", "pbn", "--rules", "bogus"]
    )
    assert bad_rules.exit_code == 2
    assert "--rules" in bad_rules.stderr
    bad_target = runner.invoke(app, ["convert", str(SAMPLES / "renege.ptn"), "--to", "xml"])
    assert bad_target.exit_code == 2
    unwritable = runner.invoke(
        app,
        ["convert", str(SAMPLES / "renege.ptn"), "--to", "pbn", "-o", str(tmp_path / "a" / "b")],
    )
    assert unwritable.exit_code == 2
    assert "Traceback" not in unwritable.output


def test_convert_reads_standard_input() -> None:
    text = (SAMPLES / "renege.ptn").read_text(encoding="utf-8")
    result = runner.invoke(app, ["convert", "-", "--to", "spades"], input=text)
    assert result.exit_code == 0, result.output
    [game] = parse_text(result.stdout)
    assert format_game(game).count("trick ") == 13
