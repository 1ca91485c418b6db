"""Dtype and device findings point at the lines that made each side of the mismatch."""

from __future__ import annotations

import textwrap

from torchlint.analysis.facts import Why
from torchlint.engine import analyze_source
from torchlint.rules._text import origins


def _related(source: str, code: str) -> list[tuple[int, list[tuple[int, str]]]]:
    result = analyze_source(textwrap.dedent(source), "t.py")
    return [
        (f.span.start.row, [(r.span.start.row, r.message) for r in f.related])
        for f in result.findings
        if f.code == code
    ]


def test_matmul_dtypes_name_both_operands() -> None:
    found = _related(
        """\
        import torch
        a = torch.randn(3, 4)
        b = torch.randn(4, 2, dtype=torch.float64)
        c = a @ b
        """,
        "TL402",
    )
    assert found == [
        (
            4,
            [
                (2, "`a` is float32: `randn` makes float32 unless told otherwise"),
                (3, "`b` is float64: `dtype=torch.float64`"),
            ],
        )
    ]


def test_model_input_at_the_caller_names_the_batches_and_the_layer() -> None:
    found = _related(
        """\
        import numpy as np
        import torch
        from torch import nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 2)

            def forward(self, x):
                return self.fc(x)


        def run(model, xs):
            for x in xs:
                model(x)


        run(Net(), [torch.from_numpy(np.zeros((4, 3)))])
        """,
        "TL402",
    )
    assert len(found) == 1
    row, related = found[0]
    assert row == 17
    assert [r for r, _ in related] == [20, 9]
    assert related[0][1].startswith("`x` is float64")
    assert related[1][1].startswith("`self.fc` has float32 parameters")


def test_device_mismatch_names_module_and_input() -> None:
    found = _related(
        """\
        import torch
        from torch import nn
        model = nn.Linear(3, 2).cuda()
        x = torch.randn(5, 3)
        y = model(x)
        """,
        "TL403",
    )
    assert found == [
        (
            5,
            [
                (3, "`model` is on cuda: `nn.Linear(3, 2).cuda()`"),
                (4, "`x` is on cpu: `torch.randn(5, 3)`"),
            ],
        )
    ]


def test_unknown_and_repeated_origins_are_left_out() -> None:
    made = Why(3, "`torch.rand(3)`")
    assert origins(("`a` is float32", made), ("`b` is float64", None)) == (
        ("`a` is float32: `torch.rand(3)`", made),
    )
    assert len(origins(("`a` is float32", made), ("`a` again", Why(3, "the same line")))) == 1
    assert origins(("`c` is int64", Why(4, ""))) == ()
