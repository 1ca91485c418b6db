"""The committed torch_ops.json must be what the installed torch generates.

The generator runs in a subprocess: importing op_db changes torch's global state
(torch.backends.disable_global_flags(), patched ScriptFunction.__call__), which must not
leak into the other tests of this session.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from torchlint.knowledge import TABLE_PATH, generate

# find_spec, not importorskip: this process never needs torch itself
for _needed in ("torch", "expecttest", "numpy"):  # the generator runs torch and op_db
    if importlib.util.find_spec(_needed) is None:
        pytest.skip(f"the generator needs {_needed}", allow_module_level=True)

pytestmark = [pytest.mark.torch, pytest.mark.slow]


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("knowledge") / "torch_ops.json"
    proc = subprocess.run(
        [sys.executable, "-m", "torchlint.knowledge.generate", "--output", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return Path(out).read_text(encoding="utf-8")


def test_no_drift_from_installed_torch(regenerated: str) -> None:
    committed: dict[str, Any] = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    lines = generate.diff_summary(committed, json.loads(regenerated))
    assert not lines, "torch_ops.json drifted; run python -m torchlint.knowledge.generate\n" + (
        "\n".join(lines)
    )


def test_regeneration_is_byte_identical(regenerated: str) -> None:
    committed = TABLE_PATH.read_text(encoding="utf-8")
    if json.loads(committed)["torch_version"] != importlib.metadata.version("torch"):
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
