"""Write samples/trick-notation/rust-spades-game.tn: a game as rust-spades writes it.

The game is played by spadesctl's bot under rust-spades' rules (North bids and leads
first in every round, to 500, a loss at -200) and written the way rust-spades' encoder
(crates/spades-core/src/transcript/adapter.rs) writes a finished game: the headers it
writes, ``C N:`` with nil as ``0``, and ``[Result "a b"]`` the final totals, as
spadesctl's referee computes them.  Run from the repository root:

    python samples/tools/trick_notation_samples.py
"""

from __future__ import annotations

from pathlib import Path

from spadesctl.cards import Seat, Side
from spadesctl.events import BidKind
from spadesctl.generate import generate_games
from spadesctl.interop.trick_notation import card_text, holding_text, rust_spades_rules
from spadesctl.record import Game
from spadesctl.referee import referee_game

OUT = Path("samples/trick-notation/rust-spades-game.tn")
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def rust_text(game: Game, names: list[str]) -> str:
    rules = rust_spades_rules(500)
    final = referee_game(game, rules).standing
    lines = [
        "% trick-notation v1",
        '[Game "spades"]',
        '[Deck "french52"]',
        '[Seats "N E S W"]',
        f'[Players "{" ".join(names)}"]',
        '[Partnerships "NS EW"]',
        '[GameId "6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b"]',
        '[MaxPoints "500"]',
        '[Termination "Completed"]',
        f'[Result "{final.score(Side.NS)} {final.score(Side.EW)}"]',
        "",
    ]
    for hand in game.hands:
        assert hand.deal is not None and hand.dealer is Seat.W
        held = {h.seat: h.cards for h in hand.deal.holdings}
        lines.append("D " + " ".join(f"{s.value}:{holding_text(held[s])}" for s in SEATS))
        calls = ["0" if b.kind is BidKind.NIL else str(b.tricks) for b in hand.bids]
        lines.append("C N: " + " ".join(calls))
        lines.extend(
            f"P {t.leader.value} " + " ".join(card_text(c) for c in t.cards) for t in hand.tricks
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    [game] = generate_games(1, seed=9, rules=rust_spades_rules(500))
    OUT.write_text(rust_text(game, ["Ann", "Bo", "Cy", "Di"]))


if __name__ == "__main__":
    main()
