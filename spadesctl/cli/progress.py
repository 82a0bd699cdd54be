"""A minimal progress line on standard error, shown only on a terminal, for long runs."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``checking [#####-----] 12/400`` redrawn in place at most ten times a second.

    Nothing is drawn before ``delay`` seconds have passed, so that short runs print no
    bar at all.  Call :meth:`clear` before writing anything else to the terminal (the
    bar is drawn again at the next :meth:`advance`), and :meth:`close` at the end.
    """

    def __init__(
        self,
        total: int,
        label: str,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        delay: float = 0.5,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _isatty(self.stream) if enabled is None else enabled
        self.delay = delay
        self.done = 0
        self._start = time.monotonic()
        self._last = 0.0
        self._drawn = 0  # the length of the line on screen, 0 when there is none

    def advance(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._start < self.delay:
            return
        if self._drawn == 0 or now - self._last >= 0.1 or self.done >= self.total:
            self._last = now
            width = 30
            filled = width * min(self.done, self.total) // max(self.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            line = f"{self.label} [{bar}] {self.done}/{self.total}"
            self.stream.write("\r" + line.ljust(self._drawn))
            self.stream.flush()
            self._drawn = len(line)

    def clear(self) -> None:
        """Erase the bar (if one is on screen) so that other output starts on a clean line."""
        if self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0

    def close(self) -> None:
        self.clear()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
