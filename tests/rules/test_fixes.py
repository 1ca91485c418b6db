"""Each rule's quick fix, applied to a failing program and run with torch.

`fixcases/<CODE>.py` (and `<CODE>_<variant>.py`) exits non-zero (PyTorch raises, or an assertion about the silent
mistake fails). After applying every fix torchlint offers for CODE, it must exit 0 and
torchlint must no longer report CODE.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import needs_torch
from torchlint.engine import analyze_source
from torchlint.fixer import apply_fixes

FIXCASES = sorted((Path(__file__).parent / "fixcases").glob("TL*.py"))


def run_python(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, cwd=path.parent
    )


def cuda_available() -> bool:
    probe = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.cuda.is_available())"],
        capture_output=True,
        text=True,
    )
    return probe.stdout.strip() == "True"


@needs_torch
@pytest.mark.parametrize("case", FIXCASES, ids=lambda p: p.stem)
def test_fix_makes_the_program_work(case: Path, tmp_path: Path) -> None:
    code = case.stem.split("_")[0]  # TL101, or TL101_<variant>
    text = case.read_text(encoding="utf-8")
    if text.startswith("# requires: cuda") and not cuda_available():
        pytest.skip("needs a CUDA device")
    before = run_python(case)
    assert before.returncode != 0, (
        f"{code}: the unfixed program should fail\n{before.stdout}{before.stderr}"
    )

    findings = [f for f in analyze_source(text, str(case)).findings if f.code == code]
    assert findings, f"{code} not reported on its fix case"
    assert all(f.fix is not None for f in findings), f"{code} has no fix: {findings}"
    fixed, applied = apply_fixes(text, findings, unsafe=True)
    assert applied == len(findings)

    target = tmp_path / case.name
    target.write_text(fixed, encoding="utf-8")
    after = run_python(target)
    assert after.returncode == 0, (
        f"{code}: the fixed program still fails\n--- fixed\n{fixed}\n{after.stderr[-2000:]}"
    )
    again = [f for f in analyze_source(fixed, str(target)).findings if f.code == code]
    assert not again, f"{code} still reported after its fix: {again}"


VARIABLE_PROGRAM = """\
import torch
from torch.autograd import Variable

torch.manual_seed(0)
a, b = torch.randn(4, 1), torch.randn(4, 1)
x = Variable(a + b) * 0.5
w = Variable(torch.randn(1, 1), requires_grad=True)
for _ in range(3):
    loss = (x.mm(w) - 1).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
print(round(loss.item(), 6), w.is_leaf)
"""


@needs_torch
def test_variable_fix_keeps_what_the_program_computes(tmp_path: Path) -> None:
    """Plain `Variable(...)` runs (it is legacy, not an error): its fix must leave the
    program computing the same thing, without `Variable`."""
    original = tmp_path / "legacy.py"
    original.write_text(VARIABLE_PROGRAM, encoding="utf-8")
    findings = [
        f for f in analyze_source(VARIABLE_PROGRAM, str(original)).findings if f.code == "TL404"
    ]
    assert len(findings) == 2
    fixed, applied = apply_fixes(VARIABLE_PROGRAM, findings, unsafe=True)
    assert applied == 2 and "Variable(torch" not in fixed
    target = tmp_path / "modern.py"
    target.write_text(fixed, encoding="utf-8")
    before, after = run_python(original), run_python(target)
    assert before.returncode == 0 and after.returncode == 0, after.stderr[-2000:]
    assert before.stdout == after.stdout
