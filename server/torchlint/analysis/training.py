"""What training and evaluation code does, as the interpreter sees it.

The interpreter reports backward calls, optimizer steps, gradient zeroing, forward passes,
train/eval switches and running totals here. The tracker groups them by loop (every
enclosing loop of the dynamic call stack, so a `train_step(...)` helper called in a loop
counts for that loop) and by scope (the module body, or one function analysed alone), and
at the end of each loop and scope emits the summaries the training rules read.
"""

from __future__ import annotations

import ast
import re
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from torchlint import knowledge as K
from torchlint.analysis.events import Accumulation, Forward, LoopSummary
from torchlint.analysis.facts import Tensor, Tri
from torchlint.analysis.state import State
from torchlint.analysis.values import (
    FunctionInfo,
    ModuleObj,
    ObjRef,
    Params,
    Seq,
    TRef,
    Value,
    fast_replace,
)

if TYPE_CHECKING:
    from torchlint.analysis.interpreter import Interpreter

# Text of a function that may take gradients on purpose (see `_may_take_gradients`).
_TAKES_GRADIENTS = re.compile(r"backward\(|autograd\.grad|requires_grad|\.grad\b|enable_grad")
_EVAL_NAME = re.compile(
    r"(?:^|_)(?:eval|evaluate|evaluation|valid|validate|validation|val|test|testing|predict|prediction|infer|inference"
    r"|evaluator|validator|predictor)(?:_|$|\.)"
)
# Methods that are what their class does: an `Evaluator`'s `__call__` evaluates.
_CLASS_ACTIONS = frozenset({"__call__", "run"})


def scope_name(func: FunctionInfo | None) -> str:
    """The name evaluation scopes are recognised by: the function's, or for `__call__`
    and `run` the class's too (`Evaluator.__call__`)."""
    if func is None:
        return ""
    if func.name in _CLASS_ACTIONS and func.cls is not None:
        return f"{func.cls.name}.{func.name}"
    return func.name


def is_eval_name(name: str, path: str) -> bool:
    """Functions named like evaluation code (`evaluate`, `validate_epoch`, `test`, `predict`...).

    pytest's `test_*` functions in test files are not evaluation loops."""
    lowered = name.lower()
    if lowered.startswith("test_"):
        base = path.replace("\\", "/").rsplit("/", 1)[-1]
        if (
            base.startswith("test_")
            or base.endswith("_test.py")
            or "/tests/" in path.replace("\\", "/")
        ):
            return False
    return bool(_EVAL_NAME.search(lowered))


def is_unit_test(func: FunctionInfo) -> bool:
    """A pytest-style `test_*` function that asserts (`assert model(x).shape == ...`): it
    checks the code, it does not evaluate a model, wherever the file lives."""
    node = func.node
    if not func.name.lower().startswith("test_") or isinstance(node, ast.Lambda):
        return False
    return any(isinstance(n, ast.Assert) for n in ast.walk(node))


_TRAINS = re.compile(r"\.backward\(|\.step\(")


def _result_rg(result: Value, state: State) -> Tri:
    """Whether a forward's output requires grad; a tuple of outputs (a multi-task head)
    does when one of its tensors does."""
    if isinstance(result, TRef):
        return state.tensor(result).rg
    if isinstance(result, Seq) and result.kind == "tuple":
        rgs = [state.tensor(v).rg for v in result.items if isinstance(v, TRef)]
        if Tri.YES in rgs:
            return Tri.YES
        if rgs and len(rgs) == len(result.items) and all(r is Tri.NO for r in rgs):
            return Tri.NO
    return Tri.MAYBE


def trains_in_body(func: FunctionInfo, lines: list[str]) -> bool:
    """The function itself calls backward or an optimizer step (test-time adaptation, a
    test that trains): despite its name, not evaluation code."""
    return trains_in_text(func.node, lines)


def trains_in_text(node: ast.AST, lines: list[str], model: str = "") -> bool:
    """The text of `node` (a function) calls backward or an optimizer step (`model`: the
    model evaluated there, whose own `step` method is a decoding step, not an optimizer's)."""
    end = getattr(node, "end_lineno", None) or getattr(node, "lineno", 1)
    text = "\n".join(lines[getattr(node, "lineno", 1) - 1 : end])
    return any(
        not (model and _called_on(text, m, model)) and not _environment_step(text, m)
        for m in _TRAINS.finditer(text)
    )


# A reinforcement-learning environment (`env`, `self.env`, `train_envs`, `environment`):
# its `step(action)` advances the simulation, no optimizer.
_ENVIRONMENT: Final = re.compile(r"(?:\b|_)(?:envs?|environments?)$", re.IGNORECASE)


def _environment_step(text: str, match: re.Match[str]) -> bool:
    """`env.step(` at `match`."""
    return match.group() == ".step(" and is_environment(text[: match.start()])


def is_environment(receiver: str) -> bool:
    """`receiver` (the text before `.step(`) ends with an environment's name."""
    return bool(_ENVIRONMENT.search(receiver))


def _called_on(text: str, match: re.Match[str], receiver: str) -> bool:
    """`receiver.step(` at `match` (not `other_receiver.step(`)."""
    start = match.start() - len(receiver)
    return (
        match.group() == ".step("
        and text.startswith(receiver, start)
        and (start == 0 or not (text[start - 1].isalnum() or text[start - 1] in "_."))
    )


@dataclass
class AccumulationRecord:
    node: ast.AST
    stmt: ast.stmt
    target: str
    value_text: str
    value_node: ast.expr | None
    graph_node: int | None  # the running total's node (`+=`): must never be backpropagated
    value_graph: int | None  # the added value's node: must be what the loop backpropagates
    tensor: Tensor
    kind: str  # "augassign" (`t += v`, `d[k] += v`) | "assign" (`t = t + v`) | "append"
    loop: ast.stmt


@dataclass
class LoopRecord:
    node: ast.stmt
    scope_name: str
    backwards: dict[int, ast.Call] = field(default_factory=dict)
    steps: dict[int, tuple[ast.Call, str, bool]] = field(
        default_factory=dict
    )  # node -> (call, receiver text, known optimizer)
    zero_grads: dict[int, ast.Call] = field(default_factory=dict)
    modules: dict[int, frozenset[int] | None] = field(default_factory=dict)  # LoopSummary.modules
    forwards: dict[tuple[int, int], Forward] = field(default_factory=dict)
    grad_clears: int = 0  # `p.grad = None`, `p.grad.zero_()`
    reach: set[int] = field(default_factory=set)  # graph nodes its backward calls went through
    depth: int = 0  # inline depth of the frame the loop is in
    accumulations: dict[int, AccumulationRecord] = field(default_factory=dict)
    # (node id, text) of each name, attribute and subscript the loop reads: made once, when
    # an inner loop's totals are first judged (records live across fixpoint passes)
    loads: list[tuple[int, str]] | None = None
    first_node: int = 0  # graph nodes below this one were made before the loop started


class TrainingTracker:
    def __init__(self, ip: Interpreter) -> None:
        # A proxy, not a reference: the interpreter owns the tracker, and a cycle between
        # them would leave every analysis to the cyclic collector.
        self.ip: Interpreter = weakref.proxy(ip)
        self.loops: list[LoopRecord] = []
        self.gradient_takers: dict[int, bool] = {}  # see `_may_take_gradients`
        self.records: dict[int, LoopRecord] = {}
        self.accumulations: dict[int, AccumulationRecord] = {}
        self.backward_reach: set[int] = set()
        self.trained_modules: set[int] = set()  # modules whose forward ran in a loop with backward
        self.loaded_modules: set[int] = set()  # modules given weights with `load_state_dict`
        self.zero_grad_receivers: set[str] = (
            set()
        )  # receivers of `.zero_grad()` anywhere, as written
        self.evaluated: set[str] = set()  # unknown objects `.eval()` was called on, as written
        self.in_container = 0  # > 0 while an nn.Sequential calls its children
        # Counts what the tracker was told: a call that told it anything is not remembered
        # (replaying it from memory would hide a step or a backward from the next loop).
        self.events = 0

    def release(self) -> None:
        """Drop what the analysis recorded (see `Interpreter.release`)."""
        self.loops.clear()
        self.records.clear()
        self.accumulations.clear()

    # -- scopes ---------------------------------------------------------------------
    def begin_scope(self) -> None:
        self.accumulations = {}
        self.loaded_modules = set()  # a load elsewhere may come after this code runs
        self.backward_reach = set()
        self.evaluated = set()

    def end_scope(self) -> None:
        """Running totals never backpropagated in this scope keep their graphs alive for nothing."""
        ip = self.ip
        for acc in self.accumulations.values():
            if (
                acc.kind in ("augassign", "assign")
                and acc.graph_node is not None
                and acc.graph_node in self.backward_reach
            ):
                continue  # the total itself is backpropagated: accumulation on purpose
            if ip.wants(Accumulation):
                ip.emit(
                    Accumulation(
                        node=acc.node,
                        stmt=acc.stmt,
                        target=acc.target,
                        value_text=acc.value_text,
                        value_node=acc.value_node,
                        tensor=acc.tensor,
                        kind=acc.kind,
                        loop=acc.loop,
                    )
                )
        self.accumulations = {}

    # -- loops ----------------------------------------------------------------------
    def enter_loop(self, node: ast.stmt) -> None:
        record = self.records.get(id(node))
        if record is None or record.node is not node:
            record = self.records[id(node)] = LoopRecord(
                node, self._scope_name(), depth=self.ip.frame.depth
            )
        record.first_node = len(self.ip.graph.nodes)
        self.loops.append(record)

    def _from_reach(self, node: int | None, reach: set[int], levels: int = 3) -> bool:
        """The value is a backpropagated loss, or made from one by a few ops (`loss * bs`,
        `loss * bs / n`): the total holds that loss's graph."""
        frontier = [node] if node is not None else []
        nodes = self.ip.graph.nodes
        for _ in range(levels + 1):
            if any(n in reach for n in frontier):
                return True
            frontier = [p for n in frontier for p in nodes[n].parents]
        return False

    def _read_elsewhere(self, acc: AccumulationRecord, record: LoopRecord) -> bool:
        """The loop reads the running total outside the statement that adds to it."""
        if record.loads is None:
            record.loads = [
                (id(n), self.ip.text(n))
                for n in ast.walk(record.node)
                if isinstance(n, ast.Name | ast.Attribute | ast.Subscript)
                and isinstance(n.ctx, ast.Load)
            ]
        readers = [i for i, text in record.loads if text == acc.target]
        if not readers:
            return False
        own = {id(n) for n in ast.walk(acc.stmt)}
        return any(i not in own for i in readers)

    def _list_backpropagated(self, acc: AccumulationRecord, record: LoopRecord) -> bool:
        """The list is combined (`torch.stack(log_probs)`, `sum(losses)`) into what the loop
        backpropagates: REINFORCE's per-episode update, not graphs kept for nothing."""
        combined = re.compile(rf"(?:stack|cat|concat|sum)\(\s*{re.escape(acc.target)}\b")
        nodes = self.ip.graph.nodes
        return any(combined.search(nodes[n].op) for n in record.reach if n < len(nodes))

    def exit_loop(self, node: ast.stmt, state: State) -> None:
        record = self.loops.pop()
        if record.backwards:
            for fwd in record.forwards.values():
                if _trains(fwd):
                    self.trained_modules.add(fwd.module_oid)
            # Totals of what this training loop backpropagates: candidates for TL303. A loop
            # that only takes `autograd.grad` (an unrolled, differentiable inner optimisation)
            # keeps its graphs on purpose.
            trains = any(not returns_gradients(b) for b in record.backwards.values())
            for key, acc in record.accumulations.items():
                if (
                    trains
                    and self._from_reach(acc.value_graph, record.reach)
                    and not (acc.kind == "append" and self._list_backpropagated(acc, record))
                ):
                    self.accumulations.setdefault(key, acc)
        elif self.loops:
            # An inner loop without backward (over the tasks of a multi-task loss): what it
            # adds up is judged by the loop around it, which may backpropagate it.
            # Running totals only: a list filled there is usually stacked and used at once.
            # Pure totals only: one the inner loop also reads (a ray-marching distance
            # `t = t + d` that the next step's position uses) is part of the computation.
            outer_loop = self.loops[-1]
            outer = outer_loop.accumulations
            for key, acc in record.accumulations.items():
                if acc.kind not in ("augassign", "assign") or self._read_elsewhere(acc, record):
                    continue
                if record.depth > outer_loop.depth and self._plain_local(acc.target):
                    # `log_det = log_det + ld` over a flow's layers in `forward`, called by
                    # the training loop: a local made anew on each call
                    continue
                outer.setdefault(key, acc)
        ip = self.ip
        if ip.wants(LoopSummary):
            ip.emit(
                LoopSummary(
                    node=node,
                    scope_name=record.scope_name,
                    backwards=tuple(record.backwards.values()),
                    steps=tuple(record.steps.values()),
                    zero_grads=tuple(record.zero_grads.values()),
                    forwards=tuple(record.forwards.values()),
                    grad_clears=record.grad_clears,
                    modules=record.modules,
                    zero_grad_receivers=frozenset(self.zero_grad_receivers),
                    is_eval_scope=is_eval_name(record.scope_name, ip.src.path),
                )
            )

    def _scope_name(self) -> str:
        return scope_name(self.ip.frame.func)

    # -- events from the interpreter -----------------------------------------------
    def backward(self, ref: TRef, node: ast.Call, state: State, ancestors: list[int]) -> None:
        self.events += 1
        self.backward_reach.update(ancestors)
        for loop in self.loops:
            loop.backwards.setdefault(id(node), node)
            loop.reach.update(ancestors)

    def zero_grad(self, ref: Value, node: ast.Call, state: State) -> None:
        self.events += 1
        text = self._receiver(node)
        self.zero_grad_receivers.add(text)
        tree = module_tree(ref, state) if isinstance(ref, ObjRef) else None
        for loop in self.loops:
            loop.zero_grads.setdefault(id(node), node)
            _note_module(loop.modules, id(node), tree)

    def grad_cleared(self) -> None:
        self.events += 1
        for loop in self.loops:
            loop.grad_clears += 1

    def step(self, ref: Value, node: ast.Call, state: State, receiver: str | None = None) -> None:
        """An optimizer step; `receiver`: how the optimizer is written where the call does
        not say (`scaler.step(opt)`)."""
        self.events += 1
        opt = state.optimizer(ref)
        # A learning-rate scheduler (made under torch.optim too) steps no gradients.
        known = opt is not None and not (
            ".lr_scheduler." in opt.qualname or opt.qualname.endswith(".SWALR")
        )
        if opt is not None and not known:
            return
        text = receiver if receiver is not None else self._receiver(node)
        params = opt.params if opt is not None else None
        module = (
            frozenset({params.module})
            if isinstance(params, Params) and params.module is not None
            else None
        )
        for loop in self.loops:
            loop.steps.setdefault(id(node), (node, text, known))
            _note_module(loop.modules, id(node), module)

    def _receiver(self, node: ast.Call) -> str:
        return self.ip.text(node.func.value) if isinstance(node.func, ast.Attribute) else ""

    def forward(self, ref: ObjRef, node: ast.Call, state: State, result: Value) -> None:
        self.events += 1
        if not self.loops:
            return  # only loops keep forward passes
        mod = state.module(ref)
        if mod is None or (mod.qualname is not None and K.loss(mod.qualname) is not None):
            return
        result_rg = _result_rg(result, state)
        func = self.ip.frame.func
        nested = self.in_container > 0 or (
            func is not None and func.cls is not None and func.cls.is_module is not Tri.NO
        )
        fwd = Forward(
            node,
            mod,
            ref.oid,
            self.ip.src,
            state.grad,
            result_rg,
            self._scope_name(),
            nested,
        )
        self._record_forward((id(node), ref.oid), fwd)

    def mode(self, ref: ObjRef, mode: Tri, node: ast.Call, state: State) -> None:
        pass

    def is_trained(self, module_oid: int) -> bool:
        """The model ran forward in a loop with backward: earlier, or already in this iteration."""
        if module_oid in self.trained_modules:
            return True
        return any(
            loop.backwards
            and any(f.module_oid == module_oid and _trains(f) for f in loop.forwards.values())
            for loop in self.loops
        )

    def unknown_mode(
        self, recv_node: ast.expr | None, name: str, node: ast.Call, state: State
    ) -> None:
        """`model.eval()` on a model we cannot see (a parameter): remember it is a model in eval mode."""
        self.events += 1
        if recv_node is None:
            return
        text = self.ip.text(recv_node)
        if name == "eval":
            self.evaluated.add(text)
        else:
            self.evaluated.discard(text)

    def unknown_forward(self, node: ast.Call, state: State, result: Value) -> None:
        """A call of a model known only by its `.eval()`: an evaluation forward pass."""
        self.events += 1
        if not self.loops:
            return
        from torchlint.analysis.values import ModuleObj as _M

        mod = _M(
            qualname=None,
            cls=None,
            line=node.lineno,
            dtype=None,
            device=None,
            training=Tri.NO,
            has_params=Tri.MAYBE,
        )
        fwd = Forward(
            node,
            mod,
            0,
            self.ip.src,
            state.grad,
            Tri.MAYBE,
            self._scope_name(),
            False,
            True,
        )
        self._record_forward((id(node), 0), fwd)

    def _record_forward(self, key: tuple[int, int], fwd: Forward) -> None:
        """The first forward at this call in each open loop (a copy saying whether a
        function the loop calls made it; made only when the loop has none yet)."""
        depth = self.ip.frame.depth
        for loop in self.loops:
            if key in loop.forwards:
                continue
            levels = depth - loop.depth
            if levels <= 0:
                loop.forwards[key] = fwd
                continue
            sites = self.ip.call_sites
            site = sites[-levels] if levels <= len(sites) else None
            if (
                isinstance(site, ast.Call)
                and not self._may_take_gradients(levels)
                and not is_eval_name(fwd.scope_name, self.ip.src.path)
                and not self._made_inside(fwd.module.line, levels)
            ):
                # a plain forward runner (`run(enc, dec, src)`, also used in training) given
                # the loop's model: the loop's call of it is where the graph is made for nothing
                loop.forwards[key] = fast_replace(fwd, node=site, runner=True)
            else:
                loop.forwards[key] = fast_replace(fwd, in_helper=True)

    def _made_inside(self, line: int, levels: int) -> bool:
        """The model was made by one of the functions between the loop and its forward
        (`profile_model(name)` builds and runs its own): not the loop's model."""
        return any(
            f.node.lineno <= line <= (f.node.end_lineno or f.node.lineno)
            for f in self.ip.active[-levels:]
            if (f.source is None or f.source is self.ip.main_src)
        )

    def _may_take_gradients(self, levels: int) -> bool:
        """The functions between the loop and this forward (the innermost `levels` of
        the calls being inlined) may take gradients on purpose (a saliency map: their
        text calls backward, `autograd.grad`, asks for `requires_grad` or reads `.grad`);
        a plain forward runner (`run(enc, dec, src)`) is as the loop's own code."""
        ip = self.ip
        for func in ip.active[-levels:] if levels > 0 else ():
            known = self.gradient_takers.get(id(func.node))
            if known is None:
                text = "\n".join(ip._lines_of(func, func.node))
                known = self.gradient_takers[id(func.node)] = (
                    _TAKES_GRADIENTS.search(text) is not None
                )
            if known:
                return True
        return False

    def accumulate(
        self,
        target: ast.expr,
        value: Value,
        result: Value,
        node: ast.AST,
        kind: str,
        state: State,
        value_node: ast.expr | None = None,
    ) -> None:
        """`total += loss` / `total = total + loss` / `losses.append(loss)` inside a loop."""
        self.events += 1
        if not self.loops or not isinstance(value, TRef):
            return
        t = state.tensor(value)
        if t.rg is not Tri.YES or t.node is None:
            return
        ip = self.ip
        if isinstance(node, ast.AugAssign):
            value_node = node.value
        if isinstance(node, ast.Call) and node.args:
            value_node = node.args[0]
        graph_node = state.tensor(result).node if isinstance(result, TRef) else None
        loop = self.loops[-1]
        if self._local_of_callee(target, loop):
            return  # `out += res` in a block's forward called by the loop: a fresh name each call
        prior = loop.accumulations.get(id(node))
        if prior is not None:
            # Later iterations: keep the latest running total, and any value that was backpropagated.
            prior.graph_node = graph_node if graph_node is not None else prior.graph_node
            if prior.value_graph not in loop.reach:
                prior.value_graph = t.node
            return
        loop.accumulations[id(node)] = AccumulationRecord(
            node=node,
            stmt=ip.stmt,
            target=ip.text(target),
            value_text=ip.text(value_node) if value_node is not None else "",
            value_node=value_node,
            graph_node=graph_node,
            value_graph=t.node,
            tensor=t,
            kind=kind,
            loop=loop.node,
        )

    def _plain_local(self, name: str) -> bool:
        """`name` is a plain local of the function running now (not a `global` of it)."""
        func = self.ip.frame.func
        if not name.isidentifier() or func is None:
            return False
        return not any(
            isinstance(n, ast.Global | ast.Nonlocal) and name in n.names
            for n in ast.walk(func.node)
        )

    def _local_of_callee(self, target: ast.expr, loop: LoopRecord) -> bool:
        """A plain name of a function the loop calls (not a `global` of it): bound anew
        on each call, so it cannot carry a total from one iteration to the next."""
        return (
            isinstance(target, ast.Name)
            and self.ip.frame.depth > loop.depth
            and self._plain_local(target.id)
        )


def _trains(fwd: Forward) -> bool:
    """A forward in a loop that backpropagates trains its model, unless it is a submodule
    call or ran under no_grad (a momentum encoder, a target network)."""
    return not fwd.nested and fwd.grad.records is not Tri.NO


def returns_gradients(call: ast.Call) -> bool:
    """`torch.autograd.grad(...)` / `grad(...)`: gradients returned, `.grad` left alone."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "grad") or (
        isinstance(func, ast.Name) and func.id == "grad"
    )


def has_mode_dependent(state: State, mod: ModuleObj, seen: set[int] | None = None) -> bool:
    """The module or one of its submodules behaves differently in train and eval (dropout, batch norm)."""
    seen = seen if seen is not None else set()
    if mod.qualname is not None:
        mf = K.module(mod.qualname)
        if mf is not None and mf.mode_dependent:
            return True
    children = [v for v in (*mod.attrs.values(), *mod.ctor_args) if isinstance(v, ObjRef)]
    for child in children:
        if child.oid in seen:
            continue
        seen.add(child.oid)
        sub = state.module(child)
        if sub is not None and has_mode_dependent(state, sub, seen):
            return True
    return False


def module_tree(ref: ObjRef, state: State) -> frozenset[int] | None:
    """The heap ids of a module and all its submodules (None: not a module)."""
    if state.module(ref) is None:
        return None
    seen: set[int] = set()
    todo = [ref]
    while todo:
        r = todo.pop()
        mod = state.module(r)
        if mod is None or r.oid in seen:
            continue
        seen.add(r.oid)
        todo.extend(mod.submodules())
    return frozenset(seen)


def _note_module(
    modules: dict[int, frozenset[int] | None], call: int, module: frozenset[int] | None
) -> None:
    """The modules a call concerns; a call seen with two different ones (or none) is unknown."""
    if call not in modules:
        modules[call] = module
    elif modules[call] != module:
        modules[call] = None
