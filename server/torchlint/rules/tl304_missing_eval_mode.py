"""
## What it does
Flags evaluating a model that has dropout or batch-norm layers while it is still in
training mode: a call in an evaluation function (`evaluate`, `validate`, `test`,
`predict`…), or under `torch.no_grad()` after the model was trained or given weights
with `load_state_dict`, with no `model.eval()` before it, or under `torch.no_grad()` while
the model it was deep-copied from (an EMA or mean-teacher copy) is in evaluation mode; calling a method of the model
that runs it (`model.encode(images, texts)`, a decoder's `model.step(token, h)`) counts as
calling it, in training too; the first such call of a function is reported. An SWA or EMA average
(`torch.optim.swa_utils.AveragedModel(model)`) is a copy of the model, trained once it
took the model's weights with `update_parameters`. Not flagged: a pytest-style `test_*`
function that asserts (a shape check of a fresh model), a model switched to
`train()` on purpose after loading, or by a function that never trains (Monte Carlo
dropout: `def mc_predict(x): model.train(); ...`), a copy of a live model
(`key.load_state_dict(query.state_dict())`: a momentum encoder), a model run under
`no_grad` inside the training step (a function that also steps an optimizer, not just an
environment's `env.step(action)`, or, in a loop of module
code, a result that feeds the loss backpropagated later in the loop: MixMatch's label
guessing; also a helper, evaluation-named or not, called in such a step whose result feeds
its loss: test-time adaptation's `targets = predict_tta(model, x)`; a validation result
handed to a scheduler's `step` or a print is still flagged). An object holding the model
handed to code the analysis does not run (a callback found with `getattr`, a call too
deep to follow) may switch its mode there: unless that code cannot (an empty hook, a
logger), the mode becomes unknown and nothing is reported.

## Why is this bad?
In training mode dropout randomly zeroes activations and batch norm uses (and updates) the
batch's statistics. Evaluation results are then noisy, worse than they should be, and
batch norm's running statistics change during validation. No error is raised.
`torch.no_grad()` does not switch the mode.

## Example
```python
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5), nn.Linear(8, 2))


def evaluate(x):
    with torch.no_grad():
        return model(x).argmax(1)
```

## Use instead
```python
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5), nn.Linear(8, 2))


def evaluate(x):
    model.eval()
    with torch.no_grad():
        return model(x).argmax(1)
```

## Fix safety
Unsafe: the fix calls `model.eval()` before the evaluation and `model.train()` after it, so
training that continues afterwards keeps its dropout; code relying on the old mode changes.

## Known problems
Only models known to contain mode-dependent layers (measured on torch: Dropout, BatchNorm…)
and known to be in training mode are flagged.

## References
- DESIGN TL304; `torch.nn.Module.eval`
"""

from __future__ import annotations

import ast

from torchlint.analysis.events import Event, ModuleCall
from torchlint.analysis.facts import GradMode, Tri, Why
from torchlint.analysis.training import has_mode_dependent, trains_in_text
from torchlint.findings import Applicability, Edit, Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import COMPOUND_STATEMENTS, RuleContext
from torchlint.rules.fixes import insert_after, insert_before, receiver_name


class MissingEvalMode(Rule):
    code = "TL304"
    name = "missing-eval-mode"
    summary = "Evaluating a model with dropout or batch norm still in training mode."
    default_severity = Severity.WARNING
    events = (ModuleCall,)
    fix_title = "Call `model.eval()` before evaluating (and `model.train()` after)"
    fix_applicability = Applicability.UNSAFE

    def check(self, event: Event, ctx: RuleContext) -> None:
        assert isinstance(event, ModuleCall)
        mod = event.module
        if mod.training is not Tri.YES or event.in_module_method:
            return  # submodule calls inside a forward follow their parent model
        no_grad = event.grad in (GradMode.DISABLED, GradMode.INFERENCE)
        after = event.trained_before or event.loaded_before or event.copy_of_eval is not None
        if not (event.in_eval_scope or (no_grad and after)):
            return
        if not has_mode_dependent(event.state, mod):
            return
        if (not event.in_eval_scope and _trains_around(ctx, event.node, event.module_text)) or (
            event.training_site is not None and _feeds_backward(ctx, event.training_site)
        ):
            # pseudo-labels or a teacher's targets made under no_grad inside a training
            # step (FixMatch, mean teacher, test-time adaptation's `predict_tta(model, x)`):
            # train mode there is the method's choice
            return
        parent = ctx.parents(event.node).get(id(event.node))
        if isinstance(parent, ast.Expr) and not event.in_eval_scope:
            # `model(x)` with its output thrown away, under no_grad: run for the side effect
            # of updating batch-norm statistics (SWA's update_bn), not to evaluate.
            return
        if _train_on_purpose(ctx, mod.why_training):
            return  # Monte-Carlo dropout: `model.train()` in a function that never trains
        name = event.module_text
        if _reported_in_function(ctx, event.node, name):
            return  # one `eval()` before the first call mends them all
        since = (
            f" ({mod.why_training.text}, line {mod.why_training.line})" if mod.why_training else ""
        )
        mode = (
            "`torch.inference_mode()`" if event.grad is GradMode.INFERENCE else "`torch.no_grad()`"
        )
        where = (
            "in an evaluation function"
            if event.in_eval_scope
            else f"under {mode} after training"
            if event.trained_before
            else f"under {mode} after loading its weights"
            if event.loaded_before
            else _copy_words(event, mode)
        )
        message = (
            f"`{name}` is still in training mode here{since}, {where}: its dropout/batch-norm layers behave as in "
            f"training, so results are noisy and batch-norm statistics get updated. Call `{name}.eval()` before "
            f"evaluating (and `{name}.train()` before training again)."
        )
        related = (("training mode comes from here", mod.why_training),) if mod.why_training else ()
        ctx.report(
            self.finding(ctx, event.node, message, related=related, fix_edits=_fix(ctx, event))
        )


def _train_on_purpose(ctx: RuleContext, why: Why | None) -> bool:
    """Training mode set by an explicit `model.train()` inside a function that neither
    backpropagates nor steps an optimizer (`def mc_predict(...): model.train(); ...`): the
    mode is what that function wants, not a leftover of training."""
    if why is None or "train(" not in why.text:
        return False
    stmt = ctx.stmt_at(why.line)
    func = ctx.enclosing_function(stmt) if stmt is not None else None
    if not isinstance(func, ast.FunctionDef):
        return False
    end = func.end_lineno or func.lineno
    body = "\n".join(ctx.source.lines[func.lineno - 1 : end])
    return ".backward(" not in body and ".step(" not in body


def _reported_in_function(ctx: RuleContext, node: ast.AST, name: str) -> bool:
    """An earlier call of the same model in the same function was reported already (a
    decoding loop calling `model.step` after `model.encode`)."""
    func = ctx.enclosing_function(node)
    if func is None:
        return False
    row = getattr(node, "lineno", 0)
    for found in ctx.findings:
        if (
            found.code != "TL304"
            or found.span.start.row >= row
            or not found.message.startswith(f"`{name}` ")
        ):
            continue
        stmt = ctx.stmt_at(found.span.start.row)
        if stmt is not None and ctx.enclosing_function(stmt) is func:
            return True
    return False


def _copy_words(event: ModuleCall, mode: str) -> str:
    assert event.copy_of_eval is not None
    original, switched = event.copy_of_eval
    name = f"`{original.name}`" if original.name else "the model"
    return (
        f"under {mode}: it is a `copy.deepcopy` of {name}, which is in evaluation mode "
        f"(line {switched.line}), but a copy keeps its own mode"
    )


def _fix(ctx: RuleContext, event: ModuleCall) -> tuple[Edit, ...] | None:
    name = receiver_name(event.module_node)
    if name is None:
        return None
    stmt = ctx.parent_stmt(event.node)
    if stmt is None or _bound_in_comprehension(ctx, event.node, name.split(".")[0]):
        return None  # `sum(snap(x) for snap in snapshots)`: no `snap` outside to switch
    before = insert_before(ctx.source, stmt, f"{name}.eval()")
    if before is None:
        return None
    if isinstance(stmt, ast.Return):
        return before
    after = insert_after(ctx.source, stmt, f"{name}.train()")
    return before + after if after is not None else before


def _bound_in_comprehension(ctx: RuleContext, node: ast.AST, name: str) -> bool:
    """`name` is a variable of a comprehension around `node`."""
    parents = ctx.parents(node)
    cur = parents.get(id(node))
    while cur is not None and not isinstance(cur, ast.stmt):
        if isinstance(cur, ast.GeneratorExp | ast.ListComp | ast.SetComp | ast.DictComp):
            for gen in cur.generators:
                if any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(gen.target)):
                    return True
        cur = parents.get(id(cur))
    return False


def _trains_around(ctx: RuleContext, node: ast.AST, model: str) -> bool:
    """The function holding `node` itself takes a backward or an optimizer step; in module
    code, what `node` gives feeds a backward later in the loop holding it (MixMatch's
    labels guessed at the top of a training step). A validation pass whose result goes to
    a scheduler's `step(val_loss)` or a print is still flagged."""
    func = ctx.enclosing_function(node)
    if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return trains_in_text(func, ctx.source.scan_lines, model)
    return _feeds_backward(ctx, node)


def _feeds_backward(ctx: RuleContext, node: ast.AST) -> bool:
    """What `node` gives feeds a backward later in the loop holding it (labels guessed at
    the top of a training step); a validation result handed to a print or a scheduler's
    `step` does not."""
    loop = _innermost_loop(ctx, node)
    parents = ctx.parents(node)
    stmt = parents.get(id(node))
    while stmt is not None and not isinstance(stmt, ast.stmt):
        stmt = parents.get(id(stmt))  # the innermost statement holding the call
    if loop is None or not isinstance(stmt, ast.stmt):
        return False
    tainted = _bound_names(stmt)
    after = sorted(
        (
            s
            for s in ast.walk(loop)
            if isinstance(s, ast.stmt)
            and not isinstance(s, COMPOUND_STATEMENTS)
            and s.lineno > (stmt.end_lineno or stmt.lineno)
        ),
        key=lambda s: s.lineno,
    )
    for later in after:
        read = {n.id for n in ast.walk(later) if isinstance(n, ast.Name)}
        if not read & tainted:
            continue
        end = later.end_lineno or later.lineno
        if ".backward(" in "".join(ctx.source.scan_lines[later.lineno - 1 : end]):
            return True
        tainted |= _bound_names(later)
    return False


def _bound_names(stmt: ast.stmt) -> set[str]:
    """The names a simple statement binds (`p = ...`, `a, b = ...`, `total += ...`)."""
    targets: list[ast.expr] = []
    if isinstance(stmt, ast.Assign):
        targets = list(stmt.targets)
    elif isinstance(stmt, ast.AugAssign | ast.AnnAssign):
        targets = [stmt.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _innermost_loop(ctx: RuleContext, node: ast.AST) -> ast.For | ast.While | None:
    parents = ctx.parents(node)
    cur = parents.get(id(node))
    while cur is not None:
        if isinstance(cur, ast.For | ast.While):
            return cur
        cur = parents.get(id(cur))
    return None
