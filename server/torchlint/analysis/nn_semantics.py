"""nn.Module, optimizer, loss and builtin semantics.

Modules are heap objects: `model.eval()` through any alias changes the one object, and
calling a user module inlines its `forward` with `self` bound. Built-in torch.nn modules
use the measured facts from the torch table (what they save, whether they have
parameters, whether train/eval changes their output).
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from torchlint import knowledge as K
from torchlint.analysis import numpy_semantics as NP
from torchlint.analysis.events import ModuleCall, ModuleTensorSet, RequiresGradSet, TorchCall
from torchlint.analysis.facts import GradMode, Tensor, Tri, Why
from torchlint.analysis.state import SaveRecord, State
from torchlint.analysis.tensor_ops import apply_op, keeps_rank, make_input, record_save
from torchlint.analysis.training import (
    is_environment,
    is_eval_name,
    is_unit_test,
    module_tree,
    scope_name,
    trains_in_body,
)
from torchlint.analysis.values import (
    UNKNOWN,
    AnyModule,
    ArgParserObj,
    ClassInfo,
    ClassV,
    Const,
    DictObj,
    Distribution,
    FunctionInfo,
    FuncV,
    HookHandle,
    InstanceObj,
    ModuleObj,
    Modules,
    ObjRef,
    OptimizerObj,
    Params,
    Seq,
    TorchName,
    TRef,
    Value,
    _TypeOnly,
    const_number,
    const_type,
    fast_replace,
)

if TYPE_CHECKING:
    from torchlint.analysis.interpreter import Interpreter
    from torchlint.analysis.torch_semantics import Args, Kwargs, Spread

CONTAINERS: Final = frozenset({"torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict"})
_MODULE_API: Final = frozenset(
    {
        "eval",
        "train",
        "parameters",
        "named_parameters",
        "buffers",
        "named_buffers",
        "children",
        "named_children",
        "modules",
        "named_modules",
        "zero_grad",
        "state_dict",
        "load_state_dict",
        "to",
        "double",
        "float",
        "half",
        "bfloat16",
        "cuda",
        "cpu",
        "type",
        "requires_grad_",
        "apply",
        "register_buffer",
        "register_parameter",
        "add_module",
        "forward",
        "get_submodule",
    }
)
_DTYPE_METHODS: Final = {
    "double": "float64",
    "float": "float32",
    "half": "float16",
    "bfloat16": "bfloat16",
}


@dataclass(frozen=True, slots=True)
class Loader(Value):
    """A `torch.utils.data.DataLoader`: iterating it yields batches that do not require grad."""

    line: int
    device: str | None = None  # where its batches are, when the dataset tells ("cpu")
    items: tuple[tuple[str | None, int | None], ...] = ()  # (dtype, rank) of each batch item
    single: bool = False  # a batch is one tensor, not a tuple of parts
    # A `collate_fn` of this file, and the dataset whose items it is handed: a batch is
    # what the function makes of a list of items.
    collate: Value | None = None
    dataset: Value | None = None


@dataclass(frozen=True, slots=True)
class Dataset(Value):
    """A dataset whose items' device is known: `TensorDataset(x, y)` of CPU tensors, a
    torchvision dataset, a Dataset class of the file that never moves tensors."""

    device: str | None
    items: tuple[tuple[str | None, int | None], ...] = ()  # (dtype, rank) of each item part


@dataclass(frozen=True, slots=True)
class Builtin(Value):
    """The result of `range`, `enumerate`, `zip`...: what iterating it yields."""

    name: str
    element: Value
    nonempty: bool = False  # iterating it surely yields something (`range(4)`)
    # `enumerate(seq)`/`zip(a, b)` without `start`: the sequences iterated side by side,
    # so a loop over a short literal list can visit its items one by one.
    sources: tuple[Value, ...] = ()


@dataclass(frozen=True, slots=True)
class SuperProxy(Value):
    cls: ClassInfo | None
    self_value: Value | None


def number_like(t: Tensor) -> Value:
    integral = t.dtype is not None and all(
        K.dtype_category(d) in ("int", "bool") for d in t.dtype if d in K.dtype_names()
    )
    return Const(_TypeOnly(int if integral else float))


# =========================================================================== modules
def make_module(
    ip: Interpreter, qual: str, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> ObjRef:
    from torchlint.analysis.torch_semantics import parse_device, parse_dtype

    oid = ip.graph.alloc(id(node), ip.frame.context)
    mf = K.module(qual)
    has_params = Tri.of(mf.has_parameters) if mf is not None else Tri.MAYBE
    dtype: frozenset[str] | None = (
        frozenset({K.DEFAULT_FLOAT}) if mf is not None and mf.has_parameters else None
    )
    why_dtype = ip.why_code(node, f"`{{}}` has {K.DEFAULT_FLOAT} parameters") if dtype else None
    if "dtype" in kwargs:
        d = parse_dtype(kwargs["dtype"][1])
        dtype = frozenset({d}) if d else None
        why_dtype = ip.why(node, f"`dtype={ip.text(kwargs['dtype'][0])}`") if d else None
    device = "cpu"
    if "device" in kwargs:
        device = parse_device(kwargs["device"][1]) or None  # type: ignore[assignment]
    children: tuple[Value, ...] = tuple(v for _, v in args)
    if qual == "torch.nn.ModuleList" and args and isinstance(args[0][1], Seq):
        children = args[0][1].items
    named: dict[str, Value] = {}
    if qual == "torch.nn.ModuleDict":
        # `nn.ModuleDict({"cls": nn.Linear(...), ...})`: its modules are attributes, by key
        named = _module_entries(args, state)
        children = ()
    if qual in CONTAINERS:
        kids = [state.module(c) for c in (*children, *named.values())]
        known = [k for k in kids if k is not None]
        has_params = (
            Tri.YES
            if any(k.has_params is Tri.YES for k in known)
            else (
                Tri.NO
                if known and len(known) == len(kids) and all(k.has_params is Tri.NO for k in known)
                else Tri.MAYBE
            )
        )
        dtypes = {k.dtype for k in known if k.has_params is not Tri.NO}
        dtype = next(iter(dtypes)) if len(dtypes) == 1 else None
    state.heap[oid] = ModuleObj(
        qualname=qual,
        cls=None,
        line=node.lineno,
        dtype=dtype,
        device=device,
        training=Tri.YES,
        params_rg=Tri.YES,
        has_params=has_params,
        ctor={k: v for k, (_, v) in kwargs.items()},
        ctor_args=children,
        attrs=named,
        why_training=ip.why_code(node, "`{}` starts in training mode"),
        why_dtype=why_dtype,
    )
    return ObjRef(oid)


def _module_entries(args: Args, state: State) -> dict[str, Value]:
    """The entries of the dict literal a ModuleDict is built from, when every entry is known
    (and known to be a module): otherwise none, and its items are unknown."""
    found = state.heap.get(args[0][1].oid) if args and isinstance(args[0][1], ObjRef) else None
    if not (isinstance(found, DictObj) and found.exact and len(args) == 1):
        return {}
    entries = dict(found.attrs)
    if not all(state.module(v) is not None for v in entries.values()):
        return {}
    return entries


def _submodules(mod: ModuleObj) -> list[ObjRef]:
    return mod.submodules()


def weight_cells(ip: Interpreter, module_oid: int, state: State) -> list[int]:
    """The heap ids of the weights of a module and its submodules that the analysis made:
    torch.nn layers' `weight`, and `nn.Parameter` attributes of the file's own modules
    (biases left out: no layer saves its bias for backward)."""
    cells: list[int] = []
    for oid in module_tree(ObjRef(module_oid), state) or ():
        mod = state.module(ObjRef(oid))
        weight = ip.graph.existing(f"param:{oid}:weight", ())
        if weight is not None:
            cells.append(weight)
        for value in mod.attrs.values() if mod is not None else ():
            if isinstance(value, TRef) and state.tensor(value).param_of is not None:
                cells.append(value.oid)
    return cells


def _update_tree(
    ip: Interpreter,
    state: State,
    ref: ObjRef,
    change: dict[str, object],
    seen: set[int] | None = None,
) -> None:
    """Apply a change (`training`, `dtype`...) to a module and every submodule, as torch does."""
    seen = seen if seen is not None else set()
    if ref.oid in seen:
        return
    seen.add(ref.oid)
    mod = state.module(ref)
    if mod is None:
        return
    own = dict(change)
    if "dtype" in own and mod.has_params is Tri.NO and mod.qualname is not None:
        own.pop("dtype")
        own.pop("why_dtype", None)
    state.heap[ref.oid] = fast_replace(mod, **own)
    for child in _submodules(mod):
        if isinstance(child, ObjRef):
            _update_tree(ip, state, child, change, seen)
    if "device" in own or "dtype" in own:
        _move_own_tensors(state, mod, own)
    # parameters already handed out (`self.emb.weight.uniform_()` in `__init__`) follow the
    # module's dtype, device and requires_grad
    if "dtype" in own or "params_rg" in own or "device" in own:
        for key in [f"param:{ref.oid}:{n}" for n in ("weight", "bias")]:
            oid = ip.graph.alloc(key, ())
            if oid in state.heap:
                t = state.heap[oid]
                if isinstance(t, Tensor):
                    upd: dict[str, object] = {}
                    if "dtype" in own:
                        upd["dtype"] = own["dtype"]
                        upd["why_dtype"] = own.get("why_dtype")
                    if "device" in own:
                        upd["device"] = own["device"]
                        upd["why_device"] = own.get("why_device")
                    if "params_rg" in own:
                        upd["rg"] = own["params_rg"]
                    state.heap[oid] = t.evolve(**upd)


def _move_own_tensors(state: State, mod: ModuleObj, change: dict[str, object]) -> None:
    """`model.to(device)` / `.double()` move the module's own `nn.Parameter` attributes and
    registered buffers (floating-point ones change dtype); plain tensor attributes stay."""
    for key, value in mod.attrs.items():
        if not isinstance(value, TRef):
            continue
        t = state.heap.get(value.oid)
        if not isinstance(t, Tensor) or (t.param_of != "parameter" and key not in mod.buffers):
            continue
        upd: dict[str, object] = {}
        if "device" in change:
            upd["device"] = change["device"]
            upd["why_device"] = change.get("why_device")
        floating = t.dtype is not None and all(d.startswith(("float", "bfloat")) for d in t.dtype)
        if "dtype" in change and floating:
            upd["dtype"] = change["dtype"]
            upd["why_dtype"] = change.get("why_dtype")
        if upd:
            state.heap[value.oid] = t.evolve(**upd)


def module_method(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    starred: Spread,
    node: ast.Call,
    state: State,
) -> Value:
    from torchlint.analysis.torch_semantics import (
        call_value,
        legacy_type,
        parse_device,
        parse_dtype,
    )

    if mod.cls is not None:
        method = mod.cls.lookup(name)
        if method is not None and not starred:
            self_value = ref if method.kind != "staticmethod" else None
            forwards = ip.module_calls
            before = mod
            result = ip.call_user(
                method,
                tuple(v for _, v in args),
                {k: v for k, (_, v) in kwargs.items()},
                state,
                node,
                self_value=self_value,
                all_kwargs=True,  # nothing spread, or only dicts known whole
            )
            if (
                method.kind == "method"
                and ip.module_calls > forwards
                and _computes_outputs(result)
                and not _in_module_method(ip)
                and not ip.may_switch_mode(method)
            ):
                # `model.encode(img, txt)`: a method that runs the model's layers on its
                # inputs is a call of the model for the rules about evaluating it (TL304),
                # in the mode the model was in when it was called
                _emit_module_call(ip, ref, before, args, kwargs, node, state, result, name)
                # and it trains the model when a loop backpropagates through it
                note_forward(ip, ref, node, state, result)
            return result
    if name in mod.attrs:
        return call_value(ip, mod.attrs[name], args, kwargs, starred, node, state)
    if name == "_conv_forward" and mod.cls is not None and has_layer_parameters(mod.cls):
        # `self._conv_forward(x, weight, bias)` in a Conv subclass: the functional conv
        facts = K.module(mod.cls.torch_base or "")
        if facts is not None and facts.functional_qualname:
            target = TorchName(facts.functional_qualname)
            return call_value(ip, target, args, kwargs, starred, node, state)
    if name == "eval" or (
        name == "train" and args and isinstance(args[0][1], Const) and args[0][1].value is False
    ):
        _update_tree(
            ip,
            state,
            ref,
            {
                "training": Tri.NO,
                "why_training": ip.why_code(node, "`{}` switches to evaluation mode"),
            },
        )
        note_mode(ip, ref, Tri.NO, node, state)
        return ref
    if name == "train":
        mode = Tri.YES
        if args or "mode" in kwargs:
            v = args[0][1] if args else kwargs["mode"][1]
            mode = Tri.YES if isinstance(v, Const) and v.value is True else Tri.MAYBE
        _update_tree(ip, state, ref, {"training": mode, "why_training": ip.why_code(node, "`{}`")})
        note_mode(ip, ref, mode, node, state)
        # train mode asked for after loading weights (MC dropout, fine-tuning): on purpose
        ip.training.loaded_modules.difference_update(module_tree(ref, state) or ())
        return ref
    if name == "update_parameters" and mod.copy_of is not None:
        # an SWA/EMA average taking the weights of the model being trained: what it
        # evaluates afterwards are trained weights (as `deepcopy` of a trained model)
        ip.training.trained_modules.add(ref.oid)
        return UNKNOWN
    if name == "load_state_dict":
        if not _copies_live_module(ip, args, state):
            ip.training.loaded_modules.add(ref.oid)  # trained weights: what follows evaluates them
        return UNKNOWN
    if name == "requires_grad_":
        flag = True
        if args:
            v = args[0][1]
            flag = bool(v.value) if isinstance(v, Const) else True
        _update_tree(ip, state, ref, {"params_rg": Tri.YES if flag else Tri.NO})
        return ref
    if name in _DTYPE_METHODS or name in ("to", "cuda", "cpu", "type"):
        dtype = _DTYPE_METHODS.get(name)
        device: str | None = {"cuda": "cuda", "cpu": "cpu"}.get(name)
        if name in ("to", "type"):
            for _, v in args:
                legacy = legacy_type(v) if name == "type" else None
                if legacy is not None:
                    # `model.type(torch.DoubleTensor)`: the legacy type's dtype and device
                    dtype, device = legacy
                    continue
                dtype = parse_dtype(v) or dtype
                device = parse_device(v) or device
                if isinstance(v, TRef):
                    t = state.tensor(v)
                    if t.dtype is not None and len(t.dtype) == 1:
                        dtype = next(iter(t.dtype))
            if "dtype" in kwargs:
                dtype = parse_dtype(kwargs["dtype"][1])
            if "device" in kwargs:
                device = parse_device(kwargs["device"][1]) or "?"
            if args and not any(
                parse_dtype(v) or parse_device(v) or isinstance(v, TRef) or legacy_type(v)
                for _, v in args
            ):
                device = "?"
        change: dict[str, object] = {}
        if dtype is not None:
            change["dtype"] = frozenset({dtype})
            change["why_dtype"] = ip.why_code(node, f"`{{}}` makes its parameters {dtype}")
        if device is not None:
            change["device"] = None if device == "?" else device
            change["why_device"] = ip.why_code(node, "`{}`")
        if change:
            _update_tree(ip, state, ref, change)
        _emit_module_method(ip, ref, recv_node, name, args, kwargs, node, state)
        return ref
    if name in ("parameters", "named_parameters"):
        return Params(ref.oid, ip.why_code(node, "{}"), named=name == "named_parameters")
    if name in ("modules", "named_modules") and not args:
        return Modules(ref.oid, named=name == "named_modules")
    if name == "get_submodule":
        return AnyModule(ref.oid)  # the submodule at a path: one of its submodules
    if name == "zero_grad":
        note_zero_grad(ip, ref, node, state)
        return Const(None)
    if name in ("forward", "__call__"):
        # `m.forward(x)` skips the hooks `m(x)` runs
        return call_module(ip, ref, mod, args, kwargs, node, state, hooks=name == "__call__")
    if name == "apply" and args and isinstance(args[0][1], FuncV):
        # `net.apply(weights_init)`: the function is given each module of the tree, as a
        # loop over `net.modules()` visits them
        ip.call_user(args[0][1].func, (AnyModule(ref.oid),), {}, state, node)
        return ref
    if (
        name == "register_forward_hook"
        and len(args) == 1
        and not kwargs  # `with_kwargs=True` calls it with the keyword arguments too
        and isinstance(args[0][1], FuncV)
        and not _hook_may_be_removed(ip, node)
    ):
        # run after each call of the module (`self.activations = output`, Grad-CAM)
        attrs = dict(mod.attrs)
        known = attrs.get(_FORWARD_HOOKS)
        hooks = known.items if isinstance(known, Seq) else ()
        attrs[_FORWARD_HOOKS] = Seq((*hooks, args[0][1]), "tuple")
        state.heap[ref.oid] = fast_replace(mod, attrs=attrs)
        return HookHandle(ref.oid, args[0][1])
    if name in ("register_buffer", "register_parameter") and len(args) >= 2:
        key = const_str(args[0][1])
        if key is not None:
            attrs = dict(mod.attrs)
            attrs[key] = args[1][1]
            buffers = mod.buffers | {key} if name == "register_buffer" else mod.buffers
            state.heap[ref.oid] = fast_replace(mod, attrs=attrs, buffers=buffers)
        return Const(None)
    if name == "add_module" and len(args) >= 2:
        key = const_str(args[0][1])
        if key is not None:
            attrs = dict(mod.attrs)
            attrs[key] = args[1][1]
            state.heap[ref.oid] = fast_replace(mod, attrs=attrs)
        return Const(None)
    if mod.qualname == "torch.nn.ModuleDict":
        if name in ("update", "pop", "clear", "setdefault", "popitem"):
            state.heap[ref.oid] = _entries_unknown(mod)
            return UNKNOWN
        entries = module_dict_entries(mod)
        if entries and name in ("keys", "values", "items") and not args:
            if name == "keys":
                return Seq(tuple(Const(k) for k in entries), "list")
            if name == "values":
                return Seq(tuple(entries.values()), "list")
            return Seq(tuple(Seq((Const(k), v), "tuple") for k, v in entries.items()), "list")
    if name == "append" and mod.qualname in ("torch.nn.ModuleList", "torch.nn.Sequential") and args:
        state.heap[ref.oid] = fast_replace(mod, ctor_args=(*mod.ctor_args, args[0][1]))
        return Const(None)
    return UNKNOWN


def const_str(v: Value) -> str | None:
    return v.value if isinstance(v, Const) and isinstance(v.value, str) else None


def _emit_module_method(
    ip: Interpreter,
    ref: ObjRef,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> None:
    if not ip.wants_call(f"Module.{name}"):
        return
    ip.emit(
        TorchCall(
            node=node,
            stmt=ip.stmt,
            qualname=f"Module.{name}",
            receiver=ip.operand(recv_node, ref, state),
            args=tuple(ip.operand(n, v, state) for n, v in args),
            kwargs={k: ip.operand(n, v, state) for k, (n, v) in kwargs.items()},
            result=ref,
            result_tensor=None,
            grad=state.grad,
            state=state,
        )
    )


def module_attribute(
    ip: Interpreter, ref: ObjRef, mod: ModuleObj, name: str, node: ast.Attribute, state: State
) -> Value:
    from torchlint.analysis.values import Bound

    if name in mod.attrs:
        return mod.attrs[name]
    if name == "module" and ref.oid in ip.averaged:
        return ref  # `swa_model.module.eval()`: the averaged copy itself
    if name == "training":
        return (
            Const(True)
            if mod.training is Tri.YES
            else Const(False)
            if mod.training is Tri.NO
            else UNKNOWN
        )
    if mod.cls is not None:
        method = mod.cls.lookup(name)
        if method is not None:
            if method.kind == "property":
                return ip.call_user(method, (), {}, state, node, self_value=ref)
            return FuncV(method, ref if method.kind != "staticmethod" else None)
    if (
        (mod.qualname is not None or (mod.cls is not None and mod.cls.torch_base is not None))
        and mod.has_params is Tri.YES
        and (
            name in ("weight", "bias")
            or (
                name.startswith(("weight_", "bias_", "in_proj_", "out_proj"))
                and (mod.cls is None or not _class_attribute(mod.cls, name))
            )
        )
    ):
        if _made_without(mod, name):
            return Const(None)
        return _param(ip, ref, mod, name, state)
    if mod.qualname in ("torch.nn.Sequential", "torch.nn.ModuleList") and name.isdigit():
        idx = int(name)
        return mod.ctor_args[idx] if idx < len(mod.ctor_args) else UNKNOWN
    if name in _MODULE_API:
        return Bound(ref, name)
    return UNKNOWN


def named_parameter(ip: Interpreter, module: int, dotted: str, state: State) -> TRef | None:
    """`dict(model.named_parameters())["encoder.0.weight"]`: the parameter the name walks
    to through the module's attributes (the very cell `model.encoder[0].weight` is), or
    None where the walk loses its way."""
    ref = ObjRef(module)
    parts = dotted.split(".")
    for part in parts[:-1]:
        mod = state.module(ref)
        if mod is None:
            return None
        child = mod.attrs.get(part)
        if child is None and part.isdigit() and int(part) < len(mod.ctor_args):
            child = mod.ctor_args[int(part)]
        if not isinstance(child, ObjRef):
            return None
        ref = child
    mod = state.module(ref)
    if mod is None:
        return None
    last = parts[-1]
    found = mod.attrs.get(last)
    if isinstance(found, TRef):
        return found
    if found is None and last in ("weight", "bias") and mod.has_params is Tri.YES:
        return _param(ip, ref, mod, last, state)
    return None


def _made_without(mod: ModuleObj, name: str) -> bool:
    """`nn.Linear(4, 2, bias=False).bias`, `nn.BatchNorm2d(8, affine=False).weight`: None."""
    flags = ["bias"] if name == "bias" else []
    if name in ("weight", "bias"):
        flags += ["affine", "elementwise_affine"]
    return any(isinstance(v := mod.ctor.get(flag), Const) and v.value is False for flag in flags)


def _class_attribute(cls: ClassInfo, name: str) -> bool:
    """`weight_bits = 8` written in the class body (or a base's): not a parameter."""
    for c in (cls, *cls.base_classes):
        for stmt in c.node.body:
            targets = (
                stmt.targets
                if isinstance(stmt, ast.Assign)
                else [stmt.target]
                if isinstance(stmt, ast.AnnAssign)
                else []
            )
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return True
    return False


def _param(ip: Interpreter, ref: ObjRef, mod: ModuleObj, name: str, state: State) -> TRef:
    key = f"param:{ref.oid}:{name}"
    oid = ip.graph.alloc(key, ())
    owner = mod.name or (
        mod.cls.name if mod.cls is not None else (mod.qualname or "module").rsplit(".", 1)[-1]
    )
    if oid not in state.heap:
        why = Why(mod.line, f"a parameter of `{owner}`")
        state.heap[oid] = Tensor(
            dtype=mod.dtype,
            rg=mod.params_rg,
            leaf=Tri.YES,
            device=mod.device,
            root=oid,
            why_dtype=mod.why_dtype,
            why_rg=why,
            why_leaf=why,
            param_of=f"{owner}.{name}",
            origin=why,
            rank=_parameter_rank(mod, name),
        )
    return TRef(oid)


def _parameter_rank(mod: ModuleObj, name: str) -> int | None:
    """The rank of a torch.nn layer's own parameter, as the knowledge table measured it;
    where a constructor argument shapes it (`nn.LayerNorm(normalized_shape)`), only when
    that argument is an int, as the generator built it."""
    qualname = mod.qualname or (mod.cls.torch_base if mod.cls is not None else None)
    facts = K.module(qualname) if qualname else None
    if facts is None:
        return None
    rank = facts.parameter_ranks.get(name)
    if rank is not None and facts.rank_argument is not None:
        if mod.qualname is None:
            return None  # a subclass: what its own constructor passes on is not seen here
        given = mod.ctor.get(facts.rank_argument, UNKNOWN)
        order = facts.init_arguments
        if given is UNKNOWN and facts.rank_argument in order:
            at = order.index(facts.rank_argument)
            given = mod.ctor_args[at] if at < len(mod.ctor_args) else UNKNOWN
        if const_type(given) is not int:
            return None
    return rank


def set_module_attribute(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    name: str,
    value: Value,
    target: ast.Attribute,
    state: State,
) -> None:
    if mod.cls is not None and isinstance(value, TRef) and ip.wants(ModuleTensorSet):
        ip.emit(ModuleTensorSet(target, ip.stmt, ip.operand(target, value, state)))
    attrs = dict(mod.attrs)
    attrs[name] = value
    has_params = mod.has_params
    if isinstance(value, TRef) and state.tensor(value).param_of is not None:
        has_params = Tri.YES
    elif isinstance(value, ObjRef):
        sub = state.module(value)
        if sub is not None and sub.has_params is Tri.YES:
            has_params = Tri.YES
    new = fast_replace(mod, attrs=attrs, has_params=has_params)
    if mod.cls is not None and isinstance(value, ObjRef):
        sub = state.module(value)
        if (
            sub is not None
            and sub.has_params is not Tri.NO
            and mod.dtype is not None
            and sub.dtype is not None
            and sub.dtype != mod.dtype
        ):
            new = fast_replace(new, dtype=None)
    if mod.cls is not None and new.device is not None:
        # A parameter (or submodule) made on another device than the module's own: the
        # module is on no one device the analysis can name.
        if isinstance(value, TRef) and state.tensor(value).param_of is not None:
            other = state.tensor(value).device
        elif isinstance(value, ObjRef) and (sub := state.module(value)) is not None:
            other = sub.device if sub.has_params is not Tri.NO else new.device
        else:
            other = new.device
        if other != new.device:
            if mod.has_params is not Tri.YES and other is not None:
                # The first thing with parameters decides (`self.fc = nn.Linear(...).cuda()`)
                why = (
                    state.tensor(value).why_device
                    if isinstance(value, TRef)
                    else sub.why_device
                    if isinstance(value, ObjRef) and (sub := state.module(value)) is not None
                    else None
                )
                new = fast_replace(new, device=other, why_device=why)
            else:
                new = fast_replace(new, device=None, why_device=None)
    state.heap[ref.oid] = new


def module_item(
    ip: Interpreter, ref: ObjRef, mod: ModuleObj, index: Value, node: ast.Subscript, state: State
) -> Value:
    if mod.qualname == "torch.nn.ModuleDict":
        key = const_str(index)
        if key is not None:
            return mod.attrs.get(key, UNKNOWN)
        return _alike_entry(module_dict_entries(mod), state)
    n = const_number(index)
    if mod.qualname in _INDEXED and n is not None and n == int(n):
        i = int(n)
        if -len(mod.ctor_args) <= i < len(mod.ctor_args):
            return mod.ctor_args[i]
    return UNKNOWN


def _alike_entry(entries: dict[str, Value] | None, state: State) -> Value:
    """`self.embeddings[k]` with `k` unknown: when every entry is the same kind of layer in
    the same dtype, device and mode (one `nn.Embedding` per column), the first stands for
    whichever it is."""
    if not entries:
        return UNKNOWN
    first = next(iter(entries.values()))
    mods = [state.module(v) for v in entries.values()]
    if any(m is None for m in mods):
        return UNKNOWN
    keys = {(m.qualname, m.dtype, m.device, m.training, m.params_rg) for m in mods if m}
    return first if len(keys) == 1 and mods[0] is not None and mods[0].qualname else UNKNOWN


def call_module(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    *,
    hooks: bool = True,
) -> Value:
    ip.module_calls += 1
    result: Value = UNKNOWN
    if mod.cls is not None:
        forward = mod.cls.lookup("forward")
        if forward is None and has_layer_parameters(mod.cls):
            result = layer_forward(ip, ref, mod, args, kwargs, node, state)
        if forward is not None:
            result = ip.call_user(
                forward,
                tuple(v for _, v in args),
                {k: v for k, (_, v) in kwargs.items()},
                state,
                node,
                self_value=ref,
                forward=True,
            )
        elif forward is None and mod.cls.torch_base == "torch.nn.Sequential" and mod.ctor_args:
            # `class ConvBNAct(nn.Sequential)` handing its layers to `super().__init__`
            result = _run_sequential(ip, mod, args, node, state)
        # a forward returning a distribution (a policy's `Normal(mean, std)`) keeps it: its
        # `sample()` is outside the graph, its `log_prob()` inside
        if not isinstance(result, TRef | Seq | Distribution) and not _tensor_dict(result, state):
            result = _generic_result(ip, mod, args, node, state)
    elif mod.qualname == "torch.nn.Sequential":
        result = _run_sequential(ip, mod, args, node, state)
    elif mod.qualname is not None and (loss := K.loss(mod.qualname)) is not None:
        result = _loss_result(ip, mod.qualname, loss, args, kwargs, node, state)
    elif mod.qualname is not None:
        result = _builtin_module_result(ip, ref, mod, args, kwargs, node, state)
    given = args[0][1] if args else None
    if (
        isinstance(result, TRef)
        and result != given  # the input itself, handed back: still what it was
        and (mod.qualname is None or K.loss(mod.qualname) is None)
    ):
        state.heap[result.oid] = state.tensor(result).evolve(
            from_module=ref.oid, module_why=ip.why_code(node.func, "{}")
        )
    if hooks:
        result = _run_forward_hooks(ip, ref, args, result, node, state)
    if isinstance(result, TRef) and mod.has_params is Tri.YES and mod.params_rg is Tri.YES:
        made = state.tensor(result).node
        if made is not None:
            ip.parameter_nodes.add(made)
    _emit_module_call(ip, ref, mod, args, kwargs, node, state, result)
    note_forward(ip, ref, node, state, result)
    return result


def _run_sequential(
    ip: Interpreter, mod: ModuleObj, args: Args, node: ast.Call, state: State
) -> Value:
    """Each layer of a Sequential on the output of the one before."""
    value = args[0] if args else (None, UNKNOWN)
    ip.training.in_container += 1
    context = ip.frame.context
    try:
        for i, child in enumerate(mod.ctor_args):
            sub = state.module(child)
            if sub is None or not isinstance(child, ObjRef):
                value = (value[0], UNKNOWN)
                continue
            # Every child's output is a tensor of its own: all children share the call
            # node, so each gets its own allocation context.
            ip.frame.context = (*context, -(i + 1))
            value = (value[0], call_module(ip, child, sub, [value], {}, node, state))
    finally:
        ip.frame.context = context
        ip.training.in_container -= 1
    return value[1]


# Where `register_forward_hook` keeps the hooks of a module, among its attributes (a name
# no attribute of a real module has).
_FORWARD_HOOKS: Final = "<forward hooks>"


def _hook_may_be_removed(ip: Interpreter, node: ast.Call) -> bool:
    """The handle is kept (`self.handles.append(m.register_forward_hook(f))`, `with ...:`)
    in a file that removes hooks somewhere: when it stops running is not followed, so it
    is not run. Kept in a name the file's every `remove()` is called on (`h.remove()`),
    the handle is followed (`HookHandle`)."""
    stmt = ip.stmt
    if isinstance(stmt, ast.Expr) and stmt.value is node:
        return False  # discarded: nothing can remove it
    text = ip.src.scan_text
    if "remove(" not in text:
        return isinstance(stmt, ast.With)
    if (
        isinstance(stmt, ast.Assign)
        and stmt.value is node
        and len(stmt.targets) == 1
        and (name := _handle_name(stmt.targets[0])) is not None
        # a removal in a `finally:` or after a `yield` (a context manager) runs on a path
        # the analysis does not take
        and "finally" not in text
        and "yield" not in text
    ):
        code = re.sub(r"#[^\n]*", "", text)
        uses = re.findall(rf"(?<![\w.]){re.escape(name)}\b(\s*=(?!=)|\.remove\()?", code)
        # the handle goes nowhere else (not into a list removed in a loop): followed. A
        # handle kept on `self` is that object's own; other `remove()` calls of the file
        # (the Grad-CAM object's own `cam.remove()`, `list.remove`) cannot reach it.
        others = text.count("remove(") != text.count(f"{name}.remove(")
        return (others and "." not in name) or not all(uses)
    return True


def _handle_name(target: ast.expr) -> str | None:
    """How a kept handle is written: `h`, or `self.handle` (a Grad-CAM object's)."""
    if isinstance(target, ast.Name):
        return target.id
    if (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    ):
        return f"self.{target.attr}"
    return None


def remove_hook(handle: HookHandle, state: State) -> None:
    """`h.remove()`: the hook no longer runs on the module's calls."""
    mod = state.module(ObjRef(handle.module))
    hooks = mod.attrs.get(_FORWARD_HOOKS) if mod is not None else None
    if mod is None or not isinstance(hooks, Seq):
        return
    attrs = dict(mod.attrs)
    attrs[_FORWARD_HOOKS] = Seq(tuple(h for h in hooks.items if h != handle.hook), "tuple")
    state.heap[handle.module] = fast_replace(mod, attrs=attrs)


def _run_forward_hooks(
    ip: Interpreter, ref: ObjRef, args: Args, result: Value, node: ast.Call, state: State
) -> Value:
    """Each hook registered on the module, as torch calls it: `hook(module, inputs, output)`;
    a hook that returns a tensor replaces the output."""
    mod = state.module(ref)
    hooks = mod.attrs.get(_FORWARD_HOOKS) if mod is not None else None
    if not isinstance(hooks, Seq):
        return result
    inputs = Seq(tuple(v for _, v in args), "tuple")
    for hook in hooks.items:
        if isinstance(hook, FuncV):
            given = (ref, inputs, result)
            out = ip.call_user(hook.func, given, {}, state, node, self_value=hook.bound_self)
            if isinstance(out, TRef):
                result = out
    return result


def functional_call(
    ip: Interpreter, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> Value:
    """`torch.func.functional_call(model, params, (x,))`: the model's forward with its
    parameters taken from `params` (MAML's adapted weights). The result is the forward's
    output, requiring grad only as far as the parameters handed in are known to; what the
    forward reports is muted (`model(x)` itself is analysed where it is called)."""
    module = args[0][1] if args else UNKNOWN
    mod = state.module(module) if isinstance(module, ObjRef) else None
    params = (
        args[1][1]
        if len(args) > 1
        else kwargs.get("parameter_and_buffer_dicts", (None, UNKNOWN))[1]
    )
    given = args[2][1] if len(args) > 2 else kwargs.get("args", (None, UNKNOWN))[1]
    extra = args[3][1] if len(args) > 3 else kwargs.get("kwargs", (None, Const(None)))[1]
    if mod is None or not isinstance(module, ObjRef) or extra != Const(None):
        return UNKNOWN
    if isinstance(given, TRef):
        items: tuple[Value, ...] = (given,)
    elif isinstance(given, Seq) and given.kind == "tuple":
        items = given.items
    else:
        return UNKNOWN
    ip.muted += 1
    try:
        result = call_module(ip, module, mod, [(None, v) for v in items], {}, node, state)
    finally:
        ip.muted -= 1
    if not isinstance(result, TRef):
        return UNKNOWN
    t = state.tensor(result)
    if _all_require_grad(params, state) and t.rg is Tri.YES:
        return result
    oid = ip.graph.alloc(id(node), ip.frame.context)
    state.heap[oid] = t.evolve(rg=Tri.MAYBE, leaf=Tri.MAYBE, why_rg=None, root=oid)
    return TRef(oid)


def _all_require_grad(params: Value, state: State) -> bool:
    """A dict of parameters whose every entry is known to require grad."""
    found = state.heap.get(params.oid) if isinstance(params, ObjRef) else None
    return (
        isinstance(found, DictObj)
        and found.exact
        and bool(found.attrs)
        and all(isinstance(v, TRef) and state.tensor(v).rg is Tri.YES for v in found.attrs.values())
    )


def set_module_item(
    ip: Interpreter, ref: ObjRef, mod: ModuleObj, index: Value, value: Value, state: State
) -> None:
    """`heads["aux"] = nn.Linear(...)` on a ModuleDict: that entry, or, under a key not known,
    any entry may have changed. `layers[i] = Adapter(layers[i])` on a Sequential or a
    ModuleList: that child, or, at a place not known, some child, trainable or not."""
    if mod.qualname in _INDEXED:
        n = const_number(index)
        count = len(mod.ctor_args)
        if n is not None and n == int(n) and -count <= int(n) < count and state.module(value):
            children = list(mod.ctor_args)
            children[int(n)] = value
            state.heap[ref.oid] = fast_replace(mod, ctor_args=tuple(children))
        elif not isinstance(value, TRef | Const):
            _swapped_in(ip, state, ref)
        return
    if mod.qualname != "torch.nn.ModuleDict":
        return
    key = const_str(index)
    if key is not None and state.module(value) is not None:
        state.heap[ref.oid] = fast_replace(mod, attrs={**mod.attrs, key: value})
    else:
        state.heap[ref.oid] = _entries_unknown(mod)


_INDEXED: Final = frozenset({"torch.nn.Sequential", "torch.nn.ModuleList"})


def _swapped_in(ip: Interpreter, state: State, ref: ObjRef) -> None:
    """A submodule, trainable or not, replaced somewhere in the tree of `ref` (an adapter
    injected after freezing): which of its parameters require grad is no longer known."""
    _update_tree(ip, state, ref, {"params_rg": Tri.MAYBE})


# In a ModuleDict's `ctor`: its entries changed in a way the analysis did not follow, so
# its `attrs` hold some of them at most (reading a known key is still right).
_ENTRIES_UNKNOWN: Final = "\0entries unknown"


def _entries_unknown(mod: ModuleObj) -> ModuleObj:
    return fast_replace(
        mod, attrs={}, has_params=Tri.MAYBE, ctor={**mod.ctor, _ENTRIES_UNKNOWN: Const(True)}
    )


def module_dict_entries(mod: ModuleObj) -> dict[str, Value] | None:
    """Every entry of a ModuleDict, by key, when the analysis knows them all."""
    if mod.qualname != "torch.nn.ModuleDict" or _ENTRIES_UNKNOWN in mod.ctor or not mod.attrs:
        return None
    return dict(mod.attrs)


def _tensor_dict(value: Value, state: State) -> bool:
    """A forward's `{"logits": ..., "probs": ...}` whose entries are all known tensors: kept
    as it is (otherwise the model's output stands for each entry, as before)."""
    found = state.heap.get(value.oid) if isinstance(value, ObjRef) else None
    return (
        isinstance(found, DictObj)
        and found.exact
        and bool(found.attrs)
        and all(isinstance(v, TRef) for v in found.attrs.values())
    )


def _in_module_method(ip: Interpreter) -> bool:
    func = ip.frame.func
    return ip.training.in_container > 0 or (
        func is not None and func.cls is not None and func.cls.is_module is not Tri.NO
    )


def _emit_module_call(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    result: Value,
    via_method: str = "",
) -> None:
    if not ip.wants(ModuleCall):
        return
    ip.emit(
        ModuleCall(
            node=node,
            stmt=ip.stmt,
            module=mod if via_method else state.module(ref) or mod,
            source=ip.src,
            args=tuple(ip.operand(n, v, state) for n, v in args),
            kwargs={k: ip.operand(n, v, state) for k, (n, v) in kwargs.items()},
            result=result,
            grad=state.grad,
            state=state,
            module_oid=ref.oid,
            scope_name=scope_name(ip.frame.func),
            in_eval_scope=ip.frame.func is not None
            and is_eval_name(scope_name(ip.frame.func), ip.src.path)
            and not _unit_test(ip, ip.frame.func)
            and not trains_in_body(ip.frame.func, ip.src.scan_lines),
            trained_before=ip.training.is_trained(ref.oid),
            loaded_before=ref.oid in ip.training.loaded_modules,
            in_module_method=_in_module_method(ip),
            callers=ip.frame.context,
            via_method=via_method,
            copy_of_eval=_copy_of_eval(ip, ref, state),
            training_site=_training_site(ip),
        )
    )


def _training_site(ip: Interpreter) -> ast.AST | None:
    """The innermost call, in a function of this file on the call stack that backpropagates
    or steps an optimizer in its own text, leading to the current function."""
    active, sites = ip.active, ip.call_sites
    # `active[i]` was called at `sites[i]`: the call inside `active[i]` is `sites[i + 1]`
    for i in range(len(active) - 2, -1, -1):
        f = active[i]
        if (f.source is None or f.source is ip.main_src) and trains_in_body(
            f, ip.main_src.scan_lines
        ):
            return sites[i + 1] if i + 1 < len(sites) else None
    return None


def _unit_test(ip: Interpreter, func: FunctionInfo) -> bool:
    """`is_unit_test`, once per function and analysis (asked at every module call)."""
    key = id(func.node)
    found = ip.unit_tests.get(key)
    if found is None:
        found = ip.unit_tests[key] = is_unit_test(func)
    return found


def _copy_of_eval(ip: Interpreter, ref: ObjRef, state: State) -> tuple[ModuleObj, Why] | None:
    """The model this one is a deep copy of, when that model was switched to eval mode."""
    copy = state.module(ref)
    original = copy.copy_of if copy is not None else None
    mod = state.module(ObjRef(original)) if original is not None else None
    if mod is None or mod.training is not Tri.NO or mod.why_training is None:
        return None
    return mod, mod.why_training


def _drops(mod: ModuleObj) -> bool:
    """A dropout layer that surely zeroes something in training: its `p` is a number above 0
    (0.5 when not given). At `p=0` torch leaves the input untouched; an unknown `p` (a
    constructor argument of a block analysed on its own) is not followed."""
    given = mod.ctor.get("p", mod.ctor_args[0] if mod.ctor_args else None)
    if given is None:
        return True
    p = const_number(given)
    return p is not None and p > 0


def _generic_result(
    ip: Interpreter, mod: ModuleObj, args: Args, node: ast.Call, state: State
) -> Value:
    oid = ip.graph.alloc(id(node), ip.frame.context)
    inputs = [make_input(ip, n, v, state) for n, v in args]
    x = inputs[0].tensor if inputs else None
    rec = state.grad.records
    why: Why | None
    if rec is Tri.NO:
        rg = Tri.NO
        why = ip.why(node, "computed under `torch.no_grad()`")
    elif mod.has_params is Tri.YES and mod.params_rg is Tri.YES:
        rg = rec
        why = ip.why(node, f"`{ip.text(node.func)}` has parameters that require grad")
    elif x is not None and x.rg is Tri.YES:
        rg = rec
        why = x.why_rg
    else:
        rg = Tri.MAYBE
        why = None
    parents = tuple(
        i.tensor.node for i in inputs if i.tensor is not None and i.tensor.node is not None
    )
    node_id = (
        ip.graph.add(ip.why_code(node, "{}"), None, False, parents) if rg is not Tri.NO else None
    )
    dtype = mod.dtype if mod.has_params is Tri.YES else None
    state.saved.pop(oid, None)  # new storage: what the last tensor made here had saved is its own
    state.heap[oid] = Tensor(
        dtype=dtype,
        rg=rg,
        leaf=Tri.NO if rg is Tri.YES else Tri.MAYBE if rg is Tri.MAYBE else Tri.YES,
        root=oid,
        node=node_id,
        why_rg=why,
        why_dtype=mod.why_dtype if dtype else None,
        origin=ip.why_code(node, "{}"),
        device=mod.device if mod.has_params is Tri.YES else None,
    )
    return TRef(oid)


def _flattened_rank(mod: ModuleObj, rank: int) -> int | None:
    """`nn.Flatten(start_dim=1)` (its defaults) to the last dimension: start_dim + 1."""
    start = const_number(mod.ctor.get("start_dim", mod.ctor_args[0] if mod.ctor_args else Const(1)))
    end = const_number(
        mod.ctor.get("end_dim", mod.ctor_args[1] if len(mod.ctor_args) > 1 else Const(-1))
    )
    if start is None or end != -1 or start != int(start) or not 0 <= start < rank:
        return None
    return int(start) + 1


_RANK_KEEPING: Final = frozenset(
    {
        "linear",
        "bilinear",
        "dropout",
        "dropout1d",
        "dropout2d",
        "dropout3d",
        "alpha_dropout",
        "relu",
        "relu6",
        "leaky_relu",
        "gelu",
        "silu",
        "mish",
        "elu",
        "selu",
        "celu",
        "softplus",
        "hardtanh",
        "hardswish",
        "hardsigmoid",
        "sigmoid",
        "tanh",
        "softmax",
        "log_softmax",
        "prelu",
    }
)


# Layers whose 4-d output is a batch of (C, H, W) maps.
_IMAGE_LAYERS: Final = frozenset(
    {
        "Conv2d",
        "ConvTranspose2d",
        "LazyConv2d",
        "LazyConvTranspose2d",
        "BatchNorm2d",
        "InstanceNorm2d",
        "MaxPool2d",
        "AvgPool2d",
        "AdaptiveAvgPool2d",
        "AdaptiveMaxPool2d",
        "Upsample",
        "UpsamplingNearest2d",
        "UpsamplingBilinear2d",
        "PixelShuffle",
        "PixelUnshuffle",
    }
)


def _builtin_module_result(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    from torchlint.analysis.torch_semantics import inplace_write

    assert mod.qualname is not None
    mf = K.module(mod.qualname)
    if not args or mf is None:
        return _generic_result(ip, mod, args, node, state)
    if (mf.returns_input or (mf.returns_input_in_eval and mod.training is Tri.NO)) and (
        len(args) == 1 and not kwargs
    ):
        return args[0][1]  # `nn.Identity()(x)`, an eval-mode `nn.Dropout(p)(x)`: `x` itself
    if mod.qualname in _RECURRENT or mod.qualname in _CELLS:
        return _recurrent_result(ip, ref, mod, args, node, state)
    if mod.qualname == "torch.nn.MultiheadAttention":
        return _attention_result(ip, ref, mod, args, kwargs, node, state)
    x_node, x = args[0]
    inplace = mod.ctor.get("inplace")
    if (
        isinstance(inplace, Const)
        and inplace.value is True
        and mf.returns_input_in_eval
        and not _drops(mod)
    ):
        return x  # `nn.Dropout(attn_drop, inplace=True)` with `attn_drop=0.`: nothing written
    if isinstance(inplace, Const) and inplace.value is True and isinstance(x, TRef):
        short_name = mod.qualname.rsplit(".", 1)[-1]
        return inplace_write(
            ip,
            x,
            x_node,
            f"{short_name}(inplace=True)",
            "module_inplace",
            None,
            node,
            state,
            None,
            saves_written=mf.saves_input or mf.saves_output,
        )
    if not isinstance(x, TRef):
        return _generic_result(ip, mod, args, node, state)
    op = K.op(mf.functional_qualname) if mf.functional_qualname else None
    inputs = [make_input(ip, x_node, x, state)]
    if mf.has_parameters:
        weight = _param(ip, ref, mod, "weight", state)
        inputs.append(make_input(ip, None, weight, state))
    out = apply_op(ip, mod.qualname, None, inputs, node, state)
    t = state.tensor(out)
    xt = state.tensor(x)
    dtype = (
        mod.dtype
        if mf.has_parameters
        else (
            xt.dtype
            if op is None or op.dtype_rule in ("same", "float_only", "unknown")
            else t.dtype
        )
    )
    if (
        mf.has_parameters
        and mod.dtype is not None
        and xt.dtype is not None
        and xt.dtype != mod.dtype
        and not mod.qualname.endswith((".Embedding", ".EmbeddingBag"))  # indices in, vectors out
    ):
        dtype = None  # torch raises here; TL402 reports it
    name = mod.qualname.rsplit(".", 1)[-1]
    rank = t.rank
    if rank is None and mf.functional_qualname is not None:
        fname = mf.functional_qualname.rsplit(".", 1)[-1]
        if (
            fname in _RANK_KEEPING
            or fname.endswith("_norm")
            or fname.startswith("conv")
            or "_pool" in fname
            or fname in ("interpolate", "pixel_shuffle", "pixel_unshuffle")
        ):
            # Linear, activations, dropout, norms, convolutions, pools, resizing keep the rank
            rank = xt.rank
    if rank is None and xt.rank is not None:
        if name == "Flatten":
            rank = _flattened_rank(mod, xt.rank)
        elif name == "Embedding":
            rank = xt.rank + 1  # one vector per index
        elif name == "EmbeddingBag" and xt.rank in (1, 2):
            rank = 2  # one vector per bag
    if mod.ctor.get("return_indices", Const(False)) != Const(False):
        rank = None  # `nn.MaxPool2d(2, return_indices=True)`: a pair, not a tensor of a rank
    # 2-d layers give (N, C, H, W) maps; layers that keep the shape keep a batch of images one
    image = rank == 4 and (
        name in _IMAGE_LAYERS or (xt.image and xt.rank == 4 and keeps_rank(mf.functional_qualname))
    )
    t = t.evolve(
        dtype=dtype,
        why_dtype=mod.why_dtype if mf.has_parameters else xt.why_dtype,
        rank=rank,
        image=image,
    )
    weight_t = inputs[1].tensor if len(inputs) > 1 else None
    if t.rg is not Tri.NO and weight_t is not None and weight_t.rg is Tri.YES:
        # said by the module, not by its unnamed weight (or, in a Sequential, by the
        # previous child's output, written as the Sequential's argument)
        t = t.evolve(
            why_rg=ip.why(node, f"`{ip.text(node.func)}` has parameters that require grad")
        )
    if name in ("Softmax", "LogSoftmax", "Softmin"):
        t = t.evolve(
            softmax=ip.why_code(node, "{}"),
            softmax_kind="log_softmax" if name == "LogSoftmax" else "softmax",
        )
    state.heap[out.oid] = t
    # What the module saves for backward, as measured on torch.
    if t.rg is Tri.YES and state.grad.records is Tri.YES and t.node is not None:
        why = ip.why_code(node, "{}")
        saved_any = False
        if mf.saves_input:
            record_save(state, xt.root, SaveRecord(t.node, ip.text(node), why, ip.text(x_node)))
            saved_any = True
        if mf.saves_output:
            record_save(state, t.root, SaveRecord(t.node, ip.text(node), why, ip.text(node)))
            saved_any = True
        if (
            mf.saves_parameters
            and mf.has_parameters
            and (xt.rg is Tri.YES or mf.saves_parameters_for_plain_input)
        ):
            # The weight is saved to compute the input's gradient: a linear layer fed plain
            # data keeps none, a convolution or a norm layer keeps it all the same (measured).
            weight_root = state.tensor(weight).root
            context = ip.frame.context
            # A child of a container shares the container's call: name it by its index.
            index = f"[{-context[-1] - 1}]" if context and context[-1] < 0 else ""
            text = f"{ip.text(node.func)}{index}.weight"
            record_save(
                state,
                weight_root,
                SaveRecord(t.node, ip.text(node), why, text, unused=xt.rg is not Tri.YES),
            )
        if mf.saves_parameters or saved_any:
            nodes = ip.graph.nodes
            n = nodes[t.node]
            nodes[t.node] = replace(n, saves=True)
    return out


# Hand-written (the table measures what modules save, not their output structure): these
# return (output, hidden), the LSTM's hidden being (h, c).
_RECURRENT: Final = {"torch.nn.RNN": 1, "torch.nn.GRU": 1, "torch.nn.LSTM": 2}
# One step of them: the new hidden state, (h, c) for the LSTM's cell.
_CELLS: Final = {"torch.nn.RNNCell": 1, "torch.nn.GRUCell": 1, "torch.nn.LSTMCell": 2}


def _recurrent_result(
    ip: Interpreter, ref: ObjRef, mod: ModuleObj, args: Args, node: ast.Call, state: State
) -> Value:
    """`out, h = rnn(x, h)`: both depend on the input and on the hidden state passed in.
    A cell's step (`h, c = cell(x, (h, c))`) gives the hidden state alone, shaped (B, H)."""
    assert mod.qualname is not None
    inputs = [make_input(ip, args[0][0], args[0][1], state)]
    if len(args) > 1:
        hidden = args[1][1]
        parts = hidden.items if isinstance(hidden, Seq) else (hidden,)
        inputs.extend(make_input(ip, None, h, state) for h in parts if isinstance(h, TRef))
    cell = _CELLS.get(mod.qualname)
    weight = _param(ip, ref, mod, "weight_ih" if cell else "weight_ih_l0", state)
    inputs.append(make_input(ip, None, weight, state))
    out = apply_op(ip, mod.qualname, None, inputs, node, state)
    t = state.tensor(out)
    x = args[0][1]
    # the output has the input's shape but for its features: (B, T, H) from (B, T, F)
    rank = state.tensor(x).rank if isinstance(x, TRef) else None
    t = t.evolve(dtype=mod.dtype, why_dtype=mod.why_dtype, rank=rank)
    _keeps_for_backward(ip, t, state)  # its inputs and gates
    state.heap[out.oid] = t
    if cell == 1:
        return out
    if cell == 2:
        oid = ip.graph.alloc((id(node), "cell state"), ip.frame.context)
        state.heap[oid] = t.evolve(root=oid)
        return Seq((out, TRef(oid)), "tuple")
    n_hidden = _RECURRENT[mod.qualname]
    hidden_refs: list[Value] = []
    for i in range(n_hidden):
        oid = ip.graph.alloc((id(node), "hidden", i), ip.frame.context)
        state.heap[oid] = t.evolve(root=oid, rank=3)
        hidden_refs.append(TRef(oid))
    hidden_value: Value = hidden_refs[0] if n_hidden == 1 else Seq(tuple(hidden_refs), "tuple")
    return Seq((out, hidden_value), "tuple")


def _keeps_for_backward(ip: Interpreter, t: Tensor, state: State) -> None:
    """A module whose output's graph node saves tensors for backward (where one is made)."""
    if t.node is not None and t.rg is Tri.YES and state.grad.records is Tri.YES:
        nodes = ip.graph.nodes
        nodes[t.node] = replace(nodes[t.node], saves=True)


def _attention_result(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    """`out, weights = mha(q, k, v)`: a pair (hand-written, as for `_RECURRENT`), both made
    from the query, key, value and the projection weights; the weights are None with
    `need_weights=False`."""
    assert mod.qualname is not None
    inputs = [make_input(ip, n, v, state) for n, v in args[:3] if isinstance(v, TRef)]
    weight = _param(ip, ref, mod, "in_proj_weight", state)
    inputs.append(make_input(ip, None, weight, state))
    out = apply_op(ip, mod.qualname, None, inputs, node, state)
    query = args[0][1]
    rank = state.tensor(query).rank if isinstance(query, TRef) else None
    t = state.tensor(out).evolve(dtype=mod.dtype, why_dtype=mod.why_dtype, rank=rank)
    _keeps_for_backward(ip, t, state)  # q, k and v
    state.heap[out.oid] = t
    need = kwargs.get("need_weights", (None, Const(True)))[1]
    weights: Value = UNKNOWN
    if need == Const(False):
        weights = Const(None)
    elif need == Const(True):
        oid = ip.graph.alloc((id(node), "weights"), ip.frame.context)
        # (N, L, S) per query, averaged over the heads; (N, H, L, S) when not averaged
        averaged = kwargs.get("average_attn_weights", (None, Const(True)))[1]
        heads = (
            {Const(True): 0, Const(False): 1}.get(averaged) if isinstance(averaged, Const) else None
        )
        w_rank = rank + heads if rank is not None and heads is not None else None
        state.heap[oid] = t.evolve(root=oid, rank=w_rank)
        weights = TRef(oid)
    return Seq((out, weights), "tuple")


# =========================================================================== losses
def functional_loss(
    ip: Interpreter,
    qual: str,
    op: K.OpFacts,
    loss: K.LossFacts,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    from torchlint.analysis.torch_semantics import _emit_call

    ref = _loss_result(ip, qual, loss, args, kwargs, node, state, op=op)
    _emit_call(ip, qual, None, args, kwargs, ref, node, state)
    return ref


def loss_operands(
    args: Args, kwargs: Kwargs
) -> tuple[tuple[ast.expr | None, Value] | None, tuple[ast.expr | None, Value] | None]:
    inp = args[0] if args else kwargs.get("input")
    tgt = args[1] if len(args) > 1 else kwargs.get("target")
    return inp, tgt


def _loss_result(
    ip: Interpreter,
    qual: str,
    loss: K.LossFacts,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    op: K.OpFacts | None = None,
) -> Value:
    inp, tgt = loss_operands(args, kwargs)
    inputs = [make_input(ip, pair[0], pair[1], state) for pair in (inp, tgt) if pair is not None]
    if op is None and loss.functional:
        op = K.op(loss.functional)
    if not inputs:
        return UNKNOWN
    out = apply_op(ip, qual, op, inputs, node, state)
    t = state.tensor(out)
    it = inputs[0].tensor
    reduction = kwargs.get("reduction")
    rank = 0
    if reduction is not None and isinstance(reduction[1], Const) and reduction[1].value == "none":
        rank = it.rank if it is not None and it.rank is not None else -1
    state.heap[out.oid] = t.evolve(
        rank=rank if rank >= 0 else None,
        dtype=it.dtype if it is not None and t.dtype is None else t.dtype,
    )
    return out


# =========================================================================== optimizers
def make_optimizer(
    ip: Interpreter, qual: str, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> Value:
    from torchlint.analysis.torch_semantics import _emit_call

    oid = ip.graph.alloc(id(node), ip.frame.context)
    params = args[0][1] if args else kwargs.get("params", (None, UNKNOWN))[1]
    state.heap[oid] = OptimizerObj(qual, node.lineno, params)
    ref = ObjRef(oid)
    _emit_call(ip, qual, None, args, kwargs, ref, node, state)
    return ref


def optimizer_method(
    ip: Interpreter,
    ref: ObjRef,
    opt: OptimizerObj,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    if name == "zero_grad":
        note_zero_grad(ip, ref, node, state)
    elif name == "step":
        closure = args[0][1] if args else kwargs["closure"][1] if "closure" in kwargs else None
        result: Value = Const(None)
        if isinstance(closure, FuncV):
            # `opt.step(closure)` (LBFGS): the optimiser calls it, with grad enabled, first.
            with ip.grad_mode(state, GradMode.ENABLED):
                result = ip.call_user(
                    closure.func, (), {}, state, node, self_value=closure.bound_self
                )
        note_step(ip, ref, node, state)
        return result
    return Const(None)


def any_module_attribute(
    ip: Interpreter, any_module: AnyModule, name: str, node: ast.AST, state: State
) -> Value:
    """`modules[name].weight` for one of a model's submodules: a parameter of the model,
    requiring grad only when no part of the model was frozen."""
    if name not in ("weight", "bias"):
        return UNKNOWN
    ref = param_tensor(ip, Params(any_module.module), state, node)
    if not isinstance(ref, TRef):
        return UNKNOWN
    tree = module_tree(ObjRef(any_module.module), state) or ()
    mods = [m for m in (state.module(ObjRef(oid)) for oid in tree) if m is not None]
    if any(m.params_rg is not Tri.YES for m in mods if m.has_params is not Tri.NO):
        state.heap[ref.oid] = state.tensor(ref).evolve(rg=Tri.MAYBE, why_rg=None)
    return ref


def param_tensor(ip: Interpreter, params: Params, state: State, node: ast.AST) -> Value:
    if params.module is None:
        return UNKNOWN
    mod = state.heap.get(params.module)
    if not isinstance(mod, ModuleObj):
        return UNKNOWN
    ref = _param(ip, ObjRef(params.module), mod, "weight", state)
    t = state.tensor(ref)
    # it stands for each of them: a rank only where they all have it (a bias is 1-D)
    rank = t.rank if t.rank is not None and _one_rank(mod) else None
    state.heap[ref.oid] = t.evolve(params_of=params.module, rank=rank)
    return ref


def _one_rank(mod: ModuleObj) -> bool:
    # a subclass may add parameters of its own: only a torch layer itself is known
    facts = K.module(mod.qualname) if mod.qualname else None
    return facts is not None and len(set(facts.parameter_ranks.values())) == 1


def freeze(ip: Interpreter, module_oid: int, flag: bool, node: ast.AST, state: State) -> None:
    """`p.requires_grad = False` for every `p` of `m.parameters()`: the module is frozen,
    unless the file turns some parameters back on in a loop of its own (`for p in
    bn_parameters(model): p.requires_grad_(True)`, test-time adaptation): which ones the
    analysis may not know, so the module's parameters are then unknown."""
    why = ip.why_code(node, f"`{{}} = {flag}` for every parameter of the module")
    rg = Tri.YES if flag else Tri.MAYBE if _thaws_in_a_loop(ip) else Tri.NO
    _update_tree(ip, state, ObjRef(module_oid), {"params_rg": rg})
    for key in ("weight", "bias"):
        oid = ip.graph.alloc(f"param:{module_oid}:{key}", ())
        t = state.heap.get(oid)
        if isinstance(t, Tensor):
            state.heap[oid] = t.evolve(rg=rg, why_rg=why if rg is not Tri.MAYBE else None)


_LOOP_TARGET: Final = re.compile(r"\bfor\s+(?:\w+\s*,\s*)?(\w+)\s+in\b")
_THAWED: Final = r"\b{}\.requires_grad(?:_\(\s*(?:True)?\s*\)|\s*=\s*True)"


def _thaws_in_a_loop(ip: Interpreter) -> bool:
    """The file sets `requires_grad` back on for a loop variable somewhere."""
    found = ip.thaws
    if found is None:
        text = ip.main_src.scan_text
        found = "requires_grad" in text and any(
            re.search(_THAWED.format(re.escape(name)), text)
            for name in set(_LOOP_TARGET.findall(text))
        )
        ip.thaws = found
    return found


# Any way a file may fill parameters: `nn.init.*`, `reset_parameters`, a loaded state, an
# `apply(fn)`, an in-place method (`uniform_(`, `zero_(`, `copy_(`), a `.data` write.
# Means of filling parameters the analysis cannot follow: a function applied to every module,
# weights loaded, writes through `.data` or by name.
# (A loop over `parameters()` that fills them shows by its in-place writes, see `_INIT_CALL`.)
_GENERIC_INIT: Final = re.compile(
    r"\.apply\(|state_dict|torch\.load|from_pretrained|\.data\b|setattr\(|getattr\("
)
# In-place writes and `nn.init` calls: followed where they name an attribute of `self`.
_INIT_CALL: Final = re.compile(r"\binit\.|\.[A-Za-z]\w*[A-Za-z0-9]_\(|reset_parameters")
_OWN_INIT: Final = re.compile(
    r"\binit\.\w+_\(\s*self\.\w+\s*[,)]|\bself\.\w+\.[A-Za-z]\w*[A-Za-z0-9]_\(|\bself\.reset_parameters\(\)"
)


def _initialises(ip: Interpreter) -> bool:
    """The file may fill a parameter made from uninitialised memory by means the analysis
    does not follow. Not when its only means are `nn.init` calls and in-place writes on
    attributes of `self` (`nn.init.kaiming_uniform_(self.weight)`, `self.mask.copy_(m)`) in
    functions the file calls: those the analysis runs, parameter by parameter."""
    found = ip.file_initialises
    if found is None:
        found = ip.file_initialises = _may_initialise(ip)
    return found


def _may_initialise(ip: Interpreter) -> bool:
    text = ip.main_src.scan_text
    if _GENERIC_INIT.search(text):
        return True
    lines = ip.main_src.scan_lines
    rows = {text.count("\n", 0, m.start()) + 1 for m in _INIT_CALL.finditer(text)}
    rows = {row for row in rows if not lines[row - 1].lstrip().startswith(("def ", "async def "))}
    tree = ip.ctx.tree
    if tree is None:
        return bool(rows)
    for n in ast.walk(tree):  # words in docstrings and other bare strings are no code
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            rows -= set(range(n.lineno, (n.end_lineno or n.lineno) + 1))
    if not rows:
        return False
    if any(not _OWN_INIT.search(lines[row - 1]) for row in rows):
        return True
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef) or func.name == "__init__":
            continue
        end = func.end_lineno or func.lineno
        if any(func.lineno <= row <= end for row in rows):
            calls = len(re.findall(rf"\b{re.escape(func.name)}\(", text))
            if calls <= 1:  # its own `def` line only: run by something the file does not show
                return True
    return False


def parameter(ip: Interpreter, args: Args, kwargs: Kwargs, node: ast.Call, state: State) -> Value:
    oid = ip.graph.alloc(id(node), ip.frame.context)
    src = state.tensor(args[0][1]) if args and isinstance(args[0][1], TRef) else Tensor()
    rg = Tri.YES
    rg_arg = args[1][1] if len(args) > 1 else kwargs.get("requires_grad", (None, None))[1]
    if isinstance(rg_arg, Const) and rg_arg.value is False:
        rg = Tri.NO
    why = ip.why(
        node,
        f"`{ip.text(node)}` is a parameter: a leaf that requires grad"
        if rg is Tri.YES
        else f"`{ip.text(node)}`",
    )
    state.heap[oid] = Tensor(
        dtype=src.dtype,
        rg=rg,
        leaf=Tri.YES,
        device=src.device,
        rank=src.rank,
        root=oid,
        why_dtype=src.why_dtype,
        why_rg=why,
        why_leaf=why,
        param_of="parameter",
        origin=why,
        temporary=True,
        interval=src.interval,
        # Parameters get initialised in ways the analysis cannot follow (`model.apply(init_fn)`,
        # a loop over `parameters()`, a framework's reset hook): the uninitialised memory is
        # kept only in a file with no such means anywhere.
        uninit=src.uninit if src.uninit is not None and not _initialises(ip) else None,
    )
    ref = TRef(oid)
    if rg is Tri.YES and ip.wants(RequiresGradSet):
        ip.emit(
            RequiresGradSet(
                node,
                ip.stmt,
                ip.operand(args[0][0] if args else node, args[0][1] if args else ref, state),
                "parameter",
                node,
            )
        )
    return ref


def function_apply(
    ip: Interpreter, cls: ClassInfo, args: Args, node: ast.Call, state: State
) -> Value:
    """`MyFunction.apply(x)`: forward runs without grad; the result requires grad if an input does."""
    forward = cls.lookup("forward")
    result: Value = UNKNOWN
    if forward is not None:
        result = ip.call_user(forward, (UNKNOWN, *(v for _, v in args)), {}, state, node)
    inputs = [make_input(ip, n, v, state) for n, v in args]
    out = apply_op(ip, f"{cls.name}.apply", None, inputs, node, state)
    t = state.tensor(out)
    if isinstance(result, TRef):
        r = state.tensor(result)
        t = t.evolve(dtype=r.dtype, why_dtype=r.why_dtype, device=r.device, rank=r.rank)
    state.heap[out.oid] = t
    if forward is not None and t.rg is Tri.YES and t.node is not None:
        _record_function_saves(ip, forward, args, t, node, state)
    return out


def _record_function_saves(
    ip: Interpreter, forward: FunctionInfo, args: Args, out: Tensor, node: ast.Call, state: State
) -> None:
    """What `ctx.save_for_backward(...)` in the Function's forward keeps: an input passed
    through unchanged (a parameter of forward never rebound), or the tensor forward returns
    (`out = ...; ctx.save_for_backward(out); return out`). Changing it in place afterwards
    breaks the backward (TL102), or silently (TL108) through `.data`."""
    fn = forward.node
    if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        return
    saved: set[str] = set()
    stores: dict[str, int] = {}
    returned: set[str] = set()
    for sub in ast.walk(fn):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "save_for_backward"
        ):
            saved.update(a.id for a in sub.args if isinstance(a, ast.Name))
        elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            stores[sub.id] = stores.get(sub.id, 0) + 1
        elif isinstance(sub, ast.Return) and isinstance(sub.value, ast.Name):
            returned.add(sub.value.id)
    if not saved:
        return
    why = ip.why_code(node, "{}")
    op = ip.text(node)
    params = [a.arg for a in fn.args.args[1:]]  # after ctx
    for (arg_node, value), name in zip(args, params, strict=False):
        if name in saved and name not in stores and isinstance(value, TRef):
            root = state.tensor(value).root
            record_save(state, root, SaveRecord(out.node or 0, op, why, ip.text(arg_node)))
    # the returned name bound once: the tensor saved is the one returned
    (name,) = returned if len(returned) == 1 else ("",)
    if name in saved and stores.get(name) == 1 and name not in params:
        record_save(state, out.root, SaveRecord(out.node or 0, op, why, op))


# =========================================================================== builtins
def call_builtin(
    ip: Interpreter, qual: str, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> Value:
    from torchlint.analysis.torch_semantics import iter_element, tensor_method

    image = _IMAGE_LOADERS.get(qual)
    if image is not None:
        return _image_tensor(ip, qual, image, node, state)
    array = NP.call(qual, args, kwargs, node)
    if array is not None:
        return array
    if qual in ("random.sample", "random.choices", "random.choice") and args:
        # items drawn from a list: like its items (`batch = random.sample(pairs, 32)`)
        source = args[0][1]
        if isinstance(source, Seq) and source.kind in ("list", "listof", "tuple"):
            element = iter_element(ip, source, state, node)
            return element if qual == "random.choice" else Seq((element,), "listof")
        return UNKNOWN
    name = qual.rsplit(".", 1)[-1] if qual.startswith("builtins.") else ""
    if not name:
        return UNKNOWN
    vals = [v for _, v in args]
    if name == "range":
        return Builtin("range", Const(_TypeOnly(int)), _range_nonempty(vals, kwargs))
    if name == "enumerate" and vals:
        return Builtin(
            "enumerate",
            Seq((Const(_TypeOnly(int)), iter_element(ip, vals[0], state, node)), "tuple"),
            sources=(vals[0],)
            if len(node.args) == 1 and not kwargs and not isinstance(node.args[0], ast.Starred)
            else (),
        )
    if name == "zip" and vals:
        # each argument's items are made at that argument (one site each, or two tensors
        # iterated side by side would share one identity)
        items = tuple(iter_element(ip, v, state, n if n is not None else node) for n, v in args)
        # (`zip(a, *rest)`: the spread never reaches here, so its sources are not all known)
        spread = any(isinstance(a, ast.Starred) for a in node.args)
        return Builtin(
            "zip", Seq(items, "tuple"), sources=tuple(vals) if not (kwargs or spread) else ()
        )
    if name in ("list", "tuple", "sorted", "reversed") and vals:
        v = vals[0]
        if isinstance(v, Params | Seq | Modules):
            return v
        if isinstance(v, Builtin):
            return Seq((v.element,), "listof")
        return UNKNOWN
    if name == "dict" and not node.args and all(k.arg is not None for k in node.keywords):
        # `dict(lr=1e-3, device=torch.device("cuda"))`: a dict literal by other means
        oid = ip.graph.alloc(id(node), ip.frame.context)
        state.heap[oid] = DictObj(None, {k: v for k, (_, v) in kwargs.items()})
        return ObjRef(oid)
    if name == "dict" and len(vals) == 1 and isinstance(vals[0], Modules) and vals[0].named:
        return Modules(vals[0].module, named=True, mapping=True)
    if name == "dict" and len(vals) == 1 and isinstance(vals[0], Params) and vals[0].named:
        return Params(vals[0].module, vals[0].why, named=True, mapping=True)
    if name in ("iter",) and vals:
        return vals[0]
    if name == "next" and vals:
        v = vals[0]
        if isinstance(v, Loader):
            from torchlint.analysis.torch_semantics import loader_batch

            return loader_batch(ip, v, state)
        if isinstance(v, Builtin):
            return v.element
        return UNKNOWN
    if name in ("float", "int", "bool") and vals and isinstance(vals[0], TRef):
        # `float(t < 0.5)` is a float whatever the tensor's dtype
        return Const(_TypeOnly({"float": float, "int": int, "bool": bool}[name]))
    if name in ("float", "int") and vals:
        n = const_number(vals[0])
        if n is not None and math.isfinite(n):
            return Const(float(n) if name == "float" else int(n))  # `float(self.stride)`
        # `float(row["label"])`: a number of that type, its value unknown
        return Const(_TypeOnly(float if name == "float" else int))
    if name in ("len", "ord", "hash", "id"):
        return Const(_TypeOnly(int))
    if name == "isinstance" and len(vals) == 2 and not kwargs:
        from torchlint.analysis.torch_semantics import isinstance_truth

        return isinstance_truth(vals[0], vals[1], state)
    if name == "print":
        return Const(None)
    if name == "super":
        return SuperProxy(
            ip.frame.func.cls if ip.frame.func is not None else None, ip.frame.self_value
        )
    if name == "abs" and vals and isinstance(vals[0], TRef):
        return tensor_method(ip, vals[0], args[0][0], "abs", [], {}, node, state)
    if name == "sum" and vals:
        elem = iter_element(ip, vals[0], state, node)
        if isinstance(elem, TRef):
            start = args[1] if len(args) > 1 else (None, Const(0))
            return apply_op(
                ip,
                "Tensor.__radd__",
                K.op("Tensor.__radd__"),
                [
                    make_input(ip, args[0][0], elem, state),
                    make_input(ip, start[0], start[1], state),
                ],
                node,
                state,
            )
        kind = const_type(elem)
        first = const_type(vals[1]) if len(vals) > 1 else int
        if kind in (int, float) and first in (int, float) and not kwargs:
            # `sum(ord(c) for c in name)`: Python numbers add up to a number (float wins)
            return Const(_TypeOnly(float if float in (kind, first) else int))
        return UNKNOWN
    if name in ("vars", "setattr") and vals and isinstance(vals[0], ObjRef):
        found = state.heap.get(vals[0].oid)
        if isinstance(found, InstanceObj) and not isinstance(found, DictObj):
            attr = const_str(vals[1]) if name == "setattr" and len(vals) == 3 else None
            if attr is not None:  # `setattr(cfg, "lr", 0.1)`: as `cfg.lr = 0.1`
                state.heap[vals[0].oid] = fast_replace(found, attrs={**found.attrs, attr: vals[2]})
            else:
                # `vars(ns)` is its own `__dict__`, written through or not; `setattr` with a
                # name the analysis cannot read: which attribute changed is unknown
                state.heap[vals[0].oid] = fast_replace(found, attrs={})
        elif isinstance(found, ModuleObj) and name == "setattr" and len(vals) == 3:
            attr = const_str(vals[1])
            if attr is not None and attr.isdigit() and found.qualname in _INDEXED:
                # `setattr(seq, "0", m)`: a Sequential's children are named by their places
                set_module_item(ip, vals[0], found, Const(int(attr)), vals[2], state)
            elif attr is not None:
                # `setattr(model, "fc", head)`: as `model.fc = head`
                from torchlint.analysis.torch_semantics import set_attribute

                target = _attribute_node(args, attr, node, ast.Store())
                set_attribute(ip, vals[0], target, vals[2], state)
            elif not isinstance(vals[2], TRef | Const):
                # `setattr(model, name, LoRALinear(getattr(model, name)))` for names the
                # analysis cannot read: a submodule, trainable or not, was swapped in
                # somewhere, so which parameters require grad is no longer known
                _swapped_in(ip, state, vals[0])
        return UNKNOWN
    if name == "setattr" and len(vals) == 3 and isinstance(vals[0], AnyModule):
        if not isinstance(vals[2], TRef | Const):
            # `setattr(model.get_submodule(parent), child, LoRA(...))`: some submodule swapped
            _swapped_in(ip, state, ObjRef(vals[0].module))
        return UNKNOWN
    if name == "getattr" and len(vals) >= 2:
        attr = const_str(vals[1])
        if attr is not None and isinstance(vals[0], ObjRef | TRef | TorchName | ClassV):
            from torchlint.analysis.torch_semantics import get_attribute

            return get_attribute(ip, vals[0], _attribute_node(args, attr, node, ast.Load()), state)
        return UNKNOWN
    return UNKNOWN


def _attribute_node(args: Args, attr: str, node: ast.Call, ctx: ast.expr_context) -> ast.Attribute:
    """`obj.attr` standing in for `getattr(obj, "attr")` / `setattr(obj, "attr", v)`, at
    the call's place."""
    fake = ast.Attribute(value=args[0][0] or ast.Name(id="_", ctx=ast.Load()), attr=attr, ctx=ctx)
    ast.copy_location(fake, node)
    fake.end_lineno, fake.end_col_offset = node.end_lineno, node.end_col_offset
    return fake


def _range_nonempty(vals: list[Value], kwargs: Kwargs) -> bool:
    """`range(4)`, `range(1, n + 1)` with numbers known: at least one item."""
    bounds = [b for b in (const_number(v) for v in vals) if b is not None]
    if kwargs or len(bounds) != len(vals) or not 1 <= len(bounds) <= 3:
        return False
    start, stop, step = (0.0, bounds[0], 1.0) if len(bounds) == 1 else (*bounds, 1.0)[:3]
    return (step > 0 and stop > start) or (step < 0 and stop < start)


# Hand-written (torchvision is not in the torch-generated table): these return one image as
# (C, H, W), uint8 from the decoders and float32 in [0, 1] from to_tensor.
_IMAGE_LOADERS: Final = {
    "torchvision.io.read_image": "uint8",
    "torchvision.io.decode_image": "uint8",
    "torchvision.io.decode_jpeg": "uint8",
    "torchvision.io.decode_png": "uint8",
    "torchvision.transforms.functional.pil_to_tensor": "uint8",
    "torchvision.transforms.functional.to_tensor": "float32",
    "torchvision.transforms.v2.functional.to_image": "uint8",
}


def _image_tensor(ip: Interpreter, qual: str, dtype: str, node: ast.Call, state: State) -> Value:
    oid = ip.graph.alloc(id(node), ip.frame.context)
    why = ip.why(node, f"`{qual.rsplit('.', 1)[-1]}` returns one (C, H, W) image")
    state.heap[oid] = Tensor(
        dtype=frozenset({dtype}),
        rg=Tri.NO,
        leaf=Tri.YES,
        device="cpu",
        rank=3,
        root=oid,
        why_dtype=why,
        why_rg=why,
        origin=why,
        image=True,
    )
    return TRef(oid)


def super_call(
    ip: Interpreter,
    proxy: SuperProxy,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
    *,
    all_kwargs: bool = False,
) -> Value:
    """`super().name(...)`; `all_kwargs`: the call spreads nothing unknown (`**kwargs` of the
    method then holds exactly the keywords its other parameters do not take)."""
    if proxy.cls is None:
        return UNKNOWN
    for base in proxy.cls.base_classes:
        method = base.lookup(name)
        if method is not None:
            return ip.call_user(
                method,
                tuple(v for _, v in args),
                {k: v for k, (_, v) in kwargs.items()},
                state,
                node,
                self_value=proxy.self_value,
                all_kwargs=all_kwargs,
            )
    if name == "__init__" and isinstance(proxy.self_value, ObjRef):
        init_layer_base(ip, proxy.self_value, args, kwargs, node, state)
        init_sequential_base(ip, proxy.self_value, args, node, state)
    if name == "forward" and isinstance(proxy.self_value, ObjRef):
        mod = state.module(proxy.self_value)
        if mod is not None and mod.cls is not None and has_layer_parameters(mod.cls):
            return layer_forward(ip, proxy.self_value, mod, args, kwargs, node, state)
    return UNKNOWN


def layer_forward(
    ip: Interpreter,
    ref: ObjRef,
    mod: ModuleObj,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    """The forward of the torch.nn layer a class of the file extends (`super().forward(x)`,
    or a subclass that does not define one), with the instance's own parameters."""
    assert mod.cls is not None
    as_layer = fast_replace(mod, qualname=mod.cls.torch_base, ctor={}, ctor_args=())
    return _builtin_module_result(ip, ref, as_layer, args, kwargs, node, state)


def has_layer_parameters(cls: ClassInfo) -> bool:
    """A subclass of a torch.nn layer that has parameters (`class QuantLinear(nn.Linear)`)."""
    if cls.torch_base is None or cls.torch_base in CONTAINERS:
        return False
    facts = K.module(cls.torch_base)
    return facts is not None and facts.has_parameters


def _computes_outputs(result: Value) -> bool:
    """A tensor, or a tuple of them (`return zi, zt`)."""
    if isinstance(result, Seq):
        return bool(result.items) and all(isinstance(v, TRef) for v in result.items)
    return isinstance(result, TRef)


def layer_dtype_why(cls: ClassInfo) -> Why:
    """Why a subclass of a torch.nn layer has float32 parameters."""
    base = (cls.torch_base or "").rsplit(".", 1)[-1]
    return Why(cls.node.lineno, f"`{cls.name}` extends `nn.{base}`, whose parameters are float32")


def init_layer_base(
    ip: Interpreter, ref: ObjRef, args: Args, kwargs: Kwargs, node: ast.Call, state: State
) -> None:
    """`super().__init__(i, o, dtype=torch.float64)` (or `nn.Linear.__init__(self, ...)`) in a
    subclass of a torch.nn layer: the parameters torch makes there take that dtype and
    device, and `bias=False` leaves no bias. Arguments spread in (`*args, **kwargs`) may
    carry any of them: dtype and device become unknown."""
    from torchlint.analysis.torch_semantics import parse_device, parse_dtype

    mod = state.module(ref)
    if mod is None or mod.cls is None or not has_layer_parameters(mod.cls):
        return
    change: dict[str, object] = {"ctor": {k: v for k, (_, v) in kwargs.items()}}
    spread = any(isinstance(a, ast.Starred) for a in node.args) or any(
        k.arg is None for k in node.keywords
    )
    positional = [v for _, v in args]
    if spread or any(parse_dtype(v) or parse_device(v) for v in positional):
        change.update(dtype=None, why_dtype=None, device=None, why_device=None)
    if "dtype" in kwargs:
        d = parse_dtype(kwargs["dtype"][1])
        change["dtype"] = frozenset({d}) if d else None
        change["why_dtype"] = ip.why(node, f"`dtype={ip.text(kwargs['dtype'][0])}`") if d else None
    if "device" in kwargs:
        change["device"] = parse_device(kwargs["device"][1]) or None
        change["why_device"] = None
    state.heap[ref.oid] = fast_replace(mod, **change)


def init_sequential_base(
    ip: Interpreter, ref: ObjRef, args: Args, node: ast.Call, state: State
) -> None:
    """`super().__init__(conv, bn, act)` in a subclass of nn.Sequential: its layers, in
    order. Layers spread in (`*layers`) or given by name (an OrderedDict) stay unknown."""
    mod = state.module(ref)
    if (
        mod is None
        or mod.cls is None
        or mod.cls.torch_base != "torch.nn.Sequential"
        or any(isinstance(a, ast.Starred) for a in node.args)
        or not args
        or not all(state.module(v) is not None for _, v in args)
    ):
        return
    state.heap[ref.oid] = fast_replace(mod, ctor_args=tuple(v for _, v in args))


def container_method(
    ip: Interpreter,
    recv: Value,
    recv_node: ast.expr | None,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    if (
        isinstance(recv, Seq)
        and name in ("append", "extend")
        and args
        and (
            isinstance(recv_node, ast.Name)
            or _dict_entry(ip, recv_node, state) is not None
            or _attribute_entry(ip, recv_node, recv, state) is not None
        )
    ):
        assert recv_node is not None
        item = args[0][1]
        if name == "append":
            items = recv.items if recv.kind != "listof" else ()
            new: Value = (
                Seq((*items, item), "list")
                if recv.kind != "listof" and len(items) < _kept_length(items, item, state)
                else Seq((item,), "listof")
            )
            if recv.kind == "listmix":
                kinds = tuple(dict.fromkeys((*items, item)))
                new = Seq(kinds, "listmix") if isinstance(item, TRef) else UNKNOWN
            attribute = _attribute_entry(ip, recv_node, recv, state)
            if isinstance(recv_node, ast.Name):
                state.env[recv_node.id] = new
            elif attribute is not None:
                # `self.samples.append((img, label))` in `__init__`: the object's list grows
                owner, obj, attr = attribute
                state.heap[owner.oid] = fast_replace(obj, attrs={**obj.attrs, attr: new})
            else:
                entry = _dict_entry(ip, recv_node, state)
                assert entry is not None
                ref, found, key = entry
                state.heap[ref.oid] = DictObj(None, {**found.attrs, key: new}, found.exact)
            note_append(ip, recv_node, item, node, state)
        elif isinstance(recv_node, ast.Name):
            # `extend`: the items of a known sequence join it; anything else, unknown items
            ext = item if isinstance(item, Seq) and item.kind in ("list", "tuple") else None
            if ext is not None and recv.kind == "list":
                state.env[recv_node.id] = Seq((*recv.items, *ext.items), "list")
            elif not (
                ext is not None
                and recv.kind == "listof"
                and all(i == recv.items[0] for i in ext.items)
            ):
                state.env[recv_node.id] = UNKNOWN
        return Const(None)
    if (
        isinstance(recv, Seq)
        and name in ("insert", "remove", "clear", "sort", "reverse", "__setitem__")
        and isinstance(recv_node, ast.Name)
    ):
        # the list changes in ways not followed: `bounds.insert(0, 0.5)` adds a float
        state.env[recv_node.id] = Seq((), "list") if name == "clear" else UNKNOWN
        return Const(None)
    if isinstance(recv, Seq) and name == "pop":
        return recv.items[-1] if recv.items else UNKNOWN
    return UNKNOWN


_KEPT_ITEMS: Final = 8  # items of a list grown by append that the analysis keeps one by one
_KEPT_LAYERS: Final = 32  # as many for a list of layers: its order and kinds are the model


def _kept_length(items: tuple[Value, ...], item: Value, state: State) -> int:
    """How long a list grown by `append` stays a list of known items. Layers appended to
    a list after a loop built it (`layers.append(nn.Linear(d, 1))` after four layers per
    width) keep the list whole, so `nn.Sequential(*layers)` still knows its dropout."""
    if len(items) < _KEPT_ITEMS:
        return _KEPT_ITEMS  # short lists are kept whatever they hold: no need to look
    if state.module(item) is not None and all(state.module(i) is not None for i in items):
        return _KEPT_LAYERS
    return _KEPT_ITEMS


def _attribute_entry(
    ip: Interpreter, node: ast.expr | None, value: Value, state: State
) -> tuple[ObjRef, InstanceObj | ModuleObj, str] | None:
    """`self.samples`: the object (not a dict) holding this list as an attribute."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return None
    owner = ip.lookup(node.value.id, state)
    found = state.heap.get(owner.oid) if isinstance(owner, ObjRef) else None
    if (
        not isinstance(owner, ObjRef)
        or not isinstance(found, InstanceObj | ModuleObj)
        or isinstance(found, DictObj)
        or found.attrs.get(node.attr) is not value
    ):
        return None
    return owner, found, node.attr


def _dict_entry(
    ip: Interpreter, node: ast.expr | None, state: State
) -> tuple[ObjRef, DictObj, str] | None:
    """`history["loss"]`: the dict a name holds and the constant key, when both are known."""
    if not (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return None
    ref = ip.lookup(node.value.id, state)
    found = state.heap.get(ref.oid) if isinstance(ref, ObjRef) else None
    if not isinstance(ref, ObjRef) or not isinstance(found, DictObj):
        return None
    return ref, found, node.slice.value


# =========================================================================== training notes
# Hooks for the training-loop rules; the loop analysis records what happens in each loop.
def note_backward(
    ip: Interpreter, ref: TRef, node: ast.Call, state: State, ancestors: list[int]
) -> None:
    ip.training.backward(ref, node, state, ancestors)


def note_zero_grad(ip: Interpreter, ref: Value, node: ast.Call, state: State) -> None:
    ip.training.zero_grad(ref, node, state)


def note_step(ip: Interpreter, ref: Value, node: ast.Call, state: State) -> None:
    ip.training.step(ref, node, state)


def note_forward(ip: Interpreter, ref: ObjRef, node: ast.Call, state: State, result: Value) -> None:
    ip.training.forward(ref, node, state, result)


def note_mode(ip: Interpreter, ref: ObjRef, mode: Tri, node: ast.Call, state: State) -> None:
    ip.training.mode(ref, mode, node, state)


def note_accumulate(
    ip: Interpreter, target: ast.expr, value: Value, result: Value, node: ast.AST, state: State
) -> None:
    ip.training.accumulate(target, value, result, node, "augassign", state)


def note_append(
    ip: Interpreter, target: ast.expr, value: Value, node: ast.AST, state: State
) -> None:
    ip.training.accumulate(target, value, value, node, "append", state)


def argparse_method(
    ip: Interpreter,
    ref: ObjRef,
    parser: ArgParserObj,
    name: str,
    args: Args,
    kwargs: Kwargs,
    node: ast.Call,
    state: State,
) -> Value:
    """`parser.add_argument("--device", default="cuda")` records the default;
    `parser.parse_args()` gives a namespace holding the defaults (what a run without those
    options sees; an option given on the command line is another run)."""
    if name in ("add_argument_group", "add_mutually_exclusive_group"):
        return ref  # a group adds its options to the parser
    if name == "set_defaults":
        given = {k: v for k, (_, v) in kwargs.items()}
        state.heap[ref.oid] = fast_replace(parser, defaults={**parser.defaults, **given})
        return Const(None)
    if name == "add_argument":
        dest = _option_dest(args, kwargs)
        if dest is not None:
            value = _option_default(kwargs)
            state.heap[ref.oid] = fast_replace(parser, defaults={**parser.defaults, dest: value})
        return UNKNOWN
    if name in ("parse_args", "parse_known_args"):
        oid = ip.graph.alloc(id(node), ip.frame.context)
        state.heap[oid] = InstanceObj(None, dict(parser.defaults))
        namespace = ObjRef(oid)
        return Seq((namespace, UNKNOWN), "tuple") if name == "parse_known_args" else namespace
    return UNKNOWN


def _option_dest(args: Args, kwargs: Kwargs) -> str | None:
    if "dest" in kwargs:
        d = kwargs["dest"][1]
        return d.value if isinstance(d, Const) and isinstance(d.value, str) else None
    names = [v.value for _, v in args if isinstance(v, Const) and isinstance(v.value, str)]
    if len(names) != len(args) or not names:
        return None
    long = next((n for n in names if n.startswith("--")), None)
    chosen = long or names[0]
    return chosen.lstrip("-").replace("-", "_") or None


def _option_default(kwargs: Kwargs) -> Value:
    if "default" in kwargs:
        return kwargs["default"][1]
    action = kwargs.get("action", (None, UNKNOWN))[1]
    if isinstance(action, Const) and action.value in ("store_true", "store_false"):
        return Const(action.value == "store_false")
    return UNKNOWN  # None unless the command line gives one


def _copies_live_module(ip: Interpreter, args: Args, state: State) -> bool:
    """`key.load_state_dict(query.state_dict())`: a momentum encoder or a target network
    starting as a copy of a model in training, not trained weights to evaluate."""
    if not args or not isinstance(args[0][0], ast.Call):
        return False
    func = args[0][0].func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == "state_dict"
        and isinstance(func.value, ast.Name | ast.Attribute)  # read again: names only
    ):
        return False
    return state.module(ip.eval(func.value, state)) is not None


def hand_over(ip: Interpreter, args: Args, kwargs: Kwargs, node: ast.Call, state: State) -> None:
    """An object handed to a callback the analysis cannot see (`cb.on_validation_start(self)`,
    a hook found with `getattr`) may switch the models it holds to eval or train mode there,
    as callbacks do: their mode becomes unknown."""
    hand_over_values([v for _, v in (*args, *kwargs.values())], node, ip, state)


def hand_over_values(
    values: Iterable[Value],
    node: ast.AST,
    ip: Interpreter,
    state: State,
    *,
    models: bool = False,
) -> None:
    """The models held by the objects handed over (one attribute deep), and with `models`
    the models handed over themselves, get an unknown train/eval mode."""
    change = {"training": Tri.MAYBE, "why_training": ip.why_code(node, "`{}` may switch it")}
    for value in values:
        if not isinstance(value, ObjRef):
            continue
        if models and state.module(value) is not None:
            _update_tree(ip, state, value, change)
            continue
        obj = state.heap.get(value.oid)
        if not isinstance(obj, InstanceObj):
            continue
        for attr in obj.attrs.values():
            if isinstance(attr, ObjRef) and state.module(attr) is not None:
                _update_tree(ip, state, attr, change)


_CALLBACK_NAME: Final = re.compile(r"^on_|hook|callback", re.IGNORECASE)


def is_callback_name(name: str) -> bool:
    """`cb.on_epoch_end(self)`, `self.hooks.run(...)`: code that may switch modes, unlike a
    logger's `info(...)`."""
    return bool(_CALLBACK_NAME.search(name))


def unknown_method(
    ip: Interpreter, recv_node: ast.expr | None, name: str, args: Args, node: ast.Call, state: State
) -> None:
    if "zero_grad" in name:
        ip.training.zero_grad(UNKNOWN, node, state)
    elif name == "step" and not is_environment(ip.text(recv_node)):
        ip.training.step(UNKNOWN, node, state)
    elif name in ("eval", "train"):
        ip.training.unknown_mode(recv_node, name, node, state)


__all__ = ["Builtin", "ClassV", "InstanceObj", "Loader", "SuperProxy", "TorchName"]
