"""The test run's settings shared by every test module.

Hypothesis' default 200 ms deadline per example is a timed assertion: on a loaded
machine (CI, or a campaign beside the suite) a correct example can take longer, and the
test fails for the machine, not the code (it happened to tests/test_pbn_parser.py and
tests/test_fast_paths.py). Speed is measured in benchmarks/, never asserted here, so the
deadline is off for every property test, as the fuzz settings of tests/strategies.py
already had it; the data-generation health check that times generation is off too.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("spadesctl", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("spadesctl")
