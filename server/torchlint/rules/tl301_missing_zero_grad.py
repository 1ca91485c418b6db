"""
## What it does
Flags a training loop that calls `backward()` and an optimizer's `step()` but never
clears the gradients (`optimizer.zero_grad()`, `model.zero_grad()`, `p.grad = None`) —
not in the loop, nor in the helpers it calls. Mixed-precision loops count too:
`scaler.scale(loss).backward()` and `scaler.step(optimizer)` with a `torch.amp.GradScaler`.
The finding is at the `step()` (where the summed gradients are applied), or at the loop's
own `backward()` when only the step is in a helper.

## Why is this bad?
`backward()` *adds* to `.grad`. Without zeroing, each step uses the sum of the gradients
of every previous iteration, so the effective learning rate grows and training diverges
or stalls — silently. Zeroing once before the loop is not enough.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(5):
    loss = (w * w).sum()
    loss.backward()
    opt.step()
```

## Use instead
```python
import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(5):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
```

## Fix safety
Safe: the fix inserts `<optimizer>.zero_grad()` right before the loop's `backward()`.

## Known problems
Gradient accumulation on purpose (a `zero_grad()` every k steps) is recognised and not
flagged. An object is taken for an optimizer when it comes from `torch.optim`, when
`zero_grad()` is called on it somewhere, or when it is named like one (`optimizer`, `opt`).

## References
- DESIGN TL301; `torch.optim.Optimizer.zero_grad`
"""

from __future__ import annotations

import ast
import re

from torchlint.analysis.events import Event, LoopSummary
from torchlint.analysis.training import returns_gradients
from torchlint.findings import Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import insert_before

_OPTIMIZER_NAME = re.compile(r"(?:^|[._])(?:opt|optim|optimizer|optimiser)\w*$", re.IGNORECASE)


class MissingZeroGrad(Rule):
    code = "TL301"
    name = "missing-zero-grad"
    summary = "Training loop with backward() and step() but no zero_grad(): gradients accumulate."
    default_severity = Severity.WARNING
    events = (LoopSummary,)
    fix_title = "Call `zero_grad()` before `backward()`"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, LoopSummary)
        # `torch.autograd.grad` returns gradients; only backward adds them into `.grad`.
        backwards = [b for b in event.backwards if not returns_gradients(b)]
        if not backwards or not event.steps or event.grad_clears:
            return
        if event.zero_grads:
            steps = _unzeroed_optimizers(event, ctx)
        else:
            steps = [
                (call, text)
                for call, text, known in event.steps
                if known or text in event.zero_grad_receivers or _OPTIMIZER_NAME.search(text)
            ]
        if not steps:
            return
        step_call, optimizer = steps[0]
        # The backward whose gradients this step applies: the last one before it, if any.
        step_line = ctx.source.span(step_call).start.row
        before = [b for b in backwards if ctx.source.span(b).start.row <= step_line]
        backward = (
            max(before, key=lambda b: ctx.source.span(b).start.row) if before else backwards[0]
        )
        back_line = ctx.source.span(backward).start.row
        message = (
            f"This training loop calls backward (line {back_line}) and `{optimizer}.step()` but never zeroes the "
            f"gradients: backward adds to `.grad`, so every step uses the sum of all previous gradients. "
            f"Call `{optimizer}.zero_grad()` before `backward()`."
        )
        step_scope = ctx.enclosing_function(step_call)
        back_scope = ctx.enclosing_function(backward)
        loop_scope = ctx.enclosing_function(event.node)
        related = [("the backward whose gradients accumulate", ctx.why_of(backward))]
        edits = None
        where: ast.AST = step_call
        if step_scope is back_scope:
            # One function does backward and step (the loop, or its training-step helper):
            # the fix goes there, spelling the optimizer as that function does.
            stmt = ctx.stmt_at(back_line)
            if stmt is not None:
                edits = insert_before(ctx.source, stmt, f"{optimizer}.zero_grad()")
        else:
            # Backward and step in different functions (one of them a helper that may serve
            # a correct loop too): at the step when the loop calls it itself
            # (`accelerator.backward(loss)` then `opt.step()`), at the backward when only that
            # is the loop's own, else at the step in its helper (`Trainer.optimizer_step`),
            # where the accumulated gradients are applied; no fix (the helper's name for the
            # optimizer may mean nothing in the loop).
            if step_scope is loop_scope:
                where = step_call
            elif back_scope is loop_scope:
                where = backward
                related.append(("the optimizer steps here", ctx.why_of(step_call)))
            else:
                related.append(("the training loop", ctx.why_of(event.node)))
        ctx.report(self.finding(ctx, where, message, related=tuple(related), fix_edits=edits))


def _unzeroed_optimizers(event: LoopSummary, ctx: RuleContext) -> list[tuple[ast.Call, str]]:
    """Two optimizers step in the loop but only one is zeroed (a GAN's generator): the
    others, when every `zero_grad()` of the loop is on an optimizer that steps there too, or
    on a model whose parameters only the zeroed optimizers were given (`D.zero_grad()` clears
    `optD`'s gradients, not `optG`'s)."""
    stepping = {text for _, text, _ in event.steps if text}
    zeroed: set[str] = set()
    zeroed_modules: set[int] = set()  # `D.zero_grad()`: clears what optimizers of D hold
    for call in event.zero_grads:
        func = call.func
        if not isinstance(func, ast.Attribute):
            return []
        receiver = ctx.source.segment(func.value)
        module = event.modules.get(id(call))
        if receiver in stepping:
            zeroed.add(receiver)
        elif module is not None:
            zeroed_modules |= module
        else:
            return []
    return [
        (call, text)
        for call, text, known in event.steps
        if known and text not in zeroed and not _clears(event.modules.get(id(call)), zeroed_modules)
    ]


def _clears(module: frozenset[int] | None, zeroed_modules: set[int]) -> bool:
    """Whether zeroing those modules may clear the gradients of an optimizer over `module`'s
    parameters (unknown parameters: it may)."""
    return bool(zeroed_modules) and (module is None or not module.isdisjoint(zeroed_modules))
