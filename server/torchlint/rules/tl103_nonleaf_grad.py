"""
## What it does
Flags reading `.grad` of a tensor that is not a leaf: a tensor computed from others
(`y = x * 2`, a model's output, `x.double()` of a leaf) whose `retain_grad()` was not
called.

## Why is this bad?
Backward only fills `.grad` of leaves. For a non-leaf it stays `None` (PyTorch just warns
"The .grad attribute of a Tensor that is not a leaf Tensor is being accessed"), so code
that reads it gets `None`, or crashes later on `None`.

## Example
```python
import torch

x = torch.randn(3, requires_grad=True)
y = x * 2
y.sum().backward()
print(y.grad)
```

## Use instead
```python
import torch

x = torch.randn(3, requires_grad=True)
y = x * 2
y.retain_grad()
y.sum().backward()
print(y.grad)
```

## Fix safety
Safe: `retain_grad()` only asks autograd to keep the gradient of that tensor.

## Known problems
The fix is offered when the tensor is a plain name bound by an assignment in the same
scope. A tensor kept on a module found by walking a model by class (`for name, m in
model.named_modules(): if isinstance(m, BayesLinear): m.sampled_w.grad`) is that of the
model's first module of the class. If you meant the leaf's gradient (`x.grad`), read that instead.

## References
- TORCH_FACTS §1(d); `torch.Tensor.retain_grad`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, GradRead
from torchlint.analysis.facts import Tri
from torchlint.findings import Severity
from torchlint.rules._text import code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import insert_after


class NonleafGrad(Rule):
    code = "TL103"
    name = "nonleaf-grad"
    summary = "`.grad` of a non-leaf tensor is always None unless `retain_grad()` was called."
    default_severity = Severity.WARNING
    events = (GradRead,)
    fix_title = "Call `.retain_grad()` where the tensor is made"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, GradRead)
        t = event.tensor.tensor
        if t is None or t.leaf is not Tri.NO or t.rg is not Tri.YES or t.retains_grad:
            return
        if t.lost_leaf is not None:
            return  # TL104 explains this one better
        if _is_assignment_target(event):
            return
        name = code(event.tensor.text)
        why = t.origin or t.why_rg
        made = f" (it is computed by `{why.text}` on line {why.line})" if why is not None else ""
        message = (
            f"{name} is not a leaf{made}, so its `.grad` stays None after backward. "
            f"Call `{event.tensor.text}.retain_grad()` before backward, or read the gradient of the leaf it came from."
        )
        edits = None
        origin = t.origin
        node = event.tensor.node
        if isinstance(node, ast.Name) and origin is not None:
            stmt = ctx.stmt_at(origin.line)
            if isinstance(stmt, ast.Assign) and any(
                isinstance(tg, ast.Name) and tg.id == node.id for tg in stmt.targets
            ):
                edits = insert_after(ctx.source, stmt, f"{node.id}.retain_grad()")
        related = ((f"{name} is computed here", why),) if why else ()
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))


def _is_assignment_target(event: GradRead) -> bool:
    return isinstance(event.node.ctx, ast.Store | ast.Del)
