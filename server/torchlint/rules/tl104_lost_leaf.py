"""
## What it does
Flags a tensor created with `requires_grad=True` (or `nn.Parameter(...)`) and then
immediately converted or scaled — `.double()`, `.to(...)`, `.cuda()`, `* 0.01` — before
it is bound to a name, stored in a dict (`params = {"w": torch.randn(3,
requires_grad=True).double()}`) or handed to an optimizer (param groups included). In a
module's `__init__`,
`self.scale = nn.Parameter(t).to(device)` is the same mistake. So is rebinding the leaf's
own name to a result made from it (`canvas = canvas * 2 - 1` after `canvas =
torch.rand(..., requires_grad=True)`, or a hand-written update `w = w - lr * w.grad`
outside `torch.no_grad()`) when that name then reaches an optimizer or `.grad`.

## Why is this bad?
The conversion is an autograd op, so the name holds a non-leaf copy. The real leaf is
anonymous and unreachable: after `backward()` the named tensor's `.grad` is `None`
(PyTorch only warns when you read it), and an optimizer given it raises
`ValueError: can't optimize a non-leaf Tensor`. Training silently does nothing. On a
module the copy is a plain tensor attribute, not a registered parameter:
`model.parameters()` leaves it out, so no optimizer ever updates it.

## Example
```python
import torch

w = torch.randn(3, requires_grad=True).double()
(w * 2).sum().backward()
print(w.grad)
```

## Use instead
```python
import torch

w = torch.randn(3).double().requires_grad_()
(w * 2).sum().backward()
print(w.grad)
```

## Fix safety
Safe: the fix drops `requires_grad=True` from the factory and calls `.requires_grad_()` on
the final tensor, which becomes the leaf. Passing `dtype=`/`device=` to the factory works
too.

## References
- TORCH_FACTS §1(e)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, GradRead, ModuleTensorSet, TorchCall
from torchlint.analysis.facts import Tensor, Why
from torchlint.analysis.state import State
from torchlint.analysis.values import UNKNOWN, DictObj, ObjRef, Seq, TRef, Value
from torchlint.findings import Edit, Severity, Span
from torchlint.rules._text import code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, remove_keyword


class LostLeaf(Rule):
    code = "TL104"
    name = "lost-leaf"
    summary = "A tensor made with requires_grad=True is converted before it is named: its .grad stays None."
    default_severity = Severity.WARNING
    events = (GradRead, TorchCall, ModuleTensorSet)
    torch_calls = frozenset({"torch.optim.*"})
    fix_title = "Make the final tensor the leaf (`.requires_grad_()` last)"

    def check(self, event: Event, ctx: RuleContext) -> None:
        if isinstance(event, ModuleTensorSet):
            t = event.tensor.tensor
            if t is not None and t.lost_leaf is not None:
                use = ctx.source.span(event.node)
                self._report(
                    ctx,
                    t,
                    event.tensor.text,
                    "the module keeps a plain tensor, not a registered parameter: "
                    "`parameters()` leaves it out and no optimizer updates it",
                    Why(use.start.row, "assigned here", use.start.col, use.end.row, use.end.col),
                )
        elif isinstance(event, GradRead):
            t = event.tensor.tensor
            if (
                t is not None
                and t.lost_leaf is not None
                and not t.retains_grad  # `W.retain_grad()`: its `.grad` is filled after all
                and not isinstance(event.node.ctx, ast.Store)
            ):
                use = ctx.source.span(event.node)
                self._report(
                    ctx,
                    t,
                    event.tensor.text,
                    f"`{event.tensor.text}.grad` is None where it is read",
                    Why(use.start.row, "read here", use.start.col, use.end.row, use.end.col),
                )
        elif (
            isinstance(event, TorchCall)
            and event.qualname.startswith("torch.optim.")
            and event.args
        ):
            params = event.args[0]
            items = params.value.items if isinstance(params.value, Seq) else (params.value,)
            for item in _param_group_items(items, event.state):
                if isinstance(item, TRef):
                    t = event.state.tensor(item)
                    if t.lost_leaf is not None:
                        use = ctx.source.span(event.node)
                        self._report(
                            ctx,
                            t,
                            "",
                            'the optimizer raises "can\'t optimize a non-leaf Tensor"',
                            Why(
                                use.start.row, "optimizer", use.start.col, use.end.row, use.end.col
                            ),
                        )

    def _report(self, ctx: RuleContext, t: Tensor, name: str, consequence: str, use: Why) -> None:
        lost = t.lost_leaf
        assert lost is not None
        stmt = ctx.stmt_at(lost.line)
        target = _dict_entry_text(ctx, lost) or _target_text(stmt) or name
        edits = _fix(ctx, _converted_value(ctx, stmt, lost))
        advice = (
            "Call `.requires_grad_()` on the final tensor instead."
            if edits is not None
            # `w = w - lr * w.grad`, `canvas = canvas * 2 - 1`: the name held the leaf
            else "Update the leaf in place under `torch.no_grad()`, or make the new tensor a leaf: "
            "`.detach().requires_grad_()`."
        )
        message = (
            f"{code(target)} is not a leaf: `{lost.text}` converts the tensor made with `requires_grad=True`, so the "
            f"leaf that gets the gradient is lost: {consequence} (line {use.line}). {advice}"
        )
        span = Span.of(lost.line, lost.col, lost.end_line or lost.line, lost.end_col)
        ctx.report(self.finding(ctx, span, message, related=(("used here", use),), fix_edits=edits))


def _target_text(stmt: ast.stmt | None) -> str | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return ast.unparse(stmt.targets[0])
    if isinstance(stmt, ast.AnnAssign):
        return ast.unparse(stmt.target)
    return None


def _converted_value(ctx: RuleContext, stmt: ast.stmt | None, lost: Why) -> ast.expr | None:
    """The expression whose result should be the leaf: a dict entry's value, or what the
    statement assigns."""
    call = ctx.call_at(lost)
    if call is not None and isinstance(ctx.parents(call).get(id(call)), ast.Dict):
        return call
    if isinstance(stmt, ast.Assign | ast.AnnAssign):
        return stmt.value
    return None


def _param_group_items(items: tuple[Value, ...], state: State) -> list[Value]:
    """The tensors given to an optimizer, param groups (`{"params": [w], "lr": ...}`) opened."""
    out: list[Value] = []
    for item in items:
        group = state.heap.get(item.oid) if isinstance(item, ObjRef) else None
        if isinstance(group, DictObj):
            inner = group.attrs.get("params", UNKNOWN)
            out.extend(inner.items if isinstance(inner, Seq) else (inner,))
        else:
            out.append(item)
    return out


def _dict_entry_text(ctx: RuleContext, lost: Why) -> str | None:
    """`params["v1"]` for the value of a dict display bound to a name (`params = {"v1": ...}`)."""
    value = ctx.call_at(lost)
    if value is None:
        return None
    parents = ctx.parents(value)
    display = parents.get(id(value))
    if not isinstance(display, ast.Dict):
        return None
    key = next((k for k, v in zip(display.keys, display.values, strict=True) if v is value), None)
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    stmt = parents.get(id(display))
    if (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name | ast.Attribute)
    ):
        return f"{ast.unparse(stmt.targets[0])}[{key.value!r}]"
    if isinstance(stmt, ast.Return):
        func = ctx.enclosing_function(stmt)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            return f"{func.name}()[{key.value!r}]"
    return None


def _fix(ctx: RuleContext, value: ast.expr | None) -> tuple[Edit, ...] | None:
    """Move `requires_grad=True` from the factory to a `.requires_grad_()` on the result."""
    if value is None:
        return None
    factory = next(
        (
            n
            for n in ast.walk(value)
            if isinstance(n, ast.Call) and any(k.arg == "requires_grad" for k in n.keywords)
        ),
        None,
    )
    if factory is None:
        return None
    removal = remove_keyword(ctx.source, factory, "requires_grad")
    if removal is None:
        return None
    return (removal, *append_to(ctx.source, value, ".requires_grad_()"))
