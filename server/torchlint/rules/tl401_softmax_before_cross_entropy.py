"""
## What it does
Flags probabilities fed to a loss that expects something else: `softmax` (or `log_softmax`)
output passed to `CrossEntropyLoss` / `F.cross_entropy`, which apply `log_softmax`
themselves, and `softmax` output passed to `NLLLoss` / `F.nll_loss`, which expect
log-probabilities. Softmax layers at the end of a model (`nn.Softmax`) count too.

## Why is this bad?
`CrossEntropyLoss(softmax(z))` computes a softmax of probabilities: the loss is squashed
into a narrow range and its gradients nearly vanish, so training crawls or stalls — no
error. `NLLLoss(softmax(z))` uses probabilities as if they were log-probabilities: a wrong
loss. (`log_softmax` into `CrossEntropyLoss` gives the same numbers but does the work twice.)

## Example
```python
import torch
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 0])
loss = F.cross_entropy(F.softmax(logits, dim=1), target)
```

## Use instead
```python
import torch
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 0])
loss = F.cross_entropy(logits, target)
```

## Fix safety
Unsafe: the fix removes the softmax (cross-entropy) or makes it `log_softmax` (NLL); code
that also uses those probabilities elsewhere must compute them separately.

## References
- Seed article 004; `torch.nn.CrossEntropyLoss`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, ModuleCall, TorchCall
from torchlint.analysis.facts import Why
from torchlint.findings import Applicability, Edit, Pos, Severity, Span
from torchlint.rules._losses import LOSS_FUNCTIONS, is_cross_entropy, is_nll, loss_call
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext


class SoftmaxBeforeCrossEntropy(Rule):
    code = "TL401"
    name = "softmax-before-cross-entropy"
    summary = "Softmax output fed to a cross-entropy (or NLL) loss that expects logits (or log-probabilities)."
    default_severity = Severity.WARNING
    events = (TorchCall, ModuleCall)
    torch_calls = LOSS_FUNCTIONS
    fix_title = "Feed the loss the logits"
    fix_applicability = Applicability.UNSAFE

    def check(self, event: Event, ctx: RuleContext) -> None:
        call = loss_call(event)
        if call is None or call.input is None or call.input.tensor is None:
            return
        t = call.input.tensor
        kind = t.softmax_kind
        if kind is None or t.softmax is None:
            return
        src = t.softmax
        if is_cross_entropy(call):
            if kind == "softmax":
                problem = "applies `log_softmax` itself, so the softmax is applied twice: gradients nearly vanish and training stalls"
            else:
                problem = "applies `log_softmax` itself: the extra `log_softmax` is redundant"
            advice = "Pass the logits"
            edits = _unwrap(ctx, src)
        elif is_nll(call) and kind == "softmax":
            problem = "expects log-probabilities, not probabilities: the loss is wrong"
            advice = "Use `log_softmax`"
            edits = _to_log_softmax(ctx, src)
        else:
            return
        if call.input.text == src.text:
            subject = f"`{src.text}` is fed to `{call.short}`, which {problem}"
        else:
            subject = f"`{call.input.text}` comes from `{src.text}` (line {src.line}), but `{call.short}` {problem}"
        message = f"{subject}. {advice}."
        related = ((f"the {kind} is here", src),)
        ctx.report(self.finding(ctx, call.node, message, related=related, fix_edits=edits))


def _unwrap(ctx: RuleContext, src: Why) -> tuple[Edit, ...] | None:
    call = ctx.call_at(src)
    if call is None:
        return None
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr in ("softmax", "log_softmax")
        and not ctx.imports.is_module_path(func.value)
    ):
        # `z.softmax(dim=1)` -> `z`
        return (Edit(ctx.source.span(call), ctx.source.exact(ctx.source.span(func.value))),)
    if call.args:
        return (Edit(ctx.source.span(call), ctx.source.exact(ctx.source.span(call.args[0]))),)
    return None


def _to_log_softmax(ctx: RuleContext, src: Why) -> tuple[Edit, ...] | None:
    call = ctx.call_at(src)
    if call is None:
        return None
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "softmax":
        end = ctx.source.span(func).end
        return (Edit(Span(Pos(end.row, end.col - len("softmax")), end), "log_softmax"),)
    return None
