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

from torchlint.analysis.syntax import assignment_pairs, plain_name

# What a name cut from the graph is bound to: a detached copy (`h.detach()`,
# `repackage_hidden(h)`), a fresh state (`torch.zeros(...)`, `model.init_hidden(b)`), a number or None.
_CUTS: Final = ("detach", "repackage", "zeros", "ones", "empty", "init", "reset")


@dataclass(frozen=True, slots=True)
class Schedule:
    carried: frozenset[str]  # names an iteration reads before binding them
    # names (and `.attr`s) the body binds to something outside the graph: where
    cut: dict[str, tuple[int, ...]]
    conditional: tuple[tuple[int, int], ...]  # lines that run only on some iterations
    # lines under `if step % k == ...` with a number k: (first, last, k)
    periods: tuple[tuple[int, int, int], ...] = ()
    # lines under `if t == k` of `for t in range(n)`: they run on one iteration at most
    once: tuple[tuple[int, int], ...] = ()

    def runs_sometimes(self, line: int) -> bool:
        return any(a <= line <= b for a, b in self.conditional)

    def runs_once(self, line: int) -> bool:
        """`line` runs on one iteration of the loop at most (`if t == T - 1:`): a backward
        there never meets, on a later iteration, the graph it freed itself."""
        return any(a <= line <= b for a, b in self.once)

    def cut_for(self, name: str, line: int) -> bool:
        """`name` is cut on the steps a backward at `line` runs: somewhere in the loop, and
        not only every 6 steps for a backward every 3 (a period that does not divide its)."""
        sites = self.cut.get(name)
        if not sites:
            return False
        every = self._period(line)
        return every is None or any(
            (k := self._period(site)) is None or every % k == 0 for site in sites
        )

    def _period(self, line: int) -> int | None:
        inside = [(b - a, k) for a, b, k in self.periods if a <= line <= b]
        return min(inside)[1] if inside else None


@dataclass(frozen=True, slots=True)
class _Helper:
    """What a schedule needs of one of the file's functions (read once per file)."""

    body: tuple[int, int]
    conditional: tuple[tuple[int, int], ...]  # its `if` bodies and what follows an early return
    periods: tuple[tuple[int, int, int], ...]
    cut_attributes: dict[str, tuple[int, ...]]
    calls: frozenset[str]
    detaches: bool


class Functions:
    """The file's functions and methods by name, each read once: every loop asks."""

    def __init__(self, module: ast.Module) -> None:
        self.by_name: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        # module-level functions and the methods of classes (not a walk of every node)
        todo: list[ast.stmt] = list(module.body)
        while todo:
            d = todo.pop()
            if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef):
                self.by_name.setdefault(d.name, []).append(d)
            elif isinstance(d, ast.ClassDef):
                todo.extend(d.body)
            elif isinstance(d, ast.If | ast.Try):
                todo.extend(d.body)  # `if TYPE_CHECKING:`, `try: ... except ImportError:`
        self._read: dict[int, _Helper] = {}

    def named(self, name: str) -> list[_Helper]:
        return [self._helper(d) for d in self.by_name.get(name, ())]

    def _helper(self, d: ast.FunctionDef | ast.AsyncFunctionDef) -> _Helper:
        found = self._read.get(id(d))
        if found is not None:
            return found
        conditional: list[tuple[int, int]] = []
        periods: list[tuple[int, int, int]] = []
        cut: dict[str, list[int]] = {}
        calls: set[str] = set()
        inner = _own_nodes(d)
        for n in inner:
            if isinstance(n, ast.If):
                conditional.extend(_span(block) for block in (n.body, n.orelse) if block)
                if n.body and (k := _modulus(n.test)) is not None:
                    periods.append((*_span(n.body), k))
            elif isinstance(n, ast.Assign):
                _note_cuts(n, cut, attributes_only=True)
            elif isinstance(n, ast.Call) and (name := _called_name(n)) is not None:
                calls.add(name)
        conditional.extend(_after_early_return(d.body))
        found = self._read[id(d)] = _Helper(
            _span(d.body),
            tuple(conditional),
            tuple(periods),
            {k: tuple(v) for k, v in cut.items()},
            frozenset(calls),
            any(_detaches(n) for n in inner),
        )
        return found


def schedule_of(loop: ast.stmt, functions: Functions) -> Schedule:
    nodes = list(_own_nodes(loop))
    first_store: dict[str, int] = {}
    reads: list[tuple[str, int]] = []
    cut: dict[str, list[int]] = {}
    conditional: list[tuple[int, int]] = []
    periods: list[tuple[int, int, int]] = []
    once_tests: list[tuple[tuple[int, int], ast.expr]] = []
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
            if n.body and (k := _modulus(n.test)) is not None:
                periods.append((*_span(n.body), k))
            if n.body and (k_node := _single_iteration(n.test, loop)) is not None:
                once_tests.append((_span(n.body), k_node))
        elif isinstance(n, ast.Assign):
            _note_cuts(n, cut)
        elif isinstance(n, ast.Expr) and isinstance(n.value, ast.Call):
            func = n.value.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "detach_"
                and isinstance(func.value, ast.Name)
            ):
                cut.setdefault(func.value.id, []).append(n.lineno)
    for n in nodes:
        if isinstance(n, ast.Call) and (name := _called_name(n)) is not None:
            called.add(name)
            if any(a <= n.lineno <= b for a, b in conditional):
                called_sometimes.add(name)
    # The file's helpers the loop calls: their `if` bodies, what follows an early `return`,
    # and the whole helper where the loop calls it under a condition (`if due(t): flush(loss)`).
    # Helpers the loop calls, and those they call (three levels): an attribute they cut
    # (`model.state = model.state.detach()`, a `detach_state()` method) is cut in the loop.
    cutting: set[str] = set()  # helpers that detach what they return (`h = step(h, x, t)`)
    level, seen = set(called), set[str]()
    for _ in range(3):
        deeper: set[str] = set()
        for name in level - seen:
            for h in functions.named(name):
                if name in called_sometimes:
                    conditional.append(h.body)
                conditional.extend(h.conditional)
                periods.extend(h.periods)
                for attr, lines in h.cut_attributes.items():
                    cut.setdefault(attr, []).extend(lines)
                deeper |= h.calls
                if name in called and h.detaches:
                    cutting.add(name)
        seen |= level
        level = deeper
    for n in nodes:
        if (
            isinstance(n, ast.Assign)
            and isinstance(n.value, ast.Call)
            and _called_name(n.value) in cutting
        ):
            for t in _names(n.targets):
                cut.setdefault(t.id, []).append(n.lineno)
    carried = {name for name, line in reads if line <= first_store.get(name, line)}
    # `t == k` holds once if the loop never binds what `k` reads (`next_eval = ...` would
    # make it hold again later)
    once = [
        span
        for span, k in once_tests
        if not any(isinstance(n, ast.Name) and n.id in first_store for n in ast.walk(k))
    ]
    return Schedule(
        frozenset(carried),
        {name: tuple(lines) for name, lines in cut.items()},
        tuple(conditional),
        tuple(periods),
        tuple(once),
    )


def _single_iteration(test: ast.expr, loop: ast.stmt) -> ast.expr | None:
    """In `t == k` (or `t + 1 == k`) of the counter of `for t in range(...)` or
    `for t, x in enumerate(...)`, with `k` not read from `t`, the `k`: the counter takes each
    value once, so the test holds on one iteration at most (`if t == T - 1:`, the last),
    unless the loop changes `k` (see `schedule_of`)."""
    if not (
        isinstance(loop, ast.For)
        and isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(loop.iter, ast.Call)
        and isinstance(loop.iter.func, ast.Name)
    ):
        return None
    target, func = loop.target, loop.iter.func.id
    if func == "enumerate" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        target = target.elts[0]
    elif func != "range":
        return None
    if not isinstance(target, ast.Name):
        return None
    name = target.id
    sides = (test.left, test.comparators[0])
    for a, b in (sides, sides[::-1]):
        counter = a.left if _plus_constant(a) else a  # type: ignore[attr-defined]
        if (
            isinstance(counter, ast.Name)
            and counter.id == name
            and not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(b))
        ):
            return b
    return None


def _plus_constant(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add)
        and isinstance(node.right, ast.Constant)
    )


def _note_cuts(n: ast.Assign, cut: dict[str, list[int]], *, attributes_only: bool = False) -> None:
    """Names (and `.attribute`s, of any object) an assignment binds to a cut value."""
    for target, value in assignment_pairs(n.targets, n.value):
        if not _cuts(value):
            continue
        if isinstance(target, ast.Attribute):
            cut.setdefault("." + target.attr, []).append(n.lineno)
        elif isinstance(target, ast.Name) and not attributes_only:
            cut.setdefault(target.id, []).append(n.lineno)


def _modulus(test: ast.expr) -> int | None:
    """The k of `step % k == r` (or `(t + 1) % k == 0`, `not t % k`): a test true every k steps."""
    for n in ast.walk(test):
        if (
            isinstance(n, ast.BinOp)
            and isinstance(n.op, ast.Mod)
            and isinstance(n.right, ast.Constant)
            and type(n.right.value) is int
            and n.right.value > 0
        ):
            return n.right.value
    return None


def _after_early_return(body: list[ast.stmt]) -> list[tuple[int, int]]:
    """`if not update: return h` then the update: what follows runs on some calls only."""
    for i, stmt in enumerate(body[:-1]):
        if isinstance(stmt, ast.If) and stmt.body and isinstance(stmt.body[-1], ast.Return):
            return [_span(body[i + 1 :])]
    return []


def _detaches(n: ast.AST) -> bool:
    return (
        isinstance(n, ast.Call)
        and (name := _called_name(n)) is not None
        and any(word in name.lower() for word in ("detach", "repackage"))
    )


def _names(targets: list[ast.expr]) -> list[ast.Name]:
    return [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


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


def _cuts(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.List | ast.Tuple) and not value.elts:
        return True  # `self.pending = []`: a fresh container
    if isinstance(value, ast.Dict) and not value.keys:
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
    return plain_name(call.func) or None
