"""Shared hypothesis strategies (random legal games) and small helpers for replay tests.

``generated_games(rules_text)`` draws a seed and plays one game with the legal-play bot
of :mod:`spadesctl.generate`; ``RULES_TEXTS`` lists every preset and a few variants
that combine the rarer keys.  ``diagnose`` checks a record text as ``spadesctl check``
does and ``brief`` reduces a diagnostic to (name, trick, seat) for table-driven tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from hypothesis import strategies as st

from spadesctl.cards import Party
from spadesctl.checking import CheckOptions, game_diagnostics
from spadesctl.diagnostics import Diagnostic
from spadesctl.generate import GenerateOptions, generate_games
from spadesctl.notation import format_game, parse_text
from spadesctl.record import Game
from spadesctl.replay import ReplayedHand, replay_hand
from spadesctl.rules import PRESETS, Ruleset, parse_rules

#: Every preset, and variants that exercise the rarer keys together.
RULES_TEXTS: Final = (
    *PRESETS,
    "cutthroat players=3",
    "solo players=3 first_lead=lowest_club spades_first_trick=no",
    "standard lead_spades=anytime bids_total_13=no min_team_bid=4",
    "jjdd must_overtake=yes",
    "jokers first_lead=lowest_club spades_first_trick=no",
    "standard zero_is_nil=no max_team_bid=9",
    "britannica blind_nil_pass=0",
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rules_texts = st.sampled_from(RULES_TEXTS)


@st.composite
def generated_games(
    draw: st.DrawFn,
    rules_text: str | None = None,
    max_hands: int = 8,
    hands_only: bool | None = None,
) -> Game:
    """One random legal game (at most ``max_hands`` hands), as its canonical text parsed
    back, so that positions are real."""
    text = rules_text if rules_text is not None else draw(rules_texts)
    sheet = draw(st.booleans()) if hands_only is None else hands_only
    options = GenerateOptions(hands_only=sheet, max_hands=max_hands)
    game = next(generate_games(1, draw(seeds), parse_rules(text), options))
    (parsed,) = parse_text(format_game(game), "generated.spades")
    return parsed


def diagnose(text: str, rules: str | None = None) -> list[Diagnostic]:
    """Every diagnostic ``spadesctl check --rules RULES`` reports for a record text."""
    out: list[Diagnostic] = []
    for game in parse_text(text, "t.spades"):
        out.extend(game_diagnostics(game, CheckOptions(rules=rules)))
    return out


def brief(d: Diagnostic) -> tuple[str, int | None, str | None]:
    """(name, trick, seat): what a table-driven case pins down."""
    return (d.name, d.trick, d.seat)


def replay_text(
    text: str, rules: str = "standard", scores: Mapping[Party, int] | None = None
) -> ReplayedHand:
    """Replay the first hand of a record text with ``scores`` before it."""
    (game,) = parse_text(text, "t.spades")
    assert not game.issues, game.issues
    return replay_hand(game.hands[0], parse_rules(rules), scores, file="t.spades", game=1)


def ruleset(text: str) -> Ruleset:
    return parse_rules(text)


#: Words that an edit may put in place of another: cards, seats, sides, bids, numbers.
_EDIT_WORDS: Final = (
    *(r + s for r in "23456789TJQKA" for s in "SHDC"),
    "BJ",
    "LJ",
    *"NESW",
    "NS",
    "EW",
    "nil",
    "bnil",
    "b6",
    "dealer",
    *(str(n) for n in (-100, -10, -1, 0, 1, 2, 3, 4, 5, 9, 10, 12, 13, 14, 100, 500)),
)


@st.composite
def mutated_lines(
    draw: st.DrawFn, lines: list[str], extra_rules: tuple[str, ...] = ()
) -> list[str]:
    """``lines`` of a record with one to three random edits: a word replaced, two words
    or lines swapped, a line dropped or doubled, a number shifted, a Rules tag or a
    result line put in.  For proving that a shortcut never passes a faulty record."""
    out = list(lines)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                ["word", "swap-words", "swap-lines", "drop", "double", "shift", "rules", "result"]
            )
        )
        if not out:
            break
        i = draw(st.integers(0, len(out) - 1))
        words = out[i].split(" ")
        if kind == "word" and len(words) > 1:
            k = draw(st.integers(1, len(words) - 1))
            words[k] = draw(st.sampled_from(_EDIT_WORDS))
            out[i] = " ".join(words)
        elif kind == "swap-words":
            j = draw(st.integers(0, len(out) - 1))
            other = out[j].split(" ")
            if len(words) > 2 and len(other) > 2:
                a = draw(st.integers(1, len(words) - 1))
                b = draw(st.integers(1, len(other) - 1))
                if i == j:
                    other = words
                words[a], other[b] = other[b], words[a]
                out[i] = " ".join(words)
                out[j] = " ".join(other)
        elif kind == "swap-lines":
            j = draw(st.integers(0, len(out) - 1))
            out[i], out[j] = out[j], out[i]
        elif kind == "drop":
            del out[i]
        elif kind == "double":
            out.insert(i, out[i])
        elif kind == "shift":
            numbers = [k for k, w in enumerate(words) if w.lstrip("-").isdigit()]
            if numbers:
                k = draw(st.sampled_from(numbers))
                words[k] = str(int(words[k]) + draw(st.sampled_from([-100, -10, -1, 1, 10, 100])))
                out[i] = " ".join(words)
        elif kind == "rules":
            text = draw(st.sampled_from((*RULES_TEXTS, *extra_rules)))
            out.insert(0, f'[Rules "{text}"]')
        else:
            out.append(f"result {draw(st.sampled_from(['NS', 'EW', 'N']))}")
    return out
