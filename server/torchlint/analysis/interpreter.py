"""The abstract interpreter: walks statements and expressions, threading a `State`.

Flow-sensitive: branches are analysed separately and joined; loops run twice from the
real entry state (so loop-carried mistakes show on the second iteration) and then to a
fixpoint; `with torch.no_grad()` and friends set the grad mode. Functions of the file
are analysed on their own (parameters unknown) and again, inline, at each call with the
caller's facts, within a budget. Torch semantics live in `torch_semantics`.
"""

from __future__ import annotations

import ast
import bisect
import functools
import logging
import re
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Final

from torchlint.analysis import nn_semantics as NN
from torchlint.analysis import numpy_semantics as NP
from torchlint.analysis import torch_semantics as T
from torchlint.analysis.events import Event, GradRead, Operand, ResultBackpropagated, TorchCall
from torchlint.analysis.facts import GradMode, Tensor, Tri, Why
from torchlint.analysis.graph import Graph
from torchlint.analysis.parse import parse_shared
from torchlint.analysis.resolver import ForeignModule, Resolver
from torchlint.analysis.schedules import Functions, Schedule, schedule_of
from torchlint.analysis.self_pairs import DiagonalSingular, DiagonalZeros
from torchlint.analysis.snippets import implicit_imports
from torchlint.analysis.source import SourceInfo
from torchlint.analysis.state import State, graph_nodes, join_states
from torchlint.analysis.syntax import plain_name
from torchlint.analysis.training import TrainingTracker
from torchlint.analysis.values import (
    SOME_INT,
    UNKNOWN,
    AnyModule,
    ClassInfo,
    ClassV,
    Const,
    Device,
    DictObj,
    ExtName,
    FunctionInfo,
    FuncV,
    HeapObj,
    InstanceObj,
    ModuleNS,
    ModuleObj,
    ObjRef,
    Params,
    PastedClass,
    PastedLayer,
    PastedSelf,
    Seq,
    TorchName,
    TRef,
    Unknown,
    Value,
    const_number,
    const_type,
    fast_replace,
    join_simple,
)
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext

log = logging.getLogger(__name__)

_MAX_INLINE_DEPTH = 3
# A function analysed alone inlines one level of helpers: their own helpers were analysed
# alone too, and the chains of library files (a transform calling a parser calling a
# converter) multiplied the work by 4-12 per statement for no finding (7 % of the corpus
# time; the probes' 636 findings and the false-positive corpora are unchanged).
_ALONE_DEPTH = 2
# Loops inside a loop's second iteration run once: what their own second iteration would
# show, the first iteration of the enclosing loop already did (an epoch loop around a batch
# loop ran its body 4 times, now 3: the 300-line bench file analyses ~20 % faster, with the
# probes' findings unchanged).
REPEAT_LIMIT = 1
SMALL_BODY = 6  # statements of a helper inlined past the depth limit (see `_small`)
_LOOP_STATEMENTS = (ast.For, ast.AsyncFor, ast.While)
INLINE_PER_LINE = 6
_INLINE_BASE = 150


@dataclass
class LoopFrame:
    breaks: list[State] = field(default_factory=list)
    continues: list[State] = field(default_factory=list)
    graph_start: int = 0  # the graph's size when the loop began: later nodes are its own
    iteration_start: int = 0  # the graph's size when the current iteration began
    node: ast.stmt | None = None  # the loop statement
    # graphs a branch freed that only code after the loop can reach (`loss` backpropagated
    # once more after it): out of the next iteration's way, freed again at the exit
    freed_after: dict[int, Why] = field(default_factory=dict)


@dataclass
class CutCall:
    """A call not inlined because the chain of calls was too deep: what it was given."""

    args: tuple[Value, ...]
    kwargs: dict[str, Value]
    self_value: Value | None
    state: State  # a copy of the caller's heap and flow facts at the call


@dataclass
class Frame:
    """One function activation (or the module body) being interpreted."""

    func: FunctionInfo | None
    context: tuple[int, ...]  # call sites, for allocation identities
    globals: dict[str, Value]
    returns: list[tuple[Value, State]] = field(default_factory=list)
    loops: list[LoopFrame] = field(default_factory=list)
    self_value: Value | None = None
    depth: int = 0
    # Its statements count as run with known arguments (see `Interpreter.covered`).
    covers: bool = True
    closure: dict[str, Value] | None = None  # the enclosing function's names (a closure)


class Interpreter:
    def __init__(
        self,
        source: SourceInfo,
        ctx: RuleContext,
        rules: list[Rule],
        *,
        budget_factor: int = 12,
        resolver: Resolver | None = None,
        graph: Graph | None = None,
        import_depth: int = 0,
    ) -> None:
        self.src = source
        self.main_src = source
        self.ctx = ctx
        self.graph = graph if graph is not None else Graph()
        self.resolver = resolver
        self.import_depth = import_depth
        # Heap ids of the tensors `.chunk(...)`/`.split(...)` return: unpacking one gives its
        # pieces, also where a function returns it (`h, shift = self.net(x)`).
        self.split_results: set[int] = set()
        # `AveragedModel(model)`: heap ids of the copies it stands for (its `.module` is itself)
        self.averaged: set[int] = set()
        self.muted = 0  # > 0 while interpreting another file's code: its findings belong to it
        self.foreign: dict[tuple[str, int], tuple[dict[str, Value], State] | None] = {}
        self.listeners: dict[type[Event], list[Rule]] = {}
        for rule in rules:
            for ev in rule.events:
                self.listeners.setdefault(ev, []).append(rule)
        self._call_exact, self._call_prefixes, self._all_calls = _call_filter(
            tuple(type(rule) for rule in self.listeners.get(TorchCall, ()))
        )
        self._call_interest: dict[str, bool] = {}
        self.broken_rules: set[str] = set()
        self.stmt: ast.stmt = ast.Pass()
        self.frame = Frame(None, (), {})
        self.classes: dict[str, ClassInfo] = {}
        self.functions: list[FunctionInfo] = []
        self.errors: list[str] = []  # internal errors survived (a statement or function lost)
        # Statements already run with every argument known, from a call in this file: a
        # function whose whole body is in here learns nothing more from being run alone.
        self.covered: set[int] = set()
        # The last statements of blocks that ran to their end as `covered` counts runs (for
        # `torchlint.inert_edits`: a statement added there would have run too).
        self.completed: set[int] = set()
        self.instances: dict[int, ObjRef] = {}  # abstract `self` per class, for methods alone
        self.templates: dict[
            int, dict[int, Tensor | HeapObj]
        ] = {}  # what `__init__` built, per class
        self.instance_cells: dict[int, dict[int, Tensor | HeapObj]] = {}
        # the arguments the template was built from, per class
        self.template_args: dict[int, tuple[tuple[Value, ...], dict[str, Value]]] = {}
        self.steps = 0
        self.max_steps = 0
        self.inline_limit = 0  # inlining stops past this step count (per function analysed alone)
        # How close the analysis came to its budgets, for `torchlint.reuse`: whether a budget
        # ever stopped it, and (steps used, steps allowed) of each function analysed alone.
        self.budget_refused = False
        self.alone_use: list[tuple[int, int]] = []
        # the attribute names the file assigns through a dot (`CFG.lr = ...`); "*" for any
        # (a `setattr`), read once for `_class_constant`
        self.assigned_attributes: frozenset[str] | None = None
        # set when `stack.enter_context(torch.no_grad())` switched the grad mode inside the
        # innermost `with` (restored where that `with` ends)
        self.stack_grad = False
        self.live_names: dict[
            tuple[int, int], tuple[frozenset[str], frozenset[str]]
        ] = {}  # see `_live_after`
        self.schedules: dict[int, Schedule] = {}  # see `_cut_on_schedule`
        self.functions_read: Functions | None = None  # the file's functions, for schedules
        # whether the file has any means to fill parameters (see `nn_semantics.parameter`)
        self.file_initialises: bool | None = None
        self.budget_factor = budget_factor
        self.loop_depth = 0
        self.repeating = 0  # > 0 while a loop runs its second iteration
        self.no_grad_refs: dict[str, GradMode] = {}
        self.module_state: State | None = None
        self.module_env: dict[str, Value] = {}  # the module's names, as its functions see them
        # Facts of every tensor-valued name, for hovers: (row, byte col) -> (name, facts).
        self.facts_at: dict[tuple[int, int], tuple[str, Tensor]] = {}
        # `x_safe = torch.where(m, x, ones)`: heap id of x_safe -> (m: its heap id, or its name
        # where its tensor is unknown; whether the safe value sits on its true side), for the
        # double-where idiom (TL202)
        self.where_guards: dict[int, tuple[object, bool]] = {}
        # `~m` -> the condition key of `m`; `a & b` -> the keys of `a` and `b` (double where)
        self.negations: dict[int, object] = {}
        self.conjunctions: dict[int, tuple[object, ...]] = {}
        self.identities: set[int] = set()  # tensors made by `torch.eye` (and converted)
        self.mask_aliases: dict[int, object] = {}  # `m.float()` -> the condition key of `m`
        # The first tensor of each condition written again (`x > eps`, `a & b` computed once for
        # the safe input and once for the mask): the later ones are aliases of it.
        self.condition_forms: dict[tuple[object, ...], int] = {}
        # graph nodes made by calling a module whose parameters require grad: a gradient
        # taken through them with `create_graph=True` depends on those parameters
        self.parameter_nodes: set[int] = set()
        self._graph_of_grads: bool | None = None  # see `grads_may_have_graph`
        self.thaws: bool | None = None  # see `nn_semantics._thaws_in_a_loop`
        # pairwise self-differences and what keeps their zero diagonal; square roots of them
        # by graph node (see `self_pairs`, TL202)
        self.zero_diagonals: dict[int, DiagonalZeros] = {}
        self.diagonal_singular: dict[int, DiagonalSingular] = {}
        self.record_facts = True
        self.active: list[FunctionInfo] = []  # functions being inlined, against recursion
        self.call_sites: list[ast.AST] = []  # the call that inlined each of them
        self.memo: dict[tuple[object, ...], Value] = {}  # side-effect-free inlined calls
        # Per function, the first call the inline depth cut off that had facts to give (see
        # `_cut_call`): analysed alone, the function starts from that call's arguments and heap.
        self.cut_calls: dict[int, CutCall] = {}
        self.mode_switchers: dict[int, bool] = {}  # see `may_switch_mode`
        # the file's functions by name, and how many functions it was made from
        self._by_name: tuple[int, dict[str, list[FunctionInfo]]] = (0, {})
        self.switching_sources: dict[int, bool] = {}
        self.called_names: dict[int, frozenset[str]] = {}
        self.small_functions: dict[int, bool] = {}  # see `_small`
        self.rebound: dict[int, frozenset[str]] = {}  # see `_bound_after`
        self.bindings: dict[int, tuple[list[int], list[str]]] = {}  # see `_bindings`
        self.gpu_tests: dict[int, bool | None] = {}  # see `stmt_If`
        self.correlated: dict[int, dict[int, int]] = {}  # see `_correlated`
        self.training = TrainingTracker(self)
        self.module_calls = 0  # calls of modules so far (a method that ran one is a forward)
        # Why grad is off where a helper switched it off for good (see `_inline`).
        self.grad_left_off: Why | None = None
        # The grad mode a `@contextmanager` helper's body was in at its `yield`.
        self.yield_grad: GradMode | None = None
        # The operands of the last binary operation, for `total = total + loss`.
        self.last_binop: tuple[ast.BinOp, Value, Value] | None = None
        # Generators whose yields are wanted (an IterableDataset's `__iter__`), by node id:
        # each yielded value with the heap it was yielded in.
        self.yield_sinks: dict[int, list[tuple[Value, dict[int, Tensor | HeapObj]]]] = {}
        # The values yielded by each generator function of this file being called (by
        # node id), and which functions are generators (see `_generator`).
        self.yielded: dict[int, list[Value]] = {}
        self.generators: dict[int, bool] = {}
        # Tensors a generator of this file yielded inside a loop of its own, with the size
        # of the graph when that loop began: a loop over the generator's call gets the part
        # of their graph made in that loop anew each iteration (see `_fresh_each_iteration`).
        self.generated_tensors: dict[int, int] = {}
        self.backward_loops: dict[int, bool] = {}
        # `for` headers being evaluated that iterate a loader-named unknown (`_loader_named`)
        self.loader_nodes: set[int] = set()
        self.undefined_names: dict[str, bool] = {}  # see `_undefined_model`
        self._uncommented: str | None = None
        self.grad_handling_classes: dict[int, bool] = {}
        self.unit_tests: dict[int, bool] = {}  # id(function node) -> a pytest-style test

    def release(self) -> None:
        """Break the reference cycles an analysis leaves (a function's globals hold the
        function, a class's methods hold the class, the tracker holds the interpreter), so
        reference counting frees it at once instead of a cyclic collection later (60 ms
        after a 2,300-line file)."""
        for func in self.functions:
            func.globals = None
            func.closure = None
        self.cut_calls.clear()
        for cls in self.classes.values():
            cls.methods.clear()
        for entry in self.foreign.values():
            if entry is not None:
                entry[0].clear()
                entry[1].heap.clear()
        if self.module_state is not None:
            self.module_state.env.clear()
            self.module_state.heap.clear()
        self.frame = Frame(None, (), {})
        self.last_binop = None
        for table in (
            self.memo,
            self.templates,
            self.template_args,
            self.instance_cells,
            self.instances,
        ):
            table.clear()
        self.functions.clear()
        self.classes.clear()
        self.training.release()

    # ======================================================================= events
    def wants(self, ev: type[Event]) -> bool:
        return ev in self.listeners

    def wants_call(self, qualname: str) -> bool:
        """Whether some enabled rule reads TorchCall events for this qualname."""
        hit = self._call_interest.get(qualname)
        if hit is None:
            hit = (
                self._all_calls
                or qualname in self._call_exact
                or qualname.startswith(self._call_prefixes)
            )
            hit = hit and TorchCall in self.listeners
            self._call_interest[qualname] = hit
        return hit

    def emit(self, event: Event) -> None:
        if self.muted:
            return
        for rule in self.listeners.get(type(event), ()):
            if rule.code in self.broken_rules:
                continue
            try:
                rule.check(event, self.ctx)
            except Exception:  # a broken rule must not take the others down
                log.exception(
                    "rule %s failed on %s:%s",
                    rule.code,
                    self.src.path,
                    self.stmt.lineno if hasattr(self.stmt, "lineno") else 0,
                )
                self.broken_rules.add(rule.code)

    def _record(self, node: ast.expr, name: str, t: Tensor) -> None:
        if self.src is not self.main_src:
            return
        key = (node.lineno, node.col_offset)
        prior = self.facts_at.get(key)
        # A name analysed several times (loops, calls) keeps the join of what it was.
        self.facts_at[key] = (name, t if prior is None else prior[1].join(t))

    def why(self, node: ast.AST, text: str | Callable[[], str]) -> Why:
        """Why a fact holds, at `node` (located and, if `text` is a function, worded lazily)."""
        src = self.src
        return Why.at(src, node, text, None if src is self.main_src else src.path)

    def why_code(self, node: ast.AST, template: str = "`{}`", limit: int = 60) -> Why:
        """A Why whose text is `template` around the node's own source, made on first use."""
        src = self.src
        return Why.code(src, node, template, limit, None if src is self.main_src else src.path)

    def text(self, node: ast.AST | None, limit: int = 60) -> str:
        return "" if node is None else self.src.segment(node, limit)

    def operand(self, node: ast.expr | None, value: Value, state: State) -> Operand:
        tensor = state.tensor(value) if isinstance(value, TRef) else None
        return Operand(node, value, tensor, self.src)

    # ======================================================================= entry
    def run_module(self, tree: ast.Module) -> None:
        n_lines = self.src.text.count("\n") + 1
        self.max_steps = self.budget_factor * n_lines + 2000
        self.inline_limit = self.max_steps
        self._prescan(tree)
        state = State()
        module_env = self.module_env = state.env
        self.frame = Frame(None, (), module_env)
        self.training.begin_scope()
        for stmt in implicit_imports(self.src.scan_text):
            self.exec_stmt(stmt, state)  # a snippet's `torch.`, `nn.`, `F.` without imports
        for stmt in tree.body:
            if not state.live:
                break
            try:
                self.exec_stmt(stmt, state)
            except Exception as exc:  # an engine bug loses this statement, not the file
                self._internal_error(stmt, exc)
                self.frame = Frame(None, (), module_env)
            if state.env is not module_env:
                # A loop or a branch left a new dict: the module's functions see their globals
                # through the first one, so it takes the new bindings (`res = ...` after a
                # training loop, read by a closure defined below it).
                module_env.clear()
                module_env.update(state.env)
                state.env = module_env
        self.training.end_scope()
        self.module_state = state
        # Now every function and method on its own, parameters unknown, unless a call with
        # known arguments already ran all of it. Nested functions found on the way join the list.
        # The last defined first: a file defines its helpers and layers before the code that
        # uses them, so a caller's run comes first and inlines them with what it knows of
        # their arguments; a callee it ran whole is not run again alone, and one it cut off
        # too deep is run alone with that call's arguments (`cut_calls`).
        self.functions.reverse()
        i = 0
        while i < len(self.functions) and self.steps <= self.max_steps * 2:
            func = self.functions[i]
            i += 1
            # a call cut off too deep knew more than the run that covered the function (a
            # block's input that requires grad, where only evaluation under no_grad ran it)
            if id(func.node) in self.cut_calls or not self._fully_covered(func):
                try:
                    self.analyse_alone(func, state)
                except Exception as exc:
                    self._internal_error(func.node, exc)
        if i < len(self.functions):
            self.budget_refused = True

    def _internal_error(self, node: ast.AST, exc: Exception) -> None:
        if isinstance(exc, RecursionError):
            raise exc  # the engine reports a too deeply nested file as a whole
        log.warning(
            "internal error analysing %s:%s",
            self.src.path,
            getattr(node, "lineno", 0),
            exc_info=exc,
        )
        self.errors.append(
            f"{self.src.path}:{getattr(node, 'lineno', 0)}: internal error during analysis: "
            f"{type(exc).__name__}: {exc}"
        )

    def _fully_covered(self, func: FunctionInfo) -> bool:
        covered = self.covered
        if not covered or isinstance(func.node, ast.Lambda):
            return False
        return all(id(stmt) in covered for stmt in _own_statements(func.node.body))

    def _prescan(self, tree: ast.Module) -> None:
        """Grad mode around each reference to a user function (called or passed), lexically.

        Only statements are walked to find the `no_grad` regions; names are then counted in
        the text of each region and of the whole file (regular expressions, not a walk of
        every node), so a name used both inside and outside gets UNKNOWN.
        """
        regions: list[tuple[int, int, GradMode, ast.AST]] = []
        if not T.may_change_grad_mode(self.src.scan_text):
            self.no_grad_refs = {}
            return

        _grad_regions(tree.body, GradMode.ENABLED, regions)
        modes: dict[str, GradMode] = {}
        if not regions:
            self.no_grad_refs = modes
            return
        text = self.src.scan_text
        # Only the file's own functions matter (a lambda is never looked up by name).
        defs = Counter(_DEF_NAME.findall(text))
        functions = set(defs)
        inside: dict[str, tuple[GradMode, int]] = {}
        lines = self.src.scan_lines
        for start, end, mode, _node in regions:
            region = "\n".join(lines[start - 1 : end])
            counts = Counter(n for n in _IDENT.findall(region) if n in functions)
            counts.subtract(_DEF_NAME.findall(region))
            for name, count in counts.items():
                prior = inside.get(name)
                inside[name] = (
                    mode if prior is None else prior[0].join(mode),
                    (prior[1] if prior else 0) + count,
                )
        if not inside:
            self.no_grad_refs = modes
            return
        for name, (mode, count) in inside.items():
            total = _count_word(text, name) - defs[name]
            modes[name] = mode if total <= count else mode.join(GradMode.ENABLED)
        self.no_grad_refs = modes

    # ======================================================================= functions
    def analyse_alone(self, func: FunctionInfo, module_state: State) -> None:
        """Analyse a function with unknown arguments (and an abstract `self` for methods)."""
        node = func.node
        if isinstance(node, ast.Lambda):
            return
        self.grad_left_off = None
        cut = self.cut_calls.get(id(node))
        state = State()
        if cut is not None:
            # Where a call chain too deep to inline reached it: its arguments are known.
            state.heap = dict(cut.state.heap)
            state.saved = dict(cut.state.saved)
            state.grad = _callee_grad(func, cut.state.grad)
        else:
            state.heap = dict(module_state.heap)
            state.saved = dict(module_state.saved)
            state.grad = self._entry_grad_mode(func)
        # Two inline levels fewer than under module code (see _ALONE_DEPTH).
        frame = Frame(func, (id(node),), module_state.env, depth=_ALONE_DEPTH)
        self_value: Value | None = None
        if cut is not None:
            self_value = cut.self_value
        elif func.cls is not None and func.kind in ("method", "property"):
            self_value = self.abstract_instance(func.cls, state)
            mod = state.module(self_value)
            if (
                mod is not None
                and isinstance(self_value, ObjRef)
                and _backpropagated_result(func, self_value)
            ):
                # what `forward` returns is backpropagated in training: seen in that mode
                # (`if not self.training:` branches do not run, as in training they do not)
                state.heap[self_value.oid] = fast_replace(mod, training=Tri.YES)
        elif func.cls is not None and func.kind == "classmethod":
            self_value = ClassV(func.cls)
        elif _pasted_method(func):
            # `def forward(self, x):` pasted without its class: `self` is a module
            self_value = PastedSelf()
        frame.self_value = self_value
        if cut is None and self_value is not None and self._fully_covered(func):
            return  # building `self` ran this very `__init__`, as it would run alone
        args, kwargs = (cut.args, cut.kwargs) if cut is not None else ((), {})
        self._bind_params(func, state, frame, args, kwargs, self_value, alone=cut is None)
        if cut is None:
            _dataset_index(func, state)
        saved_frame = self.frame
        self.frame = frame
        self.training.begin_scope()
        # Calls inside a function analysed alone may inline helpers, within a budget in
        # proportion to the function's own size: the analysis stays linear in the file.
        size = (getattr(node, "end_lineno", None) or node.lineno) - node.lineno + 1
        allowance = INLINE_PER_LINE * size + _INLINE_BASE
        self.inline_limit = self.steps + allowance
        started = self.steps
        autocast = 1 if T.autocast_decorated(node) else 0
        self.ctx.autocast_depth += autocast
        try:
            self.exec_block(node.body, state)
            if _backpropagated_result(func, self_value):
                self._result_hazards(func, frame.returns)
        finally:
            self.alone_use.append((self.steps - started, allowance))
            self.frame = saved_frame
            self.inline_limit = self.max_steps
            self.ctx.autocast_depth -= autocast
            self.training.end_scope()

    def _unbound(self, name: str, state: State) -> bool:
        """No scope the lookup sees binds `name` (it fell through to the builtins)."""
        closure = self.frame.closure
        return (
            name not in state.env
            and (closure is None or name not in closure)
            and name not in self.frame.globals
        )

    def _undefined_model(self, name: str) -> bool:
        """`name` is only ever called or dotted in the analysed file (`model(x)`,
        `model.train()`: a snippet's model, defined in code that was not pasted), and the
        file neither star-imports nor freezes its parameters: a model being trained, whose
        parameters require grad. Any other use of the name (an assignment, a parameter,
        an argument) may bind it: unknown."""
        func = self.frame.func
        if (func.source if func is not None else self.main_src) is not self.main_src:
            return False
        known = self.undefined_names.get(name)
        if known is None:
            # comments may name it (`# model comes from my other file`): not a use
            text = self._uncommented
            if text is None:
                text = self._uncommented = _COMMENT.sub("", self.main_src.scan_text)
            frozen = (
                rf"(?<![\w.]){name}(?:\.\w+)*\.(?:parameters\(\)[^\n]*(?:\n[^\n]*)?)?{_FREEZES}"
            )
            known = self.undefined_names[name] = (
                "import *" not in text
                and re.search(frozen, text) is None
                and re.search(rf"(?<![\w.]){name}\b(?!\s*[(.])", text) is None
            )
        return known

    def _result_hazards(self, func: FunctionInfo, returns: list[tuple[Value, State]]) -> None:
        """In-place writes to saved tensors that backpropagating the returned tensor meets:
        what the training code around a module's `forward` runs into."""
        node = func.node
        if isinstance(node, ast.Lambda) or not self.wants(ResultBackpropagated):
            return
        for value, st in returns:
            if isinstance(value, Seq) and value.kind == "tuple" and value.items:
                value = value.items[0]  # `return output, hidden`: the output is the loss's
            if not isinstance(value, TRef):
                continue
            t = st.tensor(value)
            if t.rg is not Tri.YES or t.node is None or st.grad is not GradMode.ENABLED:
                continue
            if not st.hazards:
                continue
            found = [h for n in self.graph.ancestors(t.node) if (h := st.hazards.get(n))]
            if not found:
                continue
            eval_only = _eval_only_rows(node)
            hazards = tuple(
                h for h in found if not any(a <= h.write.line <= b for a, b in eval_only)
            )
            if hazards:
                self.emit(ResultBackpropagated(node, node, func.name, hazards))

    def _entry_grad_mode(self, func: FunctionInfo) -> GradMode:
        if func.grad_decorator == "no_grad":
            return GradMode.DISABLED
        if func.grad_decorator == "inference_mode":
            return GradMode.INFERENCE
        if func.grad_decorator == "enable_grad":
            return GradMode.ENABLED
        if func.grad_decorator == "unknown":
            return GradMode.UNKNOWN
        if (
            func.cls is not None
            and func.cls.is_autograd_function
            and func.name in ("forward", "backward")
        ):
            # autograd.Function.forward runs with grad disabled; backward too unless create_graph.
            return GradMode.DISABLED
        return self.no_grad_refs.get(func.name, GradMode.ENABLED)

    def abstract_instance(self, cls: ClassInfo, state: State) -> Value:
        """The `self` a method sees when analysed alone: built by running `__init__` once."""
        ref = self.instances.get(id(cls))
        if ref is not None:
            if ref.oid not in state.heap:
                # Built in another state: bring its cells (one clone per class, shared by its methods).
                for oid, obj in self.instance_cells[id(cls)].items():
                    state.heap.setdefault(oid, obj)
            return ref
        oid = self.graph.alloc(id(cls.node), (-1,))
        return self._instantiate(cls, (), {}, state, cls.node, oid_hint=oid, abstract=True)

    def _instantiate(
        self,
        cls: ClassInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        state: State,
        site: ast.AST,
        *,
        oid_hint: int | None = None,
        abstract: bool = False,
        spread: bool = False,
    ) -> ObjRef:
        oid = oid_hint if oid_hint is not None else self.graph.alloc(id(site), self.frame.context)
        ref = ObjRef(oid)
        if cls.is_module is Tri.NO and cls.lookup("__init__") is None and _is_dataclass(cls.node):
            # A @dataclass config: its generated __init__ binds the fields from the arguments
            # or the defaults written in the class (`device: str = "cuda"`).
            fields = _dataclass_fields(
                cls, args, kwargs, lambda e: self._module_attribute(e), spread=spread
            )
            state.heap[oid] = InstanceObj(cls, fields)
            post = cls.lookup("__post_init__")
            if post is not None:
                self.call_user(post, (), {}, state, site, self_value=ref)
            return ref
        template = self.templates.get(id(cls))
        init = cls.lookup("__init__")
        if (
            template is not None
            and init is not None
            and isinstance(init.node, ast.FunctionDef | ast.AsyncFunctionDef)
            and init.node.args.kwarg is not None
        ):
            # `Block(4, device="cuda")` then `Block(4)`: what `**kw` holds differs by call,
            # so an earlier call's result is no template for this one
            template = None
        if template is not None and not _alike_calls(self.template_args[id(cls)], (args, kwargs)):
            # `DiffusionConv(4, 3, P64)` then `DiffusionConv(6, 16, P32)`: the buffer it
            # keeps is the tensor it is given, not a copy of the first one
            template = None
        if template is not None:
            # `__init__` ran once for this class: copy its result instead of re-running it.
            return self._clone_template(cls, template, ref, state, site, abstract)
        if cls.is_module is not Tri.NO:
            layer = NN.has_layer_parameters(cls)
            state.heap[oid] = ModuleObj(
                qualname=None,
                cls=cls,
                line=getattr(site, "lineno", 0),
                has_params=Tri.YES if layer else Tri.MAYBE,
                why_dtype=NN.layer_dtype_why(cls) if layer else None,
                training=Tri.YES if not abstract else Tri.MAYBE,
                why_training=None
                if abstract
                else Why(getattr(site, "lineno", 0), f"`{cls.name}(...)` starts in training mode"),
            )
        else:
            state.heap[oid] = InstanceObj(cls)
        init = cls.lookup("__init__")
        if init is not None and isinstance(init.node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.call_user(
                init,
                args,
                kwargs,
                state,
                site,
                self_value=ref,
                alone_args=abstract,
                all_kwargs=not spread,  # `**block_kwargs` then holds exactly the others
            )
        set_up = cls.lookup("setUp") if abstract and _is_test_case(cls) else None
        if set_up is not None:
            # unittest runs `setUp` before each test method: the `self` they see has its fields
            self.call_user(set_up, (), {}, state, site, self_value=ref, alone_args=True)
        self.templates[id(cls)] = _closure(state, oid)
        self.template_args[id(cls)] = (args, dict(kwargs))
        if abstract:
            self.instances[id(cls)] = ref
            self.instance_cells[id(cls)] = self.templates[id(cls)]
        return ref

    def _module_attribute(self, node: ast.expr) -> Value:
        """`torch.float32` as a dataclass default: an attribute of an imported module, the
        same wherever the class is defined (a plain name could be a local of the function
        around the class, or rebound after it). Also `"cuda" if torch.cuda.is_available() else
        "cpu"`: constants chosen by a call of an imported module."""
        if isinstance(node, ast.IfExp):
            test = node.test
            if not (
                isinstance(node.body, ast.Constant)
                and isinstance(node.orelse, ast.Constant)
                and isinstance(test, ast.Call)
                and not test.args
                and not test.keywords
                and self._module_attribute(test.func) is not UNKNOWN
            ):
                return UNKNOWN
        else:
            root = node
            while isinstance(root, ast.Attribute):
                root = root.value
            if not isinstance(node, ast.Attribute) or not isinstance(root, ast.Name):
                return UNKNOWN
            if not isinstance(self.module_env.get(root.id), TorchName | ExtName):
                return UNKNOWN
        at_module = State()
        at_module.env = self.module_env
        return self.eval(node, at_module)

    def _clone_template(
        self,
        cls: ClassInfo,
        template: dict[int, Tensor | HeapObj],
        ref: ObjRef,
        state: State,
        site: ast.AST,
        abstract: bool,
    ) -> ObjRef:
        root_old = next(iter(template))
        if root_old == ref.oid:
            # made again where the template was made (`blocks.append(Block(c))` in a loop):
            # the same cells, so that two iterations' instances join into one known module
            mapping = {old: old for old in template}
        else:
            mapping = {
                old: self.graph.alloc(("clone", id(site), old), self.frame.context)
                for old in template
            }
            mapping[root_old] = ref.oid

        line = getattr(site, "lineno", 0)
        for old, obj in template.items():
            # A method analysed alone does not see what ran between construction and the
            # call (`m.buf.fill_(1)` at the call site): no "still uninitialised" there.
            new = _copy_cell(obj, mapping[old], mapping, keep_uninit=not abstract)
            if old == root_old and isinstance(new, ModuleObj):
                new = fast_replace(
                    new,
                    line=line,
                    training=Tri.MAYBE if abstract else Tri.YES,
                    why_training=None
                    if abstract
                    else Why(line, f"`{cls.name}(...)` starts in training mode"),
                )
            state.heap[mapping[old]] = new
        if abstract:
            self.instances[id(cls)] = ref
            self.instance_cells[id(cls)] = _closure(state, ref.oid)
        return ref

    def deep_copy(self, value: Value, state: State, site: ast.AST) -> Value:
        """`copy.deepcopy(model)`: a new module with its own parameters, same facts (a target
        network, an EMA teacher). Anything but a module or an instance: unknown."""
        if not isinstance(value, ObjRef) or not isinstance(
            state.heap.get(value.oid), ModuleObj | InstanceObj
        ):
            return UNKNOWN
        cells = _closure(state, value.oid)
        mapping = {
            old: self.graph.alloc(("deepcopy", id(site), old), self.frame.context) for old in cells
        }
        for old, obj in cells.items():
            state.heap[mapping[old]] = _copy_cell(obj, mapping[old], mapping, keep_uninit=True)
        copy = mapping[value.oid]
        made = state.heap[copy]
        if isinstance(made, ModuleObj):
            state.heap[copy] = fast_replace(made, copy_of=value.oid)
        # a copy of trained weights (a snapshot, the best model so far) is a trained model
        if self.training.is_trained(value.oid):
            self.training.trained_modules.add(copy)
        if value.oid in self.training.loaded_modules:
            self.training.loaded_modules.add(copy)
        return ObjRef(copy)

    def call_user(
        self,
        func: FunctionInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        state: State,
        site: ast.AST,
        *,
        self_value: Value | None = None,
        alone_args: bool = False,
        forward: bool = False,
        all_kwargs: bool = False,
    ) -> Value:
        """Inline a call of a function defined in this file, sharing the caller's heap.

        A call whose result is not an object and that changed nothing the caller can see is
        remembered by its arguments' facts: the next equal call costs a dictionary lookup.
        A submodule's `forward` (`forward`) may go one level deeper than other calls: what
        it saves for backward is freed by the backward of the training step that called
        the model. `all_kwargs`: the call spreads nothing, so a `**kwargs` parameter holds
        exactly the keywords no other parameter takes.
        """
        depth = self.frame.depth
        if depth >= _MAX_INLINE_DEPTH and not (
            (depth < _MAX_INLINE_DEPTH + 3 and self._small(func))
            or (forward and depth < _MAX_INLINE_DEPTH + 1)
        ):
            self._cut_call(func, args, kwargs, state, self_value, alone_args)
            self.not_run(func, args, kwargs, self_value, site, state)
            return UNKNOWN
        over_budget = self.steps > self.max_steps or self.steps > self.inline_limit
        if over_budget or any(f is func for f in self.active):
            self.budget_refused |= over_budget
            self.not_run(func, args, kwargs, self_value, site, state)
            return UNKNOWN
        if not _accepts(func, len(args), self_value is not None):
            return UNKNOWN  # the call would raise TypeError: nothing to learn from its body
        key = self._memo_key(func, args, kwargs, self_value, state, alone_args, all_kwargs)
        if key is not None and key in self.memo:
            return self.memo[key]
        before = dict(state.heap) if key is not None else None
        flow = (len(state.saved), len(state.hazards), len(state.freed), self.training.events)
        generator = self._generator(func)
        if generator:
            self.yielded[id(func.node)] = []
        try:
            result = self._inline(
                func, args, kwargs, state, site, self_value, alone_args, all_kwargs=all_kwargs
            )
        finally:
            yields = self.yielded.pop(id(func.node), None) if generator else None
        if yields is not None:
            result = _generated(yields)
        if before is not None and key is not None and not isinstance(result, TRef | ObjRef | Seq):
            unchanged = (
                flow
                == (len(state.saved), len(state.hazards), len(state.freed), self.training.events)
                and state.live
            )
            if unchanged and not any(k in before for k, _ in before.items() ^ state.heap.items()):
                self.memo[key] = result
        return result

    def _generator(self, func: FunctionInfo) -> bool:
        """A plain generator function (`def quantizers(model): ... yield m`), not a
        `@contextmanager`: its call gives an iterator over what it yields."""
        key = id(func.node)
        found = self.generators.get(key)
        if found is None:
            node = func.node
            found = self.generators[key] = (
                isinstance(node, ast.FunctionDef)
                and not func.context_manager
                # the text first: walking every function's tree costs more than the rare find
                and any("yield" in line for line in self._lines_of(func, node))
                and any(_has_yield(stmt) for stmt in node.body)
            )
        return found

    def _small(self, func: FunctionInfo) -> bool:
        """A helper of a few statements (`_update` of running statistics, a `project()` of
        weights, a `causal_mask(T)` an attention layer deep in a model calls) is inlined three
        levels past the depth limit: cheap, and what it writes or makes is seen by the code
        that uses it (the backward in its caller's caller, a CUDA tensor it masks)."""
        key = id(func.node)
        small = self.small_functions.get(key)
        if small is None:
            small = self.small_functions[key] = few_statements(func.node, SMALL_BODY)
        return small

    def not_run(
        self,
        func: FunctionInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        self_value: Value | None,
        site: ast.AST,
        state: State,
    ) -> None:
        """A call of this file's code not inlined: what it does to the objects it is handed
        (a trainer whose hook switches its model to eval mode) is unseen, unless its text
        can switch no model (an empty callback, a logger)."""
        if self.may_switch_mode(func):
            given = (*args, *kwargs.values())
            NN.hand_over_values(
                given if self_value is None else (*given, self_value),
                site,
                self,
                state,
                models=True,
            )

    def may_switch_mode(self, func: FunctionInfo) -> bool:
        """The function's text, or that of a function of this file it calls by name (and so
        on), calls `.eval(`/`.train(` or a function found at run time (`getattr(cb, name)(...)`)."""
        key = id(func.node)
        known = self.mode_switchers.get(key)
        if known is not None:
            return known
        seen = {key}
        todo = [func]
        found = False
        while todo and not found:
            f = todo.pop()
            if self._switches_in_text(f):
                found = True
                break
            by_name = self._functions_by_name()
            for name in self._called_names(f):
                for other in by_name.get(name, ()):
                    if id(other.node) not in seen:
                        seen.add(id(other.node))
                        todo.append(other)
        self.mode_switchers[key] = found  # only the function asked about: the answer is whole
        return found

    def grads_may_have_graph(self) -> bool:
        """The file passes `create_graph` somewhere (`loss.backward(create_graph=True)`): a
        `.grad` it reads may have a graph of its own (a penalty on gradients, a Hessian
        trace), so whether it requires grad is not known."""
        found = self._graph_of_grads
        if found is None:
            found = self._graph_of_grads = "create_graph" in self.main_src.scan_text
        return found

    def _functions_by_name(self) -> dict[str, list[FunctionInfo]]:
        """The file's functions by name (nested ones join the list as they are found)."""
        made_from, table = self._by_name
        if made_from != len(self.functions):
            table = {}
            for func in self.functions:
                table.setdefault(func.name, []).append(func)
            self._by_name = (len(self.functions), table)
        return table

    def _switches_in_text(self, func: FunctionInfo) -> bool:
        src = func.source or self.main_src
        # one search of the whole file first: most files switch no mode in most functions
        anywhere = self.switching_sources.get(id(src))
        if anywhere is None:
            anywhere = self.switching_sources[id(src)] = bool(_SWITCHES_MODE.search(src.scan_text))
        return anywhere and bool(_SWITCHES_MODE.search("\n".join(self._lines_of(func, func.node))))

    def _called_names(self, func: FunctionInfo) -> frozenset[str]:
        key = id(func.node)
        names = self.called_names.get(key)
        if names is None:
            text = "\n".join(self._lines_of(func, func.node))
            names = self.called_names[key] = frozenset(_CALLED_NAME.findall(text)) - {func.name}
        return names

    def _cut_call(
        self,
        func: FunctionInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        state: State,
        self_value: Value | None,
        alone_args: bool,
    ) -> None:
        """Keep the first call the depth limit cut off that hands the function something an
        alone run cannot know (a tensor that requires grad or is on the GPU, a model, as an
        argument or as the receiver) for the function's own analysis: `main -> train ->
        loss_fn -> model -> distances` still sees the `pos` that requires grad, at the cost
        of one heap copy per function."""
        key = id(func.node)
        if (
            key in self.cut_calls
            or self.muted
            or alone_args
            or isinstance(func.node, ast.Lambda)
            or func.context_manager
            or not _accepts(func, len(args), self_value is not None)
        ):
            return
        given = (*args, *kwargs.values())
        if not any(_beyond_alone(v, state) for v in given) and not (
            self_value is not None and _beyond_alone(self_value, state)
        ):
            return
        saved = State()
        saved.heap = dict(state.heap)
        saved.saved = dict(state.saved)
        saved.grad = state.grad
        self.cut_calls[key] = CutCall(args, dict(kwargs), self_value, saved)

    def _memo_key(
        self,
        func: FunctionInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        self_value: Value | None,
        state: State,
        alone: bool,
        all_kwargs: bool = False,
    ) -> tuple[object, ...] | None:
        if func.closure is not None:
            return None  # a closure: its names are its own, the node does not say which
        parts: list[object] = [
            id(func.node),
            state.grad,
            alone,
            self.muted,
            self_value is None,
            all_kwargs,  # binds `**kw` exactly or not
        ]
        values = (
            (*args, *kwargs.values())
            if self_value is None
            else (*args, *kwargs.values(), self_value)
        )
        for value in values:
            fp = _fingerprint(value, state)
            if fp is None:
                return None
            parts.append(fp)
        parts.extend(kwargs)
        return tuple(parts)

    def _inline(
        self,
        func: FunctionInfo,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        state: State,
        site: ast.AST,
        self_value: Value | None,
        alone_args: bool,
        *,
        all_kwargs: bool = False,
    ) -> Value:
        callee_state = State()
        callee_state.heap = state.heap
        callee_state.saved = state.saved
        callee_state.hazards = state.hazards
        callee_state.freed = state.freed
        callee_state.grad = _callee_grad(func, state.grad)
        callee_state_entry = callee_state.grad
        globals_ = func.globals if func.globals is not None else self.frame.globals
        if self.frame.func is None and globals_ is self.module_env and state.env is not globals_:
            # Called from module code: its names as they are now (`device = ...` inside
            # `if __name__ == "__main__":` before `main()`)
            globals_ = {**globals_, **state.env}
        frame = Frame(
            func,
            (*self.frame.context, id(site))[-3:],
            globals_,
            closure=func.closure,
            self_value=self_value,
            depth=self.frame.depth + 1,
        )
        self._bind_params(
            func,
            callee_state,
            frame,
            args,
            kwargs,
            self_value,
            alone=alone_args,
            all_kwargs=all_kwargs,
        )
        if alone_args:
            # Run with unknown arguments, as the function would be run alone (a class's
            # `__init__` building the `self` its methods see): the same run if the grad mode
            # is the one it would start in alone.
            frame.covers = self.frame.covers and callee_state.grad is self._entry_grad_mode(func)
        else:
            # Every argument is known, or unknown where running alone would know no more
            # (no annotation to go by) and the grad mode is the one it starts in alone.
            frame.covers = self.frame.covers and _knows_as_much_as_alone(
                func, callee_state.env, callee_state.grad is self._entry_grad_mode(func)
            )
        saved_frame, saved_stmt, saved_src = self.frame, self.stmt, self.src
        self.frame = frame
        self.active.append(func)
        self.call_sites.append(site)
        foreign = func.source is not None and func.source is not self.main_src
        if foreign and func.source is not None:
            self.src = func.source
            self.muted += 1
        autocast = 1 if T.autocast_decorated(func.node) else 0
        self.ctx.autocast_depth += autocast
        try:
            if isinstance(func.node, ast.Lambda):
                result = self.eval(func.node.body, callee_state)
                frame.returns.append((result, callee_state))
            elif func.context_manager:
                # `with helper():` runs the helper up to its `yield`; what follows (a
                # `finally: model.train()`) runs after the caller's block, unseen here.
                entry_grad = callee_state.grad
                self._exec_until_yield(func.node.body, callee_state)
                if callee_state.grad is not entry_grad:
                    self.yield_grad = callee_state.grad
                frame.returns.append((UNKNOWN, callee_state))
            else:
                self.exec_block(func.node.body, callee_state)
                if callee_state.live:
                    frame.returns.append((Const(None), callee_state))
        finally:
            self.frame, self.stmt, self.src = saved_frame, saved_stmt, saved_src
            self.active.pop()
            self.call_sites.pop()
            self.ctx.autocast_depth -= autocast
            if foreign:
                self.muted -= 1
        if not frame.returns:
            state.live = False
            return UNKNOWN
        result, exit_state = frame.returns[0]
        for value, st in frame.returns[1:]:
            joined = join_states(self.graph, exit_state, st)
            result = self._join_value_via(exit_state, st, result, value, joined)
            exit_state = joined
        # The caller continues with the callee's heap and flow facts, its own names and grad
        # mode, unless the callee switched the mode for good (`torch.set_grad_enabled(False)`
        # as a statement of its body, never switched back: a sampler that leaves it off).
        state.heap = exit_state.heap
        state.saved = exit_state.saved
        state.hazards = exit_state.hazards
        state.freed = exit_state.freed
        if (
            exit_state.grad is not callee_state_entry
            and exit_state.grad is not GradMode.UNKNOWN
            and func.grad_decorator is None
            and (switch := _grad_switch(func.node)) is not None
        ):
            state.grad = exit_state.grad
            self.grad_left_off = (
                Why(
                    switch.lineno,
                    f"`{func.name}()` turns grad off with `{self.text(switch.value, 60)}` and"
                    " leaves it off",
                )
                if exit_state.grad is GradMode.DISABLED
                else None
            )
        return result

    def _join_value_via(self, sa: State, sb: State, va: Value, vb: Value, joined: State) -> Value:
        if va == vb:
            return va
        tmp_a, tmp_b = sa.copy(), sb.copy()
        tmp_a.env = {"__ret__": va}
        tmp_b.env = {"__ret__": vb}
        out = join_states(self.graph, tmp_a, tmp_b)
        # Phi cells (negative ids) are recomputed on every call: never keep a stale one from an
        # earlier call, or the result would carry that call's (maybe freed) graph.
        joined.heap.update({k: v for k, v in out.heap.items() if k < 0 or k not in joined.heap})
        joined.saved.update({k: v for k, v in out.saved.items() if k < 0})
        return out.env["__ret__"]

    def _bind_params(
        self,
        func: FunctionInfo,
        state: State,
        frame: Frame,
        args: tuple[Value, ...],
        kwargs: dict[str, Value],
        self_value: Value | None,
        *,
        alone: bool,
        all_kwargs: bool = False,
    ) -> None:
        a = func.node.args
        positional = [*a.posonlyargs, *a.args]
        values = list(args)
        if (
            self_value is not None
            and (func.kind in ("method", "classmethod", "property") or self_value == PastedSelf())
            and positional
        ):
            state.env[positional[0].arg] = self_value
            positional = positional[1:]
        defaults = list(a.defaults)
        first_default = len(positional) - len(defaults)

        def given(param: ast.arg, value: Value) -> Value:
            # An argument the caller does not know is what the annotation says, as when the
            # function is analysed alone: the call then knows at least as much as that would.
            if isinstance(value, Unknown) and param.annotation is not None:
                return T.value_from_annotation(self, param.annotation, state, param)
            return value

        for i, param in enumerate(positional):
            if i < len(values):
                state.env[param.arg] = given(param, values[i])
            elif param.arg in kwargs:
                state.env[param.arg] = given(param, kwargs[param.arg])
            elif alone or i < first_default:
                state.env[param.arg] = T.value_from_annotation(self, param.annotation, state, param)
            else:
                state.env[param.arg] = (
                    self.eval(defaults[i - first_default], state) if i >= first_default else UNKNOWN
                )
        for param, default in zip(a.kwonlyargs, a.kw_defaults, strict=True):
            if param.arg in kwargs:
                state.env[param.arg] = given(param, kwargs[param.arg])
            elif default is not None and not alone:
                state.env[param.arg] = self.eval(default, state)
            else:
                state.env[param.arg] = T.value_from_annotation(self, param.annotation, state, param)
        if a.vararg is not None:
            state.env[a.vararg.arg] = (
                Seq(tuple(values[len(positional) :]), "tuple") if not alone else UNKNOWN
            )
        if a.kwarg is not None:
            state.env[a.kwarg.arg] = UNKNOWN
            if all_kwargs and not alone:
                # `def flat_grad(loss, params, **kw)` called `flat_grad(l, ps, retain_graph=True)`
                taken = {p.arg for p in (*positional, *a.kwonlyargs)}
                oid = self.graph.alloc(("**", id(func.node)), frame.context)
                rest = {k: v for k, v in kwargs.items() if k not in taken}
                state.heap[oid] = DictObj(None, rest, exact=True)
                state.env[a.kwarg.arg] = ObjRef(oid)

    # ======================================================================= statements
    def _exec_until_yield(self, body: list[ast.stmt], state: State) -> bool:
        """Run a context manager's statements up to its `yield` (True when reached)."""
        for stmt in body:
            if not _has_yield(stmt):
                self.exec_stmt(stmt, state)
                if not state.live:
                    return False
                continue
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Yield | ast.YieldFrom):
                if stmt.value.value is not None:
                    self.eval(stmt.value.value, state)
                return True
            if isinstance(stmt, ast.Try):
                return self._exec_until_yield(stmt.body, state)
            if isinstance(stmt, ast.With):
                for item in stmt.items:
                    mode = T.grad_context(self, item.context_expr, state)
                    if mode is not None:
                        state.grad = mode
                    else:
                        self.eval(item.context_expr, state)
                return self._exec_until_yield(stmt.body, state)
            return False  # a yield under a branch or a loop: stop before it
        return False

    def exec_block(self, body: list[ast.stmt], state: State) -> None:
        pairs = self._correlated(body) if self.frame.loops and len(body) > 1 else None
        if pairs:
            self._exec_paired(body, pairs, state)
        else:
            for stmt in body:
                if not state.live:
                    return
                self.exec_stmt(stmt, state)
        if state.live and body and self.frame.covers and not self.muted:
            self.completed.add(id(body[-1]))

    def _exec_paired(self, body: list[ast.stmt], pairs: dict[int, int], state: State) -> None:
        """`exec_block` of a loop body with statements on one condition (`_correlated`)."""
        i = 0
        while i < len(body):
            if not state.live:
                return
            j = pairs.get(i)
            if j is not None and self._run_correlated(body, i, j, state):
                i = j + 1
                continue
            self.exec_stmt(body[i], state)
            i += 1

    def _correlated(self, body: list[ast.stmt]) -> dict[int, int] | None:
        """Pairs of statements of a loop body that test the same condition, nothing between
        them binding its names: `if step % k == 0: loss.backward()` then `if step % k == 0:
        h = h.detach()` (or `h = h.detach() if step % k == 0 else h`). They take the same
        branch in every iteration (see `_run_correlated`)."""
        key = id(body)
        found = self.correlated.get(key)
        if found is None:
            found = self.correlated[key] = _correlated_pairs(body)
        return found

    def _run_correlated(self, body: list[ast.stmt], i: int, j: int, state: State) -> bool:
        """Run `body[i]` to `body[j]` as one branch on the shared condition; False (nothing run)
        when the condition is decided (a constant, a choice of machine)."""
        first = body[i]
        assert isinstance(first, ast.If)
        cond = self.eval(first.test, state)
        if _truth(cond, first.test) is not None or self._gpu_choice(first) is not None:
            return False
        self.stmt = first
        self.steps += 1
        second = body[j]
        if self.frame.covers and not self.muted:
            self.covered.update((id(first), id(second)))
        between = body[i + 1 : j]
        other = state.copy()
        T.narrow_isinstance(self, first.test, state)
        for branch, taken in ((state, True), (other, False)):
            self.exec_block(first.body if taken else first.orelse, branch)
            self.exec_block(between, branch)
            if not branch.live:
                continue
            if isinstance(second, ast.If):
                self.stmt = second
                self.exec_block(second.body if taken else second.orelse, branch)
            else:
                assert isinstance(second, ast.Assign) and isinstance(second.value, ast.IfExp)
                self.stmt = second
                expr = second.value.body if taken else second.value.orelse
                self.assign(second.targets[0], self.eval(expr, branch), branch, expr)
        self._join_branches(state, other, second)
        return True

    def exec_stmt(self, stmt: ast.stmt, state: State) -> None:
        self.stmt = stmt
        self.steps += 1
        if self.frame.covers and not self.muted:
            self.covered.add(id(stmt))  # a muted run reports nothing: it covers nothing
        method = _STMT_DISPATCH.get(type(stmt))
        if method is None:
            return
        try:
            method(self, stmt, state)
        except RecursionError:
            log.warning("too deeply nested at %s:%d", self.src.path, stmt.lineno)

    def stmt_Expr(self, stmt: ast.Expr, state: State) -> None:
        self.eval(stmt.value, state)

    def stmt_Pass(self, stmt: ast.Pass, state: State) -> None:
        pass

    def stmt_Assign(self, stmt: ast.Assign, state: State) -> None:
        value = self.eval(stmt.value, state)
        for target in stmt.targets:
            self.assign(target, value, state, stmt.value)
        if isinstance(stmt.targets[0], ast.Tuple) and isinstance(
            stmt.value, ast.Attribute | ast.Call
        ):
            T.rank_from_shape_unpack(self, stmt.targets[0], stmt.value, state)
        if (
            self.training.loops
            and isinstance(value, TRef)
            and isinstance(stmt.value, ast.BinOp | ast.IfExp)
        ):
            T.running_total(self, stmt, value, state)

    def stmt_AnnAssign(self, stmt: ast.AnnAssign, state: State) -> None:
        if stmt.value is None:
            if isinstance(stmt.target, ast.Name):
                state.env[stmt.target.id] = T.value_from_annotation(
                    self, stmt.annotation, state, stmt.target
                )
            return
        value = self.eval(stmt.value, state)
        self.assign(stmt.target, value, state, stmt.value)

    def stmt_AugAssign(self, stmt: ast.AugAssign, state: State) -> None:
        T.aug_assign(self, stmt, state)

    def stmt_Delete(self, stmt: ast.Delete, state: State) -> None:
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                state.env.pop(target.id, None)

    def stmt_Return(self, stmt: ast.Return, state: State) -> None:
        value = self.eval(stmt.value, state) if stmt.value is not None else Const(None)
        self.frame.returns.append((value, state.copy()))
        state.live = False

    def stmt_Raise(self, stmt: ast.Raise, state: State) -> None:
        if stmt.exc is not None:
            self.eval(stmt.exc, state)
        state.live = False

    def stmt_Assert(self, stmt: ast.Assert, state: State) -> None:
        self.eval(stmt.test, state)

    def stmt_Global(self, stmt: ast.Global, state: State) -> None:
        pass

    def stmt_Nonlocal(self, stmt: ast.Nonlocal, state: State) -> None:
        pass

    def stmt_Break(self, stmt: ast.Break, state: State) -> None:
        if self.frame.loops:
            self.frame.loops[-1].breaks.append(state.copy())
        state.live = False

    def stmt_Continue(self, stmt: ast.Continue, state: State) -> None:
        if self.frame.loops:
            self.frame.loops[-1].continues.append(state.copy())
        state.live = False

    def stmt_Import(self, stmt: ast.Import, state: State) -> None:
        for alias in stmt.names:
            top = alias.name.split(".")[0]
            if top != "torch":
                ns = self._import_foreign(alias.name, 0, state)
                if ns is not None:
                    state.env[alias.asname or top] = (
                        ModuleNS(alias.name, ns)
                        if alias.asname or "." not in alias.name
                        else UNKNOWN
                    )
                    continue
            if alias.name == "torch" or alias.name.startswith("torch."):
                self.ctx.imports.modules.add(alias.asname or top)
            if alias.asname:
                state.env[alias.asname] = _import_value(alias.name)
                if alias.name == "torch":
                    self.ctx.imports.torch = alias.asname
                if alias.name == "torch.nn.functional":
                    self.ctx.imports.torch_nn_functional = alias.asname
            else:
                state.env[top] = _import_value(top)
                if top == "torch" and self.ctx.imports.torch is None:
                    self.ctx.imports.torch = "torch"

    def stmt_ImportFrom(self, stmt: ast.ImportFrom, state: State) -> None:
        module = stmt.module or ""
        if stmt.level or module.split(".")[0] != "torch":
            ns = self._import_foreign(module, stmt.level, state)
            for alias in stmt.names:
                if alias.name == "*":
                    if ns is not None:
                        state.env.update({k: v for k, v in ns.items() if not k.startswith("_")})
                    continue
                local = alias.asname or alias.name
                if ns is not None and alias.name in ns:
                    state.env[local] = ns[alias.name]
                elif stmt.level:
                    state.env[local] = UNKNOWN
                else:
                    state.env[local] = _import_value(f"{module}.{alias.name}")
            return
        for alias in stmt.names:
            if alias.name == "*":
                T.star_import(module, state)
                continue
            qual = f"{module}.{alias.name}"
            local = alias.asname or alias.name
            state.env[local] = _import_value(qual)
            if alias.name.islower():
                self.ctx.imports.modules.add(local)  # `from torch import nn`, `... functional as F`
            if qual == "torch.nn.functional":
                self.ctx.imports.torch_nn_functional = local

    def _import_foreign(self, module: str, level: int, state: State) -> dict[str, Value] | None:
        """The top-level names of a workspace module, analysed without reporting (cached)."""
        if self.resolver is None or self.import_depth >= 2:
            return None
        key = (module, level)
        if key not in self.foreign:
            self.foreign[key] = None  # guards against import cycles
            try:
                found = self.resolver(module, level)
            except Exception:  # a resolver failure must not stop the analysis
                log.exception("resolving %s failed", module)
                found = None
            if found is None or found.path == self.main_src.path:
                return None
            self.foreign[key] = self._run_foreign(found)
        entry = self.foreign[key]
        if entry is None:
            return None
        env, fstate = entry
        for oid, obj in fstate.heap.items():
            state.heap.setdefault(oid, obj)
        return env

    def _run_foreign(self, found: ForeignModule) -> tuple[dict[str, Value], State] | None:
        parsed = parse_shared(found.text, found.path)
        source = SourceInfo(found.text, found.path, parsed.text)
        sub = Interpreter(
            source,
            # Its own context: how that file spells torch must not leak into this file's fixes.
            RuleContext(source, self.ctx.config, parsed.tree),
            [],
            resolver=self.resolver,
            graph=self.graph,
            import_depth=self.import_depth + 1,
        )
        sub.main_src = self.main_src  # positions inside it are foreign: Why.path is set
        sub.muted = 1
        sub.max_steps = 20 * max(1, len(parsed.tree.body)) + 500
        fstate = State()
        sub.frame = Frame(None, (-2 - self.import_depth,), fstate.env)
        try:
            sub.exec_block(parsed.tree.body, fstate)
        except RecursionError:
            return None
        except Exception:  # an engine bug on that file: this file goes on without its names
            log.warning("internal error analysing imported %s", found.path, exc_info=True)
            return None
        self.steps += sub.steps
        return fstate.env, fstate

    def stmt_FunctionDef(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, state: State) -> None:
        decorators = [self.eval(deco, state) for deco in stmt.decorator_list]
        cls = self._current_class
        kind = "function"
        if cls is not None:
            kind = "method"
            for deco in stmt.decorator_list:
                name = plain_name(deco)
                if name == "staticmethod":
                    kind = "staticmethod"
                elif name == "classmethod":
                    kind = "classmethod"
                elif name in ("property", "cached_property"):
                    kind = "property"
        qual = f"{cls.name}.{stmt.name}" if cls is not None else stmt.name
        info = FunctionInfo(
            stmt,
            stmt.name,
            qual,
            cls,
            kind,
            T.grad_decorator(stmt, *_own_decorators(stmt, decorators)),
            self.src,
            self.frame.globals,
            context_manager=_is_context_manager(stmt),
            closure=None if cls is not None else self._closure(state, stmt),
        )
        if cls is not None:
            cls.methods[stmt.name] = info
        else:
            state.env[stmt.name] = FuncV(info)
            self._register(stmt, decorators, FuncV(info), state)
        if self.frame.func is None or cls is not None:
            self.functions.append(info)
        else:
            # A nested function: analysed alone too, once.
            if all(f.node is not stmt for f in self.functions):
                self.functions.append(info)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    _current_class: ClassInfo | None = None

    def stmt_ClassDef(self, stmt: ast.ClassDef, state: State) -> None:
        bases: list[str] = []
        base_infos: list[ClassInfo] = []
        is_module = Tri.NO
        is_fn = False
        for b in stmt.bases:
            bv = self.eval(b, state)
            if isinstance(bv, TorchName):
                bases.append(bv.qualname)
                if T.is_module_class(bv.qualname):
                    is_module = Tri.YES
                if bv.qualname in ("torch.autograd.Function", "torch.autograd.function.Function"):
                    is_fn = True
            elif isinstance(bv, ClassV):
                bases.append(bv.cls.name)
                base_infos.append(bv.cls)
                if bv.cls.is_module is not Tri.NO:
                    is_module = bv.cls.is_module if is_module is Tri.NO else is_module
                is_fn = is_fn or bv.cls.is_autograd_function
            else:
                bases.append(self.text(b))
        info = ClassInfo(
            stmt, stmt.name, tuple(bases), is_module, is_fn, {}, tuple(base_infos), self.src
        )
        info.torch_base = next(
            (b for b in bases if T.is_layer_class(b)),
            next((c.torch_base for c in base_infos if c.torch_base is not None), None),
        )
        if (
            is_module is Tri.NO
            and not is_fn
            and any(isinstance(s, ast.FunctionDef) and s.name == "forward" for s in stmt.body)
            and any(not isinstance(b, ast.Name) or b.id != "object" for b in stmt.bases)
        ):
            # A class with `forward` whose base we cannot see (imported from elsewhere): likely a Module.
            info.is_module = Tri.MAYBE
        outer = self._current_class
        self._current_class = info
        try:
            class_state = state.copy()
            for item in stmt.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    self.stmt_FunctionDef(item, class_state)
                elif isinstance(item, ast.ClassDef):
                    self.stmt_ClassDef(item, class_state)
                elif all(isinstance(b, ast.Name) and b.id == "object" for b in stmt.bases):
                    # a plain namespace class (not an Enum, whose members are no numbers)
                    self._class_constant(info, item, class_state)
        finally:
            self._current_class = outer
        self.classes[stmt.name] = info
        state.env[stmt.name] = ClassV(info)
        decorators = [self.eval(deco, state) for deco in stmt.decorator_list]
        self._register(stmt, decorators, ClassV(info), state)

    def _class_constant(self, info: ClassInfo, item: ast.stmt, state: State) -> None:
        """`seed = 17`, `hu_window = (-100.0, 240.0)`, `device = "cuda"` in a plain class: a
        constant of the class, unless the file assigns `Name.attr` (or `self.attr`) again."""
        if isinstance(item, ast.Assign) and len(item.targets) == 1:
            target, value_node = item.targets[0], item.value
        elif isinstance(item, ast.AnnAssign) and item.value is not None:
            target, value_node = item.target, item.value
        else:
            return
        if not isinstance(target, ast.Name):
            return
        if self.assigned_attributes is None:
            text = self.src.scan_text
            self.assigned_attributes = (
                frozenset({"*"})  # attributes set by name or through the instance's dict
                if "setattr(" in text or "__dict__" in text or "vars(" in text
                else frozenset(_ASSIGNED_ATTRIBUTE.findall(text))
            )
        if target.id in self.assigned_attributes or "*" in self.assigned_attributes:
            return
        value = self.eval(value_node, state)
        # a number, string or tuple of them; a numpy array (`mean = np.array([...])`), a
        # dtype or a device: values no later statement changes the facts of
        if _literal_value(value) or isinstance(value, NP.NumpyArray | TorchName | Device):
            info.constants[target.id] = value

    def _register(
        self,
        stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
        decorators: list[Value],
        value: Value,
        state: State,
    ) -> None:
        """Run the file's own decorators on what they decorate, for what they do: a registry
        (`@register("mlp")` storing the class in `MODELS`) is then filled as at run time.
        The name keeps the class or function itself: registering decorators return it."""
        for deco, made in zip(stmt.decorator_list, decorators, strict=True):
            if isinstance(made, FuncV) and made.func.cls is None and made.bound_self is None:
                self.call_user(made.func, (value,), {}, state, deco)

    def stmt_If(self, stmt: ast.If, state: State) -> None:
        cond = self.eval(stmt.test, state)
        truth = _truth(cond, stmt.test)
        if truth is True:
            self.exec_block(stmt.body, state)
            return
        if truth is False:
            self.exec_block(stmt.orelse, state)
            return
        gpu = self._gpu_choice(stmt)
        if gpu is not None:
            # `if use_cuda: model.cuda()`: code written for the GPU, with a fallback for
            # machines without one; as for `"cuda" if ... else "cpu"`, follow the GPU side.
            self.exec_block(stmt.body if gpu else stmt.orelse, state)
            return
        other = state.copy()
        T.narrow_isinstance(self, stmt.test, state)
        graph = self.graph
        start, outer = len(graph.nodes), graph.made
        made_body: set[int] = set()
        made_else: set[int] = set()
        try:
            graph.made = made_body
            self.exec_block(stmt.body, state)
            graph.made = made_else
            self.exec_block(stmt.orelse, other)
        finally:
            graph.made = outer
            if outer is not None:
                outer |= made_body
                outer |= made_else
        if state.live and other.live:  # the paths meet (else one goes on alone, as it is)
            _drop_stale(other, state, made_body, start)
            _drop_stale(state, other, made_else, start)
        self._join_branches(state, other, stmt)

    def _gpu_choice(self, stmt: ast.If) -> bool | None:
        """`_gpu_side` of the statement's test, walked once per statement."""
        key = id(stmt)
        if key in self.gpu_tests:
            return self.gpu_tests[key]
        gpu = self.gpu_tests[key] = _gpu_side(stmt.test)
        return gpu

    def _join_branches(self, state: State, other: State, last: ast.stmt) -> None:
        """`state` becomes where the two paths of a branch meet after `last`."""
        if not state.live:
            self._adopt(state, other)  # `if ...: return/raise`: only the other path goes on
        elif other.live:
            # read only when a branch freed a graph (rare): a walk of the function's tree
            loops = self.frame.loops
            live = functools.partial(self._live_after, last) if loops else None
            after = loops[-1].freed_after if loops else None
            self._adopt(state, join_states(self.graph, state, other, live=live, after=after))

    def _live_after(self, stmt: ast.stmt) -> tuple[frozenset[str], frozenset[str]] | None:
        """The names a branch in a loop may still hand on: read after it in the loop body or
        by the next iteration before it binds them; and those read only after the loop. A
        name bound again before any read (`out = model(x)` at the top of the body) is not:
        the graph it held is no longer reachable (see `join_states`)."""
        loop = self.frame.loops[-1].node
        if loop is None:
            return None
        key = (id(stmt), id(loop))
        found = self.live_names.get(key)
        if found is None:
            func = self.frame.func
            scope = func.node if func is not None else self.ctx.tree
            found = self.live_names[key] = _live_names(stmt, loop, scope)
        return found

    def stmt_Match(self, stmt: ast.Match, state: State) -> None:
        self.eval(stmt.subject, state)
        outs: list[State] = []
        for case in stmt.cases:
            branch = state.copy()
            self.exec_block(case.body, branch)
            outs.append(branch)
        result = state.copy()
        for branch in outs:
            result = join_states(self.graph, result, branch)
        self._adopt(state, result)

    def stmt_Try(self, stmt: ast.Try, state: State) -> None:
        entry = state.copy()
        self.exec_block(stmt.body, state)
        after_body = state.copy()
        handlers_out: list[State] = []
        for handler in stmt.handlers:
            h_state = (
                join_states(self.graph, entry, after_body) if after_body.live else entry.copy()
            )
            h_state.live = True
            if handler.name:
                h_state.env[handler.name] = UNKNOWN
            self.exec_block(handler.body, h_state)
            handlers_out.append(h_state)
        self.exec_block(stmt.orelse, state)
        result = state
        for h in handlers_out:
            result = join_states(self.graph, result, h)
        if stmt.finalbody:
            was_live = result.live
            result.live = True
            self.exec_block(stmt.finalbody, result)
            result.live = result.live and was_live
        self._adopt(state, result)

    stmt_TryStar = stmt_Try

    def stmt_With(self, stmt: ast.With | ast.AsyncWith, state: State) -> None:
        before = state.grad
        changed = False
        autocast = 0
        exits: list[tuple[Value, ast.expr]] = []
        for item in stmt.items:
            mode = T.grad_context(self, item.context_expr, state)
            if mode is not None:
                state.grad = mode
                changed = True
                self.grad_left_off = None
            else:
                if T.is_autocast(item.context_expr):
                    autocast = 1
                self.yield_grad = None
                value = self.eval(item.context_expr, state)
                if self.yield_grad is not None:
                    # A `@contextmanager` helper entered no_grad/inference_mode around its yield.
                    state.grad = self.yield_grad
                    changed = True
                    self.yield_grad = None
                entered = self._enter_instance(value, item.context_expr, state)
                if entered is not None:
                    exits.append((value, item.context_expr))
                    changed = changed or state.grad is not before
                elif value is UNKNOWN and _GRADISH.search(self.text(item.context_expr)):
                    # `with no_grad_ctx():`, `with frozen(model):` the analysis cannot see:
                    # the grad mode inside is unknown
                    state.grad = GradMode.UNKNOWN
                    changed = True
                if item.optional_vars is not None:
                    bound = entered if entered is not None else T.enter_value(value)
                    self.assign(item.optional_vars, bound, state, None)
        # the states that leave the block early (`return`, `break`, `continue`) run the
        # `__exit__`s too (`model.train()` again after `return model(x)`)
        loop = self.frame.loops[-1] if self.frame.loops else None
        marks = (
            len(self.frame.returns),
            len(loop.breaks) if loop else 0,
            len(loop.continues) if loop else 0,
        )
        self.ctx.autocast_depth += autocast
        outer_stack, self.stack_grad = self.stack_grad, False
        try:
            self.exec_block(stmt.body, state)
        finally:
            self.ctx.autocast_depth -= autocast
            # an ExitStack entered a grad mode in the block (`enter_context(torch.no_grad())`)
            changed = changed or self.stack_grad
            self.stack_grad = outer_stack
        if exits:
            leaving = [st for _, st in self.frame.returns[marks[0] :]]
            if loop is not None:
                leaving += loop.breaks[marks[1] :] + loop.continues[marks[2] :]
            for st in ([state] if state.live else []) + leaving:
                for value, site in reversed(exits):
                    self._exit_instance(value, site, st)
                if changed:
                    st.grad = before
        if changed:
            state.grad = before

    def _context_method(self, value: Value, name: str, state: State) -> FunctionInfo | None:
        obj = state.heap.get(value.oid) if isinstance(value, ObjRef) else None
        cls = obj.cls if isinstance(obj, InstanceObj | ModuleObj) else None
        return cls.lookup(name) if cls is not None else None

    def _enter_instance(self, value: Value, site: ast.expr, state: State) -> Value | None:
        """`with InferenceSession(model) as m:` over an object of a class of this file: its
        `__enter__` runs (switching grad off or the model to eval mode as written) and
        gives what `as` binds; None when the object is no such instance."""
        enter = self._context_method(value, "__enter__", state)
        if enter is None:
            return None
        grad = state.grad
        result = self.call_user(enter, (), {}, state, site, self_value=value)
        if state.grad is grad and self._handles_grad(enter):
            # it enters a grad context in a way not followed here (`self._no_grad.__enter__()`,
            # an ExitStack, a helper method): the grad mode inside the block is not known
            state.grad = GradMode.UNKNOWN
        return result

    def _handles_grad(self, method: FunctionInfo) -> bool:
        """The text of the method's class mentions a grad context or enters one by hand."""
        cls = method.cls
        if cls is None:
            return True
        key = id(cls.node)
        found = self.grad_handling_classes.get(key)
        if found is None:
            text = "\n".join(self._lines_of(method, cls.node))
            found = self.grad_handling_classes[key] = any(word in text for word in _GRAD_WORDS)
        return found

    def _exit_instance(self, value: Value, site: ast.expr, state: State) -> None:
        """Its `__exit__` after the block, with no exception (`model.train()` again)."""
        leave = self._context_method(value, "__exit__", state)
        if leave is not None:
            none = Const(None)
            self.call_user(leave, (none, none, none), {}, state, site, self_value=value)

    stmt_AsyncWith = stmt_With

    def stmt_For(self, stmt: ast.For | ast.AsyncFor, state: State) -> None:
        named = _loader_named(stmt.iter)
        if named:
            self.loader_nodes.update(named)
            try:
                iterable = self.eval(stmt.iter, state)
            finally:
                self.loader_nodes.difference_update(named)
        else:
            iterable = self.eval(stmt.iter, state)
        children = T.container_children(iterable, state)
        runs = False
        if children is not None:
            # `for block in self.blocks:` over a ModuleList / Sequential: its modules. A
            # model's stack of blocks is never empty, whatever built it.
            iterable = Seq(children, "list") if len(children) > 1 else Seq(children, "listof")
            runs = True
        elif (mod := state.module(iterable)) is not None and (
            entries := NN.module_dict_entries(mod)
        ):
            # `for name in self.heads:` over a ModuleDict: its keys, one per iteration
            iterable = Seq(tuple(Const(k) for k in entries), "list")
        items = _unrolled_items(iterable) if self.loop_depth < 4 else None
        if items is not None:
            # `for p in [w, b]:` runs once per item, in order: each iteration gets its own.
            order = iter(items)

            def each(s: State) -> None:
                self.assign(stmt.target, next(order, items[-1]), s, None)
                self.exec_block(stmt.body, s)

            # A sequence of known items (not a zip or enumerate that may stop early) is
            # visited item by item to its end: the loop leaves with the last iteration's state.
            exact = isinstance(iterable, Seq)
            self._loop(stmt, state, each, stmt.orelse, runs=True, unrolled=len(items), exact=exact)
            return
        element = T.iter_element(self, iterable, state, stmt.iter)

        def body(s: State) -> None:
            value = element
            if self.generated_tensors:
                value = self._fresh_each_iteration(element, stmt, s)
            self.assign(stmt.target, value, s, None)
            self.exec_block(stmt.body, s)

        runs = runs or T.surely_nonempty(iterable, state)
        self._loop(stmt, state, body, stmt.orelse, runs=runs)

    stmt_AsyncFor = stmt_For

    def _fresh_each_iteration(self, value: Value, stmt: ast.stmt, state: State) -> Value:
        """`for loss in chunk_losses(...)`: what a generator yields in a loop of its own is
        made anew each time the loop asks for it. The part of its graph made in that loop
        is copied (a backward of one iteration frees nothing the next one reaches); what
        was made before it (a shared trunk, a loss computed once) stays shared."""
        if isinstance(value, Seq) and value.kind == "tuple":
            items = tuple(self._fresh_each_iteration(v, stmt, state) for v in value.items)
            return value if items == value.items else Seq(items, "tuple")
        start = self.generated_tensors.get(value.oid) if isinstance(value, TRef) else None
        if start is None or not isinstance(value, TRef):
            return value
        t = state.tensor(value)
        if t.node is None or t.node < start:
            return value
        oid = self.graph.alloc((id(stmt), value.oid), self.frame.context)
        state.heap[oid] = t.evolve(node=_copy_graph_since(self.graph, t.node, start), root=oid)
        state.saved.pop(oid, None)
        return TRef(oid)

    def stmt_While(self, stmt: ast.While, state: State) -> None:
        def body(s: State) -> None:
            cond = self.eval(stmt.test, s)
            if _truth(cond, stmt.test) is False:
                s.live = False
                return
            self.exec_block(stmt.body, s)

        self._loop(stmt, state, body, stmt.orelse)

    def _loop(
        self,
        stmt: ast.stmt,
        state: State,
        body: Callable[[State], None],
        orelse: list[ast.stmt],
        *,
        runs: bool = False,
        unrolled: int = 0,
        exact: bool = False,
    ) -> None:
        """Iterations 1 and 2 (or as many as a literal sequence has items), each from the
        state the previous one left; the exit joins them.

        Inside another loop's second iteration a loop runs once (see REPEAT_LIMIT).

        Running real iterations (not a join at the head) keeps facts certain where they are,
        so loop-carried mistakes show on iteration 2 (a hidden state not detached, a graph
        freed by the previous backward). Rules only fire on facts that hold on a path, so no
        fixpoint is needed for them; the exit state joins the entry and both iterations.
        `exact`: the loop visits every item of a sequence whose items are known (a
        literal, a model's children; a list grown in a loop stands for its items with
        two): when every iteration ran, it leaves with the last one's state (`prune()` of
        each layer in turn leaves them all pruned, not "pruned or not").
        """
        frame = LoopFrame(graph_start=len(self.graph.nodes), node=stmt)
        self.frame.loops.append(frame)
        self.loop_depth += 1
        self.training.enter_loop(stmt)
        head = state  # what the loop's exit sees if an iteration is cut short by an error
        graph = self.graph
        outer_made = graph.made
        made: set[int] = set()
        graph.made = made
        try:
            entry = state.copy()
            it1 = state.copy()
            frame.iteration_start = len(graph.nodes)
            body(it1)
            it1 = self._loop_continue(it1, frame)
            # A loop that surely runs at least once does not exit with its entry state.
            if runs and it1.live:
                head = it1
            else:
                # What the body makes again (`out = model(x)`) is, in the entry state, what
                # a previous run of an enclosing loop made there: joining it would tie the new
                # tensor to that old, freed graph. Those cells leave with the iteration's.
                for oid in made:
                    entry.heap.pop(oid, None)
                head = join_states(graph, entry, it1, loop=True)
            previous = it1
            ran = 1
            # A literal sequence's items each get their iteration, however deep the loop:
            # `sgd([w, b])` inside two training loops still visits `b`.
            deep_enough = (
                self.repeating < REPEAT_LIMIT
                and (self.loop_depth <= 2 or (self.loop_depth == 3 and self._backward_in(stmt)))
            ) or unrolled > 0
            for _ in range(max(unrolled, 2) - 1):
                if not (deep_enough and previous.live):
                    break
                if self.steps >= self.max_steps:
                    self.budget_refused = True
                    break
                nxt = previous.copy()
                self.repeating += 1
                frame.iteration_start = len(graph.nodes)
                try:
                    body(nxt)
                finally:
                    self.repeating -= 1
                nxt = self._loop_continue(nxt, frame)
                head = join_states(self.graph, head, nxt, loop=True)
                previous = nxt
                ran += 1
            if exact and ran == unrolled and previous.live:
                head = previous
        finally:
            graph.made = outer_made
            if outer_made is not None:
                outer_made |= made
            self.loop_depth -= 1
            self.frame.loops.pop()
            self.training.exit_loop(stmt, head)
        exit_state = head
        if orelse:
            exit_state = exit_state.copy()
            self.exec_block(orelse, exit_state)
        for b in frame.breaks:
            exit_state = join_states(self.graph, exit_state, b)
        if frame.freed_after:
            exit_state.freed = {**frame.freed_after, **exit_state.freed}
        exit_state.live = True
        self._adopt(state, exit_state)

    def _backward_in(self, stmt: ast.stmt) -> bool:
        """The loop's own text calls backward: micro-batches inside a batch loop inside an
        epoch loop get their second iteration, where a graph freed by the first shows."""
        key = id(stmt)
        found = self.backward_loops.get(key)
        if found is None:
            found = self.backward_loops[key] = any(
                "backward(" in line or "autograd.grad(" in line
                for line in self._lines_of(self.frame.func, stmt)
            )
        return found

    def _lines_of(self, func: FunctionInfo | None, node: ast.AST) -> list[str]:
        """The lines of `node` as the parser read them, in the file of `func` (the analysed
        file at module level)."""
        src = (func.source if func is not None else None) or self.main_src
        first = getattr(node, "lineno", 1)
        end = getattr(node, "end_lineno", None) or first
        return src.scan_lines[first - 1 : end]

    def _loop_continue(self, s: State, frame: LoopFrame) -> State:
        """The end of an iteration: the paths that `continue`d join the one that ran through
        (`if step % k: continue; loss.backward(); h = h.detach()`), what only the next
        iteration reads before binding it deciding which freed graphs stay reachable."""
        loop = frame.node
        live = functools.partial(self._live_after, loop) if loop is not None else None
        made = self.graph.made
        for c in frame.continues:
            if made and s.live and c.live:
                _drop_stale(c, s, made, frame.iteration_start)
            s = join_states(self.graph, s, c, live=live, after=frame.freed_after)
        frame.continues.clear()
        if s.freed and loop is not None and self.src is self.main_src:
            self._cut_on_schedule(s, loop, frame.graph_start, frame.freed_after)
        return s

    def _cut_on_schedule(
        self, s: State, loop: ast.stmt, graph_start: int, after: dict[int, Why]
    ) -> None:
        """Truncated backprop on a schedule (see `schedules`): a graph the loop made and a
        backward that runs on some iterations only freed is out of the next iteration's way
        when every name that carries it there is, somewhere in the body, cut from the graph
        (`h = h.detach()`, `loss = 0`): on the steps that free it, those cuts are taken to run."""
        sched = self.schedules.get(id(loop))
        if sched is None:
            tree = self.ctx.tree
            if tree is None:
                return
            if self.functions_read is None:
                self.functions_read = Functions(tree)
            sched = self.schedules[id(loop)] = schedule_of(loop, self.functions_read)
        if not sched.cut and not sched.once:
            return
        by_line: dict[int, set[int]] = {}
        for n, why in s.freed.items():
            if n >= graph_start and why.path is None and sched.runs_sometimes(why.line):
                by_line.setdefault(why.line, set()).add(n)
        reached: dict[tuple[str, int], set[int]] = {}  # by name and backward (cut periods)
        dropped: set[int] = set()
        for line, candidates in by_line.items():
            if sched.runs_once(line):
                # `if t == T - 1: loss.backward()`: it runs once, so no iteration meets what
                # it freed; code after the loop still may
                after.update((n, s.freed[n]) for n in candidates)
                dropped |= candidates
                continue
            kept: set[int] = set()
            for name in sched.carried:
                if sched.cut_for(name, line):
                    continue
                reach = reached.get((name, line))
                if reach is None:
                    reach = reached[name, line] = set()
                    for node in self._carried_nodes(s, s.env.get(name), sched, line):
                        reach.update(self.graph.ancestors(node))
                kept |= reach
            dropped |= candidates - kept
        if dropped:
            s.freed = {n: why for n, why in s.freed.items() if n not in dropped}

    @staticmethod
    def _carried_nodes(
        s: State, value: Value | None, sched: Schedule, line: int, depth: int = 3
    ) -> list[int]:
        """The graph nodes a carried value holds (an object's attributes a few levels deep),
        but for the attributes the loop cuts on the backward's steps (`model.state =
        model.state.detach()` in a helper or a method it calls)."""
        if value is None:
            return []
        obj = s.heap.get(value.oid) if isinstance(value, ObjRef) else None
        attrs = getattr(obj, "attrs", None)
        if not attrs or depth <= 0:
            return list(graph_nodes(value, s, depth))
        return [
            node
            for key, item in attrs.items()
            if not sched.cut_for("." + key, line)
            for node in Interpreter._carried_nodes(s, item, sched, line, depth - 1)
        ]

    @staticmethod
    def _adopt(state: State, other: State) -> None:
        state.env = other.env
        state.heap = other.heap
        state.saved = other.saved
        state.hazards = other.hazards
        state.freed = other.freed
        state.grad = other.grad
        state.live = other.live

    # ======================================================================= assignment
    def assign(
        self, target: ast.expr, value: Value, state: State, value_node: ast.expr | None
    ) -> None:
        if isinstance(target, ast.Name):
            if isinstance(value, TRef):
                T.bind_name(self, value, target.id, state)
            elif isinstance(value, ObjRef):
                T.name_object(value, target.id, state)
            state.env[target.id] = value
            if self.record_facts and isinstance(value, TRef):
                self._record(target, target.id, state.tensor(value))
        elif isinstance(target, ast.Tuple | ast.List):
            star = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)), None)
            if (
                star is not None
                and isinstance(value, Seq)
                and value.kind == "tuple"
                and len(value.items) >= len(target.elts) - 1
            ):
                # `coef, *_ = np.linalg.lstsq(...)`: the items around the starred name
                after = len(target.elts) - star - 1
                for elt, item in zip(target.elts[:star], value.items, strict=False):
                    self.assign(elt, item, state, None)
                self.assign(target.elts[star], UNKNOWN, state, None)
                ends = value.items[len(value.items) - after :] if after else ()
                for elt, item in zip(target.elts[star + 1 :], ends, strict=True):
                    self.assign(elt, item, state, None)
                return
            if star is None and value_node is not None:
                T.shape_unpacked(self, value_node, target.elts, state)
            items = T.unpack(self, value, len(target.elts), state, value_node)
            for elt, item in zip(target.elts, items, strict=False):
                if isinstance(elt, ast.Starred):
                    self.assign(elt.value, UNKNOWN, state, None)
                else:
                    self.assign(elt, item, state, None)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value, state)
            T.set_attribute(self, obj, target, value, state)
        elif isinstance(target, ast.Subscript):
            T.set_item(self, target, value, value_node, state)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, UNKNOWN, state, None)

    # ======================================================================= expressions
    def eval(self, node: ast.expr | None, state: State) -> Value:
        if node is None:
            return UNKNOWN
        method = _EXPR_DISPATCH.get(type(node))
        if method is None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, state)
            return UNKNOWN
        result: Value = method(self, node, state)
        return result

    def lookup(self, name: str, state: State) -> Value:
        value = state.env.get(name)
        if value is not None:
            return value
        closure = self.frame.closure
        if closure is not None:
            value = closure.get(name)
            if value is not None:
                return value
        value = self.frame.globals.get(name)
        if value is not None:
            return value
        return T.builtin(name)

    def expr_Name(self, node: ast.Name, state: State) -> Value:
        value = self.lookup(node.id, state)
        if value is UNKNOWN:
            if self.loader_nodes and id(node) in self.loader_nodes:
                return NN.Loader(node.lineno)  # `for x, y in train_loader:` of a snippet
            if self._unbound(node.id, state):
                if _MODEL_NAME.match(node.id) and self._undefined_model(node.id):
                    return PastedLayer(node.id)  # `out = model(x)` of a snippet
                if _MODEL_CLASS.match(node.id) and self._undefined_model(node.id):
                    return PastedClass(node.id)  # `model = Net().to(device)` of a snippet
        if self.record_facts and isinstance(value, TRef):
            self._record(node, node.id, state.tensor(value))
        return value

    def expr_Constant(self, node: ast.Constant, state: State) -> Value:
        return Const(node.value)

    def expr_JoinedStr(self, node: ast.JoinedStr, state: State) -> Value:
        for v in node.values:
            self.eval(v, state)
        return Const("")

    def expr_FormattedValue(self, node: ast.FormattedValue, state: State) -> Value:
        self.eval(node.value, state)
        return Const("")

    def expr_Tuple(self, node: ast.Tuple, state: State) -> Value:
        return Seq(self._elements(node.elts, state), "tuple")

    def expr_List(self, node: ast.List, state: State) -> Value:
        return Seq(self._elements(node.elts, state), "list")

    def _elements(self, elts: list[ast.expr], state: State) -> tuple[Value, ...]:
        """A display's items. `[*net.parameters(), *head.parameters()]` holds, per module,
        the tensor that stands for its parameters (what `for p in net.parameters()` gives)."""
        out: list[Value] = []
        for elt in elts:
            if not isinstance(elt, ast.Starred):
                out.append(self.eval(elt, state))
                continue
            inner = self.eval(elt.value, state)
            if isinstance(inner, Params) and not inner.named:
                out.append(NN.param_tensor(self, inner, state, elt))
            else:
                out.append(UNKNOWN)
        return tuple(out)

    def expr_Set(self, node: ast.Set, state: State) -> Value:
        for e in node.elts:
            self.eval(e, state)
        return UNKNOWN

    def expr_Dict(self, node: ast.Dict, state: State) -> Value:
        keys = [self.eval(k, state) if k is not None else None for k in node.keys]
        values = [self.eval(v, state) for v in node.values]
        for v in values:
            # `{"anchor": torch.rand(n, 2, requires_grad=True)}`: the dict keeps the leaf,
            # as a name would (`params["anchor"] + d` is no conversion losing it)
            if isinstance(v, TRef) and (t := state.tensor(v)).temporary:
                state.heap[v.oid] = t.evolve(temporary=False)
        if not all(isinstance(k, Const) and type(k.value) is str for k in keys):
            return UNKNOWN  # `**spread` or keys the analysis cannot read
        oid = self.graph.alloc(id(node), self.frame.context)
        entries = {
            str(k.value): v for k, v in zip(keys, values, strict=True) if isinstance(k, Const)
        }
        state.heap[oid] = DictObj(None, entries)
        return ObjRef(oid)

    def expr_Starred(self, node: ast.Starred, state: State) -> Value:
        self.eval(node.value, state)
        return UNKNOWN

    def expr_NamedExpr(self, node: ast.NamedExpr, state: State) -> Value:
        value = self.eval(node.value, state)
        self.assign(node.target, value, state, node.value)
        return value

    def expr_IfExp(self, node: ast.IfExp, state: State) -> Value:
        cond = self.eval(node.test, state)
        truth = _truth(cond, node.test)
        if truth is True:
            return self.eval(node.body, state)
        if truth is False:
            return self.eval(node.orelse, state)
        # Both branches on the same state (their side effects are rare); only the values join.
        a = self.eval(node.body, state)
        b = self.eval(node.orelse, state)
        if {T.parse_device(a), T.parse_device(b)} == {"cuda", "cpu"} and _asks_for_gpu(node.test):
            # `"cuda" if torch.cuda.is_available() else "cpu"`: code written for the GPU,
            # with a fallback for machines without one. Mixing devices fails where it is
            # meant to run, so the analysis follows the CUDA side.
            return Device("cuda")
        return self.join_values(state, a, b)

    def join_values(self, state: State, a: Value, b: Value) -> Value:
        """Join two values that live in the same state (a phi cell for two tensors)."""
        if a == b:
            return a
        if isinstance(a, TRef) and isinstance(b, TRef):
            pid = self.graph.phi_oid(a.oid, b.oid)
            ta, tb = state.tensor(a), state.tensor(b)
            joined = ta.join(tb)
            node = self.graph.phi_node(ta.node, tb.node) if ta.node != tb.node else ta.node
            state.heap[pid] = joined.evolve(root=pid, node=node)
            return TRef(pid)
        if (
            isinstance(a, Seq)
            and isinstance(b, Seq)
            and a.kind == b.kind
            and len(a.items) == len(b.items)
        ):
            return Seq(
                tuple(self.join_values(state, x, y) for x, y in zip(a.items, b.items, strict=True)),
                a.kind,
            )
        for x, y in ((a, b), (b, a)):
            if isinstance(x, AnyModule) and isinstance(y, ObjRef) and x.module == y.oid:
                # `model.get_submodule(p) if p else model`: the model or one of its parts
                return x
        return join_simple(a, b)

    def expr_BoolOp(self, node: ast.BoolOp, state: State) -> Value:
        values = [self.eval(v, state) for v in node.values]
        if len(values) == 1:
            return values[-1]
        truths = [_truth(v, n) for v, n in zip(values, node.values, strict=True)]
        # `not self.training and mask is not None` is false as soon as one part is; `a or b`
        # true as soon as one is (the parts' effects were all taken above, as before)
        decisive = not isinstance(node.op, ast.And)
        for value, truth in zip(values, truths, strict=True):
            if truth is decisive:
                return value if isinstance(value, Const) else Const(decisive)
        if all(t is not None for t in truths):
            return values[-1]
        return UNKNOWN

    def expr_Lambda(self, node: ast.Lambda, state: State) -> Value:
        return FuncV(
            FunctionInfo(
                node,
                "<lambda>",
                "<lambda>",
                None,
                "function",
                None,
                self.src,
                self.frame.globals,
                closure=self._closure(state, node),
            )
        )

    def _closure(self, state: State, node: ast.AST) -> dict[str, Value] | None:
        """The names a function defined here sees besides the module's: inside another
        function, that function's (a closure: an LBFGS `closure()` reading the model and the
        data), as bound where it is defined. A name the enclosing function binds again
        further down is unknown: the closure reads it when it runs, after that."""
        outer = self.frame.func
        if outer is None:
            return None
        if isinstance(outer.node, ast.Lambda):
            return self.frame.closure  # a lambda binds nothing but its parameters
        scope = {**self.frame.closure, **state.env} if self.frame.closure else dict(state.env)
        for name in self._bound_after(outer.node, node):
            scope[name] = UNKNOWN
        return scope

    def _bound_after(self, outer: ast.AST, node: ast.AST) -> frozenset[str]:
        key = id(node)
        names = self.rebound.get(key)
        if names is None:
            end: int = getattr(node, "end_lineno", None) or getattr(node, "lineno", None) or 0
            rows, bound = self._bindings(outer)
            names = self.rebound[key] = frozenset(bound[bisect.bisect_right(rows, end) :])
        return names

    def _bindings(self, outer: ast.AST) -> tuple[list[int], list[str]]:
        """The names `outer` binds or deletes, in the order of their rows (walked once per
        function: a function with many lambdas or comprehensions asks for each)."""
        key = id(outer)
        found = self.bindings.get(key)
        if found is None:
            pairs = sorted(
                (n.lineno, n.id)
                for n in ast.walk(outer)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del)
            )
            found = self.bindings[key] = ([r for r, _ in pairs], [n for _, n in pairs])
        return found

    def _comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp, state: State
    ) -> Value:
        # The first iterable is evaluated once, in the enclosing scope, as Python does.
        first_iter = self.eval(node.generators[0].iter, state)
        unrolled = self._unrolled_comprehension(node, first_iter, state)
        if unrolled is None:
            unrolled = self._flattened_comprehension(node, first_iter, state)
        if unrolled is not None:
            return unrolled
        inner = state.copy()
        for i, gen in enumerate(node.generators):
            it = first_iter if i == 0 else self.eval(gen.iter, inner)
            self.assign(gen.target, T.iter_element(self, it, inner, gen.iter), inner, None)
            for cond in gen.ifs:
                self.eval(cond, inner)
                T.narrow_isinstance(self, cond, inner, submodules_only=True)
        # A comprehension is a loop to the training rules (`[model(x) for x in xs]` in an
        # evaluation function), summarised under its statement (what a fix would wrap).
        stmt = self.stmt
        as_loop = isinstance(stmt, ast.stmt) and not isinstance(stmt, _LOOP_STATEMENTS)
        if as_loop:
            self.training.enter_loop(stmt)
        try:
            if isinstance(node, ast.DictComp):
                self.eval(node.key, inner)
                elem = self.eval(node.value, inner)
            else:
                elem = self.eval(node.elt, inner)
        finally:
            if as_loop:
                self.training.exit_loop(stmt, inner)
        _keep_effects(state, inner)
        if isinstance(node, ast.ListComp) and isinstance(elem, TRef):
            return T.list_of(elem)
        if isinstance(node, ast.ListComp | ast.GeneratorExp) and _listed(elem, state):
            # (`zip(*(load(s) for s in batch))`: a generator of rows, transposed)
            return Seq((elem,), "listof")
        if isinstance(node, ast.GeneratorExp) and isinstance(elem, TRef):
            return T.list_of(elem, kind="generator")
        if isinstance(node, ast.GeneratorExp) and (
            state.module(elem) is not None or const_type(elem) in (int, float)
        ):
            # `nn.ModuleList(nn.Linear(a, b) for a, b in ...)`, `sum(ord(c) for c in s)`
            return Seq((elem,), "listof")
        kind: Value | None = T.number_kind(elem) if isinstance(node, ast.DictComp) else None
        if kind is None and isinstance(node, ast.DictComp) and isinstance(elem, TRef):
            # `fast = {n: p - lr * g for (n, p), g in zip(...)}`: one tensor made per entry,
            # all alike (as `[... for ...]` makes a list of one tensor standing for all)
            kind = elem
        if kind is not None:
            # `word2idx = {w: i for i, w in enumerate(vocab)}`: its entries are ints
            oid = self.graph.alloc(id(node), self.frame.context)
            state.heap[oid] = DictObj(None, {}, exact=False, values=kind)
            return ObjRef(oid)
        return UNKNOWN

    def _unrolled_comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        iterable: Value,
        state: State,
    ) -> Value | None:
        """`(t.view(B, T, h, d) for t in (q, k, v))` over a short literal sequence of different
        tensors: one item per element, each made on its own (`q, k, v = ...` unpacks them).
        `{name: head(x) for name, head in self.heads.items()}` over the known entries of a
        dict or ModuleDict: a dict with one entry per key."""
        if isinstance(node, ast.SetComp) or len(node.generators) != 1:
            return None
        gen = node.generators[0]
        if gen.ifs or gen.is_async:
            return None
        if not isinstance(node, ast.DictComp) and not (
            (
                isinstance(gen.iter, ast.Tuple | ast.List)
                and all(isinstance(e, ast.Name) for e in gen.iter.elts)
            )
            or (
                # `tuple(h.detach() for h in hidden)` of an LSTM's (h, c)
                isinstance(iterable, Seq)
                and iterable.kind == "tuple"
                and 1 <= len(iterable.items) <= _MAX_UNROLL
                and all(isinstance(i, TRef) for i in iterable.items)
            )
        ):
            return None
        items = _unrolled_items(iterable)
        if (
            items is None
            and isinstance(node, ast.DictComp)
            and isinstance(iterable, Seq)
            and iterable.kind in ("list", "tuple")
            and 1 <= len(iterable.items) <= _MAX_UNROLL
        ):
            # `{t: nn.Linear(h, k) for t, k in TASKS.items()}`: one entry per known item,
            # even when the items hold no tensors (the keys are what a dict needs)
            items = iterable.items
        if items is None:
            return None
        inner = state.copy()
        context = self.frame.context
        made: list[Value] = []
        keys: list[Value] = []
        stmt = self.stmt
        as_loop = isinstance(stmt, ast.stmt) and not isinstance(stmt, _LOOP_STATEMENTS)
        if as_loop:
            self.training.enter_loop(stmt)  # still a loop to the training rules
        try:
            for i, item in enumerate(items):
                self.frame.context = (*context, -(i + 1))  # one allocation per element
                self.assign(gen.target, item, inner, None)
                if isinstance(node, ast.DictComp):
                    keys.append(self.eval(node.key, inner))
                    made.append(self.eval(node.value, inner))
                else:
                    made.append(self.eval(node.elt, inner))
        finally:
            self.frame.context = context
            if as_loop:
                self.training.exit_loop(stmt, inner)
        _keep_effects(state, inner)
        if not isinstance(node, ast.DictComp):
            return Seq(tuple(made), "list")
        entries = {
            k.value: v
            for k, v in zip(keys, made, strict=True)
            if isinstance(k, Const) and isinstance(k.value, str)
        }
        if len(entries) != len(made):
            return UNKNOWN  # keys the analysis cannot read, or the same key twice
        oid = self.graph.alloc(id(node), context)
        state.heap[oid] = DictObj(None, entries)
        return ObjRef(oid)

    def _flattened_comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        iterable: Value,
        state: State,
    ) -> Value | None:
        """`[p for m in (encoder, head) for p in m.parameters()]` over a short known sequence:
        the inner items of each outer item, kept apart (one tensor per module)."""
        if not isinstance(node, ast.ListComp | ast.GeneratorExp) or len(node.generators) != 2:
            return None
        outer, inner_gen = node.generators
        if (
            outer.ifs
            or inner_gen.ifs
            or outer.is_async
            or inner_gen.is_async
            or not isinstance(node.elt, ast.Name)
            or not isinstance(inner_gen.target, ast.Name)
            or node.elt.id != inner_gen.target.id
            or not isinstance(iterable, Seq)
            or iterable.kind not in ("list", "tuple")
            or not 1 <= len(iterable.items) <= _MAX_UNROLL
        ):
            return None
        inner = state.copy()
        kinds: list[Value] = []
        for item in iterable.items:
            self.assign(outer.target, item, inner, None)
            made = T.iter_element(self, self.eval(inner_gen.iter, inner), inner, inner_gen.iter)
            if not isinstance(made, TRef):
                return None
            if made not in kinds:
                kinds.append(made)
        _keep_effects(state, inner)
        return Seq(tuple(kinds), "listof" if len(kinds) == 1 else "listmix")

    expr_ListComp = _comprehension
    expr_SetComp = _comprehension
    expr_GeneratorExp = _comprehension
    expr_DictComp = _comprehension

    def expr_Await(self, node: ast.Await, state: State) -> Value:
        self.eval(node.value, state)
        return UNKNOWN

    def expr_Yield(self, node: ast.Yield, state: State) -> Value:
        value = self.eval(node.value, state)
        if self.yield_sinks and self.frame.func is not None:
            sink = self.yield_sinks.get(id(self.frame.func.node))
            if sink is not None:
                sink.append((value, dict(state.heap)))
        if self.yielded and self.frame.func is not None:
            values = self.yielded.get(id(self.frame.func.node))
            if values is not None:
                values.append(value)
                if self.frame.loops:
                    start = self.frame.loops[-1].graph_start
                    for oid in _tensor_oids([value]):
                        self.generated_tensors[oid] = start
        return UNKNOWN

    def expr_YieldFrom(self, node: ast.YieldFrom, state: State) -> Value:
        self.eval(node.value, state)
        return UNKNOWN

    def expr_Slice(self, node: ast.Slice, state: State) -> Value:
        for part in (node.lower, node.upper, node.step):
            if part is not None:
                self.eval(part, state)
        return UNKNOWN

    def expr_Attribute(self, node: ast.Attribute, state: State) -> Value:
        obj = self.eval(node.value, state)
        value = T.get_attribute(self, obj, node, state)
        if value is UNKNOWN and self.loader_nodes and id(node) in self.loader_nodes:
            return NN.Loader(node.lineno)  # `for x, y in self.train_loader:`
        if node.attr == "grad" and isinstance(obj, TRef) and self.wants(GradRead):
            self.emit(GradRead(node, self.stmt, self.operand(node.value, obj, state)))
        return value

    def expr_Subscript(self, node: ast.Subscript, state: State) -> Value:
        return T.get_item(self, node, state)

    def expr_BinOp(self, node: ast.BinOp, state: State) -> Value:
        return T.binop(self, node, state)

    def expr_UnaryOp(self, node: ast.UnaryOp, state: State) -> Value:
        return T.unaryop(self, node, state)

    def expr_Compare(self, node: ast.Compare, state: State) -> Value:
        return T.compare(self, node, state)

    def expr_Call(self, node: ast.Call, state: State) -> Value:
        return T.call(self, node, state)

    @contextmanager
    def grad_mode(self, state: State, mode: GradMode) -> Iterator[None]:
        before = state.grad
        state.grad = mode
        try:
            yield
        finally:
            state.grad = before


def _keep_effects(state: State, inner: State) -> None:
    """After a comprehension: its effects on the heap (in-place writes, mode changes) stay;
    its loop variables do not."""
    state.heap, state.saved, state.hazards, state.freed = (
        inner.heap,
        inner.saved,
        inner.hazards,
        inner.freed,
    )


def _is_test_case(cls: ClassInfo) -> bool:
    """A `unittest.TestCase` subclass (directly or through the file's own classes)."""
    return any(b.rsplit(".", 1)[-1] == "TestCase" for b in cls.bases) or any(
        _is_test_case(base) for base in cls.base_classes
    )


def _grad_switch(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> ast.Expr | None:
    """The statement of the function's own body (not under `with`, `if` or a loop) that
    calls `set_grad_enabled(...)`, the only such call in it: the mode it sets outlives the
    call."""
    if isinstance(node, ast.Lambda):
        return None
    calls = [
        n
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and plain_name(n.func) == "set_grad_enabled"
    ]
    if len(calls) != 1:
        return None  # switched back somewhere (`finally: torch.set_grad_enabled(True)`)
    return next((s for s in node.body if isinstance(s, ast.Expr) and s.value is calls[0]), None)


def few_statements(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, limit: int) -> bool:
    """At most `limit` statements, nested ones included, besides a docstring."""
    if isinstance(node, ast.Lambda):
        return True
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    count = 0
    todo: list[ast.stmt] = list(body)
    while todo:
        stmt = todo.pop()
        count += 1
        if count > limit:
            return False
        for part in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(getattr(stmt, part, ()))
    return True


def _callee_grad(func: FunctionInfo, caller: GradMode) -> GradMode:
    """The grad mode a called function runs in: the caller's, unless its decorator (or
    being an autograd.Function's forward/backward) sets one."""
    if (
        func.cls is not None
        and func.cls.is_autograd_function
        and func.name in ("forward", "backward")
    ):
        return GradMode.DISABLED
    return _DECORATOR_GRAD.get(func.grad_decorator or "", caller)


_DECORATOR_GRAD: dict[str, GradMode] = {
    "no_grad": GradMode.DISABLED,
    "inference_mode": GradMode.INFERENCE,
    "enable_grad": GradMode.ENABLED,
    "unknown": GradMode.UNKNOWN,
}


def _dataset_index(func: FunctionInfo, state: State) -> None:
    """A Dataset's `__getitem__(self, i)` is given an int by the DataLoader: indexing an
    array with it takes a dimension away (`self.meta[i, 0]` is one number)."""
    cls = func.cls
    if func.name != "__getitem__" or cls is None or not _is_dataset(cls):
        return
    params = [*func.node.args.posonlyargs, *func.node.args.args]
    if len(params) == 2 and params[1].annotation is None:
        state.env[params[1].arg] = SOME_INT


def _is_dataset(cls: ClassInfo) -> bool:
    return any(b == "torch.utils.data.Dataset" or b.endswith("Dataset") for b in cls.bases) or any(
        _is_dataset(base) for base in cls.base_classes
    )


def _beyond_alone(value: Value, state: State) -> bool:
    """An argument with facts that a function run alone cannot know (its parameters are
    unknown there): a tensor that requires grad or sits on the GPU, or a model."""
    if isinstance(value, TRef):
        t = state.tensor(value)
        return t.rg is Tri.YES or t.device == "cuda"
    return state.module(value) is not None


def _accepts(func: FunctionInfo, n_positional: int, bound: bool) -> bool:
    a = func.node.args
    if a.vararg is not None:
        return True
    capacity = len(a.posonlyargs) + len(a.args)
    if bound and func.kind in ("method", "classmethod", "property"):
        capacity -= 1
    return n_positional <= capacity


def _fingerprint(value: Value | None, state: State) -> object | None:
    """What an argument looks like to a callee, for remembering calls (None: do not remember)."""
    if value is None or isinstance(value, Unknown | TorchName | ExtName | Device | Params):
        return value
    if isinstance(value, Const):
        v = value.value
        return (
            ("c", type(v).__name__, v)
            if isinstance(v, str | int | float | bool | type(None))
            else ("c", id(v))
        )
    if isinstance(value, TRef):
        t = state.tensor(value)
        return (
            "t",
            t.dtype,
            t.rg,
            t.leaf,
            t.device,
            t.rank,
            t.interval,
            t.mask,
            t.singular,
            t.softmax_kind,
            t.lost_leaf,
            t.from_module,
            t.uninit,
            t.image,
            t.via_data,
        )
    if isinstance(value, ObjRef):
        return ("o", value.oid, id(state.heap.get(value.oid)))
    if isinstance(value, FuncV | ClassV):
        return ("f", id(value))
    return None


@functools.lru_cache(maxsize=32)
def _call_filter(rules: tuple[type[Rule], ...]) -> tuple[frozenset[str], tuple[str, ...], bool]:
    """The torch calls these rules listen to: exact names, prefixes, or all (per rule set)."""
    exact: set[str] = set()
    prefixes: list[str] = []
    every = False
    for rule in rules:
        if rule.torch_calls is None:
            every = True
        else:
            exact.update(q for q in rule.torch_calls if not q.endswith("*"))
            prefixes.extend(q[:-1] for q in rule.torch_calls if q.endswith("*"))
    return frozenset(exact), tuple(prefixes), every


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# No leading \b: it makes the scan several times slower, and `undef x` is rare enough.
_SWITCHES_MODE = re.compile(r"\.(?:eval|train)\s*\(|getattr\s*\(")
_CALLED_NAME = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_DEF_NAME = re.compile(r"(?:def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")


def _count_word(text: str, word: str) -> int:
    """How often `word` occurs in `text` as a whole identifier (str.find: a regular
    expression with a word boundary first is many times slower on a large file)."""
    count = 0
    at = text.find(word)
    size = len(word)
    while at >= 0:
        end = at + size
        if (at == 0 or not _is_word_char(text[at - 1])) and (
            end == len(text) or not _is_word_char(text[end])
        ):
            count += 1
        at = text.find(word, end)
    return count


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _unrolled_items(iterable: Value) -> tuple[Value, ...] | None:
    """The items of a short literal sequence of different tensors or objects, which a loop
    over it visits one by one (None: iterate with one element for all, as usual); for
    `enumerate(params)` and `zip(params, moments)` over such lists, the tuples in turn."""
    if isinstance(iterable, NN.Builtin) and iterable.sources:
        found = [_unrolled_items(s) for s in iterable.sources]
        n = min((len(c) for c in found if c is not None), default=0)
        if n == 0:
            return None
        columns: list[tuple[Value, ...]] = []
        for source, column in zip(iterable.sources, found, strict=True):
            if column is not None:
                columns.append(column)
            elif isinstance(source, Seq) and source.kind == "listof" and source.items:
                # a list of like items (`[zeros_like(p) for p in params]`): each row holds
                # a different one, which the analysis cannot tell apart
                columns.append((UNKNOWN,) * n)
            else:
                return None
        rows = list(zip(*columns, strict=False))
        if iterable.name == "enumerate":
            # the index stays an unknown int: stores into a list (`hidden[i] = ...`) are
            # not tracked, so an exact index would read the list's old item
            return tuple(Seq((SOME_INT, *row), "tuple") for row in rows)
        return tuple(Seq(row, "tuple") for row in rows)
    if (
        not isinstance(iterable, Seq)
        or iterable.kind == "listmix"
        or not 2 <= len(iterable.items) <= _MAX_UNROLL
    ):
        return None
    items = iterable.items
    if all(item == items[0] for item in items):
        return None
    if not any(
        _holds_reference(item) or isinstance(item, NP.NumpyArray) for item in items
    ) and not _distinct_names(items):
        return None  # numbers and the like: one element for all (numpy arrays differ)
    return items


def _distinct_names(items: tuple[Value, ...]) -> bool:
    """`for name in ("l1", "l2")`: keys or attribute names, one per iteration, so that
    `masks[name]` and `getattr(model, name)` are read as written."""
    return all(isinstance(i, Const) and type(i.value) is str for i in items)


def _holds_reference(value: Value) -> bool:
    if isinstance(value, TRef | ObjRef):
        return True
    return isinstance(value, Seq) and any(_holds_reference(v) for v in value.items)


def _is_context_manager(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorated `@contextmanager` (contextlib's, however imported) and a generator."""
    for deco in node.decorator_list:
        if plain_name(deco) in ("contextmanager", "asynccontextmanager"):
            return any(_has_yield(stmt) for stmt in node.body)
    return False


def _copy_graph_since(graph: Graph, node: int, start: int) -> int:
    """A copy of `node` and of its ancestors made at `start` or later; older ones shared."""
    # a node's parents were added before it: copying in the order of addition finds
    # every parent's copy ready
    recent = sorted(n for n in graph.ancestors(node) if n >= start)
    copies: dict[int, int] = {}
    for n in recent:
        made = graph.nodes[n]
        parents = tuple(copies.get(p, p) for p in made.parents)
        copies[n] = graph.add(made.why, made.label, made.saves, parents)
    return copies[node]


def _tensor_oids(values: list[Value]) -> set[int]:
    """The tensors among `values`, in tuples too (`yield loss, logits`)."""
    found: set[int] = set()
    todo = list(values)
    while todo:
        v = todo.pop()
        if isinstance(v, TRef):
            found.add(v.oid)
        elif isinstance(v, Seq) and v.kind == "tuple":
            todo.extend(v.items)
    return found


def _generated(yields: list[Value]) -> Value:
    """A generator's call: an iterator over the one value it always yields (`listof`), or
    over values the analysis cannot tell apart (unknown)."""
    if yields and all(v == yields[0] for v in yields) and yields[0] is not UNKNOWN:
        return Seq((yields[0],), "listof")
    return UNKNOWN


def _has_yield(stmt: ast.stmt) -> bool:
    """`stmt` yields in its own scope (not in a nested function or class)."""
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Yield | ast.YieldFrom):
            return True
        for child in ast.iter_child_nodes(node):
            if not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
            ):
                stack.append(child)
    return False


def _grad_regions(
    body: list[ast.stmt], mode: GradMode, regions: list[tuple[int, int, GradMode, ast.AST]]
) -> None:
    """Collect the statements that switch grad mode (a module-level function: a recursive
    closure would be a reference cycle keeping the tree alive)."""
    for stmt in body:
        inner = mode
        if isinstance(stmt, ast.With | ast.AsyncWith):
            for item in stmt.items:
                kind = T.grad_context_kind(item.context_expr)
                if kind is not None:
                    inner = kind
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            deco = T.grad_decorator(stmt)
            inner = _DECORATOR_MODES.get(deco or "", GradMode.ENABLED)
        if inner is not mode and inner is not GradMode.ENABLED:
            regions.append((stmt.lineno, stmt.end_lineno or stmt.lineno, inner, stmt))
        for field_name in ("body", "orelse", "finalbody"):
            sub = getattr(stmt, field_name, None)
            if isinstance(sub, list) and sub and isinstance(sub[0], ast.stmt):
                _grad_regions(sub, inner, regions)
        for handler in getattr(stmt, "handlers", ()):
            _grad_regions(handler.body, inner, regions)
        for case in getattr(stmt, "cases", ()):
            _grad_regions(case.body, inner, regions)


def _copy_cell(
    obj: Tensor | HeapObj, new_oid: int, mapping: dict[int, int], *, keep_uninit: bool
) -> Tensor | HeapObj:
    """A heap cell copied to `new_oid`, the objects it points at renamed by `mapping` (a new
    instance from a template, `copy.deepcopy`): tensors outside any graph."""
    if isinstance(obj, Tensor):
        return obj.evolve(
            root=mapping.get(obj.root, new_oid),
            node=None,
            uninit=obj.uninit if keep_uninit else None,
        )
    if isinstance(obj, ModuleObj):
        return fast_replace(
            obj,
            attrs={k: _remap(v, mapping) for k, v in obj.attrs.items()},
            ctor_args=tuple(_remap(v, mapping) for v in obj.ctor_args),
            name=None,
        )
    if isinstance(obj, InstanceObj):
        return fast_replace(obj, attrs={k: _remap(v, mapping) for k, v in obj.attrs.items()})
    return obj


def _remap(v: Value, mapping: dict[int, int]) -> Value:
    """`v` with the objects it points at renamed by `mapping` (module-level, not a recursive
    closure: that would be a reference cycle)."""
    if isinstance(v, ObjRef) and v.oid in mapping:
        return ObjRef(mapping[v.oid])
    if isinstance(v, TRef) and v.oid in mapping:
        return TRef(mapping[v.oid])
    if isinstance(v, Seq):
        return Seq(tuple(_remap(i, mapping) for i in v.items), v.kind, v.fields)
    return v


_MAX_UNROLL = 8  # items of a literal sequence a loop visits one by one

_DECORATOR_MODES = {
    "unknown": GradMode.UNKNOWN,
    "no_grad": GradMode.DISABLED,
    "inference_mode": GradMode.INFERENCE,
    "enable_grad": GradMode.ENABLED,
}


def _closure(state: State, root: int) -> dict[int, Tensor | HeapObj]:
    """The heap cells reachable from `root` (root first): an object and everything it holds."""
    out: dict[int, Tensor | HeapObj] = {}
    stack = [root]
    while stack:
        oid = stack.pop()
        if oid in out or oid not in state.heap:
            continue
        obj = state.heap[oid]
        out[oid] = obj
        values: list[Value] = []
        if isinstance(obj, ModuleObj):
            values.extend(obj.attrs.values())
            values.extend(obj.ctor_args)
        elif isinstance(obj, InstanceObj):
            values.extend(obj.attrs.values())
        while values:
            v = values.pop()
            if isinstance(v, ObjRef | TRef):
                stack.append(v.oid)
            elif isinstance(v, Seq):
                values.extend(v.items)
    return out


# Method lookup by node type, built once (string-built getattr per node was a hot spot).
_STMT_DISPATCH: dict[type, Callable[[Interpreter, ast.stmt, State], None]] = {
    getattr(ast, name[5:]): fn
    for name, fn in vars(Interpreter).items()
    if name.startswith("stmt_") and hasattr(ast, name[5:])
}
_EXPR_DISPATCH: dict[type, Callable[[Interpreter, ast.expr, State], Value]] = {
    getattr(ast, name[5:]): fn
    for name, fn in vars(Interpreter).items()
    if name.startswith("expr_") and hasattr(ast, name[5:])
}


# What a context-manager class's text says when it may switch grad recording
_GRAD_WORDS: Final = (
    "__enter__(",
    "enter_context(",
    "no_grad",
    "inference_mode",
    "set_grad_enabled",
    "enable_grad",
)


def _alike_calls(
    old: tuple[tuple[Value, ...], dict[str, Value]],
    new: tuple[tuple[Value, ...], dict[str, Value]],
) -> bool:
    """Two constructor calls that differ at most in sizes: wherever either call passes a
    tensor, an object, a dtype or device, a string, a flag or None (or leaves it out), the
    other passes the same. What `__init__` keeps of those (`register_buffer("P", t)`,
    `dtype=torch.float64`, `use_bn=False`) would otherwise be the first call's."""
    (old_args, old_kwargs), (new_args, new_kwargs) = old, new
    n = max(len(old_args), len(new_args))
    pairs = [
        (old_args[i] if i < len(old_args) else None, new_args[i] if i < len(new_args) else None)
        for i in range(n)
    ]
    pairs += [(old_kwargs.get(k), new_kwargs.get(k)) for k in old_kwargs.keys() | new_kwargs]
    return all(a == b or not (_shapes_it(a) or _shapes_it(b)) for a, b in pairs)


def _shapes_it(value: Value | None) -> bool:
    """A value that decides what a constructor builds, unlike a size."""
    if value is None:
        return False  # left out on this side: the other side's value decides
    if isinstance(value, TRef | ObjRef | TorchName):
        return True
    if isinstance(value, Seq):
        return any(_shapes_it(v) for v in value.items)
    return const_type(value) in (str, bool, type(None))


def _import_value(qualname: str) -> Value:
    if qualname == "torch" or qualname.startswith("torch."):
        return TorchName(qualname)
    return ExtName(qualname)


def _truth(value: Value, node: ast.expr) -> bool | None:
    """A condition's truth when it is a constant (`if __name__ == "__main__"` runs; `if False` does not)."""
    if (
        isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "__name__"
    ):
        return True
    if isinstance(node, ast.Name) and node.id == "TYPE_CHECKING":
        return False
    if isinstance(node, ast.Constant):
        return bool(node.value)
    if isinstance(value, Const) and isinstance(value.value, bool | int | str | type(None)):
        return bool(value.value)
    return None


def number(value: Value) -> float | None:
    return const_number(value)


__all__ = ["Interpreter", "number", "replace"]


def _is_dataclass(node: ast.ClassDef) -> bool:
    for deco in node.decorator_list:
        func = deco.func if isinstance(deco, ast.Call) else deco
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "dataclass":
            return True
    return False


def _dataclass_fields(
    cls: ClassInfo,
    args: tuple[Value, ...],
    kwargs: dict[str, Value],
    lookup: Callable[[ast.expr], Value],
    *,
    spread: bool = False,
) -> dict[str, Value]:
    """Field values as the generated __init__ binds them; defaults only when they are
    literal constants or attributes of modules (`dtype: torch.dtype = torch.float32`, read
    with `lookup`, as is a choice of device by `torch.cuda.is_available()`);
    a `field(default_factory=...)` or another expression stays unknown, and so does every
    field not passed by name when the call spreads arguments (`Config(**overrides)`)."""
    fields = cls.fields
    if fields is None:
        fields = cls.fields = [
            stmt
            for stmt in cls.node.body
            if isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and not any(
                getattr(n, "id", getattr(n, "attr", None)) == "ClassVar"
                for n in ast.walk(stmt.annotation)
            )
        ]
    inherited = bool(cls.base_classes) or bool(cls.node.bases)
    attrs: dict[str, Value] = {}
    for i, stmt in enumerate(fields):
        name = stmt.target.id  # type: ignore[union-attr]
        if name in kwargs:
            attrs[name] = kwargs[name]
        elif spread:
            attrs[name] = UNKNOWN
        elif i < len(args):
            attrs[name] = args[i] if not inherited else UNKNOWN
        elif (isinstance(stmt.value, ast.Attribute) and _dotted(stmt.value)) or isinstance(
            stmt.value, ast.IfExp
        ):
            attrs[name] = lookup(stmt.value)
        else:
            attrs[name] = _literal(stmt.value)
    return attrs


def _dotted(node: ast.expr) -> bool:
    """`torch.float32`, `DEVICE`: a name or a chain of attributes of one (no calls)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _literal(node: ast.expr | None) -> Value:
    """A literal default (`0.1`, `(64, 64)`, `((10, 13), (16, 30))`) as a value; anything
    else is unknown."""
    if isinstance(node, ast.Constant):
        return Const(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = node.operand.value if isinstance(node.operand, ast.Constant) else None
        ok = isinstance(v, int | float) and not isinstance(v, bool)
        return Const(-v) if ok else UNKNOWN  # type: ignore[operator]
    if isinstance(node, ast.Tuple) and len(node.elts) <= 64:
        items = tuple(_literal(e) for e in node.elts)
        return UNKNOWN if any(isinstance(i, Unknown) for i in items) else Seq(items, "tuple")
    return UNKNOWN


def _gpu_side(test: ast.expr) -> bool | None:
    """Whether an `if` on a choice of machine runs its body (True) or its `else` (False)
    on a GPU machine: `if use_cuda:`, `if not torch.cuda.is_available():`; None for any
    other test (a comparison of devices, a flag combined with others)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _gpu_side(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Name | ast.Attribute | ast.Call) and _asks_for_gpu(test):
        word = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
        # `if args.no_cuda:`, `if disable_gpu:`: the flag says the opposite
        return not _NEGATED_FLAG.search(word.lower())
    return None


_NEGATED_FLAG: Final = re.compile(r"(^|_)(no|not|disable|disabled|without|skip)(_|$)|^no(cuda|gpu)")


def _asks_for_gpu(test: ast.expr) -> bool:
    """`torch.cuda.is_available()`, `args.cuda`, `use_gpu`: a choice of machine, not a
    question about where a tensor already is (`x.is_cuda`, `p.device.type == "cuda"`)."""
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and node.attr in ("is_cuda", "device", "type"):
            return False
        word = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        if isinstance(word, str) and ("cuda" in word.lower() or "gpu" in word.lower()):
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("is_available", "device_count"):
            return True
    return False


_JUMPS: Final = (ast.Return, ast.Break, ast.Continue, ast.Raise, ast.Yield, ast.YieldFrom)


def _correlated_pairs(body: list[ast.stmt]) -> dict[int, int]:
    """See `Interpreter._correlated`: index of an `if` -> index of the later statement that
    tests the same (an `if`, or an assignment of a conditional expression), with no jump
    and no binding of the test's names in the `if`, between them, or in the later one's
    branches. Within six statements."""
    pairs: dict[int, int] = {}
    tested = sum(
        1
        for s in body
        if isinstance(s, ast.If) or (isinstance(s, ast.Assign) and isinstance(s.value, ast.IfExp))
    )
    if tested < 2:
        return pairs  # most bodies: no two statements on conditions at all
    for i, stmt in enumerate(body):
        if not isinstance(stmt, ast.If) or any(isinstance(b, ast.If) for b in stmt.orelse):
            continue
        test = ast.dump(stmt.test)
        names = {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
        for j in range(i + 1, min(len(body), i + 7)):
            other = body[j]
            if isinstance(other, ast.If):
                other_test: ast.expr | None = other.test
            elif (
                isinstance(other, ast.Assign)
                and len(other.targets) == 1
                and isinstance(other.value, ast.IfExp)
            ):
                other_test = other.value.test
            else:
                other_test = None
            if other_test is not None and ast.dump(other_test) == test:
                span = [stmt, *body[i + 1 : j + 1]]
                if not any(
                    isinstance(n, _JUMPS)
                    or (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id in names)
                    for part in span
                    for n in ast.walk(part)
                ):
                    pairs[i] = j
                break
    return pairs


def _live_names(
    stmt: ast.stmt, loop: ast.stmt, scope: ast.AST | None
) -> tuple[frozenset[str], frozenset[str]]:
    """See `Interpreter._live_after` (by lines: a read after the branch in the loop, or a
    read in the loop before the name's first binding there; then a read after the loop).
    Reads of a value only (`loss.item()`, `print(loss)`) after the branch do not count."""
    end = stmt.end_lineno or stmt.lineno
    first_store: dict[str, int] = {}
    reads: list[tuple[str, int]] = []
    loop_nodes = list(ast.walk(loop))
    values_only = _value_reads(loop_nodes)
    for n in loop_nodes:
        if isinstance(n, ast.Name):
            if isinstance(n.ctx, ast.Store):
                first_store[n.id] = min(first_store.get(n.id, n.lineno), n.lineno)
            elif id(n) not in values_only or n.lineno <= end:
                reads.append((n.id, n.lineno))
    live = {name for name, line in reads if line > end or line <= first_store.get(name, line)}
    after = (loop.end_lineno or loop.lineno) + 1
    if scope is None:
        return frozenset(live | set(first_store)), frozenset()  # whatever follows may read them
    scope_nodes = [n for n in ast.walk(scope) if getattr(n, "lineno", 0) >= after]
    values_only = _value_reads(scope_nodes)
    later = {
        n.id
        for n in scope_nodes
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in values_only
    }
    return frozenset(live), frozenset(later - live)


# Reads of a tensor's value, which no backward goes through: `loss.item()`, `print(loss)`.
_VALUE_ATTRIBUTES: Final = frozenset(
    {"item", "tolist", "numpy", "detach", "shape", "dtype", "device", "size", "dim"}
)
_VALUE_BUILTINS: Final = frozenset({"float", "int", "print", "str", "repr", "format", "bool"})


def _value_reads(nodes: list[ast.AST]) -> set[int]:
    """The names among `nodes` read only for their value (a logged loss after a loop)."""
    found: set[int] = set()
    for n in nodes:
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.attr in _VALUE_ATTRIBUTES
        ):
            found.add(id(n.value))
        elif (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id in _VALUE_BUILTINS
        ):
            found.update(id(a) for a in n.args if isinstance(a, ast.Name))
    return found


_ASSIGNED_ATTRIBUTE: Final = re.compile(r"\.(\w+)\s*(?:[-+*/]?=(?!=))")


def _literal_value(value: Value) -> bool:
    """A number, string, bool or None, or a tuple or list of them."""
    if isinstance(value, Seq):
        return value.kind in ("tuple", "list") and all(_literal_value(i) for i in value.items)
    return isinstance(value, Const) and (
        value.value is None or isinstance(value.value, int | float | str | bool)
    )


def _own_decorators(
    stmt: ast.FunctionDef | ast.AsyncFunctionDef, decorators: list[Value]
) -> tuple[frozenset[int], frozenset[int]]:
    """The decorators of `stmt` that are functions of the file: those returning what they
    decorate (`@register("detr")` whose inner `deco(fn)` stores `fn` and returns it), which
    keep the function as it is, grad mode included; and those returning something else (a
    wrapper, `torch.no_grad()(fn)`), whatever they are named."""
    keeping: set[int] = set()
    opaque: set[int] = set()
    for deco, made in zip(stmt.decorator_list, decorators, strict=True):
        if isinstance(made, FuncV):
            (keeping if _returns_its_argument(made.func.node) else opaque).add(id(deco))
    return frozenset(keeping), frozenset(opaque)


def _returns_its_argument(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """Every `return` of the function gives back its first parameter, unchanged."""
    if isinstance(node, ast.Lambda) or not node.args.args:
        return False
    first = node.args.args[0].arg
    returns = [s for s in _own_statements(node.body) if isinstance(s, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Name) and r.value.id == first for r in returns
    )


def _listed(elem: Value, state: State) -> bool:
    """An element a list comprehension's list keeps (the list is some number of items like
    it): pairs holding tensors (`[(x, y) for ...]`), modules (`[Block(d) for ...]`), numpy
    arrays, numbers and rows of numbers (`[float(r["y"]) for r in rows]`, `[(i, j) for ...]`)."""
    if isinstance(elem, Seq) and elem.kind == "tuple":
        # rows of numbers, with flags, names or values not known beside them
        # (`[run_episode(env) for _ in range(n)]` of `(ret, length, success)`)
        return any(isinstance(item, TRef | NP.NumpyArray) for item in elem.items) or bool(
            any(const_type(item) in (int, float) for item in elem.items)
            and all(
                item is UNKNOWN or const_type(item) in (int, float, bool, str)
                for item in elem.items
            )
        )
    if state.module(elem) is not None or isinstance(elem, NP.NumpyArray):
        return True
    if isinstance(elem, ObjRef) and isinstance(state.heap.get(elem.oid), InstanceObj):
        # records: `[{"seed": i, "label": int(g)} for ...]`, `[Graph(x, y) for ...]`
        return True
    while isinstance(elem, Seq) and elem.kind == "listof" and elem.items:
        elem = elem.items[0]
    return const_type(elem) in (int, float)


def _own_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a function body, nested blocks included, nested definitions' bodies
    not (they are functions of their own)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for field_name in ("body", "orelse", "finalbody"):
            sub = getattr(stmt, field_name, None)
            if isinstance(sub, list) and sub and isinstance(sub[0], ast.stmt):
                yield from _own_statements(sub)
        for handler in getattr(stmt, "handlers", ()):
            yield from _own_statements(handler.body)
        for case in getattr(stmt, "cases", ()):
            yield from _own_statements(case.body)


def _drop_stale(s: State, fresh: State, made: set[int], start: int) -> None:
    """Before two paths meet: the tensors the `fresh` path made anew (allocated on it, with
    graph nodes from `start` on) that `s` holds from before `start` (made by an earlier call
    of the function, or an earlier iteration) leave `s`. Nothing on `s` made them, so what
    refers to them there is from then; joined, the old graph would be tied to the new one
    (a loss appended under an `if` in a loss function called each step would reach the
    graph the previous step's backward freed)."""
    heap, new_heap = s.heap, fresh.heap
    for oid in made:
        old = heap.get(oid)
        if not isinstance(old, Tensor) or old.node is None or old.node >= start:
            continue
        new = new_heap.get(oid)
        if isinstance(new, Tensor) and new.node is not None and new.node >= start:
            del heap[oid]


def _knows_as_much_as_alone(func: FunctionInfo, env: dict[str, Value], same_grad: bool) -> bool:
    """Whether a call bound at least what analysing `func` alone would: known arguments, or
    unknown ones (bound from their annotations, as alone) in the grad mode it starts in alone."""
    if same_grad:
        return True
    a = func.node.args
    params = [*a.posonlyargs, *a.args, *a.kwonlyargs]
    if any(isinstance(env.get(p.arg), Unknown) for p in params):
        return False
    return not (a.vararg is not None and isinstance(env.get(a.vararg.arg), Unknown))


# A loop over something the analysis cannot see whose name says it is a DataLoader
# (`loader`, `train_loader`, `val_dl`): its batches do not require grad, as a DataLoader's.
_LOADER_NAME: Final = re.compile(r"(?:loader|(?:^|_)dl)$", re.IGNORECASE)
_LOADER_WRAPPERS: Final = frozenset({"enumerate", "zip", "tqdm", "iter", "islice", "trange"})


def _loader_named(node: ast.expr) -> list[int]:
    """The ids of the loader-named expressions a `for` header iterates, itself or through
    `enumerate`, `zip` or `tqdm`."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in _LOADER_WRAPPERS:
            return []
        return [i for arg in node.args for i in _loader_named(arg)]
    if isinstance(node, ast.Name) and _LOADER_NAME.search(node.id):
        return [id(node)]
    if isinstance(node, ast.Attribute) and _LOADER_NAME.search(node.attr):
        return [id(node)]
    return []


def _pasted_method(func: FunctionInfo) -> bool:
    """A function of the module (not of a class) whose first parameter is `self`: a method
    pasted without its class, as snippets in questions are."""
    node = func.node
    if func.cls is not None or isinstance(node, ast.Lambda) or func.kind != "function":
        return False
    params = node.args.posonlyargs + node.args.args
    return (
        bool(params)
        and params[0].arg == "self"
        and func.closure is None
        and func.qualname == func.name
    )


def _backpropagated_result(func: FunctionInfo, self_value: Value | None) -> bool:
    """`forward` of an `nn.Module` subclass (or of a method pasted without its class), and
    a `training_step` that leaves the backward to its framework: in training, what they
    return is backpropagated. Only with one `return`: a `forward` that returns a loss in
    training and decoded predictions otherwise (`if targets is not None: return loss`) has
    results that are not all backpropagated."""
    node = func.node
    if isinstance(node, ast.Lambda) or func.name not in ("forward", "training_step"):
        return False
    if not isinstance(self_value, PastedSelf) and (func.cls is None or func.kind != "method"):
        return False
    known = _BACKPROPAGATED.get(node)
    if known is None:
        known = _BACKPROPAGATED[node] = _one_return_no_backward(func, self_value)
    return known


# Per function node (weakly: trees come and go with the documents)
_BACKPROPAGATED: weakref.WeakKeyDictionary[ast.AST, bool] = weakref.WeakKeyDictionary()


def _one_return_no_backward(func: FunctionInfo, self_value: Value | None) -> bool:
    node = func.node
    if isinstance(node, ast.Lambda):
        return False
    if func.name == "forward" and not isinstance(self_value, PastedSelf):
        assert func.cls is not None
        if func.cls.is_module is not Tri.YES or _for_inference(func.cls.node):
            return False
    src = func.source
    if src is None:
        return False
    # Read in its text: a nested function's `return` counts too, which only makes it skip.
    lines = src.scan_lines[node.lineno - 1 : node.end_lineno or node.lineno]
    if any("backward(" in line for line in lines):
        return False  # it backpropagates itself (manual optimisation)
    return sum(1 for line in lines if _RETURN_LINE.match(line)) == 1


_RETURN_LINE: Final = re.compile(r"[ \t]*return\b")


def _eval_only_rows(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[int, int]]:
    """The rows of `func` that run only in eval mode: under `if not self.training:`, or the
    `else:` of `if self.training:` (no graph is built there in inference)."""
    rows: list[tuple[int, int]] = []
    for node in ast.walk(func):
        if not isinstance(node, ast.If):
            continue
        test = node.test
        if _training_test(test) is False or (
            isinstance(test, ast.BoolOp)
            and isinstance(test.op, ast.And)
            and any(_training_test(v) is False for v in test.values)
        ):
            block = node.body  # `if not self.training:`, `if not self.training and ...:`
        elif _training_test(test) is True:
            block = node.orelse  # `else:` of `if self.training:`
        else:
            continue
        if block:
            rows.append((block[0].lineno, block[-1].end_lineno or block[-1].lineno))
    return rows


def _training_test(test: ast.expr) -> bool | None:
    """True for `self.training`, False for `not self.training` (`is False`, `== False`)."""
    if isinstance(test, ast.Attribute | ast.Name) and (
        getattr(test, "attr", None) == "training" or getattr(test, "id", None) == "training"
    ):
        return True  # `self.training`, or `training = self.training` read back

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _training_test(test.operand)
        return None if inner is None else not inner
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and isinstance(test.comparators[0].value, bool)
        and _training_test(test.left) is True
    ):
        return test.comparators[0].value
    return None


# Names a snippet gives the model it trains, defined in code that was not pasted.
_MODEL_NAME: Final = re.compile(
    r"(?:model|net|network|encoder|decoder|generator|discriminator|classifier|backbone"
    r"|student|critic|actor|policy|netG|netD|G|D|\w*_model|\w*_net|clf|mlp|cnn|convnet"
    r"|resnet\d*|vgg\d*|unet|vae|autoencoder|bert|lstm|gru|rnn|transformer)$"
)
# ... and the model classes it instantiates.
_MODEL_CLASS: Final = re.compile(
    r"(?:[A-Z]\w*)?(?:Net|Model|Network|Encoder|Decoder|Generator|Discriminator|Classifier|CNN|RNN"
    r"|MLP|Transformer|AutoEncoder|Autoencoder|VAE)\d*$"
)
_COMMENT: Final = re.compile(r"#[^\n]*")
# How a snippet freezes a model: `for p in teacher.parameters(): p.requires_grad = False`,
# `teacher.requires_grad_(False)` (a regular expression to follow the model's name).
_FREEZES: Final = r"[^\n]*" + T.FREEZES


_INFERENCE_WORDS: Final = re.compile(
    r"export|inference|predictor|deploy|onnx|traced|postprocess|serving", re.IGNORECASE
)


def _for_inference(cls: ast.ClassDef) -> bool:
    """A module made for inference only (`ExportModel`, "for serving" in its docstring): its
    forward is not trained."""
    doc = ast.get_docstring(cls, clean=False) or ""
    return bool(_INFERENCE_WORDS.search(cls.name) or _INFERENCE_WORDS.search(doc))


# What an unknown context manager is called when it may switch gradients off.
_GRADISH: Final = re.compile(r"grad|inference|frozen|freeze", re.IGNORECASE)
