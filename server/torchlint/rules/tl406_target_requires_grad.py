"""
## What it does
Flags a loss whose target is the output of another model that requires grad — a teacher
in distillation, a target network in Q-learning, a frozen encoder that was not frozen —
passed without `.detach()`; also a temporal-difference target bootstrapped from the network
being trained (`rewards + gamma * q_net(next_states).max(1)[0]`). Where a loss helper called
in several places (`def byol_loss(p, z)`, once per view) is handed that output, the finding
is at each call, where the output is passed on and `.detach()` belongs; a helper called once
gets it at its loss.

## Why is this bad?
PyTorch (2.13) no longer refuses a target that requires grad: every loss (MSE, KL
divergence, cross-entropy with probabilities, L1, BCE, smooth L1, Huber) backpropagates into
the target too. The teacher's or target network's weights get gradients (and, if an
optimizer holds them, get updated), and the loss can be reduced by moving the target
instead of the prediction. No error, no warning.

## Example
```python
import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
x = torch.randn(16, 8)
loss = F.mse_loss(student(x), teacher(x))
loss.backward()
```

## Use instead
```python
import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
x = torch.randn(16, 8)
loss = F.mse_loss(student(x), teacher(x).detach())
loss.backward()
```

## Fix safety
Safe: `.detach()` stops the gradient at the target, as the loss intends. (Computing the
target under `torch.no_grad()` is better still: it saves memory.)

A pseudo-label made from the model's own prediction is flagged too: a target sharpened by a
temperature below 1 (`softmax(out / 0.5)`, `p ** (1 / T)`, also a helper's `T` given
`cfg["temperature"]` by its caller), or the prediction on the weakly
augmented view used as the label of the strongly augmented one (FixMatch, UDA, test-time
adaptation): every such method detaches it.

## Known problems
Any other loss between two outputs of the same model (a consistency loss: R-Drop, the
Pi-model) is left alone: whether both sides should get gradients is a modelling choice. Two models that learn together (one
optimizer holds both, or the target model's optimizer steps in the loop that computes the
loss: two towers, CLIP) are left alone too; a teacher trained by its own optimizer in an
earlier loop is not.

## References
- TORCH_FACTS §1(i); seed article 004
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import Final

from torchlint.analysis.events import Event, ModuleCall, TorchCall
from torchlint.analysis.facts import Tensor, Tri, Why
from torchlint.analysis.state import State
from torchlint.analysis.training import module_tree
from torchlint.analysis.values import (
    UNKNOWN,
    Const,
    DictObj,
    ModuleObj,
    ObjRef,
    OptimizerObj,
    Params,
    Seq,
    TRef,
    Value,
)
from torchlint.findings import Severity
from torchlint.rules._losses import LOSS_FUNCTIONS, LossCall, loss_call
from torchlint.rules._text import origins
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, as_receiver


class TargetRequiresGrad(Rule):
    code = "TL406"
    name = "target-requires-grad"
    summary = "A loss target from another model requires grad: gradients silently flow into it."
    default_severity = Severity.WARNING
    events = (TorchCall, ModuleCall)
    torch_calls = LOSS_FUNCTIONS
    fix_title = "Detach the target"

    def check(self, event: Event, ctx: RuleContext) -> None:
        call = loss_call(event)
        if call is None or call.target is None or call.target.tensor is None:
            return
        t = call.target.tensor
        if t.rg is not Tri.YES or t.from_module is None:
            return
        inp = call.input.tensor if call.input is not None else None
        # The prediction must be a model's output that requires grad too: with data as the
        # input, a symmetric loss was just written the other way round (l1_loss(pixels, recon)).
        if inp is None or inp.rg is not Tri.YES or inp.from_module is None:
            return
        bootstrapped = inp.from_module == t.from_module
        pseudo = bootstrapped and _pseudo_label(ctx, call)
        if bootstrapped and not pseudo and not _td_target(ctx, call.target.node):
            return  # the same model on both sides: a symmetric loss, on purpose
        model = t.module_text or "another model"
        state = event.state if isinstance(event, TorchCall | ModuleCall) else None
        if (
            not bootstrapped
            and state is not None
            and (
                _held_together(state, t.from_module, inp.from_module)
                or (
                    t.module_text is not None
                    and _optimized(state, ctx, t.module_text, inp.module_text, call.node)
                )
            )
        ):
            return  # both models learn together (two towers, CLIP): gradients into it are wanted
        if self._at_caller(call, t, model, ctx):
            return
        detached = f"{as_receiver(call.target.text, call.target.node)}.detach()"
        source = (
            f"is a pseudo-label made from `{model}` itself, the network being trained,"
            if pseudo
            else f"is a bootstrapped target made from `{model}` itself, the network being trained,"
            if bootstrapped
            else f"comes from `{model}`"
        )
        message = (
            f"The target `{call.target.text}` of `{call.short}` {source} and requires grad: PyTorch does "
            f"not stop there, so the backward also sends gradients into `{model}` (and the loss can shrink by "
            f"moving the target). Use `{detached}`, or compute it under `torch.no_grad()`."
        )
        edits = (
            append_to(ctx.source, call.target.node, ".detach()")
            if call.target.node is not None
            else None
        )
        ctx.report(self.finding(ctx, call.node, message, fix_edits=edits))

    def _at_caller(self, call: LossCall, t: Tensor, model: str, ctx: RuleContext) -> bool:
        """A loss helper (`def distill_loss(s_logits, t_logits)`) handed the other model's
        output by its caller: said at the caller's call, where that output is passed on
        and where `.detach()` belongs (the helper may well be called with data elsewhere)."""
        found = _caller_argument(call, t, ctx)
        if found is None:
            return False
        site, arg, why = found
        if _calls_of(ctx, _callee(site)) < 2:
            # a helper used once (`distill_loss(s, t)` in the one training loop): the mistake
            # is read where the loss is written, and `.detach()` fits there as well
            return False
        text = ctx.source.segment(arg, 40)
        message = (
            f"`{ctx.source.segment(site.func, 40)}` is given `{text}`, the output of `{model}`, which requires "
            f"grad, and uses it as the target of `{call.short}` (line {call.node.lineno}): PyTorch does not stop "
            f"there, so the backward also sends gradients into `{model}` (and the loss can shrink by moving the "
            f"target). Pass `{as_receiver(text, arg)}.detach()`, or compute it under `torch.no_grad()`."
        )
        used = Why(call.node.lineno, f"the target of `{call.short}`", col=call.node.col_offset)
        related = origins((f"`{call.short}` takes it as its target", used), ("made here", why))
        edits = append_to(ctx.source, arg, ".detach()")
        ctx.report(self.finding(ctx, site, message, related=related, fix_edits=edits))
        return True


def _calls_of(ctx: RuleContext, name: str | None) -> int:
    """How many calls of a function named `name` the file makes."""
    if name is None or ctx.tree is None:
        return 0
    return sum(1 for n in ast.walk(ctx.tree) if isinstance(n, ast.Call) and _callee(n) == name)


def _caller_argument(
    call: LossCall, t: Tensor, ctx: RuleContext
) -> tuple[ast.Call, ast.expr, Why] | None:
    """The call that ran the helper holding this loss, and its argument that the loss's
    target is made from (the helper's parameter, or one value computed from it alone)."""
    event = call.event
    site = ctx.caller_site(event.callers if isinstance(event, TorchCall | ModuleCall) else ())
    func = ctx.enclosing_function(call.node)
    target = call.target.node if call.target is not None else None
    if site is None or not isinstance(func, ast.FunctionDef) or target is None:
        return None
    called = _callee(site)
    why = t.module_why or t.why_rg
    end = func.end_lineno or func.lineno
    if called != func.name or why is None or func.lineno <= why.line <= end:
        return None  # the target was made in the helper itself
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args) if a.arg != "self"]
    name = _feeding_parameter(func, target, [p for p in params if p not in _numbers(func)])
    state = event.state if isinstance(event, TorchCall | ModuleCall) else None
    given = state.env.get(name) if state is not None and name is not None else None
    if isinstance(given, ObjRef) and given.oid == t.from_module:
        # the helper is given the model itself (`ddim(teacher, x_t, t)` in it), not its
        # output: the caller hands over nothing to detach; said at the helper's loss
        return None
    arg = ctx.argument_for(site, func, name) if name is not None else None
    return (site, arg, why) if arg is not None else None


_BOOTSTRAP_REDUCTIONS = frozenset({"max", "amax", "logsumexp"})


def _td_target(ctx: RuleContext, target: ast.expr | None) -> bool:
    """`rewards + gamma * q_net(next_states).max(1)[0] * (1 - dones)`: a temporal-difference
    target, a sum whose bootstrapped term is a maximum of the network's own output or is
    discounted by a `gamma` (read directly or through one assignment of the function,
    `next_q = q_net(s2).max(1)[0]`)."""
    if target is None:
        return False
    func = ctx.enclosing_function(target)
    scope = func if isinstance(func, ast.FunctionDef) else ctx.tree
    stored = _assignments(scope) if scope is not None else {}
    expr = target
    if isinstance(target, ast.Name) and len(stored.get(target.id, ())) == 1:
        expr = stored[target.id][0]
    helper = _helper_return(ctx, expr)
    if helper is not None:
        # `q_target = td_target(rewards, next_states, dones)`: the helper's sum
        scope, expr = helper
        stored = _assignments(scope)
    if not (isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add)):
        return False
    parts = [expr] + [
        stored[n.id][0]
        for n in ast.walk(expr)
        if isinstance(n, ast.Name) and len(stored.get(n.id, ())) == 1
    ]
    nodes = [n for part in parts for n in ast.walk(part)]
    if any(
        _DISCOUNT.match(n.id if isinstance(n, ast.Name) else n.attr)
        for n in nodes
        if isinstance(n, ast.Name | ast.Attribute)
    ):
        return True  # `reward + self.cfg.gamma * next_value`: a discounted bootstrap
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in _BOOTSTRAP_REDUCTIONS
        for n in nodes
    )


def _helper_return(ctx: RuleContext, expr: ast.expr) -> tuple[ast.FunctionDef, ast.expr] | None:
    """`td_target(...)` calling a module-level function of the file with one `return`, or
    `self.td_target(...)` a method of the class around the call: that function and what it
    returns."""
    if not isinstance(expr, ast.Call):
        return None
    body: list[ast.stmt] = []
    name = None
    if isinstance(expr.func, ast.Name) and ctx.tree is not None:
        body, name = ctx.tree.body, expr.func.id
    elif (
        isinstance(expr.func, ast.Attribute)
        and isinstance(expr.func.value, ast.Name)
        and expr.func.value.id == "self"
    ):
        method = ctx.enclosing_function(expr)
        cls = ctx.parents(method).get(id(method)) if method is not None else None
        if isinstance(cls, ast.ClassDef):
            body, name = cls.body, expr.func.attr
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            returns = [n for n in ast.walk(stmt) if isinstance(n, ast.Return)]
            if len(returns) == 1 and returns[0].value is not None:
                return stmt, returns[0].value
            return None
    return None


_DISCOUNT = re.compile(r"(?i)^(gamma|discount(_factor)?)$")


def _pseudo_label(ctx: RuleContext, call: LossCall) -> bool:
    """The target is the model's own prediction made into a label, which every
    semi-supervised and test-time method detaches: sharpened by a temperature below 1
    (`softmax(out / 0.5)`, `p ** (1 / T)` with `T = 0.5`), or the prediction on the weakly
    augmented view taken as the label of the strongly augmented one (FixMatch, UDA, test-time
    adaptation). Read in the loss's function (or module code) through plain assignments; a
    consistency loss between two views without either sign (R-Drop, the Pi-model) is left
    alone."""
    target = call.target.node if call.target is not None else None
    pred = call.input.node if call.input is not None else None
    if target is None or pred is None:
        return False
    func = ctx.enclosing_function(target)
    scope = func if isinstance(func, ast.FunctionDef) else ctx.tree
    if scope is None:
        return False
    stored = _assignments(scope)
    numbers = {**_config_fields(ctx.tree), **_numbers_in(scope, ctx.tree)}
    numbers.update(_numbers_given(func, numbers, stored, call.event))
    if any(_sharpens(n, numbers) for n in _made_from(target, stored, into_calls=False)):
        return True
    made = _made_from(target, stored)
    return _names_view(made, "weak") and _names_view(_made_from(pred, stored), "strong")


def _made_from(
    expr: ast.expr, stored: dict[str, list[ast.expr]], hops: int = 4, *, into_calls: bool = True
) -> list[ast.AST]:
    """The nodes of `expr` and of the single assignments its names come from, a few deep.
    `into_calls=False`: not into the arguments of a call other than tensor arithmetic (a
    model's input, normalised by `/ 0.3081`, says nothing of how its output was used)."""
    nodes: list[ast.AST] = []
    todo, seen = [expr], set()
    while todo and hops >= 0:
        hops -= 1
        nxt: list[ast.expr] = []
        for e in todo:
            for n in _walk(e, into_calls):
                nodes.append(n)
                if isinstance(n, ast.Name) and n.id not in seen and len(stored.get(n.id, ())) == 1:
                    seen.add(n.id)
                    nxt.append(stored[n.id][0])
        todo = nxt
    return nodes


def _walk(node: ast.AST, into_calls: bool) -> Iterator[ast.AST]:
    yield node
    if isinstance(node, ast.Call) and not into_calls:
        func = node.func
        yield from _walk(func, into_calls)  # `p.pow(1 / T)`: the receiver
        if _callee(node) in _TENSOR_MATH or "sharpen" in (_callee(node) or "").lower():
            for arg in (*node.args, *(k.value for k in node.keywords)):
                yield from _walk(arg, into_calls)
        return
    for child in ast.iter_child_nodes(node):
        yield from _walk(child, into_calls)


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


# Calls whose arguments are the tensor being made into a target (`softmax(out / T)`).
_TENSOR_MATH: Final = frozenset(
    {
        "softmax",
        "log_softmax",
        "sigmoid",
        "exp",
        "log",
        "pow",
        "div",
        "sum",
        "mean",
        "clamp",
        "normalize",
        "stack",
        "cat",
    }
)


def _sharpens(node: ast.AST, numbers: dict[str, float]) -> bool:
    """`logits / T` or `p ** (1 / T)` (`p.pow(1 / T)`) with a temperature below 1, or a
    call of a `sharpen` helper (MixMatch's)."""
    if isinstance(node, ast.Call) and "sharpen" in (_callee(node) or "").lower():
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        temperature = _number(node.right, numbers)
        return temperature is not None and 0 < temperature < 1
    exponent: ast.expr | None = None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        exponent = node.right
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "pow"
        and node.args
    ):
        exponent = node.args[-1]
    if (
        isinstance(exponent, ast.BinOp)
        and isinstance(exponent.op, ast.Div)
        and _number(exponent.left, numbers) == 1
    ):
        temperature = _number(exponent.right, numbers)
        return temperature is not None and 0 < temperature < 1
    return False


def _numbers_given(
    func: ast.AST | None,
    known: dict[str, float],
    rebound: dict[str, list[ast.expr]],
    event: Event,
) -> dict[str, float]:
    """The numbers the helper's parameters hold in the run that reached the loss
    (`consistency_loss(aug, clean, cfg["temperature"])` of a config dict): those the text
    does not settle, never bound again in the helper (`rebound`: its assignments)."""
    state = event.state if isinstance(event, TorchCall | ModuleCall) else None
    if state is None or not isinstance(func, ast.FunctionDef):
        return {}
    a = func.args
    found: dict[str, float] = {}
    for p in (*a.posonlyargs, *a.args, *a.kwonlyargs):
        value = state.env.get(p.arg)
        number = value.value if isinstance(value, Const) else None
        if (
            p.arg not in known
            and p.arg not in rebound
            and isinstance(number, int | float)
            and not isinstance(number, bool)
        ):
            found[p.arg] = float(number)
    return found


def _number(node: ast.expr, numbers: dict[str, float]) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.Name):
        return numbers.get(node.id)
    if isinstance(node, ast.Attribute):
        return numbers.get(_FIELD + node.attr)  # `self.cfg.teacher_temp`
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return numbers.get(_FIELD + str(node.slice.value))  # `cfg["teacher_temp"]`
    return None


# Config fields, keyed apart from plain names: `teacher_temp: float = 0.04` in a class body
# (a dataclass) or `"teacher_temp": 0.04` in a dict display, when the file gives that field
# one number only.
_FIELD: Final = "\0field:"


def _config_fields(tree: ast.AST | None) -> dict[str, float]:
    found: dict[str, set[float]] = {}
    for node in ast.walk(tree) if tree is not None else ():
        pairs: list[tuple[str, ast.expr]] = []
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if (
                    isinstance(stmt, ast.AnnAssign)
                    and isinstance(stmt.target, ast.Name)
                    and stmt.value
                ):
                    pairs.append((stmt.target.id, stmt.value))
                elif (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                ):
                    pairs.append((stmt.targets[0].id, stmt.value))
        elif isinstance(node, ast.Dict):
            pairs.extend(
                (k.value, v)
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            )
        for name, value in pairs:
            number = _number(value, {})
            found.setdefault(name, set()).add(number if number is not None else float("nan"))
    return {
        _FIELD + name: next(iter(values))
        for name, values in found.items()
        if len(values) == 1 and next(iter(values)) == next(iter(values))  # one number, not NaN
    }


def _numbers_in(scope: ast.AST, tree: ast.AST | None) -> dict[str, float]:
    """The numbers names stand for in `scope`: its own bindings (a parameter's number
    default, `T = 0.5`) hide the module's (`T = 0.5` at the top, `T=2.0` a parameter)."""
    own = _numbers_bound(scope, keep_unknown=True)
    numbers: dict[str, float] = {}
    if tree is not None and tree is not scope:
        numbers = {k: v for k, v in _numbers_bound(tree).items() if v is not None}
    if isinstance(scope, ast.FunctionDef):
        a = scope.args
        params = [*a.posonlyargs, *a.args, *a.kwonlyargs]
        if a.vararg is not None:
            params.append(a.vararg)
        if a.kwarg is not None:
            params.append(a.kwarg)
        for p in params:
            numbers.pop(p.arg, None)
        positional = [*a.posonlyargs, *a.args]
        pairs = [
            *zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True),
            *((k, d) for k, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None),
        ]
        for p, d in pairs:
            value = _number(d, {})
            if value is not None and p.arg not in own:
                numbers[p.arg] = value  # `def uda_step(x, T=0.4)`, never rebound in it
    for name, value in own.items():
        if value is None:
            numbers.pop(name, None)
        else:
            numbers[name] = value
    return numbers


def _numbers_bound(scope: ast.AST, *, keep_unknown: bool = False) -> dict[str, float | None]:
    """Names bound once in `scope`, to a number (`T = 0.5`, `T, lam = 0.5, 1.0`)."""
    found: dict[str, list[float | None]] = {}
    counted: set[int] = set()  # the Name nodes read as an assignment's targets
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs: list[tuple[ast.expr, ast.expr | None]] = [(node.targets[0], node.value)]
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Tuple):
                same = isinstance(value, ast.Tuple) and len(value.elts) == len(target.elts)
                pairs = [
                    (t, value.elts[i] if same and isinstance(value, ast.Tuple) else None)
                    for i, t in enumerate(target.elts)
                ]
            for name, v in pairs:
                if isinstance(name, ast.Name):
                    counted.add(id(name))
                    number = _number(v, {}) if v is not None else None
                    found.setdefault(name.id, []).append(number)
        elif (
            isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Store)
            and id(node) not in counted  # ast.walk visits an Assign before its targets
        ):
            found.setdefault(node.id, []).append(None)  # a loop target, `T += 1`, ...
    if keep_unknown:  # every name bound: its number, or None when not one number
        return {k: v[0] if len(v) == 1 else None for k, v in found.items()}
    return {k: v[0] for k, v in found.items() if len(v) == 1 and v[0] is not None}


def _names_view(nodes: list[ast.AST], view: str) -> bool:
    """A name among `nodes` says which augmented view it is (`x_weak`, `weak_aug(x)`)."""
    return any(
        view in (n.id if isinstance(n, ast.Name) else n.attr).lower()
        for n in nodes
        if isinstance(n, ast.Name | ast.Attribute)
    )


def _numbers(func: ast.FunctionDef) -> set[str]:
    """Parameters with a number for default (`T=4.0`): settings, not the target tensor."""
    args = [*func.args.posonlyargs, *func.args.args]
    defaulted = zip(args[len(args) - len(func.args.defaults) :], func.args.defaults, strict=True)
    return {
        a.arg
        for a, d in defaulted
        if isinstance(d, ast.Constant) and isinstance(d.value, int | float)
    }


def _feeding_parameter(func: ast.FunctionDef, target: ast.expr, params: list[str]) -> str | None:
    """The one parameter the target expression reads, directly or through one assignment
    of the function (`z = F.normalize(target_proj)`), never bound again."""
    stored = _assignments(func)
    if _runs_own_code(target):
        return None
    read: set[str] = set()
    for name in {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}:
        if name in params:
            read.add(name)
        elif len(stored.get(name, ())) == 1:
            if _runs_own_code(stored[name][0]):
                return None  # `targets = self.soft_targets(g)`: made here, from data
            read |= {n.id for n in ast.walk(stored[name][0]) if isinstance(n, ast.Name)} & set(
                params
            )
    if len(read) != 1:
        return None
    (name,) = read
    return None if name in stored else name


def _runs_own_code(expr: ast.expr) -> bool:
    """The expression calls a method of `self` (a submodule, `self.soft_targets(g)`): the
    other model may run right here, on what the parameter holds."""
    for n in ast.walk(expr):
        if isinstance(n, ast.Call):
            base = n.func
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id == "self":
                return True
    return False


def _optimized(
    state: State, ctx: RuleContext, model: str, other: str | None, loss: ast.AST
) -> bool:
    """The target's model learns together with the prediction's: an optimizer of the file
    is given `model.parameters()` (alone, in a list, a sum of lists, a chain or param
    groups) together with `other`'s, or is stepped in the loop (or function) that computes
    this loss. A teacher trained by its own optimizer in an earlier loop is fixed here."""
    wanted = (f"{model}.parameters(", f"{model}.named_parameters(")
    others = (f"{other}.parameters(", f"{other}.named_parameters(") if other else ()
    for obj in state.heap.values():
        if isinstance(obj, OptimizerObj):
            stmt = ctx.stmt_at(obj.line)
            # Every line of it: `AdamW(\n    [{"params": enc.parameters()}, ...],\n)`.
            text = ctx.source.exact(ctx.source.span(stmt)) if stmt is not None else ""
            gathered = _gathered_models(stmt) if stmt is not None else frozenset()
            if not (any(w in text for w in wanted) or _among(model, gathered)):
                continue
            if any(w in text for w in others) or (other is not None and _among(other, gathered)):
                return True
            name = (
                ctx.source.segment(stmt.targets[0], 200)
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                else None
            )
            if name is None:
                return True
            if name.isidentifier() and stmt is not None and _local_elsewhere(ctx, stmt, loss):
                continue  # `opt` of `train_teacher` is not the `opt` stepped here
            if f"{name}.step(" in _around(ctx, loss):
                return True
    # `opt.add_param_group({"params": aux.parameters()})`: an optimizer of the file takes
    # the target's model on later
    return any(
        "add_param_group(" in line and any(w in line for w in wanted) for line in ctx.source.lines
    )


def _gathered_models(stmt: ast.stmt) -> frozenset[str]:
    """The models whose parameters an optimizer's statement gathers in a comprehension
    (`chain(*(m.parameters() for m in (a, b)))`, `sum([list(m.parameters()) for m in
    models], [])`): the names of a literal tuple or list iterated, or the name iterated."""
    found: set[str] = set()
    for node in ast.walk(stmt):
        if not isinstance(node, ast.GeneratorExp | ast.ListComp):
            continue
        for gen in node.generators:
            if not isinstance(gen.target, ast.Name):
                continue
            var = gen.target.id
            uses = any(
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr in ("parameters", "named_parameters")
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == var
                for n in ast.walk(node)
            )
            if not uses:
                continue
            if isinstance(gen.iter, ast.Tuple | ast.List):
                found.update(e.id for e in gen.iter.elts if isinstance(e, ast.Name))
            elif isinstance(gen.iter, ast.Name):
                found.add(gen.iter.id)
    return frozenset(found)


def _among(model: str, gathered: frozenset[str]) -> bool:
    """`b` among the gathered names, or `models[1]` of a gathered collection `models`."""
    return model in gathered or any(model.startswith(f"{name}[") for name in gathered)


def _held_together(state: State, target: int, prediction: int) -> bool:
    """An optimizer of the file holds the parameters of both models, as far as the analysis
    knows what it holds: `model.parameters()` of a model holding both (`model.a`,
    `model.b`), a ModuleList or Sequential of both, a list of both's parameters. Not a
    copy of the prediction's model (`self.target = copy.deepcopy(self.online)` in an agent
    whose `parameters()` the optimizer takes: the target network's getting updated is the
    mistake)."""
    a, b = state.module(ObjRef(target)), state.module(ObjRef(prediction))
    if a is None or b is None or _copy_pair(a, b, (target, prediction)):
        return False
    for obj in state.heap.values():
        if not isinstance(obj, OptimizerObj):
            continue
        held = _held_modules(state, obj.params)
        if held is not None and target in held and prediction in held:
            return True
    return False


def _copy_pair(a: ModuleObj, b: ModuleObj, ids: tuple[int, int]) -> bool:
    """One module deep-copied from the other."""
    return a.copy_of == ids[1] or b.copy_of == ids[0]


def _held_modules(state: State, params: Value) -> set[int] | None:
    """The heap ids of the modules whose parameters `params` holds (None: not known)."""
    if isinstance(params, Params):
        tree = module_tree(ObjRef(params.module), state) if params.module is not None else None
        return set(tree) if tree is not None else None
    if isinstance(params, TRef):
        t = state.tensor(params)
        owner = t.params_of
        if owner is None:
            return set()  # one tensor of its own (`[log_temperature]`)
        tree = module_tree(ObjRef(owner), state)
        return set(tree) if tree is not None else None
    if isinstance(params, Seq):
        found: set[int] = set()
        for item in params.items:
            if isinstance(item, ObjRef) and isinstance(group := state.heap.get(item.oid), DictObj):
                item = group.attrs.get("params", UNKNOWN)  # a param group
            part = _held_modules(state, item)
            if part is None:
                return None
            found |= part
        return found
    return None


def _local_elsewhere(ctx: RuleContext, made: ast.stmt, loss: ast.AST) -> bool:
    """The optimizer was bound to a local name of another function than the loss's."""
    func = ctx.enclosing_function(made)
    return func is not None and func is not ctx.enclosing_function(loss)


def _around(ctx: RuleContext, node: ast.AST) -> str:
    """The text of the innermost loop, else function, else top-level statement, holding
    `node`."""
    parents = ctx.parents(node)
    cur = parents.get(id(node))
    outer: ast.AST | None = None
    while cur is not None:
        if isinstance(cur, ast.For | ast.While | ast.AsyncFor):
            return ctx.source.exact(ctx.source.span(cur))
        if isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef):
            return ctx.source.exact(ctx.source.span(cur))
        outer = cur
        cur = parents.get(id(cur))
    return ctx.source.exact(ctx.source.span(outer)) if outer is not None else ""


def _assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """Each name bound in `scope`, with the values plainly assigned to it (`name = value`);
    a name bound otherwise (a loop target, unpacking) is listed with no value."""
    stored: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            stored.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stored.setdefault(node.id, [])
    return stored
