"""Pairwise differences of a tensor with itself, which are 0 on the diagonal (TL202).

`x[:, None] - x[None]` pairs every point with itself: those differences are exactly 0, and so
are their squares and the sums of the squares over the coordinates. A `sqrt` (or a power
between 0 and 1) of such a tensor has an infinite gradient there, and the square's gradient is
0 there: any backward through the `sqrt` puts 0 x inf = NaN in `x.grad`, whatever is done to
the distances afterwards (masking the diagonal, indexing it out). The forward shows nothing.
`torch.cdist` and `torch.linalg.vector_norm` are finite at 0 and are the usual way out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from torchlint.analysis import tensor_ops as TO

if TYPE_CHECKING:
    from torchlint.analysis.facts import Tensor
    from torchlint.analysis.interpreter import Interpreter
    from torchlint.analysis.tensor_ops import Input


@dataclass(frozen=True, slots=True)
class DiagonalZeros:
    """A tensor that is 0 wherever the pair axes meet."""

    pairing: ast.expr  # `x[:, None] - x[None]`, for the message
    source: str  # the tensor paired with itself, as written
    coordinates: int  # trailing axes after the pair axes (a sum over one of them keeps the 0s)


@dataclass(frozen=True, slots=True)
class DiagonalSingular:
    """An op with an infinite gradient at 0 applied to such a tensor."""

    op: ast.AST
    zeros: DiagonalZeros


DIFFERENCES: Final = frozenset({"__sub__", "sub", "subtract", "__rsub__"})
_SQUARES: Final = frozenset({"square", "abs", "__abs__", "absolute"})
_POWERS: Final = frozenset({"pow", "__pow__", "float_power"})
_SUMS: Final = frozenset({"sum"})
_ROOTS: Final = frozenset({"sqrt"})
WATCHED: Final = DIFFERENCES | _SQUARES | _POWERS | _SUMS | _ROOTS | {"mul", "__mul__"}


def note(
    ip: Interpreter, name: str, inputs: list[Input], node: ast.AST, oid: int, result: Tensor
) -> None:
    """After an op: a self-difference starts a tensor with a zero diagonal, squares and sums
    over the coordinates keep it, and a square root of it is recorded by its graph node."""
    zeros = ip.zero_diagonals
    tensors = [i for i in inputs if i.tensor is not None and i.ref is not None]
    if name in DIFFERENCES:
        if len(tensors) == 2 and result.rank is not None and isinstance(node, ast.expr):
            pairing = _self_difference(tensors[0], tensors[1], result.rank)
            if pairing is not None:
                zeros[oid] = DiagonalZeros(node, *pairing)
        return
    if not zeros or not tensors or tensors[0].ref is None:
        return
    found = zeros.get(tensors[0].ref.oid)
    if found is None:
        return
    if name in ("mul", "__mul__"):
        # `diff * diff`: the square written out
        same = len(tensors) == 2 and tensors[1].ref is not None
        if same and tensors[1].ref == tensors[0].ref:
            zeros[oid] = found
        return
    if name in _SQUARES or (name in _POWERS and TO.exponent_of(inputs) == 2.0):
        zeros[oid] = found
    elif name in _SUMS:
        rank = tensors[0].tensor.rank if tensors[0].tensor else None
        if found.coordinates > 0 and _over_last_axis(ip, node, rank):
            zeros[oid] = DiagonalZeros(found.pairing, found.source, found.coordinates - 1)
    elif (
        (name in _ROOTS or (name in _POWERS and 0.0 < (TO.exponent_of(inputs) or 0.0) < 1.0))
        and result.node is not None
        and ip.src is ip.main_src  # the finding goes at the op: in the analysed file
    ):
        ip.diagonal_singular[result.node] = DiagonalSingular(node, found)


def _self_difference(a: Input, b: Input, rank: int) -> tuple[str, int] | None:
    """`x[:, None] - x[None]`, `x.unsqueeze(1) - x.unsqueeze(0)`: one tensor given a new
    axis at two different places, none of them the last (the coordinates): the text of `x`
    and the number of axes after the pair axes."""
    if a.tensor is None or b.tensor is None or a.tensor.root != b.tensor.root:
        return None
    pa, pb = _new_axis(a.node), _new_axis(b.node)
    if pa is None or pb is None:
        return None
    (base_a, axis_a), (base_b, axis_b) = pa, pb
    if ast.dump(base_a) != ast.dump(base_b) or axis_a == axis_b:
        return None
    if max(axis_a, axis_b) >= rank - 1:
        return None  # pairs along the last axis: no coordinate axis left to sum over
    return ast.unparse(base_a), rank - 1 - max(axis_a, axis_b)


def _new_axis(node: ast.expr | None) -> tuple[ast.expr, int] | None:
    """The tensor and the position of the one new axis of `x[:, None]` (slices and Ellipsis
    elsewhere) or `x.unsqueeze(k)` with k >= 0."""
    if isinstance(node, ast.Subscript):
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if any(isinstance(p, ast.Constant) and p.value is Ellipsis for p in parts[:-1]):
            return None  # `x[..., None, :]`: the position counts from the end
        nones = [i for i, p in enumerate(parts) if isinstance(p, ast.Constant) and p.value is None]
        plain = all(
            (isinstance(p, ast.Slice) and p.lower is None and p.upper is None and p.step is None)
            or (isinstance(p, ast.Constant) and p.value in (None, Ellipsis))
            for p in parts
        )
        if len(nones) == 1 and plain:
            return node.value, nones[0]
        return None
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "unsqueeze"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and type(node.args[0].value) is int
        and node.args[0].value >= 0
    ):
        return node.func.value, node.args[0].value
    return None


def _over_last_axis(ip: Interpreter, node: ast.AST, rank: int | None) -> bool:
    """`.sum(-1)`, `.sum(dim=-1)`, `torch.sum(d, -1)`, `.sum(2)` of a rank-3 tensor."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    method = isinstance(func, ast.Attribute) and not ip.ctx.imports.is_module_path(func.value)
    dim = TO.dim_argument(node, method=method)
    if isinstance(dim, ast.UnaryOp) and isinstance(dim.op, ast.USub):
        return isinstance(dim.operand, ast.Constant) and dim.operand.value == 1
    return (
        isinstance(dim, ast.Constant)
        and type(dim.value) is int
        and rank is not None
        and dim.value == rank - 1
    )
