"""
## What it does
Flags an evaluation loop — in a function named like `evaluate`/`validate`/`test`/`predict`,
or over a model switched to `eval()` — that runs forward passes with autograd recording and
no `backward()`. A list comprehension of forward passes (`[model(x) for x in xs]`) is such a
loop; a grad-mode manager kept in a variable (`ctx = torch.no_grad()` ... `with ctx:`) counts.
A forward in a helper the loop calls is reported in the helper when the helper is named as
evaluation code too (`validation_step`), and at the loop's call of it when the helper is a
plain forward runner shared with training (`run(enc, dec, src)`) given the model of an
evaluation function (a helper that builds its own model is not); helpers whose text takes
gradients (a backward, `autograd.grad`, `requires_grad`, `.grad`: a saliency map) may do so
on purpose and are left alone.
Nested loops (a beam search inside a loop over sentences) are reported once, at the
outermost one: its `with torch.no_grad():` covers the others.

## Why is this bad?
Every batch builds an autograd graph that nobody uses: activations are kept for a backward
that never comes, memory grows with the batch size (often an out-of-memory error during
validation) and the loop runs slower. `model.eval()` does not turn recording off.

## Example
```python
import torch
import torch.nn as nn

model = nn.Linear(4, 2)


def evaluate(batches):
    model.eval()
    outs = []
    for x in batches:
        outs.append(model(x).argmax(1))
    return outs
```

## Use instead
```python
import torch
import torch.nn as nn

model = nn.Linear(4, 2)


def evaluate(batches):
    model.eval()
    outs = []
    with torch.no_grad():
        for x in batches:
            outs.append(model(x).argmax(1))
    return outs
```

## Fix safety
Safe: the fix wraps the loop in `with torch.no_grad():`; nothing in it backpropagates.

## References
- DESIGN TL302; `torch.no_grad`, `torch.inference_mode`
"""

from __future__ import annotations

from torchlint.analysis.events import Event, LoopSummary
from torchlint.analysis.facts import GradMode, Tri
from torchlint.analysis.training import is_eval_name
from torchlint.findings import Finding, Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import wrap_in_with


class EvalWithoutNoGrad(Rule):
    code = "TL302"
    name = "eval-without-no-grad"
    summary = "Evaluation loop without torch.no_grad(): every batch builds a graph for nothing."
    default_severity = Severity.WARNING
    events = (LoopSummary,)
    fix_title = "Wrap the loop in `with torch.no_grad():`"

    def __init__(self) -> None:
        # loops reported in this analysis, by their rows, with their finding: a loop inside
        # another reported one is covered by its fix (one `with` around the outer loop)
        self._reported: list[tuple[int, int, Finding]] = []

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, LoopSummary)
        if event.backwards or event.steps:
            return
        first, last = event.node.lineno, event.node.end_lineno or event.node.lineno
        if any(a <= first and last <= b for a, b, _ in self._reported):
            return
        forwards = [
            f
            for f in event.forwards
            if f.grad is GradMode.ENABLED
            and not f.nested
            # a helper the loop calls may take gradients for its own ends, unless it too is
            # named as evaluation code (`validation_step`)
            and (not f.in_helper or is_eval_name(f.scope_name, ctx.source.path))
            and (not f.runner or event.is_eval_scope)
            and (f.result_rg is Tri.YES or f.unknown_model)
        ]
        if not forwards:
            return
        evaluating = [f for f in forwards if event.is_eval_scope or f.module.training is Tri.NO]
        if not evaluating:
            return
        fwd = evaluating[0]
        why = (
            "it is in an evaluation function"
            if event.is_eval_scope
            else f"`{fwd.module_text}` is in eval mode"
        )
        message = (
            f"`{ctx.source.segment(fwd.node, 40)}` runs with autograd recording although nothing here "
            f"backpropagates ({why}): every batch builds a graph that is never used. Wrap the loop in "
            f"`with torch.no_grad():`."
        )
        edits = wrap_in_with(ctx.source, event.node, f"with {ctx.imports.torch_expr()}.no_grad()")
        finding = self.finding(ctx, fwd.node, message, fix_edits=edits)
        inner = [f for a, b, f in self._reported if first <= a and b <= last]
        for f in inner:  # said for the whole outer loop instead
            ctx.withdraw(f)
        self._reported = [r for r in self._reported if not any(r[2] is i for i in inner)]
        self._reported.append((first, last, finding))
        ctx.report(finding)
