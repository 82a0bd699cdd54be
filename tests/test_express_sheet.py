"""The score sheets from the express check (spadesctl.express.sheet) against the full engine.

``score`` builds the sheet of a game the express check settles from its figures; every
other game goes through the full engine (:func:`spadesctl.sheet.run.sheet_report`).
These tests prove the two write the very same bytes in every format (text, ``--explain``,
JSON, CSV, with and without ``--apply-penalties``): on the generated games of every
preset and of every covered house ruleset, on hands that end with ``claim`` or ``took``
lines and score sheets' hands (generated, and planted: :mod:`tests.outcomes`), on the
samples, on recorded sheets with disputes, on random edits of generated games
(hypothesis), and through ``spadesctl score`` with and without ``--no-express``.
"""

from __future__ import annotations

import functools
import io
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import spadesctl.express.sheet as express_sheet
import spadesctl.sheet.run as sheet_run
from spadesctl.cli import app
from spadesctl.emit import SHEET_FORMATS, SheetSettings
from spadesctl.express import GameLedger, express_game, express_rules
from spadesctl.express.canonical import express_check
from spadesctl.express.sheet import ScoredGame, SettledSheet, as_report, express_report
from spadesctl.generate import generate_games
from spadesctl.notation import format_game
from spadesctl.rules import PRESETS, parse_rules
from spadesctl.rules.presets import STANDARD
from spadesctl.score_run import ScoreSummary, score_files
from spadesctl.sheet.render import SheetReport, render_csv, render_text, write_json
from tests.outcomes import PLANTED, outcome_texts, planted_texts
from tests.strategies import mutated_lines
from tests.test_express import COVERED, units, with_rules_tag
from tests.test_express_lenient import respelled_by_hand

ROOT: Final = Path(__file__).resolve().parents[1]
SAMPLES: Final = sorted(
    str(p) for p in (ROOT / "samples").rglob("*") if p.suffix in (".spades", ".pbn", ".ptn")
)


@functools.cache
def _text(rules_text: str, count: int = 4) -> str:
    """``count`` generated games under ``rules_text`` (Rules tag as written), one record."""
    rules = parse_rules(rules_text)
    games = generate_games(count, seed=11, rules=rules)
    return "\n".join(with_rules_tag(format_game(g), rules_text) for g in games)


def _emitted(scored: Iterable[ScoredGame], fmt: str, settings: SheetSettings) -> str:
    """What ``score --format fmt`` writes of ``scored``, through its emitter."""
    out = io.StringIO()
    emitter = SHEET_FORMATS.get(fmt).emitter(out, settings)
    emitter.start()
    for item in scored:
        emitter.write(item)
    emitter.finish()
    return out.getvalue()


def _renderings(scored: list[ScoredGame], penalties: bool) -> dict[str, str]:
    """Every rendering of ``scored``, as ``score`` writes them (the JSON and CSV of a
    settled game straight from what the express check found, the others from its
    report), and the renderers' own text of the reports."""
    out = io.StringIO()
    write_json(scored, out)
    reports = [as_report(r) for r in scored]
    shown = SheetSettings(penalties=penalties)
    return {
        "json": out.getvalue(),
        "emitted json": _emitted(scored, "json", shown),
        "emitted csv": _emitted(scored, "csv", shown),
        "emitted text": _emitted(scored, "text", SheetSettings(explain=True)),
        "csv": render_csv(reports, penalties=penalties),
        "text": render_text(reports),
        "explain": render_text(reports, explain=True),
    }


def _both(paths: list[str], penalties: bool = False) -> tuple[dict[str, str], ScoreSummary]:
    """The renderings of ``paths`` by both paths (asserted equal), and the summary."""
    found = []
    for express in (True, False):
        summary = ScoreSummary()
        warnings: list[str] = []
        reports = list(
            score_files(
                paths,
                apply_penalties=penalties,
                summary=summary,
                warn=warnings.append,
                express=express,
            )
        )
        found.append((_renderings(reports, penalties), summary, warnings))
    (fast, fast_summary, fast_warnings), (full, full_summary, full_warnings) = found
    for name in fast:
        assert fast[name] == full[name], name
    assert fast_summary == full_summary
    assert fast_warnings == full_warnings
    return fast, fast_summary


def _scored_by_express(paths: list[str]) -> int:
    """How many games of ``paths`` ``score`` scores from what the express check found."""
    return sum(isinstance(r, SettledSheet) for r in score_files(paths))


def _settled(text: str) -> int:
    """How many games of a record text the express check settles (as written, or
    rewritten in canonical form: what ``score`` asks)."""
    return sum(1 for u in units(text) if not u.issues and express_check(u.lines, STANDARD))


def _record(tmp_path: Path, text: str, name: str = "g.spades") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("rules_text", COVERED)
def test_sheets_of_every_covered_ruleset_match_the_engine(rules_text: str, tmp_path: Path) -> None:
    text = _text(rules_text)
    assert _settled(text) == 4  # every game took the express path
    _both([_record(tmp_path, text)])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sheets_of_every_preset_match_the_engine(preset: str, tmp_path: Path) -> None:
    _both([_record(tmp_path, _text(preset, 3))], penalties=True)


_SPELLINGS: Final = (False, True)  # respelled by hand, without and with comments


@pytest.mark.parametrize("comments", _SPELLINGS)
@pytest.mark.parametrize("rules_text", COVERED)
def test_sheets_of_games_written_by_hand_match_the_engine(
    rules_text: str, comments: bool, tmp_path: Path
) -> None:
    text = respelled_by_hand(_text(rules_text, 2), comments)
    assert _settled(text) == 2  # every game took the express path
    _both([_record(tmp_path, text)])


@pytest.mark.parametrize("comments", _SPELLINGS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sheets_of_every_preset_written_by_hand_match_the_engine(
    preset: str, comments: bool, tmp_path: Path
) -> None:
    canonical = _text(preset, 3)
    text = respelled_by_hand(canonical, comments)
    assert _settled(text) == _settled(canonical)  # the spelling changes no answer
    _both([_record(tmp_path, text)], penalties=True)


@pytest.mark.parametrize("rules_text", COVERED)
def test_sheets_of_claims_took_lines_and_score_sheets_match_the_engine(
    rules_text: str, tmp_path: Path
) -> None:
    texts = outcome_texts(rules_text)
    record = _record(tmp_path, "\n\n".join(texts))
    assert _settled("\n\n".join(texts)) == _scored_by_express([record]) == len(texts)
    _both([record])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sheets_of_every_presets_claims_took_lines_and_score_sheets_match_the_engine(
    preset: str, tmp_path: Path
) -> None:
    text = "\n\n".join(outcome_texts(preset))
    record = _record(tmp_path, text)
    assert _scored_by_express([record]) == _settled(text)  # wherever check settles them
    _both([record], penalties=True)


@pytest.mark.parametrize("edit", sorted(PLANTED))
@pytest.mark.parametrize("rules_text", ["standard", "cutthroat", "cutthroat players=3", "jjdd"])
def test_sheets_of_planted_claims_and_took_lines_match_the_engine(
    rules_text: str, edit: str, tmp_path: Path
) -> None:
    text = "\n\n".join(planted_texts(rules_text, edit))
    record = _record(tmp_path, text)
    settled = _settled(text)
    assert settled > 0 and _scored_by_express([record]) == settled
    _both([record], penalties=True)


def test_sheets_of_sides_together_give_the_sides_tricks(tmp_path: Path) -> None:
    """A took line's side count (``took NS 5 EW 8``) is on the sheet as written, in the
    JSON's ``tricks`` as in the text's, on the express path as on the full engine's."""
    text = outcome_texts("standard")[0]
    assert "took NS " in text
    found, _ = _both([_record(tmp_path, text)])
    tricks = [part.split("}", 1)[0] for part in found["json"].split('"tricks": {')[1:]]
    assert any('"NS": ' in t or '"EW": ' in t for t in tricks)


@pytest.mark.parametrize("penalties", [False, True])
def test_sheets_of_the_samples_match_the_engine(penalties: bool) -> None:
    _both(SAMPLES, penalties)


def test_disputed_sheets_go_to_the_engine_and_match(tmp_path: Path) -> None:
    """A game whose score line is wrong, between two clean ones: the express check hands
    it over, and the reports, the disputes and the status are the full engine's."""
    games = _text("standard", 3).split("\n\n[")
    lines = games[1].split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("score "))
    words = lines[at].split(" ")
    words[2] = str(int(words[2]) + 10)
    lines[at] = " ".join(words)
    text = "\n\n[".join([games[0], "\n".join(lines), games[2]])
    assert _settled(text) == 2
    found, summary = _both([_record(tmp_path, text)])
    assert summary.disputed == 1
    assert '"disputed": true' in found["json"] and "score-mismatch" in found["json"]


def test_continued_games_match_the_engine(tmp_path: Path) -> None:
    """``[Continued "yes"]`` (a record from the middle of its game): the full engine starts
    from the first hand's recorded totals less its points, which for a settled game is
    where the express check starts, 0-0."""
    text = _text("standard", 2).replace('[Event "', '[Continued "yes"]\n[Event "')
    assert text.count("Continued") == 2 and _settled(text) == 2
    _both([_record(tmp_path, text)], penalties=True)


def test_a_settled_game_is_scored_without_the_full_engine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(*args: object, **kwargs: object) -> SheetReport:
        raise AssertionError("the full engine was asked")

    monkeypatch.setattr(sheet_run, "sheet_report", refuse)
    canonical = _text("standard")
    # as fmt writes it, and as a person might (comments and lenient spellings)
    for text in (canonical, *(respelled_by_hand(canonical, c) for c in _SPELLINGS)):
        reports = list(score_files([_record(tmp_path, text)]))
        assert len(reports) == 4 and not any(r.disputed for r in reports)


def test_the_json_and_csv_of_a_settled_game_are_written_without_its_report(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    canonical = _text("standard")
    record = _record(tmp_path, canonical + "\n\n" + respelled_by_hand(canonical, comments=True))
    expected = io.StringIO()
    write_json([as_report(r) for r in score_files([record])], expected)

    def refuse(*args: object, **kwargs: object) -> SheetReport:
        raise AssertionError("the report was built")

    expected_csv = render_csv([as_report(r) for r in score_files([record])])
    monkeypatch.setattr(express_sheet, "express_report", refuse)
    scored = list(score_files([record]))
    assert len(scored) == 8 and all(isinstance(r, SettledSheet) for r in scored)
    out = io.StringIO()
    assert write_json(scored, out) is False
    assert out.getvalue() == expected.getvalue()
    assert _emitted(scored, "csv", SheetSettings()) == expected_csv


def test_the_express_report_is_the_engines_value(tmp_path: Path) -> None:
    """Not only the text: the sheet values themselves are equal (positions aside)."""
    text = _text("standard nil=50 blind_nil=100 both_nil=no")
    fast = [as_report(r) for r in score_files([_record(tmp_path, text)])]
    full = [as_report(r) for r in score_files([_record(tmp_path, text)], express=False)]
    assert [r.sheet.hands for r in fast] == [r.sheet.hands for r in full]
    assert [r.sheet.result for r in fast] == [r.sheet.result for r in full]
    assert [r.check for r in fast] == [r.check for r in full]
    assert [h.score.items for r in fast for h in r.sheet.hands if h.score] == [
        h.score.items for r in full for h in r.sheet.hands if h.score
    ]


def test_express_report_counts_every_hand() -> None:
    unit = units(_text("cutthroat"))[0]
    ledger = GameLedger()
    count = express_game(unit.lines, STANDARD, ledger)
    assert count is not None
    report = express_report(ledger, "g.spades", 1)
    assert len(report.sheet.hands) == count
    assert all(h.score is not None for h in report.sheet.hands)


def test_the_full_engine_is_asked_only_for_games_the_express_check_refuses(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[int] = []
    real = sheet_run.sheet_report

    def counting(game: object, *args: object, **kwargs: object) -> SheetReport:
        asked.append(1)
        return real(game, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_run, "sheet_report", counting)
    uncovered = "standard bid_rounds=2"  # raises: not covered
    assert express_rules(parse_rules(uncovered)) is None
    text = "\n\n".join([_text("standard"), _text(uncovered, 2), _text("two-player", 2)])
    list(score_files([_record(tmp_path, text)]))
    assert len(asked) == 2


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_sheets_of_edited_games_match_the_engine(data: st.DataObject) -> None:
    rules_text = data.draw(st.sampled_from(COVERED))
    text = data.draw(
        st.sampled_from((*_text(rules_text).split("\n\n["), *outcome_texts(rules_text)))
    )
    if not text.startswith("["):
        text = "[" + text
    lines = data.draw(mutated_lines(text.split("\n"), extra_rules=COVERED))
    penalties = data.draw(st.booleans())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "e.spades"
        path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
        _both([str(path)], penalties)


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_score_and_score_no_express_print_the_same(fmt: str, tmp_path: Path) -> None:
    canonical = "\n\n".join([_text("standard"), _text("jokers", 2), *outcome_texts("solo")])
    record = _record(tmp_path, canonical + "\n\n" + respelled_by_hand(canonical, comments=True))
    runner = CliRunner()
    out = {}
    for flag in ("--express", "--no-express"):
        result = runner.invoke(app, ["score", *SAMPLES, record, "--format", fmt, flag])
        assert result.exit_code == 1, result.output  # the samples hold disputed sheets
        out[flag] = result.stdout
    assert out["--express"] == out["--no-express"]
