"""A long bad word (10 KB of garbage) is quoted cut short in every message, never in
full (issue 14)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.quoting import MAX_QUOTED, quoted

runner = CliRunner()
WORD = "x" * 10_000
#: The end of a cut quotation.
CUT = "... (10,000 characters)"
#: A cut quotation of any length.
CUT_ANY = re.compile(r"\.\.\. \([0-9,]+ characters\)")

HEAD = '[Rules "standard"]\n\nhand 1 dealer W\n'
DEAL = "deal N:T65.J642.32.K864 E:Q932.KT753.A97.A S:J874.AQ98.QT.J95 W:AK..KJ8654.QT732\n"


def test_quoted_keeps_a_short_word_and_cuts_a_long_one() -> None:
    assert quoted("Hand") == "'Hand'"
    assert quoted("x" * MAX_QUOTED) == repr("x" * MAX_QUOTED)
    assert quoted(WORD) == repr("x" * MAX_QUOTED) + CUT
    assert quoted("it's" * 20).startswith("\"it's")  # quoted as repr quotes


@pytest.mark.parametrize(
    ("what", "suffix", "text"),
    [
        ("unknown line", ".spades", HEAD + WORD + "\n"),
        ("a line keyword", ".spades", HEAD + "Hand" + WORD + " 1 dealer W\n"),
        ("a card in a trick", ".spades", HEAD + DEAL + "bid N 1 E 4 S 2 W 3\ntrick 1 N " + WORD),
        ("a card in a deal", ".spades", HEAD + "deal N:" + WORD + "\n"),
        ("a seat", ".spades", HEAD + DEAL + "bid Q" + WORD + " 1\n"),
        ("a rules value", ".spades", f'[Rules "standard nil={WORD}"]\n\nhand 1 dealer W\n'),
        ("a rules word", ".spades", f'[Rules "standard {WORD}"]\n\nhand 1 dealer W\n'),
        ("a PBN dealer", ".pbn", f'[Dealer "{WORD}"]\n[Deal "N:... ... ... ..."]\n'),
        ("a PBN line", ".pbn", f'[Dealer "N"]\n{WORD}\n'),
    ],
)
def test_check_quotes_a_long_bad_word_cut_short(
    tmp_path: Path, what: str, suffix: str, text: str
) -> None:
    record = tmp_path / ("record" + suffix)
    record.write_text(text)
    result = runner.invoke(app, ["check", "--format", "json", str(record)])
    assert result.exit_code == 1, result.output
    messages = [d["message"] for d in json.loads(result.stdout)]
    assert any(CUT_ANY.search(m) for m in messages), (what, messages)
    assert all(len(m) < 400 for m in messages), (what, messages)
