"""The express check: a clean game proven clean on integers, without building events.

Most records in a large corpus are clean, and for a clean game ``spadesctl check``
prints nothing: the events, replayed hands and score sheets that the full engine builds
are thrown away.  :func:`express_game` reads the lines of a game as ``spadesctl fmt``
writes them, replays and scores it on integers, and answers the number of hands when it
is sure that the full check would report nothing.  For anything else (a line it does not
know, a ruleset it does not cover, any broken rule or disputed figure) it answers
``None``, and :func:`spadesctl.checking.check_file` checks that game with the full
engine, which finds and words the problems.

So the express check can only ever say "clean"; ``tests/test_express.py`` proves it
agrees with the full engine on generated games of every preset and on thousands of
games with mistakes planted in them (docs/performance.md).

- :mod:`~spadesctl.express.family`: the rulesets covered, as plain numbers.
- :mod:`~spadesctl.express.hand`: one hand's deal, bids, passes and tricks.
- :mod:`~spadesctl.express.bids`: a hand's bid line (seat, side and blind bids).
- :mod:`~spadesctl.express.draw`: a two-player hand's draw lines.
- :mod:`~spadesctl.express.deck`: each deck's cards as bits.
- :mod:`~spadesctl.express.score`: one side's score for a hand, and the game end.
- :mod:`~spadesctl.express.game`: a game's lines, the running score and the sheet.
- :mod:`~spadesctl.express.canonical`: what ``check`` asks (:func:`express_check`): the
  lines as written, then a record written by hand (comments, lenient spellings) again
  with its lines as ``fmt`` writes them.
- :mod:`~spadesctl.express.lines`: where a settled hand's lines are among the game's.
- :mod:`~spadesctl.express.rows`: a settled game as rows of the tables (``export``,
  ``stats``), imported only by :mod:`spadesctl.tables`.
- :mod:`~spadesctl.express.sheet`, :mod:`~spadesctl.express.sheet_json`,
  :mod:`~spadesctl.express.sheet_csv`: a settled game's score sheet (``score``).
"""

from spadesctl.express.family import ExpressRules, express_rules
from spadesctl.express.game import GameLedger, express_game

__all__ = ["ExpressRules", "GameLedger", "express_game", "express_rules"]
