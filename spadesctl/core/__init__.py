"""The integer rules core: each rule of play and scoring written once, on plain numbers.

The full engine (:mod:`spadesctl.replay`, :mod:`spadesctl.scoring`), the express check
(:mod:`spadesctl.express`), the bot (:mod:`spadesctl.generate`), the tables and the PBN
reader all call these modules; none of them depends on anything above
:mod:`spadesctl.cards`, :mod:`spadesctl.events` and :mod:`spadesctl.rules`.

- :mod:`~spadesctl.core.bids`: bid codes, and whether a bid is a nil.
- :mod:`~spadesctl.core.dealer`: who deals the next hand.
- :mod:`~spadesctl.core.draws`: who draws when, in the two-player game.
- :mod:`~spadesctl.core.deck`: suit numbers, card indices, each deck as integer
  tables, and the trick winner.
- :mod:`~spadesctl.core.limits`: the notation's limits on numbers.
- :mod:`~spadesctl.core.score`: one party's hand scored on integers, and the bag counter.
"""
