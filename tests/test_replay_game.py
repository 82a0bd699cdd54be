"""Games: dealer rotation, hand numbers, the running score, the ruleset that applies,
the referee, and the check/rules commands that expose them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from spadesctl.cards import Side
from spadesctl.checking import CheckOptions, check_file
from spadesctl.cli import app
from spadesctl.cli.rules_cmd import PRESET_SUMMARIES
from spadesctl.notation import parse_text
from spadesctl.referee import referee_game, rulings_for
from spadesctl.replay import replay_game
from spadesctl.rules import PRESETS, STANDARD, parse_rules
from spadesctl.rules.resolve import rules_for_game, rules_option
from tests.strategies import brief, diagnose

runner = CliRunner()


def sheet(*hands: tuple[int, str, str, str]) -> str:
    """A score-sheet game: (number, dealer, bids, took) per hand."""
    return "".join(
        f"hand {n} dealer {dealer}\n{bids}\n{took}\n\n" for n, dealer, bids, took in hands
    )


H1 = (1, "N", "bid E 6 S 3 W 4 N 3", "took N 4 E 2 S 3 W 4")  # NS +61, EW -100


def test_dealer_rotation() -> None:
    good = sheet(H1, (2, "E", "bid S 3 W 3 N 3 E 3", "took N 4 E 2 S 3 W 4"))
    bad = sheet(H1, (2, "S", "bid W 3 N 3 E 3 S 3", "took N 4 E 2 S 3 W 4"))
    assert diagnose(good) == []
    [d] = diagnose(bad)
    assert brief(d) == ("dealer-out-of-turn", None, "S")
    assert d.message == "East deals hand 2 (the deal passes to the left), not South"


def test_two_players_alternate_the_deal() -> None:
    rules = "two-player"
    good = sheet((1, "N", "bid S 5 N 6", "took N 6 S 7"), (2, "S", "bid N 5 S 6", "took N 6 S 7"))
    bad = sheet((1, "N", "bid S 5 N 6", "took N 6 S 7"), (2, "N", "bid S 5 N 6", "took N 6 S 7"))
    assert diagnose(good, rules) == []
    assert [d.name for d in diagnose(bad, rules)] == ["dealer-out-of-turn"]


def test_hand_numbers() -> None:
    text = sheet(H1, (3, "E", "bid S 3 W 3 N 3 E 3", "took N 4 E 2 S 3 W 4"))
    assert [brief(d) for d in diagnose(text)] == [("hand-number", None, None)]


def test_blind_nil_eligibility_follows_the_recomputed_score() -> None:
    # After hand 1, EW (set: -100) trail NS (61) by 161: West may bid blind nil, North not.
    west = sheet(H1, (2, "E", "bid S 3 W bnil N 3 E 4", "took N 4 E 5 S 4 W 0"))
    north = sheet(H1, (2, "E", "bid S 3 W 3 N bnil E 4", "took N 0 E 5 S 4 W 4"))
    assert diagnose(west) == []
    assert [brief(d) for d in diagnose(north)] == [("blind-nil-not-allowed", None, "N")]


def test_the_referee_scores_each_hand_and_carries_the_standing() -> None:
    (game,) = parse_text(sheet(H1, (2, "E", "bid S 3 W bnil N 3 E 4", "took N 4 E 5 S 4 W 0")))
    refereed = referee_game(game, STANDARD)
    first, second = refereed.hands
    assert first.score is not None and second.score is not None
    assert first.after.score(Side.NS) == 61 and first.after.score(Side.EW) == -100
    assert second.before == first.after
    assert refereed.standing == second.after
    assert refereed.result is None and refereed.diagnostics == ()


def test_the_referee_uses_the_recorded_score_of_an_unscorable_hand() -> None:
    text = sheet(H1) + "hand 2 dealer E\nbid S 3 W 3 N 3 E 4\nscore NS 500 EW 0\n"
    (game,) = parse_text(text)
    refereed = referee_game(game, STANDARD)
    assert refereed.hands[1].score is None and refereed.hands[1].problem
    assert refereed.standing.score(Side.NS) == 500


def test_detected_reneges_become_rulings_with_apply_penalties() -> None:
    from tests.test_replay_play import DEAL_A

    text = f"hand 1 dealer N\n{DEAL_A}\nbid E 3 S 3 W 3 N 3\ntrick 1 E AH KD 4H 9H\nclaim W\n"
    (game,) = parse_text(text)
    replayed = replay_game(game, STANDARD).hands[0]
    assert rulings_for(replayed) == ()
    [ruling] = rulings_for(replayed, apply_penalties=True)
    assert (ruling.offender.value, ruling.trick) == ("S", 1)


def test_rules_tag_wins_over_the_option() -> None:
    both_nil = "hand 1 dealer N\nbid E 6 S nil W 4 N nil\ntook N 0 E 6 S 0 W 7\n"
    assert diagnose(both_nil) == []
    assert [d.name for d in diagnose(both_nil, "britannica")] == ["both-nil-not-allowed"]
    tagged = '[Rules "standard"]\n' + both_nil
    assert diagnose(tagged, "britannica") == []
    (game,) = parse_text(tagged)
    assert rules_for_game(game, parse_rules("britannica")).source == "tag"


def test_an_invalid_rules_tag_is_reported_key_by_key_and_the_game_refereed_no_further() -> None:
    """Was: the first bad key only, and the game checked under the default (britannica
    here, which found a both-nil-not-allowed the record's own rules may not have)."""
    text = '[Rules "standard nill=50 bag_mode=maybe"]\nhand 1 dealer N\n' + (
        "bid E 6 S nil W 4 N nil\ntook N 0 E 6 S 0 W 7\n"
    )
    found = diagnose(text, "britannica")
    assert [(d.name, d.line, d.column) for d in found] == [
        ("invalid-rules", 1, 1),
        ("invalid-rules", 1, 1),
    ]
    assert found[0].message.startswith("unknown ruleset key 'nill' (did you mean 'nil'?)")
    assert found[1].message.startswith("bad value 'maybe' for bag_mode")
    assert all("refereed no further" in d.message for d in found)
    (game,) = parse_text(text)
    assert rules_for_game(game, parse_rules("britannica")).source == "default"


def test_rules_option_text_and_toml(tmp_path: Path) -> None:
    assert rules_option(None) is STANDARD
    assert rules_option("britannica nil=75").nil == 75
    house = tmp_path / "house.toml"
    house.write_text('preset = "cutthroat"\nplayers = 3\n', encoding="utf-8")
    assert rules_option(str(house)).players == 3


def test_check_file_with_a_bad_rules_option_never_raises(tmp_path: Path) -> None:
    record = tmp_path / "a.spades"
    record.write_text(sheet(H1), encoding="utf-8")
    report = check_file(str(record), CheckOptions(rules="bogus"))
    assert [d.name for d in report.diagnostics] == ["invalid-rules"]


def test_check_command_rules_option(tmp_path: Path) -> None:
    record = tmp_path / "a.spades"
    record.write_text("hand 1 dealer N\nbid E 6 S nil W 4 N nil\ntook N 0 E 6 S 0 W 7\n")
    assert runner.invoke(app, ["check", str(record)]).exit_code == 0
    result = runner.invoke(app, ["check", "--rules", "britannica", str(record)])
    assert result.exit_code == 1
    assert "SP206 both-nil-not-allowed" in result.output
    house = tmp_path / "house.toml"
    house.write_text('preset = "standard"\nboth_nil = false\n', encoding="utf-8")
    assert runner.invoke(app, ["check", "--rules", str(house), str(record)]).exit_code == 1


def test_check_command_bad_rules_is_a_usage_error(tmp_path: Path) -> None:
    record = tmp_path / "a.spades"
    record.write_text(sheet(H1), encoding="utf-8")
    result = runner.invoke(app, ["check", "--rules", "standard nill=5", str(record)])
    assert result.exit_code == 2
    assert "valid keys:" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["check", "--rules", "missing.toml", str(record)])
    assert result.exit_code == 2 and "missing.toml" in result.output


def test_rules_command_lists_presets() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.output.splitlines()] == list(PRESETS)
    assert set(PRESET_SUMMARIES) == set(PRESETS)


def test_rules_command_prints_every_key() -> None:
    from spadesctl.rules import KEYS

    result = runner.invoke(
        app,
        [
            "rules",
            "britannica",
        ],
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "# britannica"
    assert [line.split()[0] for line in lines[1:]] == [k.name for k in KEYS]
    nil = next(line for line in lines if line.startswith("nil "))
    assert nil.split()[1] == "50" and "bonus" in nil


def test_rules_command_marks_overrides_and_refuses_bad_rules() -> None:
    result = runner.invoke(app, ["rules", "standard nil=50"])
    assert "*" in next(line for line in result.output.splitlines() if line.startswith("nil "))
    bad = runner.invoke(app, ["rules", "nonsense"])
    assert bad.exit_code == 2 and "presets:" in bad.output


def test_a_hand_with_a_syntax_error_reports_only_that() -> None:
    from tests.test_replay_play import DEAL_A, PLAY_A

    broken = PLAY_A.replace("trick 5 W AC 4C QC 3C", "trick 5 W AC 4C QC 3X")
    text = f"hand 1 dealer N\n{DEAL_A}\nbid E 6 S nil W 4 N 3\n{broken}"
    assert [d.name for d in diagnose(text)] == ["syntax-error"]


def test_check_json_carries_the_replay_fields(tmp_path: Path) -> None:
    import json

    from tests.test_replay_play import DEAL_A

    record = tmp_path / "r.spades"
    record.write_text(
        f"hand 1 dealer N\n{DEAL_A}\nbid E 6 S nil W 4 N 3\ntrick 1 E AH KD 4H 9H\nclaim N\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", "--format", "json", str(record)])
    assert result.exit_code == 1
    [item] = json.loads(result.output)
    assert {k: item[k] for k in ("code", "name", "line", "column", "game", "hand", "trick")} == {
        "code": "SP304",
        "name": "renege",
        "line": 4,
        "column": 14,
        "game": 1,
        "hand": 1,
        "trick": 1,
    }
    assert item["seat"] == "S" and item["severity"] == "error"
