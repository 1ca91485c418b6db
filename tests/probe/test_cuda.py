"""Devices. The CUDA checks run where the probed interpreter's torch sees a GPU
(`torch.cuda.is_available()` there, reported as `device.cuda_available`) and skip cleanly
elsewhere; the CPU side of each is checked on machines without one."""

from __future__ import annotations

import pytest

from tests.probe.helpers import line_of
from torchlint.probe import ProbeResult


def check_ran_on_cuda(result: ProbeResult) -> None:
    assert result.status == "ok", result.message
    assert result.device.used == "cuda:0"
    assert result.device.name  # e.g. "NVIDIA H100 80GB HBM3"
    factory = result.line(result.target, line_of("cuda_smoke.py", "FACTORY"))
    assert factory is not None and factory.result is not None
    # torch.randn without device= landed on the GPU: the default device was cuda.
    assert factory.result.describe() == "float32[256, 2] cuda:0, requires grad, leaf"
    loss = result.line(result.target, line_of("cuda_smoke.py", "LOSS"))
    assert loss is not None and loss.result is not None
    assert loss.result.device == "cuda:0" and loss.result.grad_fn == "SumBackward0"
    assert result.stdout.text.strip() == "cuda:0"
    assert result.findings == ()


@pytest.mark.probe_case("cuda")
def test_device_cuda_runs_on_the_gpu(case: ProbeResult) -> None:
    if not case.device.cuda_available:
        pytest.skip("no CUDA device for the probed interpreter's torch")
    check_ran_on_cuda(case)


@pytest.mark.probe_case("cuda")
def test_device_cuda_without_a_gpu_says_so(case: ProbeResult) -> None:
    if case.device.cuda_available:
        pytest.skip("this machine has a GPU")
    assert case.status == "usage"
    assert "sees no CUDA device" in case.message
    assert case.lines == ()


@pytest.mark.probe_case("cuda_auto")
def test_device_auto_picks_the_gpu(case: ProbeResult) -> None:
    if not case.device.cuda_available:
        pytest.skip("no CUDA device for the probed interpreter's torch")
    assert case.device.requested == "auto"
    check_ran_on_cuda(case)


@pytest.mark.probe_case("cuda_auto")
def test_device_auto_without_a_gpu_uses_the_cpu(case: ProbeResult) -> None:
    if case.device.cuda_available:
        pytest.skip("this machine has a GPU")
    assert case.status == "ok"
    assert case.device.used == "cpu" and case.device.name is None
    factory = case.line(case.target, line_of("cuda_smoke.py", "FACTORY"))
    assert factory is not None and factory.result is not None
    assert factory.result.device == "cpu"
