"""Generated games whose hands end with ``claim`` or ``took`` lines, and score sheets.

For the tests that prove the express rows (``tests/test_express_rows.py``) and sheets
(``tests/test_express_sheet.py``) equal to the full engine's on such games:
``outcome_texts`` are the games of :func:`tests.test_express.clean_texts` that are not
plain played games (a score sheet with each side's tricks together where it may be, a
score sheet, took lines after the play, each hand's last trick claimed, with and without
a took line after the claim), and ``PLANTED`` edits of generated games that reach the
other ways a hand may end (a claim after any number of tricks, a took line or a sheet
line whose parties are in another order, a sheet without its score lines).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tests.test_express import clean_texts


def outcome_texts(rules_text: str) -> tuple[str, ...]:
    """The generated games under ``rules_text`` whose hands end with claim or took lines,
    or have no deal and tricks at all (score sheets: ``generate --hands-only``)."""
    return clean_texts(rules_text)[-4:]


def reversed_entries(line: str) -> str:
    """``took N 1 E 4 S 4 W 4`` -> ``took W 4 S 4 E 4 N 1`` (or a ``score`` or ``bags``
    line): the parties in another order."""
    words = line.split(" ")
    pairs = list(zip(words[1::2], words[2::2], strict=True))
    return " ".join([words[0], *(w for pair in reversed(pairs) for w in pair)])


def _each_line(change: Callable[[str], str | None]) -> Callable[[str], str]:
    """An edit of a record text made line by line (``None``: the line left out)."""

    def edit(text: str) -> str:
        lines = [change(line) for line in text.split("\n")]
        return "\n".join(line for line in lines if line is not None)

    return edit


def claimed_early(text: str) -> str:
    """Each hand's play cut short by a claim of its leader after ``5 x (hand - 1) % 13``
    tricks (none, in some hands), with the record's score, bags and result lines left
    out (the claims change the scores)."""
    out: list[str] = []
    hand = 0
    claimed = False
    for line in text.split("\n"):
        words = line.split(" ")
        if words[0] == "hand":
            hand, claimed = int(words[1]), False
        elif words[0] in ("score", "bags", "result"):
            continue
        elif words[0] == "trick" and (claimed or int(words[1]) > 5 * (hand - 1) % 13):
            if not claimed:
                out.append(f"claim {words[2]}")
                claimed = True
            continue
        out.append(line)
    return "\n".join(out)


#: Edits of a generated game's text (each of :func:`outcome_texts` and played games).
PLANTED: Final[dict[str, Callable[[str], str]]] = {
    "claimed early": claimed_early,
    "took in another order": _each_line(
        lambda line: reversed_entries(line) if line.startswith("took ") else line
    ),
    "sheet lines in another order": _each_line(
        lambda line: reversed_entries(line) if line.startswith(("score ", "bags ")) else line
    ),
    "no sheet lines": _each_line(
        lambda line: None if line.startswith(("score ", "bags ", "result ")) else line
    ),
}


def planted_texts(rules_text: str, edit: str) -> list[str]:
    """Two played games and the :func:`outcome_texts` under ``rules_text``, edited by
    ``PLANTED[edit]``."""
    change = PLANTED[edit]
    return [change(t) for t in (*clean_texts(rules_text)[:2], *outcome_texts(rules_text))]
