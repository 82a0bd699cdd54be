"""bulk_gc: the collector's settings during bulk work, and restored after it."""

from __future__ import annotations

import gc

from spadesctl.bulk import BULK_THRESHOLD, bulk_gc


def test_bulk_work_raises_the_thresholds_and_restores_them() -> None:
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with bulk_gc():
        assert gc.get_threshold() == BULK_THRESHOLD
        assert gc.get_freeze_count() >= frozen
        with bulk_gc():  # nested: nothing changes, nothing is restored early
            assert gc.get_threshold() == BULK_THRESHOLD
        assert gc.get_threshold() == BULK_THRESHOLD
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_settings_are_restored_when_the_work_fails() -> None:
    before = gc.get_threshold()
    try:
        with bulk_gc():
            raise KeyError("boom")
    except KeyError:
        pass
    assert gc.get_threshold() == before
