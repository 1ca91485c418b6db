"""
## What it does
Flags a tensor created with `requires_grad=True` (or `nn.Parameter(...)`) and then
immediately converted or scaled — `.double()`, `.to(...)`, `.cuda()`, `* 0.01` — before
it is bound to a name or handed to an optimizer.

## Why is this bad?
The conversion is an autograd op, so the name holds a non-leaf copy. The real leaf is
anonymous and unreachable: after `backward()` the named tensor's `.grad` is `None`
(PyTorch only warns when you read it), and an optimizer given it raises
`ValueError: can't optimize a non-leaf Tensor`. Training silently does nothing.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True).double()
(w * 2).sum().backward()
print(w.grad)
```

## Use instead
```python
import torch

w = torch.randn(3).double().requires_grad_()
(w * 2).sum().backward()
print(w.grad)
```

## Fix safety
Safe: the fix drops `requires_grad=True` from the factory and calls `.requires_grad_()` on
the final tensor, which becomes the leaf. Passing `dtype=`/`device=` to the factory works
too.

## References
- TORCH_FACTS §1(e)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, TorchCall
from torchlint.analysis.facts import Tri
from torchlint.analysis.values import TRef
from torchlint.findings import Edit, Severity
from torchlint.rules._text import code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, remove_keyword

_CONVERSIONS = frozenset(
    {"double", "float", "half", "bfloat16", "to", "cuda", "cpu", "type", "long", "int"}
)
_ARITH = frozenset(
    {
        "__mul__",
        "__rmul__",
        "__truediv__",
        "__add__",
        "__radd__",
        "__sub__",
        "__rsub__",
        "mul",
        "div",
        "add",
        "sub",
    }
)


class LostLeaf(Rule):
    code = "TL104"
    name = "lost-leaf"
    summary = "A tensor made with requires_grad=True is converted before it is named: the name holds a non-leaf."
    default_severity = Severity.WARNING
    events = (TorchCall,)
    fix_title = "Make the final tensor the leaf (`.requires_grad_()` last)"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, TorchCall)
        method = event.qualname.rsplit(".", 1)[-1]
        if not event.qualname.startswith("Tensor.") or (
            method not in _CONVERSIONS and method not in _ARITH
        ):
            return
        recv = event.receiver
        if recv is None or recv.tensor is None or not isinstance(recv.value, TRef):
            return
        t = recv.tensor
        if not (t.temporary and t.leaf is Tri.YES and t.rg is Tri.YES):
            return
        result = event.result_tensor
        if result is None or event.result == recv.value or result.leaf is not Tri.NO:
            return
        target = _bound_target(event.stmt, event.node)
        if target is None:
            return
        op_text = ctx.source.segment(event.node)
        message = (
            f"{code(target)} is not a leaf: `{recv.text}` requires grad, but `{op_text}` makes a copy, so the "
            f"leaf that gets the gradient is lost. {code(target)}.grad stays None and an optimizer rejects it "
            f'("can\'t optimize a non-leaf Tensor"). Call `.requires_grad_()` on the final tensor instead.'
        )
        edits = _fix(ctx, event.stmt, recv.node)
        related = (("the anonymous leaf is created here", t.why_rg),) if t.why_rg else ()
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))


def _bound_target(stmt: ast.stmt, node: ast.AST) -> str | None:
    """The name the conversion's result is bound to, when the conversion is on the value's spine."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target: ast.expr = stmt.targets[0]
        value = stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None
    if not isinstance(target, ast.Name | ast.Attribute):
        return None
    cur: ast.expr | None = value
    while cur is not None:
        if cur is node:
            return ast.unparse(target)
        if isinstance(cur, ast.Call) and isinstance(cur.func, ast.Attribute):
            cur = cur.func.value
        elif isinstance(cur, ast.BinOp):
            if cur.left is node or cur.right is node:
                return ast.unparse(target)
            cur = cur.left
        else:
            return None
    return None


def _fix(ctx: RuleContext, stmt: ast.stmt, factory: ast.expr | None) -> tuple[Edit, ...] | None:
    if not isinstance(factory, ast.Call):
        return None
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if value is None:
        return None
    removal = remove_keyword(ctx.source, factory, "requires_grad")
    if removal is None:
        return None
    return (removal, append_to(ctx.source, value, ".requires_grad_()"))
