"""What a rule can see and do while checking: the source, the config, and `report`."""

from __future__ import annotations

import ast
import bisect
from typing import TYPE_CHECKING, Final

from torchlint.analysis.source import SourceInfo
from torchlint.config import Config
from torchlint.findings import Edit, Finding, Pos, Span

if TYPE_CHECKING:
    from torchlint.analysis.facts import Why


class ImportNames:
    """How this file spells torch, for fixes: `torch`, `th`, or nothing imported yet."""

    __slots__ = ("modules", "torch", "torch_nn_functional")

    def __init__(self) -> None:
        self.torch: str | None = None
        self.torch_nn_functional: str | None = None
        self.modules: set[str] = set()  # local names bound to torch modules (torch, nn, F...)

    def torch_expr(self) -> str:
        return self.torch or "torch"

    def is_module_path(self, node: ast.expr) -> bool:
        """`F`, `torch.nn.functional`: an expression naming a torch module, not a tensor."""
        while isinstance(node, ast.Attribute):
            node = node.value
        return isinstance(node, ast.Name) and node.id in self.modules


class RuleContext:
    __slots__ = (
        "_calls",
        "_mapped",
        "_nodes",
        "_parents",
        "_seen",
        "_starts",
        "autocast_depth",
        "config",
        "findings",
        "imports",
        "source",
        "tree",
    )

    def __init__(self, source: SourceInfo, config: Config, tree: ast.Module | None = None) -> None:
        self.source = source
        self.config = config
        self.tree = tree
        self.imports = ImportNames()
        self.findings: list[Finding] = []
        # > 0 while the analysis runs inside `torch.autocast` (a `with` block or a decorated
        # function): ops there mix float dtypes on purpose.
        self.autocast_depth = 0
        self._seen: set[tuple[str, Span]] = set()
        self._starts: list[int] | None = None
        self._nodes: dict[int, list[ast.AST]] = {}
        self._parents: dict[int, ast.AST] = {}
        self._mapped: set[int] = set()
        self._calls: dict[int, ast.Call] | None = None

    def report(self, finding: Finding) -> None:
        key = (finding.code, finding.span)
        if key in self._seen:
            return
        self._seen.add(key)
        self.findings.append(finding)

    def withdraw(self, finding: Finding) -> None:
        """Take back a finding this analysis reported (a later one says it better)."""
        self.findings[:] = [f for f in self.findings if f is not finding]
        self._seen.discard((finding.code, finding.span))

    def torch_import_edits(self) -> tuple[Edit, ...]:
        """`import torch`, inserted after the module docstring and `__future__` imports."""
        row = len(self.source.lines) + 1
        if self.tree is not None:
            for i, stmt in enumerate(self.tree.body):
                docstring = (
                    i == 0
                    and isinstance(stmt, ast.Expr)
                    and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)
                )
                future = isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__"
                if not (docstring or future):
                    row = _first_line(stmt)
                    break
                row = (stmt.end_lineno or stmt.lineno) + 1
        if row > len(self.source.lines):
            # After the last line: start a new one if the file does not end with a newline.
            last = len(self.source.lines)
            end = Pos(last, len(self.source.line(last)))
            prefix = "" if self.source.text.endswith("\n") or not self.source.text else "\n"
            return (Edit(Span(end, end), f"{prefix}import torch\n"),)
        start = Pos(row, 0)
        return (Edit(Span(start, start), "import torch\n"),)

    def why_span(self, why: Why) -> Span:
        if not why.end_line:
            # A whole-line pointer starts at the first non-blank character.
            col = len(self.source.indentation(why.line))
            return Span(Pos(why.line, col), Pos(why.line, len(self.source.line(why.line))))
        return Span(Pos(why.line, why.col), Pos(why.end_line, why.end_col))

    def why_of(self, node: ast.AST, text: str = "") -> Why:
        """A pointer at a node of this file (for related information)."""
        from torchlint.analysis.facts import Why

        span = self.source.span(node)
        return Why(span.start.row, text, span.start.col, span.end.row, span.end.col)

    def parent_stmt(
        self, node: ast.AST, within: type[ast.AST] | tuple[type[ast.AST], ...] = ()
    ) -> ast.stmt | None:
        """The outermost statement containing `node` below a function (or module) body."""
        parents = self._parents_around(getattr(node, "lineno", 0))
        best: ast.stmt | None = None
        cur: ast.AST | None = node
        while cur is not None:
            parent = parents.get(id(cur))
            if isinstance(cur, ast.stmt):
                if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
                    return cur
                best = cur
            cur = parent
        return best

    def call_by_id(self, node_id: int) -> ast.Call | None:
        """The call node of this file with this id (a call site in an event's `callers`)."""
        if self._calls is None:
            self._calls = (
                {id(n): n for n in ast.walk(self.tree) if isinstance(n, ast.Call)}
                if self.tree is not None
                else {}
            )
        return self._calls.get(node_id)

    def caller_site(self, callers: tuple[int, ...]) -> ast.Call | None:
        """The call that ran the function an event is in: the last real site in an event's
        `callers` (containers add negative keys)."""
        return self.call_by_id(next((c for c in reversed(callers) if c > 0), 0))

    @staticmethod
    def argument_for(site: ast.Call, func: ast.FunctionDef, name: str) -> ast.expr | None:
        """What `site` passes for `func`'s parameter `name`: by position (after `self` or
        `cls`: `model(x)` runs `forward(self, x)`) or by keyword; None where a spread
        argument hides it or nothing is passed."""
        params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
        if params[:1] in (["self"], ["cls"]):
            params = params[1:]
        if name not in params:
            return None
        index = params.index(name)
        before = site.args[: index + 1]
        if index < len(site.args) and not any(isinstance(a, ast.Starred) for a in before):
            return site.args[index]
        return next((k.value for k in site.keywords if k.arg == name), None)

    def caller_input(
        self, node: ast.AST, operand: ast.expr | None, why: Why | None, callers: tuple[int, ...]
    ) -> tuple[ast.FunctionDef, str, ast.Call] | None:
        """When `operand` at `node` is a parameter of the enclosing method, not bound again
        before `node`, whose fact (`why`) was made in the function of the call that ran the
        method (see `caller_site`): the method, the parameter's name and that call. The
        caller's call is where to say it."""
        site = self.caller_site(callers)
        if site is None or why is None:
            return None
        outer = self.enclosing_function(site)
        if outer is not None:
            first, last = outer.lineno, getattr(outer, "end_lineno", None) or outer.lineno  # type: ignore[attr-defined]
            top = self._top_level(first)
            # a plain function running the model, or a trainer's method (`train`, `fit`): the
            # data it was handed or loaded (`images, heat = load_batch(...)`) is its input
            driver = (top is not None and top[1] is outer) or getattr(
                outer, "name", "forward"
            ) not in ("forward", "__call__")
            if not first <= why.line <= last and not driver:
                return None  # made somewhere else again (another module's forward)
        else:
            top = self._top_level(why.line)
            if top is None or isinstance(
                top[1], ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            ):
                return None  # the call is module code; the fact was made inside a function
        found = self._unchanged_parameter(node, operand)
        if found is None:
            return None
        func, name = found
        end = func.end_lineno or func.lineno
        if func.lineno <= why.line <= end:
            return None
        return func, name, site

    def caller_input_through(
        self, node: ast.AST, operand: ast.expr | None, why: Why | None, callers: tuple[int, ...]
    ) -> tuple[ast.FunctionDef, str, ast.Call] | None:
        """`caller_input`, also through methods that pass their parameter on unchanged
        (`forward(self, pts): return self.dec(self.enc(pts))`): the call, up the chain of
        `callers`, of the function where the fact was made."""
        chain = [c for c in callers if c > 0]
        while chain:
            found = self.caller_input(node, operand, why, tuple(chain))
            if found is not None:
                return found
            site = self.call_by_id(chain.pop())
            param = self._unchanged_parameter(node, operand)
            if site is None or param is None:
                return None
            arg = self.argument_for(site, *param)
            if not isinstance(arg, ast.Name):
                return None
            node, operand = site, arg
        return None

    def _unchanged_parameter(
        self, node: ast.AST, operand: ast.expr | None
    ) -> tuple[ast.FunctionDef, str] | None:
        """The method around `node` and the name of its parameter `operand`, when that
        parameter is not bound again before `node`."""
        func = self.enclosing_function(node)
        if isinstance(func, ast.FunctionDef) and func.name in ("forward", "__call__"):
            operand = _under_views(operand)  # `self.mlp(pts.transpose(1, 2))`: still the input
        if not isinstance(func, ast.FunctionDef) or not isinstance(operand, ast.Name):
            return None
        if not isinstance(self.parents(func).get(id(func)), ast.ClassDef):
            return None  # a plain function running the model: its model call is the place
        params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)][1:]
        name = operand.id
        line = getattr(node, "lineno", 0)
        if name not in params:
            # `h = xt` then `for layer in self.layers: h = act(layer(h))`: the first layer
            # gets the parameter itself (if nothing binds that again before the copy)
            alias = _alias_of(func, name, line)
            if alias is None or alias not in params:
                return None
            name, line = alias, _alias_line(func, name, line)
        for sub in ast.walk(func):
            if (
                isinstance(sub, ast.Name)
                and sub.id == name
                and isinstance(sub.ctx, ast.Store)
                and sub.lineno < line  # `x = relu(self.fc1(x))` stores after the call
            ):
                return None  # bound again: not the caller's value any more
        return func, name

    def enclosing_function(self, node: ast.AST) -> ast.AST | None:
        """The innermost function (or lambda) whose body holds `node`; None at module level."""
        parents = self._parents_around(getattr(node, "lineno", 0))
        cur = parents.get(id(node))
        while cur is not None:
            if isinstance(cur, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                return cur
            cur = parents.get(id(cur))
        return None

    def parents(self, node: ast.AST) -> dict[int, ast.AST]:
        """id(node) -> its parent node, for every node of the top-level statement holding `node`
        (a rule asks about one spot: mapping the whole file cost more than the analysis)."""
        return self._parents_around(getattr(node, "lineno", 0))

    # -- finding AST nodes from facts' positions ------------------------------------
    def _top_level(self, row: int) -> tuple[int, ast.stmt] | None:
        """The top-level statement (with its index) whose lines hold `row`."""
        if self.tree is None:
            return None
        if self._starts is None:
            self._starts = [_first_line(stmt) for stmt in self.tree.body]
        i = bisect.bisect_right(self._starts, row) - 1
        if i < 0:
            return None
        stmt = self.tree.body[i]
        if row > (stmt.end_lineno or stmt.lineno):
            return None
        return i, stmt

    def _parents_around(self, row: int) -> dict[int, ast.AST]:
        top = self._top_level(row)
        if top is not None and top[0] not in self._mapped:
            i, stmt = top
            self._mapped.add(i)
            if self.tree is not None:
                self._parents[id(stmt)] = self.tree
            for parent in ast.walk(stmt):
                for child in ast.iter_child_nodes(parent):
                    self._parents[id(child)] = parent
        return self._parents

    def _walk_around(self, row: int) -> list[ast.AST]:
        """Every node of the top-level statement holding `row` (memoised per statement)."""
        top = self._top_level(row)
        if top is None:
            return []
        nodes = self._nodes.get(top[0])
        if nodes is None:
            nodes = self._nodes[top[0]] = list(ast.walk(top[1]))
        return nodes

    def stmt_at(self, row: int) -> ast.stmt | None:
        """The innermost simple statement starting on `row`."""
        for node in self._walk_around(row):
            if (
                isinstance(node, ast.stmt)
                and not isinstance(node, COMPOUND_STATEMENTS)
                and node.lineno == row
            ):
                return node
        return None

    def expr_at(self, why: Why) -> ast.expr | None:
        """The expression of this file spanning exactly what `why` points at."""
        for node in self._walk_around(why.line):
            if isinstance(node, ast.expr) and node.lineno == why.line:
                span = self.source.span(node)
                if (span.start.row, span.start.col, span.end.row, span.end.col) == (
                    why.line,
                    why.col,
                    why.end_line,
                    why.end_col,
                ):
                    return node
        return None

    def call_at(self, why: Why) -> ast.Call | None:
        """The call expression that starts where `why` points."""
        for node in self._walk_around(why.line):
            if isinstance(node, ast.Call) and node.lineno == why.line:
                span = self.source.span(node)
                if (span.start.row, span.start.col) == (why.line, why.col):
                    return node
        return None


# Methods that reshape or index a tensor and keep its dtype and device.
_VIEWS: Final = frozenset(
    {
        "transpose",
        "permute",
        "view",
        "reshape",
        "unsqueeze",
        "squeeze",
        "flatten",
        "contiguous",
        "t",
        "expand",
        "movedim",
    }
)


def _alias_assignment(func: ast.FunctionDef, name: str, line: int) -> ast.Assign | None:
    """`h = x`, when that is the only binding of `name` before `line` (others may be on
    `line` itself, after the call)."""
    stores = [
        sub
        for sub in ast.walk(func)
        if isinstance(sub, ast.Name)
        and sub.id == name
        and isinstance(sub.ctx, ast.Store)
        and sub.lineno < line
    ]
    if len(stores) != 1:
        return None
    for stmt in ast.walk(func):
        if (
            isinstance(stmt, ast.Assign)
            and stmt.targets == [stores[0]]
            and isinstance(stmt.value, ast.Name)
        ):
            return stmt
    return None


def _alias_of(func: ast.FunctionDef, name: str, line: int) -> str | None:
    found = _alias_assignment(func, name, line)
    return found.value.id if found is not None and isinstance(found.value, ast.Name) else None


def _alias_line(func: ast.FunctionDef, name: str, line: int) -> int:
    found = _alias_assignment(func, name, line)
    return found.lineno if found is not None else line


def _under_views(operand: ast.expr | None) -> ast.expr | None:
    """`pts.transpose(1, 2)`, `x[:, None]`: the tensor a chain of reshapes starts from."""
    while True:
        if (
            isinstance(operand, ast.Call)
            and isinstance(operand.func, ast.Attribute)
            and operand.func.attr in _VIEWS
        ):
            operand = operand.func.value
        elif isinstance(operand, ast.Subscript):
            operand = operand.value
        else:
            return operand


COMPOUND_STATEMENTS: Final = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.Match,
)


def _first_line(stmt: ast.stmt) -> int:
    """Where a top-level statement starts, counting its decorators."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return min([stmt.lineno, *(d.lineno for d in stmt.decorator_list)])
    return stmt.lineno
