"""Walk torch's OpInfo database (op_db): op names, variants, aliases and sample calls."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy
import torch

from ._gen_common import Call, quiet, record_call, resolve, seed
from ._gen_ops import OpProbe

SAMPLES_PER_OP = 8
# Namespaces that are prototypes or internals, not API a user writes.
SKIP_PREFIXES = ("masked.", "sparse.", "ops.", "jiterator_", "torch._refs")


def _skipped(name: str) -> bool:
    private = any(
        part.startswith("_") and not (part.startswith("__") and part.endswith("__"))
        for part in name.split(".")
    )
    return private or name.startswith(SKIP_PREFIXES)


@dataclass
class OpdbOp:
    key: str
    info: Any  # the OpInfo
    probe: OpProbe
    names: set[str] = field(default_factory=set)
    inplace_key: str | None = None
    inplace_probe: OpProbe | None = None
    inplace_names: set[str] = field(default_factory=set)
    function_order: bool = True  # the probe's calls use the torch.* argument order


def _load_op_db() -> list[Any]:
    with quiet():
        from torch.testing._internal.common_methods_invocations import op_db
    return list(op_db)


@contextlib.contextmanager
def _outside_unittest() -> Iterator[None]:
    """op_db's sample iterators look for the running unittest with inspect.stack() (which
    reads source files) and reseed through torch.manual_seed (which, on a CPU build, queues
    lazy CUDA/XPU seed calls with formatted stacks) on every sample. Together they were most
    of the generator's time; neither matters outside torch's own test suite."""
    from torch.testing._internal import common_utils
    from torch.testing._internal.opinfo import core

    def cheap_seed(seed: int | None = None) -> None:
        seed = common_utils.SEED if seed is None else seed
        torch.default_generator.manual_seed(seed)
        random.seed(seed)
        numpy.random.seed(seed)

    patches = [
        (common_utils, "extract_test_fn", lambda: None),
        (core, "extract_test_fn", lambda: None),
        (common_utils, "set_rng_seed", cheap_seed),
    ]
    saved = [(m, name, getattr(m, name)) for m, name, _ in patches]
    for m, name, fn in patches:
        setattr(m, name, fn)
    try:
        yield
    finally:
        for m, name, fn in saved:
            setattr(m, name, fn)


def _has_empty_tensor(sample: Any) -> bool:
    flat = [sample.input, *sample.args, *sample.kwargs.values()]
    flat += [x for v in flat if isinstance(v, (list, tuple)) for x in v]
    return any(isinstance(t, torch.Tensor) and t.numel() == 0 for t in flat)


def _calls(
    fn: Callable[..., Any], samples: list[Any], clone_input: bool
) -> tuple[list[Call], list[Call]]:
    """(first call per number of tensor inputs, the other calls), as the user would write
    them (recorded)."""
    by_arity: dict[int, Call] = {}
    others: list[Call] = []
    for s in samples:
        inp = s.input.clone() if clone_input and isinstance(s.input, torch.Tensor) else s.input
        seed()
        try:
            _, rec = record_call(fn, inp, *s.args, **s.kwargs)
        except Exception:
            continue
        call = rec or Call(fn, (inp, *s.args), dict(s.kwargs))
        if inp is not s.input:  # the in-place call changed `inp`: keep the sample's values
            call = _restore(call, inp, s.input)
        if by_arity.setdefault(len(call.tensors()), call) is not call:
            others.append(call)
    scalar = _scalar_variant(by_arity.get(2))
    if scalar is not None and 1 not in by_arity:
        by_arity[1] = scalar
    return list(by_arity.values()), others


def _scalar_variant(call: Call | None) -> Call | None:
    """f(x, y) -> f(x, 2.0): torch saves differently for a Python-number operand (x * 2.0
    saves nothing of x, x ** 2.0 does not save its result), so measure that form too."""
    if call is None or len(call.args) < 2:
        return None
    other = call.args[1]
    if not (isinstance(other, torch.Tensor) and other.dtype.is_floating_point):
        return None
    variant = Call(call.func, (call.args[0], 2.0, *call.args[2:]), dict(call.kwargs))
    if len(variant.tensors()) != 1:
        return None
    seed()
    with quiet():
        try:
            variant.with_tensors(lambda i, t: t.clone()).run()
        except Exception:
            return None
    return variant


def _restore(call: Call, changed: torch.Tensor, original: torch.Tensor) -> Call:
    return call.with_tensors(lambda i, t: original.clone() if t is changed else t)


def _names_of(objs: list[Any], public: dict[int, list[str]]) -> set[str]:
    names: set[str] = set()
    for obj in objs:
        if obj is not None:
            names.update(public.get(id(obj), ()))
    return names


def _sample_dtype(info: Any) -> torch.dtype:
    """float64 samples, or int64 ones for ops that take only integers (bincount, one_hot):
    their float64 samples raise, which used to leave such ops out of the table."""
    try:
        supported = info.supported_dtypes("cpu")
    except Exception:
        return torch.float64
    if torch.float64 in supported or torch.int64 not in supported:
        return torch.float64
    return torch.int64


def collect(public: dict[int, list[str]]) -> list[OpdbOp]:
    with _outside_unittest():
        return _collect(public)


def _collect(public: dict[int, list[str]]) -> list[OpdbOp]:
    ops: list[OpdbOp] = []
    seen_default: set[str] = set()
    entries = _load_op_db()
    has_plain = {o.name for o in entries if not o.variant_test_name}
    for info in entries:
        if _skipped(info.name):
            continue
        is_default = (
            not info.variant_test_name if info.name in has_plain else info.name not in seen_default
        )
        seen_default.add(info.name)
        key = info.name if is_default else f"{info.name}.{info.variant_test_name}"
        seed()
        with quiet():
            try:
                samples = list(
                    itertools.islice(
                        info.sample_inputs("cpu", _sample_dtype(info), requires_grad=False),
                        SAMPLES_PER_OP,
                    )
                )
            except Exception:
                continue
            samples = [s for s in samples if not _has_empty_tensor(s)]
            calls, others = _calls(info.op, samples, clone_input=False)
        if not calls:
            continue
        # op_db lists a few in-place ops as ops of their own (zero_, resize_)
        inplace = key.endswith("_") and not key.endswith("__")
        op = OpdbOp(key, info, OpProbe(calls, inplace_call=inplace, extra_dtype_calls=others))
        recorded = {id(c.func) for c in calls}
        op.function_order = not any(
            n.startswith("Tensor.") for c in calls for n in public.get(id(c.func), ())
        ) or any(n.startswith("torch.") for c in calls for n in public.get(id(c.func), ()))
        if is_default:
            objs = [info.op, info.method_variant, *(c.func for c in calls)]
            objs += [a.op for a in info.aliases] + [a.method_variant for a in info.aliases]
            # uniform's method variant is Tensor.uniform_: in-place spellings name only
            # in-place keys (the schema step gives uniform_ its own entry)
            op.names = {n for n in _names_of(objs, public) if not _inplace_name(n) or inplace}
            for prefix in ("torch.", "Tensor."):
                if callable(resolve(prefix + info.name)) or (
                    prefix == "Tensor." and hasattr(torch.Tensor, info.name)
                ):
                    op.names.add(prefix + info.name)
            _add_inplace(op, samples, public, recorded)
        ops.append(op)
    return ops


def _inplace_name(qualname: str) -> bool:
    last = qualname.rsplit(".", 1)[-1]
    return last.endswith("_") and not last.endswith("__")


def _add_inplace(
    op: OpdbOp, samples: list[Any], public: dict[int, list[str]], recorded: set[int]
) -> None:
    info = op.info
    variants = [info.inplace_variant] + [a.inplace_variant for a in info.aliases]
    names = {n for n in _names_of(variants, public) if n.endswith("_")}
    method_names = sorted(n for n in names if n.startswith("Tensor."))
    if not method_names or info.inplace_variant is None:
        return
    with quiet():
        calls, others = _calls(info.inplace_variant, samples, clone_input=True)
    if not calls:
        return
    primary = _names_of([info.inplace_variant], public)
    key = min(n.split(".")[-1] for n in (primary or names) if n.startswith("Tensor."))
    if key == op.key:
        return
    op.inplace_key = key
    op.inplace_probe = OpProbe(calls, inplace_call=True, extra_dtype_calls=others)
    op.inplace_names = names
