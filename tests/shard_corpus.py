"""A small corpus for the shard and engine tests: generated games, their Date, Event
and player tags varied (several months, undated games, an event whose name needs
percent-encoding), two presets, spread over several files; and the sample records of
mistakes, for rows of the violations table."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation.writer import format_game
from spadesctl.rules.parse import parse_rules

EVENTS = ("Friday League", "Cup / Final 100%", "Open")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
MISTAKES = Path(__file__).resolve().parent.parent / "samples" / "mistakes"
SEAT_TAGS = {"North": "Ann", "East": "Bo", "South": "Cy", "West": "Di"}


def write_corpus(folder: Path, files: int = 4, games: int = 4, seed: int = 5) -> list[str]:
    """``files`` record files of ``games`` games each under ``folder``; their paths."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(files):
        rules = parse_rules("britannica" if number % 2 else "standard target=250")
        texts = []
        for game in generate_games(games, seed * 100 + number, rules, GenerateOptions(number == 3)):
            text = format_game(game)
            event = rng.choice(EVENTS)
            text = text.replace(f'[Event "Generated game {game.index}"]', f'[Event "{event}"]')
            for (tag, old), name in zip(SEAT_TAGS.items(), rng.sample(NAMES, 4), strict=True):
                text = text.replace(f'[{tag} "{old}"]', f'[{tag} "{name}"]')
            if (number + game.index) % 5:  # every fifth game undated
                day = f"2026.{rng.choice((9, 10, 11, 12)):02d}.{rng.randint(1, 30):02d}"
                text = f'[Date "{day}"]\n' + text
            texts.append(text)
        path = folder / f"night-{number}.spades"
        path.write_text("\n".join(texts), encoding="utf-8")
        paths.append(str(path))
    for sample in sorted(MISTAKES.glob("*.spades")):
        shutil.copy(sample, folder / sample.name)
        paths.append(str(folder / sample.name))
    return paths
