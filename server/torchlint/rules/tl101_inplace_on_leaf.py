"""
## What it does
Flags an in-place operation (`add_`, `+=`, `x[...] = v`, `normal_`, `zero_`, `copy_`,
`fill_`, `clamp_`, `F.relu(x, inplace=True)`…) on a leaf tensor that requires grad, or on
a view of one (`emb.weight[pad_idx].zero_()`, `w.t().add_(1)`), while autograd is recording.

## Why is this bad?
PyTorch refuses it at once: `RuntimeError: a leaf Variable that requires grad is being
used in an in-place operation.` A leaf that requires grad is what the optimizer updates;
changing it in place while autograd records would make its gradient meaningless.
Initialising or updating parameters must happen with autograd switched off.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True)
w.add_(1)
```

## Use instead
```python
import torch

w = torch.randn(3, requires_grad=True)
with torch.no_grad():
    w.add_(1)
```

## Fix safety
Safe: wrapping the statement in `with torch.no_grad():` is what PyTorch's own initialisers
(`torch.nn.init.*`) and optimizers do. When the in-place call is part of a larger
expression, the whole statement runs without grad, so the fix is marked unsafe.

## Known problems
Only tensors known to be leaves that require grad are flagged (factories with
`requires_grad=True`, `nn.Parameter`, parameters of `torch.nn` modules, `.requires_grad_()`).
A module found by walking a model (`for m in model.modules(): if isinstance(m, Quantizer)`,
or a comprehension filtering on the class) is taken to be the first such module of the
model: the walk visits it. Writes through `.data` are not errors (see TL108).

## References
- TORCH_FACTS §1(b); `torch.no_grad`, `torch.nn.init`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, InplaceWrite, leaf_write_error
from torchlint.findings import Applicability, Severity
from torchlint.rules._text import because, code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import wrap_in_with


class InplaceOnLeaf(Rule):
    code = "TL101"
    name = "inplace-on-leaf"
    summary = "In-place operation on a leaf tensor that requires grad: PyTorch raises at once."
    default_severity = Severity.ERROR
    events = (InplaceWrite,)
    fix_title = "Wrap in `with torch.no_grad():`"
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, InplaceWrite)
        t = event.target.tensor
        error = leaf_write_error(t, event.view_of, event.grad, event.via_data)
        if t is None or error is None:
            return
        receiver = event.target.node
        if (
            isinstance(receiver, ast.Call)
            and isinstance(receiver.func, ast.Attribute)
            and receiver.func.attr.endswith("_")
            and not receiver.func.attr.startswith("_")
            and receiver.func.attr not in ("requires_grad_", "share_memory_")  # these never raise
        ):
            return  # `p.mul_(d).add_(x)`: the first in-place call raised already, said once
        if error == "view" and event.view_of is not None:
            t = event.view_of
            raised = "a view of a leaf Variable that requires grad is being used in an in-place operation"
            what = "a view of a leaf tensor that requires grad"
        else:
            raised = "a leaf Variable that requires grad is being used in an in-place operation"
            what = "a leaf tensor that requires grad"
        name = code(event.target.text)
        op = event.op if event.kind != "setitem" else f"assignment `{event.target.text}[...] = ...`"
        op_text = f"`{op}`" if event.kind != "setitem" else op
        message = (
            f"In-place {op_text} on {name}, {what}{because(t.why_rg)}: PyTorch raises "
            f'"{raised}". Do it under `with torch.no_grad():`.'
        )
        related = ((f"{name} is a leaf that requires grad here", t.why_rg),) if t.why_rg else ()
        edits = wrap_in_with(ctx.source, event.stmt, f"with {ctx.imports.torch_expr()}.no_grad()")
        standalone = _is_whole_statement(event)
        ctx.report(
            self.finding(
                ctx,
                event.node,
                message,
                related=related,
                fix_edits=edits,
                applicability=Applicability.SAFE if standalone else Applicability.UNSAFE,
            )
        )


def _is_whole_statement(event: InplaceWrite) -> bool:
    stmt = event.stmt
    if isinstance(stmt, ast.Expr):
        return stmt.value is event.node
    return stmt is event.node or (
        isinstance(stmt, ast.AugAssign | ast.Assign) and event.kind in ("augassign", "setitem")
    )
