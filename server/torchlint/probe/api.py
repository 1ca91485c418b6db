"""Run the probe: the user's file in a subprocess of the user's interpreter, under the
runner (`_runner.py`), with a time and memory limit. Standard library only.

It runs the user's code: call it only when the user asked, and never for an untrusted
workspace. Nothing here runs on import.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from torchlint.probe.process import ProcessOutcome, run_supervised
from torchlint.probe.result import FORMAT_VERSION, ProbeResult

DEVICES = ("auto", "cpu", "cuda")
OUTPUT_LIMIT = 256 * 1024  # bytes of stdout and of stderr kept (head and tail)
_GRACE_S = 1.5  # after a timeout, time the runner gets to write what it has


class ProbeUsageError(ValueError):
    """The call cannot start a run: no such file, no such interpreter, a bad option."""


@dataclass(frozen=True, slots=True)
class ProbeRequest:
    """A checked set of arguments to `run_probe`."""

    target: Path
    python: str
    function: str | None
    device: str
    timeout: float
    max_memory_mb: int
    gradcheck: bool


def run_probe(
    path: str | os.PathLike[str],
    *,
    python: str = sys.executable,
    function: str | None = None,
    device: str = "auto",
    timeout: float = 60.0,
    max_memory_mb: int = 4096,
    gradcheck: bool = False,
    cancel: threading.Event | None = None,
) -> ProbeResult:
    """Run `path` (its `__main__` block, or `function` called with no arguments) under the
    probe and return what it saw. Blocks until the run ends; setting `cancel` from another
    thread stops it (status "cancelled"). `max_memory_mb=0` means no memory limit.

    Raises ProbeUsageError when the run cannot start; every outcome of a started run,
    torch missing included, is a ProbeResult with its `status`."""
    request = check_request(
        path,
        python=python,
        function=function,
        device=device,
        timeout=timeout,
        max_memory_mb=max_memory_mb,
        gradcheck=gradcheck,
    )
    with tempfile.TemporaryDirectory(prefix="torchlint-probe-") as tmp:
        report_path = os.path.join(tmp, "report.json")
        outcome = run_supervised(
            _command(request, _copy_runner(tmp), report_path),
            cwd=str(request.target.parent),
            env=_environment(),
            timeout=request.timeout,
            max_rss_mb=request.max_memory_mb or None,
            cancel=cancel,
            output_limit=OUTPUT_LIMIT,
            grace=_GRACE_S,
            on_timeout_signal=getattr(signal, "SIGUSR2", None),
        )
        report = _read_report(report_path)
    return assemble(request, outcome, report)


async def run_probe_async(
    path: str | os.PathLike[str],
    *,
    python: str = sys.executable,
    function: str | None = None,
    device: str = "auto",
    timeout: float = 60.0,
    max_memory_mb: int = 4096,
    gradcheck: bool = False,
) -> ProbeResult:
    """`run_probe` in a worker thread; cancelling the awaiting task kills the run."""
    cancel = threading.Event()
    loop = asyncio.get_running_loop()
    future = loop.run_in_executor(
        None,
        lambda: run_probe(
            path,
            python=python,
            function=function,
            device=device,
            timeout=timeout,
            max_memory_mb=max_memory_mb,
            gradcheck=gradcheck,
            cancel=cancel,
        ),
    )
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        cancel.set()
        with contextlib.suppress(Exception):
            await future  # the process tree is gone when this returns
        raise


def check_request(
    path: str | os.PathLike[str],
    *,
    python: str,
    function: str | None,
    device: str,
    timeout: float,
    max_memory_mb: int,
    gradcheck: bool,
) -> ProbeRequest:
    target = Path(path).expanduser()
    if not target.is_file():
        raise ProbeUsageError(f"no such file: {target}")
    interpreter = _resolve_python(python)
    if device not in DEVICES:
        raise ProbeUsageError(f"device must be one of {', '.join(DEVICES)}, not {device!r}")
    if not timeout > 0:
        raise ProbeUsageError(f"the timeout must be positive, not {timeout}")
    if max_memory_mb < 0:
        raise ProbeUsageError(f"the memory limit must be 0 (none) or positive, not {max_memory_mb}")
    if function is not None and not function.isidentifier():
        raise ProbeUsageError(f"--function takes a top-level function's name, not {function!r}")
    return ProbeRequest(
        target=target.resolve(),
        python=interpreter,
        function=function,
        device=device,
        timeout=float(timeout),
        max_memory_mb=int(max_memory_mb),
        gradcheck=gradcheck,
    )


def _resolve_python(python: str) -> str:
    found = shutil.which(python) if os.sep not in python else python
    if found is None or not os.path.isfile(found) or not os.access(found, os.X_OK):
        raise ProbeUsageError(f"no Python interpreter at {python}")
    return os.path.abspath(found)


def _copy_runner(folder: str) -> str:
    """The runner, copied alone into `folder`: run by path, its folder becomes sys.path[0]
    until it takes over, and this package's modules must not shadow anything there."""
    path = os.path.join(folder, "_runner.py")
    source = importlib.resources.files("torchlint.probe").joinpath("_runner.py")
    with open(path, "wb") as fh:
        fh.write(source.read_bytes())
    return path


def _command(request: ProbeRequest, runner: str, report_path: str) -> list[str]:
    argv = [request.python, runner, "--out", report_path, "--device", request.device]
    argv += ["--max-memory", str(request.max_memory_mb)]
    if request.function is not None:
        argv += ["--function", request.function]
    if request.gradcheck:
        argv.append("--gradcheck")
    return [*argv, "--", str(request.target)]


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONFAULTHANDLER"] = "1"  # a segfault then leaves a Python traceback on stderr
    env["TORCHLINT_PROBE"] = "1"
    return env


def _read_report(path: str) -> dict[str, object] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def assemble(
    request: ProbeRequest, outcome: ProcessOutcome, report: Mapping[str, object] | None
) -> ProbeResult:
    """The result document: the runner's report (if any) with what the parent knows."""
    doc: dict[str, object] = dict(report or {})
    status, message = _status(request, outcome, doc)
    timings = doc.get("timings")
    runner_timings: Mapping[str, object] = timings if isinstance(timings, dict) else {}
    started = runner_timings.get("runner_started_at")
    doc.update(
        format_version=FORMAT_VERSION,
        status=status,
        message=message,
        target=str(request.target),
        function=request.function,
        returncode=outcome.returncode,
        limits={"timeout_s": request.timeout, "max_memory_mb": request.max_memory_mb},
        stdout=_captured(outcome.stdout.text(), outcome.stdout.total, outcome.stdout.truncated),
        stderr=_captured(outcome.stderr.text(), outcome.stderr.total, outcome.stderr.truncated),
        timings={
            **runner_timings,
            "interpreter_s": round(started - outcome.started_at, 4)
            if isinstance(started, float)
            else None,
            "wall_s": round(outcome.wall_s, 4),
        },
    )
    doc.setdefault("python", {"executable": request.python, "version": None})
    doc.setdefault("device", {"requested": request.device})
    return ProbeResult.from_json(doc)


def _captured(text: str, total: int, truncated: bool) -> dict[str, object]:
    return {"text": text, "bytes": total, "truncated": truncated}


def _status(
    request: ProbeRequest, outcome: ProcessOutcome, doc: Mapping[str, object]
) -> tuple[str, str]:
    if outcome.stopped == "timeout":
        after = (
            " (the script had finished; the interpreter did not exit)"
            if doc.get("complete")
            else ""
        )
        return "timeout", f"stopped after the {request.timeout:g} s time limit{after}"
    if outcome.stopped == "memory":
        return "memory", f"stopped: the process tree used more than {request.max_memory_mb} MB"
    if outcome.stopped == "cancelled":
        return "cancelled", "cancelled"
    version = doc.get("format_version")
    if doc and version != FORMAT_VERSION:
        return "crashed", f"the runner wrote report format {version!r}, expected {FORMAT_VERSION}"
    status, message = doc.get("status"), doc.get("message")
    if doc and isinstance(status, str) and status != "crashed":
        return status, message if isinstance(message, str) else ""
    return "crashed", _crash_message(outcome)


def _crash_message(outcome: ProcessOutcome) -> str:
    code = outcome.returncode
    if code is not None and code < 0:
        try:
            what = f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            what = f"was killed by signal {-code}"
        if -code == signal.SIGKILL:
            what += " (the system may have run out of memory)"
    else:
        what = f"exited with code {code} before writing its report"
    tail = [line for line in outcome.stderr.text().splitlines() if line.strip()][-1:]
    if tail:
        return f"the probe's process {what}: {tail[0]}"
    return f"the probe's process {what} (did the script call os._exit?)"
