"""Tensor factories: default dtype, dtype inferred from Python data, *_like, requires_grad=."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from ._gen_common import dtype_name, quiet, seed

# Python data of each category; a factory "infers from data" when these give different dtypes.
DATA: dict[str, object] = {"bool": True, "int": 1, "float": 1.5, "complex": 1 + 1j}

# How to call each factory with one value `v` (ignored by factories that take a size).
# These are call recipes, not facts: every dtype below is measured.
DATA_FACTORIES: dict[str, Callable[..., Any]] = {
    "torch.rand": lambda v, **kw: torch.rand(3, **kw),
    "torch.randn": lambda v, **kw: torch.randn(3, **kw),
    "torch.zeros": lambda v, **kw: torch.zeros(3, **kw),
    "torch.ones": lambda v, **kw: torch.ones(3, **kw),
    "torch.empty": lambda v, **kw: torch.empty(3, **kw),
    "torch.empty_strided": lambda v, **kw: torch.empty_strided((2,), (1,), **kw),
    "torch.eye": lambda v, **kw: torch.eye(3, **kw),
    "torch.randint": lambda v, **kw: torch.randint(0, 10, (3,), **kw),
    "torch.randperm": lambda v, **kw: torch.randperm(3, **kw),
    "torch.tril_indices": lambda v, **kw: torch.tril_indices(3, 3, **kw),
    "torch.triu_indices": lambda v, **kw: torch.triu_indices(3, 3, **kw),
    "torch.full": lambda v, **kw: torch.full((3,), v, **kw),
    "torch.arange": lambda v, **kw: torch.arange(v, **kw),
    "torch.range": lambda v, **kw: torch.range(0, v, **kw),
    "torch.linspace": lambda v, **kw: torch.linspace(0, v, 5, **kw),
    "torch.logspace": lambda v, **kw: torch.logspace(0, v, 3, **kw),
    "torch.scalar_tensor": lambda v, **kw: torch.scalar_tensor(v, **kw),
    "torch.tensor": lambda v, **kw: torch.tensor([v, v], **kw),
    "torch.as_tensor": lambda v, **kw: torch.as_tensor([v, v], **kw),
    "torch.asarray": lambda v, **kw: torch.asarray([v, v], **kw),
    "torch.Tensor": lambda v, **kw: torch.Tensor([v, v], **kw),
    "torch.from_numpy": lambda v, **kw: torch.from_numpy(np.array([v, v]), **kw),
    # normal(mean, std, size): a factory when mean and std are numbers (with tensors it is an
    # op of them; the engine only takes this entry when `size` is given).
    "torch.normal": lambda v, **kw: torch.normal(v, 1.0, size=(3,), **kw),
    # signal windows, for torch.stft
    "torch.hann_window": lambda v, **kw: torch.hann_window(4, **kw),
    "torch.hamming_window": lambda v, **kw: torch.hamming_window(4, **kw),
    "torch.blackman_window": lambda v, **kw: torch.blackman_window(4, **kw),
    "torch.bartlett_window": lambda v, **kw: torch.bartlett_window(4, **kw),
    "torch.kaiser_window": lambda v, **kw: torch.kaiser_window(4, **kw),
    # sample frequencies, for spectral solvers and filters
    "torch.fft.fftfreq": lambda v, **kw: torch.fft.fftfreq(4, **kw),
    "torch.fft.rfftfreq": lambda v, **kw: torch.fft.rfftfreq(4, **kw),
}

LIKE_FACTORIES: dict[str, Callable[..., Any]] = {
    "torch.zeros_like": lambda t, **kw: torch.zeros_like(t, **kw),
    "torch.ones_like": lambda t, **kw: torch.ones_like(t, **kw),
    "torch.empty_like": lambda t, **kw: torch.empty_like(t, **kw),
    "torch.full_like": lambda t, **kw: torch.full_like(t, 1.5, **kw),
    "torch.rand_like": lambda t, **kw: torch.rand_like(t, **kw),
    "torch.randn_like": lambda t, **kw: torch.randn_like(t, **kw),
    "torch.randint_like": lambda t, **kw: torch.randint_like(t, 10, **kw),
    "Tensor.new_zeros": lambda t, **kw: t.new_zeros((2,), **kw),
    "Tensor.new_ones": lambda t, **kw: t.new_ones((2,), **kw),
    "Tensor.new_empty": lambda t, **kw: t.new_empty((2,), **kw),
    "Tensor.new_full": lambda t, **kw: t.new_full((2,), 1.5, **kw),
    "Tensor.new_tensor": lambda t, **kw: t.new_tensor([1, 2], **kw),
}


def _dtype_of(fn: Callable[..., Any], v: object, **kw: Any) -> str | None:
    seed()
    try:
        return dtype_name(fn(v, **kw).dtype)
    except Exception:
        return None


def _accepts_requires_grad(fn: Callable[..., Any], v: object) -> bool:
    """requires_grad= is a keyword torch takes (it may still refuse an integer dtype)."""
    seed()
    try:
        fn(v, requires_grad=True)
    except TypeError:
        return False
    except RuntimeError as e:
        return "require gradients" in str(e)
    return True


def _legacy_classes() -> dict[str, Callable[..., Any]]:
    names = {f"torch.{c.__name__}": c for c in torch._tensor_classes if c.__module__ == "torch"}
    return {n: _data_call(c) for n, c in sorted(names.items())}


def _data_call(cls: Callable[..., Any]) -> Callable[..., Any]:
    return lambda v, **kw: cls([v, v], **kw)


def generate() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    legacy = _legacy_classes()
    with quiet():
        for name, fn in {**DATA_FACTORIES, **legacy}.items():
            by_cat = {c: _dtype_of(fn, v) for c, v in DATA.items()}
            got = {c: d for c, d in by_cat.items() if d is not None}
            # "infers" is about real data (ints vs floats vs bools); complex data turning a
            # float factory complex (linspace(0, 1j)) is kept in data_dtypes only.
            real = {d for c, d in got.items() if c != "complex"}
            infers = len(real) > 1
            out[name] = {
                "default_dtype": None if infers or not real else real.pop(),
                "infers_from_data": infers,
                "like": False,
                "accepts_requires_grad": _accepts_requires_grad(fn, 1.5),
                "legacy": name in legacy or name == "torch.Tensor",
            }
            if len(set(got.values())) > 1:
                out[name]["data_dtypes"] = got
        for name, fn in LIKE_FACTORIES.items():
            probes = {
                dt: _dtype_of(fn, torch.zeros(2, dtype=dt)) for dt in (torch.float64, torch.int64)
            }
            # like: the input's dtype comes back (rand_like raises on int64: still "like")
            like = probes[torch.float64] == "float64" and probes[torch.int64] in ("int64", None)
            out[name] = {
                "default_dtype": None if like else probes[torch.float64],
                "infers_from_data": False,
                "like": like,
                "accepts_requires_grad": _accepts_requires_grad(fn, torch.zeros(2)),
                "legacy": False,
            }
    return out
