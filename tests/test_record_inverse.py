"""``game_events`` and ``assemble`` are each other's inverse for every reader's games.

Found by the fuzz harness (fuzz/): a PBN deal with an empty ``Auction`` section and a
``Passes`` tag was read as a hand whose passes came after a bid line it did not have, and
read back from its events the passes stood before the bids.
"""

from __future__ import annotations

from spadesctl.notation import parse_text
from spadesctl.record import assemble, game_events

RECORD = '% PBN\n[Auction "W"]\n[Passes "N>S LJ 2D, S>N 4H 4D"]\n'


def test_an_empty_auction_is_no_bid_line() -> None:
    [game] = parse_text(RECORD, "empty-auction.pbn")
    [hand] = game.hands
    assert hand.bids == ()
    assert len(hand.passes_before_bid) == 2 and hand.passes == ()
    events = [e for e in game_events(game) if type(e).__name__ != "GameStart"]
    again = assemble(events, source=game.source, index=game.index)  # type: ignore[arg-type]
    assert again == game


def test_passes_written_above_the_auction_stay_after_the_bids() -> None:
    """Found by the final campaign: a PBN record may write its Passes tag (the exchange
    after a blind nil) above its Auction; read back from its events, the passes must not
    become passes before the bidding."""
    text = '[Passes "N>S 6S 5S, S>N 3C 5C"]\n[Auction "S"]\nnil 2 2 5\n'
    [game] = parse_text(text, "passes-first.pbn")
    [hand] = game.hands
    assert len(hand.passes) == 2 and hand.passes_before_bid == ()
    events = [e for e in game_events(game) if type(e).__name__ != "GameStart"]
    again = assemble(events, source=game.source, index=game.index)  # type: ignore[arg-type]
    assert again == game
