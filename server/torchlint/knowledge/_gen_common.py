"""Shared probing helpers for the generator (imports torch; never imported by the engine)."""

from __future__ import annotations

import contextlib
import inspect
import itertools
import math
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_flatten, tree_unflatten

# Exhaustive saved-tensor scenarios up to this many grad-able inputs; beyond it, singles
# and "all", with the other subsets taken as the union of their singles.
MAX_EXHAUSTIVE = 5

PUBLIC_NAMESPACES = (
    "torch",
    "torch.nn.functional",
    "torch.linalg",
    "torch.special",
    "torch.fft",
    "torch.nn.init",
)


def dtype_name(dt: torch.dtype) -> str:
    return str(dt).removeprefix("torch.")


def seed() -> None:
    """Reset the RNG so every probe is reproducible whatever ran before it. (Not
    torch.manual_seed: on a CPU build it queues a lazy CUDA/XPU seed call with a formatted
    stack each time, thousands of them here.)"""
    torch.default_generator.manual_seed(0)


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def storage_ptr(t: torch.Tensor) -> int | None:
    try:
        ptr = t.untyped_storage().data_ptr()
    except (RuntimeError, NotImplementedError):
        return None
    return ptr or None  # empty storages all have pointer 0: never a match


def tensor_outputs(out: object) -> list[torch.Tensor]:
    return [o for o in tree_flatten(out)[0] if isinstance(o, torch.Tensor)]


def is_grad_dtype(t: torch.Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


# --------------------------------------------------------------------------- calls


@dataclass
class Call:
    """One concrete call: `func(*args, **kwargs)`; tensors are found by flattening."""

    func: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def tensors(self) -> list[torch.Tensor]:
        flat, _ = tree_flatten((self.args, self.kwargs))
        return [x for x in flat if isinstance(x, torch.Tensor)]

    def with_tensors(self, fn: Callable[[int, torch.Tensor], torch.Tensor]) -> Call:
        """A copy whose i-th tensor is replaced by fn(i, tensor)."""
        flat, spec = tree_flatten((self.args, self.kwargs))
        counter = itertools.count()
        new = [fn(next(counter), x) if isinstance(x, torch.Tensor) else x for x in flat]
        args, kwargs = tree_unflatten(new, spec)
        return Call(self.func, tuple(args), dict(kwargs))

    def run(self) -> Any:
        return self.func(*self.args, **self.kwargs)


class _Recorder(TorchFunctionMode):
    """Records the top-level torch API calls (nested ones run with the mode popped)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[Any, tuple[Any, ...], dict[str, Any], Any]] = []

    def __torch_function__(
        self,
        func: Any,
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        if getattr(func, "__name__", "") != "__get__":  # attribute reads (x.shape, x.T)
            self.calls.append((func, args, kwargs, out))
        return out


def record_call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, Call | None]:
    """Run fn and return (its output, the single torch call that produced it, if any).

    op_db wraps many ops in lambdas that reorder or add arguments; the recorded call is what
    user code would write, so positions are those of the public function.
    """
    rec = _Recorder()
    with rec:
        out = fn(*args, **kwargs)
    outs = tensor_outputs(out)
    for func, cargs, ckwargs, cout in reversed(rec.calls):
        couts = tensor_outputs(cout)
        if outs and couts and couts[0] is outs[0]:
            return out, Call(func, tuple(cargs), dict(ckwargs))
    return out, None


# --------------------------------------------------------------------------- saved tensors


@dataclass(frozen=True)
class SavedResult:
    positions: frozenset[int]
    result: bool


def grad_positions(call: Call) -> list[int]:
    return [i for i, t in enumerate(call.tensors()) if is_grad_dtype(t)]


def prepare(call: Call, grad: set[int], inplace: bool) -> tuple[Call, list[torch.Tensor]]:
    """Fresh copies of every tensor input; those in `grad` require grad. For an in-place op
    input 0 is a non-leaf (a clone of a leaf), as it must be for torch to allow it."""

    def fresh(i: int, t: torch.Tensor) -> torch.Tensor:
        c = t.detach().clone()
        if i in grad:
            c.requires_grad_(True)
            if inplace and i == 0:
                c = c.clone()
        return c

    new = call.with_tensors(fresh)
    return new, new.tensors()


def measure_saved(call: Call, grad: set[int], inplace: bool = False) -> SavedResult | None:
    """Which inputs (by storage: a saved view of an input counts) and whether the result
    are packed by saved_tensors_hooks when exactly the inputs in `grad` require grad."""
    new, ins = prepare(call, grad, inplace)
    packed: list[torch.Tensor] = []

    def pack(t: torch.Tensor) -> torch.Tensor:
        packed.append(t)
        return t

    try:
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            out = new.run()
    except Exception:
        return None
    in_ptrs = [storage_ptr(t) for t in ins]
    # "the result" is the primary output: max(dim)/sort/topk save their indices output,
    # which in-place on the values does not disturb
    outs = tensor_outputs(out)
    out_ptrs = {storage_ptr(outs[0])} - {None} if outs else set()
    positions: set[int] = set()
    result = False
    for p in packed:
        ptr = storage_ptr(p)
        if ptr is None:
            continue
        hits = [i for i, q in enumerate(in_ptrs) if q == ptr]
        if hits:
            positions.update(hits)
        elif ptr in out_ptrs:
            result = True
    return SavedResult(frozenset(positions), result)


def saved_table(call: Call, inplace: bool = False) -> list[list[Any]] | None:
    """[[mask, positions, result], ...] for every non-empty subset of grad-able inputs."""
    measured: dict[int, SavedResult] = {}
    gpos = []
    for p in grad_positions(call):
        # an input torch refuses to see requiring grad (batch_norm's running_mean) is no
        # gradient input
        single = measure_saved(call, {p}, inplace)
        if single is not None:
            measured[1 << p] = single
            gpos.append(p)
    if not gpos:
        return None
    if len(gpos) <= MAX_EXHAUSTIVE:
        subsets = [c for r in range(2, len(gpos) + 1) for c in itertools.combinations(gpos, r)]
    else:
        subsets = [tuple(gpos)]
    for subset in subsets:
        res = measure_saved(call, set(subset), inplace)
        if res is not None:
            measured[_mask(subset)] = res
    rows: list[list[Any]] = []
    for r in range(1, len(gpos) + 1):
        for subset in itertools.combinations(gpos, r):
            mask = _mask(subset)
            res = measured.get(mask)
            if res is None:  # not measured: the union of what each input needs
                singles = [measured[1 << p] for p in subset]
                res = SavedResult(
                    frozenset().union(*(s.positions for s in singles)),
                    any(s.result for s in singles),
                )
            rows.append([mask, sorted(res.positions), res.result])
    return rows


def _mask(positions: Sequence[int]) -> int:
    m = 0
    for p in positions:
        m |= 1 << p
    return m


# --------------------------------------------------------------------------- misc


def finite(v: float) -> bool:
    return math.isfinite(v)


def public_objects() -> dict[int, list[str]]:
    """id(obj) -> its public qualified names in the namespaces the engine resolves."""
    index: dict[int, list[str]] = {}
    for ns_name in PUBLIC_NAMESPACES:
        ns = _resolve(ns_name)
        for attr in sorted(dir(ns)):
            if attr.startswith("_"):
                continue
            obj = getattr(ns, attr, None)
            if callable(obj) and not inspect.isclass(obj) and not inspect.ismodule(obj):
                index.setdefault(id(obj), []).append(f"{ns_name}.{attr}")
    for attr in sorted(dir(torch.Tensor)):
        obj = inspect.getattr_static(torch.Tensor, attr, None)
        if obj is not None:
            index.setdefault(id(obj), []).append(f"Tensor.{attr}")
            bound = getattr(torch.Tensor, attr, None)
            if bound is not None and bound is not obj:
                index.setdefault(id(bound), []).append(f"Tensor.{attr}")
    return index


def resolve(qualname: str) -> Any:
    """The object at a dotted name (``Tensor.`` means ``torch.Tensor.``), or None."""
    if qualname.startswith("Tensor."):
        qualname = "torch." + qualname
    return _resolve(qualname)


def _resolve(dotted: str) -> Any:
    parts = dotted.split(".")
    obj: Any = torch if parts[0] == "torch" else None
    for part in parts[1:]:
        if obj is None:
            return None
        obj = getattr(obj, part, None)
    return obj
