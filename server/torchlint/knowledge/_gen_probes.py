"""Probes for what op_db does not cover: operator dunders, ``__setitem__``, aten ops that
op_db lacks (a plain ``f(x)`` call), in-place methods that only touch autograd metadata, and
``torch.nn.init``. The tensors and arguments below are call recipes; facts are measured."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import torch

from ._gen_common import Call, quiet, seed
from ._gen_ops import OpProbe
from ._gen_schema import CONVERSION_DUNDERS


def _x(*shape: int) -> torch.Tensor:
    return torch.rand(*shape, dtype=torch.float64) + 0.5


def _bits(*shape: int) -> torch.Tensor:
    return torch.randint(1, 8, shape)


UNARY_DUNDERS = ("__neg__", "__pos__", "__abs__", "__invert__")
BITWISE = ("and", "or", "xor", "lshift", "rshift", "invert")
# conversions and containers are no tensor ops; __delitem__ always raises
SKIP_DUNDERS = frozenset({*CONVERSION_DUNDERS, "__contains__", "__delitem__"})


def _is_bitwise(name: str) -> bool:
    return name.strip("_").removeprefix("r").removeprefix("i") in BITWISE


def dunder_probes(methods: list[str]) -> dict[str, OpProbe]:
    """Operator dunders called as ``Tensor.__op__(x, other)``: other a tensor and a Python
    number, so ``x * 2.0`` (arity 1) and ``x * y`` (arity 2) are both measured."""
    seed()
    probes: dict[str, OpProbe] = {}
    for name in methods:
        if not (name.startswith("__") and name.endswith("__")) or name in SKIP_DUNDERS:
            continue
        fn = getattr(torch.Tensor, name)
        make = _bits if _is_bitwise(name) else _x
        inplace = name.startswith("__i") and name not in ("__index__", "__invert__")
        if name == "__getitem__":
            calls = [
                Call(fn, (_x(3, 3), 0), {}),
                Call(fn, (_x(3, 3), torch.tensor([0, 2])), {}),
                Call(fn, (_x(3, 3), (slice(None), slice(1, 3))), {}),
                Call(fn, (_x(3, 3), _x(3, 3) > 1.0), {}),
            ]
            probes[name] = OpProbe(calls[:2], extra_dtype_calls=calls[2:])
            continue
        if name == "__setitem__":
            calls = [
                Call(fn, (_x(3, 4), 0, 1.5), {}),
                Call(fn, (_x(3, 4), (slice(None), 1), _x(3)), {}),
                Call(fn, (_x(3, 4), torch.tensor([0, 2]), _x(2, 4)), {}),
            ]
            probes[name] = OpProbe(calls, inplace_call=True)
            continue
        # square matrices so that @ works too
        if name in UNARY_DUNDERS:
            calls = [Call(fn, (make(3, 3),), {})]
        else:
            number = 2 if _is_bitwise(name) else 2.0
            calls = [Call(fn, (make(3, 3), make(3, 3)), {}), Call(fn, (make(3, 3), number), {})]
        probes[name] = OpProbe(calls, inplace_call=inplace)
    return probes


# Whether these run depends on the accelerator of the machine that generates the table
# (x.cuda() works only with a GPU): never probed, so every machine writes the same table.
DEVICE_DEPENDENT = frozenset(
    {"cuda", "pin_memory", "is_pinned", "record_stream", "xpu", "mps", "ipu", "mtia", "hpu"}
)


def plain_probe(qualname: str, fn: Callable[..., Any]) -> OpProbe | None:
    """``fn(x)``, ``fn(x, y)`` or ``fn(v)`` on small float64 tensors, for aten ops op_db has
    no samples for (copy_, bitwise_not, item...)."""
    seed()
    for args in ((_x(3, 4),), (_x(3, 4), _x(3, 4)), (_x(1),)):
        with quiet():
            try:
                fn(*(a.clone() for a in args))
            except Exception:
                continue
        return OpProbe([Call(fn, args, {})], inplace_call=qualname.endswith("_"))
    return None


def metadata_only(method: str) -> bool | None:
    """For a method the schema says writes self: does the data stay untouched? Runs it on a
    non-leaf that requires grad (retain_grad needs one) and watches the version counter."""
    fn = getattr(torch.Tensor, method, None)
    if fn is None:
        return None
    for requires_grad in (True, False):
        leaf = _x(3, 4).requires_grad_(requires_grad)
        y = leaf.clone()
        before = y._version
        with quiet():
            try:
                fn(y)
            except Exception:
                continue
        return y._version == before
    return None


# Arguments for the nn.init functions' required parameters (recipes, by parameter name).
_INIT_ARGS: dict[str, object] = {"val": 0.5, "sparsity": 0.5, "value": 0.5}


def init_functions() -> dict[str, dict[str, Any]]:
    """torch.nn.init.*_ : mutate their argument under no_grad, so a leaf that requires grad
    is fine (TORCH_FACTS 1(b) b10). Measured: no error on such a leaf, and its version moved."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(dir(torch.nn.init)):
        fn = getattr(torch.nn.init, name)
        if name.startswith("_") or not name.endswith("_") or not inspect.isfunction(fn):
            continue
        params = list(inspect.signature(fn).parameters.values())[1:]
        kwargs = {
            p.name: _INIT_ARGS[p.name]
            for p in params
            if p.default is inspect.Parameter.empty and p.name in _INIT_ARGS
        }
        for shape in ((4, 5), (3, 3, 3)):
            w = torch.empty(*shape, requires_grad=True)
            before = w._version
            seed()
            with quiet():
                try:
                    fn(w, **kwargs)
                except Exception:
                    continue
            out[f"nn.init.{name}"] = {
                "no_grad_mutation": w._version != before and w.is_leaf,
                "leaf_ok": True,
            }
            break
    return out
