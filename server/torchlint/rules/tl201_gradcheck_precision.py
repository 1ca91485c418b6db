"""
## What it does
Flags `torch.autograd.gradcheck` / `gradgradcheck` given float32 (or float16/bfloat16)
inputs that require grad, or an `nn.Module` whose parameters are float32. With float64
inputs the module is flagged only when they meet a float32 `torch.nn` layer first (a
`Linear`, a `Conv2d`, an `nn.Sequential` starting with one): torch then raises on the mixed
dtypes. A module of the file that uses its float32 parameters elementwise promotes to
float64, and its check passes.

## Why is this bad?
gradcheck compares analytical gradients with finite differences taken with `eps=1e-6`; in
single precision the finite differences are mostly rounding noise, so the check fails with
"Jacobian mismatch for output 0 with respect to input 0" (PyTorch warns "Input #0 requires
gradient and is not a double precision floating point"). A larger `eps` only hides it
sometimes.

## Example
```python
import torch
import torch.nn as nn
from torch.autograd import gradcheck

x = torch.rand(8, 2, requires_grad=True)
linear = nn.Linear(2, 4)
gradcheck(linear, (x,))
```

## Use instead
```python
import torch
import torch.nn as nn
from torch.autograd import gradcheck

x = torch.rand(8, 2, requires_grad=True)
linear = nn.Linear(2, 4)
gradcheck(linear.double(), (x.double(),))
```

## Fix safety
Safe: `.double()` makes float64 copies for the check (a module's `.double()` converts it in
place, as the check needs).

## Known problems
A file that changes torch's default dtype (`torch.set_default_dtype(torch.float64)`) is not
checked by this rule: its tensors' dtypes are not what the analysis assumes.

## References
- TORCH_FACTS §1(a); `torch.autograd.gradcheck`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, Operand, TorchCall
from torchlint.analysis.facts import LOW_PRECISION, Tensor, Tri, Why, all_in
from torchlint.analysis.state import State
from torchlint.analysis.values import ObjRef, Seq, TRef
from torchlint.findings import Edit, Severity
from torchlint.rules._text import because, code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to

_GRADCHECKS = frozenset(
    {
        "torch.autograd.gradcheck",
        "torch.autograd.gradgradcheck",
        "torch.autograd.gradcheck.gradcheck",
        "torch.autograd.gradcheck.gradgradcheck",
    }
)


class GradcheckPrecision(Rule):
    code = "TL201"
    name = "gradcheck-precision"
    summary = "gradcheck with single-precision inputs or module: the finite differences are noise."
    default_severity = Severity.WARNING
    events = (TorchCall,)
    torch_calls = _GRADCHECKS
    fix_title = "Run the check in float64 (`.double()`)"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, TorchCall)
        if event.qualname not in _GRADCHECKS:
            return
        func = event.args[0] if event.args else event.kwargs.get("func")
        inputs = event.args[1] if len(event.args) > 1 else event.kwargs.get("inputs")
        offenders: list[tuple[str, Why | None, str]] = []
        edits: list[Edit] = []
        double_input = False
        module_raises = False  # a float64 input meets the module's float32 layer: it raises
        if inputs is not None:
            for node, t_text, tensor in _input_tensors(inputs, event):
                if tensor is not None and tensor.dtype == frozenset({"float64"}):
                    double_input = True
                if (
                    tensor is not None
                    and tensor.rg is Tri.YES
                    and all_in(tensor.dtype, LOW_PRECISION)
                ):
                    dtype = "/".join(sorted(tensor.dtype or ()))
                    offenders.append(
                        (
                            f"input {code(t_text)} is {dtype}{because(tensor.why_dtype)}",
                            tensor.why_dtype,
                            t_text,
                        )
                    )
                    if node is not None:
                        edits.extend(append_to(ctx.source, node, ".double()"))
        if func is not None and isinstance(func.value, ObjRef):
            mod = event.state.module(func.value)
            # With a float64 input a float32 module promotes (elementwise use of its
            # parameters: the check passes) or raises on the mixed dtypes (its first layer is
            # a torch.nn layer): only the second is a finding.
            if (
                mod is not None
                and mod.has_params is Tri.YES
                and all_in(mod.dtype, LOW_PRECISION)
                and (not double_input or _first_layer_raises(func.value, event.state))
            ):
                module_raises = double_input
                offenders.append(
                    (
                        f"module {code(func.text)} has {'/'.join(sorted(mod.dtype or ()))} parameters",
                        mod.why_dtype,
                        func.text,
                    )
                )
                if func.node is not None:
                    edits.extend(append_to(ctx.source, func.node, ".double()"))
        if not offenders:
            return
        api = event.qualname.rsplit(".", 1)[-1]
        outcome = (
            "its float64 input meets them and the check raises on the mixed dtypes"
            if module_raises
            else 'finite differences in float32 are rounding noise, so the check fails with "Jacobian mismatch"'
        )
        message = (
            f"`{api}` in single precision: {'; '.join(o[0] for o in offenders)}. "
            f"{outcome[0].upper()}{outcome[1:]}; run it in float64."
        )
        related = tuple(
            (f"{code(o[2])} gets its dtype here", o[1]) for o in offenders if o[1] is not None
        )
        if inputs is not None and not isinstance(inputs.value, Seq | TRef):
            edits = []
        ctx.report(
            self.finding(ctx, event.node, message, related=related, fix_edits=tuple(edits) or None)
        )


def _input_tensors(inputs: Operand, event: TorchCall) -> list[tuple[ast.expr | None, str, Tensor]]:
    """(node, text, facts) of each tensor passed as a gradcheck input."""
    value = inputs.value
    out: list[tuple[ast.expr | None, str, Tensor]] = []
    if isinstance(value, TRef):
        out.append((inputs.node, inputs.text, event.state.tensor(value)))
    elif isinstance(value, Seq) and value.kind != "listof":
        nodes: list[ast.expr | None] = (
            list(inputs.node.elts)
            if isinstance(inputs.node, ast.Tuple | ast.List)
            else [None] * len(value.items)
        )
        for node, item in zip(nodes, value.items, strict=False):
            if isinstance(item, TRef):
                text = ast.unparse(node) if node is not None else inputs.text
                out.append((node, text, event.state.tensor(item)))
    return out


def _first_layer_raises(ref: ObjRef, state: State) -> bool:
    """A float64 input meets a torch.nn layer with float32/16 parameters first (the module
    itself, or the first layer with parameters of an nn.Sequential): torch raises on the
    mixed dtypes. A module of the file may convert its input first, and elementwise use of
    its own parameters promotes to float64: unknown, so not this."""
    mod = state.module(ref)
    for _ in range(16):
        if mod is None or mod.qualname is None:
            return False
        if mod.qualname != "torch.nn.Sequential":
            return mod.has_params is Tri.YES and all_in(mod.dtype, LOW_PRECISION)
        children = [state.module(c) for c in mod.submodules()]
        first = next((c for c in children if c is None or c.has_params is not Tri.NO), None)
        mod = first
    return False
