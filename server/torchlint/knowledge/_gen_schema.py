"""The op surface from torch's own tables: aten schemas (alias annotations) and torch.Tensor."""

from __future__ import annotations

import inspect
import operator
from dataclasses import dataclass

import torch

# Dunders that are not operators but still take a tensor somewhere the engine follows.
CONVERSION_DUNDERS = (
    "__bool__",
    "__float__",
    "__int__",
    "__complex__",
    "__index__",
    "__len__",
    "__iter__",
    "__reversed__",
    "__array__",
)


@dataclass
class SchemaFacts:
    inplace: bool = False  # some non-out overload writes `self` (Tensor(a!) self)
    view: bool = False  # some overload returns an alias of `self` (Tensor(a) ... -> Tensor(a))
    self_first: bool = True  # `self` is the first tensor argument (False for where)
    tensor_arg_names: tuple[str, ...] = ()


def aten_schemas() -> dict[str, SchemaFacts]:
    facts: dict[str, SchemaFacts] = {}
    for s in torch._C._jit_get_all_schemas():
        if not s.name.startswith("aten::"):
            continue
        name = s.name[len("aten::") :]
        f = facts.setdefault(name, SchemaFacts())
        args = list(s.arguments)
        if any(a.kwarg_only and _writes(a) for a in args):
            continue  # an out= overload says nothing about the op itself
        self_arg = next((a for a in args if a.name == "self"), None)
        if self_arg is None or str(self_arg.type) != "Tensor":
            # (`aten::sort.int(int[](a!) self)` sorts a TorchScript list, not a tensor)
            continue
        if _writes(self_arg):
            f.inplace = True
        elif self_arg.alias_info is not None:
            sets = set(self_arg.alias_info.before_set)
            if "*" in self_arg.alias_info.after_set:  # Tensor(a -> *): split, unbind, chunk
                f.view = True
            for r in s.returns:
                if r.alias_info is not None and sets & set(r.alias_info.before_set):
                    f.view = True
        tensor_args = [a.name for a in args if "Tensor" in str(a.type) and not a.kwarg_only]
        if not f.tensor_arg_names and tensor_args:
            f.tensor_arg_names = tuple(tensor_args)
            f.self_first = tensor_args[0] == "self"
    return facts


def _writes(arg: object) -> bool:
    info = getattr(arg, "alias_info", None)
    return bool(info is not None and info.is_write)


def operator_dunders() -> list[str]:
    """Operator dunders torch.Tensor defines: the operator module's, reflected and in-place."""
    bases = {n.rstrip("_") for n in operator.__all__}
    wanted = set(CONVERSION_DUNDERS)
    for b in bases:
        wanted.update({f"__{b}__", f"__r{b}__", f"__i{b}__"})
    defined = {n for c in torch.Tensor.__mro__ if c is not object for n in vars(c)}
    return sorted(wanted & defined)


def tensor_surface() -> tuple[list[str], list[str]]:
    """(public method names incl. operator dunders, public non-callable attribute names)."""
    methods, attributes = set(operator_dunders()), set()
    for name in dir(torch.Tensor):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(torch.Tensor, name)
        if isinstance(static, property) or type(static).__name__ in (
            "getset_descriptor",
            "member_descriptor",
        ):
            attributes.add(name)
        elif callable(getattr(torch.Tensor, name)):
            methods.add(name)
        else:
            attributes.add(name)
    return sorted(methods), sorted(attributes)
