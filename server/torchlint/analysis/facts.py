"""The facts lattice: what the engine knows about one tensor.

Every fact has an "unknown" top element, and joins only ever lose knowledge.
Rules fire on certain facts (`Tri.YES` / `Tri.NO`, a known dtype set), never on unknown ones.
"""

from __future__ import annotations

import ast
import enum
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Final, Protocol

from torchlint.analysis.slots import fast_init, make_copier

if TYPE_CHECKING:
    from torchlint.findings import Span


class Tri(enum.IntEnum):
    NO = 0
    YES = 1
    MAYBE = 2

    def join(self, other: Tri) -> Tri:
        return self if self is other else Tri.MAYBE

    @staticmethod
    def of(flag: bool) -> Tri:
        return Tri.YES if flag else Tri.NO

    def __str__(self) -> str:
        return ("no", "yes", "unknown")[self.value]


class GradMode(enum.IntEnum):
    ENABLED = 0
    DISABLED = 1  # torch.no_grad(), set_grad_enabled(False)
    INFERENCE = 2  # torch.inference_mode()
    UNKNOWN = 3

    def join(self, other: GradMode) -> GradMode:
        return self if self is other else GradMode.UNKNOWN

    @property
    def records(self) -> Tri:
        """Whether autograd records operations in this mode."""
        if self is GradMode.ENABLED:
            return Tri.YES
        if self is GradMode.UNKNOWN:
            return Tri.MAYBE
        return Tri.NO


DType = frozenset[str] | None  # None: unknown

FLOATING: Final = frozenset({"float16", "bfloat16", "float32", "float64"})
LOW_PRECISION: Final = frozenset({"float16", "bfloat16", "float32"})
INTEGRAL: Final = frozenset(
    {"uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64"}
)
COMPLEX: Final = frozenset({"complex32", "complex64", "complex128"})
BOOL: Final = frozenset({"bool"})


def join_dtype(a: DType, b: DType) -> DType:
    if a is None or b is None:
        return None
    return a | b


def dtype_text(d: DType) -> str:
    if d is None:
        return "unknown dtype"
    return " or ".join(sorted(d))


def all_in(d: DType, group: frozenset[str]) -> bool:
    """True when the dtype is known and every possibility lies in `group`."""
    return d is not None and bool(d) and d <= group


def none_in(d: DType, group: frozenset[str]) -> bool:
    return d is not None and not (d & group)


class Why:
    """Where a fact came from: the line that made it so, and a phrase saying how.

    The engine makes one for nearly every op it models, and almost none is ever shown, so a
    Why made by `Why.at` keeps the node and works out its position and text on first use.
    `text` may be given as a function for the same reason.
    """

    __slots__ = (
        "_col",
        "_end_col",
        "_end_line",
        "_fill",
        "_line",
        "_node",
        "_src",
        "_text",
        "path",
    )

    def __init__(
        self,
        line: int,
        text: str | Callable[[], str],
        col: int = 0,
        end_line: int = 0,
        end_col: int = 0,
        path: str | None = None,  # another file of the workspace (None: the analysed file)
    ) -> None:
        self._line = line
        self._text = text  # e.g. "`torch.rand(3, requires_grad=True)` creates a leaf that ..."
        self._col = col
        self._end_line = end_line
        self._end_col = end_col
        self.path = path
        self._src: _Spans | None = None
        self._node: ast.AST | None = None
        self._fill = 0  # > 0: `_text` is a template whose "{}" is the node's source, this long

    @classmethod
    def at(cls, src: _Spans, node: ast.AST, text: str | Callable[[], str], path: str | None) -> Why:
        """A Why at `node`'s span in `src`, located when first asked."""
        why = cls(0, text, path=path)
        why._src = src
        why._node = node
        return why

    @classmethod
    def code(cls, src: _Spans, node: ast.AST, template: str, limit: int, path: str | None) -> Why:
        """A Why whose text is `template` with "{}" replaced by the node's source text."""
        why = cls.at(src, node, template, path)
        why._fill = limit
        return why

    def says(self, fragment: str) -> bool:
        """Its phrase, when already a string, contains `fragment` (nothing is worded for it)."""
        return isinstance(self._text, str) and fragment in self._text

    def _locate(self) -> None:
        if self._src is not None and self._node is not None:
            span = self._src.span(self._node)
            self._line, self._col = span.start.row, span.start.col
            self._end_line, self._end_col = span.end.row, span.end.col
            if self._fill:
                self._word()
            self._src = None
            self._node = None

    def _word(self) -> None:
        assert self._src is not None and self._node is not None and isinstance(self._text, str)
        self._text = self._text.replace("{}", self._src.segment(self._node, self._fill), 1)
        self._fill = 0

    @property
    def line(self) -> int:
        if self._src is not None:
            self._locate()
        return self._line

    @property
    def col(self) -> int:
        if self._src is not None:
            self._locate()
        return self._col

    @property
    def end_line(self) -> int:
        if self._src is not None:
            self._locate()
        return self._end_line

    @property
    def end_col(self) -> int:
        if self._src is not None:
            self._locate()
        return self._end_col

    @property
    def text(self) -> str:
        if self._fill:
            self._word()
        text = self._text
        if not isinstance(text, str):
            text = self._text = text()
        return text

    def _key(self) -> tuple[int, int, int, int, str | None, str]:
        return (self.line, self.col, self.end_line, self.end_col, self.path, self.text)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Why):
            return False
        a, b = self._node, other._node
        if a is not None and b is not None:
            # Both still unlocated: tell them apart without working out spans or texts.
            if _position(a) != _position(b) or self.path != other.path:
                return False
            if a is b and self._fill == other._fill and self._text == other._text:
                return True  # same node, same wording
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Why(line={self.line}, text={self.text!r}, col={self.col}, path={self.path!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # Sent to other processes resolved: the source and its tree stay behind.
        return (Why, (self.line, self.text, self.col, self.end_line, self.end_col, self.path))

    def where(self) -> str:
        """ "line 3", or "line 3 of models.py" for another file."""
        if self.path is None:
            return f"line {self.line}"
        return f"line {self.line} of {self.path.replace(chr(92), '/').rsplit('/', 1)[-1]}"


def _position(node: ast.AST) -> tuple[object, ...]:
    return (
        getattr(node, "lineno", 0),
        getattr(node, "col_offset", 0),
        getattr(node, "end_lineno", 0),
        getattr(node, "end_col_offset", 0),
    )


class _Spans(Protocol):
    def span(self, node: ast.AST) -> Span: ...

    def segment(self, node: ast.AST, limit: int = 80) -> str: ...


@fast_init
@dataclass(frozen=True, slots=True)
class Interval:
    """Known bounds on a tensor's values, used to tell when an op's singular point is excluded."""

    lo: float | None
    hi: float | None
    lo_open: bool = False
    hi_open: bool = False
    hole: float | None = None  # a value excluded inside the bounds (`where(x != 0, x, 1)`)

    def excludes(self, point: float) -> bool:
        if point == self.hole:
            return True
        if self.lo is not None and (point < self.lo or (point == self.lo and self.lo_open)):
            return True
        return self.hi is not None and (point > self.hi or (point == self.hi and self.hi_open))

    def _joined_hole(self, other: Interval) -> float | None:
        if self.hole is not None and other.excludes(self.hole):
            return self.hole
        if other.hole is not None and self.excludes(other.hole):
            return other.hole
        return None

    def join(self, other: Interval) -> Interval:
        lo: float | None
        hi: float | None
        if self.lo is None or other.lo is None:
            lo, lo_open = None, False
        elif self.lo == other.lo:
            lo, lo_open = self.lo, self.lo_open and other.lo_open
        else:
            lo, lo_open = (
                (self.lo, self.lo_open) if self.lo < other.lo else (other.lo, other.lo_open)
            )
        if self.hi is None or other.hi is None:
            hi, hi_open = None, False
        elif self.hi == other.hi:
            hi, hi_open = self.hi, self.hi_open and other.hi_open
        else:
            hi, hi_open = (
                (self.hi, self.hi_open) if self.hi > other.hi else (other.hi, other.hi_open)
            )
        return Interval(lo, hi, lo_open, hi_open, self._joined_hole(other))

    def meet(self, other: Interval) -> Interval:
        lo, lo_open = self.lo, self.lo_open
        if other.lo is not None and (
            lo is None or other.lo > lo or (other.lo == lo and other.lo_open)
        ):
            lo, lo_open = other.lo, other.lo_open
        hi, hi_open = self.hi, self.hi_open
        if other.hi is not None and (
            hi is None or other.hi < hi or (other.hi == hi and other.hi_open)
        ):
            hi, hi_open = other.hi, other.hi_open
        return Interval(
            lo, hi, lo_open, hi_open, self.hole if self.hole is not None else other.hole
        )

    def shift(self, c: float) -> Interval:
        return Interval(
            None if self.lo is None else self.lo + c,
            None if self.hi is None else self.hi + c,
            self.lo_open,
            self.hi_open,
            None if self.hole is None else self.hole + c,
        )

    def scale(self, c: float) -> Interval | None:
        hole = None if self.hole is None else self.hole * c
        if c > 0:
            return Interval(
                None if self.lo is None else self.lo * c,
                None if self.hi is None else self.hi * c,
                self.lo_open,
                self.hi_open,
                hole,
            )
        if c < 0:
            return Interval(
                None if self.hi is None else self.hi * c,
                None if self.lo is None else self.lo * c,
                self.hi_open,
                self.lo_open,
                hole,
            )
        return None


NONNEG: Final = Interval(0.0, None)
POSITIVE: Final = Interval(0.0, None, lo_open=True)
UNIT_OPEN: Final = Interval(0.0, 1.0, True, True)


@fast_init
@dataclass(frozen=True, slots=True)
class Mask:
    """A tensor that came from comparing `root` with a constant: it can mask where `root` is bad."""

    root: int  # storage root of the compared tensor
    op: str  # "<", "<=", ">", ">=", "==", "!="
    value: float | None
    text: str  # source text of the comparison, for fixes
    negated: bool = False  # `~m`, `1 - m`, `m.logical_not()`
    as_float: bool = False  # `.float()` of the comparison

    def holds_on(self) -> Interval | None:
        """The values of `root` where the mask is true (None if not an interval)."""
        if self.value is None:
            return None
        v = self.value
        op = self.op
        if self.negated:
            op = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}[op]
        if op == ">":
            return Interval(v, None, lo_open=True)
        if op == ">=":
            return Interval(v, None)
        if op == "<":
            return Interval(None, v, hi_open=True)
        if op == "<=":
            return Interval(None, v)
        if op == "!=":
            return Interval(None, None, hole=v)
        return None

    def excludes(self, point: float) -> bool:
        """True when the mask is false wherever `root == point`."""
        held = self.holds_on()
        if held is not None:
            return held.excludes(point)
        if self.value is None or self.value != point:
            return False
        return (self.op == "!=") != self.negated


@fast_init
@dataclass(frozen=True, slots=True)
class SingularOp:
    """The result of an op whose gradient is inf/NaN at some input values."""

    op: str  # "sqrt", "log", "division", "pow"
    line: int
    text: str  # source text of the op call
    input_root: int  # storage root of the input whose value matters
    input_text: str
    points: tuple[float, ...]
    col: int = 0
    end_line: int = 0
    end_col: int = 0
    input_col: int = 0
    input_end_col: int = 0
    input_line: int = 0
    # The op's own result is finite at its singular points (`sqrt(0)`), not ±inf (`1 / 0`,
    # `log(0)`): only then does multiplying by a 0/1 mask hide them from the forward pass.
    forward_finite: bool = True


# Heap cells compare by identity (eq=False): joins find changed cells with set operations
# on dict item views, in C, instead of comparing thirty fields per cell.
@fast_init
@dataclass(frozen=True, slots=True, eq=False)
class Tensor:
    """Facts about one tensor object (a heap cell, shared by every alias)."""

    dtype: DType = None
    rg: Tri = Tri.MAYBE  # requires_grad
    leaf: Tri = Tri.MAYBE
    device: str | None = None  # "cpu", "cuda", "meta"; None unknown
    rank: int | None = None
    node: int | None = None  # autograd graph node that made it (None for leaves / untracked)
    root: int = 0  # storage root: views share their base's root (and version counter)
    why_dtype: Why | None = None
    why_rg: Why | None = None
    why_leaf: Why | None = None
    why_device: Why | None = None
    param_of: str | None = None  # "self.fc.weight" for module parameters
    # `retain_grad()` was called on some path (joins keep it): its `.grad` may be filled, so
    # the rules about a non-leaf's `.grad` stay silent.
    retains_grad: bool = False
    via_data: bool = False  # came from `.data`: in-place writes bypass autograd
    interval: Interval | None = None
    mask: Mask | None = None
    singular: SingularOp | None = None
    softmax: Why | None = None  # result of softmax / log_softmax (TL401); text says which
    softmax_kind: str | None = None  # "softmax" | "log_softmax"
    temporary: bool = False  # produced inside an expression and not yet bound to a name
    inference: bool = False  # created under torch.inference_mode()
    is_view: bool = False
    origin: Why | None = None  # the expression that made it
    lost_leaf: Why | None = None  # made by converting an unnamed leaf that requires grad (TL104)
    from_module: int | None = None  # heap id of the module whose output this is (a teacher's, say)
    module_why: Why | None = None  # the call of that module; its text is how it is written
    uninit: Why | None = None  # allocated by a legacy constructor and not yet initialised (TL404)
    # a (C, H, W) image (an image loader's, an item of a batch of maps), or at rank 4 a
    # batch of them (what 2-d layers give) (TL405)
    image: bool = False
    params_of: int | None = (
        None  # stands for every parameter of this module (`for p in m.parameters()`)
    )

    def evolve(self, **changes: object) -> Tensor:
        return _copy_tensor(self, **changes)

    @property
    def module_text(self) -> str | None:
        """How the module whose output this is is written (`teacher`)."""
        return self.module_why.text if self.module_why is not None else None

    def join(self, other: Tensor) -> Tensor:
        """The facts true on both paths. Built as a copy of `self` with only the fields that
        differ changed (joins run for every changed cell at every branch and loop turn);
        `is` first: most fields are the very same objects on both paths."""
        if self is other:
            return self
        o = other
        ch: dict[str, object] = {}
        if self.dtype is not o.dtype and self.dtype != o.dtype:
            ch["dtype"] = join_dtype(self.dtype, o.dtype)
            ch["why_dtype"] = None
        if self.rg is not o.rg:
            ch["rg"] = Tri.MAYBE
            ch["why_rg"] = None
        if self.leaf is not o.leaf:
            ch["leaf"] = Tri.MAYBE
            ch["why_leaf"] = None
        if self.device != o.device:
            ch["device"] = None
            ch["why_device"] = None
        if self.rank != o.rank:
            ch["rank"] = None
        if self.node != o.node:
            ch["node"] = None
        if self.param_of != o.param_of:
            ch["param_of"] = None
        if o.retains_grad and not self.retains_grad:
            ch["retains_grad"] = True
        if self.via_data and not o.via_data:
            ch["via_data"] = False
        if self.interval is not o.interval:
            ch["interval"] = (
                self.interval.join(o.interval)
                if self.interval is not None and o.interval is not None
                else None
            )
        for name in _JOINED_BY_EQUALITY:
            mine = getattr(self, name)
            theirs = getattr(o, name)
            if mine is not theirs and mine != theirs:
                ch[name] = None
        for name in _JOINED_BY_AND:
            if getattr(self, name) and not getattr(o, name):
                ch[name] = False
        if self.lost_leaf is None and o.lost_leaf is not None:
            # a lost leaf on either path is lost on that path (`params += [A, B]` in a loop)
            ch["lost_leaf"] = o.lost_leaf
        return _copy_tensor(self, **ch) if ch else self

    def same_facts(self, other: Tensor) -> bool:
        """Equality for fixpoint tests: graph nodes are instrumentation, not facts."""
        return (
            self.dtype == other.dtype
            and self.rg == other.rg
            and self.leaf == other.leaf
            and self.device == other.device
            and self.rank == other.rank
            and self.interval == other.interval
            and self.mask == other.mask
            and self.singular == other.singular
            and self.softmax_kind == other.softmax_kind
            and self.retains_grad == other.retains_grad
            and (self.node is None) == (other.node is None)
        )


_TENSOR_FIELDS: Final = tuple(f.name for f in fields(Tensor))
# Kept by a join where both paths agree, else unknown (None).
_JOINED_BY_EQUALITY: Final = (
    "mask",
    "singular",
    "softmax",
    "softmax_kind",
    "origin",
    "from_module",
    "module_why",
    "uninit",
    "params_of",
)
# Kept by a join only where both paths have them.
_JOINED_BY_AND: Final = ("temporary", "inference", "is_view", "image")
_copy_tensor: Final = make_copier(Tensor)
UNKNOWN_TENSOR: Final = Tensor()
