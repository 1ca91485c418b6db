"""
## What it does
Flags dtypes PyTorch rejects together, and silent in-place downcasts:
`float32 @ float64` (and `mm`, `bmm`, `matmul`, `F.linear`), a convolution's input and weight
in two dtypes (`F.conv2d(image, psf)` with a float64 kernel from numpy), a module whose parameters are
float32 called on float64 (or integer) input (said at the caller's `model(x)` when the model's
`forward` hands the caller's input to the layer, also through a submodule's `forward` or a
`transpose`/`view`), a float or int32 class-index target for
`CrossEntropyLoss`/`NLLLoss`, an integer target for a loss that takes float targets only
(`BCEWithLogitsLoss`, `BCELoss`, `kl_div`: the dtypes each accepts are measured from torch
with a float32 input; `MSELoss` and `L1Loss` accept integers and are not flagged), a float index for `nn.Embedding`/`index_select`/`gather`,
`mean()` of an integer tensor, `int_tensor += 1.5`, and `float32_tensor += float64_tensor`
(which silently rounds to float32). The dtypes come from where the data was made: numpy
arithmetic (float64 unless kept float32), and batches of a `DataLoader` whose `Dataset`
(a `TensorDataset`, or a class of the file with `__getitem__`) gives them, as default
collation does: tensors keep their dtype, Python ints become int64, floats float64. With a
`collate_fn` of the file, a batch is what that function makes of a list of the dataset's
items (`torch.stack([s["labels"] for s in samples])` of int64 multi-hot labels).
Inside `torch.autocast`, which casts the float operands of matmul, linear and convolutions on
purpose, only class-index targets are checked (`labels.to(logits.dtype)` stays a float target).

## Why is this bad?
The first kinds raise at run time, often deep inside a model ("mat1 and mat2 must have the
same dtype", "expected target dtype to be Long or Byte", "mean(): could not infer output
dtype"). The in-place downcast raises nothing and quietly loses the float64 precision.
int32 indices for `index_select`/`gather`/`Embedding` are fine on PyTorch 2.13 and are not
flagged.

## Example
```python
import torch

a = torch.randn(2, 3)
b = torch.randn(3, 4, dtype=torch.float64)
c = a @ b
```

## Use instead
```python
import torch

a = torch.randn(2, 3)
b = torch.randn(3, 4, dtype=torch.float64)
c = a @ b.to(torch.float32)
```

## Fix safety
Unsafe: the fix converts one operand (`.to(dtype)`, `.long()`, `.float()`), which changes
precision or rounds values; check it is the operand you meant to convert.

## Known problems
A file that changes torch's default dtype (`torch.set_default_dtype(torch.float64)`) is not
checked by this rule: its tensors' dtypes are not what the analysis assumes.

## References
- TORCH_FACTS §1(l), §2(c)
"""

from __future__ import annotations

import ast

from torchlint import knowledge as K
from torchlint.analysis.events import Event, InplaceWrite, ModuleCall, Operand, TorchCall
from torchlint.analysis.facts import BOOL, FLOATING, INTEGRAL, Tensor, all_in
from torchlint.findings import Applicability, Severity
from torchlint.rules._losses import LOSS_FUNCTIONS, LossCall, is_cross_entropy, is_nll, loss_call
from torchlint.rules._text import because, code, origins
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to

_SAME_DTYPE = frozenset(
    {
        "Tensor.__matmul__",
        "Tensor.__rmatmul__",
        "Tensor.matmul",
        "Tensor.mm",
        "Tensor.bmm",
        "torch.matmul",
        "torch.mm",
        "torch.bmm",
        "torch.nn.functional.linear",
    }
)
# Convolutions whose input and weight torch requires in one dtype (from the torch table).
_CONVOLUTIONS = frozenset(
    f"{prefix}{name}"
    for name in (
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
    )
    if (op := K.op(f"nn.functional.{name}")) is not None and op.requires_same_dtype
    for prefix in ("torch.nn.functional.", "torch.")
)
_INDEX_OPS = {
    "torch.index_select": 2,
    "Tensor.index_select": 1,
    "torch.gather": 2,
    "Tensor.gather": 1,
}
# Tensor methods that only take floating input (mean, var, softmax...): from the torch table.
_FLOAT_ONLY = frozenset(
    name
    for name in K.op_names()
    if name.startswith("Tensor.")
    and (op := K.op(name)) is not None
    and op.dtype_rule == "float_only"
    and op.raises_on_int
)
_TARGET_CONVERT = {"float32": ".float()", "float64": ".double()", "int64": ".long()"}
_CONVERT = {
    "float32": ".float()",
    "float64": ".double()",
    "float16": ".half()",
    "bfloat16": ".bfloat16()",
}


def _single(t: Tensor | None) -> str | None:
    if t is None or t.dtype is None or len(t.dtype) != 1:
        return None
    return next(iter(t.dtype))


def _category(d: str) -> str:
    try:
        return K.dtype_category(d)
    except KeyError:
        return "other"


# How torch's messages name a dtype: c10's ScalarType names, as `Tensor.type()` spells them
# (`torch.FloatTensor` for float32).
_SCALAR_TYPE_NAMES = {
    "float32": "Float",
    "float64": "Double",
    "float16": "Half",
    "bfloat16": "BFloat16",
    "int32": "Int",
    "int16": "Short",
    "int8": "Char",
    "uint8": "Byte",
    "bool": "Bool",
    "int64": "Long",
}


_RECURRENT_LAYERS = frozenset(
    f"torch.nn.{name}"
    for name in ("RNN", "GRU", "LSTM")  # their cells raise as Linear does
)


def _module_error(qualname: str | None, dm: str, dx: str) -> str:
    """What torch 2.13 says when a layer with `dm` parameters gets `dx` input."""
    if qualname in _RECURRENT_LAYERS:
        return f'"RNN input dtype (torch.{dx}) does not match weight dtype (torch.{dm})"'
    return (
        '"mat1 and mat2 must have the same dtype" '
        '(or "Input type ... and bias type ... should be the same")'
    )


class DtypeMismatch(Rule):
    code = "TL402"
    name = "dtype-mismatch"
    summary = "Dtypes PyTorch rejects together, or an in-place op that silently downcasts."
    default_severity = Severity.ERROR
    events = (TorchCall, ModuleCall, InplaceWrite)
    torch_calls = frozenset(
        {*_SAME_DTYPE, *_CONVOLUTIONS, *_INDEX_OPS, *_FLOAT_ONLY, *LOSS_FUNCTIONS}
    )
    fix_title = "Convert the operand"
    fix_applicability = Applicability.UNSAFE
    torch_raises = True

    def check(self, event: Event, ctx: RuleContext) -> None:
        if ctx.autocast_depth:
            # autocast casts the operands of matmul, linear, conv... itself, never a
            # class-index target (whose float dtype there may be float16 or bfloat16)
            call = loss_call(event) if not isinstance(event, InplaceWrite) else None
            if call is not None and (is_cross_entropy(call) or is_nll(call)):
                self._loss_target(call.target, call.input, call.short, True, call.node, ctx)
            return
        if isinstance(event, InplaceWrite):
            self._inplace(event, ctx)
            return
        call = loss_call(event)
        if call is not None:
            if is_cross_entropy(call) or is_nll(call):
                self._loss_target(call.target, call.input, call.short, True, call.node, ctx)
            else:
                self._value_target(call, ctx)
            return
        if isinstance(event, ModuleCall):
            if not event.via_method:  # `model.encode(x)`: its arguments need not be inputs
                self._module(event, ctx)
            return
        assert isinstance(event, TorchCall)
        if event.qualname in _SAME_DTYPE or event.qualname in _CONVOLUTIONS:
            operands = ([event.receiver] if event.receiver is not None else []) + list(event.args)
            self._same_dtype(event, operands[:2], ctx)
        elif event.qualname in _INDEX_OPS:
            pos = _INDEX_OPS[event.qualname]
            index = event.args[pos] if len(event.args) > pos else event.kwargs.get("index")
            self._float_index(event, index, ctx)
        elif (
            event.qualname.startswith("Tensor.")
            and event.receiver is not None
            and event.receiver.tensor is not None
        ):
            op = K.op(event.qualname)
            t = event.receiver.tensor
            # Both facts must agree: an op that only takes floating input (mean, var, softmax...).
            if (
                op is not None
                and op.raises_on_int
                and op.dtype_rule == "float_only"
                and "dtype" not in event.kwargs
                and all_in(t.dtype, INTEGRAL | BOOL)
            ):
                d = _single(t) or "integer"
                fn = event.qualname.rsplit(".", 1)[-1]
                message = (
                    f"`{fn}()` of {code(event.receiver.text)}, which is {d}{because(t.why_dtype)}: PyTorch raises "
                    f'"{fn}(): could not infer output dtype. Input dtype must be either a floating point or complex dtype". '
                    f"Convert first: `.float().{fn}()`."
                )
                edits = (
                    append_to(ctx.source, event.receiver.node, ".float()")
                    if event.receiver.node is not None
                    else None
                )
                related = origins((f"{code(event.receiver.text)} is {d}", t.why_dtype))
                ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    # -- matmul family -----------------------------------------------------------------
    def _same_dtype(self, event: TorchCall, ops: list[Operand], ctx: RuleContext) -> None:
        if len(ops) < 2:
            return
        a, b = ops
        da, db = _single(a.tensor), _single(b.tensor)
        if da is None or db is None or da == db:
            return
        if _category(da) not in ("float", "int") or _category(db) not in ("float", "int"):
            return
        if _category(da) == "int" and _category(db) == "int":
            return
        assert a.tensor is not None and b.tensor is not None
        raised = (
            '"Input type ... and weight type ... should be the same" or "expected scalar type ..."'
            if event.qualname in _CONVOLUTIONS
            else '"expected m1 and m2 to have the same dtype"'
        )
        message = (
            f"{code(a.text)} is {da}{because(a.tensor.why_dtype)} but {code(b.text)} is {db}{because(b.tensor.why_dtype)}: "
            f"`{ctx.source.segment(event.node, 40)}` needs both operands in one dtype (PyTorch raises {raised}). "
            f"Convert one: `.to(torch.{da})`."
        )
        edits = (
            append_to(ctx.source, b.node, f".to({ctx.imports.torch_expr()}.{da})")
            if b.node is not None
            else None
        )
        related = origins(
            (f"{code(a.text)} is {da}", a.tensor.why_dtype),
            (f"{code(b.text)} is {db}", b.tensor.why_dtype),
        )
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    # -- modules -------------------------------------------------------------------------
    def _module(self, event: ModuleCall, ctx: RuleContext) -> None:
        mod = event.module
        if not event.args or mod.qualname is None:
            return
        x = event.args[0]
        dx = _single(x.tensor)
        if dx is None:
            return
        assert x.tensor is not None
        short = mod.qualname.rsplit(".", 1)[-1]
        if short == "Embedding" or short == "EmbeddingBag":
            if _category(dx) == "float":
                self._report_index(event, x, dx, short, ctx)
            return
        mf = K.module(mod.qualname)
        dm = next(iter(mod.dtype)) if mod.dtype is not None and len(mod.dtype) == 1 else None
        if mf is None or not mf.has_parameters or dm is None or dx == dm:
            return
        if _category(dx) not in ("float", "int", "bool"):
            return
        if self._at_caller(event, x, dm, dx, ctx):
            return
        message = (
            f"{code(event.module_text)} has {dm} parameters{because(mod.why_dtype)} but its input {code(x.text)} is "
            f"{dx}{because(x.tensor.why_dtype)}: PyTorch raises {_module_error(mod.qualname, dm, dx)}. "
            f"Convert the input: `{x.text}{_CONVERT.get(dm, '.to(...)')}`."
        )
        edits = (
            append_to(ctx.source, x.node, _CONVERT[dm])
            if x.node is not None and dm in _CONVERT
            else None
        )
        related = origins(
            (f"{code(x.text)} is {dx}", x.tensor.why_dtype),
            (f"{code(event.module_text)} has {dm} parameters", mod.why_dtype),
        )
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    def _at_caller(self, event: ModuleCall, x: Operand, dm: str, dx: str, ctx: RuleContext) -> bool:
        """A layer in `forward` given the model's own input, whose dtype the caller made:
        said at the caller's `model(x)`, where the conversion belongs."""
        assert x.tensor is not None
        why = x.tensor.why_dtype
        if not event.in_module_method:
            return False
        operand = _shape_only(x.node)
        found = ctx.caller_input_through(event.node, operand, why, event.callers)
        if found is None:
            return False
        if operand is not x.node:
            why = None  # the dtype's reason is the reshaping in the callee, not the caller's value
        func, name, site = found
        arg = ctx.argument_for(site, func, name)
        if arg is None:
            return False
        text = ctx.source.segment(arg, 40)
        message = (
            f"`{ctx.source.segment(site.func, 40)}` gets {code(text)}, which is {dx}{because(why)}, and its "
            f"`{func.name}` passes it to {code(event.module_text)} on line {event.node.lineno}, which has {dm} "
            f"parameters{because(event.module.why_dtype)}: PyTorch raises "
            f"{_module_error(event.module.qualname, dm, dx)}. Convert the input: "
            f"`{text}{_CONVERT.get(dm, '.to(...)')}`."
        )
        edits = append_to(ctx.source, arg, _CONVERT[dm]) if dm in _CONVERT else None
        related = origins(
            (f"{code(text)} is {dx}", why),
            (f"{code(event.module_text)} has {dm} parameters", event.module.why_dtype),
        )
        ctx.report(self.finding(ctx, site, message, related=related, fix_edits=edits))
        return True

    # -- loss targets ----------------------------------------------------------------------
    def _loss_target(
        self,
        target: Operand | None,
        inp: Operand | None,
        loss: str,
        class_index: bool,
        node: ast.Call,
        ctx: RuleContext,
    ) -> None:
        if not class_index or target is None or target.tensor is None:
            return
        dt = _single(target.tensor)
        if dt is None or dt in ("int64", "uint8"):
            return
        t = target.tensor
        ranks_say_indices = (
            inp is not None
            and inp.tensor is not None
            and inp.tensor.rank is not None
            and t.rank is not None
            and t.rank == inp.tensor.rank - 1
        )
        if _category(dt) == "int" or (_category(dt) == "float" and ranks_say_indices):
            if ctx.autocast_depth and _category(dt) == "float":
                # autocast may have made it float16 or bfloat16: the category is what is sure
                what, got = "floating-point", ""
            else:
                what, got = (
                    f"{dt}{because(t.why_dtype)}",
                    f", but got {_SCALAR_TYPE_NAMES.get(dt, dt)}",
                )
            message = (
                f"The class-index target {code(target.text)} of `{loss}` is {what}: PyTorch raises "
                f'"expected target dtype to be Long or Byte{got}". '
                f"Use `.long()`."
            )
            edits = (
                append_to(ctx.source, target.node, ".long()") if target.node is not None else None
            )
            related = origins((f"{code(target.text)} is {dt}", t.why_dtype))
            ctx.report(self.finding(ctx, node, message, related=related, fix_edits=edits))

    def _value_target(self, call: LossCall, ctx: RuleContext) -> None:
        """A loss comparing values (BCE, KL...) given a target dtype torch rejects: the
        accepted dtypes were measured from torch with a float32 input, so only a float32
        input is judged."""
        accepted = call.facts.accepted_target_dtypes
        target, inp = call.target, call.input
        if not accepted or target is None or target.tensor is None or inp is None:
            return
        dt = _single(target.tensor)
        if dt is None or dt in accepted or inp.tensor is None or _single(inp.tensor) != "float32":
            return
        want = "float32" if "float32" in accepted else sorted(accepted)[0]
        convert = _TARGET_CONVERT.get(want, f".to(torch.{want})")
        message = (
            f"The target {code(target.text)} of `{call.short}` is {dt}{because(target.tensor.why_dtype)}, "
            f"but `{call.short}` takes a {want} target with a float32 input (torch 2.13 accepts "
            f"{', '.join(sorted(accepted))}): PyTorch raises a dtype error. Use `{convert}`."
        )
        edits = (
            append_to(ctx.source, target.node, convert)
            if target.node is not None and want in _TARGET_CONVERT
            else None
        )
        related = origins((f"{code(target.text)} is {dt}", target.tensor.why_dtype))
        ctx.report(self.finding(ctx, call.node, message, related=related, fix_edits=edits))

    # -- indices -----------------------------------------------------------------------------
    def _float_index(self, event: TorchCall, index: Operand | None, ctx: RuleContext) -> None:
        if index is None:
            return
        d = _single(index.tensor)
        if d is not None and _category(d) == "float":
            self._report_index(event, index, d, event.qualname.rsplit(".", 1)[-1], ctx)

    def _report_index(
        self, event: TorchCall | ModuleCall, index: Operand, d: str, what: str, ctx: RuleContext
    ) -> None:
        assert index.tensor is not None
        message = (
            f"{code(index.text)} is {d}{because(index.tensor.why_dtype)} but `{what}` needs integer indices: PyTorch "
            f'raises ("Expected dtype int32 or int64 for index"). Use `.long()`.'
        )
        edits = append_to(ctx.source, index.node, ".long()") if index.node is not None else None
        related = origins((f"{code(index.text)} is {d}", index.tensor.why_dtype))
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    # -- in place ------------------------------------------------------------------------------
    def _inplace(self, event: InplaceWrite, ctx: RuleContext) -> None:
        t = event.target.tensor
        dt = _single(t)
        res = event.result_dtype
        if t is None or dt is None or res is None or len(res) != 1:
            return
        dr = next(iter(res))
        if dr == dt:
            return
        if event.kind == "setitem":
            return  # item assignment converts the value (int_t[0] = 2.7 truncates): not flagged
        if _category(dt) in ("int", "bool") and _category(dr) in ("float", "complex"):
            message = (
                f"`{ctx.source.segment(event.node, 40)}` would make {dr} but {code(event.target.text)} is {dt}"
                f'{because(t.why_dtype)}: an in-place op cannot change the dtype, PyTorch raises "result type Float '
                f"can't be cast to the desired output type\". Write `{event.target.text} = {event.target.text}.float() ...` "
                f"or keep integer arithmetic."
            )
            related = origins((f"{code(event.target.text)} is {dt}", t.why_dtype))
            ctx.report(self.finding(ctx, event.node, message, related=related))
            return
        v = event.value
        if (
            all_in(frozenset({dt}), FLOATING)
            and all_in(frozenset({dr}), FLOATING)
            and v is not None
            and v.tensor is not None
            and v.tensor.rank not in (None, 0)
        ):
            message = (
                f"`{ctx.source.segment(event.node, 40)}`: {code(v.text)} is {dr} but {code(event.target.text)} is {dt}"
                f"{because(t.why_dtype)}; the in-place result is silently rounded to {dt}. Convert explicitly if that "
                f"is intended, or make `{event.target.text}` {dr}."
            )
            related = origins(
                (f"{code(event.target.text)} is {dt}", t.why_dtype),
                (f"{code(v.text)} is {dr}", v.tensor.why_dtype),
            )
            ctx.report(self.finding(ctx, event.node, message, related=related))


# Methods that keep a tensor's dtype and only move its data around: `pts.transpose(1, 2)`
# is still the caller's `pts` as far as its dtype goes.
_SHAPE_ONLY = frozenset(
    {"transpose", "permute", "view", "reshape", "unsqueeze", "squeeze", "flatten", "contiguous"}
)


def _shape_only(node: ast.expr | None) -> ast.expr | None:
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        name = node.func.attr
        if name in _SHAPE_ONLY:
            node = node.func.value
        elif name == "pad" and node.args:  # `F.pad(x, (p, 0))`
            node = node.args[0]
        else:
            break
    return node
