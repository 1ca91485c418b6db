"""
## What it does
Flags a running total of the loss kept as a tensor across a training loop —
`total_loss += loss`, `per_task[t] = per_task[t] + loss`, `losses.append(loss)`,
`history["loss"].append(loss)`, a running average `ema = 0.9 * ema + 0.1 * loss` or
`smooth = loss if smooth is None else 0.98 * smooth + 0.02 * loss` — when the total
itself is never backpropagated, also when it is added up in an inner loop (over the tasks
of a multi-task loss) of the loop that backpropagates. A list or total the loop makes anew (or clears) in each iteration holds
one graph at a time and is not flagged; one reset only under an `if` (`if i % 100 == 99:
running_loss = 0.0`) still keeps the graphs of every iteration in between.

## Why is this bad?
The loss requires grad, so the total does too: it holds a reference to the autograd graph
of every iteration, which can never be freed. Memory grows with every step (the classic
"don't accumulate history across your training loop" of the PyTorch FAQ). For logging, a
Python number is all that is needed.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
total_loss = 0
for step in range(5):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    total_loss += loss
print(total_loss / 5)
```

## Use instead
```python
import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
total_loss = 0
for step in range(5):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    total_loss += loss.item()
print(total_loss / 5)
```

## Fix safety
Safe: `.item()` gives the same number without the graph.

## Known problems
Only totals of values that the loop backpropagates are flagged; a total that is later
backpropagated as a whole (gradient accumulation written by hand) is not.

## References
- PyTorch FAQ, "My model reports cuda runtime error(2): out of memory"
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Accumulation, Event
from torchlint.findings import Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, as_receiver


class GraphAccumulation(Rule):
    code = "TL303"
    name = "graph-accumulation"
    summary = "A loss accumulated as a tensor across iterations keeps every graph alive."
    default_severity = Severity.WARNING
    events = (Accumulation,)
    fix_title = "Accumulate `loss.item()`"

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, Accumulation)
        if _reset_in_loop(event, ctx):
            return  # a fresh list or total each iteration holds one graph at a time
        value = event.value_text or "loss"
        named = f"`{event.value_text}`" if event.value_text else "the loss"
        if event.kind == "append":
            what = f"`{event.target}.append({value})` keeps"
        elif event.kind == "assign":
            what = f"`{ctx.source.segment(event.node)}` makes `{event.target}` a tensor that keeps"
        else:
            what = f"`{event.target} += {value}` makes `{event.target}` a tensor that keeps"
        message = (
            f"{what} the autograd graph of every iteration alive ({named} requires grad and the total is never "
            f"backpropagated): memory grows with each step. Accumulate a number: "
            f"`{as_receiver(value, event.value_node)}.item()`."
        )
        edits = (
            append_to(ctx.source, event.value_node, ".item()")
            if event.value_node is not None
            else None
        )
        ctx.report(self.finding(ctx, event.node, message, fix_edits=edits))


def _reset_in_loop(event: Accumulation, ctx: RuleContext) -> bool:
    """The loop body binds the total (or the container holding it) anew, or clears it:
    `losses = []` / `history = defaultdict(list)` / `losses.clear()` inside the loop, on
    every iteration. A reset under an `if` (`if step % 100 == 99: running = 0.0`) still
    lets the total keep the graphs of every iteration in between."""
    names = {event.target, _base(event.target)}
    for node in _unconditional(event.loop):
        if node is event.stmt:
            continue
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "clear"
        ):
            targets = [node.func.value]
        if any(ctx.source.segment(t) in names for t in targets):
            return True
    return False


def _unconditional(loop: ast.AST) -> list[ast.AST]:
    """The nodes of a loop that run on each of its iterations: none under an `if` or a
    `match` of its body (its `else:` blocks are left out too)."""
    found: list[ast.AST] = []
    todo: list[ast.AST] = list(getattr(loop, "body", []))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If | ast.Match | ast.IfExp):
            continue
        found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _base(target: str) -> str:
    """`history["loss"]` -> `history`: rebinding the container resets its items too."""
    cut = target.find("[")
    return target[:cut] if cut > 0 else target
