"""Abstract values held by names, and the heap objects they point to.

Names hold `Value`s. Tensors, modules, optimizers and user-class instances live on the
heap (`State.heap`) so that every alias sees an in-place change, `model.eval()` or
`w.requires_grad_()` made through any other alias.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard, TypeVar

from torchlint.analysis.facts import DType, GradMode, Tri, Why, join_dtype
from torchlint.analysis.slots import fast_init, make_copier
from torchlint.analysis.source import SourceInfo

_T = TypeVar("_T")


class Value:
    """Base of every abstract value. `UNKNOWN` is the top."""

    __slots__ = ()


@fast_init
@dataclass(frozen=True, slots=True)
class Unknown(Value):
    pass


UNKNOWN: Final = Unknown()


@fast_init
@dataclass(frozen=True, slots=True)
class TRef(Value):
    """A tensor, by heap id."""

    oid: int


@fast_init
@dataclass(frozen=True, slots=True)
class ObjRef(Value):
    """A module, optimizer or user-class instance, by heap id."""

    oid: int


@fast_init
@dataclass(frozen=True, slots=True)
class Const(Value):
    value: object  # int, float, bool, str, None, complex


@fast_init
@dataclass(frozen=True, slots=True)
class TorchName(Value):
    """Something reached from an import of torch: a module, function, class or dtype."""

    qualname: str  # "torch", "torch.nn.functional.relu", "torch.float64"


@fast_init
@dataclass(frozen=True, slots=True)
class ExtName(Value):
    """Something from another imported package (numpy, torchvision...)."""

    qualname: str


@fast_init
@dataclass(frozen=True, slots=True)
class Seq(Value):
    items: tuple[Value, ...]
    kind: str = "tuple"  # "tuple" | "list" | "listof" | "listmix" | "namedtuple"
    fields: tuple[str, ...] = ()  # a namedtuple's field names, where known


@fast_init
@dataclass(frozen=True, slots=True)
class Params(Value):
    """`model.parameters()`: the parameters of the module at heap id `module`."""

    module: int | None
    why: Why | None = None
    named: bool = False  # `named_parameters()`: (name, parameter) pairs
    mapping: bool = False  # `dict(model.named_parameters())`: indexed by name


@fast_init
@dataclass(frozen=True, slots=True)
class Modules(Value):
    """`model.modules()`, `model.named_modules()` (pairs), `dict(model.named_modules())`
    (`mapping`: indexed by name): the submodules of the module at heap id `module`."""

    module: int
    named: bool = False
    mapping: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class AnyModule(Value):
    """One of the submodules of the module at heap id `module`, which one unknown."""

    module: int


@fast_init
@dataclass(frozen=True, slots=True)
class Distribution(Value):
    """`Categorical(logits=x)`: a `torch.distributions` object, holding the tensor it made
    from its parameters when it was built (in that grad mode, as torch does)."""

    kind: str  # "Categorical", "Normal"...
    params: TRef | None


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class PartialV(Value):
    """`functools.partial(f, *args, **kwargs)`: a call of it calls `f` with these first."""

    func: Value
    args: tuple[tuple[Any, Value], ...]  # (expression as written, value)
    kwargs: tuple[tuple[str, tuple[Any, Value]], ...]


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class FuncTransformV(Value):
    """`torch.func.vmap(f, in_dims)` or `torch.func.grad(f)`: a call of it runs `f` on the
    arguments (under `vmap`, each mapped tensor as one sample of unknown rank)."""

    func: Value
    kind: str  # "vmap" | "grad"
    in_dims: Value | None  # vmap's `in_dims` as given (None: the default, 0 for every argument)


@fast_init
@dataclass(frozen=True, slots=True)
class PastedSelf(Value):
    """`self` of a method pasted without its class (`def forward(self, x):` at module level,
    a snippet): an `nn.Module` whose layers the analysis cannot see."""


@fast_init
@dataclass(frozen=True, slots=True)
class PastedClass(Value):
    """A model class a snippet instantiates without defining it (`model = Net()`): an
    instance is a `PastedLayer`."""

    name: str


@fast_init
@dataclass(frozen=True, slots=True)
class PastedLayer(Value):
    """`self.q_proj` of a `PastedSelf`: called on tensors, a layer with parameters."""

    name: str


@fast_init
@dataclass(frozen=True, slots=True)
class GradScalerV(Value):
    """`torch.amp.GradScaler()`: `scale(loss)` is the loss (scaled), `step(opt)` steps `opt`."""

    line: int


@fast_init
@dataclass(frozen=True, slots=True)
class Device(Value):
    kind: str  # "cpu" | "cuda" | "meta" | "mps"


@fast_init
@dataclass(frozen=True, slots=True)
class GradContext(Value):
    """`ctx = torch.inference_mode()`: a grad-mode manager kept for a later `with ctx:`."""

    mode: GradMode


@fast_init
@dataclass(frozen=True, slots=True)
class Bound(Value):
    """A method looked up on an object: `model.eval`, `opt.step`, `x.add_`."""

    receiver: Value
    name: str


@fast_init
@dataclass(frozen=True, slots=True)
class FuncV(Value):
    func: FunctionInfo
    bound_self: Value | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class HookHandle(Value):
    """What `m.register_forward_hook(f)` returns: its `remove()` stops `f` running."""

    module: int  # the module's oid
    hook: FuncV


@fast_init
@dataclass(frozen=True, slots=True)
class ClassV(Value):
    cls: ClassInfo


@fast_init
@dataclass(frozen=True, slots=True)
class ModuleNS(Value):
    """A module of the workspace imported with `import models`: its top-level names."""

    name: str
    env: Mapping[str, Value]


@fast_init
@dataclass(frozen=True, slots=True)
class DataIter(Value):
    """An element drawn from iterating an unknown collection (a DataLoader batch, say)."""

    line: int
    device: str | None = None  # of the tensors in it, when known (a DataLoader's: "cpu")
    items: tuple[tuple[str | None, int | None], ...] = ()  # (dtype, rank) of each batch item


@dataclass(eq=False, slots=True)
class FunctionInfo:
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    name: str
    qualname: str  # "Net.forward"
    cls: ClassInfo | None = None
    kind: str = "function"  # function | method | staticmethod | classmethod | property
    grad_decorator: str | None = None  # "no_grad" | "inference_mode" | "enable_grad"
    source: SourceInfo | None = None  # the file it is defined in
    # The module-level names its body sees: its own file's, even when another file calls it.
    globals: dict[str, Value] | None = field(default=None, repr=False)
    # A function defined in another: that function's names where it was defined (a closure).
    closure: dict[str, Value] | None = field(default=None, repr=False)
    # A `@contextmanager` generator: a call runs its body up to the `yield` only.
    context_manager: bool = False


@dataclass(eq=False, slots=True)
class ClassInfo:
    node: ast.ClassDef
    name: str
    bases: tuple[str, ...]  # qualnames where known ("torch.nn.Module"), else source text
    is_module: Tri = Tri.NO
    is_autograd_function: bool = False
    methods: dict[str, FunctionInfo] = field(default_factory=dict)
    base_classes: tuple[ClassInfo, ...] = ()
    source: SourceInfo | None = None
    fields: list[ast.AnnAssign] | None = None  # a dataclass's fields, found on first use
    # The torch.nn layer it extends (`class QuantLinear(nn.Linear)`), directly or through the
    # file's own classes: its instances have that layer's `weight` and `bias`.
    torch_base: str | None = None
    # Class-level constants (`hu_window = (-100.0, 240.0)` of a `class CFG:` namespace) that
    # nothing in the file assigns again: what `CFG.hu_window` reads.
    constants: dict[str, Value] = field(default_factory=dict)

    def lookup(self, name: str) -> FunctionInfo | None:
        """The method `name` of this class or the first base (depth first) that has it."""
        return next((c.methods[name] for c in self._lineage() if name in c.methods), None)

    def constant(self, name: str) -> Value | None:
        """The class constant `name`, looked up as `lookup` looks up methods."""
        return next((c.constants[name] for c in self._lineage() if name in c.constants), None)

    def _lineage(self) -> Iterator[ClassInfo]:
        yield self
        for base in self.base_classes:
            yield from base._lineage()


class HeapObj:
    __slots__ = ()


def fast_replace(obj: _T, **changes: object) -> _T:
    """`dataclasses.replace` for slotted frozen dataclasses, without running `__init__` (hot path)."""
    cls = type(obj)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = make_copier(cls)
    return copy(obj, **changes)  # type: ignore[return-value]


_COPIERS: dict[type, Callable[..., object]] = {}


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class ModuleObj(HeapObj):
    """An `nn.Module` instance: a torch.nn class (`qualname`) or a user subclass (`cls`)."""

    qualname: str | None
    cls: ClassInfo | None
    line: int
    dtype: DType = frozenset({"float32"})
    device: str | None = "cpu"
    training: Tri = Tri.YES
    params_rg: Tri = Tri.YES
    has_params: Tri = Tri.MAYBE
    attrs: Mapping[str, Value] = field(default_factory=dict)
    ctor: Mapping[str, Value] = field(default_factory=dict)  # constructor keyword arguments
    ctor_args: tuple[Value, ...] = ()
    why_training: Why | None = None
    why_dtype: Why | None = None
    why_device: Why | None = None
    name: str | None = None  # the name it was first bound to, for messages
    buffers: frozenset[str] = frozenset()  # attributes registered with `register_buffer`
    copy_of: int | None = None  # `copy.deepcopy(model)`: the heap id of the original

    def submodules(self) -> list[ObjRef]:
        """Its children: module attributes, and modules given to its constructor (Sequential)."""
        out = [v for v in self.attrs.values() if isinstance(v, ObjRef)]
        out.extend(v for v in self.ctor_args if isinstance(v, ObjRef))
        return out

    def join(self, other: ModuleObj) -> ModuleObj:
        if self is other:
            return self
        return fast_replace(
            self,
            dtype=join_dtype(self.dtype, other.dtype),
            device=self.device if self.device == other.device else None,
            training=self.training.join(other.training),
            params_rg=self.params_rg.join(other.params_rg),
            has_params=self.has_params.join(other.has_params),
            attrs=join_attrs(self.attrs, other.attrs),
            buffers=self.buffers | other.buffers,
            why_training=self.why_training if self.training == other.training else None,
            why_dtype=self.why_dtype if self.dtype == other.dtype else None,
        )


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class OptimizerObj(HeapObj):
    qualname: str
    line: int
    params: Value = UNKNOWN
    name: str | None = None


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class ArgParserObj(HeapObj):
    """An `argparse.ArgumentParser`: the defaults of the options added so far, by `dest`."""

    defaults: Mapping[str, Value] = field(default_factory=dict)


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class InstanceObj(HeapObj):
    """An instance of a user class that is not an nn.Module (a trainer, a config...)."""

    cls: ClassInfo | None
    attrs: Mapping[str, Value] = field(default_factory=dict)

    def join(self, other: InstanceObj) -> InstanceObj:
        if self is other:
            return self
        return fast_replace(self, attrs=join_attrs(self.attrs, other.attrs))


@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class DictObj(InstanceObj):
    """A dict with string keys (`{"params": ps, "lr": 1e-3}`, `batch["x"] = x`): its entries
    are `attrs`. `exact`: they are all of its entries (no store under a key the analysis
    could not read, no path where a key may be missing), so iterating it visits them.
    `values`: what every entry under a key the analysis cannot read holds, when that is
    one kind of Python number (`{w: i for i, w in enumerate(vocab)}`: ints)."""

    exact: bool = True
    values: Value | None = None


def join_attrs(a: Mapping[str, Value], b: Mapping[str, Value]) -> dict[str, Value]:
    out: dict[str, Value] = {}
    for key, va in a.items():
        vb = b.get(key)
        out[key] = va if vb == va else (join_simple(va, vb) if vb is not None else va)
    for key, vb in b.items():
        if key not in out:
            out[key] = vb
    return out


def join_simple(a: Value, b: Value) -> Value:
    """Join of two values that do not need the heap (the heap joins its own cells)."""
    if a == b:
        return a
    if (
        isinstance(a, Seq)
        and isinstance(b, Seq)
        and len(a.items) == len(b.items)
        and a.kind == b.kind
    ):
        return Seq(tuple(join_simple(x, y) for x, y in zip(a.items, b.items, strict=True)), a.kind)
    if isinstance(a, Const) and isinstance(b, Const) and (kind := const_type(a)) is const_type(b):
        # two values of one type, or one known by its type only (`n = 0`, then `n += 2` in
        # a loop): a value of that type
        return Const(_TypeOnly(kind))  # type: ignore[arg-type]
    if type(a) is type(b) and hasattr(a, "join_same"):
        joined: Value = a.join_same(b)  # a value kind that joins itself (numpy arrays)
        return joined
    return UNKNOWN


@fast_init
@dataclass(frozen=True, slots=True)
class _TypeOnly:
    """A constant whose type is known but not its value (int after a join, say)."""

    type_: type


def const_type(v: Value) -> type | None:
    if isinstance(v, Const):
        if isinstance(v.value, _TypeOnly):
            return v.value.type_
        return type(v.value)
    return None


SOME_INT: Final = Const(_TypeOnly(int))  # an int whose value is not known (`x.size(0)`)
SOME_FLOAT: Final = Const(_TypeOnly(float))


def shape_rank(sizes: Sequence[Value]) -> int | None:
    """How many dimensions a shape argument gives, as torch and numpy read it: one tuple or
    list (`reshape((n, 3))`, `zeros([b, 4])`), one int per dimension (`view(b, -1)`), or a
    single int (1-D)."""
    if len(sizes) == 1 and isinstance(sizes[0], Seq):
        return len(sizes[0].items) if sizes[0].kind != "listof" else None
    if sizes and all(const_type(v) is int for v in sizes):
        return len(sizes)
    if len(sizes) > 1 and all(const_type(v) is int or isinstance(v, Unknown) for v in sizes):
        # `torch.rand(args.batch, 3, h, w)`: several sizes, each one dimension, known or not
        return len(sizes)
    return None


def const_known(v: Value) -> TypeGuard[Const]:
    """A constant whose value is known (not only its type): safe to compute with."""
    return isinstance(v, Const) and not isinstance(v.value, _TypeOnly)


def const_number(v: Value) -> float | None:
    if (
        isinstance(v, Const)
        and isinstance(v.value, int | float)
        and not isinstance(v.value, _TypeOnly)
    ):
        return float(v.value)
    return None
