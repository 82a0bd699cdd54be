"""The notation's limits on numbers, shared by every reader and writer.

The grammar (``grammar/spades.lark``), its fast path, the PBN reader, the express check
and the bot all read these: a number above :data:`MAX_NUMBER` is a syntax error, not a
rule the replay checks.
"""

from __future__ import annotations

from typing import Final

#: The largest number a record may write as a hand number, bid, trick number or bag
#: count (three players hold 17 cards; larger bids are the replay's ``bid-out-of-range``,
#: larger numbers syntax errors).
MAX_NUMBER: Final = 99

#: The most hands a game may have: hands are numbered up to :data:`MAX_NUMBER`.
MAX_HANDS: Final = MAX_NUMBER

#: The most digits a running score may have (Python itself reads at most 4,300).
MAX_SCORE_DIGITS: Final = 9


def too_many_digits(text: str) -> bool:
    """Whether the digits ``text`` (no sign) spell a number above :data:`MAX_NUMBER`."""
    return len(text.lstrip("0")) > len(str(MAX_NUMBER)) or int(text) > MAX_NUMBER
