"""A settled game's ``score --format csv`` rows, straight from what the express check found.

:func:`settled_rows` gives the rows that :func:`~spadesctl.sheet.render.render_csv`
writes for the game's report (:func:`~spadesctl.express.sheet.express_report`), one per
hand and party, without building that report: each party's points, bag counter, bags
added and total come from the :class:`~spadesctl.express.game.GameLedger` (the rules
core's figures), its bids and the recorded figures from the game's canonical lines.  A
settled game has no disagreement and no hand after its end (``disputed`` and
``after_game_over`` are ``no``); a party's bids are its side's bid as one, then its
seats' (none in a hand played without bids).
The columns are :data:`~spadesctl.sheet.render.CSV_COLUMNS`' (without
``--apply-penalties``), written out here a second time for speed;
``tests/test_express_sheet.py`` proves the two byte for byte equal on generated games
of every preset and covered ruleset (as ``fmt`` writes them and as people do), the
samples and random edits.
"""

from __future__ import annotations

from collections.abc import Iterator

from spadesctl.cards import Side, seats_for
from spadesctl.express.game import GameLedger
from spadesctl.express.lines import settled_lines
from spadesctl.express.sheet import BAGS_ADDED
from spadesctl.scoring.model import parties_of


def _recorded(line: str) -> dict[str, int]:
    """A canonical ``score`` or ``bags`` line's figures by party name."""
    words = line.split(" ")
    return dict(zip(words[1::2], map(int, words[2::2]), strict=True))


def settled_rows(ledger: GameLedger, source: str, index: int) -> Iterator[list[object]]:
    """The CSV rows of the sheet of game ``index`` of ``source``, which the express
    check settled and told ``ledger`` about, as ``render_csv`` writes them."""
    ruleset, rules = ledger.ruleset, ledger.rules
    assert ruleset is not None and rules is not None
    rows = ledger.rows
    parties = parties_of(ruleset)
    names = [p.value for p in parties]
    seat_names = [s.value for s in seats_for(ruleset.players)]
    sides = [isinstance(p, Side) for p in parties]
    members = list(enumerate(rules.party_seats))
    seat_of = {seat: s for s, seat in enumerate(rules.seats)}
    carry = rules.carry
    for number, hand in enumerate(ledger.hands, start=1):
        lines = settled_lines(rows, hand)
        words = lines.bids
        bid: dict[int, str] = {}
        side_bid: dict[int, str] = {}  # per party, its bid as a side
        for party, value in zip(words[1::2], words[2::2], strict=True):
            if party in seat_of:
                bid[seat_of[party]] = value
            else:
                side_bid[names.index(party)] = value
        took, figures, scores = hand.took, hand.figures, hand.scores
        totals = {} if lines.score is None else _recorded(lines.score)
        counts = {} if lines.bags is None else _recorded(lines.bags)
        dealer = seat_names[hand.dealer]
        for p, mates in members:
            name = names[p]
            f = figures[p]
            if sides[p]:  # its side's bid, then its seats' in seat order: "7, N nil", "N 3, S 4"
                bids = ", ".join(
                    ([side_bid[p]] if p in side_bid else [])
                    + [f"{seat_names[s]} {bid[s]}" for s in mates if s in bid]
                )
            else:
                bids = bid.get(mates[0], "")
            yield [
                source,
                index,
                number,
                dealer,
                name,
                bids,
                sum([took[s] for s in mates]),
                f[0],
                f[1] if carry else "",
                f[BAGS_ADDED] if carry else "",
                scores[p],
                totals.get(name, ""),
                counts.get(name, ""),
                "no",
                "no",
            ]
