"""The abstract autograd graph, and the identities the analysis allocates.

Graph nodes are created fresh on every execution of an op (so two iterations of a
training loop build two graphs, as torch does); heap ids are per allocation site and
call context (so the analysis of a loop terminates). Phi ids stand for "one of these"
after two paths join.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from torchlint.analysis.facts import Why


@dataclass(frozen=True, slots=True)
class Node:
    why: Why | None  # the op that made it (None for phi nodes)
    label: str | None  # source text or "phi"; None: the text of `why` (worded on demand)
    saves: bool  # it saved tensors for backward (so backward frees something)
    parents: tuple[int, ...]

    @property
    def op(self) -> str:
        if self.label is not None:
            return self.label
        return self.why.text if self.why is not None else ""


class Graph:
    __slots__ = ("_alloc", "_phi_node", "_phi_oid", "_phi_parts", "made", "nodes")

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        # The heap ids allocated while a loop body runs (see `Interpreter._loop`), or None.
        self.made: set[int] | None = None
        self._alloc: dict[tuple[Hashable, tuple[int, ...]], int] = {}
        self._phi_oid: dict[frozenset[int], int] = {}
        self._phi_parts: dict[int, frozenset[int]] = {}
        self._phi_node: dict[tuple[int, int], int] = {}

    # -- heap ids -------------------------------------------------------------------
    def alloc(self, site: Hashable, context: tuple[int, ...]) -> int:
        """The heap id of the object made at `site` (an AST node id, or a key) in a call context."""
        key = (site, context)
        oid = self._alloc.get(key)
        if oid is None:
            oid = self._alloc[key] = len(self._alloc) + len(self._phi_oid) + 1
        if self.made is not None:
            self.made.add(oid)
        return oid

    def existing(self, site: Hashable, context: tuple[int, ...]) -> int | None:
        """The heap id allocated at `site` in `context`, if one was."""
        return self._alloc.get((site, context))

    def phi_oid(self, a: int, b: int) -> int:
        parts = self._phi_parts.get(a, frozenset((a,))) | self._phi_parts.get(b, frozenset((b,)))
        oid = self._phi_oid.get(parts)
        if oid is None:
            oid = self._phi_oid[parts] = -(len(self._phi_oid) + 1)
            self._phi_parts[oid] = parts
        return oid

    # -- graph nodes ----------------------------------------------------------------
    def add(self, why: Why | None, op: str | None, saves: bool, parents: tuple[int, ...]) -> int:
        self.nodes.append(Node(why, op, saves, parents))
        return len(self.nodes) - 1

    def phi_node(self, a: int | None, b: int | None) -> int | None:
        if a is None or b is None:
            # One path made no graph: the result may be a leaf; keep the other's history.
            return a if b is None else b
        if a == b:
            return a
        key = (a, b) if a < b else (b, a)
        node = self._phi_node.get(key)
        if node is None:
            node = self._phi_node[key] = self.add(None, "phi", False, key)
        return node

    def ancestors(self, start: int | None) -> list[int]:
        """Every node reachable backwards from `start`, in discovery order."""
        if start is None:
            return []
        seen = {start}
        order = [start]
        stack = [start]
        nodes = self.nodes
        while stack:
            for parent in nodes[stack.pop()].parents:
                if parent not in seen:
                    seen.add(parent)
                    order.append(parent)
                    stack.append(parent)
        return order
