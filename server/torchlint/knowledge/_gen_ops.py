"""Per-op facts measured by running ops: saved tensors, dtype rule, differentiability, views.

Each op is described by a few concrete `Call`s (from op_db sample inputs, or from the small
hand list in `_gen_probes`); everything below is measured on those calls.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from ._gen_common import (
    Call,
    dtype_name,
    grad_positions,
    prepare,
    quiet,
    saved_table,
    seed,
    storage_ptr,
    tensor_outputs,
)

# Input dtypes tried for the dtype rule (the floating inputs of a call are cast to each).
PROBE_DTYPES = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "int64": torch.int64,
    "int32": torch.int32,
    "bool": torch.bool,
}
RULE_ORDER = ("same", "promote", "int_to_float", "int_to_int64")


@dataclass
class OpProbe:
    """What the generator knows about one op key before it is written out."""

    calls: list[Call]  # first call per number of tensor inputs, most common first
    inplace_call: bool = False  # the calls mutate input 0 (in-place probes use a non-leaf)
    extra_dtype_calls: list[Call] = field(default_factory=list)


def _number_args(call: Call) -> list[object]:
    # Python numbers passed positionally take part in type promotion (x + 2.5); keyword
    # numbers (dim=, alpha=) do not change the result's dtype class.
    return [a for a in call.args if isinstance(a, (bool, int, float, complex))]


def _cast(call: Call, positions: Sequence[int], dtypes: Sequence[torch.dtype]) -> Call:
    table = dict(zip(positions, dtypes, strict=True))
    return call.with_tensors(lambda i, t: _to(t, table[i]) if i in table else t.clone())


def _to(t: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The sample as `dtype`. Floats in [0, 1) would all become 0 as integers, and integer
    division or modulo by zero raises for a value reason, not a dtype one: use >= 1."""
    if t.is_floating_point() and not (
        dtype.is_floating_point or dtype.is_complex or dtype == torch.bool
    ):
        return (t.detach().abs().floor() + 1).to(dtype)
    return t.to(dtype, copy=True)


def _out_dtype(call: Call) -> str:
    seed()
    try:
        with torch.no_grad():
            out = call.run()
    except Exception:
        return "raise"
    outs = tensor_outputs(out)
    if out is None and call.tensors():  # __setitem__: the result is self
        outs = call.tensors()[:1]
    return dtype_name(outs[0].dtype) if outs else "none"


@dataclass
class DtypeRun:
    inputs: list[torch.dtype]  # dtypes of the cast (floating) inputs, in order
    numbers: list[object]
    out: str
    call_index: int = 0
    zerodim: list[bool] = field(default_factory=list)  # per cast input: a 0-dim tensor


def has_dtype_arg(call: Call) -> bool:
    """x.to(torch.float64), sum(dtype=...), bucketize(..., out_int32=True), bincount(x,
    weights=w): the result dtype is the argument's, not a rule."""
    flat = [*call.args, *call.kwargs.values()]
    return (
        any(isinstance(a, torch.dtype) for a in flat)
        or bool(call.kwargs.get("out_int32"))
        or isinstance(call.kwargs.get("weights"), torch.Tensor)
    )


def dtype_runs(call: Call, call_index: int = 0) -> list[DtypeRun]:
    """Run the call with its data inputs cast to each probe dtype (and mixed pairs). Data
    inputs are the floating tensors; for integer-only ops (bitwise) the integer ones."""
    tensors = call.tensors()
    fpos = [i for i, t in enumerate(tensors) if t.dtype.is_floating_point]
    if not fpos:
        fpos = [i for i, t in enumerate(tensors) if not t.dtype.is_complex]
    if not fpos:
        return []
    plans: list[list[torch.dtype]] = [[dt] * len(fpos) for dt in PROBE_DTYPES.values()]
    if len(fpos) >= 2:
        rest = len(fpos) - 1
        plans += [
            [torch.float32] + [torch.float64] * rest,
            [torch.float64] + [torch.float32] * rest,
            [torch.int64] + [torch.float32] * rest,
            [torch.float32] + [torch.int64] * rest,
            [torch.int32] + [torch.int64] * rest,
        ]
    numbers = _number_args(call)
    zerodim = [tensors[i].dim() == 0 for i in fpos]
    return [
        DtypeRun(p, numbers, _out_dtype(_cast(call, fpos, p)), call_index, zerodim) for p in plans
    ]


def _fold_result_type(run: DtypeRun, ints: bool) -> torch.dtype:
    """torch.result_type over the run's tensors (0-dim ones count as 0-dim) and numbers;
    `ints`: Python ints are operands (x + 1) rather than dims or sizes (stack(xs, 0))."""
    operands: list[Any] = [
        torch.zeros(() if z else (1,), dtype=d)
        for d, z in zip(run.inputs, run.zerodim, strict=True)
    ]
    operands += [n for n in run.numbers if ints or type(n) is not int]
    acc: torch.Tensor = operands[0]
    for o in operands[1:]:
        shape = () if acc.dim() == 0 and (not isinstance(o, torch.Tensor) or o.dim() == 0) else (1,)
        acc = torch.zeros(shape, dtype=torch.result_type(acc, o))
    return acc.dtype


def _expected(rule: str, run: DtypeRun, ints: bool) -> torch.dtype:
    first = run.inputs[0]
    if rule == "same":
        return first
    if rule == "int_to_int64":
        return torch.int64 if not (first.is_floating_point or first.is_complex) else first
    promoted = _fold_result_type(run, ints)
    if rule == "int_to_float" and not (promoted.is_floating_point or promoted.is_complex):
        return torch.get_default_dtype()
    return promoted


def classify_dtype_rule(runs: Sequence[DtypeRun]) -> tuple[str, str | None, bool, bool]:
    """(dtype_rule, fixed_dtype, raises_on_int, requires_same_dtype) from measured runs.

    * "bool"/"int64"/"fixed": every successful run gives the same dtype whatever the input.
    * "float_only": floating inputs keep their dtype, integral inputs raise (mean, softmax).
    * otherwise the first of same, promote, int_to_float, int_to_int64 that predicts every
      successful run (promote = torch.result_type over tensors and positional numbers).
    """
    ok = [r for r in runs if r.out not in ("raise", "none")]
    if not ok:
        return "unknown", None, False, False
    # raises_on_int and the float checks read the primary call (the first runs): a later
    # call may add a Python float that an int tensor cannot absorb in place (i += 2.0)
    primary = [r for r in runs if r.call_index == 0 and len(set(r.inputs)) == 1]
    by_in = {r.inputs[0]: r.out for r in primary}
    raises_on_int = by_in.get(torch.int64) == "raise" and by_in.get(torch.int32) == "raise"
    floats_ok = all(by_in.get(d) not in (None, "raise") for d in (torch.float32, torch.float64))
    mixed_float = [r for r in runs if set(r.inputs) == {torch.float32, torch.float64}]
    requires_same = floats_ok and any(r.out == "raise" for r in mixed_float)
    outs = {r.out for r in ok}
    inputs_seen = {d for r in ok for d in r.inputs}
    # One output from several input dtypes, or from the only input dtype the op accepts
    # (one_hot takes int64 alone and raises on the rest): fixed either way.
    only_one_accepted = len({d for r in runs for d in r.inputs}) > 1
    if (
        len(outs) == 1
        and (len(inputs_seen) > 1 or only_one_accepted)
        and (floats_ok or outs <= {"bool", "int64"})
    ):
        only = outs.pop()
        rule = {"bool": "bool", "int64": "int64"}.get(only, "fixed")
        return rule, only, raises_on_int, requires_same
    for rule in RULE_ORDER:
        if any(
            all(dtype_name(_expected(rule, r, ints)) == r.out for r in ok) for ints in (True, False)
        ):
            if rule == "same" and raises_on_int and floats_ok:
                return "float_only", None, True, requires_same
            return rule, None, raises_on_int, requires_same
    return "unknown", None, raises_on_int, requires_same


def measure_differentiable(call: Call, inplace: bool) -> bool:
    gpos = grad_positions(call)
    if not gpos:
        return False
    new, ins = prepare(call, set(gpos), inplace)
    seed()
    try:
        outs = tensor_outputs(new.run())
    except Exception:
        return False
    if inplace and ins:  # __setitem__ returns None: the result is self, mutated
        outs.append(ins[0])
    return any(o.requires_grad for o in outs)


# Functions and methods implemented in C++ (their result type is the aten schema's).
_NATIVE = (types.BuiltinFunctionType, types.MethodDescriptorType, types.WrapperDescriptorType)


def measure_outputs(calls: Sequence[Call]) -> list[list[Any]] | None:
    """A fixed tuple result (a `torch.return_types` structseq: `L, info = cholesky_ex(A)`):
    per output its field name, its dtype ("input": that of the floating inputs, else the
    dtype it always has) and whether it requires grad when the inputs do. None when some
    call returns anything else (`max` without `dim`, `split`'s plain tuple)."""
    found: list[list[Any]] | None = None
    for call in calls:
        if not isinstance(call.func, _NATIVE):
            return None  # a Python wrapper may change the arity (`torch.lu(A, get_infos=...)`)
        fpos = [i for i, t in enumerate(call.tensors()) if t.dtype.is_floating_point]
        if not fpos:
            return None
        runs: list[tuple[Any, torch.dtype]] = []
        for dt in (torch.float32, torch.float64):
            cast = _cast(call, fpos, [dt] * len(fpos))
            new, _ = prepare(cast, set(fpos), inplace=False)
            seed()
            try:
                out = new.run()
            except Exception:
                return None
            if type(out).__module__ != "torch.return_types" or not all(
                isinstance(o, torch.Tensor) for o in out
            ):
                return None
            runs.append((out, dt))
        (o32, _), (o64, _) = runs
        names = type(o32).__match_args__
        entry = []
        for name, a, b in zip(names, o32, o64, strict=True):
            if a.dtype == torch.float32 and b.dtype == torch.float64:
                dtype = "input"
            elif a.dtype == b.dtype:
                dtype = dtype_name(a.dtype)
            else:
                dtype = "unknown"
            entry.append([name, dtype, bool(a.requires_grad)])
        if found is not None and found != entry:
            return None
        found = entry
    return found


def _non_contiguous(t: torch.Tensor) -> torch.Tensor:
    """Same shape and values, different strides: reshape/contiguous must copy it."""
    if t.dim() == 0 or t.numel() < 2:
        return t.clone()
    if t.dim() >= 2:  # column-major last two dims: flattening cannot be a view
        return t.mT.contiguous().mT
    holder = torch.empty((*t.shape, 2), dtype=t.dtype)[..., 0]
    holder.copy_(t)
    return holder


def measure_views(calls: Sequence[Call]) -> tuple[bool, bool, bool]:
    """(some call returned a view of input 0, some returned fresh storage, some call
    bumped input 0's version counter, i.e. wrote its data)."""
    aliased = fresh = wrote = False
    for call in calls:
        variants = (
            call.with_tensors(lambda i, t: t.clone()),
            call.with_tensors(lambda i, t: _non_contiguous(t) if i == 0 else t.clone()),
            # conversions (.double(), .to(), type_as) alias only when nothing changes
            call.with_tensors(
                lambda i, t: (
                    t.to(torch.float32, copy=True) if t.dtype.is_floating_point else t.clone()
                )
            ),
            call.with_tensors(lambda i, t: t.to(torch.float32, copy=True) if i == 0 else t.clone()),
        )
        for variant in variants:
            ins = variant.tensors()
            if not ins:
                continue
            base = ins[0]
            ptr, version = storage_ptr(base), base._version
            seed()
            try:
                with torch.no_grad():
                    outs = tensor_outputs(variant.run())
            except Exception:
                continue
            if base._version != version:
                wrote = True
            if not outs or ptr is None:
                continue
            if storage_ptr(outs[0]) == ptr:
                aliased = True
            else:
                fresh = True
    return aliased, fresh, wrote


def measure_op(probe: OpProbe) -> dict[str, Any]:
    """The measured part of one op entry (names, schema flags and singular come later)."""
    with quiet():
        saved: dict[str, list[list[Any]]] = {}
        for call in probe.calls:
            table = saved_table(call, inplace=probe.inplace_call)
            if table is not None:
                saved.setdefault(str(len(call.tensors())), table)
        every = [*probe.calls, *probe.extra_dtype_calls]
        dtype_calls = [c for c in every if not has_dtype_arg(c)][:4]
        runs = [r for i, c in enumerate(dtype_calls) for r in dtype_runs(c, i)]
        rule, fixed, raises_on_int, same_dtype = classify_dtype_rule(runs)
        differentiable = any(measure_differentiable(c, probe.inplace_call) for c in probe.calls)
        aliased, fresh, wrote = measure_views(every[:6])
        outputs = measure_outputs([c for c in probe.calls if not has_dtype_arg(c)])
    entry: dict[str, Any] = {
        "differentiable": differentiable,
        "dtype_rule": rule,
        "raises_on_int": raises_on_int,
        "measured_view": aliased,
        "measured_copy": fresh,
        "measured_write": wrote,
    }
    if fixed is not None and rule != "unknown":
        entry["fixed_dtype"] = fixed
    if same_dtype:
        entry["requires_same_dtype"] = True
    if saved:
        entry["saved"] = saved
    if outputs:
        entry["outputs"] = outputs
    return entry
