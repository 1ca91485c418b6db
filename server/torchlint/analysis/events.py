"""What the interpreter tells the rules, as it walks the program.

Each event carries the facts at that program point; rules decide. An event is only
built when an enabled rule listens for its type.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field

from torchlint.analysis.facts import GradMode, Tensor, Tri, Why
from torchlint.analysis.slots import fast_init
from torchlint.analysis.source import SourceInfo
from torchlint.analysis.state import Hazard, State
from torchlint.analysis.values import ModuleObj, Value


class Event:
    __slots__ = ()


@fast_init
@dataclass(frozen=True, slots=True)
class Operand:
    """An argument as the rules see it: its source node, abstract value and tensor facts."""

    node: ast.expr | None
    value: Value
    tensor: Tensor | None  # None when not (known to be) a tensor
    source: SourceInfo | None = None

    @property
    def text(self) -> str:
        """The argument as written (computed on demand: most events are never reported)."""
        if self.node is None or self.source is None:
            return ""
        return self.source.segment(self.node, 60)


@fast_init
@dataclass(frozen=True, slots=True)
class InplaceWrite(Event):
    """`t.add_(1)`, `t += 1`, `t[i] = v`, `F.relu(t, inplace=True)`, `t.data.zero_()`."""

    node: ast.AST  # the whole write (call, AugAssign or Assign)
    stmt: ast.stmt
    target: Operand  # the tensor written (before the write)
    op: str  # "add_", "+=", "[]=", "relu(inplace=True)"
    kind: str  # "method" | "augassign" | "setitem" | "inplace_kwarg" | "function"
    value: Operand | None  # the other operand, when there is one
    result_dtype: frozenset[str] | None  # dtype the out-of-place op would produce
    grad: GradMode
    via_data: bool
    saved_by: tuple[Why, ...]  # ops that had saved the written storage
    view_of: Tensor | None = None  # the tensor whose storage a view writes (`w[0].zero_()`)


def leaf_write_error(
    target: Tensor | None, view_of: Tensor | None, grad: GradMode, via_data: bool
) -> str | None:
    """What PyTorch raises at once for an in-place write to `target` (a view of `view_of`):
    "leaf" for a leaf that requires grad, "view" for a view of one, None when it does not."""
    if target is None or via_data or grad is not GradMode.ENABLED:
        return None
    if (
        view_of is not None
        and view_of.leaf is Tri.YES
        and view_of.rg is Tri.YES
        and target.rg is Tri.YES
        and not view_of.via_data
    ):
        return "view"
    if target.leaf is Tri.YES and target.rg is Tri.YES:
        return "leaf"
    return None


@fast_init
@dataclass(frozen=True, slots=True)
class ResultBackpropagated(Event):
    """What a module's `forward` (or a `training_step`) returns, analysed on its own: the
    training code that calls it backpropagates it, through these in-place writes."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    stmt: ast.stmt
    function: str  # "forward", "training_step"
    hazards: tuple[Hazard, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class BackwardCall(Event):
    """`loss.backward(...)` or `torch.autograd.grad(loss, ...)`."""

    node: ast.Call
    stmt: ast.stmt
    tensor: Operand
    retain_graph: bool | None  # None: not a constant
    # (the earlier backward, the op whose buffers it freed, whether that op ran before the
    # loop around this backward: a graph built once and backpropagated on every iteration)
    freed: tuple[tuple[Why, str, bool], ...]
    hazards: tuple[Hazard, ...]  # in-place writes to tensors this graph saved
    api: str  # "backward" | "autograd.grad"
    in_loop: bool


@fast_init
@dataclass(frozen=True, slots=True)
class GradRead(Event):
    """Reading `t.grad`."""

    node: ast.Attribute
    stmt: ast.stmt
    tensor: Operand


@fast_init
@dataclass(frozen=True, slots=True)
class TorchCall(Event):
    """A call of something from torch (function, Tensor method, module constructor)."""

    node: ast.Call
    stmt: ast.stmt
    qualname: str  # "torch.autograd.gradcheck", "Tensor.double", "torch.nn.Linear"
    receiver: Operand | None  # for methods
    args: tuple[Operand, ...]
    kwargs: dict[str, Operand]
    result: Value
    result_tensor: Tensor | None
    grad: GradMode
    state: State
    func_name: str = ""  # the enclosing function ("" at module level)
    in_module_method: bool = False  # that function is a method of an nn.Module subclass
    callers: tuple[int, ...] = ()  # ids of the call nodes that led here, innermost last


@fast_init
@dataclass(frozen=True, slots=True)
class ModuleCall(Event):
    """Calling an `nn.Module` instance: `self.fc(x)`, `model(x)`, `criterion(out, y)`."""

    node: ast.Call
    stmt: ast.stmt
    module: ModuleObj
    source: SourceInfo
    args: tuple[Operand, ...]
    kwargs: dict[str, Operand]
    result: Value
    grad: GradMode
    state: State
    module_oid: int = 0
    scope_name: str = ""  # the function the call is in ("" at module level)
    in_eval_scope: bool = False  # that function is named like evaluation code
    trained_before: bool = False  # this model ran forward in a loop with backward earlier
    loaded_before: bool = False  # this model was given weights with `load_state_dict` earlier
    in_module_method: bool = False  # the call is inside a method of an nn.Module (a submodule call)
    callers: tuple[int, ...] = ()  # ids of the call nodes that led here, innermost last
    # A method of the model that runs it (`model.encode(x)`), not `model(x)`: only the rules
    # about the model's mode take these (its arguments need not be the model's inputs).
    via_method: str = ""
    # A `copy.deepcopy` of a model that is now in evaluation mode (an EMA copy evaluated
    # beside it): that model, and where it was switched.
    copy_of_eval: tuple[ModuleObj, Why] | None = None
    # the call, in a function that backpropagates or steps an optimizer, of the helper
    # (or of its caller) holding this call: `targets = predict_tta(model, x)` inside a
    # test-time adaptation step (its result may feed that step's loss)
    training_site: ast.AST | None = None

    @property
    def module_node(self) -> ast.expr:
        """The module as an expression: `model` in `model(x)` and in `model.encode(x)`."""
        func = self.node.func
        return func.value if self.via_method and isinstance(func, ast.Attribute) else func

    @property
    def module_text(self) -> str:
        """The module as written (`self.fc`, `model`), worded on demand."""
        return self.source.segment(self.module_node, 60)


@fast_init
@dataclass(frozen=True, slots=True)
class Forward:
    """One forward pass seen inside a loop."""

    node: ast.Call
    module: ModuleObj
    module_oid: int
    source: SourceInfo
    grad: GradMode
    result_rg: Tri
    scope_name: str
    nested: bool  # inside another module's forward (a submodule), not the loop's own call
    unknown_model: bool = False  # a model we only know by its `.eval()` (its parameters unseen)
    in_helper: bool = False  # made by a function the loop calls, not by the loop's own code
    # made by a plain helper the loop calls with its model (`run(model, x)`), reported at
    # that call: in an evaluation function only
    runner: bool = False

    @property
    def module_text(self) -> str:
        """The model as written, worded on demand."""
        return self.source.segment(self.node.func, 60)


@fast_init
@dataclass(frozen=True, slots=True)
class LoopSummary(Event):
    """What a loop did, over all the iterations the analysis ran (and the helpers it called)."""

    node: ast.stmt
    scope_name: str
    backwards: tuple[ast.Call, ...]
    steps: tuple[
        tuple[ast.Call, str, bool], ...
    ]  # (call, receiver text, receiver is a known optimizer)
    zero_grads: tuple[ast.Call, ...]
    forwards: tuple[Forward, ...]
    grad_clears: int  # `p.grad = None` / `p.grad.zero_()` in the loop
    # id(call) -> heap ids of the modules whose parameters it concerns: a `model.zero_grad()`
    # receiver and its submodules, or the module whose `parameters()` a stepping optimizer
    # was given (None: unknown)
    modules: Mapping[int, frozenset[int] | None]
    zero_grad_receivers: frozenset[str]  # receivers of `.zero_grad()` anywhere in the file so far
    is_eval_scope: bool


@fast_init
@dataclass(frozen=True, slots=True)
class Accumulation(Event):
    """`total += loss` / `losses.append(loss)` in a loop, never backpropagated afterwards."""

    node: ast.AST
    stmt: ast.stmt
    target: str
    value_text: str
    value_node: ast.expr | None
    tensor: Tensor
    kind: str  # "augassign" (`t += v`, `d[k] += v`) | "assign" (`t = t + v`) | "append"
    loop: ast.stmt


@fast_init
@dataclass(frozen=True, slots=True)
class RequiresGradSet(Event):
    """`t.requires_grad_()`, `t.requires_grad = True`, `nn.Parameter(t)`, a factory's `requires_grad=True`."""

    node: ast.AST
    stmt: ast.stmt
    tensor: Operand
    how: str  # "requires_grad_" | "attribute" | "parameter" | "factory"
    factory_node: ast.Call | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class ModuleTensorSet(Event):
    """`self.name = tensor` in a method of the file's own `nn.Module` subclass."""

    node: ast.Attribute
    stmt: ast.stmt
    tensor: Operand


@fast_init
@dataclass(frozen=True, slots=True)
class Masked(Event):
    """The result of an op with a singular gradient is masked (where, index, multiply, fill)."""

    node: ast.AST
    stmt: ast.stmt
    masked: Operand  # the singular result
    how: str  # "where" | "index" | "multiply" | "masked_fill" | "setitem"
    keep_where: str | None  # source text of a condition true where the result is KEPT, if known
    mask_excludes_point: bool  # the mask is false exactly at the singular point(s)
    mask_about_input: bool = False  # the mask compares the op's own input (so it can guard it)


@fast_init
@dataclass(frozen=True, slots=True)
class DiagonalNaN(Event):
    """A backward through a square root of a tensor's pairwise differences with itself, which
    are 0 on the diagonal (see `self_pairs`)."""

    node: ast.AST  # the square root
    stmt: ast.stmt  # the backward's statement
    backward: ast.AST
    pairing: ast.expr  # `x[:, None] - x[None]`
    source: str  # `x`


@fast_init
@dataclass(frozen=True, slots=True)
class LegacyUse(Event):
    """`Variable(...)`, `volatile=True`, `torch.FloatTensor(...)`."""

    node: ast.AST
    stmt: ast.stmt
    what: str  # "Variable" | "volatile" | "typed_constructor" | "uninitialized_read"
    qualname: str
    args: tuple[Operand, ...] = ()
    kwargs: dict[str, Operand] = field(default_factory=dict)
    allocated: Why | None = None  # for "uninitialized_read": the legacy constructor
