"""Audit of the card play: first-trick rules, spades broken, must_overtake, jokers and jjdd,
three and two players, took lines, claims and renege rulings.

Every case is a small record in the native notation and the exact diagnostics it must
produce, (name, hand, trick, seat) in source order; where a case also pins the tricks
taken or the score, the figures are worked out by hand in the comment next to them.
The deals are written out by hand: each one lists 13 (or 17) cards a seat and uses every
card of its deck once, which the absence of ``bad-deal`` in the clean cases confirms.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spadesctl.checking import game_diagnostics
from spadesctl.notation import parse_text
from spadesctl.referee import referee_game
from spadesctl.rules.resolve import rules_for_game

Brief = tuple[str, int | None, int | None, str | None]


def diagnostics(text: str) -> list[Brief]:
    """(name, hand, trick, seat) of every diagnostic of every game in ``text``."""
    out: list[Brief] = []
    for game in parse_text(text, "audit.spades"):
        out.extend((d.name, d.hand, d.trick, d.seat) for d in game_diagnostics(game))
    return out


def taken(text: str) -> dict[str, int]:
    """Tricks per seat (or side) of the one hand of a one-game record, as refereed."""
    (game,) = parse_text(text, "audit.spades")
    refereed = referee_game(game, rules_for_game(game).rules)
    return {str(p): n for p, n in refereed.hands[0].replayed.taken}


def scores(text: str) -> dict[str, int]:
    """The recomputed running scores after the last hand of a one-game record."""
    (game,) = parse_text(text, "audit.spades")
    refereed = referee_game(game, rules_for_game(game).rules)
    return {str(p): s.score for p, s in refereed.standing.entries}


def case(cases: Sequence[tuple[str, str, object]], name: str) -> str:
    """The record of the case called ``name``."""
    return next(text for case_id, text, _ in cases if case_id == name)


def game(rules: str, dealer: str, deal: str, bids: str, *lines: str) -> str:
    body = "\n".join(lines)
    return f'[Rules "{rules}"]\nhand 1 dealer {dealer}\ndeal {deal}\nbid {bids}\n{body}\n'


# --- lowest_club (britannica) ----------------------------------------------------------
# North holds only spades; East only hearts; South nine diamonds and the 2C 3C 4C 5C;
# West four diamonds and the 6C up to the AC.
LOW = "N:AKQJT98765432... E:.AKQJT98765432.. S:..AKQJT9876.5432 W:..5432.AKQJT9876"
# The same but North has the 2H instead of the 2S, and East the 2S instead of the 2H.
LOW2 = "N:AKQJT9876543.2.. E:2.AKQJT9876543.. S:..AKQJT9876.5432 W:..5432.AKQJT9876"
# Britannica, dealer N: the bidding starts with East.
BIDS = "E 3 S 3 W 3 N 3"

LOWEST_CLUB = [
    (
        # Everyone plays the lowest club; East (void) a heart; North, holding only
        # spades, a spade, which is allowed.  The highest club, West's 6C, wins the
        # trick even though North played a spade ("whoever plays the highest club
        # wins", 000_a63dae5419aa4c33.txt), so West leads trick 2.
        "lowest clubs, only-spades player, highest club wins",
        game(
            "britannica",
            "N",
            LOW,
            BIDS,
            "trick 1 E AH 2C 6C 2S",
            "trick 2 W 2D 3S KH AD",
            "claim S",
        ),
        [],
    ),
    (
        # South plays 3C while holding the 2C.
        "not the lowest club",
        game("britannica", "N", LOW, BIDS, "trick 1 E AH 3C 6C 2S", "claim W"),
        [("first-trick-violation", 1, 1, "S")],
    ),
    (
        # West plays the AC while holding the 6C (its lowest).
        "a higher club",
        game("britannica", "N", LOW, BIDS, "trick 1 E AH 2C AC 2S", "claim W"),
        [("first-trick-violation", 1, 1, "W")],
    ),
    (
        # South, holding clubs, plays a diamond: not its lowest club.
        "a heart or diamond while holding clubs",
        game("britannica", "N", LOW, BIDS, "trick 1 E AH AD 6C 2S", "claim W"),
        [("first-trick-violation", 1, 1, "S")],
    ),
    (
        # LOW2: East (void in clubs) plays the 2S while holding hearts; North (void in
        # clubs) plays the 2H, which is allowed.
        "void in clubs: a spade while holding hearts",
        game("britannica", "N", LOW2, BIDS, "trick 1 E 2S 2C 6C 2H", "claim W"),
        [("first-trick-violation", 1, 1, "E")],
    ),
    (
        # North (void in clubs, holding the 2H) plays the AS.
        "void in clubs: the AS while holding a heart",
        game("britannica", "N", LOW2, BIDS, "trick 1 E 3H 2C 6C AS", "claim W"),
        [("first-trick-violation", 1, 1, "N")],
    ),
    (
        # The same rule holds whatever spades_first_trick says: lowest_club itself forbids
        # the spade to a player who has a heart or diamond (issue 3's table).
        "lowest_club with spades_first_trick=yes",
        game(
            "standard first_lead=lowest_club",
            "N",
            LOW2,
            BIDS,
            "trick 1 E 3H 2C 6C AS",
            "claim W",
        ),
        [("first-trick-violation", 1, 1, "N")],
    ),
    (
        # Trick 2 must be led by West (6C won trick 1); South leading it is wrong.
        "the highest club leads trick 2",
        game(
            "britannica",
            "N",
            LOW,
            BIDS,
            "trick 1 E AH 2C 6C 2S",
            "trick 2 S AD 2D 3S KH",
            "claim W",
        ),
        [("wrong-leader", 1, 2, "S")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in LOWEST_CLUB],
    ids=[c[0] for c in LOWEST_CLUB],
)
def test_lowest_club(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_lowest_club_trick_goes_to_the_highest_club() -> None:
    # Trick 1: West's 6C (a spade from North does not win it).  Trick 2: West leads
    # 2D, North trumps with 3S, East KH, South AD: North.  South claims the other 11.
    # N 1, E 0, S 11, W 1.
    record = case(LOWEST_CLUB, "lowest clubs, only-spades player, highest club wins")
    assert taken(record) == {"N": 1, "E": 0, "S": 11, "W": 1}


# --- two_of_clubs (cutthroat) ----------------------------------------------------------
SUITS = "N:AKQJT98765432... E:.AKQJT98765432.. S:..AKQJT98765432. W:...AKQJT98765432"

TWO_OF_CLUBS = [
    (
        # West holds the 2C and leads it; North (void, spades only) trumps.
        "the 2C holder leads it",
        game("cutthroat", "N", SUITS, BIDS, "trick 1 W 2C 2S 2H 2D", "claim N"),
        [],
    ),
    (
        # West leads, but the 3C.
        "the 2C holder leads another card",
        game("cutthroat", "N", SUITS, BIDS, "trick 1 W 3C 2S 2H 2D", "claim N"),
        [("first-trick-violation", 1, 1, "W")],
    ),
    (
        # East (left of the dealer) leads, but West holds the 2C.
        "the player left of the dealer leads instead",
        game("cutthroat", "N", SUITS, BIDS, "trick 1 E 2H 2D 2C 2S", "claim N"),
        [("wrong-leader", 1, 1, "E")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in TWO_OF_CLUBS],
    ids=[c[0] for c in TWO_OF_CLUBS],
)
def test_two_of_clubs(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


# --- spades_first_trick=no, spades broken ----------------------------------------------
# East: 12 hearts and the 2D; South: six top spades and seven top clubs; West: the 2H,
# seven low spades and five low clubs; North: 12 diamonds and the 2C.
FIRST = "N:..AKQJT9876543.2 E:.AKQJT9876543.2. S:AKQJT9...AKQJT98 W:8765432.2..76543"
NO_SPADES = "standard spades_first_trick=no"

SPADES_RULES = [
    (
        # South (void in hearts, holding clubs) trumps the first trick.
        "a spade to trick 1 while holding other cards",
        game(NO_SPADES, "N", FIRST, BIDS, "trick 1 E AH AS 2H 3D", "claim S"),
        [("first-trick-violation", 1, 1, "S")],
    ),
    (
        "the same under standard",
        game("standard", "N", FIRST, BIDS, "trick 1 E AH AS 2H 3D", "claim S"),
        [],
    ),
    (
        "a club discard instead",
        game(NO_SPADES, "N", FIRST, BIDS, "trick 1 E AH AC 2H 2C", "claim E"),
        [],
    ),
    (
        # North holds only spades and is void in hearts: the spade is allowed.
        "only spades may go to trick 1",
        game(NO_SPADES, "N", SUITS, BIDS, "trick 1 E AH 2D 2C 2S", "claim N"),
        [],
    ),
    (
        # North holds only spades and leads one to trick 1 (dealer W): allowed, under
        # left_of_dealer too, even with lead_spades=anytime.
        "a spade lead from a hand of spades",
        game("standard", "W", SUITS, "N 3 E 3 S 3 W 3", "trick 1 N AS AH AD AC", "claim N"),
        [],
    ),
    (
        "the same with lead_spades=anytime",
        game(
            "standard lead_spades=anytime",
            "W",
            SUITS,
            "N 3 E 3 S 3 W 3",
            "trick 1 N AS AH AD AC",
            "claim N",
        ),
        [],
    ),
    (
        # lead_spades=anytime: still no spade lead to trick 1 under left_of_dealer
        # (dealer S, so West leads; West holds the 2H and clubs besides spades).
        "a spade lead to trick 1 under lead_spades=anytime",
        game(
            "standard lead_spades=anytime",
            "S",
            FIRST,
            "W 3 N 3 E 3 S 3",
            "trick 1 W 8S 2C 2D AS",
            "claim S",
        ),
        [("first-trick-violation", 1, 1, "W")],
    ),
    (
        # Trick 1: a club, won by South's AC; nobody played a spade.  South leads the AS
        # at trick 2 while holding clubs: not broken.
        "a spade lead before spades are broken",
        game(
            "standard",
            "S",
            FIRST,
            "W 3 N 3 E 3 S 3",
            "trick 1 W 7C 2C 2D AC",
            "trick 2 S AS 8S 3D 3H",
            "claim S",
        ),
        [("spades-not-broken", 1, 2, "S")],
    ),
    (
        "the same under lead_spades=anytime",
        game(
            "standard lead_spades=anytime",
            "S",
            FIRST,
            "W 3 N 3 E 3 S 3",
            "trick 1 W 7C 2C 2D AC",
            "trick 2 S AS 8S 3D 3H",
            "claim S",
        ),
        [],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in SPADES_RULES],
    ids=[c[0] for c in SPADES_RULES],
)
def test_spades_rules(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


# --- must_overtake (solo) --------------------------------------------------------------
# North: QS 2S, AKQJT9 of hearts, AKQJ of diamonds and the 2C (so North leads, solo being
# two_of_clubs).  East: no spades, 8765 of hearts, T98765 of diamonds, K54 of clubs.
# South: AS KS, the 3D 2D and nine clubs A Q J T 9 8 7 6 3.  West: nine spades J..3,
# the 4H 3H 2H and the 4D.
SOLO = "N:Q2.AKQJT9.AKQJ.2 E:.8765.T98765.K54 S:AK..32.AQJT98763 W:JT9876543.432.4."
SOLO_BIDS = "N 3 E 2 S 4 W 4"  # dealer W: North bids first
SOLO_PLAY = [
    # E beats the 2C (4C), S beats the 4C (6C), W, void, trumps (4S): West.
    "trick 1 N 2C 4C 6C 4S",
    # N beats the 2H (9H); E cannot beat the 9H: any heart; S, void, trumps: South.
    "trick 2 W 2H 9H 5H KS",
    # W, void, trumps (5S); N, void, overtrumps with the QS; E beats the 3C (5C): North.
    "trick 3 S 3C 5S QS 5C",
    # E cannot beat the AH: any heart; S, void, trumps (AS); W cannot beat: 3H.  South.
    "trick 4 N AH 6H AS 3H",
    # W trumps (7S); N cannot beat the 7S with its 2S but must still trump; E KC: West.
    "trick 5 S 7C 7S 2S KC",
    "claim S",
]


def solo(*changed: tuple[int, str]) -> str:
    """The solo hand with some of its trick lines replaced (index, new line); a hand
    whose last replaced trick is not the last one ends there with South's claim."""
    play = list(SOLO_PLAY)
    for index, line in changed:
        play[index] = line
    if changed:
        last = max(index for index, _ in changed)
        play = [*play[: last + 1], "claim S"]
    return game("solo", "W", SOLO, SOLO_BIDS, *play)


MUST_OVERTAKE = [
    ("every card beats what it must", solo(), []),
    (
        # South follows with the 3C although its clubs above the 4C could beat it.
        "following lower while able to beat",
        solo((0, "trick 1 N 2C 4C 3C 4S")),
        [("must-overtake", 1, 1, "S")],
    ),
    (
        # West, void in clubs, discards the 2H while holding spades.
        "a void player not trumping",
        solo((0, "trick 1 N 2C 4C 6C 2H")),
        [("must-overtake", 1, 1, "W")],
    ),
    (
        # North, void in clubs, trumps with the 2S while the QS would beat West's 5S.
        "not overtrumping while able",
        solo((2, "trick 3 S 3C 5S 2S 5C")),
        [("must-overtake", 1, 3, "N")],
    ),
    (
        # East cannot beat the AH (hearts 876): any heart is fine, the 8H as well.
        "unable to beat: any card of the suit",
        solo((3, "trick 4 N AH 8H AS 3H")),
        [],
    ),
    (
        # North holds only the 2S, which cannot beat West's 7S; "must trump (if
        # possible)" (000_a63dae5419aa4c33.txt) still obliges it to play it.
        "a void player who cannot overtrump discards",
        solo((4, "trick 5 S 7C 7S KH KC")),
        [("must-overtake", 1, 5, "N")],
    ),
    (
        # The trick has been trumped (West's 5S) before East plays: East must still beat
        # the best club in it (3C) with a club, and the 4C is gone: the 5C or KC.  Here
        # East plays the KC, which is fine too.
        "following a trumped trick",
        solo((2, "trick 3 S 3C 5S QS KC"), (4, "trick 5 S 7C 7S 2S 5C")),
        # Trick 5: East's only club is now the 5C, which cannot beat the 7C: fine.
        [],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in MUST_OVERTAKE],
    ids=[c[0] for c in MUST_OVERTAKE],
)
def test_must_overtake(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_must_overtake_tricks_and_scores() -> None:
    # Tricks: W 1 (t1) + 1 (t5) = 2; S 1 (t2) + 1 (t4) + 8 claimed = 10; N 1 (t3); E 0.
    # Solo scores each player alone: N bid 3 took 1: -30; E bid 2 took 0: -20;
    # S bid 4 took 10: 40 + 6 = 46; W bid 4 took 2: -40.
    record = solo()
    assert taken(record) == {"N": 1, "E": 0, "S": 10, "W": 2}
    assert scores(record) == {"N": -30, "E": -20, "S": 46, "W": -40}


# --- jokers ----------------------------------------------------------------------------
# 52 cards: the 2H and 2C are out, the jokers in.  North: the 12 hearts and the 2D.  East:
# all 13 spades A..2.  South: ten diamonds A..5, the 3C and both jokers.  West: the 4D 3D
# and eleven clubs A..4.
JOKERS = "N:.AKQJT9876543.2. E:AKQJT98765432... S:..AKQJT98765.3.BL W:..43.AKQJT987654"
# The same, but East has the AC for the 2S, which goes to West.
JOKERS2 = "N:.AKQJT9876543.2. E:AKQJT9876543...A S:..AKQJT98765.3.BL W:2..43.KQJT987654"

JOKER_CASES = [
    (
        # East holds only spades and leads the AS: allowed, and it breaks spades.  South
        # must follow with a joker; the LJ beats the AS.  South may then lead the BJ.
        "a forced spade lead breaks spades",
        game(
            "jokers",
            "N",
            JOKERS,
            BIDS,
            "trick 1 E AS LJ 3D 2D",
            "trick 2 S BJ 4D AH KS",
            "claim S",
        ),
        [],
    ),
    (
        # South holds two jokers, which are spades, and plays the 3C on a spade lead.
        "a joker must follow a spade lead",
        game("jokers", "N", JOKERS, BIDS, "trick 1 E AS 3C 3D 2D", "claim E"),
        [("renege", 1, 1, "S")],
    ),
    (
        # East wins trick 1 with the AC and is left with only spades: its spade lead is
        # forced and breaks them; West follows with the 2S, the LJ beats the AS; South
        # leads the BJ at trick 3.
        "a spade lead once only spades are left",
        game(
            "jokers",
            "N",
            JOKERS2,
            BIDS,
            "trick 1 E AC 3C 4C 2D",
            "trick 2 E AS LJ 2S AH",
            "trick 3 S BJ 3D KH KS",
            "claim S",
        ),
        [],
    ),
    (
        # Dealer E: South leads the LJ at trick 1 while holding diamonds and a club.
        "a joker led before spades are broken",
        game("jokers", "E", JOKERS2, "S 3 W 3 N 3 E 3", "trick 1 S LJ 2S AH KS", "claim S"),
        [("spades-not-broken", 1, 1, "S")],
    ),
    (
        # The 2H and 2C are not in the jokers deck (North is dealt the 2H for the 3H).
        "the 2H is not dealt",
        game(
            "jokers",
            "N",
            JOKERS.replace("N:.AKQJT9876543.2.", "N:.AKQJT9876542.2."),
            BIDS,
            "took N 3 E 3 S 3 W 4",
        ),
        [("bad-deal", 1, None, "N")],
    ),
    (
        # West is dealt the 2C for the 4C.
        "the 2C is not dealt",
        game(
            "jokers",
            "N",
            JOKERS.replace("W:..43.AKQJT987654", "W:..43.AKQJT987652"),
            BIDS,
            "took N 3 E 3 S 3 W 4",
        ),
        [("bad-deal", 1, None, "W")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in JOKER_CASES],
    ids=[c[0] for c in JOKER_CASES],
)
def test_jokers(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_joker_tricks() -> None:
    # Trick 1: LJ beats AS: South.  Trick 2: BJ: South.  South claims the other 11.
    assert taken(case(JOKER_CASES, "a forced spade lead breaks spades")) == {
        "N": 0,
        "E": 0,
        "S": 13,
        "W": 0,
    }
    # Trick 1: AC: East.  Trick 2: LJ over AS and 2S: South.  Trick 3: BJ: South; South
    # claims 10 more.  E 1, S 12.
    assert taken(case(JOKER_CASES, "a spade lead once only spades are left")) == {
        "N": 0,
        "E": 1,
        "S": 12,
        "W": 0,
    }


# --- jjdd: BJ > LJ > 2D > 2S > AS ------------------------------------------------------
# North: the 2S and 12 hearts.  East: AKQJ of spades and nine diamonds A..6.  South:
# T9876 of spades, the 2D (a spade) with the 5D 4D 3D, the AKQ of clubs and the LJ.
# West: 543 of spades, nine clubs J..3 and the BJ.
JJDD = "N:2.AKQJT9876543.. E:AKQJ..AKQJT9876. S:T9876..5432.AKQ.L W:543...JT9876543.B"
JJDD_PLAY = [
    "trick 1 E AD 3D 3S QH",  # W trumps: West
    "trick 2 W 4S 2S AS 6S",  # the 2S beats the AS: North
    "trick 3 N KH KS 2D JC",  # the 2D beats the KS: South
    "trick 4 S LJ BJ JH QS",  # the BJ beats the LJ: West
    "trick 5 W TC 9H JS AC",  # East trumps: East
    "claim E",
]

JJDD_CASES = [
    ("the order of the top spades", game("jjdd", "N", JJDD, BIDS, *JJDD_PLAY), []),
    (
        # Dealer E: South leads the 2D, a spade, before spades are broken.
        "a 2D lead is a spade lead",
        game("jjdd", "E", JJDD, "S 3 W 3 N 3 E 3", "trick 1 S 2D 3S 2S AS", "claim S"),
        [("spades-not-broken", 1, 1, "S")],
    ),
    (
        # ... and North, whose only spade is the 2S, must follow it.
        "the 2S must follow a 2D lead",
        game("jjdd", "E", JJDD, "S 3 W 3 N 3 E 3", "trick 1 S 2D 3S AH AS", "claim S"),
        [("spades-not-broken", 1, 1, "S"), ("renege", 1, 1, "N")],
    ),
    (
        # On a diamond lead South, holding the 5D 4D 3D, plays the 2D: not a diamond.
        "the 2D does not follow diamonds",
        game("jjdd", "N", JJDD, BIDS, "trick 1 E AD 2D 3S QH", "claim S"),
        [("renege", 1, 1, "S")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in JJDD_CASES],
    ids=[c[0] for c in JJDD_CASES],
)
def test_jjdd(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_jjdd_tricks_and_scores() -> None:
    # W: tricks 1 and 4; N: trick 2; S: trick 3; E: trick 5 and 8 claimed = 9.
    # NS bid 6, took 1 + 1 = 2: set, -60.  EW bid 6, took 2 + 9 = 11: 60 + 5 = 65.
    record = case(JJDD_CASES, "the order of the top spades")
    assert taken(record) == {"N": 1, "E": 9, "S": 1, "W": 2}
    assert scores(record) == {"NS": -60, "EW": 65}
    # The 2D lead: S 2D, W 3S, N 2S, E AS: the 2D is the highest: South, then 12 claimed.
    assert taken(case(JJDD_CASES, "a 2D lead is a spade lead")) == {"N": 0, "E": 0, "S": 13, "W": 0}


# --- three players: 17 cards each, the 2D out, 17 tricks -------------------------------
# North: 13 spades and the AKQJ of hearts; East: the other nine hearts and the diamonds
# A..7; South: the 6D 5D 4D 3D and all the clubs.
THREE = "N:AKQJT98765432.AKQJ.. E:.T98765432.AKQJT987. S:..6543.AKQJT98765432"
THREE_RULES = "cutthroat players=3 first_lead=left_of_dealer"
# Dealer S: North, on its left, leads.  North cashes its hearts (South, void, discards
# diamonds), then leads spades, holding nothing else: East discards hearts, then
# diamonds; South clubs.  North wins all 17.
THREE_PLAY = [
    "trick 1 N AH TH 6D",
    "trick 2 N KH 9H 5D",
    "trick 3 N QH 8H 4D",
    "trick 4 N JH 7H 3D",
    "trick 5 N AS 6H AC",
    "trick 6 N KS 5H KC",
    "trick 7 N QS 4H QC",
    "trick 8 N JS 3H JC",
    "trick 9 N TS 2H TC",
    "trick 10 N 9S AD 9C",
    "trick 11 N 8S KD 8C",
    "trick 12 N 7S QD 7C",
    "trick 13 N 6S JD 6C",
    "trick 14 N 5S TD 5C",
    "trick 15 N 4S 9D 4C",
    "trick 16 N 3S 8D 3C",
    "trick 17 N 2S 7D 2C",
]

THREE_CASES = [
    ("17 tricks played", game(THREE_RULES, "S", THREE, "N 13 E 2 S 2", *THREE_PLAY), []),
    (
        "an 18th trick",
        game(THREE_RULES, "S", THREE, "N 13 E 2 S 2", *THREE_PLAY, "trick 18 N AS AD AC"),
        [
            ("trick-number", 1, 18, None),
            ("card-played-twice", 1, 18, "N"),
            ("card-played-twice", 1, 18, "E"),
            ("card-played-twice", 1, 18, "S"),
        ],
    ),
    (
        # 13 of 17 tricks and no claim.
        "13 tricks are not a hand",
        game(THREE_RULES, "S", THREE, "N 13 E 2 S 2", *THREE_PLAY[:13]),
        [("incomplete-hand", 1, None, None)],
    ),
    (
        # East is dealt the 2D (for the 7D): it is out of a three-player deck.
        "the 2D is not dealt",
        game(
            THREE_RULES,
            "S",
            THREE.replace("AKQJT987.", "AKQJT982."),
            "N 11 E 3 S 2",
            "took N 11 E 3 S 3",
        ),
        [("bad-deal", 1, None, "E")],
    ),
    (
        # A bid of 17 is in range with three players; 18 is not.
        "bids up to 17",
        game(THREE_RULES, "S", THREE, "N 17 E 18 S 1", "took N 17 E 0 S 0"),
        [("bid-out-of-range", 1, None, "E")],
    ),
    (
        "took lines add up to 17",
        game(THREE_RULES, "S", THREE, "N 11 E 3 S 2", "took N 9 E 2 S 2"),
        [("trick-count-mismatch", 1, None, None)],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in THREE_CASES],
    ids=[c[0] for c in THREE_CASES],
)
def test_three_players(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_three_players_scores() -> None:
    # N bid 13, took 17: 130 + 4 = 134; E bid 2 took 0: -20; S bid 2 took 0: -20.
    assert scores(case(THREE_CASES, "17 tricks played")) == {"N": 134, "E": -20, "S": -20}
    # The moon with three players is 17 tricks: N bid 17 and took them: 250.
    # E and S bid 1 each and took none: -10.
    moon = game(THREE_RULES + " moon=250", "S", THREE, "N 17 E 1 S 1", *THREE_PLAY)
    assert diagnostics(moon) == []
    assert scores(moon) == {"N": 250, "E": -10, "S": -10}
    # took: N bid 11 took 11: 110; E bid 3 took 3: 30; S bid 2 took 3: 21.
    assert scores(game(THREE_RULES, "S", THREE, "N 11 E 3 S 2", "took N 11 E 3 S 3")) == {
        "N": 110,
        "E": 30,
        "S": 21,
    }


# --- two players: the draw ---------------------------------------------------------------
RANKS = "AKQJT98765432"


def draws(first: str = "S", steps: int = 26) -> list[str]:
    """Draw steps in which South keeps every spade (discarding the diamonds) and North
    every heart (discarding the clubs), alternating from ``first``."""
    other = {"S": "N", "N": "S"}
    out = []
    seat = first
    kept = {"S": 0, "N": 0}
    for _ in range(steps):
        k = kept[seat]
        if seat == "S":
            out.append(f"draw S keep {RANKS[k]}S discard {RANKS[k]}D")
        else:
            out.append(f"draw N keep {RANKS[k]}H discard {RANKS[k]}C")
        kept[seat] += 1
        seat = other[seat]
    return out


def two_player(draw_lines: list[str], *rest: str) -> str:
    lines = "\n".join(draw_lines + list(rest))
    return f'[Rules "two-player"]\nhand 1 dealer N\n{lines}\n'


TWO_CASES = [
    (
        # South, the non-dealer, draws first, bids first and leads first; holding only
        # spades it leads one, which is allowed.
        "the draw builds the hands",
        two_player(draws(), "bid S 13 N nil", "trick 1 S AS AH", "claim S"),
        [],
    ),
    (
        "the dealer draws first",
        two_player(draws("N"), "bid S 13 N nil", "took S 13 N 0"),
        [("bad-draw", 1, None, "N")],
    ),
    (
        "a step missing",
        two_player(draws(steps=25), "bid S 13 N nil", "took S 13 N 0"),
        [("bad-draw", 1, None, None)],
    ),
    (
        # Step 2 keeps the AH, then step 4 (North again) keeps the AH once more.
        "a card drawn twice",
        two_player(
            [line.replace("keep KH", "keep AH") for line in draws()],
            "bid S 13 N nil",
            "took S 13 N 0",
        ),
        [("bad-draw", 1, None, "N")],
    ),
    (
        # With the draws known, North is proven to hold only hearts: a spade is a
        # card not held.
        "a card not kept",
        two_player(draws(), "bid S 13 N nil", "trick 1 S AS 2S", "claim S"),
        [("card-not-held", 1, 1, "N")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in TWO_CASES],
    ids=[c[0] for c in TWO_CASES],
)
def test_two_players(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_two_player_moon_and_nil() -> None:
    # S bid all 13 and took them: moon, 250.  N's nil made: 100.
    assert scores(case(TWO_CASES, "the draw builds the hands")) == {"N": 100, "S": 250}


def test_two_player_dealers_alternate() -> None:
    hands = "".join(
        f"hand {n} dealer {dealer}\nbid {bids}\ntook S 6 N 7\n\n"
        for n, dealer, bids in ((1, "N", "S 6 N 7"), (2, "S", "N 7 S 6"), (3, "S", "N 7 S 6"))
    )
    # Hand 3 should be dealt by North again.
    assert diagnostics('[Rules "two-player"]\n' + hands) == [("dealer-out-of-turn", 3, None, "S")]


# --- took lines, claims and renege rulings ---------------------------------------------
# The deal of docs/notation.md; dealer N, East leads.
DEAL_A = "N:AJ64.QT9.74.J984 E:KQT975.A62.3.Q62 S:8.J853.KQJT96.53 W:32.K74.A852.AKT7"
PLAY_A = [
    "trick 1 E AH JH 4H 9H",  # AH: East
    "trick 2 E 6C 5C 7C 8C",  # 8C: North
    "trick 3 N QH 2H 8H KH",  # KH: West
    "trick 4 W AD 4D 3D KD",  # AD: West
    "trick 5 W AC 4C QC 3C",  # AC: West
    "trick 6 W 2D 7D 5S QD",  # East trumps: East
    "trick 7 E 7S 8S 2S AS",  # AS: North
    "trick 8 N TH 6H 5H 7H",  # TH: North
    "trick 9 N JC 2C JD KC",  # KC: West
    "trick 10 W TC 9C 9S TD",  # East trumps: East
    "trick 11 E QS 9D 3S 4S",  # QS: East
    "trick 12 E KS 3H 5D 6S",  # KS: East
    "trick 13 E TS 6D 8D JS",  # JS: North
]
A_BIDS = "E 6 S nil W 4 N 3"

OUTCOME_CASES = [
    (
        "took agreeing with the play",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A, "took N 4 E 5 S 0 W 4"),
        [],
    ),
    (
        # The play gives N 4 and E 5 (tricks 2, 7, 8, 13; 1, 6, 10, 11, 12).
        "took disagreeing with the play",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A, "took N 3 E 6 S 0 W 4"),
        [("trick-count-mismatch", 1, None, "N"), ("trick-count-mismatch", 1, None, "E")],
    ),
    (
        # After 9 tricks North has won 3 (2, 7, 8): a took line giving it 2 is wrong.
        "took below the tricks already won",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "took N 2 E 7 S 0 W 4"),
        [("trick-count-mismatch", 1, None, "N")],
    ),
    (
        # South bid nil: the scorer needs South's own tricks.
        "a side total with a nil bidder",
        game("standard", "N", DEAL_A, A_BIDS, "took NS 4 EW 9"),
        [("trick-count-mismatch", 1, None, None)],
    ),
    ("a claim ends the hand", game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "claim E"), []),
    (
        # After 9 tricks: E 2, N 3, W 4, S 0; East claims the other 4 for EW.  The took
        # line may split them between East and West (E 3, W 7) ...
        "took after a claim, the claimed tricks split between partners",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "claim E", "took N 3 E 3 S 0 W 7"),
        [],
    ),
    (
        # ... but may not give NS more than the 3 they won in play: here South gets one,
        # which would fail South's nil.
        "took after a claim giving the other side a claimed trick",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "claim E", "took N 3 E 5 S 1 W 4"),
        [("trick-count-mismatch", 1, None, None)],
    ),
    (
        # South followed hearts in trick 1: the ruling is not supported.
        "a renege ruling the play does not support",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "claim E", "renege S 1"),
        [("unsupported-renege-call", 1, 1, "S")],
    ),
    (
        # Trick 10 is not recorded: the ruling stands as the table made it.
        "a ruling for an unrecorded trick",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:9], "claim E", "renege S 10"),
        [],
    ),
    (
        # Without the deal and with a claim, South's hearts never appear: the record
        # neither proves nor refutes the renege the table ruled, which stands.
        "a ruling the record cannot check",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A[:2], "trick 3 N QH 2H JD KH", "claim W")
        .replace(f"deal {DEAL_A}\n", "")
        .replace("claim W", "claim W\nrenege S 3"),
        [],
    ),
    (
        # Played out without a deal: South's 13 cards all show, and at trick 6 (a diamond
        # lead) South followed; at trick 9 (clubs) South, out of clubs since trick 5,
        # played the JD: no renege, and the record proves it.
        "a ruling the full play refutes",
        game("standard", "N", DEAL_A, A_BIDS, *PLAY_A, "renege S 9").replace(
            f"deal {DEAL_A}\n", ""
        ),
        [("unsupported-renege-call", 1, 9, "S")],
    ),
    (
        # South discards the JD on North's heart lead while holding the 8H.
        "a proven renege, ruled",
        game(
            "standard",
            "N",
            DEAL_A,
            A_BIDS,
            *PLAY_A[:2],
            "trick 3 N QH 2H JD KH",
            "claim W",
            "renege S 3",
        ),
        [("renege", 1, 3, "S")],
    ),
]


@pytest.mark.parametrize(
    ("record", "expected"),
    [c[1:] for c in OUTCOME_CASES],
    ids=[c[0] for c in OUTCOME_CASES],
)
def test_outcome(record: str, expected: list[Brief]) -> None:
    assert diagnostics(record) == expected


def test_outcome_scores() -> None:
    # Full play: N 4, E 5, S 0, W 4.  NS: N bid 3 took 4: 30 + 1; S's nil made: +100.
    # 131.  EW bid 10, took 9: -100.
    assert scores(case(OUTCOME_CASES, "took agreeing with the play")) == {"NS": 131, "EW": -100}
    # Claim after 9 tricks: E 2 (1, 6) + 4 claimed = 6, N 3, W 4, S 0.  NS: 3 of 3: 30,
    # nil +100: 130.  EW: 10 of 10: 100.
    assert taken(case(OUTCOME_CASES, "a claim ends the hand")) == {"N": 3, "E": 6, "S": 0, "W": 4}
    assert scores(case(OUTCOME_CASES, "a claim ends the hand")) == {"NS": 130, "EW": 100}
    # The ruled renege: tricks 1 E, 2 N, 3 W, then West claims 10: N 1, E 1, S 0, W 11.
    # South's nil is made (+100: a renege does not change it).  The penalty is 3 tricks,
    # capped at what the offending side took: NS took 1, so 1 trick moves.  NS 3 of 0:
    # -30, + 100 = 70.  EW 10 of 12 + 1 = 13: 100 + its own 2 overtricks (the trick
    # received is never a bag) = 102.
    assert scores(case(OUTCOME_CASES, "a proven renege, ruled")) == {"NS": 70, "EW": 102}
    # The ruling the record cannot check stands and is scored the same way.
    assert scores(case(OUTCOME_CASES, "a ruling the record cannot check")) == {
        "NS": 70,
        "EW": 102,
    }
