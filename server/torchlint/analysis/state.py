"""The abstract state at one program point, and how two states join.

A state maps names to values, heap ids to objects, and carries the flow facts the
autograd rules need: what each storage has saved for backward, which graph nodes an
in-place write has spoiled (`hazards`), which graphs a backward has freed, and the
grad mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from torchlint.analysis.facts import GradMode, Tensor, Tri, Why
from torchlint.analysis.slots import fast_init
from torchlint.analysis.values import (
    UNKNOWN,
    ArgParserObj,
    Const,
    DictObj,
    HeapObj,
    InstanceObj,
    ModuleObj,
    ObjRef,
    OptimizerObj,
    Seq,
    TRef,
    Value,
    fast_replace,
    join_simple,
)

if TYPE_CHECKING:
    from torchlint.analysis.graph import Graph


@fast_init
@dataclass(frozen=True, slots=True)
class SaveRecord:
    """Graph node `node` saved this storage for backward."""

    node: int
    op: str  # source text of the op, "b * b"
    why: Why  # where the op is
    saved_text: str  # the saved operand as written, "b"
    # kept, but its values are not used by the backward (a first convolution's weight, fed
    # plain data): a change torch cannot see (through `.data`) gives no wrong gradient
    unused: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class Hazard:
    """An in-place write changed a tensor that `save` had saved: backward through it raises."""

    save: SaveRecord
    write: Why  # the in-place line
    tensor: str  # the written tensor as written
    via_data: bool  # the write went through `.data`: silently wrong gradients instead
    origin: Why | None = None  # where the written tensor was made (`out.data`), for fixes
    param_loop: bool = False  # a loop over a model's parameters wrote it: no copy fix fits
    # `save` is no save: the write changed a tensor of the graph itself (`tok.data.mul_(s)`
    # on a layer's output), which the ops after it used and autograd never saw
    unseen: bool = False


class State:
    __slots__ = ("env", "freed", "grad", "hazards", "heap", "live", "saved")

    def __init__(self) -> None:
        self.env: dict[str, Value] = {}
        self.heap: dict[int, Tensor | HeapObj] = {}
        self.saved: dict[int, tuple[SaveRecord, ...]] = {}
        self.hazards: dict[int, Hazard] = {}
        self.freed: dict[int, Why] = {}
        self.grad: GradMode = GradMode.ENABLED
        self.live: bool = True

    def copy(self) -> State:
        s = State.__new__(State)
        s.env = dict(self.env)
        s.heap = dict(self.heap)
        s.saved = dict(self.saved)
        s.hazards = dict(self.hazards)
        s.freed = dict(self.freed)
        s.grad = self.grad
        s.live = self.live
        return s

    # -- heap access -------------------------------------------------------------
    def tensor(self, ref: TRef) -> Tensor:
        obj = self.heap.get(ref.oid)
        return obj if isinstance(obj, Tensor) else Tensor(root=ref.oid)

    def obj(self, ref: ObjRef) -> HeapObj | None:
        obj = self.heap.get(ref.oid)
        return None if isinstance(obj, Tensor) else obj

    def module(self, v: Value) -> ModuleObj | None:
        if isinstance(v, ObjRef):
            obj = self.heap.get(v.oid)
            if isinstance(obj, ModuleObj):
                return obj
        return None

    def optimizer(self, v: Value) -> OptimizerObj | None:
        if isinstance(v, ObjRef):
            obj = self.heap.get(v.oid)
            if isinstance(obj, OptimizerObj):
                return obj
        return None


def join_states(
    graph: Graph,
    a: State,
    b: State,
    *,
    loop: bool = False,
    live: Callable[[], tuple[frozenset[str], frozenset[str]] | None] | None = None,
    after: dict[int, Why] | None = None,
) -> State:
    """The state after two paths meet. A dead path (after return/raise) contributes nothing.
    `loop`: the paths are iterations of one loop (lists of modules it grew stay lists).
    `live`: gives the names that may still be read after the meeting point in the loop
    around it, and those read only after that loop (None: all names, anywhere); a graph
    freed on one path that only the latter reach goes to `after`, for the loop's exit."""
    if not a.live:
        return b.copy()
    if not b.live:
        return a.copy()
    out = State()
    out.grad = a.grad.join(b.grad)
    joiner = _Joiner(graph, a, b, out, loop)
    env = out.env
    benv = b.env
    for key, va in a.env.items():
        vb = benv.get(key)
        env[key] = va if vb is None or vb is va else joiner.value(va, vb)
    for key, vb in benv.items():
        if key not in env:
            env[key] = vb
    # Start from a's cells (a C-level copy) and revisit only the cells that differ.
    aheap, bheap = a.heap, b.heap
    heap = out.heap
    phis = dict(heap)  # phi cells the env join made
    heap.update(aheap)
    heap.update(phis)
    made = joiner.made
    for oid in {oid for oid, _ in aheap.items() ^ bheap.items()}:
        if oid in made:
            continue
        oa = aheap.get(oid)
        ob = bheap.get(oid)
        if oa is None:
            heap[oid] = ob  # type: ignore[assignment]
        elif ob is not None:
            heap[oid] = joiner.cell(oa, ob)
    asaved = a.saved
    saved = out.saved
    saved.update((root, recs) for root, recs in asaved.items() if recs)
    for root, recs_b in b.saved.items():
        recs_a = asaved.get(root, ())
        if recs_b is recs_a:
            continue
        recs = recs_a + tuple(r for r in recs_b if r not in recs_a)
        if recs:
            saved[root] = recs
    # Saved roots of phi cells made during this join: the union of their members'.
    out.saved.update(joiner.phi_saved)
    # A hazard or a freed graph on either path is a mistake when that path runs.
    out.hazards = {**b.hazards, **a.hazards}
    out.freed = {
        **_still_reachable(graph, b, a.freed, live, after),
        **_still_reachable(graph, a, b.freed, live, after),
    }
    return out


def _still_reachable(
    graph: Graph,
    s: State,
    other: dict[int, Why],
    live: Callable[[], tuple[frozenset[str], frozenset[str]] | None] | None,
    after: dict[int, Why] | None,
) -> dict[int, Why]:
    """`s.freed` without the graphs freed on `s`'s path only that nothing on it can reach
    any more (`loss.backward(); h = h.detach()` in a branch): after the paths meet, a later
    backward reaches them only through the other path, where they were never freed. Those
    only names read after the loop reach wait in `after` (see `join_states`)."""
    only = [n for n in s.freed if n not in other]
    if not only:
        return s.freed
    names = live() if live is not None else None
    reach = _reached(graph, s, names[0] if names is not None else None)
    if names is not None and names[1] and after is not None:
        later = _reached(graph, s, names[1])
        after.update((n, why) for n, why in s.freed.items() if n in later and n not in reach)
    return {n: why for n, why in s.freed.items() if n in other or n in reach}


def _reached(graph: Graph, s: State, names: frozenset[str] | None) -> set[int]:
    """The graph nodes the values of `names` (None: every name) reach on `s`."""
    reach: set[int] = set()
    for name, value in s.env.items():
        if names is not None and name not in names:
            continue  # bound again before anything reads it (`live`: see `join_states`)
        for node in graph_nodes(value, s, 3):
            if node not in reach:
                reach.update(graph.ancestors(node))
    return reach


def graph_nodes(value: Value, s: State, depth: int) -> Iterator[int]:
    """The graph nodes of the tensors a value holds: itself, a sequence's items, an object's
    attributes (a few levels deep)."""
    if isinstance(value, TRef):
        obj = s.heap.get(value.oid)
        if isinstance(obj, Tensor) and obj.node is not None:
            yield obj.node
    elif isinstance(value, Seq) and depth > 0:
        for item in value.items:
            yield from graph_nodes(item, s, depth - 1)
    elif isinstance(value, ObjRef) and depth > 0:
        obj = s.heap.get(value.oid)
        attrs = getattr(obj, "attrs", None)
        if attrs:
            for item in attrs.values():
                yield from graph_nodes(item, s, depth - 1)


_LISTS = ("list", "listof")


def _python_zero(v: Value) -> bool:
    return isinstance(v, Const) and type(v.value) in (int, float) and v.value == 0


class _Joiner:
    __slots__ = ("a", "b", "graph", "loop", "made", "out", "phi_saved")

    def __init__(self, graph: Graph, a: State, b: State, out: State, loop: bool) -> None:
        self.graph = graph
        self.loop = loop
        self.a = a
        self.b = b
        self.out = out
        self.phi_saved: dict[int, tuple[SaveRecord, ...]] = {}
        # phi cells this join made: a phi id's cell from an earlier join of the same
        # members (an earlier call of the function, the last iteration of a loop around
        # it) holds the graphs of then, and is made anew
        self.made: set[int] = set()

    def value(self, va: Value, vb: Value) -> Value:
        if va == vb:
            return va
        if isinstance(va, TRef) and isinstance(vb, TRef):
            return self._phi_tensor(va, vb)
        if self.loop and isinstance(vb, TRef) and _python_zero(va):
            # `loss = 0`, then `loss = loss + part` in a loop over a list of unknown length:
            # whatever uses `loss` as a tensor afterwards (`loss.backward()`) runs only if
            # the loop ran, so it is the tensor the iterations made
            return vb
        if (
            isinstance(va, Seq)
            and isinstance(vb, Seq)
            and va.kind == vb.kind
            and len(va.items) == len(vb.items)
        ):
            return Seq(
                tuple(self.value(x, y) for x, y in zip(va.items, vb.items, strict=True)), va.kind
            )
        if isinstance(va, Seq) and isinstance(vb, Seq) and va.kind == vb.kind == "list":
            # lists of layers: grown by a loop's iterations, or by an optional branch
            layers = (
                self._grown_modules(va, vb) if self.loop else self._without_optional_layers(va, vb)
            )
            if layers is not None:
                return layers
        if (
            isinstance(va, Seq)
            and isinstance(vb, Seq)
            and va.kind in _LISTS
            and vb.kind in _LISTS
            and (va.items or vb.items)
        ):
            # A list that grew in a loop (`preds.append(h)`): some number of items like these
            # (their graphs included, so `torch.stack(preds).backward()` reaches each).
            items = (*va.items, *vb.items)
            element = items[0]
            for item in items[1:]:
                element = self.value(element, item)
            return Seq((element,), "listof")
        return join_simple(va, vb)

    def _without_optional_layers(self, va: Seq, vb: Seq) -> Seq | None:
        """`layers.append(nn.Linear(...))`, then `if not last: layers.append(nn.ReLU())`: the
        list without the optional layers, when they are torch layers without parameters
        that keep the rank (activations, dropout, pooling), after a torch layer that does
        not save its output. What a model built from it computes keeps its dtype, device,
        rank and requires_grad; the path without them is a real one, so what the rules read
        from the shorter list (no softmax, no dropout) holds on that path."""
        from torchlint import knowledge as K
        from torchlint.analysis import tensor_ops as T  # it builds on this module

        short, long = (va, vb) if len(va.items) < len(vb.items) else (vb, va)
        if len(short.items) == len(long.items) or long.items[: len(short.items)] != short.items:
            return None
        for item in long.items[len(short.items) :]:
            mod = self.a.module(item) or self.b.module(item)
            if mod is None or mod.qualname is None or mod.has_params is not Tri.NO:
                return None
            facts = K.module(mod.qualname)
            if facts is None or not T.keeps_rank(facts.functional):
                return None  # `nn.Flatten()`: the model's output would have another rank
        if short.items:
            # what the shorter list ends with makes the model's output on that path only:
            # one that saves it for backward (a Sigmoid) would make an in-place change of the
            # output look like a mistake on the other path too
            last = self.a.module(short.items[-1]) or self.b.module(short.items[-1])
            facts = K.module(last.qualname) if last is not None and last.qualname else None
            if facts is None or facts.saves_output:
                return None
        return short

    def _grown_modules(self, va: Seq, vb: Seq) -> Seq | None:
        """`layers += [nn.Linear(...), nn.ReLU()]` in a loop: a list of modules that one
        iteration grew further than the other. The longer list stands for it (every kind of
        layer in order), so `nn.Sequential(*layers)` knows its children. Not for branches: an
        optional layer (`if export: layers.append(nn.Softmax(1))`) may well be absent."""
        short, long = (va, vb) if len(va.items) <= len(vb.items) else (vb, va)
        if not long.items or long.items[: len(short.items)] != short.items:
            return None
        if all(self.a.module(i) or self.b.module(i) for i in long.items):
            return long
        return None

    def _phi_tensor(self, ra: TRef, rb: TRef) -> TRef:
        ta, tb = self.a.tensor(ra), self.b.tensor(rb)
        pid = self.graph.phi_oid(ra.oid, rb.oid)
        if pid in self.made:
            return TRef(pid)
        self.made.add(pid)
        joined = ta.join(tb)
        node = joined.node
        if ta.node != tb.node:
            node = self.graph.phi_node(ta.node, tb.node)
        self.out.heap[pid] = joined.evolve(root=pid, node=node)
        recs = self.a.saved.get(ta.root, ()) + self.b.saved.get(tb.root, ())
        if recs:
            self.phi_saved[pid] = tuple(dict.fromkeys(recs))
        return TRef(pid)

    def cell(self, oa: Tensor | HeapObj, ob: Tensor | HeapObj) -> Tensor | HeapObj:
        if oa is ob:
            return oa
        if isinstance(oa, Tensor) and isinstance(ob, Tensor):
            joined = oa.join(ob)
            if oa.node != ob.node:
                joined = joined.evolve(node=self.graph.phi_node(oa.node, ob.node))
            return joined
        if isinstance(oa, ModuleObj) and isinstance(ob, ModuleObj):
            j = oa.join(ob)
            return fast_replace(j, attrs=self._attrs(oa.attrs, ob.attrs))
        if isinstance(oa, DictObj) and isinstance(ob, DictObj):
            exact = oa.exact and ob.exact and oa.attrs.keys() == ob.attrs.keys()
            values = oa.values if oa.values == ob.values else None
            return DictObj(None, self._attrs(oa.attrs, ob.attrs), exact, values)
        if isinstance(oa, InstanceObj) and isinstance(ob, InstanceObj):
            return fast_replace(oa, attrs=self._attrs(oa.attrs, ob.attrs))
        if isinstance(oa, ArgParserObj) and isinstance(ob, ArgParserObj):
            # an option added on one path only has no known default
            keys = oa.defaults.keys() | ob.defaults.keys()
            return ArgParserObj(
                {
                    k: self.value(oa.defaults[k], ob.defaults[k])
                    if k in oa.defaults and k in ob.defaults
                    else UNKNOWN
                    for k in keys
                }
            )
        return oa

    def _attrs(self, a: Mapping[str, Value], b: Mapping[str, Value]) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for key, va in a.items():
            vb = b.get(key)
            out[key] = va if vb is None else self.value(va, vb)
        for key, vb in b.items():
            out.setdefault(key, vb)
        return out
