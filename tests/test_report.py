"""``spadesctl report``: the page model, the HTML, the files written (browser tests: in
tests/test_report_browser.py).

The renege sample (samples/mistakes/renege.spades) plants East's 7C on a heart lead in
trick 1 of hand 1 while East still holds 6H and 9H (the deal gives East ``AT42.96.
AQ972.74``): the page must attach SP304 to that very card and show those two cards.
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spadesctl
from spadesctl.checking import game_diagnostics
from spadesctl.cli import app
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.report.index import player_stats
from spadesctl.report.model import game_page
from spadesctl.report.render import render_game
from spadesctl.report.site import ReportError, write_report
from spadesctl.rules.parse import parse_rules
from spadesctl.rules.presets import PRESETS, STANDARD
from spadesctl.sources import expand_paths
from tests.test_notation import ISSUE_EXAMPLE

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
RENEGE = SAMPLES / "mistakes" / "renege.spades"


class _Elements(HTMLParser):
    """Every element's tag and attributes, and the text, of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(html: str) -> _Elements:
    parser = _Elements()
    parser.feed(html)
    return parser


def test_the_renege_is_attached_to_easts_seven_of_clubs_with_its_proof() -> None:
    [game] = spadesctl.load(RENEGE)
    page = game_page(game)
    [d] = page.diagnostics
    assert (d.code, d.name, d.target) == ("SP304", "renege", "hand-1-trick-1-E")
    assert sorted(c.code for c in d.proof) == ["6H", "9H"]
    east = page.hands[0].dealt[1]
    assert east.seat.word == "East" and east.proof == {"6H", "9H"}
    trick = page.hands[0].tricks[0]
    [cell] = [c for c in trick.cells if c.anchor == d.target]
    assert cell.card is not None and cell.card.code == "7C"


def test_the_page_lists_exactly_what_check_reports() -> None:
    for path in expand_paths([str(SAMPLES)]):
        for game in spadesctl.iter_games(path):
            page = game_page(game)
            expected = [(x.code, x.line, x.column, x.message) for x in game_diagnostics(game)]
            assert [(d.code, d.line, d.column, d.message) for d in page.diagnostics] == expected


def test_every_diagnostic_of_the_samples_has_an_element_on_its_page() -> None:
    for path in expand_paths([str(SAMPLES)]):
        for game in spadesctl.iter_games(path):
            page = game_page(game)
            ids = {a.get("id") for _, a in _parse(render_game(page)).elements}
            for d in page.diagnostics:
                assert d.target in ids, (path, d)
                assert d.anchor in ids, (path, d)


def test_the_sheet_marks_the_forgotten_bag_penalty_with_its_explanation() -> None:
    [game] = spadesctl.load(SAMPLES / "mistakes" / "forgot-bag-penalty.spades")
    page = game_page(game)
    [d] = page.diagnostics
    assert d.code == "SP401" and d.target == "sheet-hand-3"
    assert "10-bag penalty at hand 3 was not applied" in d.message
    wrong = [r for r in page.sheet if r.status == "wrong"]
    assert [(r.hand, r.party) for r in wrong] == [(3, "NS")]
    assert "NS 10-bag penalty: -100 (bags 10 -> 0)" in wrong[0].explanation


def test_a_hostile_name_is_text() -> None:
    text = ISSUE_EXAMPLE.replace('"Bo"', '"<script>alert(1)</script>Bo"')
    game = spadesctl.parse_text(text)[0]
    html = render_game(game_page(game))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;Bo" in html
    scripts = [t for t, _ in _parse(html).elements if t == "script"]
    assert scripts == ["script"]  # the page's own, and no other


def test_the_page_is_self_contained() -> None:
    [game] = spadesctl.load(RENEGE)
    html = render_game(game_page(game))
    elements = _parse(html).elements
    for tag, attrs in elements:
        assert "src" not in attrs, tag
        if tag == "link":
            pytest.fail(f"a <link> element: {attrs}")
        if tag == "a":
            href = attrs.get("href") or ""
            assert href.startswith("#"), href
    assert "Content-Security-Policy" in html
    assert re.search(r"https?://", html.replace("http://www.w3.org/2000/svg", "")) is None


def test_pbn_and_native_records_give_the_same_page(tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["convert", str(RENEGE), "--to", "pbn"])
    assert done.exit_code in (0, 1), done.output
    pbn = tmp_path / "renege.pbn"
    pbn.write_text(done.stdout)
    [native] = spadesctl.load(RENEGE)
    [imported] = spadesctl.load(pbn)
    a, b = game_page(native), game_page(imported)
    assert a.hands == b.hands
    assert a.sheet == b.sheet
    assert a.chart == b.chart
    assert [(d.code, d.target, d.proof) for d in a.diagnostics] == [
        (d.code, d.target, d.proof) for d in b.diagnostics
    ]


def test_report_one_game_writes_one_page(tmp_path: Path) -> None:
    out = tmp_path / "renege.html"
    done = CliRunner().invoke(app, ["report", str(RENEGE), "-o", str(out)])
    assert done.exit_code == 1, done.output  # written, and the game has a problem
    assert done.stdout == f"{out}: 1 game, 1 problem\n"
    html = out.read_text(encoding="utf-8")
    assert 'id="d1"' in html and "SP304" in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["renege.html"]


def test_report_of_the_samples_indexes_every_game(tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = CliRunner().invoke(app, ["report", str(SAMPLES), "-o", f"{out}/"])
    assert done.exit_code == 1, done.output
    games = [g for p in expand_paths([str(SAMPLES)]) for g in spadesctl.iter_games(p)]
    index = (out / "index.html").read_text(encoding="utf-8")
    links = [a["href"] for t, a in _parse(index).elements if t == "a" and a.get("href")]
    pages = [h for h in links if h and not h.startswith("#") and "#" not in h]
    assert len(pages) == len(games) == len(set(pages))
    assert sorted(p.name for p in out.iterdir()) == sorted(["index.html", *pages])
    for game in games:
        assert f"<code>{game.source}</code> #{game.index}" in index
    assert 'id="stats"' in index
    problems = [h for h in links if h and h.endswith("#problems")]
    assert len(problems) == sum(1 for g in games if game_page(g).diagnostics) > 0


def test_a_clean_game_exits_zero(tmp_path: Path) -> None:
    record = tmp_path / "one.spades"
    [clean] = list(generate_games(1, 7, STANDARD))
    record.write_text(spadesctl.format_game(clean))
    done = CliRunner().invoke(app, ["report", str(record), "-o", str(tmp_path / "one.html")])
    assert done.exit_code == 0, done.output


def test_an_unreadable_record_writes_nothing(tmp_path: Path) -> None:
    good = tmp_path / "good.spades"
    good.write_text(ISSUE_EXAMPLE)
    missing = tmp_path / "missing.spades"
    out = tmp_path / "site"
    done = CliRunner().invoke(app, ["report", str(good), str(missing), "-o", str(out)])
    assert done.exit_code == 2
    assert "missing.spades" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.spades"]


def test_a_report_replaces_an_older_report_but_never_other_files(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_report([str(SAMPLES / "mistakes")], out)
    first = sorted(p.name for p in out.iterdir())
    write_report([str(SAMPLES / "mistakes")], out)
    assert sorted(p.name for p in out.iterdir()) == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    with pytest.raises(ReportError, match="holds no report"):
        write_report([str(SAMPLES / "mistakes")], other)
    assert [p.name for p in other.iterdir()] == ["keep.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other", "site"]


def test_a_folder_gets_the_mode_mkdir_would_give(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_report([str(SAMPLES / "mistakes")], out)
    (tmp_path / "plain").mkdir()
    assert out.stat().st_mode == (tmp_path / "plain").stat().st_mode
    assert os.access(out / "index.html", os.R_OK)


#: The page-size budget of a 20-hand game (docs/report.md).
PAGE_BUDGET = 300 * 1024


def test_a_twenty_hand_page_is_within_the_budget(tmp_path: Path) -> None:
    rules = parse_rules("standard target=5000")
    [game] = generate_games(1, 20, rules, GenerateOptions(max_hands=20))
    assert len(game.hands) == 20
    out = tmp_path / "twenty.html"
    record = tmp_path / "twenty.spades"
    record.write_text(spadesctl.format_game(game))
    write_report([str(record)], out)
    assert out.stat().st_size < PAGE_BUDGET


def _outline(html: str) -> list[str]:
    """The page's landmarks, headings and anchors, one a line, indented by nesting."""
    keep = {
        "header",
        "nav",
        "main",
        "section",
        "article",
        "footer",
        "h1",
        "h2",
        "h3",
        "table",
        "svg",
    }
    out: list[str] = []

    class Outline(HTMLParser):
        depth = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag in keep or a.get("role") == "note":
                mark = f"#{a['id']}" if a.get("id") else ""
                cls = f".{a['class']}" if a.get("class") and tag != "table" else ""
                out.append("  " * self.depth + f"{tag}{mark}{cls}")
            if tag in ("header", "nav", "main", "section", "article"):
                self.depth += 1

        def handle_endtag(self, tag: str) -> None:
            if tag in ("header", "nav", "main", "section", "article"):
                self.depth -= 1

    Outline().feed(html)
    return out


def test_the_structure_of_the_renege_page_golden() -> None:
    [game] = spadesctl.load(RENEGE)
    outline = "\n".join(_outline(render_game(game_page(game)))) + "\n"
    golden = ROOT / "tests" / "golden" / "report_renege_outline.txt"
    if os.environ.get("SPADESCTL_UPDATE_GOLDEN") == "1":
        golden.write_text(outline)
    assert outline == golden.read_text()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_gives_a_page_whose_parts_are_all_there(preset: str) -> None:
    [game] = generate_games(1, 3, PRESETS[preset], GenerateOptions(max_hands=4))
    read = spadesctl.parse_text(spadesctl.format_game(game))[0]
    page = game_page(read)
    html = render_game(page)
    ids = [a.get("id") for _, a in _parse(html).elements if a.get("id")]
    assert len(ids) == len(set(ids))  # no id twice
    assert len(page.hands) == len(read.hands)
    for hand, shown in zip(read.hands, page.hands, strict=True):
        assert len(shown.tricks) == len(hand.tricks)
        assert f"{shown.anchor}-tricks" in ids or not hand.tricks
    assert page.diagnostics == ()  # the bot plays legally


def test_a_broken_record_still_gets_a_page_with_its_problems_on_it() -> None:
    text = ISSUE_EXAMPLE.replace("trick 2 E 6C 5C 7C 8C", "trick 2 E 6C 5C 7X 8C")
    text = text.replace('[Rules "standard nil=50"]', '[Rules "standard nil=fifty"]')
    game = spadesctl.parse_text(text)[0]
    page = game_page(game)
    codes = {d.code for d in page.diagnostics}
    assert {"SP001", "SP003"} <= codes
    [unreadable] = [d for d in page.diagnostics if d.code == "SP001"]
    assert unreadable.target == "hand-1"  # the hand whose line it is
    html = render_game(page)
    ids = {a.get("id") for _, a in _parse(html).elements}
    assert all(d.anchor in ids and d.target in ids for d in page.diagnostics)


@pytest.mark.parametrize(
    "line",
    [
        "bid E 3",  # a KeyError once
        "deal N:976.KJ4.843.8432 E:KQT5.732.AQ95.T9",  # its note was on no element once
        "trick 1 E AS 2S",  # so was a trick led by East's
    ],
)
def test_a_seat_not_at_the_table_still_gets_its_page(line: str) -> None:
    # found by tests/test_report_fuzz.py: East's line in a two-player record
    text = f'[Rules "two-player"]\nhand 1 dealer N\n{line}\nbid S 4\n'
    game = spadesctl.parse_text(text)[0]
    page = game_page(game)
    expected = [(x.code, x.line, x.column, x.message) for x in game_diagnostics(game)]
    assert any(line == 3 for _, line, _, _ in expected)  # East's bid is a problem
    assert [(d.code, d.line, d.column, d.message) for d in page.diagnostics] == expected
    html = render_game(page)
    ids = {a.get("id") for _, a in _parse(html).elements}
    assert all(d.anchor in ids and d.target in ids for d in page.diagnostics)


def test_hands_and_tricks_numbered_twice_still_get_ids_of_their_own() -> None:
    text = ISSUE_EXAMPLE.replace("trick 2 E 6C 5C 7C 8C", "trick 1 E 6C 5C 7C 8C")
    text = text.replace("hand 2 dealer E", "hand 1 dealer E")
    game = spadesctl.parse_text(text)[0]
    page = game_page(game)
    assert [h.anchor for h in page.hands] == ["hand-1", "hand-1-2"]
    assert [t.anchor for t in page.hands[0].tricks] == ["hand-1-trick-1", "hand-1-trick-1-2"]
    assert {"SP105", "SP312"} <= {d.code for d in page.diagnostics}
    ids = [a["id"] for _, a in _parse(render_game(page)).elements if a.get("id")]
    assert len(ids) == len(set(ids))
    assert all(d.target in ids for d in page.diagnostics)


def test_the_index_figures_are_those_of_spadesctl_stats() -> None:
    done = CliRunner().invoke(app, ["stats", "--format", "json", str(SAMPLES)])
    expected = {r["player"]: r for r in json.loads(done.stdout)}
    view = player_stats(expand_paths([str(SAMPLES)]), None)
    assert {r.player for r in view.rows} == set(expected)
    for r in view.rows:
        e = expected[r.player]
        assert (r.games, r.hands, r.nil_attempts, r.nil_made) == (
            e["games"],
            e["hands"],
            e["nil_attempts"],
            e["nil_made"],
        )
        assert (r.bid_accuracy, r.made_rate, r.nil_rate, r.bags_per_hand) == (
            e["exact_rate"],
            e["made_rate"],
            e["nil_rate"],
            e["bags_per_hand"],
        )
        assert (r.rating, r.rating_sigma, r.rating_ordinal, r.rated_games) == (
            e["rating"],
            e["rating_sigma"],
            e["rating_ordinal"],
            e["rated_games"],
        )
    assert any(r.rated_games for r in view.rows)
    # the game stats leaves out (a line it cannot read) is named
    assert [Path(f.split(":")[0]).name for f in view.not_counted] == ["malformed-tags.ptn"]
    # the deals' sentence is the one `stats` and `fairness` print
    printed = CliRunner().invoke(app, ["fairness", str(SAMPLES)]).stdout.splitlines()
    assert view.fairness is not None and view.fairness in printed
    shown = CliRunner().invoke(app, ["stats", str(SAMPLES)]).stdout.splitlines()
    assert view.fairness in shown


def test_the_index_shows_the_ratings_and_the_deals_sentence(tmp_path: Path) -> None:
    write_report([str(SAMPLES)], tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    view = player_stats(expand_paths([str(SAMPLES)]), None)
    assert view.fairness is not None and f'<p id="fairness">{view.fairness} (' in index
    rated = next(r for r in view.rows if r.rating is not None and r.rating_sigma is not None)
    assert f"{rated.rating:.1f} ± {rated.rating_sigma:.1f}" in index


def test_no_deals_no_sentence(tmp_path: Path) -> None:
    games = generate_games(2, 4, STANDARD, GenerateOptions(hands_only=True))
    path = tmp_path / "took.spades"
    path.write_text("\n".join(spadesctl.format_game(g) for g in games), encoding="utf-8")
    view = player_stats([str(path)], None)
    assert view.rows and view.fairness is None
    write_report([str(path)], tmp_path / "site")
    assert 'id="fairness"' not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_lost_hand_line_folds_two_hands_into_one_and_its_ids_still_differ() -> None:
    # found by tests/test_report_fuzz.py: hand 1 then holds two bid lines and passes
    game = spadesctl.parse_text(ISSUE_EXAMPLE.replace("hand 2 dealer E\n", ""))[0]
    page = game_page(game)
    [hand] = page.hands
    assert len(hand.bids) == 8
    ids = [a["id"] for _, a in _parse(render_game(page)).elements if a.get("id")]
    assert len(ids) == len(set(ids))
    assert all(d.target in ids for d in page.diagnostics)


def test_standard_input_gives_one_page_for_one_game_and_a_folder_for_more(
    tmp_path: Path,
) -> None:
    one = RENEGE.read_text()
    page = tmp_path / "one.html"
    done = CliRunner().invoke(app, ["report", "-", "-o", str(page)], input=one)
    assert done.exit_code == 1, done.output
    assert page.is_file() and "SP304" in page.read_text()
    two = "\n".join(spadesctl.format_game(g) for g in generate_games(2, 3, STANDARD))
    site = tmp_path / "two"
    done = CliRunner().invoke(app, ["report", "-", "-o", str(site)], input=two)
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in site.iterdir()) == ["game-1.html", "game-2.html", "index.html"]
    assert 'id="stats"' not in (site / "index.html").read_text()  # standard input: read once
    done = CliRunner().invoke(app, ["report", "-", "-o", str(tmp_path / "x.html")], input=two)
    assert done.exit_code == 2 and "not one .html file" in done.stderr
    assert not (tmp_path / "x.html").exists()


def test_one_page_may_go_to_standard_output_but_a_folder_may_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["report", str(RENEGE), "-o", "-"])
    assert done.exit_code == 1, done.output
    assert done.stdout.startswith("<!doctype html>") and done.stdout.endswith("</html>\n")
    assert done.stderr == "-: 1 game, 1 problem\n"
    done = CliRunner().invoke(app, ["report", str(SAMPLES / "mistakes"), "-o", "-"])
    assert done.exit_code == 2
    assert "standard output takes one game's page" in done.stderr
    assert list(tmp_path.iterdir()) == []
