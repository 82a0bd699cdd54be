"""The suite's own settings (tests/conftest.py): no property test has a time limit."""

from __future__ import annotations

from hypothesis import HealthCheck, settings


def test_property_tests_have_no_deadline() -> None:
    assert settings().deadline is None
    assert HealthCheck.too_slow in settings().suppress_health_check
