"""A minimal progress line on standard error, shown only on a terminal, for long runs."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
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


class BytesProgress:
    """A :class:`Progress` counted in KiB of the given files, told bytes as they are
    done (``add``): the bar of ``check``, ``score`` and ``fmt --check``."""

    def __init__(self, paths: Iterable[str], label: str, enabled: bool | None = None) -> None:
        total = sum(map(_size, paths))
        self.bar = Progress(max(total // 1024, 1), f"{label} (KiB)", enabled=enabled)
        self._done = 0

    @property
    def enabled(self) -> bool:
        return self.bar.enabled

    def add(self, size: int) -> None:
        """``size`` more bytes done."""
        before = self._done // 1024
        self._done += size
        self.bar.advance(self._done // 1024 - before)

    def clear(self) -> None:
        self.bar.clear()

    def close(self) -> None:
        self.bar.close()


def _size(path: str) -> int:
    try:
        return 0 if path == "-" else os.path.getsize(path)
    except OSError:
        return 0


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
