"""What a rule can see and do while checking: the source, the config, and `report`."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from torchlint.analysis.source import SourceInfo
from torchlint.config import Config
from torchlint.findings import Finding, Pos, Span

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
        "_parents",
        "_seen",
        "_stmts",
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
        self._seen: set[tuple[str, Span]] = set()
        self._stmts: dict[int, ast.stmt] | None = None
        self._calls: dict[tuple[int, int], ast.Call] | None = None
        self._parents: dict[int, ast.AST] | None = None

    def report(self, finding: Finding) -> None:
        key = (finding.code, finding.span)
        if key in self._seen:
            return
        self._seen.add(key)
        self.findings.append(finding)

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
        parents = self._parent_map()
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

    def parents(self) -> dict[int, ast.AST]:
        """id(node) -> its parent node, over the whole file."""
        return self._parent_map()

    def _parent_map(self) -> dict[int, ast.AST]:
        if self._parents is None:
            self._parents = {}
            if self.tree is not None:
                for parent in ast.walk(self.tree):
                    for child in ast.iter_child_nodes(parent):
                        self._parents[id(child)] = parent
        return self._parents

    # -- finding AST nodes from facts' positions ------------------------------------
    def stmt_at(self, row: int) -> ast.stmt | None:
        """The innermost simple statement starting on `row`."""
        if self._stmts is None:
            self._stmts = {}
            if self.tree is not None:
                for node in ast.walk(self.tree):
                    if isinstance(node, ast.stmt) and not isinstance(node, _COMPOUND):
                        self._stmts.setdefault(node.lineno, node)
        return self._stmts.get(row)

    def call_at(self, why: Why) -> ast.Call | None:
        """The call expression that starts where `why` points."""
        if self._calls is None:
            self._calls = {}
            if self.tree is not None:
                for node in ast.walk(self.tree):
                    if isinstance(node, ast.Call):
                        span = self.source.span(node)
                        self._calls[(span.start.row, span.start.col)] = node
        return self._calls.get((why.line, why.col))


_COMPOUND = (
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
