"""
## What it does
Flags a `backward()` (or `torch.autograd.grad`) through a graph whose saved tensors an
earlier backward already freed: the same loss backpropagated twice, two losses sharing a
sub-graph, a recurrent state carried from one iteration to the next without
`.detach()`, or Hessian-vector products taken in a loop (`autograd.grad(grads, params,
grad_outputs=v)`) over gradients made once with `create_graph=True`.

## Why is this bad?
Backward frees the buffers each op saved, to save memory. The second pass finds them gone:
`RuntimeError: Trying to backward through the graph a second time (or directly access
saved tensors after they have already been freed)`. A graph that saves nothing (`x + 1`)
can be run twice; `x * x` cannot.

## Example
```python
import torch

a = torch.randn(3, requires_grad=True)
loss = (a * a).sum()
loss.backward()
loss.backward()
```

## Use instead
```python
import torch

a = torch.randn(3, requires_grad=True)
loss = (a * a).sum()
loss.backward(retain_graph=True)
loss.backward()
```

## Fix safety
Safe: `retain_graph=True` on the earlier backward keeps the buffers (at a memory cost).
When the second backward is the same statement in the next loop iteration, the real fix is
to `.detach()` the state carried between iterations; no automatic fix is offered then,
unless what it reaches was built once before the loop (gradients made with
`create_graph=True`): then `retain_graph=True` goes on that backward itself.

## Known problems
Only ops whose saved tensors are known from the torch table count. Truncated backprop on a
schedule is read from the loop's text: when the backward runs on some iterations only (under
an `if`, an `elif`, in a helper called under one) and every name that carries the graph into
the next iteration is somewhere in the loop cut from it (`h = h.detach()`, `loss = 0`, a fresh
`torch.zeros(...)`, also under a condition of its own: a flag, an equivalent test, a
conditional expression, a step helper that detaches what it returns under a condition of
its own or after an early `return`), the cuts are taken to run on the steps the backward
does. A carried name never cut (the cell state `c` of an LSTM whose `h` alone is detached, a
running loss never reset), or cut on a rarer period (`% 6` for a backward under `% 3`), is
still flagged. A state kept on an object counts by attribute: `model.state =
model.state.detach()` (or a `detach_state()` method doing so) in a helper the loop calls, up
to three calls deep, cuts `.state` of every object; a `.c` never cut still carries the graph.
A backward under a test of the loop's counter for one value (`if t == T - 1:` in `for t in
range(T)`, `if i + 1 == len(xs):` in `for i, x in enumerate(xs)`) runs on one iteration, so
no later iteration meets what it freed; code after the loop still does.

## References
- TORCH_FACTS §1(h); `torch.Tensor.backward(retain_graph=...)`
"""

from __future__ import annotations

from torchlint.analysis.events import BackwardCall, Event
from torchlint.findings import Severity
from torchlint.rules._text import code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import set_keyword


class BackwardTwice(Rule):
    code = "TL106"
    name = "backward-twice"
    summary = "Backward through a graph whose saved tensors an earlier backward freed."
    default_severity = Severity.ERROR
    events = (BackwardCall,)
    fix_title = "Pass `retain_graph=True` to the earlier backward"
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, BackwardCall)
        if not event.freed:
            return
        earlier, op, before_loop = event.freed[0]
        name = code(event.tensor.text)
        here = ctx.source.span(event.node).start.row
        same_statement = earlier.line == here
        edits = None
        if same_statement and before_loop:
            # `autograd.grad(grads, params, grad_outputs=v)` in a power iteration over
            # gradients made once before the loop: this call must keep that graph
            message = (
                f"This backward reaches `{op}`, made once before the loop, whose saved tensors it "
                f'frees on the first iteration: PyTorch raises "Trying to backward through the graph '
                f'a second time" on the next. Pass `retain_graph=True` here.'
            )
            edit = set_keyword(ctx.source, event.node, "retain_graph", "True")
            edits = (edit,) if edit is not None else None
        elif same_statement:
            message = (
                f"This backward reaches `{op}`, whose saved tensors it already freed on an earlier "
                f'iteration of the loop: PyTorch raises "Trying to backward through the graph a second time". '
                f"Call backward once, on the losses summed across iterations, or detach the state "
                f"carried from one iteration to the next (e.g. `hidden = hidden.detach()`)."
            )
        else:
            message = (
                f"Backward through {name} reaches `{op}`, whose saved tensors the backward on line {earlier.line} "
                f'already freed: PyTorch raises "Trying to backward through the graph a second time". '
                f"Pass `retain_graph=True` to the first backward."
            )
        if not same_statement:
            call = ctx.call_at(earlier)
            if call is not None:
                edit = set_keyword(ctx.source, call, "retain_graph", "True")
                edits = (edit,) if edit is not None else None
        related = (("the earlier backward that freed the graph", earlier),)
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))
