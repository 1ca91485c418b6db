"""The loader API: names, immutability, speed. Needs no torch."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time

import pytest

from torchlint import knowledge as K


def test_version_and_default_float() -> None:
    assert K.TORCH_VERSION.startswith("2.13")
    assert K.DEFAULT_FLOAT == "float32"


def test_dtype_names_and_categories() -> None:
    names = K.dtype_names()
    for n in ("float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8"):
        assert n in names
    assert {"uint8", "bool", "complex64", "complex128"} <= names
    assert K.dtype_category("bool") == "bool"
    assert K.dtype_category("uint8") == "int"
    assert K.dtype_category("bfloat16") == "float"
    assert K.dtype_category("complex64") == "complex"
    with pytest.raises(KeyError):
        K.dtype_category("float8_e4m3fn")  # torch cannot promote it: not in the table


def test_dtype_aliases_come_from_torch_attributes() -> None:
    a = K.dtype_aliases()
    expected = {
        "float": "float32",
        "double": "float64",
        "half": "float16",
        "long": "int64",
        "int": "int32",
        "short": "int16",
        "cfloat": "complex64",
        "cdouble": "complex128",
        "chalf": "complex32",
        "float32": "float32",
        "bool": "bool",
    }
    assert {k: a[k] for k in expected} == expected
    assert set(a.values()) <= K.dtype_names()


def test_result_type_scalar_convention() -> None:
    # a Python float is ("float64", "scalar"); any float dtype spells the same scalar
    assert K.result_type(("int64", "tensor"), ("float64", "scalar")) == "float32"
    assert K.result_type(("int64", "tensor"), ("float32", "scalar")) == "float32"
    assert K.scalar_dtype("int") == "int64"
    assert K.result_type(("int64", "scalar"), ("float64", "scalar")) == "float32"


def test_unknown_names() -> None:
    assert K.op("torch.no_such_op") is None
    assert K.factory("torch.no_such_factory") is None
    assert K.module("torch.nn.NoSuchModule") is None
    assert K.loss("torch.nn.NoSuchLoss") is None
    with pytest.raises(KeyError):
        K.promote_types("float32", "nonsense")


def test_spellings_of_one_op_agree() -> None:
    a = K.op("torch.sigmoid")
    assert a is not None
    assert K.op("Tensor.sigmoid") is a
    assert K.op("torch.Tensor.sigmoid") is a
    assert K.op("torch.special.expit") is a
    assert K.op("sigmoid") is a  # the key itself
    assert K.op("torch.nn.functional.relu") is K.op("nn.functional.relu")


def test_everything_is_immutable() -> None:
    f = K.op("torch.mul")
    assert f is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.differentiable = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        K.dtype_aliases()["float"] = "float64"  # type: ignore[index]
    fac = K.factory("torch.tensor")
    assert fac is not None
    with pytest.raises(TypeError):
        fac.data_dtypes["int"] = "int32"  # type: ignore[index]
    assert isinstance(K.tensor_method_names(), frozenset)
    assert isinstance(f.singular, tuple)


def test_saved_arity_fallback_and_unknown() -> None:
    mul = K.op("Tensor.__mul__")
    assert mul is not None and mul.saved_arities == {1, 2}
    # three tensor inputs were never measured for mul: the nearest table, clipped
    positions, _ = mul.saved([True, True, True])
    assert positions <= {0, 1, 2}
    schema_only = next(
        f for k in sorted(K.op_keys()) if (f := K.op(k)) is not None and not f.saved_known
    )
    assert schema_only.saved([True]) == (frozenset(), False)


def test_saved_takes_a_variant_for_arities_the_op_never_had() -> None:
    # `torch.max(a, b)` is op_db's `max.binary`: with two tensors, both are saved
    mx = K.op("torch.max")
    assert mx is not None and {1, 2} <= mx.saved_arities
    assert mx.saved([True, True])[0] == {0, 1}
    # one tensor keeps the op's own measurement (`max(x, dim)`: only the indices are saved)
    assert mx.saved([True])[0] == frozenset()
    assert K.op("Tensor.min") is not None and K.op("Tensor.min").saved([True, True])[0] == {0, 1}


def test_lookup_speed() -> None:
    K.op("Tensor.__mul__")  # loaded
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        K.op("Tensor.__mul__")
        K.op("torch.sigmoid")
    per_lookup = (time.perf_counter() - start) / (2 * n)
    assert per_lookup < 20e-6  # target < 2 µs; generous for a loaded CI machine


def test_load_and_first_lookup_time() -> None:
    code = (
        "import json, dataclasses, pathlib, time\n"
        "t = time.perf_counter()\n"
        "from torchlint import knowledge as K\n"
        "K.op('torch.sigmoid')\n"
        "print(time.perf_counter() - t)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert float(out) < 0.3  # target < 30 ms; generous for a loaded CI machine


def test_hand_written_facts_say_why() -> None:
    facts = K.hand_written_facts()
    assert facts, "the table records its hand-written facts"
    for where, why in facts.items():
        section, _, field = where.partition(":")
        assert section in {"ops", "factories", "modules", "losses"}, where
        assert "." in field and len(why) > 40, where
    ctc = K.loss("torch.nn.CTCLoss")
    assert ctc is not None and ctc.expects_log_probabilities
