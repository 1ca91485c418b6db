"""Just enough numpy to know the dtype of arrays that become tensors.

Hand-written (numpy is not torch, so the torch table cannot say): numpy makes float64 by
default, and `torch.from_numpy` / `torch.tensor` keep the array's dtype — the classic
"expected scalar type Float but found Double" when such a tensor meets a float32 model.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from torchlint.analysis.values import UNKNOWN, Const, ExtName, Seq, Value

if TYPE_CHECKING:
    from torchlint.analysis.torch_semantics import Args, Kwargs


@dataclass(frozen=True, slots=True)
class NumpyArray(Value):
    dtype: str | None  # torch's name for the same dtype ("float64"), None unknown
    line: int = 0
    rank: int | None = None  # number of dimensions, None unknown


@dataclass(frozen=True, slots=True)
class NumpyGenerator(Value):
    """`np.random.default_rng(seed)`: its sampling methods make float64 arrays."""

    line: int = 0


# Generator methods and the dtype they make unless given `dtype=` (numpy's defaults).
_GENERATOR_DTYPES: Final = {
    "random": "float64",
    "standard_normal": "float64",
    "normal": "float64",
    "uniform": "float64",
    "exponential": "float64",
    "standard_exponential": "float64",
    "beta": "float64",
    "gamma": "float64",
    "integers": "int64",
}

_FLOAT64_MAKERS: Final = frozenset(
    {
        "numpy.random.rand",
        "numpy.random.randn",
        "numpy.random.random",
        "numpy.random.uniform",
        "numpy.random.normal",
        "numpy.random.random_sample",
        "numpy.linspace",
        "numpy.logspace",
        "numpy.eye",
        "numpy.identity",
    }
)
_SIZED_MAKERS: Final = frozenset({"numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full"})
_NAMES: Final = {
    "float64": "float64",
    "float32": "float32",
    "float16": "float16",
    "double": "float64",
    "single": "float32",
    "half": "float16",
    "int64": "int64",
    "int32": "int32",
    "int16": "int16",
    "int8": "int8",
    "uint8": "uint8",
    "bool_": "bool",
    "bool": "bool",
    "longlong": "int64",
}


def dtype_of(value: Value) -> str | None:
    """`np.float32`, `"float32"`, `float` → torch dtype name."""
    if isinstance(value, ExtName):
        last = value.qualname.rsplit(".", 1)[-1]
        if value.qualname.startswith("numpy."):
            return _NAMES.get(last)
        if value.qualname == "builtins.float":
            return "float64"
        if value.qualname == "builtins.int":
            return "int64"
    if isinstance(value, Const) and isinstance(value.value, str):
        return _NAMES.get(value.value)
    return None


def call(qual: str, args: Args, kwargs: Kwargs, node: ast.Call) -> Value | None:
    """A numpy function's result, or None when it is not one we model."""
    if not qual.startswith("numpy."):
        return None
    explicit = dtype_of(kwargs["dtype"][1]) if "dtype" in kwargs else None
    if "dtype" in kwargs and explicit is None:
        return NumpyArray(None, node.lineno)
    if qual == "numpy.random.default_rng":
        return NumpyGenerator(node.lineno)
    if qual in _FLOAT64_MAKERS or qual in _SIZED_MAKERS:
        return NumpyArray(explicit or "float64", node.lineno, _maker_rank(qual, args, kwargs))
    if qual in ("numpy.array", "numpy.asarray") and args:
        data = args[0][1]
        if isinstance(data, NumpyArray):
            return NumpyArray(explicit, node.lineno, data.rank) if explicit else data
        rank = literal_rank(args[0][0])
        return NumpyArray(explicit or _literal_dtype(args[0][0]), node.lineno, rank)
    if qual in ("numpy.arange",):
        dtype = explicit or _literal_dtype_all([a for a, _ in args])
        return NumpyArray(dtype, node.lineno, 1)
    return NumpyArray(None, node.lineno) if qual.startswith("numpy.random.") else None


def generator_method(name: str, kwargs: Kwargs, node: ast.Call) -> Value:
    made = _GENERATOR_DTYPES.get(name)
    if made is None:
        return UNKNOWN
    rank = _size_rank(kwargs["size"][1]) if "size" in kwargs else None
    if "dtype" in kwargs:
        return NumpyArray(dtype_of(kwargs["dtype"][1]), node.lineno, rank)
    return NumpyArray(made, node.lineno, rank)


def method(array: NumpyArray, name: str, args: Args, node: ast.Call) -> Value:
    if name == "astype" and args:
        return NumpyArray(dtype_of(args[0][1]), node.lineno, array.rank)
    if name in ("copy", "transpose", "clip"):
        return array
    if name in ("flatten", "ravel"):
        return NumpyArray(array.dtype, node.lineno, 1)
    if name == "squeeze":
        return NumpyArray(array.dtype, node.lineno)
    if name == "reshape":
        sizes = [v for _, v in args]
        rank = _size_rank(sizes[0]) if len(sizes) == 1 else _sizes_rank(sizes)
        return NumpyArray(array.dtype, node.lineno, rank)
    if name in ("mean", "std", "var") and array.dtype is not None:
        return NumpyArray(
            "float64" if not array.dtype.startswith("float") else array.dtype, node.lineno
        )
    return UNKNOWN


def _maker_rank(qual: str, args: Args, kwargs: Kwargs) -> int | None:
    """The rank of a made array, from its sizes as numpy takes them."""
    name = qual.rsplit(".", 1)[-1]
    if name in ("linspace", "logspace"):
        return 1
    if name in ("eye", "identity"):
        return 2
    if name in ("rand", "randn"):  # sizes as separate arguments; none makes a float
        return _sizes_rank([v for _, v in args]) if args else None
    if qual in _SIZED_MAKERS:
        if args:
            return _size_rank(args[0][1])
        return _size_rank(kwargs["shape"][1]) if "shape" in kwargs else None
    # random.random / uniform / normal: a float unless given `size`
    return _size_rank(kwargs["size"][1]) if "size" in kwargs else None


def _size_rank(size: Value) -> int | None:
    """`(3, 4)` → 2, `5` → 1: numpy's shape argument."""
    if isinstance(size, Seq):
        return len(size.items)
    if isinstance(size, Const) and type(size.value) is int:
        return 1
    return None


def _sizes_rank(sizes: list[Value]) -> int | None:
    """`reshape(10, 1)` / `rand(3, 4)`: one int per dimension."""
    if sizes and all(isinstance(v, Const) and type(v.value) is int for v in sizes):
        return len(sizes)
    return None


def literal_rank(node: ast.expr | None) -> int | None:
    """The rank of literal data as written (`[[0, 1], [2, 3]]` is 2-D), for numpy and torch."""
    depth = 0
    while isinstance(node, ast.List | ast.Tuple):
        if not node.elts:
            return depth + 1
        depth += 1
        node = node.elts[0]
    return depth if isinstance(node, ast.Constant) else None


def _literal_dtype(node: ast.expr | None) -> str | None:
    return _literal_dtype_all([node])


def _literal_dtype_all(nodes: list[ast.expr | None]) -> str | None:
    kinds: set[str] = set()

    def visit(n: ast.expr | None) -> bool:
        if isinstance(n, ast.List | ast.Tuple):
            return all(visit(e) for e in n.elts)
        if isinstance(n, ast.UnaryOp) and isinstance(n.operand, ast.Constant):
            n = n.operand
        if isinstance(n, ast.Constant) and isinstance(n.value, bool):
            kinds.add("bool")
        elif isinstance(n, ast.Constant) and isinstance(n.value, int):
            kinds.add("int")
        elif isinstance(n, ast.Constant) and isinstance(n.value, float):
            kinds.add("float")
        else:
            return False
        return True

    if not all(visit(n) for n in nodes) or not kinds:
        return None
    if "float" in kinds:
        return "float64"
    if "int" in kinds:
        return "int64"
    return "bool"


__all__ = ["NumpyArray", "Seq", "call", "dtype_of", "literal_rank", "method"]
