"""torch.distributions: what a sample is, measured by drawing one.

The recipes build each distribution from float32 parameters (its arguments are not
discoverable from the class); the facts are measured: the sample's dtype ("same": the
parameters' dtype), whether it requires grad when the parameters do, and whether the
distribution has a reparameterised `rsample`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
from torch import distributions as D

from ._gen_common import dtype_name, quiet, seed


def _p(*shape: int) -> torch.Tensor:
    return (torch.rand(*shape) * 0.8 + 0.1).requires_grad_()


def _x(*shape: int) -> torch.Tensor:
    return torch.randn(*shape).requires_grad_()


def _pos(*shape: int) -> torch.Tensor:
    return (torch.rand(*shape) + 0.5).requires_grad_()


# How to build each: keyword arguments, all float32 tensors that require grad.
RECIPES: dict[str, Callable[[], dict[str, Any]]] = {
    "Bernoulli": lambda: {"probs": _p(4)},
    "Beta": lambda: {"concentration1": _pos(4), "concentration0": _pos(4)},
    "Binomial": lambda: {"total_count": 5, "probs": _p(4)},
    "Categorical": lambda: {"logits": _x(4, 3)},
    "Cauchy": lambda: {"loc": _x(4), "scale": _pos(4)},
    "Dirichlet": lambda: {"concentration": _pos(4, 3)},
    "Exponential": lambda: {"rate": _pos(4)},
    "Gamma": lambda: {"concentration": _pos(4), "rate": _pos(4)},
    "Geometric": lambda: {"probs": _p(4)},
    "Gumbel": lambda: {"loc": _x(4), "scale": _pos(4)},
    "HalfNormal": lambda: {"scale": _pos(4)},
    "Laplace": lambda: {"loc": _x(4), "scale": _pos(4)},
    "LogNormal": lambda: {"loc": _x(4), "scale": _pos(4)},
    "Multinomial": lambda: {"total_count": 5, "probs": _p(4, 3)},
    "MultivariateNormal": lambda: {"loc": _x(4, 2), "scale_tril": torch.eye(2) * _pos(1)},
    "Normal": lambda: {"loc": _x(4), "scale": _pos(4)},
    "OneHotCategorical": lambda: {"logits": _x(4, 3)},
    "Poisson": lambda: {"rate": _pos(4)},
    "RelaxedBernoulli": lambda: {"temperature": torch.tensor(0.5), "probs": _p(4)},
    "RelaxedOneHotCategorical": lambda: {"temperature": torch.tensor(0.5), "logits": _x(4, 3)},
    "StudentT": lambda: {"df": _pos(4) + 2, "loc": _x(4), "scale": _pos(4)},
    "Uniform": lambda: {"low": _x(4), "high": _x(4) + 3},
}


def _facts(kind: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    seed()
    with quiet():
        dist = getattr(D, kind)(**build())
        drawn = dist.sample()
        params = torch.float32
        facts: dict[str, Any] = {
            "sample_dtype": "same" if drawn.dtype == params else dtype_name(drawn.dtype),
            "sample_requires_grad": drawn.requires_grad,
            "has_rsample": bool(dist.has_rsample),
        }
        if dist.has_rsample:
            facts["rsample_requires_grad"] = dist.rsample().requires_grad
    return facts


def generate() -> dict[str, dict[str, Any]]:
    return {kind: _facts(kind, build) for kind, build in sorted(RECIPES.items())}
