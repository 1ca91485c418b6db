"""
## What it does
Flags `backward()` / `torch.autograd.grad` on a tensor that certainly does not require
grad: it was computed under `torch.no_grad()`, came from `.detach()`, was re-wrapped with
`torch.tensor(...)`, went through `.item()`/`.numpy()`, or through a non-differentiable op
such as `argmax`. `torch.distributions` objects keep the grad mode they were built in: a
policy's `dist.log_prob(action)` from an `act()` decorated with `@torch.no_grad()` has no
graph, however it is used later; `dist.sample()` is drawn outside the graph (a loss built on
samples alone has none either). A `.grad` is a tensor without a graph, unless the file
passes `create_graph` somewhere (`loss.backward(create_graph=True)`: a penalty on the
gradients, a Hessian trace), where it is not known. A model whose parameters are all
frozen (`for p in model.parameters(): p.requires_grad_(False)`) gives outputs without a
graph, unless the file turns parameters back on in a loop (`for p in bn_params:
p.requires_grad_(True)`): which ones is then not known.

## Why is this bad?
There is no graph to go back through: `RuntimeError: element 0 of tensors does not require
grad and does not have a grad_fn`. The cause is usually far from the `backward()` line —
the message points at the cut.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True)
with torch.no_grad():
    loss = (w * 2).sum()
loss.backward()
```

## Use instead
```python
import torch

w = torch.randn(3, requires_grad=True)
loss = (w * 2).sum()
loss.backward()
```

## Fix safety
Unsafe: removing a `.detach()` or a `torch.tensor(...)` re-wrap changes what gradients flow;
offered only for those two cuts. A `no_grad` block has to be restructured by hand.

## References
- TORCH_FACTS §1(m)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import BackwardCall, Event
from torchlint.analysis.facts import Tri, Why
from torchlint.findings import Applicability, Edit, Severity
from torchlint.rules._text import because, code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext


class BackwardWithoutGraph(Rule):
    code = "TL107"
    name = "backward-without-graph"
    summary = "Backward on a tensor that does not require grad: there is no graph to go through."
    default_severity = Severity.ERROR
    events = (BackwardCall,)
    fix_title = "Remove the cut"
    fix_applicability = Applicability.UNSAFE
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, BackwardCall)
        t = event.tensor.tensor
        if t is None or t.rg is not Tri.NO:
            return
        name = code(event.tensor.text)
        api = "`backward()`" if event.api == "backward" else "`torch.autograd.grad`"
        message = (
            f'{name} does not require grad{because(t.why_rg)}, so {api} raises "element 0 of tensors does not '
            f'require grad and does not have a grad_fn".'
        )
        related = (("the graph is cut here", t.why_rg),) if t.why_rg else ()
        edits = _remove_cut(ctx, t.why_rg) if t.why_rg else None
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))


def _remove_cut(ctx: RuleContext, why: Why) -> tuple[Edit, ...] | None:
    call = ctx.call_at(why)
    if call is None:
        return None
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "detach" and not call.args:
        # `x.detach()` -> `x`
        return (Edit(ctx.source.span(call), ctx.source.exact(ctx.source.span(func.value))),)
    if (
        isinstance(func, ast.Attribute | ast.Name)
        and (func.attr if isinstance(func, ast.Attribute) else func.id) in ("tensor", "as_tensor")
        and len(call.args) == 1
        and not call.keywords
    ):
        inner = call.args[0]
        return (Edit(ctx.source.span(call), ctx.source.exact(ctx.source.span(inner))),)
    return None
