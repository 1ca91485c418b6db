"""Fast copies of frozen, slotted dataclasses with some fields changed.

`dataclasses.replace` runs `__init__` with every field, and a loop over the fields with
`getattr`/`object.__setattr__` costs about 5 µs for the 29 fields of a tensor's facts; the
engine makes one for nearly every op it models. A function generated per class, with one
straight-line slot copy per field, takes about 2 µs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

_T = TypeVar("_T")


def make_copier(cls: type[_T]) -> Callable[..., _T]:
    """`copy(obj, **changes)`: a new `cls` with `obj`'s fields, `changes` applied."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    setters = {name: cls.__dict__[name].__set__ for name in names}
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_setters": setters}
    lines = ["def copy(obj, **changes):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = setters[name]
        lines.append(f"    _set{i}(new, obj.{name})")
    lines += ["    for name, value in changes.items():", "        _setters[name](new, value)"]
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    copy: Callable[..., _T] = namespace["copy"]
    return copy
