"""The committed torch_ops.json must be what the installed torch generates."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("torch", reason="the generator runs torch")
pytest.importorskip("expecttest", reason="op_db needs expecttest")
pytest.importorskip("numpy", reason="the factory probe needs numpy")

from torchlint.knowledge import TABLE_PATH, generate

pytestmark = [pytest.mark.torch, pytest.mark.slow]


@pytest.fixture(scope="module")
def regenerated() -> str:
    return generate.dumps(generate.build_table())


def test_no_drift_from_installed_torch(regenerated: str) -> None:
    committed: dict[str, Any] = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    lines = generate.diff_summary(committed, json.loads(regenerated))
    assert not lines, "torch_ops.json drifted; run python -m torchlint.knowledge.generate\n" + (
        "\n".join(lines)
    )


def test_regeneration_is_byte_identical(regenerated: str) -> None:
    import torch

    committed = TABLE_PATH.read_text(encoding="utf-8")
    if json.loads(committed)["torch_version"] != torch.__version__:
        pytest.skip("another build of the same torch: compared above without the local tag")
    assert regenerated == committed


def test_check_reports_drift_readably() -> None:
    old = {"torch_version": "2.13.0+cpu", "ops": {"add": {"differentiable": True}, "gone": {}}}
    new = {"torch_version": "2.13.0", "ops": {"add": {"differentiable": False}, "new": {}}}
    lines = generate.diff_summary(old, new)
    assert lines[0] == "ops: 1 added, 1 removed, 1 changed"
    assert "  + new" in lines and "  - gone" in lines
    assert "  ~ add: differentiable: true -> false" in lines
    assert not any(line.startswith("torch_version") for line in lines)  # +cpu is one torch
