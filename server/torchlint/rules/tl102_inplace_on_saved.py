"""
## What it does
Flags an in-place write (`y.mul_(2)`, `y += 1`, `y[0] = v`, `F.relu(y, inplace=True)`,
`nn.ReLU(inplace=True)(y)`) to a tensor that an earlier op saved for its backward, when a
backward through that op follows.

## Why is this bad?
Ops keep some of their inputs or their result to compute gradients (`b * b` keeps `b`,
`sigmoid` keeps its output, `x ** 2` keeps `x`). Changing one afterwards makes the saved
value wrong, so backward refuses: `RuntimeError: one of the variables needed for gradient
computation has been modified by an inplace operation`. The error appears at `backward()`
and names neither the op nor the line that changed the tensor; this rule points at both.
Which tensors each op saves comes from torch itself (see `torchlint.knowledge`).

## Example
```python
import torch

a = torch.randn(3, requires_grad=True)
b = a + 2
loss = (b * b).mean()
b[0] = 1000.0
loss.backward()
```

## Use instead
```python
import torch

a = torch.randn(3, requires_grad=True)
b = a + 2
loss = (b * b).mean()
b = b.clone()
b[0] = 1000.0
loss.backward()
```

## Fix safety
Unsafe: the fix rewrites the write out of place (`y = y.mul(2)`, `y = y + 1`, a `clone()`
before an item assignment, `inplace=False`), so other names that alias the old tensor no
longer see the change.

## Known problems
Only ops whose saving is known from the torch table and whose inputs certainly require
grad are tracked; writes through `.data` are reported by TL108 instead.

## References
- TORCH_FACTS §1(c), §2(a)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import BackwardCall, Event, ResultBackpropagated
from torchlint.analysis.facts import Why
from torchlint.analysis.state import Hazard, SaveRecord
from torchlint.findings import Applicability, Edit, Severity, Span
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import insert_before, receiver_name, set_keyword


class InplaceOnSaved(Rule):
    code = "TL102"
    name = "inplace-on-saved"
    summary = "In-place write to a tensor saved for backward: backward raises later."
    default_severity = Severity.ERROR
    events = (BackwardCall, ResultBackpropagated)
    fix_title = "Rewrite out of place"
    fix_applicability = Applicability.UNSAFE
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, BackwardCall | ResultBackpropagated)
        for hazard in event.hazards:
            if hazard.via_data:
                continue
            report_hazard(self, ctx, hazard, event)


def report_hazard(
    rule: Rule, ctx: RuleContext, hazard: Hazard, event: BackwardCall | ResultBackpropagated
) -> None:
    save = hazard.save
    tensor = hazard.tensor or "the tensor"
    message = (
        f"`{tensor}` is changed in place here, but {saved_phrase(save)} for its backward: "
        f'{backward_phrase(ctx, event)} raises "one of the variables needed for gradient computation '
        f'has been modified by an inplace operation". Change a copy, or do it out of place.'
    )
    write = hazard.write
    span = Span.of(write.line, write.col, write.end_line or write.line, write.end_col)
    related = (
        (f"{saved_phrase(save)} for backward", save.why),
        (
            "the backward that will fail"
            if isinstance(event, BackwardCall)
            else f"`{event.function}`, whose result is backpropagated",
            _why_of(ctx, event.node),
        ),
    )
    # A parameter loop's write belongs after `optimizer.step()`: a copy would drop it.
    edits = None if hazard.param_loop else _out_of_place(ctx, write)
    ctx.report(rule.finding(ctx, span, message, related=related, fix_edits=edits))


def backward_phrase(ctx: RuleContext, event: BackwardCall | ResultBackpropagated) -> str:
    """ "the backward on line 9", or "backpropagating what `forward` returns" (in training)."""
    if isinstance(event, ResultBackpropagated):
        return f"backpropagating what `{event.function}` returns (in training)"
    return f"the backward on line {ctx.source.span(event.node).start.row}"


def saved_phrase(save: SaveRecord) -> str:
    """ "`b * b` on line 5 saved `b`", or "`torch.sigmoid(x)` on line 4 keeps its result"."""
    if save.saved_text == save.op:
        return f"`{save.op}` on line {save.why.line} keeps its result"
    return f"`{save.op}` on line {save.why.line} saved `{save.saved_text}`"


def _why_of(ctx: RuleContext, node: ast.AST) -> Why:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        # the `def` line, not the whole body
        return Why(node.lineno, "def", node.col_offset, node.lineno, node.col_offset + 3)
    span = ctx.source.span(node)
    return Why(span.start.row, "backward", span.start.col, span.end.row, span.end.col)


def _out_of_place(ctx: RuleContext, write: Why) -> tuple[Edit, ...] | None:
    stmt = ctx.stmt_at(write.line)
    src = ctx.source
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name | ast.Attribute):
        target = src.exact(src.span(stmt.target))
        op = _AUG.get(type(stmt.op))
        if op is None:
            return None
        value = src.exact(src.span(stmt.value))
        return (
            Edit(
                src.span(stmt),
                f"{target} = {target} {op} ({value})"
                if not isinstance(stmt.value, ast.Name | ast.Constant | ast.Attribute)
                else f"{target} = {target} {op} {value}",
            ),
        )
    if isinstance(stmt, ast.Assign | ast.AugAssign) and isinstance(
        stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target, ast.Subscript
    ):
        target_node = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
        assert isinstance(target_node, ast.Subscript)
        base = receiver_name(target_node.value)
        if base is None:
            return None
        return insert_before(src, stmt, f"{base} = {base}.clone()")
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        call = stmt.value
        func = call.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr.endswith("_")
            and not func.attr.endswith("__")
        ):
            base = receiver_name(func.value)
            if base is None:
                return None
            args = src.exact(Span(src.span(func).end, src.span(call).end))
            return (Edit(src.span(stmt), f"{base} = {base}.{func.attr[:-1]}{args}"),)
    inplace_call = ctx.call_at(write)
    if inplace_call is not None:
        for kw in inplace_call.keywords:
            if kw.arg == "inplace":
                edit = set_keyword(src, inplace_call, "inplace", "False")
                if edit is not None and isinstance(stmt, ast.Expr):
                    return None
                return (edit,) if edit is not None else None
    return None


_AUG = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.FloorDiv: "//",
}
