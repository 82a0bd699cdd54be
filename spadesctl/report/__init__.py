"""``spadesctl report``: pages a player can open, step through and share.

:func:`~spadesctl.report.model.game_page` turns a game into the values its page shows,
:mod:`spadesctl.report.render` turns those into self-contained HTML (Jinja2, autoescaped,
CSS, script and SVG charts inline), and :mod:`spadesctl.report.site` writes one page, or
a folder with an index, atomically.  docs/report.md describes the pages.
"""

from __future__ import annotations
