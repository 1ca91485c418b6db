"""The CUDA path: runs where the interpreter's torch sees a GPU, skips cleanly elsewhere."""

from __future__ import annotations

import pytest

from tests.probe.helpers import FIXTURES, line_of
from torchlint.probe import run_probe


def cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


@pytest.mark.parametrize("device", ["cuda", "auto"])
def test_cuda_run(device: str) -> None:
    if not cuda_available():
        pytest.skip("no CUDA device for this interpreter's torch")
    result = run_probe(FIXTURES / "cuda_smoke.py", device=device, timeout=180)
    assert result.status == "ok", result.message
    assert result.device.used == "cuda:0"
    assert result.device.name  # e.g. "NVIDIA H100 80GB HBM3"
    assert result.device.cuda_available is True
    factory = result.line(result.target, line_of("cuda_smoke.py", "FACTORY"))
    assert factory is not None and factory.result is not None
    # torch.randn without device= landed on the GPU: the default device was cuda.
    assert factory.result.describe() == "float32[256, 2] cuda:0, requires grad, leaf"
    loss = result.line(result.target, line_of("cuda_smoke.py", "LOSS"))
    assert loss is not None and loss.result is not None
    assert loss.result.device == "cuda:0" and loss.result.grad_fn == "SumBackward0"
    assert result.stdout.text.strip() == "cuda:0"
    assert result.findings == ()
