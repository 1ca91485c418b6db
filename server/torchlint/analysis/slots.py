"""Fast construction and copies of the engine's frozen, slotted dataclasses.

The engine makes a tensor's facts (29 fields) for nearly every op it models. A frozen
dataclass stores every field through `object.__setattr__` in `__init__` (5 µs for a
tensor's facts) and `dataclasses.replace` runs that `__init__` again. `fast_init` lifts the
runtime guard of frozen-ness and installs a plain `__init__` (1 µs); `make_copier` builds a
straight-line copy with some fields changed (under 1 µs).

The classes stay `frozen=True` for the type checker, which runs in strict mode on every
change: code that assigns to a field does not type-check, so the guarantee is kept where
it is cheap to keep it, at check time, rather than on every store at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_FACTORY: Any = object()  # "use the field's default factory"


def fast_init(cls: type[_T]) -> type[_T]:
    """A plain `__init__` with the dataclass's signature; field stores no longer checked."""
    params: list[str] = []
    body: list[str] = []
    namespace: dict[str, Any] = {"_FACTORY": _FACTORY}
    for i, f in enumerate(fields(cls)):  # type: ignore[arg-type]
        has_default = f.default is not MISSING
        has_factory = f.default_factory is not MISSING
        if has_default:
            namespace[f"_d{i}"] = f.default
        if has_factory:
            namespace[f"_f{i}"] = f.default_factory
        if not f.init:
            body.append(f"    self.{f.name} = {f'_d{i}' if has_default else f'_f{i}()'}")
            continue
        if f.kw_only:
            raise TypeError(f"fast_init does not handle keyword-only field {cls.__name__}.{f.name}")
        if has_default:
            params.append(f"{f.name}=_d{i}")
            body.append(f"    self.{f.name} = {f.name}")
        elif has_factory:
            params.append(f"{f.name}=_FACTORY")
            body.append(f"    self.{f.name} = _f{i}() if {f.name} is _FACTORY else {f.name}")
        else:
            params.append(f.name)
            body.append(f"    self.{f.name} = {f.name}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass")
    exec(source, namespace)  # generated from the class's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    # The frozen guard: a Python-level __setattr__/__delattr__ on every store.
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            delattr(cls, name)
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def make_copier(cls: type[_T]) -> Callable[..., _T]:
    """`copy(obj, **changes)`: a new `cls` with `obj`'s fields, `changes` applied.

    `cls` must have gone through `fast_init` (its fields are stored directly).
    """
    if "__setattr__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} still guards its fields: decorate it with fast_init")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    lines = ["def copy(obj, **changes):", "    new = _new(_cls)"]
    lines += [f"    new.{name} = obj.{name}" for name in names]
    lines += ["    for name, value in changes.items():", "        _set(new, name, value)"]
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_set": setattr}
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    copy: Callable[..., _T] = namespace["copy"]
    return copy
