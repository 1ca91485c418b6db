"""
## What it does
Flags asking an integer or boolean tensor to require grad: `torch.randint(...,
requires_grad=True)`, `torch.tensor([1, 2], requires_grad=True)`, `torch.arange(3,
requires_grad=True)`, `idx.requires_grad_()`, `idx.requires_grad = True`,
`nn.Parameter(int_tensor)`.

## Why is this bad?
Gradients only exist for floating-point (and complex) tensors: `RuntimeError: Only Tensors
of floating point and complex dtype can require gradients`. Integer data written as
`[1, 2]` makes an int64 tensor.

## Example
```python
import torch

x = torch.tensor([1, 2, 3], requires_grad=True)
```

## Use instead
```python
import torch

x = torch.tensor([1, 2, 3], dtype=torch.float32, requires_grad=True)
```

## Fix safety
Unsafe: the tensor becomes float32, which changes integer arithmetic (division, indexing).

## References
- TORCH_FACTS §1(f)
"""

from __future__ import annotations

import ast
from typing import Final

from torchlint.analysis.events import Event, RequiresGradSet
from torchlint.analysis.facts import BOOL, INTEGRAL, all_in
from torchlint.findings import Applicability, Edit, Severity
from torchlint.rules._text import because, code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, receiver_name, set_keyword


class IntRequiresGrad(Rule):
    code = "TL105"
    name = "int-requires-grad"
    summary = "An integer or boolean tensor cannot require grad: PyTorch raises."
    default_severity = Severity.ERROR
    events = (RequiresGradSet,)
    fix_title = "Make it floating point"
    fix_applicability = Applicability.UNSAFE
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, RequiresGradSet)
        t = event.tensor.tensor
        if t is None or not all_in(t.dtype, INTEGRAL | BOOL):
            return
        if event.how == "parameter" and _asks_for_grad(event.tensor.node):
            return  # `nn.Parameter(torch.ones_like(idx, requires_grad=True))`: the factory's
        dtype = "/".join(sorted(t.dtype or ()))
        reason = f" ({t.why_dtype.text})" if t.why_dtype is not None else ""
        if event.how == "factory":
            subject = f"`{ctx.source.segment(event.node, 50)}` creates {_article(dtype)} {dtype} tensor{reason}"
        else:
            subject = f"{code(event.tensor.text)} is {dtype}{because(t.why_dtype)}"
        message = (
            f"{subject}, and only floating-point and complex tensors can require grad: PyTorch raises "
            f'"{_RAISED.get(event.how, _RAISED["factory"])}".'
        )
        torch_name = ctx.imports.torch_expr()
        edits: tuple[Edit, ...] | None = None
        if event.how == "factory" and isinstance(event.factory_node, ast.Call):
            edit = set_keyword(ctx.source, event.factory_node, "dtype", f"{torch_name}.float32")
            edits = (edit,) if edit is not None else None
        elif event.how == "parameter" and event.tensor.node is not None:
            edits = append_to(ctx.source, event.tensor.node, ".float()")
        elif event.how in ("requires_grad_", "attribute"):
            base = receiver_name(event.tensor.node)
            stmt = event.stmt
            if base is not None and (
                isinstance(stmt, ast.Expr)
                or (isinstance(stmt, ast.Assign) and event.how == "attribute")
            ):
                edits = (Edit(ctx.source.span(stmt), f"{base} = {base}.float().requires_grad_()"),)
        related = (("the dtype comes from here", t.why_dtype),) if t.why_dtype else ()
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))


# What torch 2.13 raises, by how the flag is set (they differ in case and wording).
_RAISED: Final = {
    "factory": "Only Tensors of floating point and complex dtype can require gradients",
    "parameter": "Only Tensors of floating point and complex dtype can require gradients",
    "requires_grad_": "only Tensors of floating point dtype can require gradients",
    "attribute": "only Tensors of floating point and complex dtype can require gradients",
}


def _asks_for_grad(node: ast.expr | None) -> bool:
    """A factory call given `requires_grad=True`: reported as such already."""
    return isinstance(node, ast.Call) and any(
        k.arg == "requires_grad" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in node.keywords
    )


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" or word.startswith(("int", "uint")) else "a"
