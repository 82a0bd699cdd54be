"""``spadesctl report`` on damaged records: a page for every game, never an exception,
every diagnostic on an element of the page, no id twice (the fuzz records of
tests/strategies.py: the samples with random edits)."""

from __future__ import annotations

import tempfile
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import given

import spadesctl
from spadesctl.notation import RecordReadError
from spadesctl.report.model import game_page
from spadesctl.report.render import render_game
from tests.strategies import fuzz_settings, generated_games, mutated_records

_FOLDER = tempfile.TemporaryDirectory(prefix="spadesctl-report-fuzz-")


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs).get("id")
        if found:
            self.ids.append(found)


def _check_page(game: spadesctl.Game) -> None:
    page = game_page(game)
    parser = _Ids()
    parser.feed(render_game(page))
    assert len(parser.ids) == len(set(parser.ids)), "an id twice"
    ids = set(parser.ids)
    for d in page.diagnostics:
        assert d.target in ids and d.anchor in ids, d


@fuzz_settings(40)
@given(mutated_records())
def test_every_damaged_record_gets_its_pages(record: tuple[str, bytes]) -> None:
    name, data = record
    path = Path(_FOLDER.name) / name
    path.write_bytes(data)
    try:
        for game in spadesctl.iter_games(path):
            _check_page(game)
    except RecordReadError:
        pass  # the command reports it (exit 2) and writes nothing


@fuzz_settings(20)
@given(generated_games(max_hands=4))
def test_every_generated_game_gets_a_clean_page(game: spadesctl.Game) -> None:
    _check_page(game)
    assert game_page(game).diagnostics == ()
