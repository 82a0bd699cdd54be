"""The configuration file (spadesctl.config): found from the current directory up, in
spadesctl.toml or pyproject.toml's [tool.spadesctl]; --config and --isolated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.config import Config, ConfigError, find_config, load_config

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MISTAKES = str(SAMPLES / "mistakes")
runner = CliRunner()
#: A hand that is clean under nil=50 and a score mismatch under standard (nil 100).
NIL_GAME = SAMPLES / "blind-nil.spades"


def _codes(result_stdout: str) -> set[str]:
    return {d["code"] for d in json.loads(result_stdout)}


def test_found_in_the_nearest_parent(tmp_path: Path) -> None:
    (tmp_path / "spadesctl.toml").write_text('select = ["SP3"]\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_config(deep) == tmp_path / "spadesctl.toml"
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert find_config(deep) == tmp_path / "spadesctl.toml"  # no [tool.spadesctl]: skipped
    (tmp_path / "a" / "pyproject.toml").write_text("[tool.spadesctl]\njobs = 2\n")
    assert find_config(deep) == tmp_path / "a" / "pyproject.toml"
    assert load_config(tmp_path / "a" / "pyproject.toml") == Config(
        jobs=2, path=tmp_path / "a" / "pyproject.toml"
    )


def test_settings_and_a_rules_table(tmp_path: Path) -> None:
    path = tmp_path / "spadesctl.toml"
    path.write_text(
        'select = "SP3"\nignore = ["renege"]\njobs = 1\n[rules]\npreset = "standard"\nnil = 50\n'
    )
    config = load_config(path)
    assert config.select == ("SP3",) and config.ignore == ("renege",) and config.jobs == 1
    assert config.rules == "standard nil=50"
    path.write_text('rules = "house.toml"\n')
    assert load_config(path).rules == str(tmp_path / "house.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("selct = []\n", "unknown setting 'selct'"),
        ("jobs = -1\n", "jobs must be a whole number"),
        ("select = [1]\n", "select must be a list"),
        ("rules = 3\n", "rules must be"),
        ("[rules]\nnil = 'banana'\n", "rules: "),
        ("select = [\n", "not a valid TOML file"),
    ],
)
def test_wrong_settings_name_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "spadesctl.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message) as caught:
        load_config(path)
    assert str(caught.value).startswith(str(path))


def test_check_reads_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    everything = runner.invoke(app, ["check", "--format", "json", MISTAKES])
    assert len(_codes(everything.stdout)) == 3
    (tmp_path / "spadesctl.toml").write_text('select = ["SP3"]\nignore = ["renege"]\n')
    configured = runner.invoke(app, ["check", "--format", "json", MISTAKES])
    assert _codes(configured.stdout) == {"SP305"}
    # the command line wins: --select replaces the file's, --ignore adds to it
    chosen = runner.invoke(app, ["check", "--format", "json", "--select", "SP4", MISTAKES])
    assert _codes(chosen.stdout) == {"SP401"}
    isolated = runner.invoke(app, ["check", "--format", "json", "--isolated", MISTAKES])
    assert _codes(isolated.stdout) == _codes(everything.stdout)
    other = tmp_path / "other.toml"
    other.write_text('select = ["SP4"]\n')
    named = runner.invoke(app, ["check", "--format", "json", "--config", str(other), MISTAKES])
    assert _codes(named.stdout) == {"SP401"}


def test_the_default_ruleset_from_the_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.spades"
    text = NIL_GAME.read_text()
    record.write_text("\n".join(line for line in text.splitlines() if "[Rules" not in line))
    monkeypatch.chdir(tmp_path)
    plain = runner.invoke(app, ["check", "--format", "json", str(record)])
    (tmp_path / "pyproject.toml").write_text("[tool.spadesctl.rules]\nblind_nil = false\n")
    configured = runner.invoke(app, ["check", "--format", "json", str(record)])
    assert plain.stdout != configured.stdout
    assert "blind-nil-not-allowed" in configured.stdout
    given = runner.invoke(app, ["check", "--rules", "standard", "--format", "json", str(record)])
    assert given.stdout == plain.stdout  # --rules wins


def test_a_broken_configuration_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "spadesctl.toml").write_text("rules = 'standard nil=banana'\n")
    for args in (["check", MISTAKES], ["score", MISTAKES], ["export", MISTAKES, "-o", "x.csv"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith(f"spadesctl: error: {tmp_path / 'spadesctl.toml'}: rules:")
    assert runner.invoke(app, ["check", "--isolated", MISTAKES]).exit_code == 1
    both = runner.invoke(app, ["check", "--isolated", "--config", "x.toml", MISTAKES])
    assert both.exit_code == 2
