"""Where gradients are inf/NaN: probe ops in float64 at boundary points (TORCH_FACTS 2(d))."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from ._gen_common import quiet

POINTS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0)
# Values of the other operand while one operand of a binary op walks POINTS: 0.5 is an
# exponent below 1 (pow at 0), 0.0 a zero denominator / both-zero case (hypot, xlogy).
OTHER = (-1.0, 0.0, 0.5, 2.0)

# Composite ops the static rule TL202 must get right, as a call on tensors filled with the
# probe value: (callable, number of tensor inputs, shape). "How to call", not a fact.
COMPOSITES: dict[str, tuple[Callable[..., Any], int, tuple[int, ...]]] = {
    "norm": (lambda x: torch.norm(x), 1, (2,)),
    "linalg.vector_norm": (lambda x: torch.linalg.vector_norm(x), 1, (2,)),
    "linalg.norm": (lambda x: torch.linalg.norm(x), 1, (2,)),
    "cdist": (lambda a, b: torch.cdist(a, b), 2, (1, 2)),
    "dist": (lambda a, b: torch.dist(a, b), 2, (2,)),
    "nn.functional.pairwise_distance": (
        lambda a, b: torch.nn.functional.pairwise_distance(a, b),
        2,
        (1, 2),
    ),
    "nn.functional.normalize": (lambda x: torch.nn.functional.normalize(x, dim=0), 1, (2,)),
    "nn.functional.cosine_similarity": (
        lambda a, b: torch.nn.functional.cosine_similarity(a, b, dim=0),
        2,
        (2,),
    ),
    "atan2": (lambda a, b: torch.atan2(a, b), 2, (1,)),
    "logsumexp": (lambda x: torch.logsumexp(x, 0), 1, (2,)),
    "nn.functional.logsigmoid": (lambda x: torch.nn.functional.logsigmoid(x), 1, (1,)),
    "nn.functional.softplus": (lambda x: torch.nn.functional.softplus(x), 1, (1,)),
    "abs": (lambda x: torch.abs(x), 1, (1,)),
    "nn.functional.relu": (lambda x: torch.nn.functional.relu(x), 1, (1,)),
}


@dataclass
class _Hit:
    point: float
    other: float | None
    wrt: int
    kind: str
    forward_finite: bool


@dataclass
class _Group:
    points: set[float] = field(default_factory=set)
    others: set[float] = field(default_factory=set)


def _kind(v: float) -> str | None:
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf"
    return None


def _run(
    fn: Callable[..., Any], values: Sequence[float], shape: tuple[int, ...]
) -> tuple[bool, bool, list[str | None]] | None:
    """(forward finite, forward nan, kind of each input's gradient) at one probe point."""
    xs = [torch.full(shape, v, dtype=torch.float64, requires_grad=True) for v in values]
    try:
        y = fn(*xs)
        grads = torch.autograd.grad(y.sum(), xs, allow_unused=True)
    except Exception:
        return None
    fwd = y.detach()
    kinds = [None if g is None else _worst(g) for g in grads]
    return bool(torch.isfinite(fwd).all()), bool(torch.isnan(fwd).any()), kinds


def _worst(g: torch.Tensor) -> str | None:
    if torch.isnan(g).any():
        return "nan"
    if torch.isinf(g).any():
        return "inf"
    return None


def probe(
    fn: Callable[..., Any], arity: int, shape: tuple[int, ...] = (1,)
) -> list[dict[str, Any]]:
    """Singular entries (see knowledge.Singular) for an op of 1 or 2 tensor inputs."""
    groups: dict[tuple[int, int, str, bool], _Group] = {}
    nonfinite_at: dict[int, set[float]] = {i: set() for i in range(arity)}
    with quiet():
        for i in range(arity):
            others: Sequence[float | None] = OTHER if arity == 2 else (None,)
            for other in others:
                for p in POINTS:
                    values = [p] if other is None else ([p, other] if i == 0 else [other, p])
                    res = _run(fn, values, shape)
                    if res is None:
                        continue
                    fwd_finite, fwd_nan, kinds = res
                    if not fwd_finite:
                        nonfinite_at[i].add(p)
                    if fwd_nan:
                        continue  # outside the domain: the forward is already NaN
                    for wrt, kind in enumerate(kinds):
                        if kind is None:
                            continue
                        g = groups.setdefault((i, wrt, kind, fwd_finite), _Group())
                        g.points.add(p)
                        if other is not None:
                            g.others.add(other)
    out = []
    for (i, wrt, kind, fwd_finite), g in sorted(groups.items()):
        if _mirrored(groups, i, wrt, kind, fwd_finite):
            continue
        low = min(g.points)
        entry: dict[str, Any] = {
            "input": i,
            "points": sorted(g.points),
            "wrt": wrt,
            "kind": kind,
            "forward_finite": fwd_finite,
            "also_nonpositive": any(q < low for q in nonfinite_at[i]),
        }
        if g.others:
            entry["other_values"] = sorted(g.others)
        out.append(entry)
    return out


def _mirrored(
    groups: dict[tuple[int, int, str, bool], _Group], i: int, wrt: int, kind: str, fwd: bool
) -> bool:
    """True when this group only restates the other input's: div(x, 0) for every x is
    "input 1 at 0", not "input 0 anywhere". Keeps the group with the specific point."""
    g, m = groups[(i, wrt, kind, fwd)], groups.get((1 - i, wrt, kind, fwd))
    if m is None or len(g.points) <= len(POINTS) // 2:
        return False
    return bool(g.others) and g.others <= m.points


def ufunc_targets(opdb_ops: Sequence[Any]) -> dict[str, tuple[Callable[..., Any], int]]:
    """op key -> (callable with fixed kwargs, arity) for op_db's unary/binary ufuncs."""
    from torch.testing._internal.opinfo.core import BinaryUfuncInfo, UnaryUfuncInfo

    targets: dict[str, tuple[Callable[..., Any], int]] = {}
    for op in opdb_ops:
        info = op.info
        if not info.supports_autograd:
            continue
        if torch.float64 not in info.supported_backward_dtypes("cpu"):
            continue
        if isinstance(info, UnaryUfuncInfo):
            kwargs, _ = info.sample_kwargs(
                "cpu", torch.float64, torch.zeros(1, dtype=torch.float64)
            )
            targets[op.key] = (_bind(info.op, kwargs), 1)
        elif isinstance(info, BinaryUfuncInfo):
            targets[op.key] = (info.op, 2)
    return targets


def _bind(fn: Callable[..., Any], kwargs: dict[str, Any]) -> Callable[..., Any]:
    return lambda x: fn(x, **kwargs)
