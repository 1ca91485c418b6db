"""Scripts that misbehave or end early: time and memory limits, exits, floods of output,
no torch at all, --function, old interpreters, cancellation."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.probe.helpers import FIXTURES, line_of, pid_gone
from torchlint.probe import ProbeResult, ProbeUsageError, run_probe, run_probe_async
from torchlint.probe.api import OUTPUT_LIMIT


@pytest.mark.probe_case("timeout_tree")
def test_timeout_kills_the_whole_tree_and_keeps_a_partial_report(
    case: ProbeResult, fixture_dir: Path
) -> None:
    assert case.status == "timeout"
    assert "15 s" in case.message
    child = int((fixture_dir / "child.pid").read_text())
    assert pid_gone(child), "the script's child process survived the timeout"
    # The runner wrote what it had when asked to stop.
    assert not case.complete
    before = case.line(case.target, line_of("timeout_tree.py", "BEFORE_LOOP"))
    assert before is not None and before.result is not None
    assert before.result.describe() == "float32[3] cpu, requires grad, leaf"


@pytest.mark.probe_case("memory_hog")
def test_memory_limit(case: ProbeResult) -> None:
    assert case.status == "memory"
    # On a CPU run the address-space cap makes the allocation fail at once, on its line;
    # otherwise the parent's resident-memory watch stops the process.
    if case.error is not None:
        assert case.error.location is not None
        assert case.error.location.line == line_of("memory_hog.py", "ALLOC")
    else:
        assert "used more than 1500 MB" in case.message


@pytest.mark.probe_case("exit_early")
def test_sys_exit_early_keeps_what_ran(case: ProbeResult) -> None:
    assert case.status == "ok" and case.exit_code == 0 and case.complete
    assert case.line(case.target, line_of("exit_early.py", "BEFORE_EXIT")) is not None
    assert case.line(case.target, line_of("exit_early.py", "AFTER_EXIT")) is None
    assert "unreachable" not in case.stdout.text


@pytest.mark.probe_case("raise_early")
def test_a_script_that_raises_before_using_torch(case: ProbeResult) -> None:
    assert case.status == "error"
    assert case.torch_version is None  # never imported
    assert case.error is not None and case.error.type == "FileNotFoundError"
    assert case.error.location is not None
    assert case.error.location.line == line_of("raise_early.py", "RAISES")
    assert [f.kind for f in case.findings] == ["exception"]
    assert "FileNotFoundError: data.csv is missing" in case.stderr.text


@pytest.mark.probe_case("print_lots")
def test_ten_megabytes_of_output_are_cut(case: ProbeResult) -> None:
    assert case.status == "ok"
    assert case.stdout.bytes == 10 * 1024 * 1024 + len("THE END\n")
    assert case.stdout.truncated
    assert len(case.stdout.text) < OUTPUT_LIMIT + 200
    assert case.stdout.text.endswith("THE END\n")  # the tail is kept


@pytest.mark.probe_case("no_torch")
def test_a_script_that_never_imports_torch(case: ProbeResult, fixture_dir: Path) -> None:
    assert case.status == "ok"
    assert case.torch_version is None and case.lines == () and case.findings == ()
    assert case.stdout.text.startswith("total 332833500\n")
    assert case.timings.import_torch_s is None
    # As with `python FILE`: the script's folder first on sys.path, not the runner's.
    assert f"path0 {fixture_dir}\n" in case.stdout.text


@pytest.mark.probe_case("function_ok")
def test_function_runs_only_that_function(case: ProbeResult) -> None:
    assert case.status == "ok" and case.function == "nan_here"
    assert "main ran" not in case.stdout.text
    nan = [f for f in case.findings if f.kind == "nan-gradient"]
    assert len(nan) == 1 and nan[0].location is not None
    assert nan[0].location.line == line_of("functions.py", "BORN")


@pytest.mark.probe_case("function_missing")
def test_function_that_does_not_exist(case: ProbeResult) -> None:
    assert case.status == "usage"
    assert "`nope`" in case.message


@pytest.mark.probe_case("function_needs_args")
def test_function_that_needs_arguments(case: ProbeResult) -> None:
    assert case.status == "usage"
    assert "needs arguments (x)" in case.message


def test_cancel_from_asyncio_kills_the_tree(tmp_path: Path) -> None:
    script = tmp_path / "loop_with_child.py"
    shutil.copy(FIXTURES / "loop_with_child.py", script)
    pid_file = tmp_path / "loop_child.pid"

    async def scenario() -> None:
        task = asyncio.ensure_future(run_probe_async(script, timeout=60))
        for _ in range(2000):  # until the script has started its child
            if pid_file.exists() and pid_file.read_text():
                break
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert pid_gone(int(pid_file.read_text()))


@pytest.mark.probe_case("features")
def test_the_tracer_does_not_break_torch_features(case: ProbeResult) -> None:
    assert case.status == "ok", case.stderr.text
    for expected in [
        "func.grad torch.Size([3])",
        "vmap torch.Size([2, 3])",
        "compile torch.Size([3])",
        "checkpoint torch.Size([3, 3])",
        "double backward 6.75 9.0",
        "workers 8",
    ]:
        assert expected in case.stdout.text
    (compiled,) = [f for f in case.findings if f.kind == "compile-eager"]
    assert compiled.severity == "information" and compiled.location is not None
    assert compiled.location.line == line_of("features.py", "COMPILE")
    assert [f.kind for f in case.findings] == ["compile-eager"]
    assert case.stats.probe_errors == ()


def old_python() -> str | None:
    """A Python 3.8 or 3.9, on PATH or installed by pyenv."""
    candidates = [shutil.which(name) for name in ("python3.9", "python3.8")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.[89].*/bin/python")))
    for found in candidates:
        if found and subprocess.run([found, "-c", ""], check=False).returncode == 0:
            return found
    return None


def test_an_interpreter_older_than_3_10_is_refused() -> None:
    python = old_python()
    if python is None:
        pytest.skip("no Python 3.8 or 3.9 on PATH")
    result = run_probe(FIXTURES / "no_torch.py", python=python)
    assert result.status == "usage"
    assert "needs Python 3.10 or newer" in result.message


def test_torch_missing(tmp_path: Path) -> None:
    env = tmp_path / "bare"
    venv.create(env, with_pip=False, symlinks=sys.platform != "win32")
    python = env / "bin" / "python"
    result = run_probe(FIXTURES / "no_torch.py", python=str(python))
    assert result.status == "torch-missing"
    assert result.message == (
        f"torch is not installed in {python}; install it or pick another interpreter"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"path": "missing.py"}, "no such file"),
        ({"python": "/no/such/python"}, "no Python interpreter"),
        ({"device": "tpu"}, "device must be one of"),
        ({"timeout": 0}, "timeout must be positive"),
        ({"function": "a.b"}, "top-level function"),
    ],
)
def test_usage_errors_raise_before_anything_runs(kwargs: dict[str, object], message: str) -> None:
    path = kwargs.pop("path", FIXTURES / "no_torch.py")
    with pytest.raises(ProbeUsageError, match=message):
        run_probe(path, **kwargs)  # type: ignore[arg-type]
