"""rust-spades' trick-notation v1: read as rust-spades writes it, written back, round trips
through generated games of every preset, and every bad line one positioned issue."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cards import Seat, Side
from spadesctl.checking import check_file
from spadesctl.cli import app
from spadesctl.generate import generate_games
from spadesctl.interop.trick_notation import (
    format_trick_notation_game,
    format_trick_notation_games,
    games_from_trick_notation_stream,
    rust_spades_rules,
)
from spadesctl.notation import iter_games
from spadesctl.record import Game
from spadesctl.record_formats import TRICK_NOTATION, detect
from spadesctl.rules import PRESETS, Deck, parse_rules

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE = SAMPLES / "trick-notation" / "rust-spades-game.tn"
runner = CliRunner()


def read(text: str) -> list[Game]:
    return list(games_from_trick_notation_stream(io.BytesIO(text.encode("utf-8")), "t.tn"))


def test_the_sample_is_found_by_its_first_line_and_its_ending() -> None:
    with SAMPLE.open("rb") as stream:
        assert detect(stream, "game.txt") is TRICK_NOTATION
    with io.BytesIO(b"D N:-.-.-.-\n") as stream:
        assert detect(stream, "game.tn") is TRICK_NOTATION


def test_a_rust_spades_game_reads_checks_and_scores_as_written() -> None:
    [game] = list(iter_games(SAMPLE))
    assert game.tag("RulesFrom") == "trick-notation"
    assert parse_rules(game.rules_text or "") == rust_spades_rules(500)
    assert game.players == {Seat.N: "Ann", Seat.E: "Bo", Seat.S: "Cy", Seat.W: "Di"}
    assert game.tag("GameId") == "6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b"
    assert [h.dealer for h in game.hands] == [Seat.W] * 5  # North bids first every round
    assert all(len(h.tricks) == 13 for h in game.hands)
    # [Result "-200 17"]: the totals after the last hand, compared like a score sheet
    last = game.hands[-1].score
    assert last is not None and last.entries == ((Side.NS, -200), (Side.EW, 17))
    assert check_file(str(SAMPLE)).diagnostics == ()


def test_score_shows_the_first_hand_as_checked_by_hand() -> None:
    result = runner.invoke(app, ["score", "--explain", str(SAMPLE)])
    assert result.exit_code == 0, result.stdout
    # hand 1: NS bid 2 + 3 and took 1 + 5: 50 + 1 bag; EW bid 3 + 2, took 5 + 2: 50 + 2
    assert "NS bid 5, took 6: 50 + 1 bag" in result.stdout
    assert "EW bid 5, took 7: 50 + 2 bags" in result.stdout
    assert "NS at -200, at or below -200 after hand 5: EW wins." in result.stdout


def test_a_wrong_result_is_a_score_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "wrong.tn"
    path.write_text(SAMPLE.read_text().replace('"-200 17"', '"-200 27"'))
    assert [d.name for d in check_file(str(path)).diagnostics] == ["score-mismatch"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_generated_games_round_trip_through_trick_notation(preset: str) -> None:
    rules = PRESETS[preset]
    for game in generate_games(3, seed=7, rules=rules):
        text = format_trick_notation_game(game)
        if rules.deck is not Deck.STANDARD:
            assert "not held by trick-notation v1" in text and "jokers" in text
            continue
        [back] = read(text)
        assert back.rules_text is not None and parse_rules(back.rules_text) == rules
        assert len(back.hands) == len(game.hands)
        for ours, theirs in zip(game.hands, back.hands, strict=True):
            assert (theirs.number, theirs.passes, theirs.tricks) == (
                ours.number,
                ours.passes,
                ours.tricks,
            )
            if ours.draws:  # two players: the D line is the cards each played
                assert f"the draws of hand {ours.number}" in text
            else:
                assert theirs.deal == ours.deal
            if any(isinstance(b.bidder, Side) for b in ours.bids):
                assert theirs.bids == ()  # side bids: said in a comment
                assert "(bids out of turn or by a side): bid NS " in text
            else:
                assert theirs.bids == ours.bids
                if ours.bids or ours.number == 1:
                    assert theirs.dealer is ours.dealer
        kept = [line for line in text.splitlines() if not line.startswith("; not held")]
        assert format_trick_notation_game(back).splitlines() == kept


def test_what_the_notation_cannot_hold_is_said_in_a_comment() -> None:
    [game] = iter_games(SAMPLES / "score-sheet.spades")
    text = format_trick_notation_game(game)
    assert "; not held by trick-notation v1 (scores are derived): took " in text
    assert "; not held by trick-notation v1 (scores are derived): score " in text
    assert "; not held by trick-notation v1 (a result is derived): result " in text


def test_several_documents_in_one_file_are_several_games() -> None:
    games = list(generate_games(2, seed=3, rules=PRESETS["standard"]))
    text = "".join(format_trick_notation_games(games))
    assert len(read(text)) == 2


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("P N KC 5C XX", "unexpected 'XX'; expected a card, rank then suit (KC, TS)"),
        ("C N: 3 pass", "'pass' is not a bid (3, 0, nil)"),
        ("Q N KC", "unexpected 'Q'"),
        ("U @kitty: JD", "a reveal (U) has no meaning in spades"),
    ],
)
def test_a_bad_line_is_one_positioned_issue_and_the_rest_is_read(line: str, message: str) -> None:
    text = (
        '% trick-notation v1\n[Game "spades"]\n\n'
        "D N:AKQ.-.-.- E:-.-.-.- S:-.-.-.- W:-.-.-.-\n"
        f"{line}\n"
        "P N AS\n"
    )
    [game] = read(text)
    found = [i for i in game.issues if i.message.startswith(message)]
    assert len(found) == 1 and found[0].pos.line == 5
    assert game.hands[0].tricks[-1].cards[0].text == "AS"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ('[Game "hearts"]', "Game 'hearts': spadesctl reads Game 'spades'"),
        ('[Deck "euchre24"]', "Deck 'euchre24': spadesctl reads Deck 'french52'"),
        ('[Seats "N E W"]', "Seats 'N E W': spadesctl reads Seats 'N E S W' or 'N E S' or 'N S'"),
    ],
)
def test_another_game_is_one_error(header: str, message: str) -> None:
    [game] = read(f"% trick-notation v1\n{header}\nD N:A.-.-.-\n")
    assert [i.message for i in game.issues] == [f"{message}; the game is not read"]
    assert game.hands == ()


def test_a_file_without_the_version_line_says_so() -> None:
    [game] = read('[Game "spades"]\nD N:A.-.-.-\n')
    assert game.issues[0].message == "the file does not start with '% trick-notation v1'"


def test_headers_on_one_line_and_comments_are_read() -> None:
    text = (
        '% trick-notation v1\n[Game "spades"] [Deck "french52"] [Seats "N E S W"] ; x\n'
        '[Note "a ; in a value"]\nD N:A.-.-.- ; the deal\n'
    )
    [game] = read(text)
    assert game.issues == () and game.tag("Note") == "a ; in a value"


def test_convert_writes_trick_notation(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", str(SAMPLE), "--to", "trick-notation"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("% trick-notation v1\n")
    [back] = read(result.stdout)
    [original] = iter_games(SAMPLE)
    assert [h.tricks for h in back.hands] == [h.tricks for h in original.hands]
