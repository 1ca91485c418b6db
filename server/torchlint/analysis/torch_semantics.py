"""What torch calls, tensor methods, attributes, indexing and operators do to the facts.

The interpreter calls in here for every expression that may touch torch. Modules,
optimizers and losses are in `nn_semantics`; op results in `tensor_ops`.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from torchlint import knowledge as K
from torchlint.analysis import nn_semantics as NN
from torchlint.analysis import numpy_semantics as NP
from torchlint.analysis.events import (
    BackwardCall,
    DiagonalNaN,
    InplaceWrite,
    LegacyUse,
    Masked,
    RequiresGradSet,
    TorchCall,
    leaf_write_error,
)
from torchlint.analysis.facts import (
    BOOL,
    FLOATING,
    INTEGRAL,
    POSITIVE,
    DType,
    GradMode,
    Interval,
    Mask,
    Tensor,
    Tri,
    Why,
    all_in,
)
from torchlint.analysis.state import Hazard, SaveRecord, State
from torchlint.analysis.syntax import assignment_pairs, plain_name
from torchlint.analysis.tensor_ops import (
    CREATED_WITHOUT_GRAD,
    UNKNOWN_DTYPE,
    Input,
    apply_op,
    clamp_bounds,
    condition_key,
    make_input,
    promote,
    read_uninitialised,
    record_save,
    same_condition,
    short,
)
from torchlint.analysis.training import module_tree
from torchlint.analysis.values import (
    SOME_FLOAT,
    SOME_INT,
    UNKNOWN,
    AnyModule,
    ArgParserObj,
    Bound,
    ClassInfo,
    ClassV,
    Const,
    DataIter,
    Device,
    DictObj,
    Distribution,
    ExtName,
    FunctionInfo,
    FuncTransformV,
    FuncV,
    GradContext,
    GradScalerV,
    HeapObj,
    HookHandle,
    InstanceObj,
    ModuleNS,
    ModuleObj,
    Modules,
    ObjRef,
    OptimizerObj,
    Params,
    PartialV,
    PastedClass,
    PastedLayer,
    PastedSelf,
    Seq,
    TorchName,
    TRef,
    Unknown,
    Value,
    _TypeOnly,
    const_known,
    const_number,
    const_type,
    fast_replace,
    shape_rank,
)

if TYPE_CHECKING:
    from torchlint.analysis.interpreter import Interpreter

Args = list[tuple[ast.expr | None, Value]]
Kwargs = dict[str, tuple[ast.expr | None, Value]]
# What a call spreads (`*xs`, `**kw`), with its values; empty when nothing is.
Spread = tuple[tuple[ast.expr, Value], ...]

_CONVERSIONS: Final = {
    "double": "float64",
    "float": "float32",
    "half": "float16",
    "bfloat16": "bfloat16",
    "long": "int64",
    "int": "int32",
    "short": "int16",
    "char": "int8",
    "byte": "uint8",
    "bool": "bool",
    "cfloat": "complex64",
    "cdouble": "complex128",
}
# Names a Tensor and an nn.Module share: on an unknown receiver we cannot tell which.
_AMBIGUOUS_METHODS: Final = frozenset(
    {
        "to",
        "double",
        "float",
        "half",
        "bfloat16",
        "cuda",
        "cpu",
        "type",
        "train",
        "eval",
        "requires_grad_",
        "zero_grad",
        "apply",
        "share_memory",
        "forward",
        "state_dict",
        "parameters",
        "__call__",
    }
)
_FUNCTIONAL_CALL: Final = frozenset(
    {
        "torch.func.functional_call",
        "torch.nn.utils.stateless.functional_call",
        "torch._functorch.functional_call.functional_call",
    }
)
_GRAD_CONTEXTS: Final = {
    "no_grad": GradMode.DISABLED,
    "inference_mode": GradMode.INFERENCE,
    "enable_grad": GradMode.ENABLED,
}
_BUILTINS: Final = frozenset(
    {
        "len",
        "ord",
        "range",
        "enumerate",
        "zip",
        "list",
        "tuple",
        "float",
        "int",
        "bool",
        "sum",
        "max",
        "min",
        "abs",
        "print",
        "isinstance",
        "super",
        "iter",
        "next",
        "sorted",
        "reversed",
        "map",
        "filter",
        "getattr",
        "setattr",
        "hasattr",
        "dict",
        "set",
        "type",
        "str",
        "repr",
        "round",
        "any",
        "all",
        "open",
        "id",
        "hash",
        "callable",
        "vars",
        "format",
        "divmod",
        "pow",
        "complex",
    }
)


# =========================================================================== grad mode
def _grad_name(qual: str) -> str:
    return qual.rsplit(".", 1)[-1]


def _context_call(expr: ast.expr) -> tuple[ast.Call | None, str]:
    """`torch.no_grad()` -> (the call, "no_grad"); `torch.no_grad` -> (None, "no_grad")."""
    call = expr if isinstance(expr, ast.Call) else None
    func = call.func if call is not None else expr
    if isinstance(func, ast.Attribute):
        return call, func.attr
    return call, func.id if isinstance(func, ast.Name) else ""


def is_autocast(expr: ast.expr) -> bool:
    """`torch.autocast(...)`, `torch.cuda.amp.autocast()`, `autocast(...)`, not `enabled=False`."""
    call, name = _context_call(expr)
    if name != "autocast":
        return False
    if call is not None:
        for kw in call.keywords:
            if kw.arg == "enabled" and isinstance(kw.value, ast.Constant) and not kw.value.value:
                return False
    return True


def autocast_decorated(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
        is_autocast(d) for d in node.decorator_list
    )


def grad_context_kind(expr: ast.expr) -> GradMode | None:
    """Syntactic guess at a `with` item's grad mode, for the pre-scan."""
    call, name = _context_call(expr)
    if name in _GRAD_CONTEXTS:
        if (
            name == "inference_mode"
            and call is not None
            and call.args
            and isinstance(call.args[0], ast.Constant)
            and call.args[0].value is False
        ):
            return None
        return _GRAD_CONTEXTS[name]
    if (
        name == "set_grad_enabled"
        and call is not None
        and call.args
        and isinstance(call.args[0], ast.Constant)
    ):
        return GradMode.ENABLED if call.args[0].value else GradMode.DISABLED
    return None


def grad_decorator(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    keeping: frozenset[int] = frozenset(),
    opaque: frozenset[int] = frozenset(),
) -> str | None:
    """The grad-mode decorator on a function: no_grad / inference_mode / enable_grad, or
    "unknown" for a decorator we cannot see into (it may switch grad off, as ultralytics'
    `@smart_inference_mode()` does). `keeping`: the ids of decorators known to return the
    function itself (the file's own registering decorators); `opaque`: the file's own
    decorators that return something else (a wrapper), whatever their name."""
    unknown = False
    for deco in node.decorator_list:
        if id(deco) in keeping:
            continue
        if id(deco) in opaque:
            unknown = True
            continue
        name = plain_name(deco.func if isinstance(deco, ast.Call) else deco)
        if name in _GRAD_CONTEXTS:
            return name
        if name not in _PLAIN_DECORATORS:
            unknown = True
    return "unknown" if unknown else None


# Starts at the `@` (a literal first lets the scan skip ahead; `^[ \t]*@` is much slower):
# what precedes it on its line is checked by `_decorators`.
_DECORATOR_NAME: Final = re.compile(r"@[ \t]*([A-Za-z_][\w.]*)")
_GRAD_WORDS: Final = ("no_grad", "inference_mode", "enable_grad", "set_grad_enabled")


def may_change_grad_mode(text: str) -> bool:
    """False when no statement of the file can switch the grad mode: no grad context named
    anywhere, and every decorator one that keeps the mode (a cheap test on the text)."""
    if any(word in text for word in _GRAD_WORDS):
        return True
    if "@" not in text:
        return False
    return any(name.rsplit(".", 1)[-1] not in _PLAIN_DECORATORS for name in _decorators(text))


def _decorators(text: str) -> Iterator[str]:
    """The names after `@` that begin a line (decorators, not matrix products)."""
    for m in _DECORATOR_NAME.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not text[line_start : m.start()].strip(" \t"):
            yield m.group(1)


# Decorators that do not change the grad mode of the function they wrap.
_PLAIN_DECORATORS: Final = frozenset(
    {
        "staticmethod",
        "classmethod",
        "property",
        "cached_property",
        "abstractmethod",
        "setter",
        "getter",
        "deleter",
        "wraps",
        "lru_cache",
        "cache",
        "overload",
        "override",
        "final",
        "unused",
        "ignore",
        "export",
        "script",
        "script_method",
        "dataclass",
        "contextmanager",
        "register_model",
        "register",
        "register_notrace_module",
        "register_notrace_function",
        "jit",
        "compile",
        "no_type_check",
        "total_ordering",
        "singledispatch",
        "register_module",
        "autocast",
        "custom_fwd",
        "custom_bwd",
        "once_differentiable",
        "deprecated",
    }
)


def grad_context(ip: Interpreter, expr: ast.expr, state: State) -> GradMode | None:
    """The grad mode a `with` item sets, if it is one of torch's grad-mode managers."""
    if isinstance(expr, ast.Name):
        held = ip.lookup(expr.id, state)
        if isinstance(held, GradContext):
            return held.mode  # `ctx = torch.no_grad()` ... `with ctx:`
    elif isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        held = ip.eval(expr, state)
        if isinstance(held, GradContext):
            return held.mode  # `self.guard = torch.no_grad()` ... `with self.guard:`
    call = expr if isinstance(expr, ast.Call) else None
    func = call.func if call is not None else expr
    if not isinstance(func, ast.Name | ast.Attribute):
        return None
    target = ip.eval(func, state)
    if not isinstance(target, TorchName):
        return None
    name = _grad_name(target.qualname)
    if name in _GRAD_CONTEXTS:
        if name == "inference_mode" and call is not None:
            flag = _flag(ip, call, "mode", 0, state)
            if flag is False:
                return None
            if flag is None and (call.args or call.keywords):
                return GradMode.UNKNOWN
        return _GRAD_CONTEXTS[name]
    if name == "set_grad_enabled" and call is not None:
        flag = _flag(ip, call, "mode", 0, state)
        if flag is None:
            return GradMode.UNKNOWN
        return GradMode.ENABLED if flag else GradMode.DISABLED
    return None


def _flag(ip: Interpreter, call: ast.Call, kw: str, pos: int, state: State) -> bool | None:
    node: ast.expr | None = call.args[pos] if len(call.args) > pos else None
    for k in call.keywords:
        if k.arg == kw:
            node = k.value
    if node is None:
        return None
    v = ip.eval(node, state)
    if isinstance(v, Const) and isinstance(v.value, bool | int):
        return bool(v.value)
    return None


def enter_value(value: Value) -> Value:
    return UNKNOWN


# =========================================================================== names
_NAMESPACES = frozenset({"types.SimpleNamespace", "argparse.Namespace"})


def builtin(name: str) -> Value:
    if name in _BUILTINS:
        return ExtName(f"builtins.{name}")
    return UNKNOWN


def star_import(module: str, state: State) -> None:
    # `from torch import *` binds torch's public names; we resolve them lazily as unknown.
    return None


# The containers: modules with no table entry (no parameters of their own to measure).
_CONTAINER_CLASSES: Final = frozenset(
    {
        f"torch.nn{infix}.{name}"
        for infix in ("", ".modules.container")
        for name in ("Sequential", "ModuleList", "ModuleDict")
    }
)


def is_module_class(qualname: str) -> bool:
    return (
        qualname in ("torch.nn.Module", "torch.nn.modules.module.Module")
        or K.module(qualname) is not None
        or qualname in _CONTAINER_CLASSES
    )


def is_layer_class(qualname: str) -> bool:
    """A torch.nn class other than `nn.Module` itself (`nn.Linear`, `nn.Sequential`...)."""
    return K.module(qualname) is not None or qualname in _CONTAINER_CLASSES


def value_from_annotation(
    ip: Interpreter, ann: ast.expr | None, state: State, site: ast.AST
) -> Value:
    if ann is None:
        return UNKNOWN
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            return UNKNOWN
    dtype: frozenset[str] | None = None
    rank: int | None = None
    base = ann
    if isinstance(ann, ast.Subscript) and isinstance(ann.value, ast.Name | ast.Attribute):
        jax = ann.value.id if isinstance(ann.value, ast.Name) else ann.value.attr
        if jax in _JAXTYPING:
            dtype = _JAXTYPING[jax]
            parts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            base = parts[0]
            if (
                len(parts) > 1
                and isinstance(parts[1], ast.Constant)
                and isinstance(parts[1].value, str)
            ):
                dims = parts[1].value.split()
                if not any("..." in d or d.startswith("*") or d.startswith("#") for d in dims):
                    rank = len(dims)
    target = ip.eval(base, state)
    if isinstance(target, TorchName):
        if target.qualname in (
            "torch.Tensor",
            "torch.FloatTensor",
            "torch.nn.Parameter",
            "torch.nn.parameter.Parameter",
        ):
            oid = ip.graph.alloc(id(site), ip.frame.context)
            why = ip.why_code(ann, "annotated `{}`") if dtype is not None else None
            state.heap[oid] = Tensor(dtype=dtype, rank=rank, root=oid, why_dtype=why, origin=why)
            return TRef(oid)
        if is_module_class(target.qualname):
            oid = ip.graph.alloc(id(site), ip.frame.context)
            state.heap[oid] = ModuleObj(
                qualname=target.qualname,
                cls=None,
                line=getattr(site, "lineno", 0),
                dtype=None,
                device=None,
                training=Tri.MAYBE,
                params_rg=Tri.MAYBE,
            )
            return ObjRef(oid)
        if (
            target.qualname.startswith("torch.optim.")
            and target.qualname.rsplit(".", 1)[-1][:1].isupper()
        ):
            oid = ip.graph.alloc(id(site), ip.frame.context)
            state.heap[oid] = OptimizerObj(target.qualname, getattr(site, "lineno", 0))
            return ObjRef(oid)
    if isinstance(target, ClassV):
        return ip.abstract_instance(target.cls, state)
    return UNKNOWN


_JAXTYPING: Final[dict[str, frozenset[str] | None]] = {
    "Float64": frozenset({"float64"}),
    "Float32": frozenset({"float32"}),
    "Float16": frozenset({"float16"}),
    "BFloat16": frozenset({"bfloat16"}),
    "Float": FLOATING,
    "Int64": frozenset({"int64"}),
    "Int32": frozenset({"int32"}),
    "Int16": frozenset({"int16"}),
    "Int8": frozenset({"int8"}),
    "UInt8": frozenset({"uint8"}),
    "Int": frozenset({"int8", "int16", "int32", "int64"}),
    "UInt": frozenset({"uint8"}),
    "Integer": INTEGRAL,
    "Bool": BOOL,
    "Complex64": frozenset({"complex64"}),
    "Complex128": frozenset({"complex128"}),
    "Shaped": None,
    "Num": None,
    "Real": None,
    "Inexact": None,
}


def parse_dtype(value: Value) -> str | None:
    if isinstance(value, TorchName) and value.qualname.startswith("torch."):
        return K.dtype_aliases().get(value.qualname[6:])
    return None


def legacy_type(value: Value) -> tuple[str, str] | None:
    """(dtype, device) of a legacy tensor type, given as the class or its name:
    `torch.FloatTensor`, `"torch.cuda.LongTensor"`."""
    if isinstance(value, TorchName):
        qual = value.qualname
    elif isinstance(value, Const) and isinstance(value.value, str):
        qual = value.value
    else:
        return None
    cuda = qual.startswith("torch.cuda.")
    fk = K.factory(qual.replace("torch.cuda.", "torch.", 1))
    if fk is None or not fk.legacy or fk.default_dtype is None:
        return None
    return fk.default_dtype, "cuda" if cuda else "cpu"


def parse_device(value: Value) -> str | None:
    if isinstance(value, Device):
        return value.kind
    if isinstance(value, Const) and isinstance(value.value, str):
        kind = value.value.split(":")[0]
        return kind if kind in ("cpu", "cuda", "meta", "mps", "xpu") else None
    return None


def narrow_isinstance(
    ip: Interpreter, test: ast.expr, state: State, *, submodules_only: bool = False
) -> None:
    """In `if isinstance(m, nn.Linear):` an unknown `m` is a `nn.Linear` (init loops over
    modules). One of a model's submodules (`for m in model.modules()`) tested against a
    class of the file is that class's first instance in the model: the loop visits it, so
    what happens to it happens (`submodules_only`: only that, for comprehension filters)."""
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
    ):
        return
    if len(test.args) != 2 or not isinstance(test.args[0], ast.Name):
        return
    name = test.args[0].id
    classes = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    if len(classes) != 1:
        return
    current = state.env.get(name, UNKNOWN)
    if isinstance(current, AnyModule):
        wanted = ip.eval(classes[0], state)
        one = None
        if isinstance(wanted, ClassV):
            one = _first_module(current.module, state, _of_class(wanted.cls))
        elif isinstance(wanted, TorchName) and (mf := K.module(wanted.qualname)) is not None:
            one = _first_module(current.module, state, _of_layer(mf.key))  # `nn.Conv2d`
        if one is not None:
            state.env[name] = one
        return
    if current is not UNKNOWN or submodules_only:
        return
    cls = ip.eval(classes[0], state)
    if isinstance(cls, TorchName) and K.module(cls.qualname) is not None:
        ref = NN.make_module(ip, cls.qualname, [], {}, test, state)
        mod = state.module(ref)
        if mod is not None:
            # Its construction arguments (and so its dtype and mode) are not known here.
            state.heap[ref.oid] = fast_replace(
                mod, training=Tri.MAYBE, why_training=None, name=name
            )
        state.env[name] = ref


def isinstance_truth(obj: Value, classes: Value, state: State) -> Value:
    """`isinstance(layer, MaskedLinear)` for a module or object whose class is known: True
    when its class is (or derives from) the file's class or is that torch layer; False
    for a file's class it does not derive from (a torch layer never does). Torch layers
    against other torch classes stay unknown (their hierarchy is not in the table)."""
    target = state.heap.get(obj.oid) if isinstance(obj, ObjRef) else None
    if not isinstance(target, ModuleObj | InstanceObj):
        return UNKNOWN
    wanted = classes.items if isinstance(classes, Seq) and classes.kind == "tuple" else (classes,)
    answers: list[bool | None] = []
    for c in wanted:
        if isinstance(c, ClassV):
            if target.cls is not None and _derives(target.cls, c.cls):
                answers.append(True)
            elif not _plain_class(c.cls):
                answers.append(None)  # a Protocol, an ABC, a metaclass: it may say yes
            elif target.cls is not None:
                answers.append(False)
            elif isinstance(target, ModuleObj) and target.qualname and K.module(target.qualname):
                answers.append(False)  # a torch layer is no class of this file
            else:
                answers.append(None)  # some module (a parameter typed `nn.Module`)
        elif (
            isinstance(c, TorchName)
            and isinstance(target, ModuleObj)
            and (mf := K.module(c.qualname)) is not None
        ):
            layer = target.qualname or (target.cls.torch_base if target.cls is not None else None)
            made = K.module(layer) if layer is not None else None
            answers.append(True if made is not None and made.key == mf.key else None)
        else:
            answers.append(None)
    if any(a is True for a in answers):
        return Const(True)
    if answers and all(a is False for a in answers):
        return Const(False)
    return UNKNOWN


def _plain_class(cls: ClassInfo) -> bool:
    """A class whose instances are exactly those made from it and its subclasses: no
    metaclass, no `__instancecheck__`/`__subclasshook__`, every base a class of this file,
    a torch class or `object` (not `Protocol`, `ABC`: those answer isinstance otherwise)."""
    if cls.node.keywords or cls.lookup("__instancecheck__") or cls.lookup("__subclasshook__"):
        return False
    known = {b.name for b in cls.base_classes}
    if not all(b == "object" or b.startswith("torch.") or b in known for b in cls.bases):
        return False
    return all(_plain_class(b) for b in cls.base_classes)


def _first_module(root: int, state: State, wanted: Callable[[ModuleObj], bool]) -> ObjRef | None:
    """The first-made module of the tree under `root` that is `wanted`."""
    for oid in sorted(module_tree(ObjRef(root), state) or ()):
        mod = state.module(ObjRef(oid))
        if mod is not None and wanted(mod):
            return ObjRef(oid)
    return None


def _of_class(cls: ClassInfo) -> Callable[[ModuleObj], bool]:
    """An instance of the file's class `cls` (or of a subclass)."""
    return lambda mod: mod.cls is not None and _derives(mod.cls, cls)


def _of_layer(key: str) -> Callable[[ModuleObj], bool]:
    """A torch layer whose class has the table key `key` (`torch.nn.Conv2d`)."""

    def wanted(mod: ModuleObj) -> bool:
        mf = K.module(mod.qualname) if mod.qualname is not None else None
        return mf is not None and mf.key == key

    return wanted


def _derives(cls: ClassInfo, base: ClassInfo) -> bool:
    return cls is base or any(_derives(b, base) for b in cls.base_classes)


# =========================================================================== binding
def bind_name(ip: Interpreter, ref: TRef, name: str, state: State) -> None:
    t = state.tensor(ref)
    lost = _rebound_leaf(ip, t, name, state)
    if t.temporary or lost is not None:
        state.heap[ref.oid] = t.evolve(temporary=False, lost_leaf=lost or t.lost_leaf)


def _rebound_leaf(ip: Interpreter, t: Tensor, name: str, state: State) -> Why | None:
    """`canvas = canvas * 2.0 - 1.0` right after `canvas = torch.rand(..., requires_grad=True)`:
    the name now holds a result, not the leaf that gets the gradient (TL104), as if the
    factory's result had never been named."""
    if t.lost_leaf is not None or t.leaf is not Tri.NO or t.rg is not Tri.YES:
        return None
    old = state.env.get(name)
    if not isinstance(old, TRef):
        return None
    before = state.tensor(old)
    if (
        before.leaf is not Tri.YES
        or before.rg is not Tri.YES
        or before.param_of is not None
        or before.why_rg is None
    ):
        return None
    stmt = ip.stmt
    if not (
        isinstance(stmt, ast.Assign)
        and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(stmt.value))
    ):
        return None
    func = ip.frame.func
    if func is not None and not func.node.lineno <= before.why_rg.line <= (
        func.node.end_lineno or func.node.lineno
    ):
        # `h = img; h = block(h)` in a helper given the leaf: a local name walking through
        # layers, not the leaf's own name rebound (the caller still holds the leaf)
        return None
    return t.origin


def name_object(ref: ObjRef, name: str, state: State) -> None:
    obj = state.heap.get(ref.oid)
    if isinstance(obj, ModuleObj | OptimizerObj) and obj.name is None:
        state.heap[ref.oid] = fast_replace(obj, name=name)


def list_of(elem: TRef, kind: str = "list") -> Value:
    return Seq((elem,), "listof")


def unpack(
    ip: Interpreter, value: Value, n: int, state: State, node: ast.expr | None = None
) -> list[Value]:
    if isinstance(value, Seq):
        if value.kind == "listof":
            return [value.items[0]] * n
        if len(value.items) == n:
            return list(value.items)
    if isinstance(value, DataIter):
        return [_data_tensor(ip, value, state, i) for i in range(n)]
    if isinstance(value, NP.NumpyArray) and value.dtype is not None and value.rank != 0:
        # `x, v = self.state`: rows of the array, numpy scalars for a vector
        rank = value.rank - 1 if value.rank is not None else None
        return [NP.NumpyArray(value.dtype, value.line, rank)] * n
    if isinstance(value, TRef) and value.oid in ip.split_results:
        # `q, k, v = qkv.chunk(3, dim=-1)`, `a, b = t.unbind(0)`: views of the same storage
        # with its dtype, device and requires_grad (the rank may differ).
        t = state.tensor(value)
        if t.rg is Tri.YES and isinstance(ip.stmt, ast.Assign):
            t = t.evolve(why_leaf=ip.why_code(ip.stmt.value, "computed by `{}`"))
        parts: list[Value] = []
        for i in range(n):
            oid = ip.graph.alloc(("unpack", id(ip.stmt), i), ip.frame.context)
            state.heap[oid] = t.evolve(
                rank=None,
                is_view=True,
                temporary=False,
                # a piece of a tensor that requires grad has a grad_fn: not a leaf
                leaf=Tri.NO if t.rg is Tri.YES else t.leaf,
                param_of=None,
            )
            parts.append(TRef(oid))
        return parts
    if isinstance(value, TRef) and _rearranged(node):
        rows = _rows(ip, value, n, state)
        if rows is not None:
            return rows
    return [UNKNOWN] * n


# Layout ops, which return one tensor: what they give unpacks into rows. (An op that may
# return several, `torch.where(mask)` or `max_pool2d(..., return_indices=True)`, is not read
# as a tensor's rows.)
_REARRANGING: Final = frozenset(
    {"permute", "view", "reshape", "transpose", "movedim", "moveaxis", "unflatten", "flip", "t"}
)


def _rearranged(node: ast.expr | None) -> bool:
    """`qkv.reshape(B, N, 3, H, D).permute(2, 0, 3, 1, 4)`, `points.T`."""
    if isinstance(node, ast.Attribute):
        return node.attr in ("T", "mT")
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _REARRANGING
    )


def _rows(ip: Interpreter, value: TRef, n: int, state: State) -> list[Value] | None:
    """`q, k, v = qkv.permute(2, 0, 3, 1, 4)`: a tensor unpacks into its rows along dim 0,
    views one rank lower with its dtype, device and requires_grad. Only where the rank is
    known (the value surely is a tensor with dimensions); what holds of the whole as a
    picture, a mask or a distribution does not hold of a row."""
    t = state.tensor(value)
    if t.rank is None or t.rank < 1:
        return None
    parts: list[Value] = []
    for i in range(n):
        oid = ip.graph.alloc(("row", id(ip.stmt), i), ip.frame.context)
        state.heap[oid] = t.evolve(
            rank=t.rank - 1,
            is_view=True,
            temporary=False,
            leaf=Tri.NO if t.rg is Tri.YES else t.leaf,
            param_of=None,
            params_of=None,
            retains_grad=False,
            lost_leaf=None,
            image=False,
            mask=None,
            singular=None,
            softmax=None,
            softmax_kind=None,
        )
        parts.append(TRef(oid))
    return parts


_SPLIT_METHODS: Final = frozenset(
    {"chunk", "split", "unbind", "tensor_split", "hsplit", "vsplit", "dsplit", "split_with_sizes"}
)


def loader_batch(ip: Interpreter, loader: NN.Loader, state: State) -> Value:
    """A batch of a loader without a collate function of this file: one tensor where the
    dataset's items are, else the parts unpacking or indexing will take."""
    batch = DataIter(loader.line, loader.device, loader.items)
    if loader.single and len(loader.items) == 1:
        return _data_tensor(ip, batch, state, 0)
    return batch


def _data_tensor(ip: Interpreter, it: DataIter, state: State, index: int) -> TRef:
    oid = ip.graph.alloc(id(ip.stmt) * 31 + index, ip.frame.context)
    why = Why(it.line, "a batch from a DataLoader does not require grad")
    dtype, rank = it.items[index] if index < len(it.items) else (None, None)
    state.heap[oid] = Tensor(
        dtype=frozenset({dtype}) if dtype else None,
        rank=rank,
        why_dtype=Why(it.line, f"the dataset's items make {dtype} batches") if dtype else None,
        rg=Tri.NO,
        leaf=Tri.YES,
        root=oid,
        why_rg=why,
        why_leaf=why,
        origin=why,
        device=it.device,
        why_device=Why(it.line, f"batches of this DataLoader are on the {it.device.upper()}")
        if it.device
        else None,
    )
    return TRef(oid)


_Parts = tuple[tuple[str | None, int | None], ...]


def _loader_items(
    ip: Interpreter, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> tuple[_Parts, bool]:
    """(dtype, rank) of each part of a batch, as default collation makes them: tensors keep
    their dtype and gain a batch dimension, Python ints become int64, floats float64. With
    `batch_size=None` there is no collation: each item is only converted (arrays become
    tensors, numbers stay numbers). And whether a batch is one tensor (the dataset's item
    is one tensor or array, not a tuple of them)."""
    if "collate_fn" in kwargs or "set_default_dtype" in ip.src.text:
        return (), False
    dataset = args[0][1] if args else kwargs.get("dataset", (None, UNKNOWN))[1]
    batched = not ("batch_size" in kwargs and kwargs["batch_size"][1] == Const(None))
    if isinstance(dataset, NN.Dataset):
        return (dataset.items if batched else ()), False
    if isinstance(dataset, Seq) and dataset.kind in ("list", "listof"):
        # A list of samples (`data.append((x, float(label)))`): each item as it is.
        sample = iter_element(ip, dataset, state, node)
        return _parts([(sample, state)] if sample is not UNKNOWN else [], batched)
    getitem = _own_method(dataset, state, "__getitem__")
    if getitem is not None:
        # `__getitem__` as the loader will call it, on a copy of the state: what an item
        # looks like, and what goes wrong inside with this dataset's own tensors.
        probe = state.copy()
        item = ip.call_user(getitem, (SOME_INT,), {}, probe, node, self_value=dataset)
        return _parts([(item, probe)], batched)
    return _parts(_yielded(ip, dataset, node, state), batched)


def _parts(items: list[tuple[Value, State]], batched: bool) -> tuple[_Parts, bool]:
    """The batch parts these items (each in the state it was made in) make, when they all
    make the same."""
    found: set[tuple[_Parts, bool]] = set()
    for item, state in items:
        single = not (isinstance(item, Seq) and item.kind == "tuple")
        values = item.items if isinstance(item, Seq) and not single else (item,)
        parts = tuple(_converted_part(v, state, batched=batched) for v in values)
        found.add((parts, single and isinstance(item, TRef | NP.NumpyArray)))
    return found.pop() if len(found) == 1 else ((), False)


def _yielded(
    ip: Interpreter, dataset: Value, node: ast.Call, state: State
) -> list[tuple[Value, State]]:
    """What an IterableDataset of this file yields from its own `__iter__` generator, each
    value in the state it was yielded in."""
    inst = state.heap.get(dataset.oid) if isinstance(dataset, ObjRef) else None
    if not (
        isinstance(inst, InstanceObj)
        and inst.cls is not None
        and any(b.rsplit(".", 1)[-1] == "IterableDataset" for b in inst.cls.bases)
    ):
        return []
    iterate = _own_method(dataset, state, "__iter__")
    if iterate is None:
        return []
    sink: list[tuple[Value, dict[int, Tensor | HeapObj]]] = []
    ip.yield_sinks[id(iterate.node)] = sink
    try:
        ip.call_user(iterate, (), {}, state.copy(), node, self_value=dataset)
    finally:
        del ip.yield_sinks[id(iterate.node)]
    yielded: list[tuple[Value, State]] = []
    for value, heap in sink:
        at = State()
        at.heap = heap
        yielded.append((value, at))
    return yielded


def _converted_part(v: Value, state: State, *, batched: bool) -> tuple[str | None, int | None]:
    if batched:
        return _item_part(v, state, batched=False)
    if isinstance(v, TRef | NP.NumpyArray):
        return _item_part(v, state, batched=True)  # kept as it is: no batch dimension added
    return None, None


def _own_method(dataset: Value | None, state: State, name: str) -> FunctionInfo | None:
    """The method (`__getitem__`, `__iter__`) a Dataset class of this file defines itself,
    for an instance."""
    if not isinstance(dataset, ObjRef):
        return None
    inst = state.heap.get(dataset.oid)
    if not isinstance(inst, InstanceObj) or inst.cls is None:
        return None
    method = inst.cls.lookup(name)
    return method if method is not None and method.cls is inst.cls else None


def _own_getitem(obj: ObjRef, state: State) -> FunctionInfo | None:
    """The `__getitem__` of an instance of a class of this file (a dict-like object is read
    by its entries instead)."""
    inst = state.heap.get(obj.oid)
    if type(inst) is not InstanceObj or inst.cls is None:
        return None
    method = inst.cls.lookup("__getitem__")
    return method if method is not None and method.cls is not None else None


def _own_function(value: Value) -> bool:
    """A function (or method) defined with `def` in this file."""
    return isinstance(value, FuncV) and isinstance(
        value.func.node, ast.FunctionDef | ast.AsyncFunctionDef
    )


def _transposed(ip: Interpreter, rows: Value, state: State, node: ast.Call) -> Value:
    """`zip(*batch)` of a list of equal tuples (a collate function's samples): one column per
    field, each a run of that field's values (`images, labels = zip(*batch)`)."""
    if not (isinstance(rows, Seq) and rows.kind in ("list", "listof")):
        return UNKNOWN
    row = iter_element(ip, rows, state, node)
    if not (isinstance(row, Seq) and row.kind == "tuple" and row.items):
        return UNKNOWN
    return Seq(tuple(Seq((field,), "listof") for field in row.items), "tuple")


def _collated_batch(
    ip: Interpreter, loader: NN.Loader, state: State, node: ast.expr
) -> Value | None:
    """A batch of a loader with a `collate_fn` of this file: the function called with a list
    of the dataset's items (an item of a list, or what the dataset class's `__getitem__`
    returns for an int; else data that does not require grad)."""
    collate = loader.collate
    if not isinstance(collate, FuncV):
        return None
    dataset = loader.dataset
    item: Value = UNKNOWN
    getitem = _own_method(dataset, state, "__getitem__")
    if isinstance(dataset, Seq):
        item = iter_element(ip, dataset, state, node)
    elif getitem is not None:
        item = ip.call_user(getitem, (SOME_INT,), {}, state, node, self_value=dataset)
    if item is UNKNOWN:
        # Items not known: each is data drawn from the dataset, as a batch is without one.
        item = DataIter(loader.line, None, ())
    return ip.call_user(
        collate.func, (Seq((item,), "listof"),), {}, state, node, self_value=collate.bound_self
    )


def _item_part(v: Value, state: State, *, batched: bool) -> tuple[str | None, int | None]:
    """(dtype, rank) of a batch part made from this item part (`batched`: already a batch,
    as TensorDataset's tensors are)."""
    grow = 0 if batched else 1
    if isinstance(v, TRef):
        t = state.tensor(v)
        dtype = next(iter(t.dtype)) if t.dtype is not None and len(t.dtype) == 1 else None
        return dtype, t.rank + grow if t.rank is not None else None
    if isinstance(v, NP.NumpyArray):
        return v.dtype, v.rank + grow if v.rank is not None else None
    kind = const_type(v)
    if kind is int:
        return "int64", grow
    if kind is float:
        return "float64", grow
    return None, None


def _loader_device(ip: Interpreter, args: Args, kwargs: Kwargs, state: State) -> str | None:
    """Where a DataLoader's batches are: default collation keeps the dataset's device, so a
    dataset known to give CPU tensors gives CPU batches (a custom `collate_fn` may move them)."""
    if "collate_fn" in kwargs or "set_default_device" in ip.src.text:
        return None
    dataset = args[0][1] if args else kwargs.get("dataset", (None, UNKNOWN))[1]
    if isinstance(dataset, NN.Dataset):
        return dataset.device
    if isinstance(dataset, ObjRef):
        inst = state.heap.get(dataset.oid)
        if isinstance(inst, InstanceObj) and inst.cls is not None:
            text = ip.src.exact(ip.src.span(inst.cls.node))  # the whole class, every line
            if any(
                b.rsplit(".", 1)[-1] in ("Dataset", "IterableDataset") for b in inst.cls.bases
            ) and not _MOVES.search(text):
                return "cpu"  # a Dataset of this file that never moves a tensor
    return None


_MOVES: Final = re.compile(r"\.cuda\(|\.to\(|device|\.pin_memory\(")


def surely_nonempty(iterable: Value, state: State) -> bool:
    """Iterating it runs the body at least once: a module's parameters, a non-empty literal."""
    if isinstance(iterable, Params) and iterable.module is not None:
        mod = state.heap.get(iterable.module)
        return isinstance(mod, ModuleObj) and mod.has_params is Tri.YES
    if isinstance(iterable, Seq):
        return iterable.kind != "listof" and len(iterable.items) > 0
    return isinstance(iterable, NN.Builtin) and iterable.nonempty


def container_children(value: Value, state: State) -> tuple[Value, ...] | None:
    """The modules of a `ModuleList` / `Sequential` when all are known modules."""
    mod = state.module(value)
    if mod is None or mod.qualname not in ("torch.nn.ModuleList", "torch.nn.Sequential"):
        return None
    kids = mod.ctor_args
    if not kids or not all(state.module(k) is not None for k in kids):
        return None
    return kids


_ITEM: Final = -101  # the allocation context of an iterated item (see `iter_element`)


def iter_element(ip: Interpreter, iterable: Value, state: State, node: ast.expr) -> Value:
    if isinstance(iterable, Seq):
        if not iterable.items:
            return UNKNOWN
        first = iterable.items[0]
        if all(item == first for item in iterable.items):
            return first
        # `for dim in (2, 4, 8)`: an int, whichever one
        kind = const_type(first)
        if kind in (int, float, str) and all(const_type(i) is kind for i in iterable.items):
            return Const(_TypeOnly(kind))
        return UNKNOWN
    if isinstance(iterable, NN.Loader):
        if iterable.collate is not None:
            batch = _collated_batch(ip, iterable, state, node)
            if batch is not None:
                return batch
        return loader_batch(ip, iterable, state)
    if isinstance(iterable, NN.Builtin):
        return iterable.element
    if isinstance(iterable, Params) and iterable.mapping:
        return Const(_TypeOnly(str))  # iterating a dict gives its keys
    if isinstance(iterable, Params):
        param = NN.param_tensor(ip, iterable, state, node)
        return Seq((Const(_TypeOnly(str)), param), "tuple") if iterable.named else param
    if isinstance(iterable, Modules):
        if iterable.mapping:
            return Const(_TypeOnly(str))  # iterating a dict gives its keys
        one = AnyModule(iterable.module)
        return Seq((Const(_TypeOnly(str)), one), "tuple") if iterable.named else one
    if isinstance(iterable, TRef):
        source = state.tensor(iterable)
        # an item has a cell of its own, apart from what the iterable's call made at `node`
        # (`zip(X.split(10), y.split(10))` iterates at the very calls that split)
        context = ip.frame.context
        ip.frame.context = (*context, _ITEM)
        try:
            ref = apply_op(
                ip,
                "Tensor.__getitem__",
                K.op("Tensor.__getitem__"),
                [make_input(ip, node, iterable, state)],
                node,
                state,
                reads=False,  # a row is a view: `for row in buf: row.fill_(1)` reads nothing
            )
        finally:
            ip.frame.context = context
        if source.uninit is not None:
            # a row of a buffer not yet filled: writing it (`row[:] = v`) fills the buffer's
            state.heap[ref.oid] = state.tensor(ref).evolve(root=source.root, is_view=True)
        rank = source.rank
        if rank:
            if iterable.oid in ip.split_results:
                # `for xb in X.split(10)`: the pieces, as many dimensions as the whole
                state.heap[ref.oid] = state.tensor(ref).evolve(rank=rank)
            else:
                # `for img in batch`: one item of the first dimension (one image of a batch)
                image = source.image and rank == 4
                state.heap[ref.oid] = state.tensor(ref).evolve(rank=rank - 1, image=image)
        return ref
    if isinstance(iterable, NP.NumpyArray) and iterable.rank != 1:
        # `for frame in trajectory`: an array of one dimension fewer, of the same dtype
        rank = iterable.rank - 1 if iterable.rank is not None else None
        return NP.NumpyArray(iterable.dtype, iterable.line, rank)
    children = container_children(iterable, state)
    if children:
        # `zip(self.blocks, self.adapters)` over ModuleLists: a module of each, as a loop
        # over one of them gets (the same one when all are alike, else unknown)
        return iter_element(ip, Seq(children, "list"), state, node)
    return UNKNOWN


# =========================================================================== calls
def eval_args(ip: Interpreter, node: ast.Call, state: State) -> tuple[Args, Kwargs, Spread]:
    """Positional and keyword arguments, and what is spread (`*layers`, `**opts`): the
    call's exact arguments are unknown when that is not empty."""
    args: Args = []
    kwargs: Kwargs = {}
    spread: list[tuple[ast.expr, Value]] = []
    for a in node.args:
        if isinstance(a, ast.Starred):
            spread.append((a, ip.eval(a.value, state)))
            continue
        args.append((a, ip.eval(a, state)))
    for k in node.keywords:
        if k.arg is None:
            attrs = _namespace_spread(ip, k.value, state)
            if attrs is not None:  # `**vars(cfg.model)`: the namespace's attributes
                kwargs.update({key: (None, value) for key, value in attrs.items()})
                continue
        v = ip.eval(k.value, state)
        if k.arg is None:
            found = state.heap.get(v.oid) if isinstance(v, ObjRef) else None
            if isinstance(found, DictObj) and found.exact:
                # `**kw` of a dict whose every entry is known: those keywords
                kwargs.update({key: (None, value) for key, value in found.attrs.items()})
            else:
                spread.append((k.value, v))
            continue
        kwargs[k.arg] = (k.value, v)
    return args, kwargs, tuple(spread)


def _namespace_spread(ip: Interpreter, expr: ast.expr, state: State) -> Mapping[str, Value] | None:
    """`vars(ns)` spread with `**`: the attributes of a SimpleNamespace the analysis made,
    read where nothing can change them through the dict (`vars()` elsewhere is the
    namespace's own `__dict__`, which forgets them)."""
    if not (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "vars"
        and len(expr.args) == 1
        and not expr.keywords
        and builtin("vars") == ip.eval(expr.func, state)
    ):
        return None
    target = ip.eval(expr.args[0], state)
    found = state.heap.get(target.oid) if isinstance(target, ObjRef) else None
    if type(found) is InstanceObj and found.cls is None:
        return found.attrs
    return None


def call(ip: Interpreter, node: ast.Call, state: State) -> Value:
    func = node.func
    if isinstance(func, ast.Attribute):
        receiver = ip.eval(func.value, state)
        if isinstance(receiver, TorchName | ExtName):
            target: Value = get_attribute(ip, receiver, func, state)
            args, kwargs, starred = eval_args(ip, node, state)
            return call_value(ip, target, args, kwargs, starred, node, state)
        args, kwargs, starred = eval_args(ip, node, state)
        return call_method(ip, receiver, func.value, func.attr, args, kwargs, starred, node, state)
    target = ip.eval(func, state)
    args, kwargs, starred = eval_args(ip, node, state)
    return call_value(ip, target, args, kwargs, starred, node, state)


# Builtins that only read their arguments: a dict or tensor given to them stays as it was.
_READ_ONLY_BUILTINS: Final = frozenset(
    f"builtins.{name}"
    for name in (
        "list",
        "tuple",
        "len",
        "sorted",
        "zip",
        "enumerate",
        "iter",
        "reversed",
        "isinstance",
        "print",
        "str",
        "repr",
        "hasattr",
        "id",
        "type",
        "range",
        "set",
        "frozenset",
    )
)


# Of those, the ones that read a tensor's values (not `len`, `isinstance`, `id`...).
_VALUE_READERS: Final = frozenset(
    f"builtins.{name}" for name in ("print", "str", "repr", "list", "tuple", "sorted", "set")
)


def escape(args: Args, kwargs: Kwargs, state: State) -> None:
    """Tensors handed to code the analysis cannot see may be written there: they count as
    initialised from here on (TL404 stays silent rather than guess)."""
    for _, value in (*args, *kwargs.values()):
        _escape_value(value, state)


def _escape_value(value: Value, state: State) -> None:
    if isinstance(value, TRef):
        t = state.tensor(value)
        if t.uninit is not None:
            state.heap[value.oid] = t.evolve(uninit=None)
        base = state.heap.get(t.root)
        if isinstance(base, Tensor) and base.uninit is not None:
            state.heap[t.root] = base.evolve(uninit=None)
    elif isinstance(value, Seq):
        for item in value.items:
            _escape_value(item, state)
    elif isinstance(value, ObjRef) and isinstance(state.heap.get(value.oid), DictObj):
        # code the analysis cannot see may change its entries (`to_device(batch)`)
        state.heap[value.oid] = DictObj(None, {}, exact=False)


# torch.func's transforms (and functorch's older names): a call of what they return runs
# the function. `grad` stands for every transform that returns derivatives.
_FUNC_TRANSFORMS: Final = {
    **{
        f"{ns}.{name}": "vmap"
        for ns in ("torch", "torch.func", "functorch", "torch._functorch.apis")
        for name in ("vmap",)
    },
    **{
        f"{ns}.{name}": "grad"
        for ns in ("torch.func", "functorch", "torch._functorch.apis")
        for name in ("grad", "grad_and_value", "jacrev", "jacfwd", "hessian")
    },
}


def func_transform(kind: str, args: Args, kwargs: Kwargs) -> Value:
    """`vmap(f, in_dims=(None, 0))`, `grad(f)`: the transformed function, to be called."""
    in_dims: Value | None = None
    if kind == "vmap":
        given = kwargs.get("in_dims") or (args[1] if len(args) > 1 else None)
        in_dims = given[1] if given is not None else None
    return FuncTransformV(args[0][1], kind, in_dims)


def call_transformed(
    ip: Interpreter,
    target: FuncTransformV,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    """A call of `vmap(f)` or `grad(f)`: `f` runs on the arguments, so mistakes inside it show
    with the caller's tensors (a float64 batch meeting float32 weights). Under `vmap` each
    mapped tensor stands for one sample: its dtype, device and graph, its rank unknown; a
    mapped container is unknown. What a derivative transform returns is unknown."""
    if starred:
        escape(args, kwargs, state)
        return UNKNOWN
    inner: Args = list(args)
    if target.kind == "vmap":
        dims = target.in_dims
        for i, (expr, value) in enumerate(args):
            dim: Value = dims if dims is not None else Const(0)
            if isinstance(dims, Seq) and dims.kind in ("tuple", "list"):
                dim = dims.items[i] if i < len(dims.items) else UNKNOWN
            if isinstance(dim, Const) and dim.value is None:
                continue  # not mapped: every sample sees it whole
            if isinstance(value, TRef):
                inner[i] = (expr, _one_sample(ip, value, ("vmap", id(node), i), state))
            elif not isinstance(value, Const):
                inner[i] = (expr, UNKNOWN)
    result = call_value(ip, target.func, inner, kwargs, (), node, state)
    if target.kind != "vmap":
        return UNKNOWN
    if isinstance(result, TRef):
        return _one_sample(ip, result, ("vmapped", id(node)), state)
    return UNKNOWN


# nn.Module methods that return the module itself.
_MODULE_KEEPS_ITSELF: Final = frozenset(
    {"to", "cuda", "cpu", "train", "eval", "float", "double", "half", "bfloat16", "requires_grad_"}
)


def pasted_layer_weight(
    ip: Interpreter, layer: str, attr: str, node: ast.AST, state: State
) -> TRef:
    """`self.head.weight` of a pasted method's layer: a parameter, one per layer and name
    (described where it is first met)."""
    oid = ip.graph.alloc(("pasted parameter", layer, attr), ())
    if oid not in state.heap:
        why = Why(getattr(node, "lineno", 0), f"a parameter of `{layer}`")
        state.heap[oid] = Tensor(
            rg=Tri.YES, leaf=Tri.YES, root=oid, why_rg=why, why_leaf=why, param_of=f"{layer}.{attr}"
        )
    return TRef(oid)


def pasted_layer_call(
    ip: Interpreter,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    layer: str | None = None,
) -> Value:
    """`self.q_proj(x)` in a method pasted without its class: on tensors (or values the
    analysis does not know, as the method's own input), what a layer with parameters gives:
    a tensor that requires grad where grad is on, made from its inputs; its dtype, device and
    rank unknown. Called with anything else (a string, a number): unknown."""
    values = [*args, *kwargs.values()]
    given = [(n, v) for n, v in values if isinstance(v, TRef)]
    if not values or any(not isinstance(v, TRef) and v is not UNKNOWN for _, v in values):
        escape(args, kwargs, state)
        return UNKNOWN  # `self.log("loss", loss)`, `self.pool(x, 2)`: not a layer call
    inputs = [make_input(ip, n, v, state) for n, v in given]
    parents = tuple(
        i.tensor.node for i in inputs if i.tensor is not None and i.tensor.node is not None
    )
    oid = ip.graph.alloc(id(node), ip.frame.context)
    rec = state.grad.records
    why = ip.why_code(node, "`{}` is a layer of the module, with parameters that require grad")
    rg = Tri.NO if rec is Tri.NO else rec
    graph_node = ip.graph.add(why, ip.text(node), True, parents) if rg is not Tri.NO else None
    state.saved.pop(oid, None)  # new storage (a loop's next iteration)
    state.heap[oid] = Tensor(
        rg=rg,
        leaf=Tri.NO if rg is Tri.YES else Tri.MAYBE if rg is Tri.MAYBE else Tri.YES,
        root=oid,
        node=graph_node,
        why_rg=why if rg is Tri.YES else None,
        origin=ip.why_code(node, "{}"),
        # which model made it, as for a module of the file (TL406): one id per name
        from_module=ip.graph.alloc(("pasted model", layer), ()) if layer is not None else None,
        module_why=ip.why_code(node.func, "{}") if layer is not None else None,
    )
    # `output, hidden = model(x, hidden)`: a model may return several tensors, all made by
    # this call (unpacked as `chunk`'s results are)
    ip.split_results.add(oid)
    if layer is not None and graph_node is not None and rg is Tri.YES:
        # a layer keeps its weight for the backward of its input (a Linear's, a conv's): a
        # write through `.data` afterwards gives wrong gradients (TL108)
        weight = pasted_layer_weight(ip, layer, "weight", node, state)
        record_save(
            state,
            weight.oid,
            SaveRecord(graph_node, ip.text(node), why, f"{layer}.weight", unused="emb" in layer),
        )
    return TRef(oid)


def _one_sample(ip: Interpreter, ref: TRef, key: object, state: State) -> TRef:
    """A view of `ref` whose rank is unknown: one sample of a batch, or a batch of samples."""
    oid = ip.graph.alloc(key, ip.frame.context)
    state.heap[oid] = state.tensor(ref).evolve(rank=None, is_view=True, temporary=False)
    return TRef(oid)


def call_value(
    ip: Interpreter,
    target: Value,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    if isinstance(target, TorchName):
        result = call_torch(ip, target.qualname, args, kwargs, starred, node, state)
        if target.qualname.rsplit(".", 1)[-1] in _SPLIT_METHODS and isinstance(result, TRef):
            ip.split_results.add(result.oid)  # `torch.chunk(h, 2, -1)`: as the method form
        return result
    if isinstance(target, PartialV):
        # `check = partial(gradcheck, eps=1e-6)`; `check(fn, (x,))`
        merged = {**dict(target.kwargs), **kwargs}
        return call_value(ip, target.func, [*target.args, *args], merged, starred, node, state)
    if isinstance(target, PastedLayer):
        return pasted_layer_call(ip, args, kwargs, node, state, layer=target.name)
    if isinstance(target, PastedClass):
        escape(args, kwargs, state)
        return PastedLayer(target.name)
    if isinstance(target, FuncTransformV):
        return call_transformed(ip, target, args, kwargs, starred, node, state)
    if isinstance(target, FuncV):
        values = tuple(v for _, v in args)
        kw = {k: v for k, (_, v) in kwargs.items()}
        if starred:
            exact = _exact_spread(args, starred, node)
            if exact is None:
                ip.not_run(target.func, values, kw, target.bound_self, node, state)
                return UNKNOWN
            values = tuple(v for _, v in exact)
        return ip.call_user(
            target.func,
            values,
            kw,
            state,
            node,
            self_value=target.bound_self,
            all_kwargs=True,  # any `**` spread was of a dict known whole (see `eval_args`)
        )
    if isinstance(target, ClassV):
        cls = target.cls
        if cls.is_autograd_function:
            return UNKNOWN
        exact = _exact_spread(args, starred, node) if starred else None
        return ip._instantiate(
            cls,
            tuple(v for _, v in (exact if exact is not None else args)),
            {k: v for k, (_, v) in kwargs.items()},
            state,
            node,
            spread=bool(starred) and exact is None,  # `Dataset(*load(path))` of a known tuple
        )
    if isinstance(target, ObjRef):
        mod = state.module(target)
        if mod is not None:
            return NN.call_module(ip, target, mod, args, kwargs, node, state)
        inst = state.heap.get(target.oid)
        if isinstance(inst, InstanceObj) and inst.cls is not None:
            dunder = inst.cls.lookup("__call__")
            if dunder is not None:
                return ip.call_user(
                    dunder,
                    tuple(v for _, v in args),
                    {k: v for k, (_, v) in kwargs.items()},
                    state,
                    node,
                    self_value=target,
                )
        escape(args, kwargs, state)
        return UNKNOWN
    if isinstance(target, Bound):
        return call_method(
            ip, target.receiver, None, target.name, args, kwargs, starred, node, state
        )
    if isinstance(target, ExtName):
        if "zero_grad" in target.qualname.rsplit(".", 1)[-1]:
            ip.training.grad_cleared()  # pyro.infer.util.zero_grads(params) and the like
        if target.qualname.startswith("math.") and target.qualname.count(".") == 1:
            return _math_call(target.qualname[5:], args, kwargs)
        if target.qualname == "copy.deepcopy" and len(args) == 1 and not kwargs:
            return ip.deep_copy(args[0][1], state, node)
        if target.qualname in _NAMESPACES and not args:
            # `cfg = SimpleNamespace(lr=0.1, model=SimpleNamespace(dim=64))`: a config object
            # whose attributes are its keywords
            oid = ip.graph.alloc(id(node), ip.frame.context)
            state.heap[oid] = InstanceObj(None, {k: v for k, (_, v) in kwargs.items()})
            return ObjRef(oid)
        transform = _FUNC_TRANSFORMS.get(target.qualname)
        if transform is not None and args and not starred:
            return func_transform(transform, args, kwargs)
        if target.qualname == "functools.partial" and args:
            return PartialV(args[0][1], tuple(args[1:]), tuple((k, v) for k, v in kwargs.items()))
        if target.qualname == "argparse.ArgumentParser":
            oid = ip.graph.alloc(id(node), ip.frame.context)
            state.heap[oid] = ArgParserObj()
            return ObjRef(oid)
        if (
            target.qualname.startswith("torchvision.datasets.")
            and target.qualname.rsplit(".", 1)[-1][:1].isupper()
        ):
            # MNIST, CIFAR10, ImageFolder...: CPU tensors, unless a transform moves them.
            moves = _MOVES.search(ip.src.exact(ip.src.span(node)))  # every line of the call
            return NN.Dataset(None if moves else "cpu")
        if target.qualname == "builtins.zip" and not args and not kwargs and len(starred) == 1:
            return _transposed(ip, starred[0][1], state, node)
        if target.qualname not in _READ_ONLY_BUILTINS:
            escape(args, kwargs, state)
        elif target.qualname in _VALUE_READERS:
            for n, v in args:
                if isinstance(v, TRef) and state.tensor(v).uninit is not None:
                    # `print(buf[0])`: the values are read, garbage or not
                    read_uninitialised(ip, make_input(ip, n, v, state), node, state)
        return NN.call_builtin(ip, target.qualname, args, kwargs, node, state)
    if (
        target is UNKNOWN
        and isinstance(node.func, ast.Name | ast.Attribute)
        and "zero_grad" in ip.text(node.func)
    ):
        ip.training.grad_cleared()
    if target is UNKNOWN and ip.training.evaluated and ip.text(node.func) in ip.training.evaluated:
        ip.training.unknown_forward(node, state, UNKNOWN)
    if target is UNKNOWN:
        NN.hand_over(ip, args, kwargs, node, state)
    escape(args, kwargs, state)
    return UNKNOWN


# Distribution methods whose result is computed from the parameters (differentiable where
# they are), and those that draw samples outside the graph.
_DIST_FROM_PARAMS: Final = frozenset(
    {"log_prob", "entropy", "cdf", "icdf", "rsample", "perplexity", "mean", "variance", "stddev"}
)
_DIST_SAMPLES: Final = frozenset({"sample", "sample_n", "enumerate_support"})


def _scaler_method(ip: Interpreter, name: str, args: Args, node: ast.Call, state: State) -> Value:
    """Mixed-precision training: `scaler.scale(loss).backward()` backpropagates the loss
    (times a number), `scaler.step(opt)` is `opt.step()` (skipped on inf/NaN gradients)."""
    if name == "scale" and args and isinstance(args[0][1], TRef):
        return args[0][1]
    if name == "scale" and args and args[0][1] is UNKNOWN and isinstance(args[0][0], ast.Name):
        # `scaler.scale(loss)` of a loss the analysis cannot see: a tensor (its facts unknown)
        loss = args[0][0]
        oid = ip.graph.alloc(id(loss), ip.frame.context)
        state.heap[oid] = Tensor(root=oid)
        state.env[loss.id] = TRef(oid)
        return TRef(oid)
    if name == "step" and args:
        ip.training.step(args[0][1], node, state, receiver=ip.text(args[0][0]))
    return UNKNOWN


def _distribution(
    ip: Interpreter, kind: str, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> Value:
    """`Normal(mu, sigma)`, `Categorical(logits=z)`: the parameter tensors are combined (and
    normalised) when the object is built, in the grad mode of that moment."""
    values = [*args, *kwargs.values()]
    given = [(n, v) for n, v in values if isinstance(v, TRef)]
    if not given or any(not isinstance(v, TRef | Const) for _, v in values):
        return Distribution(kind, None)  # a parameter the analysis does not know
    inputs = [make_input(ip, n, v, state) for n, v in given]
    stored = apply_op(ip, f"torch.distributions.{kind}", None, inputs, node, state)
    return Distribution(kind, stored)


_KL_DIVERGENCE: Final = frozenset(
    {"torch.distributions.kl_divergence", "torch.distributions.kl.kl_divergence"}
)


def _kl_divergence(ip: Interpreter, qual: str, args: Args, node: ast.Call, state: State) -> Value:
    """`kl_divergence(q, prior)`: computed from both distributions' parameter tensors, in
    the grad mode of the call (an ELBO's KL term made once before the loop keeps one graph
    that each iteration's backward goes through)."""
    dists = [v for _, v in args[:2]]
    if len(dists) != 2 or not all(isinstance(d, Distribution) for d in dists):
        return UNKNOWN
    params = [d.params for d in dists if isinstance(d, Distribution) and d.params is not None]
    if not params:
        return UNKNOWN
    inputs = [make_input(ip, None, p, state) for p in params]
    ref = apply_op(ip, qual, None, inputs, node, state)
    first = state.tensor(params[0])
    state.heap[ref.oid] = state.tensor(ref).evolve(
        dtype=first.dtype, rank=None, device=first.device
    )
    return ref


def _distribution_method(
    ip: Interpreter,
    dist: Distribution,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    values = [*args, *kwargs.values()]
    if dist.params is None or any(not isinstance(v, TRef | Const) for _, v in values):
        return UNKNOWN
    if name in _DIST_SAMPLES:
        oid = ip.graph.alloc(id(node), ip.frame.context)
        why = ip.why(node, "a sample is drawn outside the autograd graph")
        params = state.tensor(dist.params)
        made = K.distribution_sample_dtype(dist.kind) if name != "enumerate_support" else None
        dtype = params.dtype if made == "same" else frozenset({made}) if made else None
        why_dtype = ip.why_code(node, f"`{{}}` gives {made}") if made and made != "same" else None
        state.heap[oid] = Tensor(
            dtype=dtype,
            rg=Tri.NO,
            leaf=Tri.YES,
            device=params.device,
            root=oid,
            why_dtype=why_dtype if why_dtype is not None else params.why_dtype,
            why_rg=why,
            origin=why,
        )
        return TRef(oid)
    if name not in _DIST_FROM_PARAMS:
        return UNKNOWN
    inputs = [make_input(ip, None, dist.params, state)]
    inputs.extend(make_input(ip, n, v, state) for n, v in values if isinstance(v, TRef))
    ref = apply_op(ip, f"torch.distributions.{dist.kind}.{name}", None, inputs, node, state)
    state.heap[ref.oid] = state.tensor(ref).evolve(
        dtype=state.tensor(dist.params).dtype, rank=None, device=state.tensor(dist.params).device
    )
    return ref


def call_method(
    ip: Interpreter,
    receiver: Value,
    receiver_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    if name == "enter_context" and len(args) == 1 and isinstance(args[0][1], GradContext):
        # `stack.enter_context(torch.no_grad())` of an ExitStack: until its `with` ends
        state.grad = args[0][1].mode
        ip.stack_grad = True
        return Const(None)
    if isinstance(receiver, TRef):
        result = tensor_method(ip, receiver, receiver_node, name, args, kwargs, node, state)
        if name in _SPLIT_METHODS and isinstance(result, TRef):
            ip.split_results.add(result.oid)  # unpacked where it is returned to (see `unpack`)
        return result
    if isinstance(receiver, Distribution):
        return _distribution_method(ip, receiver, name, args, kwargs, node, state)
    if isinstance(receiver, HookHandle):
        if name == "remove":
            NN.remove_hook(receiver, state)
        return Const(None)
    if isinstance(receiver, GradScalerV):
        return _scaler_method(ip, name, args, node, state)
    if (
        isinstance(receiver, PastedSelf)
        and args
        and all(isinstance(v, TRef) or v is UNKNOWN for _, v in args)
    ):
        return pasted_layer_call(ip, args, kwargs, node, state, layer=name)  # `self.q_proj(x)`
    if isinstance(receiver, PastedSelf | PastedLayer):
        # any other method (`model.zero_grad()`, `self.log(...)`): as on an unknown object
        result = call_method(ip, UNKNOWN, receiver_node, name, args, kwargs, starred, node, state)
        if isinstance(receiver, PastedLayer) and name in _MODULE_KEEPS_ITSELF:
            return receiver  # `model = model.to(device)`, `model.train()`: still that model
        return result
    if isinstance(receiver, ObjRef):
        obj = state.heap.get(receiver.oid)
        if isinstance(obj, ModuleObj):
            return NN.module_method(
                ip, receiver, obj, receiver_node, name, args, kwargs, starred, node, state
            )
        if isinstance(obj, OptimizerObj):
            return NN.optimizer_method(ip, receiver, obj, name, args, kwargs, node, state)
        if isinstance(obj, ArgParserObj):
            return NN.argparse_method(ip, receiver, obj, name, args, kwargs, node, state)
        if isinstance(obj, DictObj):
            return _dict_method(receiver, obj, name, args, kwargs, state)
        if isinstance(obj, InstanceObj) and obj.cls is not None:
            attr = obj.attrs.get(name)
            if attr is not None:
                return call_value(ip, attr, args, kwargs, starred, node, state)
            method = obj.cls.lookup(name)
            exact = _exact_spread(args, starred, node) if starred else args
            if method is not None and exact is not None:
                self_value = receiver if method.kind != "staticmethod" else None
                return ip.call_user(
                    method,
                    tuple(v for _, v in exact),
                    {k: v for k, (_, v) in kwargs.items()},
                    state,
                    node,
                    self_value=self_value,
                    all_kwargs=not starred,
                )
            if method is not None:  # given `*rest` of unknown length: not run
                ip.not_run(
                    method,
                    tuple(v for _, v in args),
                    {k: v for k, (_, v) in kwargs.items()},
                    receiver,
                    node,
                    state,
                )
            elif name == "zero_grad":
                # inherited (a `torch.optim.Optimizer` subclass wrapping another, as SAM
                # does): it clears gradients whose owners are not known here
                ip.training.grad_cleared()
        escape(args, kwargs, state)
        return UNKNOWN
    if isinstance(receiver, ClassV):
        cls = receiver.cls
        if cls.is_autograd_function and name == "apply":
            return NN.function_apply(ip, cls, args, node, state)
        method = cls.lookup(name)
        if method is not None and not starred:
            cls_self: Value | None = receiver if method.kind == "classmethod" else None
            return ip.call_user(
                method,
                tuple(v for _, v in args),
                {k: v for k, (_, v) in kwargs.items()},
                state,
                node,
                self_value=cls_self,
                all_kwargs=True,  # nothing spread, or only dicts known whole
            )
        return UNKNOWN
    if isinstance(receiver, NN.SuperProxy):
        return NN.super_call(ip, receiver, name, args, kwargs, node, state, all_kwargs=not starred)
    if isinstance(receiver, Seq | NN.Builtin):
        return NN.container_method(ip, receiver, receiver_node, name, args, kwargs, node, state)
    if isinstance(receiver, Params) and receiver.mapping and not args:
        # `params.items()`, `params.values()` of `dict(model.named_parameters())`
        if name in ("items", "values"):
            return Params(receiver.module, receiver.why, named=name == "items")
        return UNKNOWN
    if isinstance(receiver, Params):
        return UNKNOWN
    if isinstance(receiver, Modules) and receiver.mapping and not args:
        if name == "items":
            return Modules(receiver.module, named=True)
        if name == "values":
            return Modules(receiver.module)
        return UNKNOWN
    if receiver is UNKNOWN and name == "backward" and isinstance(receiver_node, ast.Name):
        # `loss.backward()` only works on a tensor that requires grad: from here on, it is one.
        oid = ip.graph.alloc(id(receiver_node), ip.frame.context)
        why = ip.why_code(node, "`{}` backpropagates through it")
        node_id = ip.graph.add(why, ip.text(receiver_node), False, ())
        state.heap[oid] = Tensor(
            rg=Tri.YES, leaf=Tri.NO, root=oid, node=node_id, why_rg=why, origin=why
        )
        state.env[receiver_node.id] = TRef(oid)
        return tensor_method(ip, TRef(oid), receiver_node, name, args, kwargs, node, state)
    if (
        receiver is UNKNOWN
        and name == "requires_grad_"
        and isinstance(receiver_node, ast.Name)
        and not kwargs
        and (not args or args[0][1] == Const(True))
    ):
        # `img = load_image(path); img.requires_grad_()`: a tensor that requires grad from
        # here on (a leaf, or already one that requires grad: which, unknown)
        oid = ip.graph.alloc(id(receiver_node), ip.frame.context)
        why = ip.why_code(node, "`{}` sets requires_grad")
        state.heap[oid] = Tensor(rg=Tri.YES, leaf=Tri.MAYBE, root=oid, why_rg=why, origin=why)
        state.env[receiver_node.id] = TRef(oid)
        return TRef(oid)
    if (
        receiver is UNKNOWN
        and name == "append"
        and len(args) == 1
        and isinstance(args[0][1], TRef)
        and isinstance(receiver_node, ast.Subscript)
        and isinstance(receiver_node.value, ast.Name)
        and isinstance(receiver_node.slice, ast.Constant)
    ):
        # `history["loss"].append(loss)`: a log kept per key (a defaultdict(list), say)
        NN.note_append(ip, receiver_node, args[0][1], node, state)
    if receiver is UNKNOWN or isinstance(receiver, DataIter):
        if (
            name not in _AMBIGUOUS_METHODS
            and name in K.tensor_method_names()
            and name not in _NOT_TENSOR_RESULT
        ):
            # A Tensor-only method: the receiver is a tensor whose facts we do not know.
            oid = ip.graph.alloc(
                id(receiver_node) if receiver_node is not None else id(node), ip.frame.context
            )
            if oid not in state.heap:
                state.heap[oid] = Tensor(root=oid)
            return tensor_method(ip, TRef(oid), receiver_node, name, args, kwargs, node, state)
        NN.unknown_method(ip, receiver_node, name, args, node, state)
        if NN.is_callback_name(name):
            NN.hand_over(ip, args, kwargs, node, state)
        escape(args, kwargs, state)
        return UNKNOWN
    if isinstance(receiver, Const) and isinstance(receiver.value, str):
        return Const("")
    if isinstance(receiver, NP.NumpyArray):
        return NP.method(receiver, name, args, kwargs, node)
    if isinstance(receiver, NP.NumpyGenerator):
        return NP.generator_method(name, args, kwargs, node)
    escape(args, kwargs, state)
    return UNKNOWN


# Methods that hand a tensor's memory to code outside torch (numpy, ctypes, DLPack).
_SHARES_STORAGE: Final = frozenset(
    {"numpy", "data_ptr", "__array__", "untyped_storage", "storage", "__dlpack__"}
)

_NOT_TENSOR_RESULT: Final = frozenset(
    {
        "item",
        "tolist",
        "numpy",
        "size",
        "dim",
        "numel",
        "backward",
        "register_hook",
        "data_ptr",
        "element_size",
        "is_contiguous",
        "stride",
        "storage_offset",
        "get_device",
        "untyped_storage",
        "__len__",
        "__bool__",
        "__float__",
        "__int__",
        "__index__",
        "nelement",
        "ndimension",
        "is_floating_point",
        "is_complex",
        "equal",
        "allclose",
    }
)


# =========================================================================== torch functions
def _exact_spread(given: Args, spread: Spread, node: ast.Call) -> Args | None:
    """The positional arguments of `f(a, *rest)` in order, where each spread is a tuple or
    list of known items (`*args` handed on by a function that took them); None otherwise."""
    spread_keywords = {id(k.value) for k in node.keywords if k.arg is None}
    if any(id(n) in spread_keywords for n, _ in spread):
        return None  # a `**kwargs` spread of a dict not known whole
    return _spread_args(given, spread, node, None)


def _spread_children(given: Args, spread: Spread, node: ast.Call, state: State) -> Args:
    """`nn.Sequential(*layers)`: the items of a list of known length, in order; anything
    else spread stands for children unknown (an empty container would pass its input
    through unchanged, as if no layer ran). `given`: the arguments not spread."""
    args = _spread_args(given, spread, node, state)
    assert args is not None
    return args


def _spread_args(given: Args, spread: Spread, node: ast.Call, modules: State | None) -> Args | None:
    """`given` with each `*seq` of the call replaced by its items. A list grown in a loop
    (`listof`) counts only with `modules` (its one module stands for the n alike), and
    anything else spread is then one unknown argument; without `modules`, None."""
    plain = iter(given)
    values = {id(n): v for n, v in spread}
    args: Args = []
    for a in node.args:
        if not isinstance(a, ast.Starred):
            args.append(next(plain, (a, UNKNOWN)))
            continue
        seq = values.get(id(a), UNKNOWN)
        if isinstance(seq, Seq) and seq.kind not in ("listof", "listmix"):
            args.extend((a, item) for item in seq.items)
        elif modules is None:
            return None
        elif (
            isinstance(seq, Seq)
            and seq.items
            and all(modules.module(item) is not None for item in seq.items)
        ):
            # `[Block(d) for _ in range(n)]`: n modules alike, one stands for them all
            args.extend((a, item) for item in seq.items)
        else:
            args.append((a, UNKNOWN))
    return args


_REPARAMETRISE: Final = frozenset({"weight_norm", "spectral_norm", "orthogonal"})


def call_torch(
    ip: Interpreter,
    qual: str,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    qual = _canonical(qual)
    last = qual.rsplit(".", 1)[-1]
    transform = _FUNC_TRANSFORMS.get(qual)
    if transform is not None and args and not starred:
        return func_transform(transform, args, kwargs)
    if last == "__init__" and args and isinstance(args[0][1], ObjRef):
        # `nn.Linear.__init__(self, i, o, ...)` in a subclass: as `super().__init__(...)`
        NN.init_layer_base(ip, args[0][1], args[1:], kwargs, node, state)
        return Const(None)
    # grad-mode switches used as statements
    if qual == "torch.is_grad_enabled" and not args:
        records = state.grad.records
        return UNKNOWN if records is Tri.MAYBE else Const(records is Tri.YES)
    if last == "set_grad_enabled":
        ip.grad_left_off = None
        flag = _flag(ip, node, "mode", 0, state)
        state.grad = (
            GradMode.UNKNOWN if flag is None else (GradMode.ENABLED if flag else GradMode.DISABLED)
        )
        return UNKNOWN
    if last in _GRAD_CONTEXTS:
        mode = grad_context(ip, node, state)
        return GradContext(mode) if mode is not None else UNKNOWN
    if last == "GradScaler" and qual.startswith("torch."):
        return GradScalerV(node.lineno)
    if qual == "torch.nn.utils.rnn.pad_sequence" and args:
        # the sequences padded to one length and stacked: as `torch.stack` for every fact
        # the analysis keeps (dtype, device, graph, one more dimension)
        return call_torch(ip, "torch.stack", args[:1], {}, starred, node, state)
    if qual == "torch.optim.swa_utils.AveragedModel" and args:
        # SWA and EMA averages: a deep copy of the model (its layers, its training mode);
        # the wrapper's `.module` is that copy too
        averaged = ip.deep_copy(args[0][1], state, node)
        if isinstance(averaged, ObjRef):
            ip.averaged.add(averaged.oid)
        return averaged
    if qual in (
        "torch.autograd.gradcheck",
        "torch.autograd.gradgradcheck",
        "torch.autograd.gradcheck.gradcheck",
        "torch.autograd.gradcheck.gradgradcheck",
    ):
        _emit_call(ip, qual, None, args, kwargs, Const(True), node, state)
        return Const(True)
    if qual in ("torch.autograd.grad", "torch.autograd.backward"):
        return _autograd_api(ip, qual, args, kwargs, starred, node, state)
    if qual in ("torch.autograd.Variable", "torch.autograd.variable.Variable"):
        return _variable(ip, qual, args, kwargs, node, state)
    if qual in _FUNCTIONAL_CALL:
        return NN.functional_call(ip, args, kwargs, node, state)
    if qual in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
        return NN.parameter(ip, args, kwargs, node, state)
    out = kwargs.get("out")
    if out is not None and isinstance(out[1], TRef):
        _initialised(state, out[1])  # `torch.randn(3, out=buf)` writes every element
    if (
        last in _REPARAMETRISE
        and qual.startswith("torch.nn.utils.")
        and args
        and state.module(args[0][1]) is not None
    ):
        # `weight_norm(nn.Conv1d(...))` registers a parametrisation on the module it is
        # given and returns that module: its dtype, device and layer kind are unchanged
        return args[0][1]
    if qual.startswith("torch.nn.init."):
        if args and isinstance(args[0][1], TRef):
            _initialised(state, args[0][1])
        return args[0][1] if args else UNKNOWN
    if qual in ("torch.device",):
        dev = parse_device(args[0][1]) if args else None
        return Device(dev) if dev else UNKNOWN
    if qual in ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"):
        collate = kwargs.get("collate_fn", (None, UNKNOWN))[1]
        return NN.Loader(
            node.lineno,
            _loader_device(ip, args, kwargs, state),
            *_loader_items(ip, args, kwargs, node, state),
            collate=collate if _own_function(collate) else None,
            dataset=args[0][1] if args else kwargs.get("dataset", (None, UNKNOWN))[1],
        )
    if qual in ("torch.utils.data.TensorDataset", "torch.utils.data.dataset.TensorDataset"):
        devices = {state.tensor(v).device if isinstance(v, TRef) else None for _, v in args}
        parts = tuple(_item_part(v, state, batched=True) for _, v in args)
        return NN.Dataset(devices.pop() if len(devices) == 1 else None, parts)
    if qual.startswith("torch.optim.") and last[:1].isupper():
        return NN.make_optimizer(ip, qual, args, kwargs, node, state)
    if qual.startswith("torch.distributions.") and last[:1].isupper():
        return _distribution(ip, last, args, kwargs, node, state)
    if qual in _KL_DIVERGENCE:
        return _kl_divergence(ip, qual, args, node, state)
    if (
        qual.startswith("torch.nn.")
        and last[:1].isupper()
        and not qual.startswith("torch.nn.functional")
    ):
        if starred and qual in NN.CONTAINERS:
            args = _spread_children(args, starred, node, state)
        ref = NN.make_module(ip, qual, args, kwargs, node, state)
        _emit_call(ip, qual, None, args, kwargs, ref, node, state)
        return ref
    fk = K.factory(qual)
    if fk is not None and (qual != "torch.normal" or _normal_is_factory(args, kwargs)):
        made = _factory(ip, qual, fk, args, kwargs, node, state, starred)
        if qual == "torch.eye" and isinstance(made, TRef):
            ip.identities.add(made.oid)  # `where(eye, ...)`, `d2 + torch.eye(n)` (double where)
        return made
    op = _rounded_division(qual, kwargs) or K.op(qual)
    if op is not None:
        return _torch_op(ip, qual, op, args, kwargs, node, state)
    _emit_call(ip, qual, None, args, kwargs, UNKNOWN, node, state)
    return UNKNOWN


_DIVISIONS: Final = {"div": "floor_divide", "divide": "floor_divide", "div_": "floor_divide_"}


def _rounded_division(qual: str, kwargs: Kwargs) -> K.OpFacts | None:
    """`torch.div(a, b, rounding_mode="floor")`: rounded, so integers stay integers (the
    table's `div` is measured without a rounding mode: true division, which makes floats)."""
    head, _, last = qual.rpartition(".")
    twin = _DIVISIONS.get(last)
    mode = kwargs.get("rounding_mode")
    if twin is None or mode is None or not isinstance(mode[1], Const) or mode[1].value is None:
        return None
    return K.op(f"{head}.{twin}")


def _canonical(qual: str) -> str:
    for prefix, repl in (
        ("torch.autograd.grad_mode.", "torch."),
        ("torch.autograd.functional.", "torch.autograd.functional."),
        ("torch.nn.modules.", "torch.nn."),
    ):
        if qual.startswith(prefix) and prefix != repl:
            rest = qual[len(prefix) :]
            if prefix == "torch.nn.modules.":
                return "torch.nn." + rest.rsplit(".", 1)[-1]
            return repl + rest
    return qual


def _meant_float(t: Tensor) -> Tensor:
    """An integer or bool tensor told to require grad: torch raises there (TL105), and what
    follows is the float tensor the user meant, of a dtype unknown here (its `backward()`
    is not a second mistake)."""
    if all_in(t.dtype, INTEGRAL | BOOL):
        return t.evolve(dtype=None, why_dtype=None)
    return t


def _emit_call(
    ip: Interpreter,
    qual: str,
    receiver: tuple[ast.expr | None, Value] | None,
    args: Args,
    kwargs: Kwargs,
    result: Value,
    node: ast.Call,
    state: State,
) -> None:
    if not ip.wants_call(qual):
        return
    ip.emit(
        TorchCall(
            node=node,
            stmt=ip.stmt,
            qualname=qual,
            receiver=None if receiver is None else ip.operand(receiver[0], receiver[1], state),
            args=tuple(ip.operand(n, v, state) for n, v in args),
            kwargs={k: ip.operand(n, v, state) for k, (n, v) in kwargs.items()},
            result=result,
            result_tensor=state.tensor(result) if isinstance(result, TRef) else None,
            grad=state.grad,
            state=state,
            func_name=ip.frame.func.name if ip.frame.func is not None else "",
            in_module_method=_in_module_method(ip),
            callers=ip.frame.context,
        )
    )


def _kw_dtype(kwargs: Kwargs, name: str = "", rest: Args | None = None) -> str | None:
    """The result dtype a keyword chooses: `dtype=torch.float64`, `out_int32=True`
    (`bucketize`, `searchsorted`); UNKNOWN_DTYPE where it chooses one the analysis does
    not know (`dtype=self.dtype`, the weights of `bincount`, by keyword or as the argument
    after the input: `rest`), None where no keyword chooses (`dtype=None`)."""
    if name == "bincount":
        weights = kwargs["weights"][1] if "weights" in kwargs else rest[0][1] if rest else None
        # (the method's first argument, the function's second)
        if weights is not None and weights != Const(None):
            return UNKNOWN_DTYPE
    if "dtype" in kwargs:
        value = kwargs["dtype"][1]
        if value == Const(None):
            return None
        return parse_dtype(value) or UNKNOWN_DTYPE
    if "out_int32" in kwargs:
        flag = kwargs["out_int32"][1]
        if flag == Const(False):
            return None
        return "int32" if flag == Const(True) else UNKNOWN_DTYPE
    return None


def _normal_is_factory(args: Args, kwargs: Kwargs) -> bool:
    """`torch.normal(0, 1, size=(3,))` makes a tensor; `torch.normal(mu, sigma)` samples from
    tensors, an op of them."""
    sized = "size" in kwargs or len(args) >= 3
    return sized and not any(isinstance(v, TRef) for _, v in args[:2])


def _factory(
    ip: Interpreter,
    qual: str,
    fk: K.FactoryFacts,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    starred: Spread = (),
) -> Value:
    oid = ip.graph.alloc(id(node), ip.frame.context)
    text = ip.text(node)
    dtype: frozenset[str] | None = None
    explicit = _kw_dtype(kwargs)
    why_dtype: Why | None = None
    if explicit is not None and explicit != UNKNOWN_DTYPE:
        dtype = frozenset({explicit})
        why_dtype = ip.why(node, f"`dtype={ip.text(kwargs['dtype'][0])}`")
    elif "dtype" in kwargs:
        dtype = None
    elif fk.like and args and isinstance(args[0][1], TRef):
        dtype = state.tensor(args[0][1]).dtype
        src = state.tensor(args[0][1])
        why_dtype = src.why_dtype
    elif fk.infers_from_data and args and isinstance(args[0][1], NP.NumpyArray):
        # torch.tensor(array) / as_tensor(array) keep numpy's dtype (float64 by default).
        np_dtype = args[0][1].dtype
        dtype = frozenset({np_dtype}) if np_dtype else None
        if np_dtype:
            why_dtype = ip.why(node, f"the numpy array is {np_dtype}, and `{short(qual)}` keeps it")
    elif fk.infers_from_data:
        dtype = _data_dtype(fk, args, state)
        if dtype is not None:
            kind = (
                "integer"
                if next(iter(dtype)).startswith(("int", "uint"))
                else "boolean"
                if dtype == BOOL
                else "floating-point"
                if next(iter(dtype)).startswith(("float", "bfloat"))
                else "complex"
            )
            why_dtype = ip.why(node, f"{kind} data makes {next(iter(dtype))}")
    elif fk.default_dtype is not None:
        dtype = frozenset({fk.default_dtype})
        why_dtype = ip.why(node, f"`{short(qual)}` makes {fk.default_dtype} unless told otherwise")
    rg_flag = False
    if "requires_grad" in kwargs:
        v = kwargs["requires_grad"][1]
        rg = (
            Tri.YES
            if isinstance(v, Const) and v.value is True
            else Tri.NO
            if isinstance(v, Const) and v.value is False
            else Tri.MAYBE
        )
        rg_flag = rg is Tri.YES
        if (
            rg_flag
            and dtype is not None
            and not any(d.startswith(("float", "bfloat", "complex")) for d in dtype)
        ):
            rg = Tri.MAYBE  # torch raises here (TL105): what follows is not worth a verdict
    else:
        rg = Tri.NO
    why_rg = (
        ip.why(node, f"`{text}` creates a leaf that requires grad")
        if rg is Tri.YES
        else ip.why(node, f"`{short(qual)}(...)` {CREATED_WITHOUT_GRAD}")
    )
    device = (
        parse_device(kwargs["device"][1])
        if "device" in kwargs
        else ("cpu" if not fk.like else None)
    )
    if fk.like and args and isinstance(args[0][1], TRef) and "device" not in kwargs:
        device = state.tensor(args[0][1]).device
    # `torch.zeros(b, *hw)`: the spread sizes are not among `args`; a tuple of known length
    # gives one size per item
    spread = any(isinstance(a, ast.Starred) for a in node.args)
    sizes = _exact_spread(args, starred, node) if spread and starred else None
    rank = (
        _factory_rank(qual, fk, sizes, state)
        if sizes is not None
        else None
        if spread
        else _factory_rank(qual, fk, args, state)
    )
    t = Tensor(
        dtype=dtype,
        rg=rg,
        leaf=Tri.YES,
        device=device,
        rank=rank,
        root=oid,
        why_dtype=why_dtype,
        why_rg=why_rg,
        why_leaf=ip.why(node, f"`{short(qual)}(...)` creates a leaf"),
        why_device=ip.why(node, f"`{text}`") if device else None,
        temporary=True,
        origin=ip.why(node, text),
        inference=state.grad is GradMode.INFERENCE,
        interval=_factory_interval(qual, args),
        image=rank in (3, 4)
        and (
            _image_sizes(qual, node)
            or (bool(args) and isinstance(args[0][1], NP.NumpyArray) and args[0][1].image)
        ),
    )
    if qual in ("torch.tensor", "torch.as_tensor") and args and isinstance(args[0][1], TRef):
        src = state.tensor(args[0][1])
        # torch.tensor(t) copies the data and cuts the graph: a leaf that does not require grad.
        t = t.evolve(
            dtype=dtype if explicit else src.dtype,
            why_rg=ip.why(node, f"`{text}` copies the data out of the graph")
            if rg is Tri.NO
            else t.why_rg,
        )
    if short(qual) == "eye":
        # An identity matrix is 0/1: `dist * (1 - torch.eye(n))` discards the diagonal as a
        # mask would (true where the matrix is nonzero).
        t = t.evolve(mask=Mask(oid, "!=", 0.0, text, False, dtype != BOOL))
    if fk.legacy and (
        (args and (len(args) > 1 or all(const_type(v) is int for _, v in args)))
        or any(isinstance(a, ast.Starred) for a in node.args)
    ):
        # `torch.FloatTensor(10)`: sizes, so the memory is whatever was there until written
        # (two or more arguments are always sizes: data comes as one; a spread one,
        # `FloatTensor(*p.shape)`, is spread into sizes).
        t = t.evolve(uninit=ip.why_code(node, "{}"))
    state.heap[oid] = t
    # New storage at this site (the next iteration's `mask = torch.ones(...)`): what an op
    # saved of the previous tensor made here belongs to that one (see `apply_op`).
    state.saved.pop(oid, None)
    ref = TRef(oid)
    if fk.legacy and ip.wants(LegacyUse):
        ip.emit(
            LegacyUse(
                node,
                ip.stmt,
                "typed_constructor",
                qual,
                tuple(ip.operand(n, v, state) for n, v in args),
                {k: ip.operand(n, v, state) for k, (n, v) in kwargs.items()},
            )
        )
    if rg_flag and ip.wants(RequiresGradSet):
        ip.emit(RequiresGradSet(node, ip.stmt, ip.operand(node, ref, state), "factory", node))
    if rg_flag:
        state.heap[oid] = _meant_float(t)
    _emit_call(ip, qual, None, args, kwargs, ref, node, state)
    return ref


_SIZED_FACTORIES: Final = frozenset(
    {"zeros", "ones", "empty", "rand", "randn", "new_zeros", "new_ones", "new_empty"}
)


def _image_sizes(qual: str, node: ast.Call) -> bool:
    """`torch.zeros(3, size, size)`, `torch.rand(1, 224, 224)`: a (C, H, W) image."""
    if short(qual) not in _SIZED_FACTORIES:
        return False
    sizes = node.args
    if len(sizes) == 1 and isinstance(sizes[0], ast.Tuple | ast.List):
        sizes = sizes[0].elts
    # `torch.rand(n, 3, size, size)`: a batch of such images, each of them one
    return NP.image_dims(list(sizes[-3:]) if len(sizes) == 4 else list(sizes))


def _factory_interval(qual: str, args: Args) -> Interval | None:
    name = short(qual)
    if name in ("ones", "ones_like", "new_ones"):
        return Interval(1.0, 1.0)
    if name in ("zeros", "zeros_like", "new_zeros"):
        return Interval(0.0, 0.0)
    if name in ("rand", "rand_like"):
        return Interval(0.0, 1.0, hi_open=True)
    if name in ("full", "full_like", "new_full") and len(args) > 1:
        v = const_number(args[1][1])
        if v is not None:
            return Interval(v, v)
    if (
        name in ("tensor", "as_tensor", "new_tensor")
        and args
        and (v := const_number(args[0][1])) is not None
    ):
        return Interval(v, v)  # `torch.tensor(1e-12)`: that one number
    if name == "arange" and args:
        # `arange(n)` counts up from 0, `arange(1, n)` from 1 (with a positive step)
        start = const_number(args[0][1]) if len(args) > 1 else 0.0
        step = const_number(args[2][1]) if len(args) > 2 else 1.0
        if start is not None and step is not None and step > 0:
            return Interval(start, None)
    return None


# Factories whose arguments are not sizes and whose result is a vector.
_ONE_DIMENSIONAL: Final = frozenset(
    {
        "arange",
        "linspace",
        "logspace",
        "randperm",
        "fftfreq",
        "rfftfreq",
        "hann_window",
        "hamming_window",
        "blackman_window",
        "bartlett_window",
        "kaiser_window",
    }
)


def _factory_rank(qual: str, fk: K.FactoryFacts, args: Args, state: State) -> int | None:
    name = short(qual)
    if name in ("new_zeros", "new_ones", "new_empty", "new_full"):
        # `x.new_zeros(b, t, f)`: the receiver gives dtype and device, the arguments sizes
        sizes = args[:1] if name == "new_full" else args
        return shape_rank([v for _, v in sizes]) if sizes else None
    if name == "new_tensor":
        if not args:
            return None
        rank = NP.literal_rank(args[0][0])
        return rank if rank is not None else _value_rank(args[0][1])
    if fk.like:
        return state.tensor(args[0][1]).rank if args and isinstance(args[0][1], TRef) else None
    if (
        name in ("tensor", "as_tensor", "Tensor", "from_numpy")
        or (fk.infers_from_data and name not in ("full", "arange"))
        or (fk.legacy and len(args) == 1 and isinstance(args[0][1], Seq))
    ):  # data, not sizes (`torch.FloatTensor(labels)` is a vector of the labels)
        if not args:
            return None
        rank = NP.literal_rank(args[0][0])
        return rank if rank is not None else _value_rank(args[0][1])
    if name in _ONE_DIMENSIONAL:
        return 1
    if name == "scalar_tensor":
        return 0  # its argument is the value, not a size
    if name == "eye":
        return 2
    if name in ("full", "randint"):
        size_arg = (args[0] if name == "full" else args[-1]) if args else None
        if size_arg is not None and isinstance(size_arg[1], Seq):
            return shape_rank([size_arg[1]])
        return None
    return shape_rank([v for _, v in args])  # `torch.randn(len(xs), 6)`: sizes, known or not


def _value_rank(value: Value) -> int | None:
    """The rank of Python data known by value (`labels = [0, 2, 1]; torch.tensor(labels)`)."""
    if isinstance(value, NP.NumpyArray):
        return value.rank
    depth = 0
    while isinstance(value, Seq):
        if not value.items:
            return depth + 1
        depth += 1
        value = value.items[0]
    if const_type(value) in (int, float, bool):
        return depth
    return None


def _data_dtype(fk: K.FactoryFacts, args: Args, state: State) -> frozenset[str] | None:
    if not args:
        return frozenset({fk.default_dtype}) if fk.default_dtype else None
    cats: set[str] = set()
    for node, value in args[:2] if short(fk.key) in ("full", "arange") else args[:1]:
        if short(fk.key) == "full" and node is args[0][0]:
            continue
        if not _scalar_categories(node, value, cats):
            return None
    if short(fk.key) == "arange":
        cats = set()
        for node, value in args:
            if not _scalar_categories(node, value, cats):
                return None
    if not cats:
        return None
    for cat in ("complex", "float", "int", "bool"):
        if cat in cats:
            dt = fk.data_dtypes.get(cat)
            return frozenset({dt}) if dt else None
    return None


def _scalar_categories(node: ast.expr | None, value: Value, cats: set[str]) -> bool:
    """Collect the Python scalar categories in literal data; False if not literal."""
    if isinstance(node, ast.List | ast.Tuple):
        # the display's values where known (`[init_box]` of a list of ints it was given)
        items = (
            value.items
            if isinstance(value, Seq) and len(value.items) == len(node.elts)
            else (UNKNOWN,) * len(node.elts)
        )
        return all(
            _scalar_categories(e, item, cats) for e, item in zip(node.elts, items, strict=True)
        )
    if isinstance(value, Seq) and value.items:
        # `[float(r["y"]) for r in rows]`, `edges += [(i, j)]` in a loop: numbers of a known
        # type, nested in lists and tuples
        return all(_scalar_categories(None, item, cats) for item in value.items)
    if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
        node = node.operand
    v = (
        node.value
        if isinstance(node, ast.Constant)
        else (value.value if isinstance(value, Const) else None)
    )
    kind = const_type(value)
    if (kind is int or kind is float) and not isinstance(node, ast.Constant):
        v = kind(0)  # `torch.arange(x.size(1))`: an int of unknown value
    if isinstance(v, bool):
        cats.add("bool")
    elif isinstance(v, int):
        cats.add("int")
    elif isinstance(v, float):
        cats.add("float")
    elif isinstance(v, complex):
        cats.add("complex")
    else:
        return False
    return True


def _variable(
    ip: Interpreter, qual: str, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> Value:
    if ip.wants(LegacyUse):
        what = "volatile" if "volatile" in kwargs else "Variable"
        ip.emit(
            LegacyUse(
                node,
                ip.stmt,
                what,
                qual,
                tuple(ip.operand(n, v, state) for n, v in args),
                {k: ip.operand(n, v, state) for k, (n, v) in kwargs.items()},
            )
        )
    if not args or not isinstance(args[0][1], TRef):
        return UNKNOWN
    src = state.tensor(args[0][1])
    if "requires_grad" in kwargs:
        v = kwargs["requires_grad"][1]
        if isinstance(v, Const) and v.value is True:
            oid = ip.graph.alloc(id(node), ip.frame.context)
            state.heap[oid] = src.evolve(
                rg=Tri.YES,
                leaf=src.leaf,
                root=src.root,
                why_rg=ip.why_code(node, "`{}` requires grad"),
                temporary=True,
            )
            return TRef(oid)
    return args[0][1]


def _torch_op(
    ip: Interpreter,
    qual: str,
    op: K.OpFacts,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    name = short(qual)
    inplace_kw = kwargs.get("inplace")
    wants_inplace = op.inplace or (
        inplace_kw is not None and isinstance(inplace_kw[1], Const) and inplace_kw[1].value is True
    )
    if op.no_grad_mutation:
        return args[0][1] if args else UNKNOWN
    if wants_inplace and args and isinstance(args[0][1], TRef):
        label = f"{name}(inplace=True)" if not op.inplace else name
        value = args[1] if len(args) > 1 else None
        return inplace_write(
            ip,
            args[0][1],
            args[0][0],
            label,
            "inplace_kwarg" if not op.inplace else "function",
            value,
            node,
            state,
            op,
        )
    inputs = [make_input(ip, n, v, state) for n, v in args]
    if (
        name in ("cat", "concat", "concatenate", "stack", "hstack", "vstack")
        and args
        and isinstance(args[0][1], Seq)
    ):
        inputs = [make_input(ip, None, v, state) for v in args[0][1].items]
    for key in ("input", "other", "target"):
        if key in kwargs and not args:
            inputs.append(make_input(ip, kwargs[key][0], kwargs[key][1], state))
    loss = K.loss(qual)
    if loss is not None:
        return NN.functional_loss(ip, qual, op, loss, args, kwargs, node, state)
    chosen = _kw_dtype(kwargs, name, args[1:])
    ref: Value = apply_op(ip, qual, op, inputs, node, state, explicit_dtype=chosen)
    ref = _values_indices(ip, name, ref, args[1:], kwargs, node, state)
    ref = _tuple_result(ip, name, op, ref, node, state)
    if name == "meshgrid":
        ref = _meshgrid(ip, args, ref, node, state)
    elif name == "gradient" and qual == "torch.gradient":
        ref = _gradients(ip, args, ref, node, state)
    if name == "where" and len(args) == 1 and not kwargs and isinstance(ref, TRef):
        ref = _coordinates(ip, ref, node, state)
    elif name == "where" and len(args) == 3 and isinstance(ref, TRef):
        _where(ip, args, ref, node, state)
    elif name == "masked_fill" and len(args) >= 3:
        _masked_fill(ip, args[0], args[1], node, state, ref, args[2][1])
    elif (
        name in _METHOD_COMPARISONS
        and len(args) == 2
        and isinstance(args[0][1], TRef)
        and isinstance(ref, TRef)
    ):
        _compared(ip, name, args[0][1], args[1][1], ref, node, state)
    _emit_call(ip, qual, None, args, kwargs, ref, node, state)
    return ref


_ALWAYS_INDICES: Final = frozenset({"sort", "topk", "kthvalue", "mode", "cummax", "cummin"})
_INDICES_WITH_DIM: Final = frozenset({"max", "min", "median", "nanmedian"})


def _values_indices(
    ip: Interpreter,
    name: str,
    result: Value,
    rest: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    """`x.max(1)`, `torch.topk(x, k)`: a (values, indices) pair; indices are int64 and never require grad."""
    if not isinstance(result, TRef):
        return result
    if name in _INDICES_WITH_DIM:
        has_dim = "dim" in kwargs or any(
            isinstance(v, Const) and type(v.value) is int for _, v in rest[:1]
        )
        if not has_dim:
            return result
    elif name not in _ALWAYS_INDICES:
        return result
    oid = ip.graph.alloc((id(node), "indices"), ip.frame.context)
    values = state.tensor(result)
    why = ip.why_code(node, "the indices of `{}`")
    state.heap[oid] = _without_grad(oid, frozenset({"int64"}), values.device, values.rank, why)
    return Seq((result, TRef(oid)), "namedtuple")


def _meshgrid(ip: Interpreter, args: Args, result: Value, node: ast.Call, state: State) -> Value:
    """`yy, xx = torch.meshgrid(ys, xs)`: one grid per input (or per item of the one list
    given), each with as many dimensions as there are inputs."""
    given = args[0][1] if len(args) == 1 else None
    if isinstance(given, Seq) and given.kind == "listof":
        return result  # a list of unknown length
    count = len(given.items) if isinstance(given, Seq) else len(args)
    if not isinstance(result, TRef) or count < 1:
        return result
    first = state.tensor(result)
    # Two grids of one axis (`meshgrid(r, r)`, `meshgrid(arange(n), arange(n))`) are the
    # rows and columns of a square (H, W) plane: what is drawn on them (a disc mask, a
    # Gaussian) is one image plane (TL405). Two different axes may be (frequency, time).
    plane = count == 2 and _same_axis(args)
    grids: list[Value] = []
    for i in range(count):
        oid = ip.graph.alloc((id(node), "grid", i), ip.frame.context)
        state.heap[oid] = first.evolve(rank=count, root=oid, image=plane)
        grids.append(TRef(oid))
    return Seq(tuple(grids), "tuple")


def _same_axis(args: Args) -> bool:
    """`meshgrid(r, r)`, `meshgrid(arange(n), arange(n))`: one axis given twice, as the same
    tensor or the same expression."""
    if len(args) != 2:
        return False
    (na, va), (nb, vb) = args
    if isinstance(va, TRef) and va == vb:
        return True
    return na is not None and nb is not None and ast.dump(na) == ast.dump(nb)


def _gradients(ip: Interpreter, args: Args, result: Value, node: ast.Call, state: State) -> Value:
    """`torch.gradient(v, spacing=h, dim=0)`: a tuple of derivatives, one per dimension
    asked for, each shaped as the input (`[0]` of it keeps the input's rank)."""
    given = args[0][1] if args else None
    if not isinstance(result, TRef) or not isinstance(given, TRef):
        return result
    oid = ip.graph.alloc((id(node), "gradient"), ip.frame.context)
    state.heap[oid] = state.tensor(result).evolve(rank=state.tensor(given).rank, root=oid)
    return Seq((TRef(oid),), "listof")


def rank_from_shape_unpack(
    ip: Interpreter, target: ast.Tuple, value: ast.Attribute | ast.Call, state: State
) -> None:
    """`_, h, w = img.shape` (or `img.size()`) says `img` has three dimensions: a tensor of
    unknown rank gets it, and a parameter the analysis knew nothing about becomes a tensor
    with only its rank known (`img` of a helper analysed alone)."""
    if isinstance(value, ast.Call):
        if value.args or value.keywords or not isinstance(value.func, ast.Attribute):
            return
        if value.func.attr != "size":
            return
        base = value.func.value
    elif value.attr == "shape":
        base = value.value
    else:
        return
    if not isinstance(base, ast.Name) or any(isinstance(e, ast.Starred) for e in target.elts):
        return
    rank = len(target.elts)
    known = ip.lookup(base.id, state)
    if isinstance(known, TRef):
        t = state.tensor(known)
        if t.rank != rank:  # the unpacking succeeded: it has exactly that many
            state.heap[known.oid] = t.evolve(rank=rank)
    elif known is UNKNOWN and base.id in state.env and _is_parameter(ip, base.id):
        oid = ip.graph.alloc((id(value), "shape"), ip.frame.context)
        state.heap[oid] = Tensor(rank=rank, root=oid)
        state.env[base.id] = TRef(oid)


def one_number_kind(
    values: Sequence[Value], allowed: tuple[type, ...] = (int, float)
) -> Const | None:
    """Numbers all of one of the `allowed` types (values unknown): that type, as a constant."""
    kinds = {const_type(v) for v in values}
    kind = kinds.pop() if len(kinds) == 1 else None
    return Const(_TypeOnly(kind)) if values and kind in allowed else None


def number_kind(value: Value) -> Const | None:
    """An int or a float whose value does not matter: the kind of Python number `value`
    is (bool is not one), None for anything else."""
    kind = const_type(value)
    if kind is int:
        return SOME_INT
    if kind is float:
        return SOME_FLOAT
    return None


def _any_entry(ip: Interpreter, found: DictObj, node: ast.expr, state: State) -> Value:
    """`preds[task]` with the key unknown: when every entry is a tensor, a tensor with what
    they have in common (made here: which one it is stays unknown)."""
    values = list(found.attrs.values())
    if (
        found.exact
        and values
        and all(v == values[0] for v in values[1:])
        and not isinstance(values[0], TRef)
    ):
        return values[0]  # `REGISTRY[name]` with one class registered: that class
    number = one_number_kind(values) if found.exact else None
    if number is not None:
        return number  # `LANGS[lang]` of `{"en": 0, "de": 1}`: one of its ints
    if not found.exact or not values or not all(isinstance(v, TRef) for v in values):
        return UNKNOWN
    tensors = [state.tensor(v) for v in values if isinstance(v, TRef)]
    joined = tensors[0]
    graph_node = joined.node
    for t in tensors[1:]:
        joined = joined.join(t)
        graph_node = ip.graph.phi_node(graph_node, t.node)
    oid = ip.graph.alloc(id(node), ip.frame.context)
    state.heap[oid] = joined.evolve(root=oid, node=graph_node, is_view=False, param_of=None)
    return TRef(oid)


def _dict_method(
    receiver: ObjRef, found: DictObj, name: str, args: Args, kwargs: Kwargs, state: State
) -> Value:
    """`d.items()`, `d.values()`, `d.keys()` (every entry, when they are all known), `d.get(k)`;
    methods that change it (`update`, `pop`, `setdefault`, `clear`) leave its entries unknown."""
    entries = found.attrs
    if name == "get" and args:
        key = args[0][1]
        if isinstance(key, Const) and type(key.value) is str and key.value in entries:
            return entries[key.value]
        if len(args) > 1 and (found.exact or found.values is not None):
            # `vocab.get(word, vocab["<unk>"])` of a vocabulary of ints: an int either way
            present: list[Value] = [] if found.values is None else [found.values]
            number = one_number_kind([*entries.values(), *present, args[1][1]])
            if number is not None:
                return number
        return UNKNOWN
    if name in ("items", "values", "keys") and not args:
        alike = found.values
        if not found.exact and not entries and isinstance(alike, TRef) and name != "keys":
            # a dict comprehension of tensors: one tensor stands for every entry
            if name == "values":
                return Seq((alike,), "listof")
            return Seq((Seq((UNKNOWN, alike), "tuple"),), "listof")
        if not found.exact:
            return UNKNOWN
        if name == "keys":
            return Seq(tuple(Const(k) for k in entries), "list")
        if name == "values":
            return Seq(tuple(entries.values()), "list")
        return Seq(tuple(Seq((Const(k), v), "tuple") for k, v in entries.items()), "list")
    if name in ("update", "pop", "popitem", "setdefault", "clear"):
        state.heap[receiver.oid] = DictObj(None, {}, exact=False)
    return UNKNOWN


def _coordinates(ip: Interpreter, result: TRef, node: ast.Call, state: State) -> Value:
    """`rows, cols = torch.where(mask)`: one int64 vector of indices per dimension of the
    condition, on its device, never requiring grad."""
    cond = state.tensor(result)
    oid = ip.graph.alloc((id(node), "coordinates"), ip.frame.context)
    why = ip.why_code(node, "the indices of `{}`")
    state.heap[oid] = _without_grad(oid, frozenset({"int64"}), cond.device, 1, why)
    return Seq((TRef(oid),), "listof")


def _without_grad(oid: int, dtype: DType, device: str | None, rank: int | None, why: Why) -> Tensor:
    """A fresh tensor that never requires grad (indices, an `info` code), made at `why`."""
    return Tensor(
        dtype=dtype,
        rg=Tri.NO,
        leaf=Tri.YES,
        device=device,
        rank=rank,
        root=oid,
        why_dtype=why,
        why_rg=why,
        why_leaf=why,
        origin=why,
    )


def _is_parameter(ip: Interpreter, name: str) -> bool:
    """`name` is a parameter of the function being analysed (`def resize(img, ...)`)."""
    func = ip.frame.func
    node = func.node if func is not None else None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    return any(a.arg == name for a in (*node.args.posonlyargs, *node.args.args))


def _tuple_result(
    ip: Interpreter, name: str, op: K.OpFacts | None, result: Value, node: ast.Call, state: State
) -> Value:
    """An op whose result is a fixed tuple (`L, info = torch.linalg.cholesky_ex(A)`, `Q, R =
    torch.linalg.qr(A)`): one tensor per output, with the dtype and requires_grad torch gives
    it (the generated `OpFacts.outputs`). `max`/`min` return a pair only with `dim`: see
    `_values_indices`."""
    if (
        op is None
        or not isinstance(result, TRef)
        or len(op.outputs) < 2
        or name in _INDICES_WITH_DIM
    ):
        return result
    first = state.tensor(result)
    items: list[Value] = []
    for i, out in enumerate(op.outputs):
        if i == 0 and out.dtype == "input" and out.requires_grad:
            items.append(result)
            continue
        oid = ip.graph.alloc((id(node), "output", i), ip.frame.context)
        why = ip.why_code(node, f"`{out.name}` of `{{}}`")
        dtype = (
            first.dtype
            if out.dtype == "input"
            else None
            if out.dtype == "unknown"
            else frozenset({out.dtype})
        )
        if out.requires_grad:
            state.heap[oid] = first.evolve(
                dtype=dtype, rank=None, root=oid, is_view=False, why_dtype=why, origin=why
            )
        else:
            state.heap[oid] = _without_grad(oid, dtype, first.device, None, why)
        items.append(TRef(oid))
    return Seq(tuple(items), "namedtuple", tuple(o.name for o in op.outputs))


def _autograd_api(
    ip: Interpreter,
    qual: str,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    outputs = (
        args[0][1] if args else kwargs.get("outputs", kwargs.get("tensors", (None, UNKNOWN)))[1]
    )
    out_node = args[0][0] if args else None
    refs = (
        [outputs]
        if isinstance(outputs, TRef)
        else [v for v in outputs.items if isinstance(v, TRef)]
        if isinstance(outputs, Seq)
        else []
    )
    # `grad(loss, params, **opts)`, `grad(loss, params, None, True)`: not known to free it
    spread = bool(starred) or len(args) > 3
    retain = None if spread else _retain(kwargs)
    for ref in refs:
        backward(
            ip,
            ref,
            out_node,
            node,
            state,
            retain,
            "autograd.grad" if qual.endswith("grad") else "backward",
        )
    if not qual.endswith(".grad"):
        _fills_grad_of(kwargs.get("inputs", (None, None))[1], state)  # autograd.backward
    if qual.endswith(".grad"):
        inputs = args[1][1] if len(args) > 1 else kwargs.get("inputs", (None, UNKNOWN))[1]
        n = len(inputs.items) if isinstance(inputs, Seq) and inputs.kind != "listof" else 1
        flag = kwargs.get("create_graph", (None, Const(False)))[1]
        # without a graph unless `create_graph` is known to be off (`create_graph=not first_order`)
        create = spread or not (isinstance(flag, Const) and flag.value in (False, None))
        # `create_graph=True`: the gradients have a graph of their own, built from the
        # loss's (a Hessian-vector product backpropagates through it, and frees it)
        sources = tuple(g for r in refs if (g := state.tensor(r).node) is not None)
        graph_node = (
            ip.graph.add(ip.why_code(node, "{}"), None, True, sources)
            if isinstance(flag, Const) and flag.value is True and sources
            else None
        )
        # Through a module whose parameters require grad (a critic's gradient penalty, MAML's
        # inner step), the gradients depend on those parameters: they require grad. Through
        # a function linear in its inputs alone they may be constants.
        through_parameters = (
            graph_node is not None
            and bool(ip.parameter_nodes)
            and any(n in ip.parameter_nodes for n in ip.graph.ancestors(graph_node))
        )
        why_graph = (
            ip.why(node, "`create_graph=True` gives gradients with a graph through the parameters")
            if through_parameters
            else None
        )
        wrt = (
            [inputs]
            if isinstance(inputs, TRef)
            else list(inputs.items)
            if isinstance(inputs, Seq) and inputs.kind != "listof"
            else []
        )
        outs: list[Value] = []
        for i in range(n):
            oid = ip.graph.alloc(id(node) * 7 + i, ip.frame.context)
            why = ip.why(node, "a gradient from `torch.autograd.grad`")
            # each gradient has its input's dtype, device and shape
            given = wrt[i] if i < len(wrt) else None
            like = state.tensor(given) if isinstance(given, TRef) else None
            state.heap[oid] = Tensor(
                rg=Tri.YES if through_parameters else Tri.MAYBE if create else Tri.NO,
                leaf=Tri.NO if through_parameters else Tri.MAYBE if create else Tri.YES,
                root=oid,
                why_rg=why_graph if through_parameters else None if create else why,
                origin=why,
                node=graph_node,
                dtype=like.dtype if like else None,
                why_dtype=like.why_dtype if like else None,
                device=like.device if like else None,
                why_device=like.why_device if like else None,
                rank=like.rank if like else None,
            )
            outs.append(TRef(oid))
        return Seq(tuple(outs), "tuple")
    return Const(None)


def _retain(kwargs: Kwargs) -> bool | None:
    for key in ("retain_graph", "create_graph"):
        if key in kwargs:
            v = kwargs[key][1]
            if isinstance(v, Const) and v.value is True:
                return True
            if not (isinstance(v, Const) and v.value in (False, None)):
                return None
    return False


# =========================================================================== backward
def backward(
    ip: Interpreter,
    ref: TRef,
    tensor_node: ast.expr | None,
    node: ast.Call,
    state: State,
    retain: bool | None,
    api: str,
) -> None:
    t = state.tensor(ref)
    ancestors = ip.graph.ancestors(t.node)
    nodes = ip.graph.nodes
    freed: list[tuple[Why, str, bool]] = []
    hazards: list[Hazard] = []
    loops = ip.training.loops
    loop_start = loops[-1].first_node if loops else 0
    for n in ancestors:
        info = nodes[n]
        if info.saves and n in state.freed:
            freed.append((state.freed[n], info.op, n < loop_start))
        h = state.hazards.get(n)
        if h is not None:
            hazards.append(h)
    if ip.diagonal_singular and ip.wants(DiagonalNaN):
        for n in ancestors:
            found = ip.diagonal_singular.get(n)
            if found is not None:
                ip.emit(
                    DiagonalNaN(found.op, ip.stmt, node, found.zeros.pairing, found.zeros.source)
                )
    if ip.wants(BackwardCall):
        ip.emit(
            BackwardCall(
                node=node,
                stmt=ip.stmt,
                tensor=ip.operand(tensor_node, ref, state),
                retain_graph=retain,
                freed=tuple(freed),
                hazards=tuple(hazards),
                api=api,
                in_loop=ip.loop_depth > 0,
            )
        )
    if retain is False and t.rg is not Tri.NO:
        why = ip.why_code(node, "{}")
        for n in ancestors:
            if nodes[n].saves and n not in state.freed:
                state.freed[n] = why
    NN.note_backward(ip, ref, node, state, ancestors)


# =========================================================================== tensor methods
def tensor_method(
    ip: Interpreter,
    ref: TRef,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    t = state.tensor(ref)
    qual = f"Tensor.{name}"
    if t.uninit is not None and name in _WRITES_POSITIONS:
        # `inv.scatter_(0, perm, torch.arange(n))`: which elements it writes depends on the
        # index (a permutation writes them all), and it reads none of them
        _initialised(state, ref)
        t = state.tensor(ref)
    if name in _SHARES_STORAGE:
        _escape_value(ref, state)  # `t.numpy()` and the like: written where we cannot see
    if name == "backward":
        if t.rg is Tri.MAYBE and state.grad.records is not Tri.NO:
            # Only a tensor that requires grad can be backpropagated (`loss` of an unknown
            # model and criterion): from here on, it is one.
            why = ip.why_code(node, "`{}` backpropagates through it")
            graph_node = t.node
            if graph_node is None:
                graph_node = ip.graph.add(why, ip.text(recv_node) if recv_node else None, False, ())
            t = t.evolve(rg=Tri.YES, why_rg=why, node=graph_node)
            state.heap[ref.oid] = t
        retain = _retain(kwargs)
        if len(args) > 1:
            v = args[1][1]
            retain = (
                True
                if isinstance(v, Const) and v.value is True
                else (False if isinstance(v, Const) and not v.value else None)
            )
        if any(k.arg is None for k in node.keywords) or any(
            isinstance(a, ast.Starred) for a in node.args
        ):
            retain = None  # `loss.backward(**opts)`
        backward(ip, ref, recv_node, node, state, retain, "backward")
        grad_inputs = args[3][1] if len(args) > 3 else kwargs.get("inputs", (None, None))[1]
        _fills_grad_of(grad_inputs, state)
        return Const(None)
    if name == "requires_grad_":
        flag = True
        if args or "requires_grad" in kwargs:
            v = args[0][1] if args else kwargs["requires_grad"][1]
            flag = bool(v.value) if isinstance(v, Const) else True
        explicit = (
            (args[0][1] if args else kwargs["requires_grad"][1])
            if (args or "requires_grad" in kwargs)
            else None
        )
        if t.params_of is not None and isinstance(explicit, Const):
            # `for p in m.parameters(): p.requires_grad_(False)`: the module is frozen.
            NN.freeze(ip, t.params_of, flag, node, state)
            return ref
        if flag:
            if ip.wants(RequiresGradSet):
                ip.emit(
                    RequiresGradSet(
                        node, ip.stmt, ip.operand(recv_node, ref, state), "requires_grad_"
                    )
                )
            state.heap[ref.oid] = _meant_float(
                t.evolve(
                    rg=Tri.YES,
                    why_rg=ip.why_code(node, "`{}` sets requires_grad"),
                    # `x.clone().requires_grad_(True) * s`: a leaf no name holds yet, as a
                    # factory's is (what converts it loses it: TL104)
                    temporary=t.temporary
                    or (isinstance(recv_node, ast.Call) and t.leaf is Tri.YES),
                )
            )
        else:
            state.heap[ref.oid] = t.evolve(
                rg=Tri.NO if t.leaf is Tri.YES else t.rg,
                why_rg=ip.why(node, "`requires_grad_(False)`"),
            )
        return ref
    if name == "retain_grad":
        state.heap[ref.oid] = t.evolve(retains_grad=True)
        return Const(None)
    if name == "detach":
        oid = ip.graph.alloc(id(node), ip.frame.context)
        why = ip.why_code(node, "`{}` cuts the graph")
        state.heap[oid] = Tensor(
            dtype=t.dtype,
            rg=Tri.NO,
            leaf=Tri.YES,
            device=t.device,
            rank=t.rank,
            root=t.root,
            why_dtype=t.why_dtype,
            why_rg=why,
            why_leaf=why,
            why_device=t.why_device,
            interval=t.interval,
            mask=t.mask,
            is_view=True,
            origin=why,
        )
        _emit_call(ip, qual, (recv_node, ref), args, kwargs, TRef(oid), node, state)
        return TRef(oid)
    if name == "detach_":
        why = ip.why_code(node, "`{}` cuts the graph")
        state.heap[ref.oid] = t.evolve(rg=Tri.NO, leaf=Tri.YES, node=None, why_rg=why, why_leaf=why)
        return ref
    if name == "numpy":
        _emit_call(ip, qual, (recv_node, ref), args, kwargs, UNKNOWN, node, state)
        return NP.NumpyArray(
            next(iter(t.dtype)) if t.dtype and len(t.dtype) == 1 else None, node.lineno, t.rank
        )
    if name in ("item", "tolist", "__float__", "__int__"):
        _emit_call(ip, qual, (recv_node, ref), args, kwargs, UNKNOWN, node, state)
        if name == "item":
            return NN.number_like(t)
        return _listed_numbers(t) if name == "tolist" else UNKNOWN
    if name in _CONVERSIONS or name in ("to", "type", "cuda", "cpu"):
        return _convert(ip, ref, t, recv_node, name, args, kwargs, node, state)
    if name in ("new_zeros", "new_ones", "new_empty", "new_full", "new_tensor"):
        fk = K.factory(qual)
        if fk is not None:
            out = _factory(ip, qual, fk, args, kwargs, node, state)
            if isinstance(out, TRef) and "dtype" not in kwargs:
                ot = state.tensor(out)
                state.heap[out.oid] = ot.evolve(
                    dtype=t.dtype, why_dtype=t.why_dtype, device=t.device
                )
            return out
    if name == "contiguous" and not args and t.leaf is Tri.YES and not t.is_view:
        return ref  # a leaf that is no view is contiguous: torch returns the tensor itself
    if name in ("is_floating_point", "is_complex") and not args and t.dtype and len(t.dtype) == 1:
        return _dtype_kind_test(next(iter(t.dtype)), name)  # `if target.is_floating_point():`
    if name in ("size", "dim", "numel", "ndimension", "nelement", "stride"):
        if name in ("dim", "ndimension") and t.rank is not None:
            return Const(t.rank)
        if name in ("size", "stride") and not args and not kwargs:
            return _shape(t)  # torch.Size: a tuple of ints
        return SOME_INT  # `x.size(1)`: an int, its value unknown
    op = _rounded_division(qual, kwargs) or K.op(qual)
    if op is not None and op.metadata_inplace:
        return ref
    if op is not None and op.inplace:
        if name == "zero_" and isinstance(recv_node, ast.Attribute) and recv_node.attr == "grad":
            ip.training.grad_cleared()
        # The written value: the first argument, or the source that requires grad where it
        # comes later (`index_add_(0, idx, msg)`, `scatter_add_(0, idx, src)`).
        given = (*args, *kwargs.values())
        source = _written_source(name, args, kwargs)
        value = next(
            (a for a in given if isinstance(a[1], TRef) and state.tensor(a[1]).rg is Tri.YES),
            # else the written source (`msg`, the fill value), never an index or a mask
            source if source is not None else (args[0] if args else None),
        )
        written = inplace_write(ip, ref, recv_node, name, "method", value, node, state, op)
        if name in _RESHAPING_INPLACE:
            _reshaped_in_place(ref, name, state)
        if name in ("clamp_", "clamp_min_", "clamp_max_", "clip_"):
            _clamped_in_place(ip, ref, recv_node, name, args, node, state)
        if name == "masked_fill_":
            # its mask is an operand with a device and a dtype of its own
            _emit_call(ip, qual, (recv_node, ref), args, kwargs, written, node, state)
        return written
    if name in ("register_hook", "register_post_accumulate_grad_hook", "apply_", "map_"):
        return UNKNOWN
    inputs = [make_input(ip, recv_node, ref, state)] + [
        make_input(ip, n, v, state) for n, v in args
    ]
    chosen = _kw_dtype(kwargs, name, args)
    result: Value = apply_op(ip, qual, op, inputs, node, state, explicit_dtype=chosen)
    result = _values_indices(ip, name, result, args[0:], kwargs, node, state)
    result = _tuple_result(ip, name, op, result, node, state)
    if name == "masked_fill" and len(args) >= 2:
        _masked_fill(ip, (recv_node, ref), args[0], node, state, result, args[1][1])
    elif name in _METHOD_COMPARISONS and len(args) == 1 and isinstance(result, TRef):
        _compared(ip, name, ref, args[0][1], result, node, state)
    _emit_call(ip, qual, (recv_node, ref), args, kwargs, result, node, state)
    return result


# `x.gt(0)`, `torch.gt(x, 0)`: the comparison operators as methods and functions.
_METHOD_COMPARISONS: Final = {
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "eq": "==",
    "ne": "!=",
    "less": "<",
    "less_equal": "<=",
    "greater": ">",
    "greater_equal": ">=",
    "not_equal": "!=",
}


def _compared(
    ip: Interpreter, name: str, x: TRef, other: Value, result: TRef, node: ast.AST, state: State
) -> None:
    """`x.gt(0)` is the mask `x > 0`, as the operator is (see `compare`)."""
    value = const_number(other)
    if value is None:
        return
    mask = Mask(state.tensor(x).root, _METHOD_COMPARISONS[name], value, ip.text(node))
    state.heap[result.oid] = state.tensor(result).evolve(dtype=BOOL, mask=mask)
    same_condition(ip, ("compare", mask.root, mask.op, value), result.oid)


# In-place methods that change a tensor's number of dimensions (the others keep it).
_RESHAPING_INPLACE: Final = frozenset(
    {"unsqueeze_", "squeeze_", "resize_", "resize_as_", "as_strided_", "set_", "flatten_"}
)


def _reshaped_in_place(ref: TRef, name: str, state: State) -> None:
    """`img.unsqueeze_(0)`: one more dimension; `squeeze_`, `resize_`...: unknown."""
    t = state.tensor(ref)
    rank = t.rank + 1 if name == "unsqueeze_" and t.rank is not None else None
    state.heap[ref.oid] = t.evolve(rank=rank)


def _clamped_in_place(
    ip: Interpreter,
    ref: TRef,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    node: ast.Call,
    state: State,
) -> None:
    """`p.data.clamp_(eps, 1 - eps)`: the storage now holds values within the bounds (the
    tensor itself and, through `.data` or a view, its base)."""
    inputs = [make_input(ip, recv_node, ref, state)] + [
        make_input(ip, n, v, state) for n, v in args
    ]
    lo, hi = clamp_bounds(name.rstrip("_"), node, inputs)
    if lo is None and hi is None:
        return
    bounds = Interval(lo, hi)
    t = state.tensor(ref)
    for oid in {ref.oid, t.root}:
        cell = state.heap.get(oid)
        if isinstance(cell, Tensor):
            state.heap[oid] = cell.evolve(interval=bounds)


def _convert(
    ip: Interpreter,
    ref: TRef,
    t: Tensor,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    if t.uninit is None:
        return _converted(ip, ref, t, recv_node, name, args, kwargs, node, state)
    # `torch.Tensor(n, k).to(device)`: the copy holds the same garbage, read or written later
    uninit = t.uninit
    t = t.evolve(uninit=None)
    state.heap[ref.oid] = t
    out = _converted(ip, ref, t, recv_node, name, args, kwargs, node, state)
    state.heap[ref.oid] = state.tensor(ref).evolve(uninit=uninit)
    if isinstance(out, TRef) and out != ref:
        state.heap[out.oid] = state.tensor(out).evolve(uninit=uninit)
    return out


def _converted(
    ip: Interpreter,
    ref: TRef,
    t: Tensor,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    dtype: str | None = _CONVERSIONS.get(name)
    device: str | None = None
    other: Tensor | None = None
    if name in ("to", "type"):
        for _, v in args:
            if isinstance(v, TRef):
                other = state.tensor(v)
            d = parse_dtype(v)
            if d is not None:
                dtype = d
            dev = parse_device(v)
            if dev is not None:
                device = dev
            if name == "type" and (legacy := legacy_type(v)) is not None:
                dtype, device = (
                    legacy  # `x.type(torch.FloatTensor)`, `.type("torch.cuda.LongTensor")`
                )
        if "dtype" in kwargs:
            dtype = parse_dtype(kwargs["dtype"][1])
        if "device" in kwargs:
            device = parse_device(kwargs["device"][1]) or "?"
        if other is not None:
            if other.dtype is not None and len(other.dtype) == 1:
                dtype = next(iter(other.dtype))
            device = other.device or "?"
        if name == "type" and not args and not kwargs:
            return Const(_TypeOnly(str))  # "torch.FloatTensor", which the analysis need not spell
        if dtype is None and device is None and not args and not kwargs:
            return ref
        unknown_target = any(
            not isinstance(v, TRef | Const | TorchName | Device)
            or (isinstance(v, Const) and isinstance(v.value, _TypeOnly))
            for _, v in args
        )
        unknown_target = unknown_target or any(
            not isinstance(v, Const | TorchName | Device)
            for k, (_, v) in kwargs.items()
            if k in ("dtype", "device")
        )
        if unknown_target:
            # `.to(x.dtype)` with an unknown `x`: the result's dtype and device are unknown.
            device = "?"
            dtype = "?"
    elif name == "cuda":
        device = "cuda"
    elif name == "cpu":
        device = "cpu"
    if dtype == "?":
        op = K.op("Tensor.to")
        out = apply_op(
            ip, f"Tensor.{name}", op, [make_input(ip, recv_node, ref, state)], node, state
        )
        ot = state.tensor(out)
        state.heap[out.oid] = ot.evolve(
            dtype=None, why_dtype=None, device=None, mask=t.mask, rank=t.rank
        )
        _emit_call(ip, f"Tensor.{name}", (recv_node, ref), args, kwargs, out, node, state)
        return out
    same_dtype = dtype is None or (t.dtype is not None and t.dtype == frozenset({dtype}))
    same_device = device is None or (device != "?" and t.device == device)
    if same_dtype and same_device:
        # A no-op conversion returns the tensor itself: a leaf stays a leaf (torch does the same).
        _emit_call(ip, f"Tensor.{name}", (recv_node, ref), args, kwargs, ref, node, state)
        return ref
    op = K.op(f"Tensor.{name}") or K.op("Tensor.to")
    inputs = [make_input(ip, recv_node, ref, state)]
    out = apply_op(ip, f"Tensor.{name}", op, inputs, node, state, explicit_dtype=dtype)
    ot = state.tensor(out)
    if dtype is None:
        ot = ot.evolve(dtype=t.dtype, why_dtype=t.why_dtype)
    if device is not None:
        ot = ot.evolve(
            device=None if device == "?" else device, why_device=ip.why_code(node, "`{}`")
        )
    # a conversion keeps the shape (`.cuda()`, `.cpu()`, `.to(device)` alike)
    ot = ot.evolve(
        mask=ot.mask or t.mask, singular=t.singular or ot.singular, image=t.image, rank=t.rank
    )
    if t.softmax is not None and (dtype is None or K.dtype_category(dtype) == "float"):
        # `probs.float()` after autocast: the same probabilities in another precision
        ot = ot.evolve(softmax=t.softmax, softmax_kind=t.softmax_kind)
    state.heap[out.oid] = ot
    _emit_call(ip, f"Tensor.{name}", (recv_node, ref), args, kwargs, out, node, state)
    return out


# =========================================================================== in-place writes
def _view_base(t: Tensor, ref: TRef, state: State) -> Tensor | None:
    """The base tensor a view shares its storage with (None for a tensor of its own)."""
    if not t.is_view or t.root == ref.oid:
        return None
    base = state.heap.get(t.root)
    return base if isinstance(base, Tensor) else None


def _added_in_place(
    t: Tensor, label: str, value: tuple[ast.expr | None, Value] | None
) -> Interval | None:
    """`sq += eps`, `sq.add_(1e-12)`: the bounds moved by a number (an epsilon the analysis
    cannot read keeps a non-negative tensor away from 0); any other write forgets them."""
    if t.interval is None or value is None or label not in ("+=", "add_"):
        return None
    c = const_number(value[1])
    if c is not None:
        return t.interval.shift(c)
    lo = t.interval.lo
    if not isinstance(value[1], TRef | Const) and lo is not None and lo >= 0:
        return POSITIVE
    return None


def inplace_write(
    ip: Interpreter,
    ref: TRef,
    target_node: ast.expr | None,
    label: str,
    kind: str,
    value: tuple[ast.expr | None, Value] | None,
    node: ast.AST,
    state: State,
    op: K.OpFacts | None,
    *,
    saves_written: bool | None = None,
) -> TRef:
    """`saves_written`: the op keeps the tensor it wrote for its backward (`relu_`, an
    in-place `nn.ReLU`); by default what the torch table says of `op`."""
    t = state.tensor(ref)
    if label == "fill_diagonal_" and value is not None and (const_number(value[1]) or 0) > 0:
        # `d2.fill_diagonal_(1.0)`: made safe on the diagonal, for a mask of `torch.eye`
        ip.where_guards[t.root] = ("eye", True)
    if ip.zero_diagonals:
        # `sq += eps`: no longer 0 on the diagonal (what is written is not followed)
        ip.zero_diagonals.pop(ref.oid, None)
        ip.zero_diagonals.pop(t.root, None)
    if label in _INIT_METHODS or kind == "setitem":
        if t.uninit is not None:
            t = t.evolve(uninit=None)
            state.heap[ref.oid] = t
        base = state.heap.get(t.root)
        if isinstance(base, Tensor) and base.uninit is not None:
            # `self.w.data.fill_(0)`: writing a view of the storage initialises the tensor itself.
            state.heap[t.root] = base.evolve(uninit=None)
    value_input = make_input(ip, value[0], value[1], state) if value is not None else None
    result_dtype = None
    if value_input is not None and _promotes(kind, op):
        result_dtype = promote([make_input(ip, target_node, ref, state), value_input])
    records = state.saved.get(t.root, ())
    roots: tuple[int, ...] = (t.root,)
    base_cell = state.heap.get(t.root)
    param_loop = (
        not records
        and isinstance(base_cell, Tensor)
        and base_cell.params_of is not None
        and _writes_weights(ip, node)
    )
    if param_loop and isinstance(base_cell, Tensor) and base_cell.params_of is not None:
        # `for p in model.parameters(): p.data.clamp_(...)`: `p` stands for every parameter,
        # so the write reaches whichever weight a forward pass saved.
        roots = tuple(NN.weight_cells(ip, base_cell.params_of, state))
        records = tuple(r for root in roots for r in state.saved.get(root, ()))
    if ip.wants(InplaceWrite):
        ip.emit(
            InplaceWrite(
                node=node,
                stmt=ip.stmt,
                target=ip.operand(target_node, ref, state),
                op=label,
                kind=kind,
                value=None if value is None else ip.operand(value[0], value[1], state),
                result_dtype=result_dtype,
                grad=state.grad,
                via_data=t.via_data,
                saved_by=tuple(r.why for r in records),
                view_of=_view_base(t, ref, state),
            )
        )
    if leaf_write_error(t, _view_base(t, ref, state), state.grad, t.via_data) is not None:
        # PyTorch raises before writing (TL101): the tensor keeps its facts and history, and
        # what it would have broken (a saved tensor, the graph) is not reported again.
        return ref
    why = ip.why_code(node, "{}")
    for rec in records:
        state.hazards[rec.node] = Hazard(
            rec,
            why,
            ip.text(target_node) if target_node is not None else "",
            t.via_data,
            t.origin,
            param_loop,
        )
    if records:
        for root in roots:
            state.saved.pop(root, None)
    elif t.via_data and target_node is not None:
        _unseen_write(ip, t, why, ip.text(target_node), state)
    # The written tensor now carries this op in its history (CopySlices / AddBackward...).
    vt = value_input.tensor if value_input is not None else None
    records_grad = state.grad.records is Tri.YES and not t.via_data
    becomes_rg = vt is not None and vt.rg is Tri.YES
    if records_grad and (t.rg is Tri.YES or becomes_rg):
        parents = tuple(n for n in (t.node, vt.node if vt is not None else None) if n is not None)
        if saves_written is None:
            saves_written = _saves_written(op, becomes_rg)
        new_node = ip.graph.add(why, ip.text(node), saves_written, parents)
        if saves_written:
            # `relu_` keeps what it wrote: a later in-place write to it breaks its backward
            text = ip.text(node)
            record_save(state, t.root, SaveRecord(new_node, text, why, text))
        rg_why = (
            t.why_rg
            if t.rg is Tri.YES
            else ip.why_code(node, "`{}` writes a tensor that requires grad into it")
        )
        state.heap[ref.oid] = t.evolve(
            node=new_node,
            rg=Tri.YES,
            leaf=Tri.NO if t.leaf is not Tri.YES or becomes_rg else t.leaf,
            why_rg=rg_why,
            singular=None,
            softmax=None,
            softmax_kind=None,
            interval=_added_in_place(t, label, value) if label in ("+=", "add_") else t.interval,
        )
        if t.is_view and t.root in state.heap:
            base = state.heap[t.root]
            if isinstance(base, Tensor):
                state.heap[t.root] = base.evolve(
                    node=ip.graph.add(
                        why,
                        ip.text(node),
                        False,
                        (*((base.node,) if base.node is not None else ()), new_node),
                    ),
                    rg=Tri.YES,
                    # `buf[:, :k].copy_(x)` with x requiring grad: buf gets a grad_fn too
                    leaf=Tri.NO if base.leaf is not Tri.YES or becomes_rg else base.leaf,
                )
    else:
        written = t.evolve(
            singular=None if kind != "setitem" else t.singular,
            softmax=None,
            softmax_kind=None,
            interval=_added_in_place(t, label, value),
        )
        if (
            t.rg is Tri.NO
            and value is not None
            and _may_require_grad(value[0], value[1], state)
            and not t.via_data
            and state.grad.records is not Tri.NO
        ):
            # `out.index_add_(0, dst, msg)`, `buf[i] = h` with `msg`/`h` maybe a tensor that
            # requires grad (a parameter of the function): so may the buffer
            written = written.evolve(rg=Tri.MAYBE, leaf=Tri.MAYBE, why_rg=None, why_leaf=None)
        state.heap[ref.oid] = written
    return ref


def _fills_grad_of(inputs: Value | None, state: State) -> None:
    """`score.backward(inputs=[acts])`: backward fills the `.grad` of the tensors named,
    non-leaves included (Grad-CAM's activations), as `retain_grad()` would."""
    items = inputs.items if isinstance(inputs, Seq) else (inputs,)
    for item in items:
        if isinstance(item, TRef):
            state.heap[item.oid] = state.tensor(item).evolve(retains_grad=True)


def _may_require_grad(node: ast.expr | None, value: Value, state: State) -> bool:
    """A tensor that may require grad, or a value that may be such a tensor (not a number
    by how it is written: `loss.item()`, `float(s)`, `len(xs)`)."""
    if isinstance(value, TRef):
        return state.tensor(value).rg is Tri.MAYBE
    if not isinstance(value, Unknown):
        return False
    if isinstance(node, ast.Call):
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        return called not in _GIVES_NUMBERS
    return not isinstance(node, ast.Constant)


_GIVES_NUMBERS: Final = frozenset(
    {"item", "tolist", "numel", "dim", "size", "float", "int", "bool", "len", "round"}
)

# Where an in-place method takes the values it writes, when not its first argument: an
# index or a mask that may be unknown never makes the written tensor require grad.
_SOURCE_ARGUMENT: Final = {
    "index_add_": (2, "source"),
    "index_copy_": (2, "source"),
    "index_fill_": (2, "value"),
    "index_put_": (1, "values"),
    "index_reduce_": (2, "source"),
    "scatter_": (2, "src"),
    "scatter_add_": (2, "src"),
    "scatter_reduce_": (2, "src"),
    "masked_fill_": (1, "value"),
    "masked_scatter_": (1, "source"),
    "put_": (1, "source"),
}


def _written_source(name: str, args: Args, kwargs: Kwargs) -> tuple[ast.expr | None, Value] | None:
    """The argument an in-place method writes from (`msg` of `index_add_(0, dst, msg)`)."""
    position, keyword = _SOURCE_ARGUMENT.get(name, (0, ""))
    if position < len(args):
        return args[position]
    if keyword and keyword in kwargs:
        return kwargs[keyword]
    if name == "scatter_" and "value" in kwargs:
        return kwargs["value"]
    return None


def _saves_written(op: K.OpFacts | None, value_rg: bool) -> bool:
    """The in-place op saves the tensor it wrote (its input 0, as torch measured it)."""
    if op is None or not op.inplace:
        return False
    positions, _ = op.saved([True, value_rg])
    return 0 in positions


def _unseen_write(ip: Interpreter, t: Tensor, write: Why, text: str, state: State) -> None:
    """`tok.data.mul_(s)` on a layer's output (a non-leaf that requires grad): what comes
    after uses the new values, while the backward of the graph through it computes the
    gradients as if they were the old ones."""
    made = state.heap.get(t.root)
    if (
        not isinstance(made, Tensor)
        or made.node is None
        or made.rg is not Tri.YES
        or made.leaf is not Tri.NO
        or made.origin is None
        or made.node in state.hazards
    ):
        return
    rec = SaveRecord(made.node, made.origin.text, made.origin, text)
    state.hazards[made.node] = Hazard(rec, write, text, True, t.origin, unseen=True)


def _writes_weights(ip: Interpreter, node: ast.AST) -> bool:
    """A write to every parameter of a loop, or to those a condition picks by the name
    `weight` (biases and other picks are not known to be saved for backward)."""
    parents = ip.ctx.parents(node)
    cur = parents.get(id(node))
    while cur is not None and not isinstance(cur, ast.For | ast.AsyncFor | ast.While):
        if isinstance(cur, ast.If | ast.IfExp):
            test = ip.text(cur.test)
            if "weight" not in test and not _PICKS_MATRICES.fullmatch(test.strip()):
                return False
        cur = parents.get(id(cur))
    return True


# `if p.dim() > 1:`, `if p.ndim >= 2:`, `if len(p.shape) > 1:` (alone): weight matrices and
# kernels, not biases (a layer saves its weight to compute its input's gradient)
_PICKS_MATRICES: Final = re.compile(
    r"(?:\w+(?:\.dim\(\)|\.ndim|\.ndimension\(\))|len\(\s*\w+\.shape\s*\))\s*(?:>\s*1|>=\s*2)"
)


def _promotes(kind: str, op: K.OpFacts | None) -> bool:
    """Whether the out-of-place twin promotes dtypes (`add_`, `+=`), unlike `bernoulli_(p)`."""
    if kind == "augassign":
        return True
    if op is None or op.out_of_place is None:
        return False
    twin = K.op(f"Tensor.{op.out_of_place}") or K.op(f"torch.{op.out_of_place}")
    return twin is not None and twin.dtype_rule in ("promote", "int_to_float")


_INIT_METHODS: Final = frozenset(
    {
        "normal_",
        "uniform_",
        "fill_",
        "zero_",
        "copy_",
        "random_",
        "bernoulli_",
        "exponential_",
        "geometric_",
        "cauchy_",
        "log_normal_",
        "set_",
    }
)


_WRITES_POSITIONS: Final = frozenset(
    {"scatter_", "index_copy_", "index_fill_", "index_put_", "put_", "masked_scatter_"}
)


def _initialised(state: State, ref: TRef) -> None:
    t = state.tensor(ref)
    if t.uninit is not None:
        state.heap[ref.oid] = t.evolve(uninit=None)


def running_total(ip: Interpreter, stmt: ast.Assign, result: Value, state: State) -> None:
    """`total = total + loss` in a loop: the same running total as `total += loss`."""
    target = stmt.targets[0]
    expr: ast.expr = stmt.value
    last = ip.last_binop
    fixable = True
    if isinstance(expr, ast.IfExp) and last is not None and last[0] is expr.orelse:
        # `smooth = loss if smooth is None else 0.9 * smooth + 0.1 * loss`: the first
        # iteration starts the total from the loss itself, so `.item()` on one side is no fix
        expr, fixable = expr.orelse, False
    if (
        not isinstance(target, ast.Name | ast.Subscript | ast.Attribute)
        or last is None
        or last[0] is not expr
    ):
        return
    assert isinstance(expr, ast.BinOp)
    if not isinstance(expr.op, ast.Add):
        return
    _, left, right = last
    # `total = total + loss`, `per_task[t] = per_task[t] + loss`: the target read back;
    # `ema = 0.9 * ema + 0.1 * loss`: a running average still holds every graph
    written = ip.text(target, 200)
    if _reads_back(ip, expr.left, written):
        value, value_node = right, expr.right
    elif _reads_back(ip, expr.right, written):
        value, value_node = left, expr.left
    else:
        return
    ip.training.accumulate(
        target, value, result, stmt, "assign", state, value_node if fixable else None
    )


def _reads_back(ip: Interpreter, side: ast.expr, written: str) -> bool:
    """`side` is the running total, or the total scaled (`beta * total`, `total * beta`)."""
    if ip.text(side, 200) == written:
        return True
    return (
        isinstance(side, ast.BinOp)
        and isinstance(side.op, ast.Mult)
        and written in (ip.text(side.left, 200), ip.text(side.right, 200))
    )


def _listed_numbers(t: Tensor) -> Value:
    """`ids.tolist()`: nested lists of Python ints or floats, as deep as the tensor's rank
    (known for one integer or floating dtype only: bools and mixed facts stay unknown)."""
    if t.rank is None or t.rank < 1 or t.dtype is None or len(t.dtype) != 1:
        return UNKNOWN
    category = K.dtype_category(next(iter(t.dtype)))
    if category not in ("int", "float"):
        return UNKNOWN
    value: Value = SOME_INT if category == "int" else SOME_FLOAT
    for _ in range(t.rank):
        value = Seq((value,), "listof")
    return value


def _augmented_in_place(
    ip: Interpreter,
    current: TRef,
    target: ast.expr,
    stmt: ast.AugAssign,
    value: Value,
    op_name: str,
    state: State,
) -> None:
    """`x += v` on a tensor: `__iadd__` writes into it."""
    inplace_write(
        ip,
        current,
        target,
        _AUG_SYMBOL.get(type(stmt.op), "op="),
        "augassign",
        (stmt.value, value),
        stmt,
        state,
        K.op(f"Tensor.__i{op_name}__"),
    )
    if isinstance(value, TRef) and op_name in ("add", "sub"):
        NN.note_accumulate(ip, target, value, current, stmt, state)


def _dict_entry(found: DictObj, key: Value) -> Value | None:
    """`d["lr"]`: the entry under a key the analysis reads (or what every entry holds);
    `word2idx[w]`, `fast[name]` with the key unknown: what every entry holds, when that is
    known (a dict comprehension's ints or tensor). None: read `_any_entry`."""
    if isinstance(key, Const) and type(key.value) is str:
        return found.attrs.get(key.value, found.values or UNKNOWN)
    if found.values is not None and all(v == found.values for v in found.attrs.values()):
        return found.values
    return None


def _stored_tensor(container: Value, key: Value, state: State) -> Value:
    """The tensor `container[key]` holds, when the analysis knows it without running the
    subscript again: a dict's entry (or the tensor standing for all of a comprehension's),
    a list's item."""
    if isinstance(container, ObjRef) and isinstance(
        found := state.heap.get(container.oid), DictObj
    ):
        entry = _dict_entry(found, key)
        return entry if entry is not None else UNKNOWN
    if isinstance(container, Seq):
        if container.kind == "listof":
            return container.items[0]
        if (
            isinstance(key, Const)
            and type(key.value) is int
            and -len(container.items) <= key.value < len(container.items)
        ):
            return container.items[key.value]
    return UNKNOWN


def aug_assign(ip: Interpreter, stmt: ast.AugAssign, state: State) -> None:
    target = stmt.target
    op_name = _AUG_OPS.get(type(stmt.op))
    if isinstance(target, ast.Subscript):
        base = ip.eval(target.value, state)
        key = ip.eval(target.slice, state)
        value = ip.eval(stmt.value, state)
        if isinstance(base, TRef):
            read = make_input(ip, target.value, base, state)
            if read.tensor is not None and read.tensor.uninit is not None:
                # `counts[i, j] += 1` reads the element before writing it: garbage in.
                read_uninitialised(ip, read, stmt, state)
            _maybe_masked_setitem(ip, base, target, stmt, state)
            inplace_write(
                ip,
                base,
                target.value,
                f"[]{_AUG_SYMBOL.get(type(stmt.op), '=')}",
                "setitem",
                (stmt.value, value),
                stmt,
                state,
                None,
            )
        elif isinstance(entry := _stored_tensor(base, key, state), TRef) and op_name is not None:
            # `params[name] -= lr * g` with the entries tensors: `__isub__` on the entry,
            # which stays in the container
            _augmented_in_place(ip, entry, target, stmt, value, op_name, state)
            return
        elif isinstance(value, TRef) and op_name == "add":
            # `stats["loss"] += loss`: the dict or list item becomes a running tensor total.
            ip.training.accumulate(target, value, UNKNOWN, stmt, "augassign", state)
        if isinstance(base, ObjRef):
            found = state.heap.get(base.oid)
            if isinstance(found, DictObj):
                # `weight[w] *= 0.5`: the entry is no longer what was stored (an int may now
                # be a float)
                entries = dict(found.attrs)
                if isinstance(key, Const) and type(key.value) is str and key.value in entries:
                    entries[key.value] = UNKNOWN
                state.heap[base.oid] = DictObj(None, entries, found.exact, None)
        return
    current = ip.eval(target, state)
    value = ip.eval(stmt.value, state)
    if isinstance(current, TRef) and op_name is not None:
        _augmented_in_place(ip, current, target, stmt, value, op_name, state)
        return
    if isinstance(value, TRef) and op_name is not None:
        # `total += loss` where total is a number: total becomes a new tensor.
        result = apply_op(
            ip,
            f"Tensor.__r{op_name}__",
            K.op(f"Tensor.__r{op_name}__"),
            [make_input(ip, stmt.value, value, state), make_input(ip, target, current, state)],
            stmt,
            state,
        )
        NN.note_accumulate(ip, target, value, result, stmt, state)
        ip.assign(target, result, state, None)
        return
    if isinstance(current, NP.NumpyArray):
        return  # `k /= k.sum()`: numpy writes into the array, whose dtype stays
    ip.assign(target, _fold(current, value, stmt.op), state, None)


_AUG_OPS: Final[dict[type, str]] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Pow: "pow",
    ast.MatMult: "matmul",
    ast.Mod: "mod",
    ast.BitAnd: "and",
    ast.BitOr: "or",
    ast.BitXor: "xor",
}
_AUG_SYMBOL: Final[dict[type, str]] = {
    ast.Add: "+=",
    ast.Sub: "-=",
    ast.Mult: "*=",
    ast.Div: "/=",
    ast.FloorDiv: "//=",
    ast.Pow: "**=",
    ast.MatMult: "@=",
    ast.Mod: "%=",
    ast.BitAnd: "&=",
    ast.BitOr: "|=",
    ast.BitXor: "^=",
}


def _fold(a: Value, b: Value, op: ast.operator) -> Value:
    if isinstance(op, ast.Mult) and (isinstance(a, Seq) or isinstance(b, Seq)):
        return _repeated(a, b)
    if (
        isinstance(op, ast.Add)
        and isinstance(a, Seq)
        and isinstance(b, Seq)
        and a.kind == b.kind
        and a.kind in ("list", "tuple")
        and len(a.items) + len(b.items) <= _MAX_CONCAT
    ):
        return Seq((*a.items, *b.items), a.kind)  # `layers += [nn.Linear(...), nn.ReLU()]`
    if (
        isinstance(op, ast.Add)
        and isinstance(a, Seq)
        and isinstance(b, Seq)
        and ("listof" in (a.kind, b.kind) or "listmix" in (a.kind, b.kind))
        and {a.kind, b.kind} <= {"list", "listof", "listmix"}
    ):
        # a list grown in a loop, extended again with items like its own (`edges += [(i, j)]`)
        items = (*a.items, *b.items)
        if items and all(item == items[0] for item in items):
            return Seq((items[0],), "listof")
        kinds = tuple(dict.fromkeys(items))
        number = one_number_kind(items, (int, float, bool))
        if number is not None:
            # `[1] * n + [0] * pad`: numbers of one type (an attention mask's row)
            return Seq((number,), "listof")
        if 1 < len(kinds) <= _MAX_CONCAT and all(isinstance(i, TRef) for i in kinds):
            # `[num] + embedded`: tensors of a few kinds in unknown number, enough for
            # `torch.cat` to promote their dtypes; loops and indexing see nothing known
            return Seq(kinds, "listmix")
    if (
        isinstance(a, Const)
        and isinstance(b, Const)
        and isinstance(a.value, int | float)
        and isinstance(b.value, int | float)
    ):
        try:
            if isinstance(op, ast.Add):
                return Const(a.value + b.value)
            if isinstance(op, ast.Sub):
                return Const(a.value - b.value)
            if isinstance(op, ast.Mult):
                return Const(a.value * b.value)
            if isinstance(op, ast.Div) and b.value:
                return Const(a.value / b.value)
            if isinstance(op, ast.FloorDiv) and b.value:
                return Const(a.value // b.value)
            if isinstance(op, ast.Mod) and b.value:
                return Const(a.value % b.value)
            if isinstance(op, ast.Pow) and abs(b.value) <= 64 and abs(a.value) < 1e6:
                power = a.value**b.value  # `sigma ** 2`, `2 ** bits`: small, never huge
                if isinstance(power, int | float):
                    return Const(power)
        except (OverflowError, TypeError, ZeroDivisionError):
            return UNKNOWN
    if (
        isinstance(a, Const)
        and isinstance(b, Const)
        and type(a.value) is type(b.value)
        and const_known(a)
        and const_known(b)
    ):
        return Const(a.value) if a == b else UNKNOWN
    return _fold_type(const_type(a), const_type(b), op)


_MAX_CONCAT: Final = 16  # items of a list built by `+` that the analysis keeps one by one


def _repeated(a: Value, b: Value) -> Value:
    """`[t] * n`, `n * [0.0]`: a list of n items like those (when they are all alike)."""
    seq, count = (a, b) if isinstance(a, Seq) else (b, a)
    if (
        not isinstance(seq, Seq)
        or seq.kind not in ("list", "listof")
        or const_type(count) is not int
    ):
        return UNKNOWN
    if not seq.items:
        return seq
    if all(item == seq.items[0] for item in seq.items):
        return Seq((seq.items[0],), "listof")
    return UNKNOWN


def _fold_type(ta: type | None, tb: type | None, op: ast.operator) -> Value:
    """Arithmetic on numbers known by type only (`2 * math.pi * k` with `k` a loop counter):
    a number of the type Python gives."""
    if ta not in (int, float) or tb not in (int, float):
        return UNKNOWN
    if isinstance(op, ast.Div) or (
        isinstance(op, ast.Add | ast.Sub | ast.Mult | ast.FloorDiv | ast.Mod | ast.Pow)
        and float in (ta, tb)
    ):
        return Const(_TypeOnly(float))
    if isinstance(op, ast.Add | ast.Sub | ast.Mult | ast.FloorDiv | ast.Mod):
        return SOME_INT
    return UNKNOWN


# =========================================================================== operators
_BIN_DUNDER: Final[dict[type, str]] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Pow: "pow",
    ast.MatMult: "matmul",
    ast.Mod: "mod",
    ast.BitAnd: "and",
    ast.BitOr: "or",
    ast.BitXor: "xor",
    ast.LShift: "lshift",
    ast.RShift: "rshift",
}


def binop(ip: Interpreter, node: ast.BinOp, state: State) -> Value:
    left = ip.eval(node.left, state)
    right = ip.eval(node.right, state)
    ip.last_binop = (node, left, right)
    name = _BIN_DUNDER.get(type(node.op))
    if name is None:
        return UNKNOWN
    if isinstance(left, TRef) or (isinstance(right, TRef) and not isinstance(left, TRef)):
        if isinstance(left, TRef):
            qual = f"Tensor.__{name}__"
            inputs = [
                make_input(ip, node.left, left, state),
                make_input(ip, node.right, right, state),
            ]
            args: Args = [(node.right, right)]
            recv: tuple[ast.expr | None, Value] = (node.left, left)
        else:
            qual = f"Tensor.__r{name}__"
            inputs = [
                make_input(ip, node.right, right, state),
                make_input(ip, node.left, left, state),
            ]
            args = [(node.left, left)]
            recv = (node.right, right)
        ref = apply_op(ip, qual, K.op(qual), inputs, node, state)
        if name == "mul":
            _mask_multiply(ip, node, inputs, ref, state)
        _emit_op(ip, qual, recv, args, ref, node, state)
        return ref
    if isinstance(left, NP.NumpyArray) or isinstance(right, NP.NumpyArray):
        return NP.binop(left, right, node.op, node)
    if isinstance(node.op, ast.Add) and (isinstance(left, Params) or isinstance(right, Params)):
        # `list(net.parameters()) + list(head.parameters())`: per module, the tensor that
        # stands for its parameters (what iterating `net.parameters()` gives)
        parts = (_params_items(ip, left, node, state), _params_items(ip, right, node, state))
        if parts[0] is not None and parts[1] is not None:
            return Seq((*parts[0], *parts[1]), "list")
        return UNKNOWN
    return _fold(left, right, node.op)


def _params_items(
    ip: Interpreter, value: Value, node: ast.AST, state: State
) -> tuple[Value, ...] | None:
    if isinstance(value, Params) and not value.named:
        return (NN.param_tensor(ip, value, state, node),)
    if isinstance(value, Seq) and value.kind == "list":
        return value.items
    if isinstance(value, Seq) and value.kind == "listof":
        return value.items  # `list(lrs.values())` of a dict comprehension: its tensor
    return None


# How code freezes parameters (`p.requires_grad = False`, `m.requires_grad_(False)`).
FREEZES: Final = r"requires_grad(?:\s*=\s*|_\(\s*)False"
_FROZEN_SOMEWHERE: Final = re.compile(FREEZES)


def _in_module_method(ip: Interpreter) -> bool:
    """In a method of an `nn.Module` subclass, or of one pasted without its class."""
    func = ip.frame.func
    if func is None:
        return False
    if func.cls is not None:
        return func.cls.is_module is not Tri.NO
    return isinstance(ip.frame.self_value, PastedSelf)


def _emit_op(
    ip: Interpreter,
    qual: str,
    recv: tuple[ast.expr | None, Value],
    args: Args,
    ref: Value,
    node: ast.AST,
    state: State,
) -> None:
    if not ip.wants_call(qual):
        return
    ip.emit(
        TorchCall(
            node=node,  # type: ignore[arg-type]
            stmt=ip.stmt,
            qualname=qual,
            receiver=ip.operand(recv[0], recv[1], state),
            args=tuple(ip.operand(n, v, state) for n, v in args),
            kwargs={},
            result=ref,
            result_tensor=state.tensor(ref) if isinstance(ref, TRef) else None,
            grad=state.grad,
            state=state,
            func_name=ip.frame.func.name if ip.frame.func is not None else "",
            in_module_method=_in_module_method(ip),
        )
    )


def unaryop(ip: Interpreter, node: ast.UnaryOp, state: State) -> Value:
    operand = ip.eval(node.operand, state)
    if isinstance(operand, TRef):
        name = {ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__"}.get(
            type(node.op)
        )
        if name is None:
            return UNKNOWN
        return apply_op(
            ip,
            f"Tensor.{name}",
            K.op(f"Tensor.{name}"),
            [make_input(ip, node.operand, operand, state)],
            node,
            state,
        )
    if (
        isinstance(operand, Const)
        and isinstance(operand.value, int | float)
        and not isinstance(operand.value, bool)
    ):
        if isinstance(node.op, ast.USub):
            return Const(-operand.value)
        if isinstance(node.op, ast.UAdd):
            return operand
    if isinstance(operand, NP.NumpyArray) and isinstance(node.op, ast.USub | ast.UAdd):
        return operand
    if isinstance(node.op, ast.Not) and const_known(operand):
        return Const(not operand.value)
    return UNKNOWN


_CMP: Final[dict[type, tuple[str, str, str]]] = {
    ast.Lt: ("lt", "<", ">"),
    ast.LtE: ("le", "<=", ">="),
    ast.Gt: ("gt", ">", "<"),
    ast.GtE: ("ge", ">=", "<="),
    ast.Eq: ("eq", "==", "=="),
    ast.NotEq: ("ne", "!=", "!="),
}


def _dtype_kind_test(dtype: str, name: str) -> Const:
    """`is_floating_point`/`is_complex` of a known dtype: the branch on it is decided."""
    kind = K.dtype_category(dtype)
    return Const(kind == "float" if name == "is_floating_point" else kind == "complex")


def _dtype_test(left: Value, op: ast.cmpop, right: Value) -> Const | None:
    """`target.dtype == torch.long`, `x.dtype in (torch.int32, torch.int64)`, `is not`: decided
    when the tensor's dtype is known (a branch on it runs for that dtype only)."""
    dl = parse_dtype(left) if isinstance(left, TorchName) else None
    if dl is None:
        return None
    if isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot) and isinstance(right, TorchName):
        dr = parse_dtype(right)
        if dr is None:
            return None
        return Const((dl == dr) == isinstance(op, ast.Eq | ast.Is))
    if isinstance(op, ast.In | ast.NotIn) and isinstance(right, Seq) and right.items:
        kinds = [parse_dtype(i) if isinstance(i, TorchName) else None for i in right.items]
        if None in kinds or right.kind == "listof":
            return None
        return Const((dl in kinds) == isinstance(op, ast.In))
    return None


def compare(ip: Interpreter, node: ast.Compare, state: State) -> Value:
    left = ip.eval(node.left, state)
    rights = [ip.eval(c, state) for c in node.comparators]
    if (
        len(node.ops) == 1
        and isinstance(node.ops[0], ast.Is | ast.IsNot)
        and isinstance(node.comparators[0], ast.Constant)
        and node.comparators[0].value is None
    ):
        # `h is not None`: known when h is surely an object (a tensor, a module) or None.
        if isinstance(left, TRef | ObjRef | Seq):
            return Const(isinstance(node.ops[0], ast.IsNot))
        if isinstance(left, Const):
            return Const((left.value is None) == isinstance(node.ops[0], ast.Is))
        return UNKNOWN
    if len(node.ops) == 1 and (decided := _dtype_test(left, node.ops[0], rights[0])) is not None:
        return decided
    if len(node.ops) != 1 or type(node.ops[0]) not in _CMP:
        return UNKNOWN
    right = rights[0]
    name, sym, flipped = _CMP[type(node.ops[0])]
    if isinstance(left, NP.NumpyArray) or isinstance(right, NP.NumpyArray):
        # `rng.random((H, W)) > 0.7`: a bool array of the broadcast shape
        ranks = [v.rank for v in (left, right) if isinstance(v, NP.NumpyArray)]
        plain = all(
            isinstance(v, NP.NumpyArray) or const_type(v) in (int, float) for v in (left, right)
        )
        known = [r for r in ranks if r is not None]
        rank = max(known) if plain and len(known) == len(ranks) else None
        return NP.NumpyArray("bool", node.lineno, rank)
    if isinstance(left, TRef):
        tensor_node, tensor, other_node, other, op_sym = (
            node.left,
            left,
            node.comparators[0],
            right,
            sym,
        )
    elif isinstance(right, TRef):
        tensor_node, tensor, other_node, other, op_sym = (
            node.comparators[0],
            right,
            node.left,
            left,
            flipped,
        )
    else:
        if const_known(left) and const_known(right):
            try:
                return Const(bool(_py_compare(left.value, right.value, sym)))
            except TypeError:
                return UNKNOWN
        return UNKNOWN
    qual = f"Tensor.__{name}__"
    inputs = [make_input(ip, tensor_node, tensor, state), make_input(ip, other_node, other, state)]
    ref = apply_op(ip, qual, K.op(qual), inputs, node, state)
    t = state.tensor(ref)
    base = state.tensor(tensor)
    value = const_number(other)
    mask = Mask(base.root, op_sym, value, ip.text(node))
    magnitude_of = _abs_operand(ip, tensor_node, state)
    if (
        magnitude_of is not None
        and value is not None
        and ((op_sym == ">" and value >= 0) or (op_sym == ">=" and value > 0))
    ):
        # `x.abs() > eps`: true exactly where x is away from 0, a mask about x itself.
        mask = Mask(state.tensor(magnitude_of).root, "!=", 0.0, ip.text(node))
    state.heap[ref.oid] = t.evolve(
        dtype=BOOL,
        mask=mask,
        rg=Tri.NO,
        leaf=Tri.YES,
        node=None,
    )
    if value is not None:
        same_condition(ip, ("compare", mask.root, mask.op, value), ref.oid)
    _emit_op(ip, qual, (tensor_node, tensor), [(other_node, other)], ref, node, state)
    return ref


def _abs_operand(ip: Interpreter, node: ast.expr, state: State) -> TRef | None:
    """`x` in `x.abs()` or `torch.abs(x)`, when `x` is a name bound to a tensor."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    inner: ast.expr | None = None
    if isinstance(func, ast.Attribute) and func.attr == "abs" and not node.args:
        inner = func.value
    elif isinstance(func, ast.Attribute) and func.attr == "abs" and len(node.args) == 1:
        inner = node.args[0] if ip.ctx.imports.is_module_path(func.value) else None
    if not isinstance(inner, ast.Name):
        return None
    value = ip.lookup(inner.id, state)
    return value if isinstance(value, TRef) else None


def _py_compare(a: object, b: object, sym: str) -> bool:
    if sym == "==":
        return a == b
    if sym == "!=":
        return a != b
    x, y = a, b
    if not isinstance(x, int | float) or not isinstance(y, int | float):
        raise TypeError
    return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[sym]


# =========================================================================== masking (TL202)
def _emit_masked(
    ip: Interpreter,
    node: ast.AST,
    masked: tuple[ast.expr | None, TRef],
    how: str,
    keep: str | None,
    mask: Mask | None,
    state: State,
) -> None:
    """`keep` is where the result is kept, as written; `mask` is that condition's facts (kept-where)."""
    if not ip.wants(Masked):
        return
    t = state.tensor(masked[1])
    if t.singular is None:
        return
    if (
        t.singular.op in ("division", "reciprocal")
        and mask is not None
        and mask.root == t.root != t.singular.input_root
        and mask.value is not None
        and math.isfinite(mask.value)
    ):
        # `where(p > 0, p, 1)` of `p = a / a.sum()`: a quotient compared with a number is kept
        # or dropped by its size; where the denominator is 0 it is ±inf, which such a mask
        # keeps on one side (and the forward shows it), or NaN only where `a` is 0 as well.
        return
    about_input = mask is not None and mask.root == t.singular.input_root
    excludes = about_input and mask is not None and all(mask.excludes(p) for p in t.singular.points)
    if mask is not None:
        keep = f"~({mask.text})" if mask.negated else mask.text
    ip.emit(
        Masked(
            node, ip.stmt, ip.operand(masked[0], masked[1], state), how, keep, excludes, about_input
        )
    )


def _kept_where_safe(ip: Interpreter, v: TRef, keep: Value, state: State) -> bool:
    """A value kept where `keep` is nonzero (a boolean index, a 0/1 factor) whose op saw a
    safe input everywhere else (see `_double_where`)."""
    if not isinstance(keep, TRef):
        return False
    return _double_where(ip, v, condition_key(ip, state.tensor(keep).root), True, state)


def _all_true(index: Value, state: State) -> bool:
    """A mask made all true (`torch.ones(n, dtype=torch.bool)`): it drops nothing."""
    if not isinstance(index, TRef):
        return False
    interval = state.tensor(index).interval
    return interval is not None and interval.excludes(0.0)


def _all_false(index: Value, state: State) -> bool:
    """A mask made all false (`torch.zeros(n, dtype=torch.bool)`): it picks nothing."""
    if not isinstance(index, TRef):
        return False
    interval = state.tensor(index).interval
    return interval is not None and interval.lo == interval.hi == 0.0


def _mask_of(ip: Interpreter, value: Value, state: State) -> Mask | None:
    if isinstance(value, TRef):
        return state.tensor(value).mask
    return None


def _where(ip: Interpreter, args: Args, result: TRef, node: ast.Call, state: State) -> None:
    (cnode, cond), (anode, a), (bnode, b) = args[0], args[1], args[2]
    mask = _mask_of(ip, cond, state)
    ctext = ip.text(cnode, 200)
    cond_key = _condition_key(ip, cnode, cond, state)
    negated = (
        Mask(mask.root, mask.op, mask.value, mask.text, not mask.negated, mask.as_float)
        if mask is not None
        else None
    )
    for n, v, keep, kept_mask, on_true in (
        (anode, a, ctext, mask, True),
        (bnode, b, f"~({ctext})", negated, False),
    ):
        if (
            isinstance(v, TRef)
            and not _double_where(ip, v, cond_key, on_true, state)
            and not (_all_true(cond, state) if on_true else _all_false(cond, state))
        ):
            _emit_masked(ip, node, (n, v), "where", keep, kept_mask, state)
    if cond_key is not None:
        # this where may be the first half of a double where: remember its safe side
        for side, on_true in ((a, True), (b, False)):
            point = _point_value(side, state)
            other = _point_value(b if on_true else a, state)
            if point is not None and other is None:
                ip.where_guards[result.oid] = (cond_key, on_true)
    _selected_interval(mask, a, b, result, state)


def _selected_interval(mask: Mask | None, a: Value, b: Value, result: TRef, state: State) -> None:
    """The values of `where(mask, a, b)` (or `b.masked_fill(mask, a)`): each side
    restricted by the condition, where it is about it (`where(x > 0, x, 1)` is positive)."""
    held = mask.holds_on() if mask is not None else None
    if mask is None or held is None:
        return
    parts = [
        _branch_interval(state, v, mask, held, positive) for v, positive in ((a, True), (b, False))
    ]
    if parts[0] is not None and parts[1] is not None:
        t = state.tensor(result)
        state.heap[result.oid] = t.evolve(interval=parts[0].join(parts[1]))


def _point_value(v: Value, state: State) -> float | None:
    """The one value a where branch has everywhere (`0.0`, `torch.ones_like(x)`)."""
    n = const_number(v)
    if n is not None:
        return n
    if isinstance(v, TRef):
        t = state.tensor(v)
        if t.rg is Tri.YES and t.leaf is Tri.YES:
            return None  # a parameter's first value (`zeros(1)`) is not what training makes it
        iv = t.interval
        if iv is not None and iv.lo is not None and iv.lo == iv.hi:
            return iv.lo
    return None


def _condition_key(
    ip: Interpreter, cnode: ast.expr | None, cond: Value, state: State
) -> object | None:
    """What identifies a `where` condition for the double-where idiom: its tensor, or, for a
    mask the analysis does not know (a parameter), its name in this function. A negation
    (`~m`, `m.logical_not()`) is the key of `m`, marked as such."""
    if isinstance(cond, TRef):
        root = state.tensor(cond).root
        if cnode is not None and not isinstance(cnode, ast.Name):
            # `where(tp + fp != 0, ...)` written out again for the second where: the same
            # expression of the same values is the same mask
            form = _expression_form(ip, cnode, state)
            if form is not None:
                same_condition(ip, form, root)
        # a view of a mask (`eye[..., None]`) is that mask; identity matrices are all one
        return condition_key(ip, root)
    if isinstance(cnode, ast.Name) and ip.frame.func is not None:
        return (cnode.id, id(ip.frame.func.node), ip.frame.context)
    return None


def _expression_form(ip: Interpreter, node: ast.expr, state: State) -> tuple[object, ...] | None:
    """A condition as written, with what each name in it stands for now (a tensor's root,
    an object, a number): None when a name is bound to something less definite."""
    bound: list[tuple[str, object]] = []
    for n in ast.walk(node):
        if not isinstance(n, ast.Name):
            continue
        v = ip.lookup(n.id, state)
        if isinstance(v, TRef):
            bound.append((n.id, state.tensor(v).root))
        elif isinstance(v, ObjRef):
            bound.append((n.id, v.oid))
        elif isinstance(v, TorchName):
            bound.append((n.id, v.qualname))
        elif isinstance(v, Const) and isinstance(v.value, int | float | bool | str | None):
            bound.append((n.id, v.value))
        else:
            return None
    return ("expression", ast.dump(node), tuple(bound))


def _same_condition(guard: object, key: object, state_on_true: bool) -> bool | None:
    """Whether `key` keeps a value where `guard`'s safe side is not: None when the two
    conditions are unrelated. `state_on_true` is the side of `key` the value is kept on."""
    if guard == key:
        return state_on_true
    if isinstance(key, tuple) and len(key) == 2 and key[0] == "not" and key[1] == guard:
        return not state_on_true
    if isinstance(guard, tuple) and len(guard) == 2 and guard[0] == "not" and guard[1] == key:
        return not state_on_true
    return None


def _double_where(
    ip: Interpreter, v: TRef, cond_key: object | None, on_true: bool, state: State
) -> bool:
    """`torch.where(m, f(x_safe), 0)` with `x_safe = torch.where(m, x, safe)`: the positions
    this where discards are the ones where f saw the safe value (the double-where idiom).
    Whatever f's gradient is there, the inner where passes none of it on to `x`. The
    conditions may be each other's negation (`where(eye, 1, d2)`, then `where(~eye, ...)`),
    and the later one may be narrower (`off & (d2 < cutoff)` after `where(off, d2, 1)`)."""
    s = state.tensor(v).singular
    if s is None or cond_key is None:
        return False
    guard = ip.where_guards.get(s.input_root)
    if guard is None:
        return False
    guard_key, safe_on_true = guard
    keys = [(cond_key, on_true)]
    if on_true and isinstance(cond_key, int):
        # kept only where both parts of `a & b` hold: within each part
        keys.extend((part, True) for part in ip.conjunctions.get(cond_key, ()))
    for key, side in keys:
        kept_on_true = _same_condition(guard_key, key, side)
        if kept_on_true is not None and kept_on_true != safe_on_true:
            return True
    return False


def _branch_interval(
    state: State, v: Value, mask: Mask, held: Interval | None, positive: bool
) -> Interval | None:
    if isinstance(v, Const) and isinstance(v.value, int | float):
        return Interval(float(v.value), float(v.value))
    if not isinstance(v, TRef):
        return None
    t = state.tensor(v)
    if t.root == mask.root and held is not None:
        cond = held if positive else _complement(held)
        if cond is None:
            return t.interval
        return cond if t.interval is None else t.interval.meet(cond)
    return t.interval


def _complement(iv: Interval) -> Interval | None:
    if iv.lo is None and iv.hi is None and iv.hole is not None:
        return Interval(iv.hole, iv.hole)  # where `x != v` is false, x is v
    if iv.lo is not None and iv.hi is None:
        return Interval(None, iv.lo, hi_open=not iv.lo_open)
    if iv.hi is not None and iv.lo is None:
        return Interval(iv.hi, None, lo_open=not iv.hi_open)
    return None


def _masked_fill(
    ip: Interpreter,
    target: tuple[ast.expr | None, Value],
    mask_arg: tuple[ast.expr | None, Value],
    node: ast.AST,
    state: State,
    result: Value,
    fill: Value,
) -> None:
    """`x.masked_fill(m, v)` is `torch.where(m, v, x)`: `x` kept where `m` is false."""
    cond_key = _condition_key(ip, mask_arg[0], mask_arg[1], state)
    if isinstance(target[1], TRef) and not _all_false(mask_arg[1], state):
        mask = _mask_of(ip, mask_arg[1], state)
        negated = (
            Mask(mask.root, mask.op, mask.value, mask.text, not mask.negated, mask.as_float)
            if mask is not None
            else None
        )
        if not _double_where(ip, target[1], cond_key, False, state):
            _emit_masked(
                ip,
                node,
                (target[0], target[1]),
                "masked_fill",
                f"~({ip.text(mask_arg[0], 200)})",
                negated,
                state,
            )
    if cond_key is not None and isinstance(result, TRef) and _point_value(fill, state) is not None:
        # `d2_safe = d2.masked_fill(eye, 1.0)`: the first half of a double masking
        ip.where_guards[result.oid] = (cond_key, True)
    if isinstance(result, TRef):
        # `x.masked_fill(x <= 0, 1.0)` is positive, as `where(x <= 0, 1.0, x)` is
        _selected_interval(_mask_of(ip, mask_arg[1], state), fill, target[1], result, state)


def _mask_multiply(
    ip: Interpreter, node: ast.BinOp, inputs: list[Input], result: TRef, state: State
) -> None:
    a, b = inputs[0], inputs[1]
    for x, m in ((a, b), (b, a)):
        if x.ref is None or x.tensor is None or x.tensor.singular is None:
            continue
        if m.ref is not None and _kept_where_safe(ip, x.ref, m.ref, state):
            continue  # `sqrt(d2 + eye) * (1 - eye)`: kept only where the input was not made safe
        if m.tensor is not None and m.tensor.mask is not None:
            _emit_masked(ip, node, (x.node, x.ref), "multiply", None, m.tensor.mask, state)
        elif m.scalar == 0.0:
            _emit_masked(ip, node, (x.node, x.ref), "multiply", None, None, state)
    # a product with a mask-derived tensor does not make the result a mask
    del result


def _is_mask_index(
    ip: Interpreter, index: Value, state: State, node: ast.expr | None = None
) -> Mask | bool | None:
    if (
        isinstance(index, Seq)
        and index.kind == "tuple"
        and isinstance(node, ast.Tuple)
        and len(node.elts) == len(index.items)
    ):
        # `dist[:, off_diag]`: a mask after whole dimensions (`:` or `...`) selects as one
        masks = [v for e, v in zip(node.elts, index.items, strict=True) if not _whole_dimension(e)]
        return _is_mask_index(ip, masks[0], state) if len(masks) == 1 else False
    if isinstance(index, TRef):
        t = state.tensor(index)
        if t.mask is not None:
            return t.mask
        if t.dtype is not None and t.dtype <= BOOL:
            return True
    return False


def _whole_dimension(node: ast.expr) -> bool:
    """`:` or `...` in an index: every position of the dimension(s)."""
    if isinstance(node, ast.Slice):
        return node.lower is None and node.upper is None and node.step is None
    return isinstance(node, ast.Constant) and node.value is Ellipsis


# =========================================================================== attributes
def get_attribute(ip: Interpreter, obj: Value, node: ast.Attribute, state: State) -> Value:
    name = node.attr
    if isinstance(obj, PastedSelf):
        # `self.training` is a flag, not a layer: unknown (what runs in training is
        # what `Interpreter._result_hazards` keeps)
        return UNKNOWN if name == "training" else PastedLayer(name)
    if isinstance(obj, PastedLayer) and name in ("weight", "bias"):
        return pasted_layer_weight(ip, obj.name, name, node, state)
    if isinstance(obj, TorchName):
        if name in ("is_floating_point", "is_complex") and (dt := parse_dtype(obj)) is not None:
            return _dtype_kind_test(dt, name)  # `if target.dtype.is_floating_point:`
        return TorchName(f"{obj.qualname}.{name}")
    if isinstance(obj, ExtName):
        qual = f"{obj.qualname}.{name}"
        constant = _MATH_CONSTANTS.get(qual)
        return Const(constant) if constant is not None else ExtName(qual)
    if isinstance(obj, ModuleNS):
        return obj.env.get(name, UNKNOWN)
    if isinstance(obj, TRef):
        return _tensor_attribute(ip, obj, name, node, state)
    if isinstance(obj, ObjRef):
        heap_obj = state.heap.get(obj.oid)
        if isinstance(heap_obj, ModuleObj):
            return NN.module_attribute(ip, obj, heap_obj, name, node, state)
        if isinstance(heap_obj, DictObj):
            return Bound(obj, name)  # `.items`, `.get`...: its entries are not attributes
        if isinstance(heap_obj, InstanceObj):
            if name == "__dict__":
                # its attributes may be written through the dict from here on
                state.heap[obj.oid] = fast_replace(heap_obj, attrs={})
                return UNKNOWN
            if name in heap_obj.attrs:
                return heap_obj.attrs[name]
            if heap_obj.cls is not None:
                method = heap_obj.cls.lookup(name)
                if method is not None:
                    if method.kind == "property":
                        return ip.call_user(method, (), {}, state, node, self_value=obj)
                    return FuncV(method, obj if method.kind != "staticmethod" else None)
                # `cfg = Config()`; `cfg.mean`: the class's constant, as `Config.mean` reads it
                known = heap_obj.cls.constant(name)
                if known is not None:
                    return known
            return UNKNOWN
        if isinstance(heap_obj, OptimizerObj):
            return Bound(obj, name)
        return UNKNOWN
    if isinstance(obj, ClassV):
        if name in ("__name__", "__qualname__"):
            return Const(obj.cls.name)  # `REGISTRY[cls.__name__] = cls`
        method = obj.cls.lookup(name)
        if method is not None:
            return FuncV(method, obj if method.kind == "classmethod" else None)
        known = obj.cls.constant(name)
        return known if known is not None else UNKNOWN
    if isinstance(obj, FuncV) and name == "__name__" and obj.bound_self is None:
        return Const(obj.func.name)
    if isinstance(obj, NN.SuperProxy):
        return Bound(obj, name)
    if isinstance(obj, AnyModule):
        return NN.any_module_attribute(ip, obj, name, node, state)
    if isinstance(obj, Modules):
        return Bound(obj, name)
    if isinstance(obj, Seq) and obj.kind == "namedtuple":
        if name in obj.fields:
            return obj.items[obj.fields.index(name)]
        if name in ("values", "indices"):
            return obj.items[0 if name == "values" else 1]
    if isinstance(obj, Seq | NN.Builtin | Params | NN.Loader):
        return Bound(obj, name)
    if isinstance(obj, NP.NumpyArray) and name in ("T", "mT"):
        return NP.NumpyArray(obj.dtype, node.lineno, obj.rank)  # transposed: the same values
    return UNKNOWN


def _tensor_attribute(
    ip: Interpreter, ref: TRef, name: str, node: ast.Attribute, state: State
) -> Value:
    t = state.tensor(ref)
    if name == "data":
        oid = ip.graph.alloc(id(node), ip.frame.context)
        why = ip.why_code(node, "`{}` bypasses autograd")
        state.heap[oid] = Tensor(
            dtype=t.dtype,
            rg=Tri.NO,
            leaf=Tri.YES,
            device=t.device,
            rank=t.rank,
            root=t.root,
            why_dtype=t.why_dtype,
            why_rg=why,
            why_leaf=why,
            why_device=t.why_device,
            via_data=True,
            is_view=True,
            origin=why,
        )
        return TRef(oid)
    if name == "grad":
        oid = ip.graph.alloc(id(node), ip.frame.context)
        why = ip.why_code(node, "`{}`")
        if oid not in state.heap:
            graph = ip.grads_may_have_graph()  # `backward(create_graph=True)` in the file
            state.heap[oid] = Tensor(
                dtype=t.dtype,
                rg=Tri.MAYBE if graph else Tri.NO,
                leaf=Tri.MAYBE if graph else Tri.YES,
                device=t.device,
                rank=t.rank,
                root=oid,
                why_dtype=t.why_dtype,
                why_rg=None if graph else why,
                origin=why,
            )
        return TRef(oid)
    if name in ("T", "mT", "H", "mH", "real", "imag"):
        return apply_op(
            ip,
            f"Tensor.{name}",
            K.op("Tensor.t") if name == "T" else K.op(f"Tensor.{name}"),
            [make_input(ip, node.value, ref, state)],
            node,
            state,
        )
    if name == "values":
        # `x.max(1).values`, `x.sort().values`: the values keep the reduction result's facts.
        return ref
    if name == "indices":
        oid = ip.graph.alloc(id(node), ip.frame.context)
        why = ip.why_code(node, "`{}` are integer indices")
        state.heap[oid] = Tensor(
            dtype=frozenset({"int64"}),
            rg=Tri.NO,
            leaf=Tri.YES,
            device=t.device,
            root=oid,
            why_dtype=why,
            why_rg=why,
            origin=why,
        )
        return TRef(oid)
    if name == "dtype":
        if t.dtype is not None and len(t.dtype) == 1:
            return TorchName(f"torch.{next(iter(t.dtype))}")
        return UNKNOWN
    if name == "requires_grad":
        return Const(True) if t.rg is Tri.YES else Const(False) if t.rg is Tri.NO else UNKNOWN
    if name == "is_leaf":
        return Const(True) if t.leaf is Tri.YES else Const(False) if t.leaf is Tri.NO else UNKNOWN
    if name == "device":
        return Device(t.device) if t.device else UNKNOWN
    if name == "ndim":
        return Const(t.rank) if t.rank is not None else UNKNOWN
    if name == "shape":
        return _shape(t)
    if name in ("grad_fn", "is_cuda", "names", "layout"):
        return UNKNOWN
    return Bound(ref, name)


def _shape(t: Tensor) -> Value:
    """`x.shape`: as many ints as the rank, when it is known (`B, T, C = x.shape`); ints of
    unknown number when it is not (`x.shape[1]` is an int all the same)."""
    if t.rank is None or t.rank > 8:
        return Seq((SOME_INT,), "listof")
    return Seq((SOME_INT,) * t.rank, "tuple")


def set_attribute(
    ip: Interpreter, obj: Value, target: ast.Attribute, value: Value, state: State
) -> None:
    name = target.attr
    if name == "grad":
        ip.training.grad_cleared()  # `p.grad = None`, or overwritten: nothing accumulates
    if isinstance(obj, TRef):
        t = state.tensor(obj)
        if name == "requires_grad":
            flag = value.value if isinstance(value, Const) else None
            if isinstance(flag, bool) and t.params_of is not None:
                NN.freeze(ip, t.params_of, flag, target, state)
                return
            if flag is True:
                if ip.wants(RequiresGradSet):
                    ip.emit(
                        RequiresGradSet(
                            target, ip.stmt, ip.operand(target.value, obj, state), "attribute"
                        )
                    )
                state.heap[obj.oid] = _meant_float(
                    t.evolve(rg=Tri.YES, why_rg=ip.why_code(target, "`{} = True`"))
                )
            elif flag is False:
                state.heap[obj.oid] = t.evolve(
                    rg=Tri.NO, why_rg=ip.why_code(target, "`{} = False`")
                )
            else:
                state.heap[obj.oid] = t.evolve(rg=Tri.MAYBE, why_rg=None)
        elif name == "data" and isinstance(value, TRef):
            v = state.tensor(value)
            state.heap[obj.oid] = t.evolve(
                dtype=v.dtype, why_dtype=v.why_dtype, device=v.device, uninit=None
            )
        return
    if isinstance(obj, ObjRef):
        heap_obj = state.heap.get(obj.oid)
        if isinstance(heap_obj, ModuleObj):
            NN.set_module_attribute(ip, obj, heap_obj, name, value, target, state)
        elif isinstance(heap_obj, InstanceObj) and not isinstance(heap_obj, DictObj):
            attrs = dict(heap_obj.attrs)
            attrs[name] = value
            state.heap[obj.oid] = fast_replace(heap_obj, attrs=attrs)
        if isinstance(value, TRef):
            bind_name(ip, value, ip.text(target), state)
        elif isinstance(value, ObjRef):
            name_object(value, ip.text(target), state)


# =========================================================================== indexing
def _basic_index(index: ast.expr, value: Value = UNKNOWN) -> bool:
    """Slices, ints, None and Ellipsis only: the result is a view. `value` (the index as
    evaluated) lets names holding ints count (`self.meta[i, 0]` with `i` an int)."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    values = value.items if isinstance(value, Seq) and len(value.items) == len(parts) else ()
    for k, p in enumerate(parts):
        if values and const_type(values[k]) is int:
            continue
        if isinstance(p, ast.Slice):
            continue
        if isinstance(p, ast.Constant) and (
            p.value is None or p.value is Ellipsis or isinstance(p.value, int)
        ):
            continue
        if isinstance(p, ast.UnaryOp) and isinstance(p.operand, ast.Constant):
            continue
        return False
    return True


def _basic_index_rank(rank: int | None, index: ast.expr, value: Value) -> int | None:
    """The rank after basic indexing: an int takes a dimension away, None adds one, slices and
    `...` keep theirs (`x[:, None, :]` of a matrix is 3-D). None when not known."""
    if rank is None:
        return None
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    values = value.items if isinstance(value, Seq) and isinstance(index, ast.Tuple) else [value]
    if len(values) != len(parts):
        return None
    ints = slices = nones = 0
    for part, v in zip(parts, values, strict=True):
        if isinstance(part, ast.Slice):
            slices += 1
        elif isinstance(part, ast.Constant) and part.value is ...:
            continue
        elif isinstance(part, ast.Constant) and part.value is None:
            nones += 1
        elif const_type(v) is int:
            ints += 1
        else:
            return None  # a bool, a tensor, a list: not basic, or not known
    if ints + slices > rank:
        return None  # torch would raise IndexError
    return rank - ints + nones


def _sliced(seq: Seq, index: ast.Slice) -> Value:
    """`rows[:n]`: a list grown in a loop stays such a list; a literal one with constant
    bounds keeps the items in range."""
    if seq.kind == "listof":
        return seq
    bounds: list[int | None] = []
    for part in (index.lower, index.upper, index.step):
        if part is None:
            bounds.append(None)
        elif isinstance(part, ast.Constant) and type(part.value) is int:
            bounds.append(part.value)
        elif (
            isinstance(part, ast.UnaryOp)
            and isinstance(part.op, ast.USub)
            and isinstance(part.operand, ast.Constant)
            and type(part.operand.value) is int
        ):
            bounds.append(-part.operand.value)  # `layers[:-1]`
        else:
            return _some_of(seq)
    if bounds[2] == 0:
        return UNKNOWN
    return Seq(seq.items[bounds[0] : bounds[1] : bounds[2]], seq.kind)


def _some_of(seq: Seq) -> Value:
    """`[0, 1, 2, 4, 8][: cfg["n"]]`: bounds not known, but every item is a number of one
    kind (an int, a float): some number of such numbers, their values unknown."""
    kinds = {number_kind(item) for item in seq.items}
    if seq.kind == "list" and len(kinds) == 1 and (kind := kinds.pop()) is not None:
        return Seq((kind,), "listof")
    return UNKNOWN


# The `math` functions that return an int or a bool; `frexp`/`modf` return pairs and
# `prod`/`fsum`/`dist`/`sumprod` take sequences; every other one returns a float.
_MATH_INT: Final = frozenset(
    {"ceil", "floor", "trunc", "comb", "perm", "factorial", "gcd", "lcm", "isqrt"}
)
_MATH_BOOL: Final = frozenset({"isclose", "isfinite", "isinf", "isnan"})
_MATH_OTHER: Final = frozenset({"frexp", "modf", "prod", "fsum", "dist", "sumprod"})
# Cheap to compute on known numbers (never `factorial(10**6)`): the value is kept.
_MATH_EVALUATED: Final = frozenset(
    {"sqrt", "exp", "log", "log2", "log10", "log1p", "expm1", "sin", "cos", "tan", "atan"}
    | {"atan2", "asin", "acos", "sinh", "cosh", "tanh", "fabs", "hypot", "radians", "degrees"}
    | {"ceil", "floor", "trunc", "erf", "erfc"}
)


def _math_call(name: str, args: Args, kwargs: Kwargs) -> Value:
    """`math.log(2 * math.pi)`: a Python number, never a tensor (a tensor argument is read as
    a number), its value computed when the arguments are known numbers."""
    if not hasattr(math, name) or not callable(getattr(math, name)) or name in _MATH_OTHER:
        return UNKNOWN
    numbers = [const_number(v) for _, v in args]
    if not kwargs and args and all(n is not None for n in numbers) and name in _MATH_EVALUATED:
        try:
            value = getattr(math, name)(*numbers)
        except (ValueError, TypeError, OverflowError):
            value = None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return Const(value)
    kind: type = int if name in _MATH_INT else bool if name in _MATH_BOOL else float
    return Const(_TypeOnly(kind))


_MATH_CONSTANTS: Final = {
    "math.pi": math.pi,
    "math.e": math.e,
    "math.tau": math.tau,
    "numpy.pi": math.pi,
    "numpy.e": math.e,
}


def _advanced_index_rank(t: Tensor, index: Value, state: State) -> int | None:
    """`x[mask]`: a boolean mask of rank m leaves one dimension for the m it selects over;
    `x[ids]`: integer indices of rank i put i dimensions in place of the first."""
    if not isinstance(index, TRef) or t.rank is None:
        return None
    it = state.tensor(index)
    if it.rank is None or it.dtype is None or len(it.dtype) != 1:
        return None
    if it.dtype == frozenset({"bool"}):
        return t.rank - it.rank + 1 if it.rank <= t.rank else None
    if next(iter(it.dtype)) in ("int64", "int32") and t.rank >= 1:
        return t.rank - 1 + it.rank
    return None


def get_item(ip: Interpreter, node: ast.Subscript, state: State) -> Value:
    base = ip.eval(node.value, state)
    index = ip.eval(node.slice, state)
    if isinstance(base, ExtName) and (joined := NP.index_trick(base.qualname, index, node)):
        return joined
    if isinstance(base, TRef):
        t = state.tensor(base)
        # `w[PAD]` with PAD a known int indexes like `w[0]`: a view too.
        basic = _basic_index(node.slice, index) or const_type(index) is int
        op = K.op("Tensor.__getitem__")
        inputs = [make_input(ip, node.value, base, state)]
        if isinstance(index, TRef):
            inputs.append(make_input(ip, node.slice, index, state))
        # a basic index takes a view: no value is read (`buf[0].fill_(1.0)` writes through it)
        ref = apply_op(ip, "Tensor.__getitem__", op, inputs, node, state, reads=not basic)
        if isinstance(index, TRef):  # `table[ids]`: the index's device must suit the table's
            _emit_op(
                ip,
                "Tensor.__getitem__",
                (node.value, base),
                [(node.slice, index)],
                ref,
                node,
                state,
            )
        rt = state.tensor(ref)
        if basic:
            rt = rt.evolve(
                root=t.root,
                is_view=True,
                uninit=t.uninit,
                via_data=t.via_data,
                mask=t.mask,
                singular=t.singular,
                interval=t.interval,
                # `x.split(2)[0]`: one of the pieces the tensor stands for, as many dimensions
                rank=t.rank
                if base.oid in ip.split_results and const_type(index) is int
                else _basic_index_rank(t.rank, node.slice, index),
            )
        else:
            rt = rt.evolve(
                root=ref.oid,
                is_view=False,
                singular=t.singular,
                interval=t.interval,
                rank=rt.rank if rt.rank is not None else _advanced_index_rank(t, index, state),
            )
            mask = _is_mask_index(ip, index, state, node.slice)
            if mask is not False:
                m = mask if isinstance(mask, Mask) else None
                if (
                    t.singular is not None
                    and not _all_true(index, state)
                    and not _kept_where_safe(ip, base, index, state)
                ):
                    state.heap[ref.oid] = rt
                    _emit_masked(
                        ip, node, (node.value, base), "index", ip.text(node.slice, 200), m, state
                    )
                if m is not None and m.root == t.root:
                    held = m.holds_on()
                    if held is not None:
                        rt = rt.evolve(
                            interval=held if t.interval is None else t.interval.meet(held)
                        )
                rt = rt.evolve(
                    singular=None
                    if m is not None
                    and t.singular is not None
                    and m.root == t.singular.input_root
                    and all(m.excludes(p) for p in t.singular.points)
                    else rt.singular
                )
        if (
            t.image
            and t.rank == 4
            and rt.rank == 3
            and not isinstance(node.slice, ast.Tuple | ast.Slice)
            and const_type(index) is int
        ):
            rt = rt.evolve(image=True)  # `images[i]`: one (C, H, W) image of the batch
        state.heap[ref.oid] = rt
        return ref
    if isinstance(base, NP.NumpyArray):
        basic = _basic_index(node.slice, index) or const_type(index) is int
        rank = _basic_index_rank(base.rank, node.slice, index) if basic else None
        if (
            isinstance(index, NP.NumpyArray)
            and index.rank == 1
            and index.dtype is not None
            and index.dtype.startswith(("int", "uint"))
        ):
            rank = base.rank  # `x[idx]`: the rows an index vector picks, as many dimensions
        if (
            isinstance(index, NP.NumpyArray)
            and index.dtype == "bool"
            and index.rank is not None
            and base.rank is not None
            and base.rank >= index.rank
        ):
            rank = base.rank - index.rank + 1  # `labels[fold != k]`: the kept rows, in one axis
        if const_type(index) is str:
            rank = base.rank  # `table["label"]`: a field of a structured array, its shape
        return NP.get_item(base, basic, rank, node)
    if isinstance(base, Seq):
        if isinstance(node.slice, ast.Slice):
            return _sliced(base, node.slice)
        if base.kind == "listof":
            return base.items[0]
        n = const_number(index)
        if n is not None and n == int(n) and -len(base.items) <= int(n) < len(base.items):
            return base.items[int(n)]
        return UNKNOWN
    if isinstance(base, Modules) and base.mapping:
        return AnyModule(base.module)  # `dict(model.named_modules())[name]`
    if isinstance(base, Params) and base.mapping:
        # `dict(m.named_parameters())[name]`: one of its parameters, which one unknown (a
        # cell of its own: freezing it is not freezing them all)
        param = NN.param_tensor(ip, base, state, node)
        if not isinstance(param, TRef):
            return UNKNOWN
        key = NN.const_str(index)
        found = (
            NN.named_parameter(ip, base.module, key, state)
            if key is not None and base.module is not None
            else None
        )
        if found is not None:
            return found  # `params["embed.weight"]` is `model.embed.weight`
        frozen = _FROZEN_SOMEWHERE.search(ip.src.scan_text) is not None
        if key is not None and not frozen:
            # the same parameter at every lookup of that name
            oid = ip.graph.alloc(("named parameter", base.module, key), ())
            if oid not in state.heap:
                state.heap[oid] = state.tensor(param).evolve(root=oid, params_of=None, rank=None)
            return TRef(oid)
        oid = ip.graph.alloc(id(node), ip.frame.context)
        t = state.tensor(param).evolve(root=oid, params_of=None, rank=None)
        if frozen:
            # the file freezes some parameters: this one may be among them
            t = t.evolve(rg=Tri.MAYBE, why_rg=None)
        state.heap[oid] = t
        return TRef(oid)
    if isinstance(base, ObjRef) and isinstance(entries := state.heap.get(base.oid), DictObj):
        known = _dict_entry(entries, index)
        return known if known is not None else _any_entry(ip, entries, node, state)
    if isinstance(base, ObjRef):
        mod = state.module(base)
        if mod is not None and isinstance(node.slice, ast.Slice):
            # `self.layers[:-1]` of a ModuleList: its modules, to iterate over
            kids = container_children(base, state)
            if kids is not None and mod.qualname == "torch.nn.ModuleList":
                # one child may stand for many alike (`ModuleList(Block() for _ in ...)`)
                return _sliced(Seq(kids, "list" if len(kids) > 1 else "listof"), node.slice)
            return UNKNOWN
        if mod is not None:
            return NN.module_item(ip, base, mod, index, node, state)
        getitem = _own_getitem(base, state)
        if getitem is not None:
            # `ds[j]` of a dataset class of the file that is no torch Dataset: its method runs
            return ip.call_user(getitem, (index,), {}, state, node, self_value=base)
    if isinstance(base, DataIter):
        return _data_tensor(ip, base, state, int(const_number(index) or 0))
    return UNKNOWN


def set_item(
    ip: Interpreter, target: ast.Subscript, value: Value, value_node: ast.expr | None, state: State
) -> None:
    base = ip.eval(target.value, state)
    index = ip.eval(target.slice, state)
    if isinstance(base, ObjRef) and isinstance(found := state.heap.get(base.oid), DictObj):
        if isinstance(index, Const) and type(index.value) is str:
            entries = dict(found.attrs)
            entries[index.value] = value
            state.heap[base.oid] = DictObj(None, entries, found.exact, found.values)
        else:
            # `d[name] = v`: any entry may have been replaced (by another number of the
            # same kind, `vocab[w] = len(vocab)`, the entries stay of that kind)
            kind = found.values if number_kind(value) == found.values else None
            state.heap[base.oid] = DictObj(None, {}, exact=False, values=kind)
        return
    if isinstance(base, ObjRef) and (mod := state.module(base)) is not None:
        NN.set_module_item(ip, base, mod, index, value, state)
        return
    if isinstance(base, Seq) and isinstance(target.value, ast.Name):
        # `bounds[0] = 0.5`: that item changes; an index not known may change any
        state.env[target.value.id] = _list_with_item(base, index, value)
        return
    if isinstance(base, TRef):
        _maybe_masked_setitem(ip, base, target, ip.stmt, state)
        before = state.tensor(base)
        inplace_write(
            ip, base, target.value, "[]=", "setitem", (value_node, value), ip.stmt, state, None
        )
        if before.uninit is not None and (
            _picks_some(index, state)
            or _leaves_some_out(target.slice)
            or _data_positions(ip, target.slice)
        ):
            # `targets[pos] = ...` with a mask, `div[1:-1] = ...`, write some rows only: the
            # others still hold whatever the memory held
            state.heap[base.oid] = state.tensor(base).evolve(uninit=before.uninit)


def _picks_some(index: Value, state: State) -> bool:
    """A boolean mask: it selects some elements (integer positions may be a permutation,
    `inv[perm] = torch.arange(n)`, which writes them all)."""
    return isinstance(index, TRef) and state.tensor(index).dtype == frozenset({"bool"})


def _data_positions(ip: Interpreter, index: ast.expr) -> bool:
    """`obj_t[b, a, gj, gi] = 1.0` with `gi, gj = int(cx * S), int(cy * S)` in a loop over a
    list of objects: positions rounded from data values pick the cells the objects fall in,
    not every cell (a loop counter, `buf[i]`, `grid[int(i // w), i % w]` of a counter over a
    range, or a position read from a permutation may write them all)."""
    loops = [f.node for f in ip.frame.loops if f.node is not None]
    if not loops:
        return False
    counters = _counters(loops)
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    if any(isinstance(p, ast.Call) and _rounds(p, counters) for p in parts):
        return True
    names = {p.id for p in parts if isinstance(p, ast.Name)}
    if not names:
        return False
    for n in ast.walk(loops[-1]):
        if not isinstance(n, ast.Assign):
            continue
        for t, v in assignment_pairs(n.targets, n.value):
            if (
                isinstance(t, ast.Name)
                and t.id in names
                and isinstance(v, ast.Call)
                and _rounds(v, counters)
            ):
                return True
    return False


def _counters(loops: list[ast.stmt]) -> set[str]:
    """The names counting the iterations of these loops: `for i in range(n)`, the `i` of
    `enumerate`."""
    found: set[str] = set()
    for loop in loops:
        if not isinstance(loop, ast.For | ast.AsyncFor):
            continue
        call = loop.iter
        func = call.func if isinstance(call, ast.Call) else None
        name = func.id if isinstance(func, ast.Name) else None
        if name == "range":
            found.update(n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name))
        elif name == "enumerate" and isinstance(loop.target, ast.Tuple) and loop.target.elts:
            first = loop.target.elts[0]
            if isinstance(first, ast.Name):
                found.add(first.id)
    return found


def _rounds(call: ast.Call, counters: set[str]) -> bool:
    """`int(x * S)`, `math.floor(...)`, `round(...)` of a number computed from something
    other than a loop counter (not `int(i)`, not `int(i // w)`)."""
    if plain_name(call.func) not in ("int", "round", "floor", "ceil") or len(call.args) != 1:
        return False
    arg = call.args[0]
    if isinstance(arg, ast.Name | ast.Constant):
        return False
    return not any(isinstance(n, ast.Name) and n.id in counters for n in ast.walk(arg))


def _leaves_some_out(index: ast.expr) -> bool:
    """An index with a slice that surely skips positions: a constant start of 1 or more, or a
    constant negative stop (`[1:-1]`, `[:, 2:]`). A slice up to a computed stop may reach the
    end, and writes by single positions (`buf[i] = ...` in a loop) may cover everything."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    for part in parts:
        if not isinstance(part, ast.Slice) or part.step is not None:
            continue
        lower, upper = part.lower, part.upper
        if isinstance(lower, ast.Constant) and type(lower.value) is int and lower.value >= 1:
            return True
        if (
            isinstance(upper, ast.UnaryOp)
            and isinstance(upper.op, ast.USub)
            and isinstance(upper.operand, ast.Constant)
            and type(upper.operand.value) is int
            and upper.operand.value >= 1
        ):
            return True
    return False


def shape_unpacked(
    ip: Interpreter, value_node: ast.expr, names: list[ast.expr], state: State
) -> None:
    """`c, h, w = img.shape` (or `img.size()`): the tensor has as many dimensions as names
    (unpacking raises otherwise), and three named channel, height and width are an image."""
    if isinstance(value_node, ast.Call) and not value_node.args and not value_node.keywords:
        value_node = value_node.func
        if not (isinstance(value_node, ast.Attribute) and value_node.attr == "size"):
            return
    elif not (isinstance(value_node, ast.Attribute) and value_node.attr == "shape"):
        return
    if not isinstance(value_node.value, ast.Name):
        return
    ref = ip.lookup(value_node.value.id, state)
    if not isinstance(ref, TRef):
        return
    t = state.tensor(ref)
    if t.rank is not None and t.rank != len(names):
        return  # a path the analysis followed wrongly, or code that raises here
    upd: dict[str, object] = {}
    if t.rank is None:
        upd["rank"] = len(names)
    ids = [n.id.lower() if isinstance(n, ast.Name) else "" for n in names]
    if (
        len(ids) == 3
        and ids[0] in _CHANNEL_NAMES
        and ids[1] in ("h", "height", "rows")
        and ids[2] in ("w", "width", "cols")
    ):
        upd["image"] = True
    if upd:
        state.heap[ref.oid] = t.evolve(**upd)


_CHANNEL_NAMES: Final = frozenset({"c", "ch", "chans", "channels", "n_channels", "num_channels"})


def _list_with_item(seq: Seq, index: Value, value: Value) -> Value:
    if seq.kind == "listof":
        return seq if value == seq.items[0] else UNKNOWN
    i = index.value if isinstance(index, Const) and type(index.value) is int else None
    if seq.kind != "list" or i is None or not -len(seq.items) <= i < len(seq.items):
        return UNKNOWN
    items = list(seq.items)
    items[i] = value
    return Seq(tuple(items), "list")


def _maybe_masked_setitem(
    ip: Interpreter, base: TRef, target: ast.Subscript, node: ast.AST, state: State
) -> None:
    t = state.tensor(base)
    if t.singular is None or _basic_index(target.slice):
        return
    keep = f"~({ip.text(target.slice, 200)})"
    _emit_masked(ip, node, (target.value, base), "setitem", keep, None, state)
