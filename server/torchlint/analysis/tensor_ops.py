"""The facts of an op's result, computed from its inputs' facts and the torch table.

dtype from the table's dtype rule and `result_type`; requires_grad from the inputs and the
grad mode; a fresh autograd node; what the op saves for backward (recorded on the saved
storages); singular gradients (TL202); value intervals for the few ops that bound them.
"""

from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from torchlint import knowledge as K
from torchlint.analysis import self_pairs as SP
from torchlint.analysis.facts import (
    BOOL,
    FLOATING,
    INTEGRAL,
    NONNEG,
    POSITIVE,
    DType,
    GradMode,
    Interval,
    Mask,
    SingularOp,
    Tensor,
    Tri,
    Why,
)
from torchlint.analysis.source import SourceInfo
from torchlint.analysis.state import SaveRecord, State
from torchlint.analysis.values import (
    Const,
    Device,
    Seq,
    TorchName,
    TRef,
    Value,
    const_number,
    const_type,
    shape_rank,
)

if TYPE_CHECKING:
    from torchlint.analysis.interpreter import Interpreter

_MAX_DTYPE_SET: Final = 4

# Ops that keep a singular-gradient input's hazard visible in their result: masking the
# result of `-log(x)` or `2 * sqrt(x)` still turns the zero gradient into NaN.
PASS_SINGULAR: Final = frozenset(
    {
        "neg",
        "mul",
        "add",
        "sub",
        "rsub",
        "div",
        "true_divide",
        "abs",
        "clone",
        "contiguous",
        "view",
        "reshape",
        "squeeze",
        "unsqueeze",
        "flatten",
        "float",
        "double",
        "half",
        "to",
        "__neg__",
        "__mul__",
        "__rmul__",
        "__add__",
        "__radd__",
        "__sub__",
        "__rsub__",
        "__truediv__",
        # `1.0 / (d.sqrt() + eps)`: a finite nonzero slope times the sqrt's infinite one
        "__rtruediv__",
        "reciprocal",
        "__pos__",
        "exp",
        "square",
        "pow",
        "__pow__",
        # `relu(margin - dist) ** 2`: a pointwise function turns the zero gradient of the
        # masked-out positions into zero, which the sqrt's infinite slope still makes NaN
        "relu",
        "leaky_relu",
        "elu",
        "gelu",
        "silu",
        "softplus",
        "tanh",
        "sigmoid",
        "clamp",
        "clamp_min",
        "clamp_max",
        "clip",
    }
)
POINTWISE_OPERATORS: Final = frozenset(
    {
        "__add__",
        "__radd__",
        "__sub__",
        "__rsub__",
        "__mul__",
        "__rmul__",
        "__truediv__",
        "__rtruediv__",
        "__pow__",
        "__rpow__",
        "__neg__",
        "__pos__",
        "__abs__",
        "__invert__",
        "__floordiv__",
        "__rfloordiv__",
        "__mod__",
        "__rmod__",
        "__and__",
        "__or__",
        "__xor__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__eq__",
        "__ne__",
    }
)
_REDUCTIONS: Final = frozenset(
    {
        "sum",
        "mean",
        "prod",
        "max",
        "min",
        "norm",
        "std",
        "var",
        "amax",
        "amin",
        "logsumexp",
        "nansum",
        "nanmean",
        "median",
        "all",
        "any",
        "count_nonzero",
        "argmax",
        "argmin",
    }
)


@dataclass(slots=True)
class Input:
    """One argument of an op, in call order."""

    node: ast.expr | None
    value: Value
    ref: TRef | None
    tensor: Tensor | None
    source: SourceInfo

    @property
    def text(self) -> str:
        """The argument as written (on demand: most inputs are never named in a message)."""
        return "" if self.node is None else self.source.segment(self.node, 60)

    @property
    def scalar(self) -> float | None:
        return const_number(self.value)

    @property
    def positional(self) -> bool:
        """Counts as a tensor input position (the table counts tensor inputs only)."""
        return self.tensor is not None or not isinstance(
            self.value, Const | Seq | TorchName | Device
        )

    @property
    def scalar_kind(self) -> str | None:
        t = const_type(self.value)
        if t is bool:
            return "bool"
        if t is int:
            return "int"
        if t is float:
            return "float"
        if t is complex:
            return "complex"
        return None


def make_input(ip: Interpreter, node: ast.expr | None, value: Value, state: State) -> Input:
    if isinstance(value, TRef):
        return Input(node, value, value, state.tensor(value), ip.src)
    return Input(node, value, None, None, ip.src)


def short(op: str) -> str:
    return op.rsplit(".", 1)[-1]


# =========================================================================== dtypes
def operand_kind(inp: Input) -> tuple[DType, str] | None:
    """(dtype set, result_type kind) of an operand, or None when it cannot take part."""
    if inp.tensor is not None:
        kind = "zerodim" if inp.tensor.rank == 0 else "tensor"
        if inp.tensor.rank is None:
            kind = "unknown-rank"
        return inp.tensor.dtype, kind
    cat = inp.scalar_kind
    if cat is not None:
        return frozenset({K.scalar_dtype(cat)}), "scalar"
    return None


def promote(inputs: list[Input], *, joined: bool = False) -> DType:
    """`torch.result_type` folded over the inputs; unknown as soon as one is unknown.
    `joined`: `cat`/`stack` inputs, which promote as equals whatever their rank."""
    ops: list[tuple[DType, str]] = []
    for inp in inputs:
        k = operand_kind(inp)
        if k is None:
            if inp.value is not None and not isinstance(inp.value, Const):
                return None  # an unknown operand could be a tensor of any dtype
            continue
        ops.append(k)
    if not ops:
        return None
    results: set[str] = set()
    choices: list[list[tuple[str, str]]] = []
    for dtypes, kind in ops:
        if dtypes is None:
            return None
        if joined and kind != "scalar":
            kind = "tensor"
        kinds = ["tensor", "zerodim"] if kind == "unknown-rank" else [kind]
        choices.append([(d, k) for d in sorted(dtypes) for k in kinds])
    for combo in itertools.islice(itertools.product(*choices), 64):
        acc = combo[0]
        for nxt in combo[1:]:
            try:
                d = K.result_type(acc, nxt)
            except KeyError:
                return None
            # The accumulated operand now behaves as the higher-priority kind.
            kind = (
                "tensor"
                if "tensor" in (acc[1], nxt[1])
                else ("zerodim" if "zerodim" in (acc[1], nxt[1]) else "scalar")
            )
            acc = (d, kind)
        results.add(acc[0])
    if len(results) > _MAX_DTYPE_SET:
        return None
    return frozenset(results)


# A keyword chooses the result's dtype, but which one is unknown (`dtype=self.dtype`).
UNKNOWN_DTYPE: Final = "?"


def result_dtype(
    op: K.OpFacts | None, inputs: list[Input], explicit: str | None, *, joined: bool = False
) -> DType:
    if explicit is not None:
        return None if explicit == UNKNOWN_DTYPE else frozenset({explicit})
    if op is None:
        return None
    rule = op.dtype_rule
    # The first tensor argument as written: an unknown first argument leaves the dtype unknown.
    lead = next((i for i in inputs if i.positional), None)
    first = lead.tensor if lead is not None else None
    if rule == "fixed" and op.fixed_dtype:
        return frozenset({op.fixed_dtype})
    if rule == "bool":
        return BOOL
    if rule == "int64":
        return frozenset({"int64"})
    if rule in ("same", "float_only"):
        return None if first is None else first.dtype
    if rule == "weight":
        tensors = [i for i in inputs if i.positional]
        second = tensors[1].tensor if len(tensors) > 1 else None
        return None if second is None else second.dtype
    if rule == "promote":
        return promote(inputs, joined=joined)
    if rule == "int_to_float":
        d = promote(inputs)
        if d is None:
            return None
        return frozenset(K.DEFAULT_FLOAT if _category(x) in ("int", "bool") else x for x in d)
    if rule == "int_to_int64":
        if first is None or first.dtype is None:
            return None
        return frozenset("int64" if _category(x) in ("int", "bool") else x for x in first.dtype)
    return None


def _category(dtype: str) -> str:
    try:
        return K.dtype_category(dtype)
    except KeyError:
        return "other"


def can_require_grad(dtype: DType) -> Tri:
    if dtype is None:
        return Tri.MAYBE
    cats = {_category(d) for d in dtype}
    if cats <= {"float", "complex"}:
        return Tri.YES
    if not cats & {"float", "complex"}:
        return Tri.NO
    return Tri.MAYBE


# =========================================================================== results
# How a factory's result is explained (`torch.zeros(3)`): the plainest reason there is.
CREATED_WITHOUT_GRAD: Final = "creates a tensor that does not require grad"


def result_rg(
    ip: Interpreter,
    op_name: str,
    op: K.OpFacts | None,
    inputs: list[Input],
    dtype: DType,
    state: State,
    node: ast.AST,
) -> tuple[Tri, Why | None]:
    mode = state.grad.records
    if mode is Tri.NO and state.grad is GradMode.DISABLED and ip.grad_left_off is not None:
        return Tri.NO, ip.grad_left_off
    if mode is Tri.NO:
        label = "torch.inference_mode()" if state.grad.name == "INFERENCE" else "torch.no_grad()"
        return Tri.NO, ip.why(node, f"computed under `{label}`")
    if op is not None and not op.differentiable:
        return Tri.NO, ip.why(node, f"`{short(op_name)}` is not differentiable")
    if can_require_grad(dtype) is Tri.NO:
        return Tri.NO, ip.why(
            node, f"the result is {' or '.join(sorted(dtype or ()))}, which cannot require grad"
        )
    tensors = [i for i in inputs if i.tensor is not None]
    yes = next((i for i in tensors if i.tensor is not None and i.tensor.rg is Tri.YES), None)
    if yes is not None and yes.tensor is not None:
        rg = Tri.YES if mode is Tri.YES else Tri.MAYBE
        return rg, ip.why(
            node,
            lambda: (
                f"computed from `{yes.text}`, which requires grad"
                if yes.text
                else "computed from a tensor that requires grad"
            ),
        )
    unknown_operand = any(i.tensor is None and not isinstance(i.value, Const) for i in inputs)
    if (
        tensors
        and all(i.tensor is not None and i.tensor.rg is Tri.NO for i in tensors)
        and not unknown_operand
    ):
        first = tensors[0]
        assert first.tensor is not None
        # Keep pointing at the original cut (`.detach()`, `no_grad`, a factory) rather than this op.
        # A frozen parameter explains it better than the data does, and any cut better than a
        # factory (`y @ alpha` with `alpha` made under no_grad: the no_grad is the story).
        ordered = sorted(
            tensors,
            key=lambda i: (
                i.tensor is None or i.tensor.param_of is None,
                i.tensor is None
                or i.tensor.why_rg is None
                or i.tensor.why_rg.says(CREATED_WITHOUT_GRAD),
            ),
        )
        cut = next(
            (
                i.tensor.why_rg
                for i in ordered
                if i.tensor is not None and i.tensor.why_rg is not None
            ),
            None,
        )
        if cut is not None:
            return Tri.NO, cut
        return Tri.NO, ip.why(
            node, lambda: f"none of its inputs requires grad (`{first.text}` does not)"
        )
    return Tri.MAYBE, None


def apply_op(
    ip: Interpreter,
    op_name: str,
    op: K.OpFacts | None,
    inputs: list[Input],
    node: ast.AST,
    state: State,
    *,
    explicit_dtype: str | None = None,
    base: Tensor | None = None,
    reads: bool = True,
) -> TRef:
    """Allocate the result of a (non in-place) op and record what it saves. `reads=False`:
    the op takes a view and reads no values (`t[0]` of uninitialised memory)."""
    reads = reads and not (op is not None and op.view and not op.may_copy)  # `buf.view(-1)`
    for inp in inputs:
        if (
            reads
            and inp.tensor is not None
            and inp.tensor.uninit is not None
            and inp.ref is not None
        ):
            read_uninitialised(ip, inp, node, state)
    dtype = result_dtype(op, inputs, explicit_dtype, joined=short(op_name) in _JOINS)
    rg, why_rg = result_rg(ip, op_name, op, inputs, dtype, state, node)
    oid = ip.graph.alloc(id(node), ip.frame.context)
    tensors = [i for i in inputs if i.tensor is not None]
    node_id: int | None = None
    origin = ip.why_code(node, "{}")
    saves = False
    saved_positions: frozenset[int] = frozenset()
    result_saved = False
    if rg is not Tri.NO:
        if op is not None and rg is Tri.YES and state.grad.records is Tri.YES:
            rg_flags = [
                i.tensor is not None and i.tensor.rg is Tri.YES for i in inputs if i.positional
            ]
            saved_positions, result_saved = op.saved(rg_flags)
            saves = bool(saved_positions) or result_saved
        parents = tuple(
            i.tensor.node for i in tensors if i.tensor is not None and i.tensor.node is not None
        )
        node_id = ip.graph.add(origin, None, saves, parents)
    view_of = None
    # Only a certain view shares the version counter; reshape/contiguous/to may copy.
    if op is not None and op.view and not op.may_copy and tensors and tensors[0].tensor is not None:
        view_of = tensors[0].tensor.root
    first = tensors[0].tensor if tensors else None
    why_dtype: Why | None = None
    if op is not None and op.view and first is not None and first.dtype == dtype:
        why_dtype = first.why_dtype  # a view (`x.transpose(1, 2)`): its base's dtype and reason
    if why_dtype is None and dtype:
        why_dtype = ip.why_code(node, "`{}` gives " + " or ".join(sorted(dtype)))
    device, why_device = _result_device(tensors)
    if op_name == "Tensor.__getitem__" and first is not None and first.device == "cuda":
        # `table[ids]`: indices on the CPU index a GPU tensor; the rows stay on the GPU
        device, why_device = first.device, first.why_device
    result = Tensor(
        dtype=dtype,
        rg=rg,
        leaf=Tri.NO if rg is Tri.YES else (Tri.YES if rg is Tri.NO else Tri.MAYBE),
        device=device,
        rank=_result_rank(op_name, inputs, node),
        node=node_id,
        root=view_of if view_of is not None else oid,
        why_dtype=why_dtype,
        why_rg=why_rg,
        why_leaf=why_rg if rg is Tri.YES else None,
        why_device=why_device,
        is_view=view_of is not None,
        origin=origin,
        inference=state.grad.name == "INFERENCE",
        via_data=bool(view_of is not None and first is not None and first.via_data),
    )
    result = _tags(ip, op_name, op, inputs, node, result, state)
    carrier = next(
        (i.tensor for i in tensors if i.tensor is not None and i.tensor.from_module is not None),
        None,
    )
    if carrier is not None:
        result = result.evolve(from_module=carrier.from_module, module_why=carrier.module_why)
    if first is not None and first.temporary and rg is Tri.YES:
        # Converting or scaling an unnamed leaf that requires grad: the leaf is lost (TL104).
        if first.leaf is Tri.YES and first.rg is Tri.YES:
            result = result.evolve(lost_leaf=origin, temporary=True)
        elif first.lost_leaf is not None:
            result = result.evolve(lost_leaf=first.lost_leaf, temporary=True)
    if base is not None:
        result = result.evolve(root=base.root)
    if (
        ip.ctx.autocast_depth
        and explicit_dtype is None  # `.to(torch.float32)`, `.float()`: exact under autocast too
        and result.dtype is not None
        and any(K.dtype_category(d) == "float" for d in result.dtype)
    ):
        result = result.evolve(dtype=None, why_dtype=None)  # float16, bfloat16 or float32
    state.heap[oid] = result
    name = short(op_name)
    if name in SP.WATCHED and (ip.zero_diagonals or name in SP.DIFFERENCES):
        SP.note(ip, name, inputs, node, oid, result)
    if result.root == oid and oid in state.saved:
        # New storage at this site (the next iteration's `h = torch.tanh(...)`): what the
        # previous tensor made here had saved belongs to that one.
        del state.saved[oid]
    if node_id is not None and saves:
        why = origin
        text = ip.text(node)
        pos_inputs = [i for i in inputs if i.positional]
        for p in saved_positions:
            if p < len(pos_inputs):
                saved_inp = pos_inputs[p]
                if saved_inp.tensor is not None:
                    record_save(
                        state, saved_inp.tensor.root, SaveRecord(node_id, text, why, saved_inp.text)
                    )
        if result_saved:
            record_save(state, result.root, SaveRecord(node_id, text, why, text))
    if ip.where_guards and tensors:
        _carry_where_guard(ip, name, inputs, oid)
    if name in _CONDITION_OPS:
        _note_condition(ip, name, inputs, oid)
    return TRef(oid)


_NEGATIONS: Final = frozenset({"logical_not", "__invert__", "bitwise_not"})
_CONJUNCTIONS: Final = frozenset({"logical_and", "__and__", "bitwise_and", "__rand__"})
_CONVERSIONS: Final = frozenset({"bool", "float", "double", "half", "to", "type", "int", "long"})
_SUMS: Final = frozenset({"add", "__add__", "__radd__"})
_COMPLEMENTS: Final = frozenset({"__rsub__", "rsub"})  # `1 - m` of a 0/1 mask
_SCALES: Final = frozenset({"mul", "__mul__", "__rmul__"})  # `jitter * torch.eye(n)`
_CONDITION_OPS: Final = _NEGATIONS | _CONJUNCTIONS | _CONVERSIONS | _SUMS | _COMPLEMENTS | _SCALES
_AROUND_IDENTITIES: Final = _SUMS | _SCALES


def condition_key(ip: Interpreter, root: int) -> object:
    """What identifies a mask for the double where (see `torch_semantics._double_where`):
    its tensor (views of it are it), `("not", key)` for a negation, "eye" for any identity
    matrix (`torch.eye(n, dtype=torch.bool)`, `torch.eye(n).bool()`)."""
    if root in ip.identities:
        return "eye"
    alias = ip.mask_aliases.get(root)
    if alias is not None:
        return alias
    negated_of = ip.negations.get(root)
    if isinstance(negated_of, tuple) and negated_of[0] == "not":
        return negated_of[1]  # `1 - (1 - eye)`
    return root if negated_of is None else ("not", negated_of)


def _note_condition(ip: Interpreter, name: str, inputs: list[Input], oid: int) -> None:
    """`~m` and `a & b` of masks, identity matrices converted (`torch.eye(n).bool()`), and
    `d2 + torch.eye(n)`, which is `d2` made 1 or more where the identity is true: the first
    half of a double where on it."""
    if name in _AROUND_IDENTITIES and not ip.identities:
        return  # sums and scalings matter only around identity matrices
    if name in _CONVERSIONS:
        first = inputs[0].tensor if inputs else None
        if first is None:
            return
        if first.root in ip.identities:
            ip.identities.add(oid)
        elif first.dtype == BOOL or first.mask is not None:
            # `m.bool()`, `valid.float()`: the same mask for the double where
            ip.mask_aliases[oid] = condition_key(ip, first.root)
        return
    tensors = [i.tensor for i in inputs if i.tensor is not None]
    if name in _SCALES:
        scale = next((i.scalar for i in inputs if i.tensor is None and i.scalar is not None), None)
        if len(tensors) == 1 and tensors[0].root in ip.identities and scale and scale > 0:
            ip.identities.add(oid)  # a positive multiple of the identity is one
        return
    if name in _SUMS:
        eyes = [condition_key(ip, t.root) == "eye" for t in tensors]
        if len(tensors) == 2 and eyes[0] != eyes[1]:
            ip.where_guards[oid] = ("eye", True)  # `d2 + torch.eye(n)`, `d2 + (1 - off)`
        return
    keys = tuple(condition_key(ip, t.root) for t in tensors)
    if name in _COMPLEMENTS:
        if len(keys) == 1 and any(i.scalar == 1.0 for i in inputs if i.tensor is None):
            ip.negations[oid] = keys[0]
        return
    if name in _NEGATIONS and len(keys) == 1:
        ip.negations[oid] = keys[0]
    elif name in _CONJUNCTIONS and len(keys) == 2:
        ip.conjunctions[oid] = keys
        same_condition(ip, ("and", frozenset(keys)), oid)


def same_condition(ip: Interpreter, form: tuple[object, ...], oid: int) -> None:
    """A condition written again (`fg & (sq > eps)` for the safe input, then for the mask)
    is the mask made the first time: one condition key for both."""
    first = ip.condition_forms.setdefault(form, oid)
    if first != oid:
        ip.mask_aliases[oid] = condition_key(ip, first)


_KEEPS_ZERO_AND_NONZERO: Final = frozenset({"sqrt", "abs", "square"})


def exponent_of(inputs: list[Input]) -> float | None:
    """The number a `pow` raises to: its second positional argument, else its second
    argument (`exponent=` written as a keyword)."""
    positional = [i for i in inputs if i.positional]
    exponent = positional[1].scalar if len(positional) > 1 else None
    if exponent is None and len(inputs) > 1:
        exponent = inputs[1].scalar
    return exponent


def _nonzero(inp: Input) -> bool:
    """A number or a tensor whose values are known not to be 0."""
    if inp.tensor is None:
        return inp.scalar is not None and inp.scalar != 0
    interval = inp.tensor.interval
    return interval is not None and interval.excludes(0.0)


def _carry_where_guard(ip: Interpreter, name: str, inputs: list[Input], oid: int) -> None:
    """`r = torch.sqrt(torch.where(m, d2, 1))`: r is the first half of a double where too.
    An op that maps 0 to 0 and a non-zero value to a non-zero one keeps the safe value
    safe for a division or a log further on (`SIGMA / r`, masked by `m` again)."""
    positional = [i for i in inputs if i.positional]
    if name in ("div", "__truediv__", "true_divide") and len(positional) > 1:
        divisor = positional[1].tensor
        guard = ip.where_guards.get(divisor.root) if divisor is not None else None
        if guard is not None and _nonzero(positional[0]):
            # `torch.log(num / den_safe)` masked by the condition that made `den_safe`
            # safe, `num` known not to be 0: where the mask discards, the log sees
            # `num / safe`, away from its singular point (`tp / support_safe` may be 0/1)
            ip.where_guards[oid] = guard
            return
    first = positional[0] if positional else None
    if first is None or first.tensor is None:
        return
    guard = ip.where_guards.get(first.tensor.root)
    if guard is None:
        return
    if name in ("add", "__add__", "__radd__"):
        # `d2 + eye + eps`: what was made at least 1 stays away from 0
        scale = next((i.scalar for i in inputs if i.tensor is None and i.scalar is not None), None)
        if scale is not None and scale >= 0:
            ip.where_guards[oid] = guard
        return
    if name in ("pow", "__pow__"):
        exponent = exponent_of(inputs)
        if exponent is None or exponent <= 0:
            return
    elif name not in _KEEPS_ZERO_AND_NONZERO:
        return
    ip.where_guards[oid] = guard


def read_uninitialised(ip: Interpreter, inp: Input, node: ast.AST, state: State) -> None:
    from torchlint.analysis.events import LegacyUse

    assert inp.tensor is not None and inp.ref is not None and inp.tensor.uninit is not None
    if ip.wants(LegacyUse):
        ip.emit(LegacyUse(node, ip.stmt, "uninitialized_read", "", (), {}, inp.tensor.uninit))
    # Report once: from here on the garbage is just data.
    state.heap[inp.ref.oid] = inp.tensor.evolve(uninit=None)


def record_save(state: State, root: int, rec: SaveRecord) -> None:
    prior = state.saved.get(root, ())
    if rec not in prior:
        state.saved[root] = (*prior[-7:], rec)


def _result_device(tensors: list[Input]) -> tuple[str | None, Why | None]:
    devices = {i.tensor.device for i in tensors if i.tensor is not None and i.tensor.rank != 0}
    if len(devices) == 1:
        (d,) = devices
        src = next(i.tensor for i in tensors if i.tensor is not None and i.tensor.device == d)
        return d, src.why_device
    return None, None


_JOINS: Final = frozenset({"cat", "concat", "concatenate", "stack", "hstack", "vstack"})


def _flattened(op_name: str, rank: int, node: ast.Call) -> int | None:
    """`x.flatten(1)`, `torch.flatten(x, 1, -1)`: the dimensions from start_dim to end_dim
    become one (written as numbers; anything else leaves the rank unknown)."""
    given = node.args[1:] if op_name.startswith("torch.") else node.args
    bounds: list[int] = [0, -1]
    for i, (arg, key) in enumerate(((given, "start_dim"), (given, "end_dim"))):
        expr = (
            arg[i] if i < len(arg) else next((k.value for k in node.keywords if k.arg == key), None)
        )
        if expr is None:
            continue
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            expr, sign = expr.operand, -1
        else:
            sign = 1
        if not (isinstance(expr, ast.Constant) and type(expr.value) is int):
            return None
        bounds[i] = sign * expr.value
    if rank == 0:
        return 1
    start, end = (b + rank if b < 0 else b for b in bounds)
    if not 0 <= start <= end < rank:
        return None
    return rank - (end - start)


def _result_rank(op_name: str, inputs: list[Input], node: ast.AST) -> int | None:
    name = short(op_name)
    if isinstance(node, ast.Call) and any(
        k.arg == "return_indices" and not (isinstance(k.value, ast.Constant) and not k.value.value)
        for k in node.keywords
    ):
        return None  # `max_pool2d(x, 2, return_indices=True)`: a pair, not a tensor of a rank
    ranks = [i.tensor.rank for i in inputs if i.tensor is not None]
    if (
        name in _SHAPE_GIVEN
        and inputs
        and inputs[0].tensor is not None
        and not (isinstance(node, ast.Call) and any(isinstance(a, ast.Starred) for a in node.args))
    ):
        # `x.permute(2, 0, 1)`, `x.view(B, -1)`, `x.reshape((n, 3))`: one dimension per size
        given = shape_rank([i.value for i in inputs[1:]])
        if given is not None:
            return given
    if name == "einsum" and inputs and isinstance(inputs[0].value, Const):
        # `einsum("nc,kc->nk", q, k)`: one dimension per letter of the output
        equation = inputs[0].value.value
        if isinstance(equation, str) and "->" in equation and "." not in equation:
            return len(equation.split("->", 1)[1].strip().replace(" ", ""))
        return None
    if name == "cdist" and len(ranks) == 2 and None not in ranks:
        # (B, P, M) and (B, R, M) give (B, P, R): the batch dimensions broadcast
        return max(r for r in ranks if r is not None)
    if name in ("nonzero", "argwhere") and isinstance(node, ast.Call):
        # one row of indices per nonzero element (`as_tuple=True`: one 1-D tensor per dimension)
        return None if any(k.arg == "as_tuple" for k in node.keywords) else 2
    if name == "flatten" and ranks and ranks[0] is not None and isinstance(node, ast.Call):
        return _flattened(op_name, ranks[0], node)
    if name in ("unsqueeze", "stft") and ranks and ranks[0] is not None:
        return ranks[0] + 1  # stft: (L,) -> (F, T), (B, L) -> (B, F, T)
    if op_name == "Tensor.unfold" and ranks and ranks[0] is not None:
        return ranks[0] + 1  # windows along a new last dimension (F.unfold is im2col)
    if name in _SELF_SHAPED:
        return ranks[0] if ranks else None
    if name in ("cat", "concat", "concatenate", "stack") and ranks and len(set(ranks)) == 1:
        # the joined tensors' rank (one more for stack)
        return None if ranks[0] is None else ranks[0] + (name == "stack")
    if name in ("matmul", "__matmul__", "bmm", "mm") and len(ranks) == 2:
        a, b = ranks
        if a is None or b is None:
            return None
        # 1-D operands lose their dimension; batch dimensions broadcast.
        return max(a, b) if a >= 2 and b >= 2 else (a + b - 2 if a + b > 2 else 0)
    if name in POINTWISE_OPERATORS or name in _UNARY_RANK_KEEPING or name in _POINTWISE_METHODS:
        if ranks and all(r is not None for r in ranks):
            return max(r for r in ranks if r is not None)
        return None
    if name in _REDUCTIONS and isinstance(node, ast.Call):
        has_dim = len(node.args) > (
            0 if isinstance(node.func, ast.Attribute) and _is_method_call(node) else 1
        ) or any(k.arg == "dim" for k in node.keywords)
        if not has_dim:
            return 0
        return _reduced_rank(node, ranks[0] if ranks else None, positional_dim=name != "norm")
    return None


def _reduced_rank(node: ast.Call, rank: int | None, *, positional_dim: bool) -> int | None:
    """`x.mean(0)`, `torch.sum(x, dim=1, keepdim=True)`: one int dimension reduced
    (`x.norm(2)` takes p first: only its `dim=` counts)."""
    if rank is None:
        return None
    dim = dim_argument(node, method=_is_method_call(node), positional_dim=positional_dim)
    if isinstance(dim, ast.UnaryOp) and isinstance(dim.op, ast.USub):
        dim = dim.operand  # `x.mean(-1)`
    if not (isinstance(dim, ast.Constant) and type(dim.value) is int):
        return None
    keep = next((k.value for k in node.keywords if k.arg == "keepdim"), None)
    if keep is None or (isinstance(keep, ast.Constant) and keep.value is False):
        return rank - 1 if rank > 0 else None
    if isinstance(keep, ast.Constant) and keep.value is True:
        return rank
    return None


def dim_argument(node: ast.Call, *, method: bool, positional_dim: bool = True) -> ast.expr | None:
    """The one `dim` a reduction is given, by position (after the tensor, for the function
    form) or as `dim=`; None when there is none or more than one."""
    positional = node.args[0 if method else 1 :]
    if positional and not positional_dim:
        return None
    keyword = [k.value for k in node.keywords if k.arg == "dim"]
    dims = [*positional, *keyword]
    return dims[0] if len(dims) == 1 else None


def _is_method_call(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Attribute)


_SHAPE_GIVEN: Final = frozenset({"permute", "view", "reshape", "expand"})
# `x.div(255)`, `torch.mul(a, b)`: elementwise, the broadcast rank of the tensor operands
_POINTWISE_METHODS: Final = frozenset(
    {"add", "sub", "mul", "div", "true_divide", "maximum", "minimum"}
)


# The result has the first tensor's rank whatever the others' (a mask broadcasts to it;
# resampling and padding change sizes, not the number of dimensions).
_SELF_SHAPED: Final = frozenset(
    {
        # transposes and copies: the same dimensions in another order, or the same
        "t",
        "T",
        "mT",
        "H",
        "mH",
        "adjoint",
        "movedim",
        "moveaxis",
        "swapaxes",
        "swapdims",
        "contiguous",
        "clone",
        "conj",
        "real",
        "imag",
        "masked_fill",
        "tril",
        "triu",
        "transpose",
        "permute",
        "flip",
        "roll",
        "cumsum",
        "cumprod",
        "type_as",
        "interpolate",
        "upsample",
        "pad",
        # pooling, convolution and pixel shuffles keep (C, H, W) and (N, C, H, W) as they are
        "avg_pool1d",
        "avg_pool2d",
        "avg_pool3d",
        "max_pool1d",
        "max_pool2d",
        "max_pool3d",
        "adaptive_avg_pool1d",
        "adaptive_avg_pool2d",
        "adaptive_avg_pool3d",
        "adaptive_max_pool1d",
        "adaptive_max_pool2d",
        "adaptive_max_pool3d",
        "lp_pool1d",
        "lp_pool2d",
        "conv1d",
        "conv2d",
        "conv3d",
        "pixel_shuffle",
        "pixel_unshuffle",
        "grid_sample",  # (N, C, H_out, W_out) from (N, C, H, W)
        # pieces along a dimension (the one tensor standing for each of them)
        "split",
        "chunk",
        "tensor_split",
        "hsplit",
        "vsplit",
        "dsplit",
    }
)
_IMAGE_2D: Final = frozenset(
    {
        "avg_pool2d",
        "max_pool2d",
        "adaptive_avg_pool2d",
        "adaptive_max_pool2d",
        "lp_pool2d",
        "conv2d",
        "pixel_shuffle",
        "pixel_unshuffle",
    }
)


def keeps_rank(functional: str | None) -> bool:
    """A module whose functional (`nn.functional.relu`) gives its input's rank."""
    name = (functional or "").rsplit(".", 1)[-1]
    return name in _SELF_SHAPED or name in _UNARY_RANK_KEEPING or name in POINTWISE_OPERATORS


_UNARY_RANK_KEEPING: Final = frozenset(
    {
        "sigmoid",
        "tanh",
        "relu",
        "exp",
        "log",
        "sqrt",
        "rsqrt",
        "abs",
        "neg",
        "clamp",
        "clamp_min",
        "clamp_max",
        "float",
        "double",
        "half",
        "long",
        "int",
        "bool",
        "to",
        "clone",
        "detach",
        "contiguous",
        "softmax",
        "log_softmax",
        "gelu",
        "silu",
        "sin",
        "cos",
        "square",
        "pow",
        "reciprocal",
        "log1p",
        "expm1",
        "floor",
        "ceil",
        "round",
        "sign",
        "erf",
        "where",
        "nan_to_num",
        "dropout",
        "leaky_relu",
        "elu",
        "softplus",
    }
)


# =========================================================================== tags
# Ops that rearrange or repeat values without changing them (a softmax stays a softmax:
# `probs.expand(batch, -1)`, `probs.repeat_interleave(k, dim=0)` are still probabilities).
_RESHAPES: Final = frozenset(
    {
        "view",
        "reshape",
        "flatten",
        "unflatten",
        "contiguous",
        "permute",
        "transpose",
        "swapaxes",
        "movedim",
        "squeeze",
        "unsqueeze",
        "t",
        "expand",
        "expand_as",
        "repeat",
        "repeat_interleave",
        "tile",
        "clone",
    }
)


def _tags(
    ip: Interpreter,
    op_name: str,
    op: K.OpFacts | None,
    inputs: list[Input],
    node: ast.AST,
    t: Tensor,
    state: State,
) -> Tensor:
    name = short(op_name)
    tensors = [i for i in inputs if i.tensor is not None]
    first = tensors[0] if tensors else None
    ft = first.tensor if first is not None else None
    # Softmax results, for softmax-before-cross-entropy.
    if name in ("softmax", "log_softmax"):
        t = t.evolve(softmax=ip.why_code(node, "{}"), softmax_kind=name)
    elif name in ("log", "log2", "log10") and ft is not None and ft.softmax_kind == "softmax":
        t = t.evolve(softmax=ip.why_code(node, "{}"), softmax_kind="log_softmax")
    elif (name in _RESHAPES or name == "__getitem__") and ft is not None and ft.softmax is not None:
        # `probs.view(-1, C)`, `probs[mask]` before the loss: still probabilities
        t = t.evolve(softmax=ft.softmax, softmax_kind=ft.softmax_kind)
    elif (
        name in ("stack", "cat", "concat")
        and ft is not None
        and ft.softmax is not None
        and all(i.tensor is not None and i.tensor.softmax_kind == ft.softmax_kind for i in tensors)
    ):
        # the per-step log-probabilities of a decoder, stacked: still log-probabilities
        t = t.evolve(softmax=ft.softmax, softmax_kind=ft.softmax_kind)
    # Masks survive dtype conversions and negation.
    if ft is not None and ft.mask is not None:
        if name in (
            "float",
            "double",
            "half",
            "to",
            "type",
            "long",
            "int",
            "bool",
            "byte",
            "detach",
            "clone",
        ):
            t = t.evolve(
                mask=Mask(
                    ft.mask.root,
                    ft.mask.op,
                    ft.mask.value,
                    ft.mask.text,
                    ft.mask.negated,
                    ft.mask.as_float or name != "bool",
                )
            )
        elif name in ("logical_not", "__invert__", "bitwise_not"):
            t = t.evolve(mask=_negate(ft.mask))
    elif (
        ft is not None
        and first is not None
        and ft.dtype == BOOL
        and name in ("float", "double", "half", "to", "type")
        and t.dtype is not None
        and all(K.dtype_category(d) == "float" for d in t.dtype)
    ):
        # `valid.float()`: a boolean tensor of unknown origin as 0/1 weights, a mask of its own
        # (true where it is nonzero); multiplying by it discards positions as a comparison's would.
        t = t.evolve(mask=Mask(ft.root, "!=", 0.0, first.text, False, True))
    if (
        name in ("__rsub__", "rsub")
        and ft is not None
        and ft.mask is not None
        and len(inputs) > 1
        and inputs[1].scalar == 1.0
    ):
        t = t.evolve(mask=_negate(ft.mask))
    # Singular gradients: the op's own, or one carried through a transparent op.
    singular = _singular(ip, op_name, op, inputs, node)
    if singular is None and name in PASS_SINGULAR:
        carried = [
            i.tensor.singular
            for i in (tensors[:1] if name in ("div", "__truediv__", "true_divide") else tensors)
            if i.tensor is not None and i.tensor.singular is not None
        ]
        # `p * torch.log(p)`: the op written in this expression is the one a mask around it is
        # about, rather than whatever made `p` earlier.
        line = getattr(node, "lineno", 0)
        singular = next((s for s in carried if s.line == line), carried[0] if carried else None)
    if singular is not None:
        t = t.evolve(singular=singular)
    interval = _interval(name, op_name, inputs, node)
    if interval is not None:
        t = t.evolve(interval=interval)
    if name in ("mul", "__mul__", "__rmul__") and ft is not None and ft.mask is not None:
        scale = next((i.scalar for i in inputs if i.tensor is None and i.scalar is not None), None)
        if scale is not None and scale > 0 and ft.mask.as_float:
            t = t.evolve(mask=ft.mask)  # `(d == 0).float() * eps`: still 0 off the mask
    if name in ("add", "__add__", "__radd__") and len(tensors) == 2:
        t = _eps_where_zero(t, tensors)
    if (
        t.rank in (2, 3, 4)
        and (name in POINTWISE_OPERATORS or name in _UNARY_RANK_KEEPING or name in ("flip", "roll"))
        and any(
            i.tensor is not None and i.tensor.image and i.tensor.rank == t.rank for i in tensors
        )
    ):
        # `read_image(p) / 255.0` is still one (C, H, W) image; `sigmoid(decoded)` a batch
        t = t.evolve(image=True)
    if (
        t.rank == 3
        and name == "unsqueeze"
        and tensors
        and tensors[0].tensor is not None
        and tensors[0].tensor.image
        and tensors[0].tensor.rank == 2
        and len(inputs) > 1
        and inputs[1].scalar == 0
    ):
        t = t.evolve(image=True)  # an (H, W) plane made a one-channel (1, H, W) image
    if t.rank == 3 and name == "permute" and _hwc_to_chw(node):
        t = t.evolve(image=True)  # `torch.from_numpy(hwc).permute(2, 0, 1)`: one (C, H, W) image
    source = tensors[0].tensor if tensors else None
    if t.rank == 4 and name in _IMAGE_2D and source is not None and source.rank == 4:
        t = t.evolve(image=True)  # a 2-d convolution or pooling gives (N, C, H, W) maps
    if t.rank == 3 and name in _IMAGE_2D and source is not None and source.rank == 3:
        # a 2-d pooling or convolution reads 3-D input as (C, H, W); a (1, k) window pools
        # only the last axis of a (B, C, T) signal
        window = inputs[1].value if len(inputs) > 1 and "pool" in name else None
        if window is None or (isinstance(window, Const) and type(window.value) is int):
            t = t.evolve(image=True)
    return t


def _hwc_to_chw(node: ast.AST) -> bool:
    """`.permute(2, 0, 1)` (or `torch.permute(x, (2, 0, 1))`): channels last to first."""
    if not isinstance(node, ast.Call):
        return False
    args = (
        node.args[-1].elts
        if len(node.args) in (1, 2) and isinstance(node.args[-1], ast.Tuple)
        else node.args
    )
    return [a.value if isinstance(a, ast.Constant) else None for a in args] == [2, 0, 1]


def _eps_where_zero(t: Tensor, tensors: list[Input]) -> Tensor:
    """`d2 + (d2 == 0).float() * eps` with `d2 >= 0`: positive everywhere (the batch-hard
    triplet loss's safe square root)."""
    for x, m in ((tensors[0], tensors[1]), (tensors[1], tensors[0])):
        xt, mt = x.tensor, m.tensor
        if xt is None or mt is None or mt.mask is None or xt.interval is None:
            continue
        mask = mt.mask
        nonneg = xt.interval.lo is not None and xt.interval.lo >= 0
        if (
            nonneg
            and mask.root == xt.root
            and mask.op == "=="
            and mask.value == 0.0
            and not mask.negated
            and mask.as_float
            and (mt.interval is None or mt.interval.lo is None or mt.interval.lo >= 0)
        ):
            return t.evolve(interval=Interval(0.0, xt.interval.hi, lo_open=True))
    return t


def _negate(m: Mask) -> Mask:
    return Mask(m.root, m.op, m.value, m.text, not m.negated, m.as_float)


def _singular(
    ip: Interpreter, op_name: str, op: K.OpFacts | None, inputs: list[Input], node: ast.AST
) -> SingularOp | None:
    if op is None or not op.singular:
        return None
    name = short(op_name)
    positional = [i for i in inputs if i.positional]
    if name == "__rpow__" and any(
        i.tensor is None and i.scalar is not None and i.scalar > 0 for i in inputs
    ):
        return None  # `2 ** rel`: the slope is 2 ** rel * ln 2, finite everywhere
    for s in op.singular:
        if not s.forward_finite and name not in (
            "div",
            "__truediv__",
            "__rtruediv__",
            "true_divide",
            "reciprocal",
            "log",
            "log2",
            "log10",
            "rsqrt",
            "__rpow__",
            "pow",
        ):
            continue
        if s.input >= len(positional):
            continue
        inp = positional[s.input]
        if inp.tensor is None:
            continue
        if (
            s.wrt < len(positional)
            and positional[s.wrt].tensor is None
            and positional[s.wrt].scalar is not None
        ):
            continue  # the gradient w.r.t. a Python number never exists
        if (
            s.wrt < len(positional)
            and (w := positional[s.wrt].tensor) is not None
            and w.rg is Tri.NO
        ):
            continue  # nor w.r.t. data that does not require grad (`torch.log(counts)`)
        if inp.tensor.rank == 0 and s.wrt != s.input:
            # `scores / torch.sqrt(torch.tensor(d_k))`: a scalar divisor is 0 everywhere or
            # nowhere, so no mask can pick out the positions where it is
            continue
        forward_finite = s.forward_finite
        if name in ("pow", "__pow__", "float_power"):
            exponent = exponent_of(inputs)
            # x ** 0.5 has an infinite slope at 0; x ** -0.5 (like 1 / x) is infinite there
            if exponent is None or not (0.0 < exponent < 1.0 or exponent < 0.0):
                continue
            # (the table probed one exponent: the sign of this one decides the forward)
            forward_finite = exponent > 0.0
        interval = inp.tensor.interval
        if interval is not None and all(interval.excludes(p) for p in s.points):
            continue
        text = ip.text(node)
        span = ip.src.span(node)
        in_span = ip.src.span(inp.node) if inp.node is not None else span
        label = (
            "division"
            if name in ("div", "__truediv__", "__rtruediv__", "true_divide")
            else name.strip("_")
        )
        return SingularOp(
            op=label,
            line=span.start.row,
            text=text,
            input_root=inp.tensor.root,
            input_text=inp.text,
            points=s.points,
            col=span.start.col,
            end_line=span.end.row,
            end_col=span.end.col,
            input_col=in_span.start.col,
            input_end_col=in_span.end.col,
            input_line=in_span.start.row,
            forward_finite=forward_finite,
        )
    return None


def _interval(name: str, op_name: str, inputs: list[Input], node: ast.AST) -> Interval | None:
    tensors = [i for i in inputs if i.tensor is not None]
    first = tensors[0].tensor if tensors else None
    fi = first.interval if first is not None else None
    if name in _KEEPS_VALUES and fi is not None:
        return fi  # `softplus(h).squeeze(1) + 0.1`: the same values, laid out anew
    if name in ("exp", "softplus"):
        return POSITIVE  # softplus(x) = log(1 + e^x) > 0 everywhere
    if (
        name == "to"
        and fi is not None
        and not any(
            isinstance(i.value, TorchName) and i.value.qualname.endswith(("16", "half"))
            for i in inputs[1:]
        )
    ):
        # `sq.to(torch.float64)`, `.to(device)`: the same values (not narrowed to 16 bits)
        return fi
    if (
        name in ("reciprocal", "rsqrt")
        or (name in ("pow", "__pow__") and len(inputs) > 1 and (inputs[1].scalar or 0.0) < 0)
    ) and (fi is not None and fi.lo is not None and fi.lo >= 0 and fi.excludes(0.0)):
        return POSITIVE  # `reciprocal(1 + d2)`, `(1 + d2) ** -1`: positive where the base is
    if name == "cosh":
        return Interval(1.0, None)  # `log(cosh(err))`: at least 1
    if (
        name in ("float", "double", "half", "to", "type_as")
        and first is not None
        and first.dtype == BOOL
    ):
        return Interval(0.0, 1.0)  # `valid.float()`: 0 or 1
    if name == "masked_fill" and fi is not None and fi.lo is not None and len(inputs) > 2:
        fill = inputs[2].scalar
        if fill is not None:
            return Interval(min(fi.lo, fill), None)  # `sq.masked_fill(~valid, 0)`: still >= 0
    if name == "where" and len(inputs) == 3:
        parts = [
            i.tensor.interval
            if i.tensor is not None
            else (Interval(i.scalar, i.scalar) if i.scalar is not None else None)
            for i in inputs[1:]
        ]
        a, b = parts
        if a is not None and b is not None:
            return a.join(b)  # `where(valid, x.pow(2), 0.0)`: one side or the other
    if name == "elu" and isinstance(node, ast.Call) and len(node.args) <= 1 and not node.keywords:
        return Interval(-1.0, None, lo_open=True)  # alpha 1: above -1 (`elu(x) + 1` > 0)
    if (
        name in ("__truediv__", "div", "true_divide")
        and fi is not None
        and fi.lo is not None
        and fi.lo >= 0
        and len(inputs) > 1
    ):
        # a non-negative value divided by something positive: a number (the bounds scale),
        # a count the analysis cannot read (`/ x.size(-1)`; 0 only where the value is), or a
        # tensor known positive (`/ valid.sum().clamp_min(1)`)
        divisor, c = inputs[1].tensor, inputs[1].scalar
        if divisor is None and c is not None and c > 0:
            return fi.scale(1.0 / c)
        if (divisor is None and c is None) or (
            divisor is not None
            and divisor.interval is not None
            and divisor.interval.lo is not None
            and divisor.interval.lo > 0
        ):
            return POSITIVE if fi.excludes(0.0) else NONNEG
    if (
        name in ("__truediv__", "div", "true_divide")
        and fi is not None
        and fi.excludes(0.0)
        and len(inputs) > 1
        and inputs[1].tensor is not None
    ):
        # a value never 0 divided by a tensor (finite) is never 0: the log of
        # `p.masked_fill(p <= 0, 1.0) / q` is safe whatever q is
        return Interval(None, None, hole=0.0)
    if (
        name == "__rtruediv__"
        and fi is not None
        and fi.lo is not None
        and fi.lo >= 0
        and fi.excludes(0.0)
        and len(inputs) > 1
        and (c := inputs[1].scalar) is not None
        and c > 0
    ):
        return POSITIVE  # `1.0 / (1.0 + d2)`: a Student-t kernel, in (0, 1]
    if name in ("sigmoid", "softmax"):
        return Interval(0.0, 1.0)
    if name in ("sqrt", "rsqrt") and fi is not None and fi.excludes(0.0) and fi.lo is not None:
        return POSITIVE  # sqrt(var + eps): a denominator that cannot be 0
    if name in (
        "abs",
        "relu",
        "square",
        "norm",
        "vector_norm",
        "sqrt",
        "__abs__",
        "relu6",
        "var",
        "std",
    ):
        return NONNEG
    if name in ("pow", "__pow__") and len(inputs) > 1 and inputs[1].scalar is not None:
        e = inputs[1].scalar
        if e is not None and e > 0 and fi is not None and fi.lo is not None and fi.lo >= 0:
            # increasing on [0, inf): `x.clamp_min(1.0) ** 2` stays >= 1
            try:
                hi = fi.hi**e if fi.hi is not None else None
                return Interval(fi.lo**e, hi, fi.lo_open, fi.hi_open)
            except OverflowError:
                return POSITIVE if fi.lo > 0 else NONNEG
        if e is not None and e == int(e) and int(e) % 2 == 0 and e > 0:
            return NONNEG
    if (
        name in ("clamp", "clamp_", "clip", "clamp_min")
        and isinstance(node, ast.Call)
        and _unknown_min(name, node, inputs)
    ):
        # `clamp(min=self.eps)`: a lower bound we cannot read is still a guard away from zero.
        return POSITIVE
    if name in ("clamp", "clamp_", "clip", "clamp_min", "clamp_max") and isinstance(node, ast.Call):
        lo, hi = clamp_bounds(name, node, inputs)
        if lo is not None or hi is not None:
            base = Interval(lo, hi)
            return base if fi is None else fi.meet(base)
    if name in ("__add__", "__radd__", "add") and fi is not None:
        c = next((i.scalar for i in inputs if i.scalar is not None), None)
        if c is not None:
            return fi.shift(c)
        if (
            fi.lo is not None
            and fi.lo >= 0
            and any(i.tensor is None and not isinstance(i.value, Const) for i in inputs[1:])
        ):
            # `variance + self.eps`: a non-negative value plus an epsilon we cannot read.
            return POSITIVE
    if (
        name in ("__sub__", "sub")
        and fi is not None
        and len(inputs) > 1
        and inputs[1].scalar is not None
    ):
        c2 = inputs[1].scalar
        return fi.shift(-c2) if c2 is not None else None
    if name == "__rsub__" and fi is not None and len(inputs) > 1 and inputs[1].scalar is not None:
        # `1 - p`: the bounds of p mirrored and shifted.
        flipped = fi.scale(-1.0)
        return flipped.shift(inputs[1].scalar) if flipped is not None else None
    if name in ("__mul__", "__rmul__", "mul") and fi is not None:
        c = next((i.scalar for i in inputs if i.scalar is not None), None)
        if c is not None:
            return fi.scale(c)
    if (
        name in ("sum", "mean", "cumsum", "nansum")
        and fi is not None
        and fi.lo is not None
        and fi.lo >= 0
    ):
        # a sum of positive values is positive (`x.exp().sum(-1)` under a log-sum-exp)
        return POSITIVE if fi.excludes(0.0) else NONNEG
    if name in ("__mul__", "__rmul__", "mul") and len(tensors) == 2:
        bounds = [t.tensor.interval if t.tensor is not None else None for t in tensors]
        flags = [t.tensor is not None and t.tensor.dtype == BOOL for t in tensors]
        if all(
            flag or (b is not None and b.lo is not None and b.lo >= 0)
            for b, flag in zip(bounds, flags, strict=True)
        ):
            return NONNEG  # `x.pow(2) * valid`: squares kept or zeroed by a mask
    if name in ("__add__", "add") and len(tensors) == 2:
        a, b = (t.tensor.interval if t.tensor else None for t in tensors)
        if a is not None and b is not None and a.lo is not None and b.lo is not None:
            return Interval(a.lo + b.lo, None, a.lo_open or b.lo_open)
    if name in ("log", "log2", "log10") and fi is not None and fi.lo is not None and fi.lo >= 1:
        # `log2(arange(n) + 2)`: a DCG discount, at least 1
        return POSITIVE if fi.lo > 1 else NONNEG
    if (
        name in ("__mul__", "mul")
        and len(tensors) == 2
        and all(t.tensor is not None for t in tensors)
        and tensors[0].tensor is not None
        and tensors[1].tensor is not None
        and tensors[0].tensor.root == tensors[1].tensor.root
        and tensors[0].ref == tensors[1].ref
    ):
        return NONNEG  # `b * b`: a square
    if name in ("maximum", "fmax", "max") and len(tensors) == 2:
        # `torch.maximum(sq, torch.tensor(eps))`: at least the larger lower bound
        lows = [
            t.tensor.interval.lo
            for t in tensors
            if t.tensor is not None
            and t.tensor.interval is not None
            and t.tensor.interval.lo is not None
        ]
        if any(lo > 0 for lo in lows if lo is not None):
            return POSITIVE
    return None


# Ops whose result holds some or all of its input's values, moved: their bounds hold.
_KEEPS_VALUES: Final = frozenset(
    {
        "squeeze",
        "unsqueeze",
        "view",
        "view_as",
        "reshape",
        "reshape_as",
        "flatten",
        "unflatten",
        "permute",
        "transpose",
        "t",
        "movedim",
        "contiguous",
        "clone",
        "detach",
        "expand",
        "expand_as",
        "repeat",
        "narrow",
        "flip",
        "roll",
        "__getitem__",
        "index_select",
        "gather",
        "masked_select",
        "amax",
        "amin",
        # conversions to a wide float type and moves between devices
        "double",
        "float",
        "cpu",
        "cuda",
    }
)


def _unknown_min(name: str, node: ast.Call, inputs: list[Input]) -> bool:
    """A `min` bound is given but is not a number we can read."""
    for kw in node.keywords:
        if kw.arg == "min":
            return not isinstance(kw.value, ast.Constant | ast.UnaryOp)
    position = 1
    return (
        len(inputs) > position
        and inputs[position].tensor is None
        and inputs[position].scalar is None
        and not isinstance(inputs[position].value, Const)
    )


def clamp_bounds(
    name: str, node: ast.Call, inputs: list[Input]
) -> tuple[float | None, float | None]:
    method = isinstance(node.func, ast.Attribute) and (
        len(inputs) == 0 or inputs[0].node is node.func.value
    )
    pos = [i.scalar for i in inputs[1:]]
    lo = hi = None
    if name == "clamp_min":
        lo = pos[0] if pos else None
    elif name == "clamp_max":
        hi = pos[0] if pos else None
    else:
        lo = pos[0] if len(pos) > 0 else None
        hi = pos[1] if len(pos) > 1 else None
    for kw in node.keywords:
        if (
            kw.arg == "min"
            and isinstance(kw.value, ast.Constant)
            and isinstance(kw.value.value, int | float)
        ):
            lo = float(kw.value.value)
        elif (
            kw.arg == "max"
            and isinstance(kw.value, ast.Constant)
            and isinstance(kw.value.value, int | float)
        ):
            hi = float(kw.value.value)
        elif (
            kw.arg in ("min", "max")
            and isinstance(kw.value, ast.UnaryOp)
            and isinstance(kw.value.op, ast.USub)
            and isinstance(kw.value.operand, ast.Constant)
            and isinstance(kw.value.operand.value, int | float)
        ):
            v = -float(kw.value.operand.value)
            lo, hi = (v, hi) if kw.arg == "min" else (lo, v)
    del method
    return lo, hi


def is_integral(d: DType) -> bool:
    return d is not None and bool(d) and d <= (INTEGRAL | BOOL)


def is_floating(d: DType) -> bool:
    return d is not None and bool(d) and d <= FLOATING
