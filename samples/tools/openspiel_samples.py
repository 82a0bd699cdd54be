"""Write samples/openspiel/: games that OpenSpiel's own ``spades`` game played.

Random legal actions (bids kept to 5 or less, as people bid), from a fixed seed, through
``pyspiel`` itself: ``serialized.txt`` is one finished game as
``pyspiel.serialize_game_and_state`` writes it, ``histories.ndjson`` two more as plain
action histories with their game string.  Run from the repository root (``open-spiel``
is a test dependency):

    python samples/tools/openspiel_samples.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pyspiel

OUT = Path("samples/openspiel")


def play(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            legal = state.legal_actions()
            if legal[0] >= 52:
                legal = [a for a in legal if 53 <= a <= 52 + 5] or legal  # no nil
            action = rng.choice(legal)
        state.apply_action(action)
    return state


def main() -> None:
    rng = random.Random(2026)
    game = pyspiel.load_game("spades")
    first = play(game, rng)
    (OUT / "serialized.txt").write_text(pyspiel.serialize_game_and_state(game, first))
    other = pyspiel.load_game("spades(win_threshold=300,use_mercy_rule=False)")
    lines = []
    for names in (["Ann", "Bo", "Cy", "Di"], ["Eve", "Fay", "Gus", "Hal"]):
        state = play(other, rng)
        lines.append(json.dumps({"game": str(other), "players": names, "history": state.history()}))
        print(names, state.returns())
    (OUT / "histories.ndjson").write_text("\n".join(lines) + "\n")
    print("serialized.txt", first.returns())


if __name__ == "__main__":
    main()
