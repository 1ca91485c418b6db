"""
## What it does
Flags `F.dropout(x, p)` (and `dropout2d`/`dropout3d`/`alpha_dropout`) inside a method of an
`nn.Module` without `training=self.training`.

## Why is this bad?
The functional form has no module state: `training` defaults to `True`, so dropout keeps
zeroing activations after `model.eval()`. Evaluation outputs are random and worse — with no
error. The `nn.Dropout` layer follows `train()`/`eval()`; the function does not.

## Example
```python
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(F.dropout(x, p=0.5))
```

## Use instead
```python
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(F.dropout(x, p=0.5, training=self.training))
```

## Fix safety
Safe: `training=self.training` keeps training behaviour and turns dropout off in `eval()`.

## References
- DESIGN TL305; `torch.nn.functional.dropout`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, TorchCall
from torchlint.findings import Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import set_keyword

_DROPOUTS = {
    "torch.nn.functional.dropout": 2,
    "torch.nn.functional.dropout1d": 2,
    "torch.nn.functional.dropout2d": 2,
    "torch.nn.functional.dropout3d": 2,
    "torch.nn.functional.alpha_dropout": 2,
    "torch.nn.functional.feature_alpha_dropout": 2,
}


def _under_training_check(ctx: RuleContext, node: ast.AST) -> bool:
    parents = ctx.parents(node)
    cur: ast.AST | None = node
    while cur is not None:
        parent = parents.get(id(cur))
        in_branch = isinstance(parent, ast.If | ast.IfExp | ast.While) and cur is not getattr(
            parent, "test", None
        )
        if in_branch and any(
            isinstance(n, ast.Attribute) and n.attr == "training"
            for n in ast.walk(parent.test)  # type: ignore[union-attr]
        ):
            return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
            return False
        cur = parent
    return False


class FunctionalDropout(Rule):
    code = "TL305"
    name = "functional-dropout"
    summary = "F.dropout in a module without training=self.training stays on after eval()."
    default_severity = Severity.WARNING
    events = (TorchCall,)
    torch_calls = frozenset(_DROPOUTS)
    fix_title = "Pass `training=self.training`"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, TorchCall)
        position = _DROPOUTS.get(event.qualname)
        if position is None or not event.in_module_method:
            return
        if "training" in event.kwargs or len(event.args) > position:
            return
        if _under_training_check(ctx, event.node):
            return  # `if self.training: x = F.dropout(x, p)` only runs in training
        fn = event.qualname.rsplit(".", 1)[-1]
        message = (
            f"`F.{fn}` in `{event.func_name}` is always in training mode (`training` defaults to True): dropout "
            f"stays on after `model.eval()`, so evaluation is random. Pass `training=self.training`, or use "
            f"an `nn.Dropout` layer."
        )
        edit = set_keyword(ctx.source, event.node, "training", "self.training")
        ctx.report(
            self.finding(ctx, event.node, message, fix_edits=(edit,) if edit is not None else None)
        )
