"""Bulk work: keeping the cyclic garbage collector out of the way while records stream by.

Reading, replaying and scoring a game allocates thousands of small objects (events,
tuples, diagnostics) that die when the game is done, almost all through reference
counting.  The cyclic collector nevertheless runs every 700 net allocations and, every
so often, rescans every object of the process, the modules and the parse tables
included.  :func:`bulk_gc` freezes what exists when the bulk work starts (it is never
scanned again) and raises the thresholds so that collections are rare; both are restored
when the work ends.  Nothing is left uncollected: cycles are still found, only later.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: Collection thresholds during bulk work (generation 0 every 50,000 net allocations).
BULK_THRESHOLD: Final = (50_000, 20, 100)


@contextmanager
def bulk_gc() -> Iterator[None]:
    """Freeze the objects alive now and raise the collector's thresholds, then restore.

    Nested uses (a library call inside a command that already did it) change nothing.
    """
    before = gc.get_threshold()
    if before[0] >= BULK_THRESHOLD[0]:
        yield
        return
    gc.freeze()
    gc.set_threshold(*BULK_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


__all__ = ["BULK_THRESHOLD", "bulk_gc"]
