"""
## What it does
Flags the result of an op whose gradient is infinite at some inputs — `sqrt` at 0,
`log` at 0, division by a tensor that can be 0, `x ** 0.5` at 0, `deg.pow(-0.5)` (any
negative or fractional exponent) at 0, `rsqrt`, `acos`/`asin` at ±1, a hand-written `sqrt` of a sum of squares — that is then masked: selected with
`torch.where`, indexed with a boolean mask, multiplied by a mask (a comparison, a boolean
tensor as 0/1 weights such as `valid.float()`, or `1 - torch.eye(n)` dropping a diagonal),
`masked_fill`-ed or overwritten with `y[mask] = …` (multiplying counts only for ops whose own
result is finite at the point, as `sqrt(0)` or `mag ** 0.3` at 0: a quotient by 0 or `log(0)` times a 0 mask is
NaN in the forward pass already, which nothing hides). Not flagged: the double `where` (the
input made safe with the same mask first, also through a helper taking the mask, with
`masked_fill`, with the negated mask `~m`, with a view of the mask (`eye[..., None]`), or with a wider
mask than the one that discards: `where(off, d2, 1)` then `where(off & near, ...)`, or with
the same condition written out again (`where(a + b != 0, x / where(a + b != 0, a + b, 1), 0)`); adding
the identity, `d2 + torch.eye(n)` (a positive multiple of it, the complement of an
off-diagonal mask, plus an eps) or `d2.fill_diagonal_(1.0)`, makes the diagonal safe for a
mask of `torch.eye`: a `where`, `masked_fill`, a factor `1 - eye` or an index `[~eye]`), and a
value kept away from the singular point (`sqrt(d2 + eps)`, `clamp(min=eps)`, or eps added
exactly where it is 0: `d2 + (d2 == 0).float() * eps`), and a quotient selected by its own
size (`where(p > 0, p, 1)` of `p = a / a.sum()`: where the denominator is 0 the quotient is
±inf, which such a mask keeps on one side, or NaN only where `a` is 0 too). A pointwise
function between op and mask (`relu(margin - dist) ** 2`) passes the zero gradient on; a
mask that discards nothing (`torch.ones(n, dtype=torch.bool)` as a condition or index,
all-false `masked_fill`) is no mask. When the op is in a helper of the file (a
`pairwise_distance` written as `sqrt((diff ** 2).sum(-1))`) and its caller masks the result,
the helper's op is flagged too, once however many callers mask it: that is where the input
is to be made safe. A square root (or a power between 0 and 1) of a tensor's pairwise
differences with itself (`x[:, None] - x[None]`, `x.unsqueeze(1) - x.unsqueeze(0)`, squared
and summed over the coordinates) is flagged when a backward goes through it, mask or not:
those differences are 0 on the diagonal, where its gradient is infinite, and the square's
gradient there is 0, so `x.grad` gets 0 × inf = NaN whatever is done to the diagonal
afterwards (indexing it out included).

## Why is this bad?
Masking the *output* does not mask the gradient. The masked-out positions still receive
an upstream gradient of exactly 0, and the op's backward turns it into `0 × inf = NaN`,
which then poisons the input's `.grad` (and, through the optimizer, the weights). The
forward looks perfectly fine. Which ops are singular where comes from probing torch
(`torch.norm`, `linalg.vector_norm` and `cdist` are finite at 0 and are not flagged).

## Example
```python
import torch

x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), torch.zeros_like(x))
y.sum().backward()
print(x.grad)
```

## Use instead
```python
import torch

x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
safe = torch.where(x > 0, x, torch.ones_like(x))
y = torch.where(x > 0, safe.sqrt(), torch.zeros_like(x))
y.sum().backward()
print(x.grad)
```

## Fix safety
Unsafe: the fix feeds the op a harmless value (1, or 0 for `acos`/`asin`) wherever the
mask discards its result — the "double where". Offered when the mask is a comparison of
the op's own input; otherwise clamp the input (`x.clamp(min=1e-12)`) by hand.

## Known problems
Ops whose input is known to stay away from the singular point (`x.clamp(min=1e-6)`,
`exp(x)`, `x + 1e-8` of a non-negative `x`, values selected by a mask that excludes the
point) are not flagged.

## References
- TORCH_FACTS §1(g), §2(d)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import DiagonalNaN, Event, Masked
from torchlint.analysis.facts import SingularOp, Tri, Why
from torchlint.findings import Applicability, Edit, Severity, Span
from torchlint.rules._text import code
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext


class NanMaskedGradient(Rule):
    code = "TL202"
    name = "nan-masked-gradient"
    summary = "Masking the output of sqrt/log/division does not mask its gradient: NaN in .grad."
    default_severity = Severity.WARNING
    events = (Masked, DiagonalNaN)
    fix_title = "Make the op's input safe first (double `where`)"
    fix_applicability = Applicability.UNSAFE

    def __init__(self) -> None:
        # singular ops already reported through a mask, and square roots of self-differences
        # already reported (one finding per op, however many backwards reach it)
        self._ops: set[tuple[int, int]] = set()
        self._rows: set[int] = set()  # lines of singular ops reported through a mask

    def check(self, event: Event, ctx: RuleContext) -> None:
        if isinstance(event, DiagonalNaN):
            self._diagonal(event, ctx)
            return
        assert isinstance(event, Masked)
        t = event.masked.tensor
        if t is None or t.singular is None or t.rg is not Tri.YES:
            return  # NaN gradients need a gradient: unknown requires_grad stays silent
        s = t.singular
        if event.how == "multiply" and not s.forward_finite:
            # `(a / count) * label`: where `count` is 0 the quotient is ±inf and the product
            # NaN in the forward pass too: nothing is hidden, and the mask need not be about
            # the zeros at all (a label, a weight).
            return
        points = " or ".join(_fmt(p) for p in s.points)
        how = {
            "where": "`torch.where`",
            "index": "boolean indexing",
            "multiply": "multiplying by a mask",
            "masked_fill": "`masked_fill`",
            "setitem": "overwriting masked positions",
        }.get(event.how, event.how)
        op_node = _op_in_a_helper(s, event, ctx)
        if op_node is not None:
            # `torch.sqrt((diff ** 2).sum(-1))` in a distance helper, masked by its caller: the
            # helper's op is what to make safe, so it is flagged too (once, however many
            # callers mask it), besides each mask below
            helper_message = (
                f"`{s.text}` has an infinite gradient where `{s.input_text}` is {points}, and "
                f"{_masker(event, ctx)} masks its result on line {event.stmt.lineno} ({how}): "
                f"masking the result does not "
                f"mask the gradient, so the discarded positions get 0 × inf = NaN in the gradient. "
                f"Keep the input away from {points} (`{s.input_text}` clamped, or plus a small eps) "
                f"or make it safe where the caller masks (double `where`)."
            )
            helper_related = (
                (
                    f"the result is masked here ({how})",
                    ctx.why_of(event.node, ctx.source.segment(event.node)),
                ),
            )
            ctx.report(self.finding(ctx, op_node, helper_message, related=helper_related))
        self._ops.add((s.line, s.col))
        self._rows.add(s.line)
        if event.masked.text == s.text:
            subject = f"`{s.text}` has an infinite gradient where `{s.input_text}` is {points}"
        else:
            subject = (
                f"{code(event.masked.text)} comes from `{s.text}` on line {s.line}, whose gradient is infinite "
                f"where `{s.input_text}` is {points}"
            )
        message = (
            f"{subject}. Masking the result afterwards ({how}) does not mask the gradient: the discarded "
            f"positions get 0 × inf = NaN in the gradient. Make the input safe before the op (double `where`) "
            f"or clamp it."
        )
        related = ((f"`{s.text}` is singular where `{s.input_text}` is {points}", _why(s)),)
        edits = None
        if (
            event.mask_about_input
            and event.keep_where
            and s.input_end_col > s.input_col
            and s.input_line == s.line
        ):
            safe = _safe_value(s.points)
            torch_name = ctx.imports.torch_expr()
            inner = s.input_text if s.input_text.isidentifier() else f"({s.input_text})"
            replacement = (
                f"{torch_name}.where({event.keep_where}, {inner}, {torch_name}.{safe}({inner}))"
            )
            span = Span.of(s.input_line, s.input_col, s.input_line, s.input_end_col)
            if ctx.source.exact(span) == s.input_text:
                edits = (Edit(span, replacement),)
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    def _diagonal(self, event: DiagonalNaN, ctx: RuleContext) -> None:
        op = event.node
        start = ctx.source.span(op).start
        key = (start.row, start.col)
        if key in self._ops or start.row in self._rows:
            # said already, through a mask (of this op, or of `1 / sqrt(d2)` on its line) or
            # for an earlier backward
            return
        self._ops.add(key)
        x = event.source
        backward_row = ctx.source.span(event.backward).start.row
        message = (
            f"`{ctx.source.segment(op, 60)}` takes the square root of differences of `{x}` with "
            f"itself (`{ctx.source.segment(event.pairing, 50)}`), which are 0 on the diagonal, "
            f"where its gradient is infinite: the backward on line {backward_row} puts 0 × inf = "
            f"NaN into the gradient of `{x}`, whatever is done to the diagonal afterwards. Use "
            f"`torch.cdist` or `torch.linalg.vector_norm(..., dim=-1)` (finite at 0), or take "
            f"the root of a safe input (`torch.where(eye, 1, d2)`)."
        )
        related = (
            ("the pairs of each point with itself", ctx.why_of(event.pairing, x)),
            ("the backward through it", ctx.why_of(event.backward, "backward")),
        )
        ctx.report(self.finding(ctx, op, message, related=related))


def _op_in_a_helper(s: SingularOp, event: Masked, ctx: RuleContext) -> ast.expr | None:
    """The singular op, when a function of this file other than the one that masks holds it."""
    node = ctx.expr_at(_why(s))
    if node is None or ctx.source.segment(node, 60) != s.text:
        return None  # another file's op, or a line of this file that only looks alike
    helper = ctx.enclosing_function(node)
    if helper is None or helper is ctx.enclosing_function(event.node):
        return None
    return node


def _masker(event: Masked, ctx: RuleContext) -> str:
    func = ctx.enclosing_function(event.node)
    name = getattr(func, "name", None)
    return f"`{name}`" if name else "its caller"


def _fmt(p: float) -> str:
    return str(int(p)) if p == int(p) else str(p)


def _safe_value(points: tuple[float, ...]) -> str:
    if 1.0 in points or -1.0 in points:
        return "zeros_like" if 0.0 not in points else "full_like"
    return "ones_like"


def _why(s: SingularOp) -> Why:
    return Why(s.line, s.text, s.col, s.end_line, s.end_col)
