"""``--engine ray`` on a local Ray cluster of two CPUs (one for the whole module): the
same diagnostics, files and figures as the local engine, byte for byte.

Skipped when Ray is not installed, unless ``SPADESCTL_REQUIRE_RAY=1`` (CI installs the
``ray`` extra and sets it), when its absence is a failure.
"""

from __future__ import annotations

import filecmp
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadesctl.cli import app
from spadesctl.tables.query import StatsRequest
from spadesctl.tables.shards import find_shards
from tests.shard_corpus import write_corpus

if importlib.util.find_spec("ray") is None:
    if os.environ.get("SPADESCTL_REQUIRE_RAY") == "1":
        pytest.fail("SPADESCTL_REQUIRE_RAY=1 but Ray is not installed (pip install -e '.[ray]')")
    pytest.skip(
        "Ray is not installed (pip install -e '.[test,ray]'; CI sets SPADESCTL_REQUIRE_RAY=1)",
        allow_module_level=True,
    )

import ray

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    """One local cluster of two CPUs for every test here; the engine joins it."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return write_corpus(tmp_path_factory.mktemp("records"), files=5, games=5)


def _both(args: list[str]) -> tuple[str, str]:
    """(stdout, stderr) of a local run and of a Ray run, checked to be the same."""
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--engine", "ray"])
    assert on_ray.exit_code == local.exit_code, on_ray.output
    assert on_ray.stdout == local.stdout
    assert on_ray.stderr == local.stderr
    return local.stdout, local.stderr


def test_check_reports_the_same_diagnostics_in_the_same_order(corpus: list[str]) -> None:
    stdout, stderr = _both(["check", str(SAMPLES), *corpus])
    assert "SP304 renege" in stdout and "Found" in stderr  # diagnostics there to compare
    assert stdout.index("samples/mistakes") < stdout.index("samples/pbn")
    _both(["check", str(SAMPLES), "--format", "json", "--no-express"])


def test_export_writes_the_same_bytes(corpus: list[str], tmp_path: Path) -> None:
    for table in ("hands", "violations"):
        args = ["export", *corpus, "--table", table, "-o"]
        local = runner.invoke(app, [*args, str(tmp_path / f"local-{table}.parquet")])
        on_ray = runner.invoke(
            app, [*args, str(tmp_path / f"ray-{table}.parquet"), "--engine", "ray"]
        )
        assert local.exit_code == on_ray.exit_code == 0, on_ray.output
        assert (local.stdout, local.stderr) == (on_ray.stdout, on_ray.stderr)
        assert filecmp.cmp(
            tmp_path / f"local-{table}.parquet", tmp_path / f"ray-{table}.parquet", shallow=False
        )
    base = ["export", *corpus, "--partition-by", "month", "-o"]
    assert runner.invoke(app, [*base, str(tmp_path / "local")]).exit_code == 0
    result = runner.invoke(app, [*base, str(tmp_path / "ray"), "--engine", "ray"])
    assert result.exit_code == 0, result.output
    local_shards = find_shards(tmp_path / "local")
    ray_shards = find_shards(tmp_path / "ray")
    assert len(local_shards) == len(ray_shards) > 1
    for a, b in zip(local_shards, ray_shards, strict=True):
        assert Path(a).relative_to(tmp_path / "local") == Path(b).relative_to(tmp_path / "ray")
        assert filecmp.cmp(a, b, shallow=False)


@pytest.fixture(scope="module")
def shards(corpus: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus as event shards (``export --partition-by event``, local engine)."""
    folder = tmp_path_factory.mktemp("shards") / "by-event"
    export = ["export", *corpus, "--partition-by", "event", "-o", str(folder)]
    assert runner.invoke(app, export).exit_code == 0
    return folder


def test_stats_is_a_reduction_of_partials_with_the_same_figures(
    corpus: list[str], shards: Path
) -> None:
    for args in (
        [*corpus],
        [*corpus, "--by", "pair", "--since", "2026-10-15"],
        [str(shards), "--event", "Open", "--format", "csv"],
        [str(shards), "--ratings", "--format", "csv"],
        [str(shards), *corpus[:2], "--by", "seat", "--player", "Ann"],
    ):
        stdout, _ = _both(["stats", *args])
        assert stdout.count("\n") > 2


def _shard_and_guard(path: str, request: StatsRequest) -> tuple[int, int | None, int, int]:
    """A worker's task: one shard collected as stats collects it on a cluster, then
    which process ran it, the worker's guard's child, how many children that guard
    started, and how many files it has checked (``-1``: the shard was not read)."""
    from spadesctl.engines.stats import shard_partial
    from spadesctl.parquet_guard import worker_guard

    part, _, _ = shard_partial(path, request, True)
    guard = worker_guard()
    return os.getpid(), guard.pid, guard.started, -1 if isinstance(part, str) else guard.checked


def test_stats_reads_every_shard_of_a_worker_through_one_guard(
    corpus: list[str], tmp_path: Path
) -> None:
    """One Parquet guard child per worker process, reused by every shard it reads (it
    was one per shard: a Python start and a polars import each)."""
    from ray import cloudpickle

    from spadesctl import engines
    from spadesctl.engines import Engine
    from spadesctl.pool import Task

    shards = tmp_path / "shards"
    export = ["export", *corpus, *corpus, "--partition-by", "file", "-o", str(shards)]
    assert runner.invoke(app, export).exit_code == 0
    paths = find_shards(shards)
    assert len(paths) >= 5
    request = StatsRequest((str(shards),))
    here = sys.modules[__name__]  # the workers cannot import tests/: send it by value
    cloudpickle.register_pickle_by_value(here)  # type: ignore[no-untyped-call]
    try:
        tasks = [Task(_shard_and_guard, (path, request)) for path in paths * 3]
        seen = list(engines.ordered_results(tasks, 1, Engine("ray")))
    finally:
        cloudpickle.unregister_pickle_by_value(here)  # type: ignore[no-untyped-call]
    guards: dict[int, set[int | None]] = {}
    checked: dict[int, list[int]] = {}
    for worker, child, started, count in seen:
        guards.setdefault(worker, set()).add(child)
        checked.setdefault(worker, []).append(count)
        assert started == 1  # no child died, none was started again
    assert all(len(children) == 1 and None not in children for children in guards.values())
    # each shard a worker read went through that worker's guard, one after another (the
    # module's earlier tests may have used the same workers' guards)
    for counts in checked.values():
        assert min(counts) > 0
        assert sorted(counts) == list(range(min(counts), min(counts) + len(counts)))
    assert len({c for children in guards.values() for c in children}) == len(guards)
    assert len(guards) < len(seen)  # the workers were reused, and so were their guards


def test_fairness_gives_the_same_tests(corpus: list[str], shards: Path) -> None:
    for args in (
        [*corpus],
        [*corpus, "--player", "Ann", "--format", "csv"],
        [str(shards), "--since", "2026-10-15", "--format", "json"],
        [str(shards), "--event", "Open"],
    ):
        stdout, _ = _both(["fairness", *args])
        assert stdout.count("seat") >= 4  # the seats' tests are there to compare


def test_a_cluster_that_cannot_be_joined_is_a_usage_error(
    corpus: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import spadesctl.engines.ray_engine

    def refuse(address: str | None) -> None:
        raise ConnectionError(f"Could not find any running Ray instance at {address}.\nmore")

    monkeypatch.setattr(spadesctl.engines.ray_engine, "connect", refuse)
    result = runner.invoke(app, ["check", *corpus, "--engine", "ray", "--address", "head:6379"])
    assert result.exit_code == 2
    assert result.stderr == (
        "spadesctl: error: cannot join the Ray cluster at head:6379: "
        "Could not find any running Ray instance at head:6379.\n"
    )
    assert result.stdout == ""
