"""Just enough numpy to know the dtype of arrays that become tensors.

Hand-written (numpy is not torch, so the torch table cannot say): numpy makes float64 by
default, and `torch.from_numpy` / `torch.tensor` keep the array's dtype — the classic
"expected scalar type Float but found Double" when such a tensor meets a float32 model.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from torchlint.analysis.values import (
    SOME_FLOAT,
    SOME_INT,
    UNKNOWN,
    Const,
    ExtName,
    Seq,
    Value,
    const_type,
    shape_rank,
)

if TYPE_CHECKING:
    from torchlint.analysis.torch_semantics import Args, Kwargs


@dataclass(frozen=True, slots=True)
class NumpyArray(Value):
    dtype: str | None  # torch's name for the same dtype ("float64"), None unknown
    line: int = 0
    rank: int | None = None  # number of dimensions, None unknown
    image: bool = False  # made (C, H, W) with one or three channels and a square plane

    def join_same(self, other: NumpyArray) -> NumpyArray:
        """Two arrays where paths meet (or items of a list grown in a loop)."""
        return NumpyArray(
            self.dtype if self.dtype == other.dtype else None,
            self.line,
            self.rank if self.rank == other.rank else None,
            self.image and other.image,
        )


def image_dims(sizes: list[ast.expr]) -> bool:
    """`(3, size, size)`, `(1, 224, 224)`: one or three channels and a square plane, written
    so: a (C, H, W) image, not a (N, C, L) batch of signals."""
    if len(sizes) != 3:
        return False
    c, h, w = sizes
    if not (isinstance(c, ast.Constant) and c.value in (1, 3)):
        return False
    if isinstance(h, ast.Constant) or isinstance(w, ast.Constant):
        return (
            isinstance(h, ast.Constant)
            and isinstance(w, ast.Constant)
            and isinstance(h.value, int)
            and h.value == w.value
            and h.value >= 8
        )
    return ast.dump(h) == ast.dump(w)


def _shape_is_image(shape: ast.expr | None) -> bool:
    return isinstance(shape, ast.Tuple | ast.List) and image_dims(shape.elts)


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
    "poisson": "int64",
    "binomial": "int64",
    "negative_binomial": "int64",
    "geometric": "int64",
    "lognormal": "float64",
    "laplace": "float64",
    "logistic": "float64",
    "chisquare": "float64",
    "standard_cauchy": "float64",
    "standard_gamma": "float64",
    "standard_t": "float64",
    "triangular": "float64",
    "weibull": "float64",
    # the legacy `np.random.RandomState`'s own names (checked with numpy 2.4)
    "randint": "int64",
    "random_sample": "float64",
    "rand": "float64",
    "randn": "float64",
}
# Elementwise math: float64 from ints and float64, float32 stays float32 (numpy's rules).
_UFUNCS: Final = frozenset(
    {
        "sin",
        "cos",
        "tan",
        "exp",
        "log",
        "log1p",
        "sqrt",
        "tanh",
        "arctan2",
        "deg2rad",
        "rad2deg",
        "radians",
        "degrees",
        "abs",
        "arcsin",
        "arccos",
        "arctan",
        "expm1",
    }
)

_BINARY: Final[dict[str, ast.operator]] = {
    "numpy.maximum": ast.Add(),
    "numpy.minimum": ast.Add(),
    "numpy.fmax": ast.Add(),
    "numpy.fmin": ast.Add(),
    "numpy.add": ast.Add(),
    "numpy.subtract": ast.Sub(),
    "numpy.multiply": ast.Mult(),
    "numpy.divide": ast.Div(),
    "numpy.true_divide": ast.Div(),
    "numpy.outer": ast.Mult(),
    "numpy.kron": ast.Mult(),
    "numpy.dot": ast.Mult(),
    "numpy.matmul": ast.Mult(),
    "numpy.inner": ast.Mult(),
}
_RESHAPING: Final = frozenset(
    {"numpy.outer", "numpy.kron", "numpy.dot", "numpy.matmul", "numpy.inner"}
)
_INTS: Final = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")

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
        # window functions: 1-D float64 arrays
        "numpy.hanning",
        "numpy.hamming",
        "numpy.bartlett",
        "numpy.blackman",
        "numpy.kaiser",
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
    given = kwargs.get("dtype")
    at = _DTYPE_POSITION.get(qual)
    if given is None and at is not None and len(args) > at:
        given = args[at]  # `np.zeros(n, np.float32)`, `np.full(shape, 1, np.float32)`
    explicit = dtype_of(given[1]) if given is not None else None
    if given is not None and explicit is None:
        return NumpyArray(None, node.lineno)
    if qual in ("numpy.random.default_rng", "numpy.random.RandomState"):
        return NumpyGenerator(node.lineno)
    name = qual.rsplit(".", 1)[-1]
    if qual.count(".") == 1 and name in _UFUNCS and args:
        return _ufunc(args[0][1], node, absolute=name == "abs")
    if qual.startswith("numpy.fft.") and name in _FFTS and args:
        return _fft(args[0][1], _FFTS[name], node)
    if qual in ("numpy.loadtxt", "numpy.genfromtxt"):
        # numpy reads text as float unless told (`dtype=`, or second: `loadtxt(f, np.float32)`;
        # `dtype=None` infers each column's type); with `names=True`, one record per row
        names = kwargs.get("names", (None, None))[1]
        rank = 1 if names == Const(True) else None
        if len(args) > 1:
            return NumpyArray(dtype_of(args[1][1]), node.lineno, rank)
        if "dtype" in kwargs and explicit is None:
            return NumpyArray(None, node.lineno, rank)
        return NumpyArray(explicit or "float64", node.lineno, rank)
    if qual == "numpy.meshgrid" and args and not any(isinstance(a, ast.Starred) for a in node.args):
        # one grid per coordinate array, each of as many dimensions as there are arrays, of
        # their common dtype (`X, T = np.meshgrid(x, t)` of float64 linspaces)
        dtypes = {v.dtype if isinstance(v, NumpyArray) else None for _, v in args}
        dtype = dtypes.pop() if len(dtypes) == 1 else None
        grid = NumpyArray(dtype, node.lineno, len(args))
        return Seq(tuple(grid for _ in args), "tuple")
    if qual.startswith("numpy.random.") and _one_draw(name, args, kwargs):
        return UNKNOWN  # `np.random.rand()`, `np.random.normal(0, 1)`: a Python float
    if qual == "numpy.full" and not explicit:
        # the fill value's type: `np.full((n, 1), cls)` is an int64 array
        fill = args[1][1] if len(args) > 1 else kwargs.get("fill_value", (None, UNKNOWN))[1]
        kind = const_type(fill)
        dtype = {int: "int64", float: "float64", bool: "bool"}.get(kind) if kind else None
        if isinstance(fill, NumpyArray):
            dtype = fill.dtype
        return NumpyArray(dtype, node.lineno, _maker_rank(qual, args, kwargs))
    if qual in _FLOAT64_MAKERS or qual in _SIZED_MAKERS:
        image = (
            image_dims([n for n, _ in args if n is not None])
            if name in ("rand", "randn")
            else _shape_is_image(args[0][0] if args else kwargs.get("shape", (None,))[0])
        )
        return NumpyArray(
            explicit or "float64", node.lineno, _maker_rank(qual, args, kwargs), image
        )
    if qual == "numpy.random.randint" and (len(args) > 2 or "size" in kwargs):
        # `randint(0, 2, size=(n, k))`: an array of numpy's default int (a scalar without a size)
        size = kwargs["size"][1] if "size" in kwargs else args[2][1]
        return NumpyArray(explicit or "int64", node.lineno, shape_rank([size]))
    if qual == "numpy.random.permutation" and len(args) == 1 and not kwargs:
        return permutation(args[0][1], node)
    if qual.count(".") == 2 and qual.startswith("numpy.random.") and name != "integers":
        # the legacy module-level sampler (`np.random.lognormal(size=(n, d))`): the same
        # signature and dtype as the RandomState method of the same name
        drawn = generator_method(name, args, kwargs, node)
        if drawn is not UNKNOWN:
            return drawn
    if qual in _AS_ARRAY and args:
        data = args[0][1]
        if isinstance(data, NumpyArray):
            return NumpyArray(explicit, node.lineno, data.rank) if explicit else data
        rank = literal_rank(args[0][0])
        if (
            rank is None
            and isinstance(data, Seq)
            and data.kind == "listof"
            and isinstance(data.items[0], NumpyArray)
            and data.items[0].rank is not None
        ):
            rank = data.items[0].rank + 1  # `np.array(windows)` of arrays alike: stacked
        dtype = explicit or _literal_dtype(args[0][0]) or _value_dtype(data)
        return NumpyArray(dtype, node.lineno, rank)
    if qual in _LIKE and args and isinstance(args[0][1], NumpyArray):
        like = args[0][1]
        return NumpyArray(explicit or like.dtype, node.lineno, like.rank)
    if qual in _JOINERS and args:
        return _joined(qual, args[0][1], explicit, node)
    if qual in ("numpy.arange",):
        dtype = explicit or _literal_dtype_all([a for a, _ in args]) or _number_dtype(args)
        return NumpyArray(dtype, node.lineno, 1)
    if qual.count(".") == 1 and name in _AS_METHOD and args and isinstance(args[0][1], NumpyArray):
        # `np.cumsum(x)`, `np.mean(x, axis=0)`: the method of the array, its axis one later
        return method(args[0][1], name, args[1:], kwargs, node)
    if qual.count(".") == 1 and name in _QUANTILES and args and isinstance(args[0][1], NumpyArray):
        return _quantile(name, args, kwargs, node)
    if qual.count(".") == 1 and name in _ROUNDING and args:
        return _rounded(name, args[0][1], node)
    if qual == "numpy.clip" and args:
        return _clipped(args[0][1], _clip_bounds(args[1:3], kwargs), node)
    if qual == "numpy.bincount" and args:
        # counts are numpy's default int; given weights, their sums are float64
        weights = args[1][1] if len(args) > 1 else kwargs.get("weights", (None, None))[1]
        if weights is None or (isinstance(weights, Const) and weights.value is None):
            return NumpyArray("int64", node.lineno, 1)
        # weights passed on from a caller may be None: only known ones make float64
        return NumpyArray(None if weights is UNKNOWN else "float64", node.lineno, 1)
    if qual in ("numpy.digitize", "numpy.searchsorted") and len(args) >= 2:
        # bin indices, one per value: `digitize(x, bins)` has x's shape, `searchsorted(a, v)` v's
        values = args[0][1] if qual == "numpy.digitize" else args[1][1]
        rank = values.rank if isinstance(values, NumpyArray) else None
        return NumpyArray("int64", node.lineno, rank)
    if qual in ("numpy.cov", "numpy.corrcoef") and args:
        # computed in float64 whatever the data (numpy's result_type with float64)
        return NumpyArray(explicit or "float64", node.lineno)
    if qual in _BINARY and len(args) == 2 and not kwargs:
        # `np.maximum(norms, 1e-12)`, `np.outer(g, g)`: promoted as arithmetic promotes
        out = binop(args[0][1], args[1][1], _BINARY[qual], node)
        if isinstance(out, NumpyArray) and qual in _RESHAPING:
            return NumpyArray(out.dtype, node.lineno)  # a rank of its own
        return out
    if qual == "numpy.linalg.norm" and args:
        x = args[0][1]
        if not isinstance(x, NumpyArray) or x.dtype not in ("float32", "float64", *_INTS):
            return NumpyArray(None, node.lineno)
        # single precision stays single; integers are measured in float64
        keep = kwargs.get("keepdims")
        kept = keep is not None and isinstance(keep[1], Const) and keep[1].value is True
        dtype = x.dtype if x.dtype in ("float32", "float64") else "float64"
        return NumpyArray(dtype, node.lineno, x.rank if kept else None)
    if qual in ("numpy.linalg.lstsq", "numpy.linalg.solve") and len(args) >= 2:
        # solved in the common float dtype of both sides (float64 for integers)
        a, b = args[0][1], args[1][1]
        dtypes = {x.dtype if isinstance(x, NumpyArray) else None for x in (a, b)}
        dtype = (
            "float64"
            if "float64" in dtypes or dtypes <= set(_INTS)
            else "float32"
            if dtypes == {"float32"}
            else None
        )
        solution = NumpyArray(dtype, node.lineno)
        if qual == "numpy.linalg.solve":
            return solution
        # (solution, residuals, rank, singular values)
        return Seq((solution, NumpyArray(dtype, node.lineno), UNKNOWN, UNKNOWN), "tuple")
    if qual in ("numpy.linalg.inv", "numpy.linalg.pinv") and args:
        x = args[0][1]
        if not isinstance(x, NumpyArray) or x.dtype is None:
            return NumpyArray(None, node.lineno)
        # single precision stays single; integers are inverted in float64
        dtype = x.dtype if x.dtype in ("float32", "float64") else "float64"
        return NumpyArray(dtype, node.lineno, x.rank)
    if qual in _DECOMPOSITIONS and args:
        x = args[0][1]
        if not isinstance(x, NumpyArray) or x.dtype is None:
            return None
        # real symmetric / SVD / QR factors keep single or double precision (ints: float64)
        dtype = x.dtype if x.dtype in ("float32", "float64") else "float64"
        if x.dtype not in ("float32", "float64", *_INTS):
            return None
        ranks = _DECOMPOSITIONS[qual] if x.rank == 2 else tuple(None for _ in _DECOMPOSITIONS[qual])
        return Seq(tuple(NumpyArray(dtype, node.lineno, r) for r in ranks), "tuple")
    return NumpyArray(None, node.lineno) if qual.startswith("numpy.random.") else None


# Functions that make an array of their argument (a copy or a view, its dtype kept).
_AS_ARRAY: Final = frozenset(
    {
        "numpy.array",
        "numpy.asarray",
        "numpy.asanyarray",
        "numpy.ascontiguousarray",
        "numpy.asfortranarray",
        "numpy.copy",
    }
)
# The factors of a matrix (rank 2), by rank: `w, v = np.linalg.eigh(cov)`.
_DECOMPOSITIONS: Final[dict[str, tuple[int | None, ...]]] = {
    "numpy.linalg.eigh": (1, 2),
    "numpy.linalg.svd": (2, 1, 2),
    "numpy.linalg.qr": (2, 2),
}


# Where numpy's signatures take `dtype` positionally.
_DTYPE_POSITION: Final = {
    "numpy.zeros": 1,
    "numpy.ones": 1,
    "numpy.empty": 1,
    "numpy.full": 2,
    "numpy.zeros_like": 1,
    "numpy.ones_like": 1,
    "numpy.empty_like": 1,
    "numpy.full_like": 2,
    "numpy.array": 1,
    "numpy.asarray": 1,
    "numpy.arange": 3,
    "numpy.eye": 3,
    "numpy.identity": 1,
}

# numpy functions that are the array method of the same name on their first argument
_AS_METHOD: Final = frozenset(
    {
        "cumsum",
        "cumprod",
        "sum",
        "prod",
        "max",
        "min",
        "mean",
        "std",
        "var",
        "transpose",
        "squeeze",
        "ravel",
        "copy",
        "reshape",
    }
)


def _number_dtype(args: Args) -> str | None:
    """`np.arange(n)` with `n` an int (`h, w = x.shape`): int64; a float among them: float64."""
    types = [const_type(v) for _, v in args]
    if not types or any(t not in (int, float) for t in types):
        return None
    return "float64" if float in types else "int64"


_LIKE = frozenset({"numpy.ones_like", "numpy.zeros_like", "numpy.empty_like", "numpy.full_like"})
_JOINERS = frozenset(
    {"numpy.stack", "numpy.concatenate", "numpy.vstack", "numpy.hstack", "numpy.column_stack"}
)


def index_trick(qual: str, index: Value, node: ast.expr) -> Value | None:
    """`np.c_[xy, z]` (columns side by side, as `column_stack`) and `np.r_[a, b]` (one
    after the other, as `concatenate`)."""
    if qual not in ("numpy.c_", "numpy.r_"):
        return None
    items = index.items if isinstance(index, Seq) and index.kind == "tuple" else (index,)
    joined = _joined("numpy.concatenate", Seq(tuple(items), "list"), None, node)
    ranks = [a.rank for a in items if isinstance(a, NumpyArray)]
    if len(ranks) != len(items) or None in ranks or not isinstance(joined, NumpyArray):
        return NumpyArray(joined.dtype if isinstance(joined, NumpyArray) else None, node.lineno)
    # columns make at least a matrix (`c_[x, y]` of vectors is (n, 2)); rows a vector
    floor = 2 if qual == "numpy.c_" else 1
    return NumpyArray(joined.dtype, node.lineno, max(floor, *(r or 0 for r in ranks)))


def _joined(qual: str, parts: Value, explicit: str | None, node: ast.expr) -> Value:
    """`np.stack([a, b])` and friends: the arrays' common dtype (float64 if one is float64,
    their dtype if they share one), unknown when a part is not a known array."""
    # A list grown in a loop holds what its items have in common (`listof`)
    items = parts.items if isinstance(parts, Seq) else ()
    arrays = [v for v in items if isinstance(v, NumpyArray)]
    if not arrays or len(arrays) != len(items):
        # a float64 part makes the whole float64, whatever the others are (numpy's
        # promotion; only a complex part would not, and none is in sight)
        wide = any(a.dtype == "float64" for a in arrays)
        return NumpyArray(explicit or ("float64" if wide else None), node.lineno)
    dtypes = {a.dtype for a in arrays}
    dtype = explicit or (
        "float64" if "float64" in dtypes else next(iter(dtypes)) if len(dtypes) == 1 else None
    )
    ranks = {a.rank for a in arrays}
    rank = next(iter(ranks)) if len(ranks) == 1 else None
    if rank is not None and qual == "numpy.stack":
        rank += 1
    elif rank is not None and qual == "numpy.column_stack":
        rank = 2
    elif rank is not None and qual == "numpy.vstack":
        rank = max(rank, 2)  # 1-D parts become the rows of a 2-D array
    elif qual not in ("numpy.concatenate", "numpy.hstack"):
        rank = None
    return NumpyArray(dtype, node.lineno, rank)


# Where `size` comes among a generator method's positional arguments (numpy's signatures).
_SIZE_POSITION: Final = {
    "random": 0,
    "standard_normal": 0,
    "standard_exponential": 0,
    "standard_cauchy": 0,
    "normal": 2,
    "uniform": 2,
    "integers": 2,
    "lognormal": 2,
    "laplace": 2,
    "logistic": 2,
    "binomial": 2,
    "beta": 2,
    "gamma": 2,
    "poisson": 1,
    "exponential": 1,
    "geometric": 1,
    "chisquare": 1,
    "standard_t": 1,
    "standard_gamma": 1,
    "weibull": 1,
    "randint": 2,
    "random_sample": 0,
}


def permutation(of: Value, node: ast.Call) -> Value:
    """`np.random.permutation(n)`: the int64 numbers 0..n-1 shuffled; of an array, the array
    shuffled along its first axis."""
    if const_type(of) is int:
        return NumpyArray("int64", node.lineno, 1)
    if isinstance(of, NumpyArray):
        return NumpyArray(of.dtype, node.lineno, of.rank)
    return UNKNOWN


def generator_method(name: str, args: Args, kwargs: Kwargs, node: ast.Call) -> Value:
    if name == "permutation" and len(args) == 1 and not kwargs:
        return permutation(args[0][1], node)
    made = _GENERATOR_DTYPES.get(name)
    if made is None:
        return UNKNOWN
    at = _SIZE_POSITION.get(name)
    if name in ("rand", "randn"):
        # `rs.randn(3, 4)`: one argument per dimension; `rs.rand()` is a Python float
        if not args or kwargs:
            return UNKNOWN
        return NumpyArray(made, node.lineno, len(args))
    size_node: ast.expr | None = None
    size: Value | None = None
    if "size" in kwargs:
        size_node, size = kwargs["size"]
    else:
        size = args[at][1] if at is not None and at < len(args) else None
        size_node = args[at][0] if at is not None and at < len(args) else None
    if size is None and not any(isinstance(v, NumpyArray) for _, v in (*args, *kwargs.values())):
        # no size and number parameters: one draw, a Python float or a numpy int
        if "dtype" in kwargs:
            return UNKNOWN
        return SOME_FLOAT if made == "float64" else SOME_INT
    rank = shape_rank([size]) if size is not None else None
    image = _shape_is_image(size_node)
    if "dtype" in kwargs:
        return NumpyArray(dtype_of(kwargs["dtype"][1]), node.lineno, rank, image)
    return NumpyArray(made, node.lineno, rank, image)


def method(array: NumpyArray, name: str, args: Args, kwargs: Kwargs, node: ast.Call) -> Value:
    if name == "astype" and args:
        return NumpyArray(dtype_of(args[0][1]), node.lineno, array.rank, array.image)
    if name == "copy" or (name == "transpose" and not args):
        return array
    if name == "transpose":
        return NumpyArray(array.dtype, node.lineno, array.rank)  # its axes reordered
    if name == "clip":
        return _clipped(array, _clip_bounds(args[:2], kwargs), node)
    if name == "round":
        return _rounded(name, array, node)
    if name in ("flatten", "ravel"):
        return NumpyArray(array.dtype, node.lineno, 1)
    if name == "squeeze":
        return NumpyArray(array.dtype, node.lineno)
    if name == "reshape":
        return NumpyArray(array.dtype, node.lineno, shape_rank([v for _, v in args]))
    if name in ("sum", "prod", "max", "min", "cumsum", "cumprod") and array.dtype is not None:
        # floats keep their dtype; sums and products of ints and bools are int64
        dtype = array.dtype
        if name in ("sum", "prod", "cumsum", "cumprod") and not dtype.startswith("float"):
            dtype = "int64"
        axis_kw = any(k.arg in ("axis", "keepdims") for k in node.keywords)
        if name in ("cumsum", "cumprod"):
            rank = array.rank if args or axis_kw else 1  # no axis: the flattened array
        else:
            rank = _reduced_rank(array, args, kwargs, node)
        return NumpyArray(dtype, node.lineno, rank)
    if name in ("mean", "std", "var") and array.dtype is not None:
        return NumpyArray(
            "float64" if not array.dtype.startswith("float") else array.dtype,
            node.lineno,
            _reduced_rank(array, args, kwargs, node),
        )
    return UNKNOWN


def _reduced_rank(array: NumpyArray, args: Args, kwargs: Kwargs, node: ast.Call) -> int | None:
    """`x.mean()`: a scalar; `x.sum(0)`, `x.std(axis=1)`: one dimension fewer;
    `keepdims=True`: as many as before."""
    axis = args[0][1] if args else kwargs["axis"][1] if "axis" in kwargs else None
    keep = kwargs.get("keepdims")
    if keep is not None:
        if not (isinstance(keep[1], Const) and isinstance(keep[1].value, bool)):
            return None
        if keep[1].value:
            return array.rank
    if axis is None or (isinstance(axis, Const) and axis.value is None):
        return 0 if len(args) <= 1 and set(kwargs) <= {"axis", "keepdims"} else None
    if const_type(axis) is int and array.rank is not None and array.rank >= 1:
        return array.rank - 1
    return None


# Order statistics of a whole array (checked with numpy 2.4, default method, `q` a Python
# number): float32 and float64 arrays keep their dtype, integers give float64; with no axis
# and one `q`, a scalar.
_QUANTILES: Final = frozenset(
    {"quantile", "percentile", "median", "nanquantile", "nanpercentile", "nanmedian"}
)


def _quantile(name: str, args: Args, kwargs: Kwargs, node: ast.Call) -> Value:
    array = args[0][1]
    assert isinstance(array, NumpyArray)
    dtype = array.dtype
    if dtype is not None and dtype not in ("float32", "float64"):
        dtype = "float64" if dtype.startswith(("int", "uint")) else None
    wants_q = "median" not in name
    q = args[1][1] if len(args) > 1 else kwargs["q"][1] if "q" in kwargs else UNKNOWN
    plain_q = not wants_q or const_type(q) in (int, float)
    if (
        "method" in kwargs or "interpolation" in kwargs or not plain_q
    ) and array.dtype != "float64":
        # `method="lower"` keeps integers; a list or array of q makes float32 float64
        dtype = None
    scalar = len(args) <= 2 and set(kwargs) <= {"q", "method", "interpolation"} and plain_q
    return NumpyArray(dtype, node.lineno, 0 if scalar else None)


# Rounding keeps a float array's dtype (checked with numpy 2.4). Integer arrays are left
# unknown: `rint` makes them float16/32/64 by width, `floor`/`ceil`/`trunc` keep them
# only since numpy 2.3, `round` of bool is float16.
_ROUNDING: Final = frozenset({"round", "around", "rint", "floor", "ceil", "trunc", "fix"})


def _rounded(name: str, x: Value, node: ast.Call) -> Value:
    if not isinstance(x, NumpyArray):
        return UNKNOWN  # a tensor stays a tensor (`np.round(t)` calls `t.round()`)
    if x.dtype is None or not x.dtype.startswith("float"):
        return NumpyArray(None, node.lineno, x.rank)
    return NumpyArray(x.dtype, node.lineno, x.rank)


def _clip_bounds(args: Args, kwargs: Kwargs) -> list[Value] | None:
    """The bounds of `np.clip(a, lo, hi)` / `a.clip(min=lo)`; None when given otherwise."""
    names = ("a_min", "a_max", "min", "max")
    if any(k not in names for k in kwargs):
        return None
    bounds = [v for _, v in args] + [v for k, (_, v) in kwargs.items()]
    return bounds or None


def _clipped(x: Value, bounds: list[Value] | None, node: ast.Call) -> Value:
    """`np.clip(a, lo, hi)`: Python number bounds do not widen a float array (NEP 50); an
    int array clipped to a float bound becomes float64."""
    if not isinstance(x, NumpyArray):
        return UNKNOWN
    if x.dtype is None or bounds is None:
        return NumpyArray(None, node.lineno, x.rank)
    if x.dtype.startswith("float"):
        plain = all(const_type(b) in (int, float) or b == Const(None) for b in bounds)
        return NumpyArray(x.dtype if plain else None, node.lineno, x.rank)
    if all(const_type(b) is int or b == Const(None) for b in bounds):
        return x
    if any(const_type(b) is float for b in bounds):
        return NumpyArray("float64", node.lineno, x.rank)
    return NumpyArray(None, node.lineno, x.rank)


def _ufunc(x: Value, node: ast.Call, *, absolute: bool = False) -> Value:
    if isinstance(x, NumpyArray):
        if absolute and x.dtype is not None and x.dtype not in _COMPLEX_PARTS:
            return NumpyArray(x.dtype, node.lineno, x.rank)  # `np.abs(counts)` stays int
        if absolute:
            dtype = _COMPLEX_PARTS.get(x.dtype) if x.dtype else None  # a magnitude is real
        elif x.dtype in ("float32", "float16", *_COMPLEX_PARTS):
            dtype = x.dtype
        else:
            dtype = "float64" if x.dtype else None
        return NumpyArray(dtype, node.lineno, x.rank)
    if isinstance(x, Const) and isinstance(x.value, int | float) and not isinstance(x.value, bool):
        return NumpyArray("float64", node.lineno, 0)  # a numpy float64 scalar
    return UNKNOWN


# A complex dtype's real part (`np.abs` of a spectrum).
_COMPLEX_PARTS: Final = {"complex64": "float32", "complex128": "float64"}
# numpy.fft: True for the transforms that give complex values, False for the real inverses.
_FFTS: Final = {
    **{
        n: True for n in ("fft", "ifft", "rfft", "fft2", "ifft2", "rfft2", "fftn", "ifftn", "rfftn")
    },
    **{n: False for n in ("irfft", "irfft2", "irfftn", "hfft")},
}


def _fft(x: Value, complex_out: bool, node: ast.Call) -> Value:
    """numpy 2's pocketfft keeps single precision (float32 -> complex64) and computes
    everything else in double (checked with numpy 2.4)."""
    if not isinstance(x, NumpyArray) or x.dtype is None:
        return NumpyArray(None, node.lineno)
    single = x.dtype in ("float32", "complex64")
    if complex_out:
        dtype = "complex64" if single else "complex128"
    else:
        dtype = "float32" if single else "float64"
    return NumpyArray(dtype, node.lineno, x.rank)


def binop(a: Value, b: Value, op: ast.operator, node: ast.AST) -> Value:
    """Arithmetic with an array: numpy's dtype where it is plain (a float64 array stays
    float64; Python numbers do not widen a float32 array), unknown otherwise."""
    dtypes: list[str | None] = []
    ranks: list[int | None] = []
    py_float = False
    for v in (a, b):
        if isinstance(v, NumpyArray):
            dtypes.append(v.dtype)
            ranks.append(v.rank)
        elif const_type(v) in (int, float):
            # a Python scalar takes the array's dtype (NEP 50), but a float makes ints float64
            py_float = py_float or const_type(v) is float
        else:
            return UNKNOWN
    rank = max(ranks) if ranks and None not in ranks else None  # type: ignore[type-var]
    if py_float and any(d is None or not d.startswith("float") for d in dtypes):
        return NumpyArray(None if None in dtypes else "float64", getattr(node, "lineno", 0), rank)
    line = getattr(node, "lineno", 0)
    if isinstance(op, ast.MatMult) or None in dtypes:
        return NumpyArray("float64" if "float64" in dtypes else None, line)
    if isinstance(op, ast.Div) and all(d is not None and d.startswith("int") for d in dtypes):
        dtype: str | None = "float64"
    elif "float64" in dtypes:
        dtype = "float64"
    elif len(set(dtypes)) == 1:
        dtype = dtypes[0]
    else:
        dtype = None
    return NumpyArray(dtype, line, rank)


def _one_draw(name: str, args: Args, kwargs: Kwargs) -> bool:
    """A module-level random function called without a size and with number parameters."""
    if name in ("rand", "randn"):
        return not args and not kwargs
    if name not in ("random", "random_sample", "uniform", "normal"):
        return False
    at = 0 if name in ("random", "random_sample") else 2  # where the size goes by position
    if "size" in kwargs or len(args) > at:
        return False
    return not any(isinstance(v, NumpyArray) for _, v in (*args, *kwargs.values()))


def _maker_rank(qual: str, args: Args, kwargs: Kwargs) -> int | None:
    """The rank of a made array, from its sizes as numpy takes them."""
    name = qual.rsplit(".", 1)[-1]
    if name in ("linspace", "logspace", "hanning", "hamming", "bartlett", "blackman", "kaiser"):
        return 1
    if name in ("eye", "identity"):
        return 2
    if name in ("rand", "randn"):  # sizes as separate arguments; none makes a float
        return shape_rank([v for _, v in args])
    if qual in _SIZED_MAKERS:
        if args:
            return shape_rank([args[0][1]])
        return shape_rank([kwargs["shape"][1]]) if "shape" in kwargs else None
    # random.random / uniform / normal: a float unless given `size` (by keyword, or where
    # numpy's signature puts it: `uniform(low, high, size)`, `random(size)`)
    if "size" in kwargs:
        return shape_rank([kwargs["size"][1]])
    at = 2 if name in ("uniform", "normal") else 0 if name in ("random", "random_sample") else None
    return shape_rank([args[at][1]]) if at is not None and len(args) > at else None


def literal_rank(node: ast.expr | None) -> int | None:
    """The rank of literal data as written (`[[0, 1], [2, 3]]` is 2-D), for numpy and torch."""
    depth = 0
    while isinstance(node, ast.List | ast.Tuple):
        if not node.elts:
            return depth + 1
        depth += 1
        node = node.elts[0]
    return depth if isinstance(node, ast.Constant) else None


def _value_dtype(data: Value) -> str | None:
    """float64 for nested lists of numbers and numpy float64 values (`[[np.cos(t), 0.0]]`)."""
    kinds: set[str] = set()
    if (
        isinstance(data, Seq)
        and data.kind == "listof"
        and isinstance(data.items[0], NumpyArray)
        and data.items[0].dtype is not None
    ):
        return data.items[0].dtype  # a list of arrays alike (`xs.append(values[i:i + k])`)

    def visit(v: Value) -> bool:
        if isinstance(v, Seq) and v.kind in ("list", "tuple", "listof"):
            return all(visit(i) for i in v.items)
        if isinstance(v, NumpyArray) and v.dtype == "float64":
            kinds.add("float64")
            return True
        if const_type(v) is float:
            kinds.add("float64")
            return True
        return const_type(v) is int

    return "float64" if visit(data) and kinds else None


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


def get_item(array: NumpyArray, basic: bool, rank: int | None, node: ast.AST) -> NumpyArray:
    """`table[:, -1]`: the array's dtype; the rank when the index is basic and known (or
    worked out for an index vector)."""
    return NumpyArray(array.dtype, getattr(node, "lineno", 0), rank)


__all__ = ["NumpyArray", "Seq", "binop", "call", "dtype_of", "get_item", "literal_rank", "method"]
