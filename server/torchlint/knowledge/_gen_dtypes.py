"""dtype facts: names, categories, attribute aliases, promote_types and result_type tables."""

from __future__ import annotations

from typing import Any

import torch

from ._gen_common import dtype_name

KINDS = ("tensor", "zerodim", "scalar")
# One Python value per scalar category; torch never looks at a scalar's value or width.
SCALARS: dict[str, object] = {"bool": True, "int": 2, "float": 2.5, "complex": 1 + 1j}
SCALAR_DTYPE = {"bool": "bool", "int": "int64", "float": "float64", "complex": "complex128"}


def _all_dtypes() -> list[torch.dtype]:
    return sorted({v for v in vars(torch).values() if isinstance(v, torch.dtype)}, key=str)


def promotable_dtypes() -> list[torch.dtype]:
    """dtypes torch.promote_types accepts with every other one (float8, quantized, bits and
    uint16/32/64 raise, so the engine treats them as unknown)."""
    candidates = _all_dtypes()
    ok = []
    for a in candidates:
        try:
            for b in (torch.float32, torch.int64, torch.bool, torch.complex64, torch.int8):
                torch.promote_types(a, b)
        except (RuntimeError, TypeError):
            continue
        ok.append(a)
    return ok


def category(dt: torch.dtype) -> str:
    if dt == torch.bool:
        return "bool"
    if dt.is_complex:
        return "complex"
    if dt.is_floating_point:
        return "float"
    return "int"


def _operand(dt: torch.dtype, kind: str) -> Any:
    if kind == "tensor":
        return torch.zeros(2, dtype=dt)
    if kind == "zerodim":
        return torch.zeros((), dtype=dt)
    return SCALARS[category(dt)]


def generate() -> dict[str, Any]:
    dts = promotable_dtypes()
    names = {dt: dtype_name(dt) for dt in dts}
    aliases = {
        attr: names[v]
        for attr, v in vars(torch).items()
        if isinstance(v, torch.dtype) and v in names
    }
    promote = {
        names[a]: {names[b]: dtype_name(torch.promote_types(a, b)) for b in dts} for a in dts
    }
    operands: dict[str, Any] = {}
    for dt in dts:
        for kind in KINDS:
            if kind == "scalar" and names[dt] != SCALAR_DTYPE[category(dt)]:
                continue  # one scalar per category
            operands[f"{names[dt]}:{kind}"] = _operand(dt, kind)
    result_type: dict[str, dict[str, str]] = {}
    for ka, va in operands.items():
        row = result_type.setdefault(ka, {})
        for kb, vb in operands.items():
            row[kb] = dtype_name(torch.result_type(va, vb))
    return {
        "default_float": dtype_name(torch.get_default_dtype()),
        "dtypes": {
            names[dt]: {
                "category": category(dt),
                "itemsize": dt.itemsize,
                "is_signed": dt.is_signed,
            }
            for dt in dts
        },
        "dtype_aliases": aliases,
        "promote": promote,
        "result_type": result_type,
    }
