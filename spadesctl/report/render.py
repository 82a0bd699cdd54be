"""Pages as HTML: the Jinja2 templates (autoescaped) with the stylesheet and script inline.

Autoescaping is on for every template: tags and names come from files people send, so
a ``<script>`` in a player's name must show as text.  The CSS and the script are read
from the package (``static/``) once and put inside every page, which is what makes a
page open from disk with no network, and a Content-Security-Policy in each page forbids
any request at all.
"""

from __future__ import annotations

import functools
from importlib import resources

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from spadesctl import __version__
from spadesctl.report.chart import score_chart
from spadesctl.report.index import IndexPage
from spadesctl.report.model import GamePage


@functools.cache
def environment() -> Environment:
    """The template environment (built once; templates are read from the package)."""
    return Environment(
        loader=PackageLoader("spadesctl.report", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@functools.cache
def _static(name: str) -> Markup:
    text = (resources.files("spadesctl.report") / "static" / name).read_text(encoding="utf-8")
    return Markup(text)  # our own files, shipped with the package


def _common() -> dict[str, object]:
    return {"css": _static("report.css"), "js": _static("report.js"), "version": __version__}


def render_game(page: GamePage, *, index_link: bool = False) -> str:
    """One game's page; ``index_link``: it is part of a folder with an ``index.html``."""
    template = environment().get_template("game.html")
    return template.render(
        page=page, chart=score_chart(page.chart), index_link=index_link, **_common()
    )


def render_index(page: IndexPage) -> str:
    """The index page of a folder of game pages."""
    template = environment().get_template("index.html")
    return template.render(page=page, **_common())
