"""Audit of the express check (spadesctl.express): tricky edits of clean games.

The express check may answer "clean, N hands" only where the full engine reports nothing
for a game of N hands.  Each case below is a small edit of a clean game: odd whitespace
and characters, tag names and values, number and card spellings, several or invalid
Rules tags, the score sheet's lines, blind nil passes and eligibility, team bid limits,
the end of the game.  Every case asserts soundness (the express check hands the game
over, or the full engine finds nothing and the same number of hands); where the edit is
meant to break a rule, it also asserts that the full engine does report it, so that the
case keeps testing what it says.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Final

import pytest

from spadesctl.checking import game_diagnostics
from spadesctl.express.canonical import express_check
from spadesctl.notation import GameText, game_from_text, game_texts_from_stream
from spadesctl.rules import parse_rules
from tests.test_express import ONE_HAND

ROOT: Final = Path(__file__).resolve().parents[1]

#: A clean game of six hands under standard rules, with a blind nil, its passes, score
#: and bags lines after every hand, and a result line.
SAMPLE: Final = (ROOT / "samples" / "blind-nil.spades").read_text(encoding="utf-8")

#: A clean one-hand game: scores NS 32 EW 71 and bags NS 2 EW 1 under standard rules.
#: N holds hearts J642, S hearts AQ98; E holds spades Q932, W spades AK.
ONE: Final = '[Event "Audit"]\n' + ONE_HAND

#: N's thirteen cards in ``ONE``.
N_CARDS: Final = "TS 6S 5S JH 6H 4H 2H 3D 2D KC 8C 6C 4C"

#: The expected full-engine verdict: CLEAN (nothing at all), a diagnostic name it must
#: report, or ANY (the case only checks soundness).
CLEAN: Final = "clean"
ANY: Final = "any"
MISPLACED: Final = "misplaced-line"


def units(text: str) -> list[GameText]:
    out = []
    for unit in game_texts_from_stream(io.BytesIO(text.encode("utf-8", "surrogatepass"))):
        assert isinstance(unit, GameText)
        out.append(unit)
    return out


def edited(text: str, edits: tuple[tuple[str, str], ...]) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def without_sheet(text: str) -> str:
    """``text`` without its score and bags lines (the hand's figures then recomputed)."""
    keep = [line for line in text.split("\n") if not line.startswith(("score ", "bags "))]
    return "\n".join(keep)


def check_sound(text: str, default_rules: str, kind: str) -> None:
    default = parse_rules(default_rules)
    games = units(text)
    assert games
    for index, unit in enumerate(games, start=1):
        settled = None if unit.issues else express_check(unit.lines, default)
        express = None if settled is None else settled[0]
        game = game_from_text(unit, "-", index)
        found = [d.name for d in game_diagnostics(game, default=default)]
        if express is not None:  # "clean": the full engine must agree
            assert found == [], (express, found)
            assert express == len(game.hands)
        if kind == CLEAN:
            assert found == []
        elif kind != ANY:
            assert kind in found, found


# -- the sample game, edited ------------------------------------------------------------

_R: Final = '[Rules "standard"]'

#: (id, edits of SAMPLE, default rules (for a game without a Rules tag), full verdict)
SAMPLE_CASES: Final = [
    ("as-is", (), "standard", CLEAN),
    # the Rules tag: its name in any case, the first one counts (a second is a misplaced
    # line), an empty one is standard
    ("rules-tag-upper-case", ((_R, '[RULES "standard"]'),), "standard", CLEAN),
    ("rules-tag-lower-case-nil50", ((_R, '[rules "standard nil=50"]'),), "standard", ANY),
    ("second-rules-tag-invalid", ((_R, _R + '\n[Rules "bogus"]'),), "standard", MISPLACED),
    ("second-rules-tag-other", ((_R, _R + '\n[Rules "standard nil=50"]'),), "standard", MISPLACED),
    (
        "first-rules-tag-other",
        ((_R, '[Rules "standard nil=50"]\n' + _R),),
        "standard",
        "score-mismatch",
    ),
    ("first-rules-tag-invalid", ((_R, '[Rules "bogus"]\n' + _R),), "standard", "invalid-rules"),
    ("rules-tag-bad-value", ((_R, '[Rules "standard nil=maybe"]'),), "standard", "invalid-rules"),
    ("rules-tag-empty", ((_R, '[Rules ""]'),), "standard nil=50", CLEAN),
    ("rules-tag-blank", ((_R, '[Rules "   "]'),), "standard nil=50", CLEAN),
    ("rules-tag-keys-only", ((_R, '[Rules "target=500"]'),), "standard nil=50", CLEAN),
    ("rules-tag-separators", ((_R, '[Rules " Standard ,Target = 500 "]'),), "standard", CLEAN),
    ("no-rules-tag-default", ((_R + "\n", ""),), "standard", CLEAN),
    ("no-rules-tag-other-default", ((_R + "\n", ""),), "standard nil=50", "score-mismatch"),
    ("no-rules-tag-britannica-default", ((_R + "\n", ""),), "britannica", ANY),
    ("rules-tag-tab", ((_R, '[Rules\t"standard"]'),), "standard", CLEAN),
    ("rules-tag-spaces-inside", ((_R, '[ Rules "standard" ]'),), "standard", CLEAN),
    ("rules-tag-escape", ((_R, '[Rules "standard\\\\"]'),), "standard", "invalid-rules"),
    # tag values: comment characters and odd whitespace inside the quotes
    ("tag-value-semicolon", (("Kitchen table", "Kitchen; table"),), "standard", CLEAN),
    ("tag-value-braces", (("Kitchen table", "Kitchen {table} }"),), "standard", CLEAN),
    ("tag-value-open-brace", (("Kitchen table", "Kitchen { table"),), "standard", CLEAN),
    ("tag-value-vertical-tab", (("Kitchen table", "Kitchen\x0btable"),), "standard", CLEAN),
    ("tag-value-form-feed", (("Kitchen table", "Kitchen\x0ctable"),), "standard", CLEAN),
    ("tag-value-carriage-return", (("Kitchen table", "Kitchen\rtable"),), "standard", CLEAN),
    ("tag-value-next-line", (("Kitchen table", "Kitchen\x85table"),), "standard", CLEAN),
    ("tag-value-line-separator", (("Kitchen table", "Kitchen\u2028table"),), "standard", CLEAN),
    ("tag-value-no-break-space", (("Kitchen table", "Kitchen\xa0table"),), "standard", CLEAN),
    ("tag-escaped-quote", (("Kitchen table", 'Kitchen \\"table\\"'),), "standard", CLEAN),
    ("tag-trailing-comment", (("[Date", "; note\n[Date"),), "standard", CLEAN),
    # whitespace and comments in the body
    ("tab-only-line", (("\nhand 2", "\n\t\nhand 2"),), "standard", CLEAN),
    ("form-feed-only-line", (("\nhand 2", "\n\x0c\nhand 2"),), "standard", CLEAN),
    ("comment-line", (("\nhand 2", "\n; a note\nhand 2"),), "standard", CLEAN),
    (
        "block-comment-over-lines",
        (("\nhand 2", "\n{ a note\nhand 9 }\nhand 2"),),
        "standard",
        CLEAN,
    ),
    (
        "trailing-comment",
        (("trick 1 E AD JD KD 8D", "trick 1 E AD JD KD 8D ; ok"),),
        "standard",
        CLEAN,
    ),
    ("trailing-space", (("trick 1 E AD JD KD 8D", "trick 1 E AD JD KD 8D "),), "standard", CLEAN),
    ("trailing-tab", (("trick 1 E AD JD KD 8D", "trick 1 E AD JD KD 8D\t"),), "standard", CLEAN),
    ("double-space", (("trick 1 E AD JD", "trick 1 E AD  JD"),), "standard", CLEAN),
    ("leading-space", (("trick 1 E AD JD", " trick 1 E AD JD"),), "standard", CLEAN),
    ("no-break-space", (("trick 1 E AD JD", "trick 1 E AD\xa0JD"),), "standard", "syntax-error"),
    # spellings the full engine reads as the canonical ones
    ("card-lower-case", (("trick 1 E AD JD", "trick 1 E ad JD"),), "standard", CLEAN),
    ("card-suit-first", (("trick 1 E AD JD", "trick 1 E DA JD"),), "standard", CLEAN),
    ("card-ten", (("trick 8 S 8D TD", "trick 8 S 8D 10D"),), "standard", CLEAN),
    ("card-suit-symbol", (("trick 1 E AD JD", "trick 1 E A\u2666 JD"),), "standard", CLEAN),
    ("hand-number-leading-zero", (("hand 2 dealer", "hand 02 dealer"),), "standard", CLEAN),
    ("trick-number-leading-zero", (("trick 2 E QD", "trick 02 E QD"),), "standard", CLEAN),
    ("bid-leading-zero", (("bid S 1 W 1", "bid S 01 W 1"),), "standard", CLEAN),
    (
        "bids-on-two-lines",
        (("bid S 1 W 1 N 3 E 3", "bid S 1 W 1\nbid N 3 E 3"),),
        "standard",
        CLEAN,
    ),
    ("side-bids", (("bid S 1 W 1 N 3 E 3", "bid NS 4 EW 4"),), "standard", ANY),
    (
        "deal-seats-reordered",
        (
            (
                "deal N:Q8542.AK7.Q6.T75 E:JT76.J93.A3.AKJ2",
                "deal E:JT76.J93.A3.AKJ2 N:Q8542.AK7.Q6.T75",
            ),
        ),
        "standard",
        CLEAN,
    ),
    ("holding-low-first", (("deal N:Q8542", "deal N:2458Q"),), "standard", CLEAN),
    ("side-names-reversed", (("score NS 185 EW 167", "score SN 185 WE 167"),), "standard", CLEAN),
    # the score sheet
    ("score-sides-swapped", (("score NS 543 EW 440", "score EW 440 NS 543"),), "standard", CLEAN),
    ("bags-sides-swapped", (("bags NS 3 EW 0", "bags EW 0 NS 3"),), "standard", CLEAN),
    ("score-one-side-twice", (("score NS 543 EW 440", "score NS 543 NS 543"),), "standard", ANY),
    ("score-one-side-only", (("score NS 543 EW 440", "score NS 543"),), "standard", CLEAN),
    ("score-wrong-sign", (("score NS 543 EW 440", "score NS -543 EW 440"),), "standard", ANY),
    ("score-plus-sign", (("score NS 543", "score NS +543"),), "standard", CLEAN),
    ("score-leading-zero", (("score NS 543", "score NS 0543"),), "standard", CLEAN),
    ("score-off-by-one", (("score NS 543", "score NS 544"),), "standard", "score-mismatch"),
    ("score-for-a-seat", (("score NS 543 EW 440", "score NS 543 EW 440 N 5"),), "standard", ANY),
    ("bags-leading-zero", (("bags NS 3 EW 0", "bags NS 03 EW 0"),), "standard", CLEAN),
    ("bags-double-zero", (("bags NS 3 EW 0", "bags NS 3 EW 00"),), "standard", CLEAN),
    ("bags-negative", (("bags NS 3 EW 0", "bags NS 3 EW -1"),), "standard", "syntax-error"),
    ("bags-plus-sign", (("bags NS 3 EW 0", "bags NS 3 EW +0"),), "standard", "syntax-error"),
    (
        "bags-before-score",
        (("score NS 543 EW 440\nbags NS 3 EW 0", "bags NS 3 EW 0\nscore NS 543 EW 440"),),
        "standard",
        CLEAN,
    ),
    (
        "score-twice",
        (("score NS 543 EW 440", "score NS 543 EW 440\nscore NS 543 EW 440"),),
        "standard",
        "misplaced-line",
    ),
    ("bags-off-by-ten", (("bags NS 3 EW 0", "bags NS 13 EW 0"),), "standard", "bags-mismatch"),
    ("no-sheet", (("score NS 543 EW 440\nbags NS 3 EW 0\n", ""),), "standard", CLEAN),
    # the result line
    ("no-result", (("result NS", ""),), "standard", CLEAN),
    ("result-reversed-side", (("result NS", "result SN"),), "standard", CLEAN),
    ("result-wrong-side", (("result NS", "result EW"),), "standard", "result-mismatch"),
    ("result-a-seat", (("result NS", "result N"),), "standard", "result-mismatch"),
    ("result-twice", (("result NS", "result NS\nresult NS"),), "standard", "misplaced-line"),
    (
        "result-before-sheet",
        (
            (
                "score NS 543 EW 440\nbags NS 3 EW 0\n\nresult NS",
                "result NS\nscore NS 543 EW 440\nbags NS 3 EW 0",
            ),
        ),
        "standard",
        ANY,
    ),
    ("result-early", (("\nhand 6", "\nresult NS\nhand 6"),), "standard", ANY),
    ("target-not-reached", ((_R, '[Rules "standard target=544"]'),), "standard", "result-mismatch"),
    ("target-reached-exactly", ((_R, '[Rules "standard target=543"]'),), "standard", CLEAN),
    ("tie-above-target", ((_R, '[Rules "standard target=440 lose_at=-200"]'),), "standard", ANY),
    (
        "decided-before-last-hand",
        ((_R, '[Rules "standard target=300"]'),),
        "standard",
        "play-after-game-over",
    ),
    # blind nil: eligibility from the recomputed score (before hand 4: NS 226, EW 111)
    (
        "blind-nil-deficit-met",
        ((_R, '[Rules "standard blind_nil_deficit=115"]'),),
        "standard",
        CLEAN,
    ),
    (
        "blind-nil-deficit-short",
        ((_R, '[Rules "standard blind_nil_deficit=116"]'),),
        "standard",
        "blind-nil-not-allowed",
    ),
    (
        "blind-nil-off",
        ((_R, '[Rules "standard blind_nil=off"]'),),
        "standard",
        "blind-nil-not-allowed",
    ),
    (
        "blind-nil-pass-reordered",
        (("pass W>E 9S 8S\npass E>W 2H 5D", "pass E>W 2H 5D\npass W>E 9S 8S"),),
        "standard",
        ANY,
    ),
    ("blind-nil-pass-missing", (("pass E>W 2H 5D\n", ""),), "standard", "bad-pass"),
    (
        "blind-nil-pass-doubled",
        (("pass E>W 2H 5D", "pass E>W 2H 5D\npass E>W 2H 5D"),),
        "standard",
        "bad-pass",
    ),
    (
        "blind-nil-pass-three-cards",
        (("pass W>E 9S 8S", "pass W>E 9S 8S 4S"),),
        "standard",
        "bad-pass",
    ),
    (
        "pass-before-bids",
        (
            (
                "bid N 4 E 2 S 1 W bnil\npass W>E 9S 8S\npass E>W 2H 5D",
                "pass W>E 9S 8S\npass E>W 2H 5D\nbid N 4 E 2 S 1 W bnil",
            ),
        ),
        "standard",
        ANY,
    ),
]


@pytest.mark.parametrize(
    ("edits", "default_rules", "kind"),
    [pytest.param(e, d, k, id=i) for i, e, d, k in SAMPLE_CASES],
)
def test_sample_edits_are_sound(
    edits: tuple[tuple[str, str], ...], default_rules: str, kind: str
) -> None:
    check_sound(edited(SAMPLE, edits), default_rules, kind)


# -- the one-hand game, under rules at the edge of what the express check covers --------

#: (id, rules, edits of ONE, keep its score and bags lines, full verdict)
ONE_CASES: Final = [
    ("as-is", "standard", (), True, CLEAN),
    ("no-sheet", "standard", (), False, CLEAN),
    # bag modes: a count is kept (and compared) only under bag_mode=carry
    ("bag-mode-off", "standard bag_mode=off", (("NS 32 EW 71", "NS 30 EW 70"),), True, CLEAN),
    (
        "bag-mode-off-bags-99",
        "standard bag_mode=off",
        (("NS 32 EW 71", "NS 30 EW 70"), ("bags NS 2", "bags NS 99")),
        True,
        CLEAN,
    ),
    (
        "bag-mode-off-bags-negative",
        "standard bag_mode=off",
        (("NS 32 EW 71", "NS 30 EW 70"), ("bags NS 2", "bags NS -2")),
        True,
        "syntax-error",
    ),
    ("bag-mode-deduct", "standard bag_mode=deduct", (("NS 32 EW 71", "NS 28 EW 69"),), True, CLEAN),
    (
        "bag-mode-deduct-bags-any",
        "standard bag_mode=deduct",
        (("NS 32 EW 71", "NS 28 EW 69"), ("bags NS 2 EW 1", "bags NS 7 EW 0")),
        True,
        CLEAN,
    ),
    (
        "bag-limit-1",
        "standard bag_limit=1 bag_penalty=7",
        (("NS 32 EW 71", "NS 18 EW 64"), ("bags NS 2 EW 1", "bags NS 0 EW 0")),
        True,
        CLEAN,
    ),
    (
        "bag-limit-1-count-not-reduced",
        "standard bag_limit=1 bag_penalty=7",
        (("NS 32 EW 71", "NS 18 EW 64"),),
        True,
        "bags-mismatch",
    ),
    ("bag-limit-off", "standard bag_limit=off", (), True, CLEAN),
    ("set-penalty-zero", "standard set_penalty=zero", (), True, CLEAN),
    # the end of the game: target, lose_at (every side at or below it: the best wins)
    ("target-1", "standard target=1", (("EW 1\n", "EW 1\nresult EW\n"),), True, CLEAN),
    (
        "target-1-wrong-winner",
        "standard target=1",
        (("EW 1\n", "EW 1\nresult NS\n"),),
        True,
        "result-mismatch",
    ),
    (
        "lose-at-one-side",
        "standard target=1000 lose_at=40",
        (("EW 1\n", "EW 1\nresult EW\n"),),
        True,
        CLEAN,
    ),
    (
        "lose-at-both-sides",
        "standard target=72 lose_at=71",
        (("EW 1\n", "EW 1\nresult EW\n"),),
        True,
        CLEAN,
    ),
    (
        "lose-at-zero-not-reached",
        "standard lose_at=0",
        (("EW 1\n", "EW 1\nresult EW\n"),),
        True,
        "result-mismatch",
    ),
    ("undecided-result", "standard", (("EW 1\n", "EW 1\nresult EW\n"),), True, "result-mismatch"),
    # bids: zero, nil, both nil, totals of 13, team limits
    ("zero-is-nil", "standard", (("bid N 1", "bid N 0"),), False, CLEAN),
    ("zero-not-nil", "standard zero_is_nil=no", (("bid N 1", "bid N 0"),), False, CLEAN),
    ("zero-with-nil-off", "standard nil=off", (("bid N 1", "bid N 0"),), False, CLEAN),
    ("nil-with-nil-off", "standard nil=off", (("bid N 1", "bid N nil"),), False, "nil-not-allowed"),
    ("nil-zero-points", "standard nil=0 nil_penalty=0", (("bid N 1", "bid N nil"),), False, CLEAN),
    ("both-nil-allowed", "standard", (("bid N 1 E 4 S 2", "bid N nil E 4 S 0"),), False, CLEAN),
    (
        "both-nil-refused",
        "standard both_nil=no",
        (("bid N 1 E 4 S 2", "bid N nil E 4 S 0"),),
        False,
        "both-nil-not-allowed",
    ),
    (
        "both-zero-not-nil",
        "standard both_nil=no zero_is_nil=no",
        (("bid N 1 E 4 S 2", "bid N 0 E 4 S 0"),),
        False,
        CLEAN,
    ),
    (
        "both-zero-nil-off",
        "standard both_nil=no nil=off",
        (("bid N 1 E 4 S 2", "bid N 0 E 4 S 0"),),
        False,
        CLEAN,
    ),
    (
        "bids-total-13-with-nil",
        "standard bids_total_13=no",
        (("bid N 1 E 4 S 2", "bid N nil E 4 S 6"),),
        False,
        "bids-total-13",
    ),
    (
        "bids-total-13-with-zero",
        "standard bids_total_13=no zero_is_nil=no",
        (("bid N 1 E 4 S 2", "bid N 0 E 4 S 6"),),
        False,
        "bids-total-13",
    ),
    (
        "bids-total-12",
        "standard bids_total_13=no",
        (("bid N 1 E 4 S 2", "bid N nil E 4 S 5"),),
        False,
        CLEAN,
    ),
    ("bid-13", "standard", (("bid N 1 E 4 S 2", "bid N 13 E 4 S nil"),), False, CLEAN),
    # a side's bids together above the tricks in a hand (NS 13 + 2)
    ("side-bid-15", "standard", (("bid N 1", "bid N 13"),), False, "bid-out-of-range"),
    ("bid-14", "standard", (("bid N 1", "bid N 14"),), False, "bid-out-of-range"),
    (
        "min-team-bid-both-nil",
        "standard min_team_bid=1",
        (("bid N 1 E 4 S 2", "bid N nil E 4 S nil"),),
        False,
        "min-bid-violated",
    ),
    ("min-team-bid-met", "standard min_team_bid=3", (), True, CLEAN),
    ("min-team-bid-short", "standard min_team_bid=4", (), True, "min-bid-violated"),
    ("min-team-bid-13", "standard min_team_bid=13", (), True, "min-bid-violated"),
    ("max-team-bid-met", "standard max_team_bid=7", (), True, CLEAN),
    ("max-team-bid-over", "standard max_team_bid=6", (), True, "min-bid-violated"),
    (
        "max-team-bid-17",
        "standard max_team_bid=17",
        (("bid N 1 E 4", "bid N 11 E 10"),),
        False,
        CLEAN,
    ),
    (
        "blind-bid",
        "standard blind_bids=1 blind_bid_deficit=0",
        (("bid N 1", "bid N b1"),),
        False,
        ANY,
    ),
    # blind nil: the passes (deficit 0, so that it is allowed at 0-0)
    (
        "blind-nil-no-pass",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"),),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-pass-back",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-partner-passes-first",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass S>N AH QH\npass N>S AH QH\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-pass-back-reordered",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 4H 6H\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-pass-same-way-twice",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass N>S 6H 4H\n")),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-pass-not-held",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 5H 4H\npass S>N 5H 4H\n")),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-pass-to-opponent",
        "standard blind_nil_deficit=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>E 6H 4H\npass E>N 6H 4H\n")),
        False,
        "bad-pass",
    ),
    (
        # partners who both bid blind nil exchange no cards (004): a pass is a bad-pass
        "blind-nil-both-partners-one-exchange",
        "standard blind_nil_deficit=0",
        (
            ("bid N 1 E 4 S 2", "bid N bnil E 4 S bnil"),
            ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n"),
        ),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-both-partners-no-exchange",
        "standard blind_nil_deficit=0",
        (("bid N 1 E 4 S 2", "bid N bnil E 4 S bnil"),),
        False,
        CLEAN,
    ),
    (
        "blind-nil-both-partners-two-exchanges",
        "standard blind_nil_deficit=0",
        (
            ("bid N 1 E 4 S 2", "bid N bnil E 4 S bnil"),
            ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\npass N>S 6H 4H\npass S>N 6H 4H\n"),
        ),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-both-partners-refused",
        "standard blind_nil_deficit=0 both_nil=no",
        (
            ("bid N 1 E 4 S 2", "bid N bnil E 4 S bnil"),
            ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n"),
        ),
        False,
        "both-nil-not-allowed",
    ),
    (
        "blind-nil-both-sides",
        "standard blind_nil_deficit=0",
        (
            ("bid N 1 E 4", "bid N bnil E bnil"),
            ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\npass E>W 2S 3S\npass W>E 2S 3S\n"),
        ),
        False,
        CLEAN,
    ),
    (
        "blind-nil-both-sides-interleaved",
        "standard blind_nil_deficit=0",
        (
            ("bid N 1 E 4", "bid N bnil E bnil"),
            ("W 3\n", "W 3\npass E>W 2S 3S\npass N>S 6H 4H\npass W>E 2S 3S\npass S>N 6H 4H\n"),
        ),
        False,
        CLEAN,
    ),
    (
        "blind-nil-both-sides-one-missing",
        "standard blind_nil_deficit=0",
        (
            ("bid N 1 E 4", "bid N bnil E bnil"),
            ("W 3\n", "W 3\npass E>W 2S 3S\npass N>S 6H 4H\npass W>E 2S 3S\n"),
        ),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-pass-1",
        "standard blind_nil_deficit=0 blind_nil_pass=1",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H\npass S>N 6H\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-pass-13",
        "standard blind_nil_deficit=0 blind_nil_pass=13",
        (("bid N 1", "bid N bnil"), ("W 3\n", f"W 3\npass N>S {N_CARDS}\npass S>N {N_CARDS}\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-pass-0",
        "standard blind_nil_deficit=0 blind_nil_pass=0",
        (("bid N 1", "bid N bnil"),),
        False,
        CLEAN,
    ),
    (
        "blind-nil-pass-0-with-a-pass",
        "standard blind_nil_deficit=0 blind_nil_pass=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\n")),
        False,
        "bad-pass",
    ),
    (
        "blind-nil-level-deficit-1",
        "standard blind_nil_deficit=1",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n")),
        False,
        "blind-nil-not-allowed",
    ),
    (
        "blind-nil-nil-off",
        "standard blind_nil_deficit=0 nil=off",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n")),
        False,
        CLEAN,
    ),
    (
        "blind-nil-zero-points",
        "standard blind_nil_deficit=0 blind_nil=0",
        (("bid N 1", "bid N bnil"), ("W 3\n", "W 3\npass N>S 6H 4H\npass S>N 6H 4H\n")),
        False,
        CLEAN,
    ),
    # the first trick and the lead of spades
    ("two-of-clubs-wrong-leader", "standard first_lead=two_of_clubs", (), True, "wrong-leader"),
    (
        "spade-lead-first-trick",
        "standard lead_spades=anytime",
        (("trick 1 N KC", "trick 1 N 5S"),),
        False,
        "first-trick-violation",
    ),
    (
        "spade-lead-unbroken",
        "standard",
        (("trick 2 E AD QD", "trick 2 E 2S QD"),),
        False,
        "spades-not-broken",
    ),
    ("spades-first-trick-no", "standard spades_first_trick=no", (), True, CLEAN),
    # rulesets named after another preset, or at the edges of the covered family
    ("preset-name-jokers-deck-standard", "jokers deck=standard", (), True, CLEAN),
    (
        "preset-name-cutthroat-as-standard",
        "cutthroat partnership=yes first_lead=left_of_dealer blind_nil=200",
        (),
        True,
        CLEAN,
    ),
    ("lowest-club", "standard first_lead=lowest_club", (), True, ANY),
    ("must-overtake", "standard must_overtake=yes", (), True, ANY),
    ("moon-not-bid", "standard moon=250", (), True, CLEAN),
    ("ten-for-200-not-bid", "standard ten_for_200=yes boston_wins=yes", (), True, CLEAN),
    ("max-overtricks-2", "standard max_overtricks=2", (), True, CLEAN),
    ("max-overtricks-1", "standard max_overtricks=1", (), True, "score-mismatch"),
    ("suicide-not-followed", "suicide", (), True, "suicide-bid-violated"),
    ("mirror-not-followed", "mirror", (), True, "mirror-bid-violated"),
]


@pytest.mark.parametrize(
    ("rules", "edits", "sheet", "kind"),
    [pytest.param(r, e, s, k, id=i) for i, r, e, s, k in ONE_CASES],
)
def test_one_hand_edits_are_sound(
    rules: str, edits: tuple[tuple[str, str], ...], sheet: bool, kind: str
) -> None:
    text = edited(ONE.format(rules=rules), edits)
    check_sound(text if sheet else without_sheet(text), "standard", kind)


# -- the jokers and jjdd decks, and the lowest-club first trick -------------------------

#: One clean hand under ``jokers`` (BJ and LJ, no 2H or 2C): scores NS 70 EW 42.
JOKERS_ONE: Final = """[Rules "{rules}"]

hand 1 dealer S
deal N:KJ.86.A42.AT754.B E:A64.JT974.Q9853. S:T872.AK3.KJ7.J83 W:Q953.Q5.T6.KQ96.L
bid W 3 N 4 E 1 S 3
trick 1 W KC AC 4S JC
trick 2 E AS TS 3S BJ
trick 3 N KS 6S 8S LJ
trick 4 W QS JS 3D 7S
trick 5 W 9S AD 4H 2S
trick 6 W 5H 6H 7H KH
trick 7 S AH QH 8H JH
trick 8 S KD TD 2D QD
trick 9 S JD 6D 4D 9D
trick 10 S 8C 6C 4C TH
trick 11 S 7D QC 5C 5D
trick 12 S 3H 9C 7C 9H
trick 13 E 8D 3C 5S TC
score NS 70 EW 42
bags NS 0 EW 2
"""

#: The same deal under ``jjdd`` (the 2D and 2S are spades, above the ace): NS -100 EW 40.
JJDD_ONE: Final = """[Rules "{rules}"]

hand 1 dealer S
deal N:KJ.86.A42.AT754.B E:A64.JT974.Q9853. S:T872.AK3.KJ7.J83 W:Q953.Q5.T6.KQ96.L
bid W 3 N 6 E 1 S 4
trick 1 W KC AC 4S JC
trick 2 E AS 2S LJ BJ
trick 3 N 2D 6S TS QS
trick 4 N KS QD 7S 9S
trick 5 N JS JH 8S 5S
trick 6 N AD 9D 7D TD
trick 7 N TC TH 3C QC
trick 8 W 3S 8H 3D AH
trick 9 W QH 6H 4H KH
trick 10 S KD 6D 4D 8D
trick 11 S JD 9C 4C 5D
trick 12 S 8C 6C 5C 9H
trick 13 S 3H 5H 7C 7H
score NS -100 EW 40
bags NS 0 EW 0
"""

#: One clean hand under ``britannica``: everyone plays their lowest club to trick 1
#: (E, void, plays 2D), the highest club wins; NS 42 EW 34.
BRITANNICA_ONE: Final = """[Rules "{rules}"]

hand 1 dealer S
deal N:KJ.A75.K3.KQ8532 E:A64.T9863.J8742. S:T872.KQ2.AQT6.96 W:Q953.J4.95.AJT74
bid W 2 N 2 E 1 S 2
trick 1 W 4C 2C 2D 6C
trick 2 S AD 9D 3D JD
trick 3 S KH JH 5H TH
trick 4 S 9C TC QC 4S
trick 5 E AS TS 3S KS
trick 6 E 6S 7S 9S JS
trick 7 N 3C 9H 2H 7C
trick 8 W 4H 7H 6H QH
trick 9 S 6D 5D KD 8D
trick 10 N 5C 8H TD JC
trick 11 W AC KC 3H QD
trick 12 W 5S AH 4D 2S
trick 13 W QS 8C 7D 8S
score NS 42 EW 34
bags NS 2 EW 4
"""

_TRICK1: Final = "trick 1 W 4C 2C 2D 6C"

#: (id, game, rules, edits, full verdict)
DECK_CASES: Final = [
    ("jokers-as-is", JOKERS_ONE, "jokers", (), CLEAN),
    ("jokers-empty-fifth-group", JOKERS_ONE, "jokers", (("Q9853. S", "Q9853.. S"),), CLEAN),
    ("jokers-lower-case-joker", JOKERS_ONE, "jokers", (("3S BJ", "3S bj"),), CLEAN),
    ("jokers-2h-dealt", JOKERS_ONE, "jokers", (("N:KJ.86", "N:KJ.862"),), "bad-deal"),
    (
        "jokers-joker-in-spades",
        JOKERS_ONE,
        "jokers",
        ((".AT754.B", ".AT754"), ("N:KJ", "N:BKJ")),
        ANY,
    ),
    (
        "jokers-jokers-swapped",
        JOKERS_ONE,
        "jokers",
        ((".AT754.B", ".AT754.L"), (".KQ96.L", ".KQ96.B")),
        "card-not-held",
    ),
    ("jokers-read-as-standard", JOKERS_ONE, "standard", (), "bad-deal"),
    ("jokers-read-as-jjdd", JOKERS_ONE, "jjdd", (), ANY),
    ("jokers-two-of-clubs", JOKERS_ONE, "jokers first_lead=two_of_clubs", (), "invalid-rules"),
    ("jokers-lowest-club", JOKERS_ONE, "jokers first_lead=lowest_club", (), ANY),
    ("jjdd-as-is", JJDD_ONE, "jjdd", (), CLEAN),
    ("jjdd-read-as-jokers", JJDD_ONE, "jokers", (), ANY),
    ("jjdd-2d-in-spades", JJDD_ONE, "jjdd", (("N:KJ.86.A42", "N:KJ2.86.A4"),), "bad-deal"),
    (
        "jjdd-three-players",
        JJDD_ONE,
        "jjdd players=3 partnership=no blind_nil=off",
        (),
        "invalid-rules",
    ),
    ("britannica-as-is", BRITANNICA_ONE, "britannica", (), CLEAN),
    (
        "britannica-north-leads",
        BRITANNICA_ONE,
        "britannica",
        ((_TRICK1, "trick 1 N 2C 2D 6C 4C"),),
        CLEAN,
    ),
    (
        "britannica-east-leads",
        BRITANNICA_ONE,
        "britannica",
        ((_TRICK1, "trick 1 E 2D 6C 4C 2C"),),
        CLEAN,
    ),
    (
        "britannica-not-lowest-club",
        BRITANNICA_ONE,
        "britannica",
        ((_TRICK1, "trick 1 W 4C 3C 2D 6C"), ("trick 7 N 3C", "trick 7 N 2C")),
        "first-trick-violation",
    ),
    (
        "britannica-spade-to-trick-1",
        BRITANNICA_ONE,
        "britannica",
        ((_TRICK1, "trick 1 W 4C 2C 4S 6C"), ("S 9C TC QC 4S", "S 9C TC QC 2D")),
        "first-trick-violation",
    ),
    (
        "britannica-spades-first-trick",
        BRITANNICA_ONE,
        "britannica spades_first_trick=yes",
        (),
        CLEAN,
    ),
    (
        "britannica-left-of-dealer",
        BRITANNICA_ONE,
        "britannica first_lead=left_of_dealer",
        (),
        CLEAN,
    ),
    (
        "britannica-from-standard",
        BRITANNICA_ONE,
        "standard first_lead=lowest_club nil=50 blind_nil=100 both_nil=no "
        "failed_nil_tricks=partner spades_first_trick=no",
        (),
        CLEAN,
    ),
    ("britannica-read-as-standard", BRITANNICA_ONE, "standard", (), ANY),
]


@pytest.mark.parametrize(
    ("game", "rules", "edits", "kind"),
    [pytest.param(g, r, e, k, id=i) for i, g, r, e, k in DECK_CASES],
)
def test_deck_and_first_trick_edits_are_sound(
    game: str, rules: str, edits: tuple[tuple[str, str], ...], kind: str
) -> None:
    check_sound(edited(game.format(rules=rules), edits), "standard", kind)
