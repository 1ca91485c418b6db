"""Torch facts for the static engine, read from a table generated from torch itself.

The engine never imports torch. `torch_ops.json` beside this file is produced by
``python -m torchlint.knowledge.generate`` (which does run torch) and committed; a test
regenerates it and fails on drift. This module only reads it: stdlib only, loaded once on
first use, and every lookup is a plain dict lookup because it sits on the per-keystroke path.

Conventions
-----------
* dtype names are torch's canonical spellings without ``torch.``: ``"float32"``, ``"int64"``.
  Only the 13 dtypes torch can promote are known (no float8, quantized, uint16/32/64 or
  bit types: ``torch.promote_types`` raises on them).
* ``result_type`` operands are ``(dtype, kind)``, kind in ``{"tensor", "zerodim", "scalar"}``.
  A Python scalar is written by its category: ``True`` → ``("bool", "scalar")``, ``1`` →
  ``("int64", "scalar")``, ``1.5`` → ``("float64", "scalar")``, ``1j`` →
  ``("complex128", "scalar")``. Any other dtype of the same category is accepted for a
  scalar and means the same (the value's width never matters to torch).
* Op positions count **tensor inputs only**, in call order (Python numbers are not
  inputs): for a method ``self`` is 0; for ``a * b`` ``a`` is 0; for the reversed
  operators (``__rmul__``, ``__rsub__``, ...) 0 is still ``self``, the tensor. So
  ``x * 2.0`` is ``op("Tensor.__mul__").saved([True])`` and ``x * y`` is
  ``.saved([True, False])``.
* Qualified names: ``torch.X``, ``torch.nn.functional.X``, ``torch.linalg.X`` ...,
  ``Tensor.X`` (``torch.Tensor.X`` is accepted too) and the table's own keys.

Everything returned is immutable. Lookups of unknown names return ``None``; dtype
functions raise ``KeyError`` for names outside ``dtype_names()``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

__all__ = [
    "DEFAULT_FLOAT",
    "TABLE_PATH",
    "TORCH_VERSION",
    "FactoryFacts",
    "LossFacts",
    "ModuleFacts",
    "OpFacts",
    "Singular",
    "dtype_aliases",
    "dtype_category",
    "dtype_names",
    "factory",
    "factory_names",
    "hand_written_facts",
    "loss",
    "loss_names",
    "module",
    "module_names",
    "op",
    "op_keys",
    "op_names",
    "promote_types",
    "result_type",
    "scalar_dtype",
    "tensor_attribute_names",
    "tensor_method_names",
]

TABLE_PATH = Path(__file__).with_name("torch_ops.json")

_T = TypeVar("_T")
_Saved = tuple[frozenset[int], bool]
_NOTHING_SAVED: _Saved = (frozenset(), False)


def _empty_mapping() -> Mapping[Any, Any]:
    return MappingProxyType({})


_SCALAR_DTYPE = {"bool": "bool", "int": "int64", "float": "float64", "complex": "complex128"}


@dataclass(frozen=True, slots=True)
class Singular:
    """Where an op's gradient is inf/NaN (probed in float64 at fixed points).

    `points` are values of tensor input `input` at which the gradient w.r.t. input `wrt`
    is `kind` ("inf" | "nan"). `forward_finite` says whether the op's own result was finite
    there (sqrt(0): yes; log(0): no, -inf). `also_nonpositive`: the forward is already
    nan/inf for probe values below the smallest point (sqrt/log of negatives, acos < -1).
    `other_values` (binary ops only) are the values of the other input at which this was
    seen, e.g. pow's exponent 0.5 but not 2.0 for the base at 0; empty for unary ops.
    """

    input: int
    points: tuple[float, ...]
    wrt: int
    kind: str
    forward_finite: bool
    also_nonpositive: bool
    other_values: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class OutputFacts:
    """One output of an op with a fixed tuple result (see `OpFacts.outputs`)."""

    name: str
    dtype: str  # "input", "unknown" or a dtype name
    requires_grad: bool


@dataclass(frozen=True, slots=True)
class OpFacts:
    """What torch does for one function / method / operator.

    dtype_rule is one of "same", "promote", "int_to_float", "int_to_int64", "bool",
    "int64", "float_only", "fixed" (always `fixed_dtype`, e.g. ``Tensor.double``),
    "weight" (the second tensor argument's: `F.embedding(ids, weight)`, written by hand in
    `overrides`) or "unknown"; see the generator's `_gen_ops.classify_dtype_rule` for how
    each is measured.

    Additions to the agreed fields:
    * fixed_dtype: the result dtype when it does not depend on the inputs ("bool",
      "int64", "float64" for ``.double()``), else None.
    * may_copy: `view` is True but for some inputs torch returns a fresh tensor
      (reshape/contiguous/flatten on non-contiguous input, ``x[idx_tensor]``).
    * metadata_inplace: the schema marks self as written (``Tensor(a!)``) but the data is
      untouched (the version counter does not move): requires_grad_, detach_,
      retain_grad. Not an in-place op for the leaf / saved-tensor rules.
    * no_grad_mutation: mutates its first argument inside ``torch.no_grad()``
      (``torch.nn.init.*_``), so doing it to a leaf that requires grad is fine.
    * requires_same_dtype: floating inputs of different dtypes raise (matmul, mm, F.linear).
    * singular_probed: the boundary probe ran for this op; with an empty `singular` that
      means "gradient finite at every probe point" (norm, vector_norm, cdist).
    * domain: op_db's declared input domain (low, high), None bounds open.
    * outputs: for an op returning a fixed tuple (a `torch.return_types` structseq:
      ``torch.linalg.cholesky_ex`` gives (L, info)), per output its field name, its dtype
      ("input": that of the floating inputs; else e.g. "int32") and whether it requires grad
      when the inputs do. Empty for single results and for `max`, whose arity depends on `dim`.
    * source: "op_db" | "probe" | "schema" (only the aten schema is known: dtype_rule
      "unknown", differentiable assumed True) | "override".
    """

    key: str
    differentiable: bool
    dtype_rule: str
    inplace: bool
    view: bool
    out_of_place: str | None
    inplace_variant: str | None
    singular: tuple[Singular, ...]
    raises_on_int: bool
    fixed_dtype: str | None = None
    may_copy: bool = False
    metadata_inplace: bool = False
    no_grad_mutation: bool = False
    requires_same_dtype: bool = False
    singular_probed: bool = False
    domain: tuple[float | None, float | None] | None = None
    source: str = "schema"
    outputs: tuple[OutputFacts, ...] = ()
    # arity -> (mask of inputs that can require grad, mask -> saved)
    _saved: Mapping[int, tuple[int, Mapping[int, _Saved]]] = field(
        default_factory=_empty_mapping, repr=False, compare=False
    )

    @property
    def saved_arities(self) -> frozenset[int]:
        """Numbers of tensor inputs the saved-tensor probe measured exactly."""
        return frozenset(self._saved)

    @property
    def saved_known(self) -> bool:
        """False when the op was never run, so `saved()` can only say "nothing known"."""
        return bool(self._saved)

    def saved(
        self, requires_grad: Sequence[bool], tensors: Sequence[bool] | None = None
    ) -> tuple[frozenset[int], bool]:
        """(positions of tensor inputs saved for backward, whether the result is saved).

        `requires_grad` has one entry per tensor input at the call site (see the module
        docstring for positions). Callers that list every positional argument instead pass
        `tensors` (which entries are tensors): ``x ** 2.0`` is ``saved([True, False],
        tensors=[True, False])``, and positions come back in that numbering. This matters:
        torch saves differently for a Python-number operand (``x ** y`` saves its result,
        ``x ** 2.0`` does not). A saved view of an input counts as the input; an
        intermediate (the wrapped scalar of ``x * 2.0``, where's mask is input 0 and so
        does count) is not reported. Exact for the arities in `saved_arities`; for another
        count the nearest measured arity is used (missing inputs treated as not requiring
        grad, positions beyond the call dropped). Unknown ops save "nothing known".
        """
        if tensors is not None and not all(tensors):
            where = [i for i, is_tensor in enumerate(tensors) if is_tensor]
            positions, result = self.saved([requires_grad[i] for i in where])
            return frozenset(where[p] for p in positions), result
        n = len(requires_grad)
        entry = self._saved.get(n)
        if entry is None:
            if not self._saved:
                return _NOTHING_SAVED
            entry = self._saved[_nearest_arity(self._saved, n)]
        grad_mask, table = entry
        mask = 0
        for i, rg in enumerate(requires_grad):
            if rg:
                mask |= 1 << i
        hit = table.get(mask & grad_mask)
        if hit is None:
            return _NOTHING_SAVED
        if max(hit[0], default=-1) >= n:
            return frozenset(p for p in hit[0] if p < n), hit[1]
        return hit


@dataclass(frozen=True, slots=True)
class FactoryFacts:
    """A tensor-creating call. `data_dtypes` (addition) maps the Python data category
    ("bool", "int", "float", "complex") to the dtype torch picked, for factories that
    infer from data; `legacy` marks ``torch.Tensor(...)``/``torch.FloatTensor(...)``."""

    key: str
    default_dtype: str | None
    infers_from_data: bool
    like: bool
    accepts_requires_grad: bool
    data_dtypes: Mapping[str, str] = field(default_factory=_empty_mapping, compare=False)
    legacy: bool = False


@dataclass(frozen=True, slots=True)
class ModuleFacts:
    """A ``torch.nn`` module class, measured by running it on a small input.

    `saves_input` is about the first input (a loss's target is not its input; for
    Embedding the input is the index tensor, which is saved). `functional` is the op key of
    the call that turned the input into the output, None for composite modules.
    Additions: `saves_parameters` (a parameter is saved for backward: in-place on it
    between forward and backward breaks backward), `saves_parameters_for_plain_input` (also
    when the input does not require grad: a convolution, not a linear layer) and
    `functional_qualname` (the recorded call, e.g. ``torch.nn.functional.linear``),
    `parameter_ranks` (the module's own parameters' ranks, built as the generator builds
    it), `rank_argument` (the constructor argument those ranks follow, when one does) and
    `init_arguments` (the constructor's parameters in order) and `returns_input` (its call
    gives back the very tensor it was given: `nn.Identity`; `returns_input_in_eval`: in
    eval mode, `nn.Dropout`)."""

    key: str
    functional: str | None
    saves_input: bool
    saves_output: bool
    has_parameters: bool
    mode_dependent: bool
    is_loss: bool
    inplace_arg: bool
    saves_parameters: bool = False
    functional_qualname: str | None = None
    saves_parameters_for_plain_input: bool = False
    parameter_ranks: Mapping[str, int] = field(default_factory=_empty_mapping, compare=False)
    rank_argument: str | None = None
    init_arguments: tuple[str, ...] = ()
    returns_input: bool = False
    returns_input_in_eval: bool = False


@dataclass(frozen=True, slots=True)
class LossFacts:
    """A loss module or functional. Additions: `accepted_target_dtypes` (every dtype the
    probe tried for a same-shape target that torch accepted) and `target_grad_flows`
    (a target that requires grad gets a gradient: torch no longer errors on it)."""

    key: str
    functional: str | None
    target_class_index_dtypes: frozenset[str] | None
    accepts_probability_target: bool
    expects_log_probabilities: bool
    applies_log_softmax: bool
    accepted_target_dtypes: frozenset[str] = frozenset()
    target_grad_flows: bool = False


# --------------------------------------------------------------------------- loading


class _Section(Generic[_T]):
    """One section of the JSON; fact objects are built on the first lookup of their key."""

    def __init__(self, raw: dict[str, Any], build: Callable[[str, Mapping[str, Any]], _T]) -> None:
        self.raw = raw
        self._build = build
        self._cache: dict[str, _T] = {}

    def get(self, name: str) -> _T | None:
        facts = self._cache.get(name)
        if facts is None:
            raw = self.raw.get(name)
            if raw is None:
                return None
            facts = self._cache[name] = self._build(name, raw)
        return facts


class _Table:
    """The parsed JSON, with the lookup dicts the API reads."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.version: str = raw["torch_version"]
        self.default_float: str = raw["default_float"]
        dtypes: Mapping[str, Mapping[str, Any]] = raw["dtypes"]
        self.dtype_names = frozenset(dtypes)
        self.category = {k: str(v["category"]) for k, v in dtypes.items()}
        self.aliases: Mapping[str, str] = MappingProxyType(dict(raw["dtype_aliases"]))
        self.promote: dict[str, dict[str, str]] = raw["promote"]
        self.result_type: dict[str, dict[str, str]] = raw["result_type"]
        self.methods = frozenset(raw["tensor_methods"])
        self.attributes = frozenset(raw["tensor_attributes"])
        self.names: dict[str, str] = raw["op_names"]
        self.qualname_aliases: dict[str, str] = raw["qualname_aliases"]
        self.overrides: Mapping[str, str] = MappingProxyType(dict(raw["overrides"]))
        ops: dict[str, Any] = raw["ops"]
        variants = _variants(ops)
        self.ops = _Section(
            ops, lambda key, entry: _build_op(key, _with_variant_arities(entry, variants, key, ops))
        )
        self.factories = _Section(raw["factories"], _build_factory)
        self.modules = _Section(raw["modules"], _build_module)
        self.losses = _Section(raw["losses"], _build_loss)
        self.distributions: Mapping[str, Mapping[str, Any]] = raw.get("distributions", {})


@lru_cache(maxsize=1)
def _table() -> _Table:
    with TABLE_PATH.open(encoding="utf-8") as f:
        return _Table(json.load(f))


def __getattr__(name: str) -> str:
    # TORCH_VERSION / DEFAULT_FLOAT are module attributes read from the table on first use,
    # so importing this package costs nothing until a fact is needed.
    if name == "TORCH_VERSION":
        return _table().version
    if name == "DEFAULT_FLOAT":
        return _table().default_float
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


TORCH_VERSION: str
DEFAULT_FLOAT: str


def _nearest_arity(tables: Mapping[int, object], n: int) -> int:
    larger = [k for k in tables if k >= n]
    return min(larger) if larger else max(tables)


# --------------------------------------------------------------------------- dtypes


def dtype_names() -> frozenset[str]:
    return _table().dtype_names


def dtype_category(name: str) -> str:
    """ "bool" | "int" | "float" | "complex"; KeyError for an unknown dtype name."""
    return _table().category[name]


def dtype_aliases() -> Mapping[str, str]:
    """Every ``torch.<attr>`` dtype spelling (canonical ones included) → canonical name."""
    return _table().aliases


def scalar_dtype(category: str) -> str:
    """The dtype a Python scalar of `category` is written with in `result_type`."""
    return _SCALAR_DTYPE[category]


def promote_types(a: str, b: str) -> str:
    """``torch.promote_types``; KeyError for a dtype outside `dtype_names()`."""
    return _table().promote[a][b]


def result_type(a: tuple[str, str], b: tuple[str, str]) -> str:
    """``torch.result_type`` of two operands given as (dtype, kind); see the module doc."""
    t = _table()
    return t.result_type[_operand(t, a)][_operand(t, b)]


def _operand(t: _Table, operand: tuple[str, str]) -> str:
    dtype, kind = operand
    if kind == "scalar":
        dtype = _SCALAR_DTYPE[t.category[dtype]]
    return f"{dtype}:{kind}"


# --------------------------------------------------------------------------- surfaces


def tensor_method_names() -> frozenset[str]:
    """Public ``torch.Tensor`` methods and its operator dunders (``__mul__``, ``__rmul__``,
    ``__iadd__``, ``__getitem__``...)."""
    return _table().methods


def tensor_attribute_names() -> frozenset[str]:
    """Public non-callable ``torch.Tensor`` attributes (``T``, ``mT``, ``grad``, ``data``,
    ``dtype``, ``requires_grad``, ``is_leaf``...)."""
    return _table().attributes


def hand_written_facts() -> Mapping[str, str]:
    """The hand-written facts: "section:key.field" -> why torch could not tell."""
    return _table().overrides


def op_keys() -> frozenset[str]:
    return frozenset(_table().ops.raw)


def op_names() -> frozenset[str]:
    """Every qualified name `op()` knows (besides the keys themselves)."""
    return frozenset(_table().names)


def factory_names() -> frozenset[str]:
    return frozenset(_table().factories.raw)


def module_names() -> frozenset[str]:
    return frozenset(_table().modules.raw)


def loss_names() -> frozenset[str]:
    return frozenset(_table().losses.raw)


# --------------------------------------------------------------------------- lookups


def op(qualname: str) -> OpFacts | None:
    t = _table()
    key = t.names.get(qualname)
    if key is None:
        if qualname.startswith("torch.Tensor."):
            key = t.names.get(qualname[6:])
        if key is None:
            key = qualname  # a key of the table itself ("nn.functional.relu")
    return t.ops.get(key)


def factory(qualname: str) -> FactoryFacts | None:
    t = _table()
    if qualname.startswith("torch.Tensor."):
        qualname = qualname[6:]
    return t.factories.get(t.qualname_aliases.get(qualname, qualname))


def module(qualname: str) -> ModuleFacts | None:
    t = _table()
    return t.modules.get(t.qualname_aliases.get(qualname, qualname))


def loss(qualname: str) -> LossFacts | None:
    t = _table()
    return t.losses.get(t.qualname_aliases.get(qualname, qualname))


def distribution_sample_dtype(kind: str) -> str | None:
    """The dtype of `torch.distributions.<kind>(...).sample()`: "same" (its parameters'),
    a dtype name (Categorical's int64), or None for a distribution the table lacks."""
    facts = _table().distributions.get(kind)
    return None if facts is None else str(facts["sample_dtype"])


# --------------------------------------------------------------------------- builders


def _variants(ops: Mapping[str, Any]) -> dict[str, list[str]]:
    """op_db's variants of an op by the op's key (`max` -> `max.binary`, ...)."""
    out: dict[str, list[str]] = {}
    for key in ops:
        base, dot, variant = key.partition(".")
        if dot and "." not in variant and base in ops:
            out.setdefault(base, []).append(key)
    return out


def _with_variant_arities(
    raw: Mapping[str, Any], variants: Mapping[str, list[str]], key: str, ops: Mapping[str, Any]
) -> Mapping[str, Any]:
    """The op's entry, with what its variants saved for numbers of tensor inputs the op's
    own samples never had: `torch.max(a, b)` is op_db's `max.binary` (both inputs saved),
    though the name `max` is its reduction's."""
    extra: dict[str, Any] = {}
    for name in variants.get(key, ()):
        for arity, entries in ops[name].get("saved", {}).items():
            if arity not in raw.get("saved", {}) and arity not in extra:
                extra[arity] = entries
    return {**raw, "saved": {**raw.get("saved", {}), **extra}} if extra else raw


def _build_op(key: str, raw: Mapping[str, Any]) -> OpFacts:
    saved: dict[int, tuple[int, Mapping[int, _Saved]]] = {}
    for arity, entries in raw.get("saved", {}).items():
        # entries: [[mask, [positions...], result_saved], ...], one per non-empty subset of
        # the inputs that can require grad (float inputs; an index or mask never does).
        table: dict[int, _Saved] = {}
        grad_mask = 0
        for mask, positions, result in entries:
            table[mask] = (frozenset(positions), bool(result))
            grad_mask |= mask
        saved[int(arity)] = (grad_mask, MappingProxyType(table))
    domain = raw.get("domain")
    return OpFacts(
        key=key,
        differentiable=raw["differentiable"],
        dtype_rule=raw["dtype_rule"],
        inplace=raw["inplace"],
        view=raw["view"],
        out_of_place=raw.get("out_of_place"),
        inplace_variant=raw.get("inplace_variant"),
        singular=tuple(
            Singular(
                input=s["input"],
                points=tuple(s["points"]),
                wrt=s["wrt"],
                kind=s["kind"],
                forward_finite=s["forward_finite"],
                also_nonpositive=s["also_nonpositive"],
                other_values=tuple(s.get("other_values", ())),
            )
            for s in raw.get("singular", ())
        ),
        raises_on_int=raw.get("raises_on_int", False),
        fixed_dtype=raw.get("fixed_dtype"),
        may_copy=raw.get("may_copy", False),
        metadata_inplace=raw.get("metadata_inplace", False),
        no_grad_mutation=raw.get("no_grad_mutation", False),
        requires_same_dtype=raw.get("requires_same_dtype", False),
        singular_probed=raw.get("singular_probed", False),
        domain=None if domain is None else (domain[0], domain[1]),
        source=raw.get("source", "schema"),
        outputs=tuple(OutputFacts(n, d, bool(rg)) for n, d, rg in raw.get("outputs", ())),
        _saved=MappingProxyType(saved),
    )


def _build_factory(key: str, raw: Mapping[str, Any]) -> FactoryFacts:
    return FactoryFacts(
        key=key,
        default_dtype=raw["default_dtype"],
        infers_from_data=raw["infers_from_data"],
        like=raw["like"],
        accepts_requires_grad=raw["accepts_requires_grad"],
        data_dtypes=MappingProxyType(dict(raw.get("data_dtypes", {}))),
        legacy=raw.get("legacy", False),
    )


def _build_module(key: str, raw: Mapping[str, Any]) -> ModuleFacts:
    return ModuleFacts(
        key=key,
        **{**raw, "init_arguments": tuple(raw.get("init_arguments", ()))},
    )


def _build_loss(key: str, raw: Mapping[str, Any]) -> LossFacts:
    idx = raw["target_class_index_dtypes"]
    return LossFacts(
        key=key,
        functional=raw["functional"],
        target_class_index_dtypes=None if idx is None else frozenset(idx),
        accepts_probability_target=raw["accepts_probability_target"],
        expects_log_probabilities=raw["expects_log_probabilities"],
        applies_log_softmax=raw["applies_log_softmax"],
        accepted_target_dtypes=frozenset(raw.get("accepted_target_dtypes", ())),
        target_grad_flows=raw.get("target_grad_flows", False),
    )
