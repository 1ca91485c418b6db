"""
## What it does
Flags an in-place write through `.data` (`out.data.zero_()`, `c = out.data; c.mul_(2)`) to
a tensor that an earlier op saved for backward, when a backward through that op follows
(a custom `autograd.Function` saves what its forward passes to `ctx.save_for_backward`).
That includes a layer's weight (a `nn.Linear` or convolution keeps it to compute its
input's gradient, when that input requires grad) changed by a loop over the model's
parameters between the forward pass and `backward()`: weight clipping, max-norm or weight
decay written through `p.data` before the backward instead of after `step()`. The loop may
run over one model's parameters or over a list gathering several
(`[*actor.parameters(), *critic.parameters()]`, `list(enc.parameters()) + list(dec.parameters())`).
Also a write through `.data` to a tensor of the graph itself — a layer's output
(`tok.data.mul_(math.sqrt(d))`), a simulation's state (`x.data[0] = anchor`) — when a
backward through it follows: the ops after it use the new values, the gradients are those of
the old ones (no fix is offered: the out-of-place op depends on what the write meant).

## Why is this bad?
`.data` hides the write from autograd: the version counter does not move, so backward
does not raise as it would for `.detach()` — it silently uses the changed values and
returns wrong gradients. (Writing through `.data` to initialise a parameter before any
forward is fine and is not flagged; so is a layer preparing its weight in its own forward
before the op that uses it, as a masked convolution does with `self.weight.data *=
self.mask`.)

## Example
```python
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
out.data.zero_()
out.sum().backward()
```

## Use instead
```python
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
zeroed = out.detach().clone().zero_()
out.sum().backward()
```

## Fix safety
Unsafe: the fix writes to a detached copy instead (`.detach().clone()`), so the tensor
that backward uses keeps its saved values; code that relied on the change seeing the
original tensor must read the copy.

## References
- TORCH_FACTS §1(n)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import BackwardCall, Event, ResultBackpropagated
from torchlint.analysis.state import Hazard
from torchlint.findings import Applicability, Edit, Severity, Span
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.tl102_inplace_on_saved import backward_phrase, saved_phrase


class DataBypass(Rule):
    code = "TL108"
    name = "data-bypass"
    summary = "In-place write through `.data` to a tensor saved for backward: gradients are silently wrong."
    default_severity = Severity.WARNING
    events = (BackwardCall, ResultBackpropagated)
    fix_title = "Write to a detached copy instead"
    fix_applicability = Applicability.UNSAFE

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, BackwardCall | ResultBackpropagated)
        for hazard in event.hazards:
            if not hazard.via_data or hazard.save.unused or _prepared_before_use(ctx, hazard):
                continue
            save = hazard.save
            write = hazard.write
            span = Span.of(write.line, write.col, write.end_line or write.line, write.end_col)
            if hazard.unseen:
                name = hazard.tensor.removesuffix(".data")
                message = (
                    f"`{name}` is changed in place through `.data`, but it is part of the graph "
                    f"(`{save.op}`, line {save.why.line}) that {backward_phrase(ctx, event)} goes through: "
                    f"what follows uses the new values while autograd computes the gradients as if they "
                    f"were the old ones, silently wrong. Use an out-of-place op (`{name} = {name} * s`) "
                    f"so that autograd sees it."
                )
                related = (("made here, as part of the graph", save.why),)
                ctx.report(self.finding(ctx, span, message, related=related))
                continue
            message = (
                f"`{hazard.tensor}` is changed in place through `.data`, but {saved_phrase(save)} for its "
                f"backward: autograd does not see the change, so {backward_phrase(ctx, event)} silently "
                f"computes wrong gradients. Write to a detached copy instead."
            )
            related = ((f"{saved_phrase(save)} for backward", save.why),)
            ctx.report(
                self.finding(ctx, span, message, related=related, fix_edits=_copy_fix(ctx, hazard))
            )


def _prepared_before_use(ctx: RuleContext, hazard: Hazard) -> bool:
    """`self.weight.data *= self.mask` then `return super().forward(x)` (a masked
    convolution): the write comes before the op that saves, in one function and outside any
    loop of it. What the op saved was saved by an earlier call of the same code (another
    layer of the same kind, which the analysis may not tell apart from this one): in this
    call the op uses the prepared weight, as the author meant."""
    save, write = hazard.save.why, hazard.write
    if save.path is not None or write.path is not None or save.line <= write.line:
        return False
    written, saving = ctx.stmt_at(write.line), ctx.stmt_at(save.line)
    if written is None or saving is None:
        return False
    func = ctx.enclosing_function(written)
    if func is None or ctx.enclosing_function(saving) is not func:
        return False
    parents = ctx.parents(written)
    cur = parents.get(id(written))
    while cur is not None and cur is not func:
        if isinstance(cur, ast.For | ast.While | ast.AsyncFor):
            return False  # the op of the previous iteration saved it: written under it
        cur = parents.get(id(cur))
    return True


def _copy_fix(ctx: RuleContext, hazard: Hazard) -> tuple[Edit, ...] | None:
    """Write to `x.detach().clone()` instead of `x.data`: where `.data` was taken, or in the write."""
    if hazard.param_loop:
        return None  # clipping or decay through `p.data` belongs after `step()`; a copy drops it
    src = ctx.source
    origin = hazard.origin
    if origin is not None and origin.end_line:
        stmt = ctx.stmt_at(origin.line)
        if stmt is not None and origin.line != hazard.write.line:
            for node in ast.walk(stmt):
                if isinstance(node, ast.Attribute) and node.attr == "data":
                    span = src.span(node)
                    if (span.start.row, span.start.col) == (origin.line, origin.col):
                        base = src.exact(src.span(node.value))
                        return (Edit(span, f"{base}.detach().clone()"),)
    stmt = ctx.stmt_at(hazard.write.line)
    if isinstance(stmt, ast.Expr):
        for node in ast.walk(stmt):
            if isinstance(node, ast.Attribute) and node.attr == "data":
                base = src.exact(src.span(node.value))
                # `out.data.zero_()` as a statement: do it to a copy bound to a new name.
                text = src.exact(src.span(stmt.value)).replace(
                    f"{base}.data", f"{base}.detach().clone()", 1
                )
                return (Edit(src.span(stmt), f"{_safe_name(base)}_copy = {text}"),)
    return None


def _safe_name(expr: str) -> str:
    name = "".join(ch if ch.isalnum() else "_" for ch in expr).strip("_")
    return name or "tensor"
