"""Truncated backpropagation written on a schedule, read from a loop's text.

`if (t + 1) % k == 0: loss.backward(); loss = 0` with `h = h.detach()` under a condition of
its own (another `if` on an equivalent test, a flag the first branch set, a helper's boolean
result, an `elif`, a conditional expression) frees the graph on the steps where it also cuts
the carried state from it. The analysis runs both branches of each `if` separately and cannot
see that the two conditions hold together; the loop's text says they are meant to.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Final

# What a name cut from the graph is bound to: a detached copy (`h.detach()`,
# `repackage_hidden(h)`), a fresh state (`torch.zeros(...)`, `model.init_hidden(b)`), a number or None.
_CUTS: Final = ("detach", "repackage", "zeros", "ones", "empty", "init", "reset")


@dataclass(frozen=True, slots=True)
class Schedule:
    carried: frozenset[str]  # names an iteration reads before binding them
    cut: frozenset[str]  # names the body binds to something outside the graph
    conditional: tuple[tuple[int, int], ...]  # lines that run only on some iterations

    def runs_sometimes(self, line: int) -> bool:
        return any(a <= line <= b for a, b in self.conditional)


def schedule_of(loop: ast.stmt, module: ast.Module) -> Schedule:
    nodes = list(_own_nodes(loop))
    first_store: dict[str, int] = {}
    reads: list[tuple[str, int]] = []
    cut: set[str] = set()
    conditional: list[tuple[int, int]] = []
    called_sometimes: set[str] = set()
    called: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.Name):
            if isinstance(n.ctx, ast.Store):
                first_store[n.id] = min(first_store.get(n.id, n.lineno), n.lineno)
            else:
                reads.append((n.id, n.lineno))
        elif isinstance(n, ast.If):
            conditional.extend(_span(block) for block in (n.body, n.orelse) if block)
        elif isinstance(n, ast.Assign):
            for target, value in _pairs(n.targets, n.value):
                if isinstance(target, ast.Name) and _cuts(value):
                    cut.add(target.id)
        elif isinstance(n, ast.Expr) and isinstance(n.value, ast.Call):
            func = n.value.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "detach_"
                and isinstance(func.value, ast.Name)
            ):
                cut.add(func.value.id)
    for n in nodes:
        if isinstance(n, ast.Call) and (name := _called_name(n)) is not None:
            called.add(name)
            if any(a <= n.lineno <= b for a, b in conditional):
                called_sometimes.add(name)
    # The file's helpers the loop calls: their `if` bodies, and the whole helper where the
    # loop calls it under a condition (`if step_due(t): flush(loss)`).
    for d in ast.walk(module):
        if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef) and d.name in called:
            if d.name in called_sometimes:
                conditional.append(_span(d.body))
            conditional.extend(
                _span(block)
                for n in _own_nodes(d)
                if isinstance(n, ast.If)
                for block in (n.body, n.orelse)
                if block
            )
    carried = {name for name, line in reads if line <= first_store.get(name, line)}
    return Schedule(frozenset(carried), frozenset(cut), tuple(conditional))


def _own_nodes(root: ast.AST) -> list[ast.AST]:
    """The nodes under `root`, not those of functions or classes defined inside it."""
    out: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(root))
    while todo:
        n = todo.pop()
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        out.append(n)
        todo.extend(ast.iter_child_nodes(n))
    return out


def _span(block: list[ast.stmt]) -> tuple[int, int]:
    return block[0].lineno, block[-1].end_lineno or block[-1].lineno


def _pairs(targets: list[ast.expr], value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    """Each name bound by an assignment with the part of the value it gets (the whole
    value where the shapes do not match: `h, c = repackage(h, c)`)."""
    out: list[tuple[ast.expr, ast.expr]] = []
    for target in targets:
        if isinstance(target, ast.Tuple | ast.List):
            if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
                for t, v in zip(target.elts, value.elts, strict=True):
                    out.extend(_pairs([t], v))
            else:
                out.extend((t, value) for t in target.elts)
        else:
            out.append((target, value))
    return out


def _cuts(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.IfExp):
        return _cuts(value.body) or _cuts(value.orelse)
    if isinstance(value, ast.Tuple | ast.List | ast.GeneratorExp | ast.ListComp):
        return any(_cuts(n) for n in ast.iter_child_nodes(value) if isinstance(n, ast.expr))
    if isinstance(value, ast.Call):
        name = _called_name(value)
        return name is not None and any(word in name.lower() for word in _CUTS)
    return False


def _called_name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None
