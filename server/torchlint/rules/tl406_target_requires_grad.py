"""
## What it does
Flags a loss whose target is the output of another model that requires grad — a teacher
in distillation, a target network in Q-learning, a frozen encoder that was not frozen —
passed without `.detach()`.

## Why is this bad?
PyTorch (2.13) no longer refuses a target that requires grad: every loss (MSE, KL
divergence, cross-entropy with probabilities, L1, BCE, smooth L1, Huber) backpropagates into
the target too. The teacher's or target network's weights get gradients (and, if an
optimizer holds them, get updated), and the loss can be reduced by moving the target
instead of the prediction. No error, no warning.

## Example
```python
import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
x = torch.randn(16, 8)
loss = F.mse_loss(student(x), teacher(x))
loss.backward()
```

## Use instead
```python
import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
x = torch.randn(16, 8)
loss = F.mse_loss(student(x), teacher(x).detach())
loss.backward()
```

## Fix safety
Safe: `.detach()` stops the gradient at the target, as the loss intends. (Computing the
target under `torch.no_grad()` is better still: it saves memory.)

## Known problems
A loss between two outputs of the same model (a consistency loss) is left alone: whether
both sides should get gradients is a modelling choice.

## References
- TORCH_FACTS §1(i); seed article 004
"""

from __future__ import annotations

from torchlint.analysis.events import Event, ModuleCall, TorchCall
from torchlint.analysis.facts import Tri
from torchlint.analysis.state import State
from torchlint.analysis.values import OptimizerObj
from torchlint.findings import Severity
from torchlint.rules._losses import LOSS_FUNCTIONS, loss_call
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, as_receiver


class TargetRequiresGrad(Rule):
    code = "TL406"
    name = "target-requires-grad"
    summary = "A loss target from another model requires grad: gradients silently flow into it."
    default_severity = Severity.WARNING
    events = (TorchCall, ModuleCall)
    torch_calls = LOSS_FUNCTIONS
    fix_title = "Detach the target"

    def check(self, event: Event, ctx: RuleContext) -> None:
        call = loss_call(event)
        if call is None or call.target is None or call.target.tensor is None:
            return
        t = call.target.tensor
        if t.rg is not Tri.YES or t.from_module is None:
            return
        inp = call.input.tensor if call.input is not None else None
        # The prediction must be a model's output that requires grad too: with data as the
        # input, a symmetric loss was just written the other way round (l1_loss(pixels, recon)).
        if (
            inp is None
            or inp.rg is not Tri.YES
            or inp.from_module is None
            or inp.from_module == t.from_module
        ):
            return
        model = t.module_text or "another model"
        state = event.state if isinstance(event, TorchCall | ModuleCall) else None
        if (
            t.module_text is not None
            and state is not None
            and _optimized(state, ctx, t.module_text)
        ):
            return  # both models learn together (two towers, CLIP): gradients into it are wanted
        detached = f"{as_receiver(call.target.text, call.target.node)}.detach()"
        message = (
            f"The target `{call.target.text}` of `{call.short}` comes from `{model}` and requires grad: PyTorch does "
            f"not stop there, so the backward also sends gradients into `{model}` (and the loss can shrink by "
            f"moving the target). Use `{detached}`, or compute it under `torch.no_grad()`."
        )
        edits = (
            append_to(ctx.source, call.target.node, ".detach()")
            if call.target.node is not None
            else None
        )
        ctx.report(self.finding(ctx, call.node, message, fix_edits=edits))


def _optimized(state: State, ctx: RuleContext, model: str) -> bool:
    """An optimizer of the file is given `model.parameters()` (alone, in a list, a sum of
    lists, a chain or param groups): the target's model is trained, not a fixed target."""
    wanted = (f"{model}.parameters(", f"{model}.named_parameters(")
    for obj in state.heap.values():
        if isinstance(obj, OptimizerObj):
            stmt = ctx.stmt_at(obj.line)
            # Every line of it: `AdamW(\n    [{"params": enc.parameters()}, ...],\n)`.
            text = ctx.source.exact(ctx.source.span(stmt)) if stmt is not None else ""
            if any(w in text for w in wanted):
                return True
    return False
