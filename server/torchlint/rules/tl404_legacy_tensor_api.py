"""
## What it does
Flags the pre-0.4 tensor API: `Variable(...)` (a wrapper that does nothing since 0.4),
`Variable(..., volatile=True)` (which no longer disables autograd), and the typed
constructors `torch.FloatTensor(...)`, `torch.LongTensor(...)`, `torch.Tensor(...)`,
`torch.cuda.FloatTensor(...)` where they do harm.

## Why is this bad?
`volatile=True` has had no effect since PyTorch 0.4
(PyTorch only warns: "volatile was removed and now has no effect. Use `with
torch.no_grad():` instead") — code relying on it builds graphs it meant to avoid. Typed
constructors given sizes (`torch.FloatTensor(10)`) return *uninitialised memory*, garbage
that differs from run to run: fine when an initialiser (`normal_`, `nn.init.*`) writes it
first, a silent bug when it is read as is. `torch.FloatTensor(t)` of a tensor of another
dtype raises (`torch.Tensor(t)` accepts any).

## Example
```python
import torch

w = torch.FloatTensor(10)
total = w.sum()
```

## Use instead
```python
import torch

w = torch.zeros(10)
total = w.sum()
```

## Fix safety
Safe: uninitialised memory becomes `torch.zeros` (deterministic); `FloatTensor(t)` becomes
`t.to(torch.float32)`. Unsafe: `Variable(x)` becomes `x` (`x.detach().requires_grad_()` when
it asked for grad): a `Variable` is a new tensor object sharing `x`'s data. The fix cannot put
the code under `torch.no_grad()` for `volatile=True`: that is for you to place.

## Known problems
An uninitialised tensor stops being tracked when it becomes an `nn.Parameter` in a file
with means of initialisation the analysis cannot follow (`model.apply(init_fn)`, loops over
`parameters()` that fill them, `.data`, loading weights, `setattr`, an init method nothing in
the file calls); where the only means are `nn.init` calls and in-place writes on attributes
of `self` in methods the file runs (`nn.init.kaiming_uniform_(self.weight)` in
`reset_parameters`), each parameter is followed, and one left out (the bias) is flagged. It
also stops when handed to code the analysis cannot see (an unknown function or method,
`.numpy()`, `out=`). A write of part of it leaves the rest
uninitialised only where the part is certain: a boolean mask, a slice that skips positions
(`[1:-1]`), or single positions rounded from data in a loop (`grid[b, int(cy * S), int(cx *
S)] = 1` for each object); positions from a loop counter (`buf[i]`, `grid[int(i // w), i %
w]`) may write every element. Taking a view reads nothing: a buffer filled through
`buf.view(-1)` or row by row while iterating it (`for row in buf: row[:] = v`) is filled.

## References
- TORCH_FACTS §1(k)
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, LegacyUse
from torchlint.findings import Applicability, Edit, Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import as_receiver

_TYPED = {
    "FloatTensor": "float32",
    "DoubleTensor": "float64",
    "HalfTensor": "float16",
    "BFloat16Tensor": "bfloat16",
    "LongTensor": "int64",
    "IntTensor": "int32",
    "ShortTensor": "int16",
    "CharTensor": "int8",
    "ByteTensor": "uint8",
    "BoolTensor": "bool",
    "Tensor": "float32",
}


class LegacyTensorApi(Rule):
    code = "TL404"
    name = "legacy-tensor-api"
    summary = "Legacy tensor API: Variable/volatile do nothing, FloatTensor(n) read before it is initialised."
    default_severity = Severity.WARNING
    events = (LegacyUse,)
    fix_title = "Use the modern API"
    deprecated_api = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, LegacyUse)
        node = event.node
        if event.what == "uninitialized_read" and event.allocated is not None:
            self._uninitialised(event, ctx)  # read by an op, `print`, or `t[i] += 1`
            return
        if not isinstance(node, ast.Call):
            return
        torch_name = ctx.imports.torch_expr()
        src = ctx.source
        if event.what in ("volatile", "Variable"):
            inner = node.args[0] if node.args else None
            edits: tuple[Edit, ...] | None = None
            if inner is not None:
                text = src.exact(src.span(inner))
                wants_grad = any(
                    k.arg == "requires_grad"
                    and isinstance(k.value, ast.Constant)
                    and k.value.value is True
                    for k in node.keywords
                )
                edits = (
                    Edit(
                        src.span(node),
                        f"{as_receiver(text, inner)}.detach().requires_grad_()"
                        if wants_grad
                        else as_receiver(text, inner),
                    ),
                )
            if event.what == "volatile":
                message = (
                    "`volatile=True` has had no effect since PyTorch 0.4: autograd still records here (PyTorch only "
                    "warns). Use `with torch.no_grad():` around the evaluation, and drop `Variable`."
                )
            else:
                message = "`Variable` is a no-op wrapper since PyTorch 0.4: tensors carry `requires_grad` themselves. Use the tensor directly."
            # Unsafe: `Variable(x)` is a new tensor object sharing x's data, not x itself.
            ctx.report(
                self.finding(
                    ctx, node, message, fix_edits=edits, applicability=Applicability.UNSAFE
                )
            )
            return
        cls = event.qualname.rsplit(".", 1)[-1]
        dtype = _TYPED.get(cls)
        if dtype is None or len(event.args) != 1:
            return
        data = event.args[0]
        known = data.tensor.dtype if data.tensor is not None else None
        if cls != "Tensor" and known is not None and len(known) == 1 and dtype not in known:
            # torch.FloatTensor(tensor) raises a TypeError about TensorOptions; .to() converts.
            message = (
                f'`{cls}({data.text})` of a tensor raises ("expected TensorOptions(dtype=...)"): the legacy '
                f"constructor cannot convert. Use `{data.text}.to({torch_name}.{dtype})`."
            )
            edits = (Edit(src.span(node), f"{data.text}.to({torch_name}.{dtype})"),)
            ctx.report(self.finding(ctx, node, message, fix_edits=edits))

    def _uninitialised(self, event: LegacyUse, ctx: RuleContext) -> None:
        alloc = event.allocated
        assert alloc is not None
        call = ctx.call_at(alloc)
        if call is None:
            return
        src = ctx.source
        torch_name = ctx.imports.torch_expr()
        func = call.func
        cls = (
            func.attr
            if isinstance(func, ast.Attribute)
            else func.id
            if isinstance(func, ast.Name)
            else ""
        )
        dtype = _TYPED.get(cls, "float32")
        dtype_kw = "" if dtype == "float32" else f", dtype={torch_name}.{dtype}"
        device_kw = (
            ', device="cuda"'
            if isinstance(func, ast.Attribute) and ".cuda." in f".{src.segment(func)}."
            else ""
        )
        dims = ", ".join(src.exact(src.span(a)) for a in call.args)
        use = ctx.why_of(event.node, "read here")
        message = (
            f"`{alloc.text}` allocates uninitialised memory (its values are whatever was there, different on "
            f"every run), and it is read on line {use.line} before all of it is written. Use "
            f"`{torch_name}.zeros({dims}{dtype_kw}{device_kw})`, or initialise it first."
        )
        span = ctx.why_span(alloc)
        edits = (Edit(src.span(call), f"{torch_name}.zeros({dims}{dtype_kw}{device_kw})"),)
        ctx.report(
            self.finding(ctx, span, message, related=(("first read here", use),), fix_edits=edits)
        )
