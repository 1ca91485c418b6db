"""Probe test cases run once each, overlapped in a small pool.

A probe run costs a subprocess that imports torch (2-3 s here), so each case below runs
once per session, all of them started as soon as the session needs them; a test marked
`@pytest.mark.probe_case("name")` gets that run's result through the `case` fixture.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.probe.helpers import FIXTURES
from torchlint.probe import ProbeResult, run_probe

ROOT = Path(__file__).resolve().parents[2]
WORKERS = min(4, (os.cpu_count() or 1) + 1)
CASE_TIMEOUT_S = 120.0  # generous: a loaded CI machine imports torch slowly


@dataclass(frozen=True)
class Case:
    fixture: str
    options: dict[str, object] = field(default_factory=dict)


CASES: dict[str, Case] = {
    "inplace_saved": Case("inplace_saved.py"),
    "inplace_saved_loss": Case("inplace_saved_loss.py"),
    "inplace_leaf": Case("inplace_leaf.py"),
    "observations": Case("observations.py"),
    "nan_pow_mask": Case("nan_pow_mask.py"),
    "backward_twice": Case("backward_twice.py"),
    "backward_no_grad": Case("backward_no_grad.py"),
    "gradcheck_float32": Case("gradcheck_float32.py"),
    "custom_functions": Case("custom_functions.py", {"gradcheck": True}),
    "dtype_mismatch": Case("dtype_mismatch.py"),
    "train_ok": Case("train_ok.py"),
    "timeout_tree": Case("timeout_tree.py", {"timeout": 15.0}),
    "memory_hog": Case("memory_hog.py", {"max_memory_mb": 1500}),
    "exit_early": Case("exit_early.py"),
    "raise_early": Case("raise_early.py"),
    "print_lots": Case("print_lots.py"),
    "no_torch": Case("no_torch.py"),
    "function_ok": Case("functions.py", {"function": "nan_here"}),
    "function_missing": Case("no_torch.py", {"function": "nope"}),
    "function_needs_args": Case("no_torch.py", {"function": "needs_args"}),
    "cuda": Case("cuda_smoke.py", {"device": "cuda", "timeout": 180.0}),
    "cuda_auto": Case("cuda_smoke.py", {"device": "auto", "timeout": 180.0}),
    "features": Case("features.py"),
}
# Slow ones first, so that they overlap with the rest.
FIRST = ("timeout_tree", "train_ok", "custom_functions", "cli_json")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "probe_case(name): the test reads that probe run")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = []
    for item in items:
        marker = item.get_closest_marker("probe_case")
        if marker is not None:
            wanted.append(str(marker.args[0]))
    config.stash[_WANTED] = sorted(set(wanted), key=lambda n: (n not in FIRST, n))


_WANTED = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def fixture_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private copy of the fixtures: some scripts write files next to themselves."""
    target = tmp_path_factory.mktemp("probe") / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target


def run_case(name: str, fixture_dir: Path) -> ProbeResult:
    case = CASES[name]
    # cpu unless the case says otherwise: on a GPU machine "auto" would pick cuda.
    options: dict[str, object] = {"timeout": 90.0, "device": "cpu", **case.options}
    return run_probe(fixture_dir / case.fixture, **options)


def run_cli_json(fixture_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    command = [sys.executable, "-m", "torchlint.probe.cli", "--format", "json"]
    return subprocess.run(
        [*command, str(fixture_dir / "raise_early.py")],
        capture_output=True,
        text=True,
        env=env,
        timeout=CASE_TIMEOUT_S,
        check=False,
    )


EXTRA: dict[str, Callable[[Path], object]] = {"cli_json": run_cli_json}


@pytest.fixture(scope="session")
def probe_runs(
    request: pytest.FixtureRequest, fixture_dir: Path
) -> Iterator[dict[str, Future[object]]]:
    pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="probe-case")
    futures: dict[str, Future[object]] = {}
    for name in request.config.stash.get(_WANTED, []):
        if name in EXTRA:
            futures[name] = pool.submit(EXTRA[name], fixture_dir)
        else:
            futures[name] = pool.submit(run_case, name, fixture_dir)
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture
def case(request: pytest.FixtureRequest, probe_runs: dict[str, Future[object]]) -> object:
    marker = request.node.get_closest_marker("probe_case")
    assert marker is not None, "use @pytest.mark.probe_case(name)"
    return probe_runs[str(marker.args[0])].result(timeout=CASE_TIMEOUT_S * 2)
