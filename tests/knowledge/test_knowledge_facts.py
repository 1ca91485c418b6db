"""Spot checks of the generated table against TORCH_FACTS.md (torch 2.13 ground truth)."""

from __future__ import annotations

import pytest

from torchlint import knowledge as K


def op(name: str) -> K.OpFacts:
    facts = K.op(name)
    assert facts is not None, name
    return facts


NOTHING = (frozenset(), False)


# --------------------------------------------------------------------- saved tensors


def test_sigmoid_saves_its_result() -> None:
    assert op("torch.sigmoid").saved([True]) == (frozenset(), True)
    assert op("Tensor.sigmoid").saved([True]) == (frozenset(), True)


def test_mul_saves_the_other_operand_only_when_needed() -> None:
    mul = op("torch.mul")
    assert mul.saved([True, False]) == ({1}, False)
    assert mul.saved([False, True]) == ({0}, False)
    assert mul.saved([True, True]) == ({0, 1}, False)
    assert mul.saved([False, False]) == NOTHING
    assert op("Tensor.__mul__").saved([True, False]) == ({1}, False)


def test_mul_by_python_scalar_saves_nothing_of_x() -> None:
    assert op("Tensor.__mul__").saved([True]) == NOTHING  # x * 2.0
    assert op("Tensor.__rmul__").saved([True]) == NOTHING  # 2.0 * x
    assert op("Tensor.__truediv__").saved([True]) == NOTHING  # x / 2.0


def test_add_saves_nothing() -> None:
    assert op("torch.add").saved([True, True]) == NOTHING
    assert op("Tensor.__add__").saved([True, True]) == NOTHING
    assert op("Tensor.__add__").saved([True]) == NOTHING


@pytest.mark.parametrize(
    ("name", "requires_grad", "expected"),
    [
        ("torch.exp", [True], (frozenset(), True)),
        ("torch.tanh", [True], (frozenset(), True)),
        ("torch.relu", [True], (frozenset(), True)),
        ("torch.nn.functional.relu", [True], (frozenset(), True)),
        ("torch.sqrt", [True], (frozenset(), True)),
        ("torch.log", [True], ({0}, False)),
        ("torch.sin", [True], ({0}, False)),
        ("torch.abs", [True], ({0}, False)),
        ("torch.nn.functional.gelu", [True], ({0}, False)),
        ("torch.nn.functional.silu", [True], ({0}, False)),
        ("torch.softmax", [True], (frozenset(), True)),
        ("torch.log_softmax", [True], (frozenset(), True)),
        ("torch.sum", [True], NOTHING),
        ("torch.mean", [True], NOTHING),
        ("torch.cumsum", [True], NOTHING),
        ("torch.prod", [True], ({0}, True)),
        ("torch.floor", [True], NOTHING),
        ("torch.clone", [True], NOTHING),
        ("Tensor.view", [True], NOTHING),
        ("torch.matmul", [True, True], ({0, 1}, False)),
        ("torch.mm", [True, True], ({0, 1}, False)),
        ("torch.div", [True, True], ({0, 1}, False)),
        ("torch.pow", [True, True], ({0, 1}, True)),
        ("torch.nn.functional.mse_loss", [True, True], ({0, 1}, False)),
    ],
)
def test_saved_matches_torch_facts_2a(
    name: str, requires_grad: list[bool], expected: tuple[frozenset[int], bool]
) -> None:
    positions, result = op(name).saved(requires_grad)
    assert (positions, result) == expected


def test_where_saves_its_condition_in_both_spellings() -> None:
    # torch.where(cond, x, y): cond is input 0; x.where(cond, y): self is input 0
    assert op("torch.where").saved([False, True, True]) == ({0}, False)
    assert op("Tensor.where").saved([True, False, True]) == ({1}, False)


def test_linear_and_conv_save_input_and_weight() -> None:
    assert op("torch.nn.functional.linear").saved([True, True, True]) == ({0, 1}, False)
    assert op("torch.nn.functional.linear").saved([True, False, False]) == ({1}, False)
    assert op("torch.nn.functional.conv2d").saved([True, True])[0] >= {0, 1}


def test_indexing_saves_the_index_not_the_input() -> None:
    getitem = op("Tensor.__getitem__")
    assert getitem.saved([True]) == NOTHING  # x[0]
    assert getitem.saved([True, False]) == ({1}, False)  # x[idx]: idx is saved


# --------------------------------------------------------------------- differentiability


def test_differentiable() -> None:
    assert not op("torch.argmax").differentiable
    assert not op("Tensor.argmax").differentiable
    assert not op("Tensor.__lt__").differentiable
    assert not op("torch.eq").differentiable
    assert op("torch.floor").differentiable  # zero gradient, but torch tracks it
    assert op("torch.round").differentiable
    assert op("torch.sigmoid").differentiable


# --------------------------------------------------------------------- in-place and views


def test_add_inplace_pair() -> None:
    add_ = op("Tensor.add_")
    assert add_.inplace and not add_.view
    assert add_.out_of_place == "add"
    assert op("torch.add").inplace_variant == "add_"
    assert op("Tensor.__iadd__").inplace
    assert op("Tensor.__iadd__").out_of_place == "__add__"
    assert op("Tensor.relu_").inplace and op("Tensor.relu_").out_of_place == "relu"


@pytest.mark.parametrize(
    "method",
    [
        "fill_",
        "zero_",
        "normal_",
        "uniform_",
        "copy_",
        "clamp_",
        "index_put_",
        "masked_fill_",
        "scatter_",
        "mul_",
        "sigmoid_",
        "exp_",
        "__setitem__",
        "__imul__",
        "__itruediv__",
    ],
)
def test_inplace_methods(method: str) -> None:
    assert op(f"Tensor.{method}").inplace


def test_every_schema_inplace_method_is_known() -> None:
    unknown = [
        m
        for m in K.tensor_method_names()
        if m.endswith("_") and not m.endswith("__") and K.op(f"Tensor.{m}") is None
    ]
    # Python-only helpers that are not aten ops
    assert set(unknown) <= {"apply_", "map_", "map2_", "share_memory_"}


def test_autograd_metadata_methods_are_not_inplace_data_ops() -> None:
    for m in ("requires_grad_", "detach_", "retain_grad"):
        f = op(f"Tensor.{m}")
        assert not f.inplace, m
        assert f.metadata_inplace, m


def test_nn_init_mutates_under_no_grad() -> None:
    for name in ("normal_", "uniform_", "zeros_", "kaiming_uniform_", "xavier_normal_"):
        f = op(f"torch.nn.init.{name}")
        assert f.no_grad_mutation and not f.inplace, name


@pytest.mark.parametrize(
    "name", ["Tensor.view", "Tensor.transpose", "Tensor.__getitem__", "Tensor.T", "Tensor.unbind"]
)
def test_views(name: str) -> None:
    assert op(name).view


def test_maybe_views() -> None:
    assert op("Tensor.__getitem__").may_copy  # x[idx_tensor] copies
    assert op("Tensor.reshape").view and op("Tensor.reshape").may_copy
    assert not op("Tensor.view").may_copy
    assert not op("torch.sigmoid").view


# --------------------------------------------------------------------- dtypes


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("torch.add", "promote"),
        ("Tensor.__mul__", "promote"),
        ("torch.sqrt", "int_to_float"),
        ("torch.sigmoid", "int_to_float"),
        ("Tensor.__truediv__", "int_to_float"),
        ("torch.sum", "int_to_int64"),
        ("torch.cumsum", "int_to_int64"),
        ("torch.prod", "int_to_int64"),
        ("torch.abs", "same"),
        ("torch.neg", "same"),
        ("torch.mean", "float_only"),
        ("torch.softmax", "float_only"),
        ("torch.argmax", "int64"),
        ("torch.nonzero", "int64"),
        ("torch.argsort", "int64"),
        ("Tensor.__lt__", "bool"),
        ("torch.eq", "bool"),
        ("Tensor.double", "fixed"),
        ("Tensor.to", "unknown"),
    ],
)
def test_dtype_rules(name: str, rule: str) -> None:
    assert op(name).dtype_rule == rule


def test_fixed_dtypes_and_int_errors() -> None:
    assert op("Tensor.double").fixed_dtype == "float64"
    assert op("Tensor.long").fixed_dtype == "int64"
    assert op("torch.mean").raises_on_int
    assert op("Tensor.mean").raises_on_int
    assert not op("torch.sum").raises_on_int
    assert op("torch.matmul").requires_same_dtype  # f32 @ f64 raises
    assert not op("torch.add").requires_same_dtype


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("float32", "float64", "float64"),
        ("int64", "float16", "float16"),
        ("uint8", "int8", "int16"),
        ("bfloat16", "float16", "float32"),
        ("bool", "int8", "int8"),
        ("int32", "float32", "float32"),
    ],
)
def test_promote_types(a: str, b: str, expected: str) -> None:
    assert K.promote_types(a, b) == expected
    assert K.promote_types(b, a) == expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (("float32", "tensor"), ("float64", "tensor"), "float64"),
        (("float32", "tensor"), ("float64", "zerodim"), "float32"),
        (("int64", "tensor"), ("float64", "scalar"), "float32"),
        (("int32", "tensor"), ("int64", "scalar"), "int32"),
        (("uint8", "tensor"), ("int64", "scalar"), "uint8"),
        (("float16", "tensor"), ("float64", "scalar"), "float16"),
        (("int64", "zerodim"), ("float16", "tensor"), "float16"),
        (("bool", "tensor"), ("bool", "tensor"), "bool"),
        (("bool", "tensor"), ("bool", "scalar"), "bool"),
        (("bool", "tensor"), ("int64", "scalar"), "int64"),
        (("float32", "tensor"), ("complex128", "scalar"), "complex64"),
    ],
)
def test_result_type(a: tuple[str, str], b: tuple[str, str], expected: str) -> None:
    assert K.result_type(a, b) == expected


# --------------------------------------------------------------------- singular gradients


def _singular_points(name: str, *, forward_finite: bool | None = None) -> set[float]:
    return {
        p
        for s in op(name).singular
        if forward_finite is None or s.forward_finite == forward_finite
        for p in s.points
        if s.input == s.wrt or op(name).key.startswith("__")
    }


def test_sqrt_inf_gradient_at_zero_with_finite_forward() -> None:
    (s,) = op("torch.sqrt").singular
    assert (s.input, s.points, s.wrt, s.kind, s.forward_finite) == (0, (0.0,), 0, "inf", True)
    assert s.also_nonpositive
    assert op("Tensor.sqrt_").singular == op("torch.sqrt").singular


def test_other_singular_points() -> None:
    assert _singular_points("torch.acos", forward_finite=True) == {-1.0, 1.0}
    assert _singular_points("torch.asin", forward_finite=True) == {-1.0, 1.0}
    assert 0.0 in _singular_points("torch.log", forward_finite=False)
    assert 0.0 in _singular_points("torch.rsqrt", forward_finite=False)
    # pow(x, 0.5) at x=0: forward 0, gradient inf, for an exponent below 1 only
    pow_at_zero = [
        s for s in op("Tensor.__pow__").singular if s.input == 0 and s.wrt == 0 and s.forward_finite
    ]
    assert pow_at_zero and 0.5 in pow_at_zero[0].other_values
    assert 2.0 not in pow_at_zero[0].other_values


def test_division_by_zero_blows_up_both_gradients() -> None:
    div = op("Tensor.__truediv__")
    by_zero = [s for s in div.singular if s.input == 1 and s.points == (0.0,)]
    assert {s.wrt for s in by_zero} == {0, 1}


@pytest.mark.parametrize(
    "name", ["torch.norm", "torch.linalg.vector_norm", "torch.cdist", "torch.atan2"]
)
def test_finite_gradient_at_zero_is_recorded(name: str) -> None:
    f = op(name)
    assert f.singular_probed and f.singular == ()


# --------------------------------------------------------------------- factories


def fac(name: str) -> K.FactoryFacts:
    facts = K.factory(name)
    assert facts is not None, name
    return facts


@pytest.mark.parametrize(
    ("name", "dtype"),
    [
        ("torch.rand", "float32"),
        ("torch.randn", "float32"),
        ("torch.zeros", "float32"),
        ("torch.ones", "float32"),
        ("torch.empty", "float32"),
        ("torch.eye", "float32"),
        ("torch.linspace", "float32"),
        ("torch.logspace", "float32"),
        ("torch.randint", "int64"),
        ("torch.randperm", "int64"),
        ("torch.hann_window", "float32"),
        ("torch.kaiser_window", "float32"),
        ("torch.scalar_tensor", "float32"),
        ("torch.Tensor", "float32"),
        ("torch.FloatTensor", "float32"),
        ("torch.DoubleTensor", "float64"),
        ("torch.LongTensor", "int64"),
    ],
)
def test_factory_defaults(name: str, dtype: str) -> None:
    f = fac(name)
    assert f.default_dtype == dtype
    assert not f.infers_from_data


def test_factories_that_follow_the_data() -> None:
    for name in ("torch.tensor", "torch.as_tensor", "torch.full", "torch.arange"):
        f = fac(name)
        assert f.infers_from_data and f.default_dtype is None, name
        assert f.data_dtypes["int"] == "int64" and f.data_dtypes["float"] == "float32"
    assert fac("torch.tensor").data_dtypes["bool"] == "bool"
    assert fac("torch.full").data_dtypes["bool"] == "bool"
    assert fac("torch.tensor").data_dtypes["complex"] == "complex64"
    numpy = fac("torch.from_numpy")
    assert numpy.default_dtype is None and numpy.data_dtypes["float"] == "float64"


def test_like_factories() -> None:
    for name in ("torch.zeros_like", "torch.ones_like", "torch.full_like", "torch.rand_like"):
        assert fac(name).like and fac(name).default_dtype is None, name
    for name in ("Tensor.new_zeros", "Tensor.new_tensor", "torch.Tensor.new_full"):
        assert fac(name).like, name


def test_requires_grad_keyword_and_legacy() -> None:
    assert fac("torch.rand").accepts_requires_grad
    assert fac("torch.tensor").accepts_requires_grad
    assert fac("torch.randint").accepts_requires_grad  # accepted, then refused for int64
    assert not fac("torch.as_tensor").accepts_requires_grad
    assert not fac("torch.from_numpy").accepts_requires_grad
    assert fac("torch.FloatTensor").legacy and fac("torch.Tensor").legacy
    assert not fac("torch.tensor").legacy


# --------------------------------------------------------------------- surface


def test_tensor_surface() -> None:
    methods = K.tensor_method_names()
    for m in ("add", "add_", "view", "__mul__", "__rmul__", "__iadd__", "__getitem__"):
        assert m in methods
    assert "grad" in K.tensor_attribute_names() and "grad" not in methods
    assert "T" in K.tensor_attribute_names()


def test_engine_spellings_resolve() -> None:
    for name in (
        "torch.sigmoid",
        "torch.special.expit",
        "torch.nn.functional.relu",
        "torch.linalg.vector_norm",
        "torch.where",
        "torch.matmul",
        "Tensor.sigmoid",
        "Tensor.add_",
        "Tensor.relu_",
        "Tensor.__mul__",
        "Tensor.__rmul__",
        "Tensor.__iadd__",
        "Tensor.__truediv__",
        "Tensor.__rtruediv__",
        "Tensor.__pow__",
        "Tensor.__rpow__",
        "Tensor.__matmul__",
        "Tensor.__getitem__",
        "Tensor.__setitem__",
        "Tensor.__neg__",
        "Tensor.__lt__",
        "Tensor.masked_fill",
        "Tensor.view",
        "Tensor.double",
        "Tensor.to",
    ):
        assert K.op(name) is not None, name


# --------------------------------------------------------------------- modules


def mod(name: str) -> K.ModuleFacts:
    facts = K.module(name)
    assert facts is not None, name
    return facts


REQUIRED_MODULES = [
    "Linear",
    "Bilinear",
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "ConvTranspose2d",
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "LayerNorm",
    "GroupNorm",
    "InstanceNorm2d",
    "Dropout",
    "Dropout2d",
    "AlphaDropout",
    "Embedding",
    "ReLU",
    "ReLU6",
    "LeakyReLU",
    "ELU",
    "GELU",
    "SiLU",
    "Sigmoid",
    "Tanh",
    "Softmax",
    "LogSoftmax",
    "Softplus",
    "Hardswish",
    "MaxPool2d",
    "AvgPool2d",
    "AdaptiveAvgPool2d",
    "Flatten",
    "Identity",
    "LSTM",
    "GRU",
    "RNN",
    "MultiheadAttention",
    "TransformerEncoderLayer",
    "CrossEntropyLoss",
    "NLLLoss",
    "MSELoss",
    "L1Loss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "KLDivLoss",
    "SmoothL1Loss",
    "HuberLoss",
    "CTCLoss",
]


@pytest.mark.parametrize("name", REQUIRED_MODULES)
def test_module_present(name: str) -> None:
    assert mod(f"torch.nn.{name}").key == f"torch.nn.{name}"


def test_module_spellings() -> None:
    assert K.module("nn.Linear") is mod("torch.nn.Linear")
    assert K.module("torch.nn.modules.linear.Linear") is mod("torch.nn.Linear")


def test_activations_save_output_or_input() -> None:
    for name in ("ReLU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax"):
        f = mod(f"torch.nn.{name}")
        assert f.saves_output and not f.saves_input, name
    for name in ("GELU", "SiLU", "ELU", "LeakyReLU", "Softplus"):
        assert mod(f"torch.nn.{name}").saves_input, name


def test_linear_and_conv() -> None:
    lin = mod("torch.nn.Linear")
    assert lin.saves_input and lin.has_parameters and lin.saves_parameters
    assert lin.functional == "nn.functional.linear"
    assert not lin.mode_dependent and not lin.inplace_arg
    assert mod("torch.nn.Conv2d").saves_input and mod("torch.nn.Conv2d").has_parameters


def test_mode_dependent_modules() -> None:
    for name in ("Dropout", "Dropout2d", "AlphaDropout", "BatchNorm1d", "BatchNorm2d", "RReLU"):
        assert mod(f"torch.nn.{name}").mode_dependent, name
    assert mod("torch.nn.TransformerEncoderLayer").mode_dependent  # it has dropout
    for name in ("Linear", "LayerNorm", "ReLU", "InstanceNorm2d", "GroupNorm", "LSTM"):
        assert not mod(f"torch.nn.{name}").mode_dependent, name


def test_inplace_constructor_argument() -> None:
    for name in ("ReLU", "ReLU6", "LeakyReLU", "ELU", "SiLU", "Dropout", "Hardswish"):
        assert mod(f"torch.nn.{name}").inplace_arg, name
    assert not mod("torch.nn.GELU").inplace_arg
    assert not mod("torch.nn.Dropout").has_parameters
    assert mod("torch.nn.Dropout").functional == "nn.functional.dropout"


def test_losses_are_modules() -> None:
    ce = mod("torch.nn.CrossEntropyLoss")
    assert ce.is_loss and ce.functional == "nn.functional.cross_entropy"
    assert not ce.saves_input  # only the log_softmax result (TORCH_FACTS 2(a))
    assert not mod("torch.nn.Linear").is_loss


# --------------------------------------------------------------------- losses


def los(name: str) -> K.LossFacts:
    facts = K.loss(name)
    assert facts is not None, name
    return facts


@pytest.mark.parametrize(
    "name",
    [
        "torch.nn.CrossEntropyLoss",
        "torch.nn.functional.cross_entropy",
        "torch.nn.NLLLoss",
        "torch.nn.functional.nll_loss",
    ],
)
def test_class_index_targets(name: str) -> None:
    f = los(name)
    # "expected target dtype to be Long or Byte": float and int32 class indices are refused
    assert f.target_class_index_dtypes == {"int64", "uint8"}


def test_cross_entropy() -> None:
    ce = los("torch.nn.CrossEntropyLoss")
    assert ce.functional == "nn.functional.cross_entropy"
    assert ce.applies_log_softmax and not ce.expects_log_probabilities
    assert ce.accepts_probability_target  # float target of the input's shape
    assert "int64" not in ce.accepted_target_dtypes  # a one-hot long target is refused
    assert ce.target_grad_flows  # no longer an error (TORCH_FACTS 1(i))
    assert los("nn.functional.cross_entropy") is los("torch.nn.functional.cross_entropy")


def test_log_probability_losses() -> None:
    for name in ("torch.nn.NLLLoss", "torch.nn.KLDivLoss", "torch.nn.functional.kl_div"):
        f = los(name)
        assert f.expects_log_probabilities and not f.applies_log_softmax, name
    assert not los("torch.nn.NLLLoss").accepts_probability_target


def test_regression_losses() -> None:
    for name in ("MSELoss", "L1Loss", "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss"):
        f = los(f"torch.nn.{name}")
        assert f.target_class_index_dtypes is None, name
        assert f.accepts_probability_target and not f.expects_log_probabilities, name
        assert f.target_grad_flows, name
    assert "int64" in los("torch.nn.MSELoss").accepted_target_dtypes  # l4h: runs
    assert "int64" not in los("torch.nn.BCELoss").accepted_target_dtypes  # l4g: raises
    assert "int64" not in los("torch.nn.BCEWithLogitsLoss").accepted_target_dtypes  # l4f


def test_python_number_operands_change_what_is_saved() -> None:
    # x ** y saves x, y and the result; x ** 2.0 saves only x (TORCH_FACTS 2(a) pow_2)
    assert op("torch.pow").saved([True, False]) == ({0, 1}, True)
    assert op("torch.pow").saved([True]) == ({0}, False)
    assert op("torch.pow").saved([True, False], tensors=[True, False]) == ({0}, False)
    assert op("Tensor.__pow__").saved([True]) == ({0}, False)
    assert op("torch.mul").saved([True]) == NOTHING  # torch.mul(x, 2.0)
    # positions come back in the caller's numbering: where(cond, x, 0.0)
    assert op("torch.where").saved([False, True, False], tensors=[True, True, False]) == (
        {0},
        False,
    )


def test_conversions_and_device_moves_may_copy() -> None:
    for name in ("Tensor.to", "Tensor.double", "Tensor.type_as", "Tensor.cpu", "Tensor.cuda"):
        f = op(name)
        assert f.view and f.may_copy, name
    assert not op("Tensor.detach").differentiable and op("Tensor.detach").view


def test_integer_modulo_and_floor_division_do_not_raise() -> None:
    # Sampled floats in [0, 1) cast to int become 0: a zero divisor raises for a value reason.
    for name in ("Tensor.__mod__", "Tensor.__floordiv__", "Tensor.__rmod__", "Tensor.__imod__"):
        facts = K.op(name)
        assert facts is not None and not facts.raises_on_int, name


def test_dtype_names_in_messages_are_torchs() -> None:
    """TL402 quotes torch's message, which names a dtype the way `Tensor.type()` does."""
    torch = pytest.importorskip("torch")
    from torchlint.rules.tl402_dtype_mismatch import _SCALAR_TYPE_NAMES

    for name, scalar in _SCALAR_TYPE_NAMES.items():
        got = torch.empty(0, dtype=getattr(torch, name)).type()
        assert got == f"torch.{scalar}Tensor", name


# --------------------------------------------------------------------- tuple results


def test_fixed_tuple_results_have_their_outputs() -> None:
    chol = op("torch.linalg.cholesky_ex").outputs
    assert [(o.name, o.dtype, o.requires_grad) for o in chol] == [
        ("L", "input", True),
        ("info", "int32", False),
    ]
    assert [o.name for o in op("torch.linalg.qr").outputs] == ["Q", "R"]
    assert [o.dtype for o in op("torch.linalg.slogdet").outputs] == ["input", "input"]
    assert [(o.dtype, o.requires_grad) for o in op("torch.sort").outputs] == [
        ("input", True),
        ("int64", False),
    ]


def test_single_and_variable_results_have_no_outputs() -> None:
    assert op("torch.exp").outputs == ()
    assert op("torch.split").outputs == ()  # a plain tuple whose length depends on the call


def test_distribution_samples_measured_from_torch() -> None:
    # Categorical draws class indices; the others draw in their parameters' dtype.
    assert K.distribution_sample_dtype("Categorical") == "int64"
    assert K.distribution_sample_dtype("Normal") == "same"
    assert K.distribution_sample_dtype("Bernoulli") == "same"
    assert K.distribution_sample_dtype("NoSuchDistribution") is None
