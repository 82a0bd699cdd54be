"""Report pages in a real browser (Debian's chromium through Playwright; tests/browser.py).

Pages made from the samples and from generated games are opened from disk and checked
as a player would use them: nothing is requested but the page itself, nothing goes to
the console, every diagnostic sits on its card, the step-through walks every trick with
the cards left as the replay says, the URL fragment restores a position, the index sorts
and filters, and a hostile name is text.  Without chromium or playwright these tests
skip, saying why, unless ``SPADESCTL_REQUIRE_BROWSER=1`` (CI), where that fails.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import spadesctl
from spadesctl.cards import Card
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.referee import RefereedHand, referee_game
from spadesctl.report.cards import card_view
from spadesctl.report.site import write_report
from spadesctl.rules.parse import parse_rules
from spadesctl.sources import expand_paths
from tests import browser
from tests.test_notation import ISSUE_EXAMPLE

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
RENEGE = SAMPLES / "mistakes" / "renege.spades"


@pytest.fixture(scope="module")
def context() -> Iterator[BrowserContext]:
    why = browser.missing()
    if why is not None:
        if browser.required():
            pytest.fail(f"SPADESCTL_REQUIRE_BROWSER=1 but {why}")
        pytest.skip(why)
    with browser.launch() as ctx:
        yield ctx


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "site"
    write_report([str(SAMPLES)], out)
    return out


@pytest.fixture(scope="module")
def renege(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page of the renege sample (the issue's "done when")."""
    out = tmp_path_factory.mktemp("renege") / "renege.html"
    write_report([str(RENEGE)], out)
    return out


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, spadesctl.Game]:
    """A 20-hand game played by the bot (target 5000, so that it runs its 20 hands)."""
    rules = parse_rules("standard target=5000")
    [game] = generate_games(1, 20, rules, GenerateOptions(max_hands=20))
    folder = tmp_path_factory.mktemp("generated")
    record = folder / "twenty.spades"
    record.write_text(spadesctl.format_game(game), encoding="utf-8")
    out = folder / "twenty.html"
    write_report([str(record)], out)
    [read] = spadesctl.load(record)
    return out, read


@dataclass
class Opened:
    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


def _open(context: BrowserContext, path: Path, fragment: str = "") -> Opened:
    page = context.new_page()
    opened = Opened(page)
    page.on("request", lambda r: opened.requests.append(r.url))
    page.on(
        "console",
        lambda m: opened.errors.append(m.text) if m.type in ("error", "warning") else None,
    )
    page.on("pageerror", lambda e: opened.errors.append(str(e)))

    def dialog(d: Any) -> None:
        opened.dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dialog)
    page.goto(path.resolve().as_uri() + fragment)
    page.wait_for_load_state("load")
    return opened


def _only_itself(opened: Opened, path: Path) -> None:
    """Nothing requested but the page itself, nothing on the console."""
    own = path.resolve().as_uri()
    assert [u for u in opened.requests if u.split("#")[0] != own] == []
    assert opened.errors == []


# --- the renege sample: the issue's "done when" ------------------------------------------


def test_the_renege_page_shows_easts_seven_of_clubs_and_the_hearts_that_prove_it(
    context: BrowserContext, renege: Path
) -> None:
    out = renege
    opened = _open(context, out)
    page = opened.page
    _only_itself(opened, out)
    # the note sits in East's cell of trick 1, and that cell holds the 7 of clubs
    where = page.evaluate(
        """() => {
        const note = document.getElementById("d1");
        const td = note.closest("td");
        const row = td.closest("tr");
        const seats = [...row.closest("table").tHead.rows[0].cells].map(c => c.textContent);
        return {card: td.dataset.c, seat: seats[td.cellIndex], row: row.id,
                text: note.textContent, proof: [...note.querySelectorAll(".proof-list .k")]
                    .map(k => k.textContent)};
    }"""
    )
    assert where["card"] == "7C" and where["seat"] == "E" and where["row"] == "hand-1-trick-1"
    assert "SP304" in where["text"] and "renege" in where["text"]
    assert sorted(where["proof"]) == ["6♡", "9♡"]
    marked = page.eval_on_selector_all(
        "#hand-1-deal-E .proof", "els => els.map(e => e.parentNode.className + ':' + e.textContent)"
    )
    assert sorted(marked) == ["row h:6", "row h:9"]
    # the list at the top links to the note
    page.click("#problems a[href='#d1']")
    assert page.evaluate("location.hash") == "#d1"
    assert page.is_visible("#d1")
    # and the note to the table at that trick: East still holds the two hearts, marked
    page.click("#d1 .step-link")
    # the step is taken by the link's handler: wait for it (it raced under load)
    page.wait_for_selector(".stepper[data-hand='1'][data-pos='1']", state="attached")
    assert page.get_attribute(".stepper[data-hand='1']", "data-pos") == "1"
    held = page.eval_on_selector_all(
        "#hand-1-start-E .row.h i:not(.played)", "els => els.map(e => e.textContent)"
    )
    marked = page.eval_on_selector_all(
        "#hand-1-start-E .row.h i.proof", "els => els.map(e => e.textContent)"
    )
    assert sorted(held) == sorted(marked) == ["6", "9"]
    page.close()


# --- every sample page ---------------------------------------------------------------------


def test_every_sample_page_loads_alone_and_attaches_every_diagnostic(
    context: BrowserContext, site: Path
) -> None:
    pages = sorted(p for p in site.glob("*.html") if p.name != "index.html")
    games = [g for path in expand_paths([str(SAMPLES)]) for g in spadesctl.iter_games(path)]
    assert len(pages) == len(games)
    seen = 0
    for path in pages:
        opened = _open(context, path)
        _only_itself(opened, path)
        found = opened.page.evaluate(
            """() => [...document.querySelectorAll("#problems li a")].map(a => {
                const note = document.querySelector(a.getAttribute("href"));
                const target = document.getElementById(a.dataset.target);
                return {note: !!note, inside: !!note && !!target && target.contains(note),
                        code: a.querySelector("code").textContent,
                        same: !!note && note.dataset.code === a.querySelector("code").textContent};
            })"""
        )
        for f in found:
            assert f["note"] and f["inside"] and f["same"], (path.name, f)
        seen += len(found)
        opened.page.close()
    assert seen == len(spadesctl.check(SAMPLES))


# --- the step-through ----------------------------------------------------------------------


def _start_of_play(hand: RefereedHand) -> dict[str, set[str]]:
    """The replay's holdings with the passes made (the test's own reading)."""
    replayed = hand.replayed
    held = {s.value: {c.text for c in replayed.holding(s)} for s in replayed.seats}
    for p in replayed.hand.passes:
        for c in p.cards:
            held[p.giver.value].discard(c.text)
            held[p.receiver.value].add(c.text)
    return held


LEFT = """(hand) => {
    const st = document.querySelector(`.stepper[data-hand="${hand}"]`);
    const out = {};
    st.querySelectorAll(".seat").forEach(seat => {
        const cards = [];
        seat.querySelectorAll(".row").forEach(row => {
            const suit = row.className.split(" ")[1];
            row.querySelectorAll("i:not(.played)").forEach(i => {
                const r = i.textContent === "10" ? "T" : i.textContent;
                cards.push(suit === "j" ? r : r + suit.toUpperCase());
            });
        });
        out[seat.dataset.seat] = cards.sort();
    });
    return out;
}"""

TABLE = """(hand) => [...document.querySelectorAll(
    `.stepper[data-hand="${hand}"] .slot`)].map(s => s.dataset.seat + ":" + s.textContent)"""


def _expected_left(hand: RefereedHand, k: int) -> dict[str, list[str]]:
    held = _start_of_play(hand)
    for t in hand.replayed.tricks[:k]:
        for s, c in zip(t.seats, t.cards, strict=True):
            held[s.value].discard(c.text)
    return {s: sorted(cards) for s, cards in held.items()}


def _label(c: Card) -> str:
    return card_view(c).label


def test_the_step_through_walks_every_trick_with_the_cards_left_as_replayed(
    context: BrowserContext, generated: tuple[Path, spadesctl.Game]
) -> None:
    out, game = generated
    refereed = referee_game(game, parse_rules(game.tag("Rules") or "standard"))
    assert len(refereed.hands) == 20
    opened = _open(context, out)
    page = opened.page
    for hand in refereed.hands:
        n = hand.number
        stepper = f".stepper[data-hand='{n}']"
        page.focus(stepper)
        assert page.evaluate(LEFT, n) == _expected_left(hand, 0)
        for k, trick in enumerate(hand.replayed.tricks, start=1):
            page.keyboard.press("ArrowRight")
            assert page.evaluate("location.hash") == f"#hand-{n}-trick-{k}"
            assert page.evaluate(LEFT, n) == _expected_left(hand, k), (n, k)
            shown = sorted(x for x in page.evaluate(TABLE, n) if not x.endswith(":"))
            pairs = zip(trick.seats, trick.cards, strict=True)
            played = sorted(f"{s.value}:{_label(c)}" for s, c in pairs)
            assert shown == played, (n, k)
            winners = [t.winner.value for t in hand.replayed.tricks[:k]]
            counts = ", ".join(f"{s.value} {winners.count(s.value)}" for s in hand.replayed.seats)
            assert page.inner_text(f"{stepper} .won-so-far") == f"Tricks: {counts}"
        # the last trick: every card played, nothing left
        assert all(not cards for cards in page.evaluate(LEFT, n).values())
        page.keyboard.press("ArrowRight")  # past the end: stays at the last trick
        assert page.evaluate("location.hash") == f"#hand-{n}-trick-{len(hand.replayed.tricks)}"
        page.keyboard.press("Home")
        assert page.evaluate(LEFT, n) == _expected_left(hand, 0)
    # the buttons step too
    page.click(".stepper[data-hand='2'] button[data-step='next']")
    page.click(".stepper[data-hand='2'] button[data-step='next']")
    page.click(".stepper[data-hand='2'] button[data-step='prev']")
    assert page.evaluate("location.hash") == "#hand-2-trick-1"
    _only_itself(opened, out)
    page.close()


def test_the_step_through_plays_the_passed_cards_from_their_new_hands(
    context: BrowserContext, renege: Path
) -> None:
    [game] = spadesctl.load(RENEGE)
    refereed = referee_game(game, parse_rules("standard"))
    with_passes = [h for h in refereed.hands if h.replayed.hand.passes]
    assert len(with_passes) >= 5
    opened = _open(context, renege)
    page = opened.page
    for hand in with_passes:
        n = hand.number
        page.focus(f".stepper[data-hand='{n}']")
        for k in range(1, len(hand.replayed.tricks) + 1):
            page.keyboard.press("ArrowRight")
            assert page.evaluate(LEFT, n) == _expected_left(hand, k), (n, k)
        assert all(not cards for cards in page.evaluate(LEFT, n).values())
    _only_itself(opened, renege)
    page.close()


def test_the_arrow_keys_step_the_hand_on_screen(
    context: BrowserContext, generated: tuple[Path, spadesctl.Game]
) -> None:
    out, _ = generated
    opened = _open(context, out)
    page = opened.page
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#hand-1-trick-1"
    page.evaluate("document.querySelector(\".stepper[data-hand='7']\").scrollIntoView()")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#hand-7-trick-2"
    page.close()


def test_the_url_fragment_restores_the_position(
    context: BrowserContext, generated: tuple[Path, spadesctl.Game]
) -> None:
    out, game = generated
    refereed = referee_game(game, parse_rules(game.tag("Rules") or "standard"))
    hand = refereed.hands[2]
    opened = _open(context, out, "#hand-3-trick-4")
    page = opened.page
    assert page.get_attribute(".stepper[data-hand='3']", "data-pos") == "4"
    assert page.evaluate(LEFT, 3) == _expected_left(hand, 4)
    assert "Trick 4 of" in page.inner_text(".stepper[data-hand='3'] .pos")
    assert page.get_attribute(".stepper[data-hand='2']", "data-pos") == "0"
    # a shared link opened in a new tab lands on the same position
    other = _open(context, out, "#hand-3-trick-4")
    assert other.page.evaluate(LEFT, 3) == page.evaluate(LEFT, 3)
    _only_itself(opened, out)
    page.close()
    other.page.close()


def test_without_javascript_the_page_still_shows_everything_but_the_step_through(
    context: BrowserContext, renege: Path
) -> None:
    out = renege
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    page.goto(out.resolve().as_uri())
    assert page.is_visible("#d1") and page.is_visible("#sheet") and page.is_visible(".chart")
    assert not page.is_visible(".stepper")
    page.close()


def test_the_print_stylesheet_leaves_out_the_controls(
    context: BrowserContext, renege: Path
) -> None:
    out = renege
    opened = _open(context, out)
    page = opened.page
    assert page.is_visible(".stepper")
    page.emulate_media(media="print")
    assert not page.is_visible(".stepper") and not page.is_visible("details.rules")
    assert page.is_visible("#d1") and page.is_visible(".chart") and page.is_visible("#sheet")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") > 3
    page.close()


# --- the index -----------------------------------------------------------------------------


def test_the_index_sorts_and_filters(context: BrowserContext, site: Path) -> None:
    index = site / "index.html"
    opened = _open(context, index)
    page = opened.page
    _only_itself(opened, index)

    def column(n: int) -> list[str]:
        cells = page.eval_on_selector_all(
            "table.games tbody tr:not([hidden])",
            f"rows => rows.map(r => r.cells[{n}].textContent)",
        )
        return [str(c) for c in cells]

    hands = [int(x) for x in column(4)]
    page.click("table.games th:nth-child(5) button")
    assert [int(x) for x in column(4)] == sorted(hands)
    page.click("table.games th:nth-child(5) button")
    assert [int(x) for x in column(4)] == sorted(hands, reverse=True)
    page.click("table.games th:nth-child(1) button")
    events = column(0)
    assert events == page.evaluate("xs => [...xs].sort((a, b) => a.localeCompare(b))", events)
    assert events != sorted(events, reverse=True)
    page.fill("#filter", "Planted")
    shown = column(0)
    assert shown and all("Planted" in e for e in shown)
    assert page.inner_text("#shown") == str(len(shown))
    page.fill("#filter", "")
    assert len(column(0)) == len(hands)
    # every game's link opens its page
    first = page.get_attribute("table.games tbody tr a", "href")
    assert first is not None and (site / first).is_file()
    page.close()


# --- a hostile player name -----------------------------------------------------------------


def test_a_script_in_a_players_name_is_shown_as_text(
    context: BrowserContext, tmp_path: Path
) -> None:
    record = tmp_path / "hostile.spades"
    name = "<script>alert('x')</script><img src=x onerror=alert(2)>Bo"
    record.write_text(ISSUE_EXAMPLE.replace('"Bo"', f'"{name}"'), encoding="utf-8")
    out = tmp_path / "hostile.html"
    write_report([str(record)], out)
    opened = _open(context, out)
    page = opened.page
    assert name in page.inner_text("table.players")
    assert opened.dialogs == []
    assert page.eval_on_selector_all("img", "els => els.length") == 0
    assert page.eval_on_selector_all("script", "els => els.length") == 1
    _only_itself(opened, out)
    page.close()


# --- the screenshot ------------------------------------------------------------------------


def _png_size_and_rows(data: bytes) -> tuple[int, int, int]:
    """(width, height, distinct scanlines) of a PNG (8-bit, no interlace)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8
    channels = {2: 3, 6: 4}[colour]
    chunks, i = [], 8
    while i < len(data):
        (length,) = struct.unpack(">I", data[i : i + 4])
        kind = data[i + 4 : i + 8]
        if kind == b"IDAT":
            chunks.append(data[i + 8 : i + 8 + length])
        i += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = 1 + width * channels
    assert len(raw) == stride * height
    rows = {raw[r * stride + 1 : (r + 1) * stride] for r in range(height)}
    return width, height, len(rows)


def test_a_screenshot_is_the_window_size_and_not_blank(
    context: BrowserContext, renege: Path
) -> None:
    out = renege
    opened = _open(context, out, "#hand-1-trick-1")
    shot = opened.page.screenshot()
    width, height, rows = _png_size_and_rows(shot)
    assert (width, height) == (browser.VIEWPORT["width"], browser.VIEWPORT["height"])
    assert rows > 100  # text, cards and the table, not a blank window
    blank = context.new_page()
    blank.set_content("<html><body></body></html>")
    assert _png_size_and_rows(blank.screenshot())[2] < 5
    opened.page.close()
    blank.close()
