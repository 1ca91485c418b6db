"""Loss functions: which targets torch accepts, and how each reads its input (measured).

Called for every ``torch.nn`` loss module and for the functional it calls. The recipes say
how to call the losses whose arguments are not (input, target); every fact is measured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch import nn

from ._gen_common import dtype_name, quiet, seed, tensor_outputs


def _x(*shape: int) -> torch.Tensor:
    return torch.randn(*shape)


N, C = 3, 5


def _prob() -> torch.Tensor:
    return torch.softmax(torch.randn(N, C), 1)


def _inp() -> torch.Tensor:
    return torch.rand(N, C) * 0.9 + 0.05  # in (0, 1): valid for BCELoss too


def _pm1(*shape: int) -> torch.Tensor:
    return torch.randint(0, 2, shape).float() * 2 - 1


# Losses whose call is not (input, target): (inputs, position of the target).
LOSS_RECIPES: dict[str, Callable[[], tuple[tuple[Any, ...], int]]] = {
    "GaussianNLLLoss": lambda: ((_inp(), _prob(), torch.rand(N, C) + 0.1), 1),
    "CosineEmbeddingLoss": lambda: ((_x(N, C), _x(N, C), _pm1(N)), 2),
    "MarginRankingLoss": lambda: ((_x(N), _x(N), _pm1(N)), 2),
    "TripletMarginLoss": lambda: ((_x(N, C), _x(N, C), _x(N, C)), 1),
    "TripletMarginWithDistanceLoss": lambda: ((_x(N, C), _x(N, C), _x(N, C)), 1),
    "HingeEmbeddingLoss": lambda: ((_x(N, C), _pm1(N, C)), 1),
    "SoftMarginLoss": lambda: ((_x(N, C), _pm1(N, C)), 1),
    "MultiLabelMarginLoss": lambda: ((_inp(), torch.tensor([[3, 0, -1, 1, 2]] * N)), 1),
    "CTCLoss": lambda: (
        (
            torch.randn(6, N, C).log_softmax(2),
            torch.randint(1, C, (N, 2)),
            torch.full((N,), 6),
            torch.full((N,), 2),
        ),
        1,
    ),
}
TARGET_DTYPES = (
    torch.int64,
    torch.int32,
    torch.int16,
    torch.int8,
    torch.uint8,
    torch.bool,
    torch.float32,
    torch.float64,
)


def _runs(fn: Callable[..., Any], *args: Any) -> bool:
    seed()
    try:
        out = fn(*args)
    except Exception:
        return False
    return bool(torch.isfinite(tensor_outputs(out)[0]).all())


def close(a: torch.Tensor, b: torch.Tensor) -> bool:
    return a.shape == b.shape and bool(torch.allclose(a, b, atol=1e-5))


def _grad(fn: Callable[..., Any], inp: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    x = inp.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(fn(x, target), x)
    return g


def _reads_log_probabilities(
    fn: Callable[..., Any], target: torch.Tensor, dense: torch.Tensor
) -> bool:
    """The loss is affine in its input with gradient -c * target (c > 0): it takes the input
    as log-probabilities and weights them by the target (NLLLoss, KLDivLoss)."""
    try:
        g1, g2 = _grad(fn, _inp(), target), _grad(fn, torch.randn(N, C), target)
    except Exception:
        return False
    if not close(g1, g2):
        return False
    c = -(g1 * dense).sum() / (dense * dense).sum()
    return bool(c > 0) and close(g1, -c * dense)


def _applies_log_softmax(
    fn: Callable[..., Any], inp: torch.Tensor, idx: torch.Tensor | None
) -> bool:
    logp = torch.log_softmax(inp, 1)
    if idx is not None:
        out = fn(inp, idx)
        return close(out, nn.functional.nll_loss(logp, idx)) and not close(
            out, nn.functional.nll_loss(inp, idx)
        )
    p = _prob()
    return close(fn(inp, p), -(p * logp).sum(1).mean())


def loss_facts(fn: Callable[..., Any], name: str) -> dict[str, Any]:
    """Target facts of a loss given as fn(input, target[, ...])."""
    seed()
    if name in LOSS_RECIPES:
        args, pos = LOSS_RECIPES[name]()
        accepted = sorted(
            dtype_name(dt)
            for dt in TARGET_DTYPES
            if _runs(fn, *args[:pos], args[pos].to(dt), *args[pos + 1 :])
        )
        return {
            "target_class_index_dtypes": None,
            "accepts_probability_target": False,
            "expects_log_probabilities": False,
            "applies_log_softmax": False,
            "accepted_target_dtypes": accepted,
            "target_grad_flows": _target_grad_flows(fn, args, pos),
        }
    inp, idx, prob = _inp(), torch.tensor([0, 3, 1]), _prob()
    index_ok = [dt for dt in TARGET_DTYPES if _runs(fn, inp, idx.to(dt))]
    int_index = sorted(dtype_name(dt) for dt in index_ok if not dt.is_floating_point)
    accepted = sorted(
        dtype_name(dt)
        for dt in TARGET_DTYPES
        if _runs(fn, inp, prob.to(dt) if dt.is_floating_point else (prob > 0.2).to(dt))
    )
    class_index = torch.int64 in index_ok
    dense = nn.functional.one_hot(idx, C).float() if class_index else prob
    with quiet():
        return {
            "target_class_index_dtypes": int_index if class_index else None,
            "accepts_probability_target": _runs(fn, inp, prob),
            "expects_log_probabilities": _reads_log_probabilities(
                fn, idx if class_index else prob, dense
            ),
            "applies_log_softmax": _safe(
                lambda: _applies_log_softmax(fn, torch.randn(N, C), idx if class_index else None)
            ),
            "accepted_target_dtypes": accepted,
            "target_grad_flows": _target_grad_flows(fn, (inp, prob), 1),
        }


def _safe(check: Callable[[], bool]) -> bool:
    try:
        return check()
    except Exception:
        return False


def _target_grad_flows(fn: Callable[..., Any], args: Sequence[Any], pos: int) -> bool:
    """A float target that requires grad receives a gradient (torch no longer refuses it)."""
    target = args[pos]
    if not target.dtype.is_floating_point:
        return False
    t = target.clone().requires_grad_(True)
    call = [*args[:pos], t, *args[pos + 1 :]]
    try:
        out = fn(*call)
        torch.autograd.grad(out, t)
    except Exception:
        return False
    return True


def loss_inputs(name: str, fn: Callable[..., Any]) -> tuple[Any, ...]:
    if name in LOSS_RECIPES:
        return LOSS_RECIPES[name]()[0]
    inp, idx = _inp(), torch.tensor([0, 3, 1])
    return (inp, idx) if _runs(fn, inp, idx) else (inp, _prob())
