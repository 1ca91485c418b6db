"""
## What it does
Flags tensors on different devices combined in one op (`cpu_tensor + cuda_tensor`,
`cpu @ cuda`, `preds == cpu_labels`, `torch.cat([gpu_feats, cpu_extra])`,
`torch.where(mask, gpu_x, cpu_y)`, `torch.cdist(cpu_points, gpu_anchors)`,
`log_probs.gather(1, cpu_labels)`,
`scores.masked_fill(cpu_mask, v)` on a GPU tensor,
`torch.stft(cuda_wave, n_fft, window=torch.hann_window(n_fft))` with the window made on the
CPU), in-place arithmetic with an operand on the other device (`cpu_buffer[sl] += cuda_probs`,
`gpu_ema.add_(cpu_batch_mean)`; a plain slice write `buf[sl] = cuda_t` copies across devices and
is fine), a CPU tensor indexed by CUDA indices or a CUDA mask (`class_weights[targets]` with the
targets on the GPU; indices on the CPU may index a tensor on any device), and a module moved to the GPU (`model.cuda()`, `model.to("cuda")`) called on
a CPU tensor, or the other way round; a recurrent layer on the GPU given a CPU initial state
(`lstm(x, (h0, c0))`); a loss whose prediction and target are on different devices
(`criterion(model(x), labels)` with `labels` left on the CPU, `F.kl_div` of a student on the
GPU and a teacher's soft targets on the CPU), or a loss module holding class
weights (`weight=`, `pos_weight=`) made on the CPU and never moved, called on GPU outputs. Batches of a `DataLoader` are
known to be on the CPU when its dataset is a `TensorDataset` of CPU tensors, a torchvision
dataset, or a `Dataset` class of the file that never moves a tensor (and no `collate_fn`),
or when a `collate_fn` of the file builds them there from the dataset's items.
A device chosen as `"cuda" if torch.cuda.is_available() else "cpu"` counts as CUDA: the
code is written for the GPU, and mixing devices fails on the machine it is meant for; so
do the body of `if use_cuda: model.cuda()` (the `else` of `if not ...`) and an `argparse`
option's default (`--device`, default `"cuda"`), what a run without the option gets. A
submodule call inside `forward` is not flagged when its input got its device from the
caller: the caller's `model(x)` is, where the input should be moved. A file that sets a
default device (`torch.set_default_device(...)`, `with torch.device(...):`) is left alone:
its factories' devices are not known.

## Why is this bad?
PyTorch raises ("Expected all tensors to be on the same device, but found at least two
devices, cuda:0 and cpu!"), typically only after the slow part of a script has run. Zero-
dimensional CPU tensors and Python numbers mix freely with GPU tensors and are not flagged.
Indexing raises "indices should be either on cpu or on the same device as the indexed
tensor (cpu)". `masked_fill` raises its own message ("expected self and mask to be on the same device"):
the causal mask built with `torch.ones(T, T)` inside `forward` stays on the CPU when the
model moves, unless it is a registered buffer or made with `device=x.device`.

## Example
```python
import torch

a = torch.randn(3, device="cuda")
b = torch.randn(3)
c = a + b
```

## Use instead
```python
import torch

a = torch.randn(3, device="cuda")
b = torch.randn(3)
c = a + b.to(a.device)
```

## Fix safety
Unsafe: the fix moves one operand with `.to(...)`; check it is the one you meant to move.

## References
- DESIGN TL403
"""

from __future__ import annotations

import ast
import re
from typing import Final

from torchlint import knowledge as K
from torchlint.analysis.events import Event, InplaceWrite, ModuleCall, Operand, TorchCall
from torchlint.analysis.values import ModuleObj, Seq, TRef
from torchlint.findings import Applicability, Severity
from torchlint.rules._text import because, code, origins
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to, as_receiver

_DEVICES = frozenset({"cpu", "cuda"})
_BINARY_CALLS = frozenset(
    {
        "torch.add",
        "torch.sub",
        "torch.mul",
        "torch.div",
        "torch.matmul",
        "torch.mm",
        "torch.bmm",
        "torch.cat",
        "torch.stack",
        "torch.where",
        "torch.maximum",
        "torch.minimum",
        *(f"torch.{c}" for c in ("eq", "ne", "gt", "ge", "lt", "le")),
        # the same as methods: `pred.eq(target)`, `a.add(b)`
        *(f"Tensor.{m}" for m in ("add", "sub", "mul", "div", "matmul", "mm", "bmm")),
        # products and distances of tensors of one or more dimensions (no 0-dim operand
        # to mix in): `torch.cdist(points, anchors)`
        "torch.cdist",
        *(f"{ns}.{m}" for ns in ("torch", "Tensor") for m in ("dot", "mv", "outer")),
        *(f"Tensor.{m}" for m in ("eq", "ne", "gt", "ge", "lt", "le", "maximum", "minimum")),
        # losses: the prediction and the target must share a device
        "torch.nn.functional.cross_entropy",
        "torch.nn.functional.nll_loss",
        "torch.nn.functional.mse_loss",
        "torch.nn.functional.l1_loss",
        "torch.nn.functional.smooth_l1_loss",
        "torch.nn.functional.binary_cross_entropy",
        "torch.nn.functional.binary_cross_entropy_with_logits",
        "torch.nn.functional.kl_div",
        "torch.nn.functional.huber_loss",
    }
)
# Comparisons and method forms: a 0-dim CPU tensor mixes with CUDA ones (`scores >
# torch.tensor(margin)`), so the CPU side must be known to have dimensions.
_KNOWN_RANKS = frozenset(
    {
        *(f"Tensor.__{c}__" for c in ("eq", "ne", "gt", "ge", "lt", "le")),
        *(f"torch.{c}" for c in ("eq", "ne", "gt", "ge", "lt", "le")),
        *(f"Tensor.{m}" for m in ("add", "sub", "mul", "div", "eq", "ne", "gt", "ge", "lt", "le")),
        *(f"Tensor.{m}" for m in ("maximum", "minimum")),
        "torch.where",  # `torch.where(mask, x, torch.as_tensor(fill))`: a 0-dim fill mixes
    }
)
# CTC takes its targets and lengths on the CPU beside CUDA log-probabilities (cuDNN's
# implementation even requires them there): no device can be measured without a GPU, so
# this is written by hand, from torch's documented behaviour.
_TARGETS_ANYWHERE = frozenset({"torch.nn.CTCLoss"})
# `scores.masked_fill(mask, v)`: the mask must be on the tensor's device, 0-dim or not.
_MASKED_FILL = frozenset({"Tensor.masked_fill", "Tensor.masked_fill_", "torch.masked_fill"})
# `torch.cat([a, b])`: every tensor of the sequence on one device.
_JOINS = frozenset(
    f"torch.{f}" for f in ("cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack")
)
# Gathers: the index on the input's device, whichever way round (`(input, index)` positions
# among receiver + arguments).
_GATHERS = {
    "torch.gather": (0, 2),
    "Tensor.gather": (0, 2),
    "torch.index_select": (0, 2),
    "Tensor.index_select": (0, 2),
    "torch.take_along_dim": (0, 1),
    "Tensor.take_along_dim": (0, 1),
}
# In-place arithmetic (`t += v`, `buf[sl] += v`, `t.add_(v)`): one device, as out of place.
_INPLACE_ARITHMETIC: Final = frozenset(
    {
        *(f"{op}=" for op in ("+", "-", "*", "/")),
        *(f"[]{op}=" for op in ("+", "-", "*", "/")),
        *("add_", "sub_", "mul_", "div_"),
    }
)
# `torch.stft(x, n_fft, window=torch.hann_window(n_fft))`: the window must be on x's device.
_WINDOWED = frozenset({"torch.stft", "Tensor.stft", "torch.istft", "Tensor.istft"})
_WINDOW_POSITION = 4  # stft(input, n_fft, hop_length, win_length, window, ...)


class DeviceMismatch(Rule):
    code = "TL403"
    name = "device-mismatch"
    summary = "CPU and CUDA tensors combined in one op, or a GPU module called on CPU input."
    default_severity = Severity.ERROR
    events = (TorchCall, ModuleCall, InplaceWrite)
    torch_calls = frozenset(
        {"Tensor.__*", *_BINARY_CALLS, *_MASKED_FILL, *_WINDOWED, *_JOINS, *_GATHERS}
    )
    fix_title = "Move the operand to the other's device"
    fix_applicability = Applicability.UNSAFE
    torch_raises = True

    def __init__(self) -> None:
        self._default_device: bool | None = None  # the file sets one (read once per analysis)

    def check(self, event: Event, ctx: RuleContext) -> None:
        if self._default_device is None:
            self._default_device = _default_device_set(ctx)
        if self._default_device:
            return  # factories without `device=` follow it: their device is not known
        if isinstance(event, ModuleCall):
            if not event.via_method:  # `model.encode(x)`: its arguments need not be inputs
                self._module(event, ctx)
            return
        if isinstance(event, InplaceWrite):
            self._inplace(event, ctx)
            return
        assert isinstance(event, TorchCall)
        if event.qualname in _WINDOWED:
            self._window(event, ctx)
            return
        if event.qualname in _JOINS:
            self._joined(event, ctx)
            return
        if event.qualname == "Tensor.__getitem__":
            self._index(event, ctx)
            return
        masked_fill = event.qualname in _MASKED_FILL
        gather = _GATHERS.get(event.qualname)
        if not (
            event.qualname.startswith("Tensor.__")
            or event.qualname in _BINARY_CALLS
            or masked_fill
            or gather is not None
        ):
            return
        operands = ([event.receiver] if event.receiver is not None else []) + list(event.args)
        if gather is not None:
            operands = [operands[i] for i in gather if i < len(operands)]
        known = event.qualname in _KNOWN_RANKS
        # `torch.where(cond, a, b)`: all three on one device (0-dim CPU tensors aside)
        n = 3 if event.qualname == "torch.where" else 2
        tensors = [
            o
            for o in operands[:n]
            if o.tensor is not None
            and o.tensor.device in _DEVICES
            and o.tensor.rank != 0
            # only a CPU tensor of no dimensions mixes with CUDA ones
            and not (known and o.tensor.rank is None and o.tensor.device == "cpu")
        ]
        apart = [
            o
            for o in tensors[1:]
            if o.tensor is not None
            and tensors[0].tensor is not None
            and o.tensor.device != tensors[0].tensor.device
        ]
        if not apart or tensors[0].tensor is None or apart[0].tensor is None:
            if event.qualname in _FUNCTIONAL_WEIGHTS and operands:
                self._functional_weight(event, operands[0], ctx)
            return
        a, b = tensors[0], apart[0]
        da, db = a.tensor.device, b.tensor.device  # type: ignore[union-attr]
        if masked_fill:
            raised = f"expected self and mask to be on the same device, but got mask on {db} and self on {da}"
            self._report(event.node, a, b, str(da), str(db), ctx, raised)
            return
        self._report(event.node, a, b, str(da), str(db), ctx)

    def _inplace(self, event: InplaceWrite, ctx: RuleContext) -> None:
        """`cpu_buffer[sl] += cuda_probs`, `acc.add_(gpu_t)`: in-place arithmetic with an
        operand on the other device. Plain writes (`buf[sl] = gpu_t`, `copy_`) copy across
        devices and are fine; an operand not known to have dimensions may be a 0-dim one,
        which mixes."""
        if event.op not in _INPLACE_ARITHMETIC or event.value is None:
            return
        target, value = event.target, event.value
        a, b = target.tensor, value.tensor
        if a is None or b is None or a.device not in _DEVICES or b.device not in _DEVICES:
            return
        if a.device == b.device:
            return
        # The operand has dimensions (a 0-dim one may mix), and so has what is written: an
        # in-place result cannot grow to the operand's shape.
        if b.rank is None or b.rank < 1:
            return
        # the written tensor stays where it is: the other operand moves to it
        move = (value, f"{as_receiver(target.text, target.node)}.device")
        self._report(event.node, target, value, str(a.device), str(b.device), ctx, move=move)

    def _functional_weight(self, event: TorchCall, x: Operand, ctx: RuleContext) -> None:
        """`F.cross_entropy(logits, y, weight=w)` with `w` and the logits on different devices
        (class weights made on the GPU for a model left on the CPU, or the other way round)."""
        if x.tensor is None or x.tensor.device not in _DEVICES:
            return
        for key in _FUNCTIONAL_WEIGHTS[event.qualname]:
            w = event.kwargs.get(key)
            if w is None or w.tensor is None or w.tensor.device not in _DEVICES:
                continue
            # a 0-dim CPU tensor mixes with CUDA ones; a class weight is 1-dim or torch raises
            one_dim = w.tensor.rank not in (None, 0) or (
                key == "weight" and w.tensor.rank is None and event.qualname in _CLASS_WEIGHTED_F
            )
            if w.tensor.device != x.tensor.device and one_dim:
                self._report(event.node, x, w, str(x.tensor.device), str(w.tensor.device), ctx)
                return

    def _joined(self, event: TorchCall, ctx: RuleContext) -> None:
        """`torch.cat([cuda_feats, cpu_extra])`: the tensors of the sequence, first apart."""
        seq = event.args[0] if event.args else event.kwargs.get("tensors")
        if seq is None or not isinstance(seq.value, Seq) or seq.value.kind not in ("list", "tuple"):
            return
        elts = seq.node.elts if isinstance(seq.node, ast.List | ast.Tuple) else None
        if elts is not None and (
            len(elts) != len(seq.value.items) or any(isinstance(e, ast.Starred) for e in elts)
        ):
            elts = None
        first: Operand | None = None
        for i, item in enumerate(seq.value.items):
            if not isinstance(item, TRef):
                continue
            t = event.state.tensor(item)
            if t.device not in _DEVICES or t.rank == 0:
                continue
            here = Operand(elts[i] if elts is not None else seq.node, item, t, seq.source)
            if first is None:
                first = here
            elif first.tensor is not None and t.device != first.tensor.device:
                da = str(first.tensor.device)
                self._report(event.node, first, here, da, str(t.device), ctx)
                return

    def _index(self, event: TorchCall, ctx: RuleContext) -> None:
        """`cpu_table[cuda_ids]`: indices may be on the CPU or on the indexed tensor's device,
        so only a CPU tensor indexed by a CUDA one raises (`cuda_t[cpu_ids]` is fine)."""
        table, index = event.receiver, event.args[0] if event.args else None
        if table is None or index is None or table.tensor is None or index.tensor is None:
            return
        # a 0-dim index (`ids.squeeze()`, `picks[0]`) is a plain select on any device: only
        # an index known to have dimensions raises
        rank = index.tensor.rank
        if (
            table.tensor.device != "cpu"
            or index.tensor.device != "cuda"
            or rank is None
            or rank < 1
        ):
            return
        raised = "indices should be either on cpu or on the same device as the indexed tensor (cpu)"
        # The table moves: what it gives is then on the device the rest of the step uses.
        simple = isinstance(index.node, ast.Name | ast.Attribute)
        target = f"{index.text}.device" if simple else "'cuda'"
        self._report(event.node, table, index, "cpu", "cuda", ctx, raised, move=(table, target))

    def _window(self, event: TorchCall, ctx: RuleContext) -> None:
        """`torch.stft(wave, n_fft, window=w)` with the wave and the window apart."""
        operands = ([event.receiver] if event.receiver is not None else []) + list(event.args)
        position = _WINDOW_POSITION - (1 if event.receiver is not None else 0)
        window = event.kwargs.get("window") or (
            event.args[position] if len(event.args) > position else None
        )
        if not operands or window is None:
            return
        signal = operands[0]
        if signal.tensor is None or window.tensor is None:
            return
        da, db = signal.tensor.device, window.tensor.device
        if da in _DEVICES and db in _DEVICES and da != db:
            name = event.qualname.rsplit(".", 1)[-1]
            raised = f"{name} input and window must be on the same device"
            self._report(event.node, signal, window, str(da), str(db), ctx, raised)

    def _module(self, event: ModuleCall, ctx: RuleContext) -> None:
        mod = event.module
        if mod.qualname is not None and K.loss(mod.qualname) is not None:
            self._loss(event, ctx)
            return
        if (
            not event.args
            or mod.device not in _DEVICES
            or (mod.qualname is None and mod.cls is None)
        ):
            return
        from torchlint.analysis.facts import Tri

        if mod.has_params is not Tri.YES:
            return
        x = event.args[0]
        if x.tensor is None or x.tensor.device not in _DEVICES or x.tensor.device == mod.device:
            if mod.qualname is not None:
                self._hidden_state(event, ctx)  # `lstm(x, (h0, c0))`
            return
        if _moves_its_input(mod):
            return  # `forward(self, x)` does `x.to(self.weight.device)` itself
        if (
            event.in_module_method
            and ctx.caller_input(event.node, x.node, x.tensor.why_device, event.callers) is not None
        ):
            return  # the caller's call of the model says it, where the input is made
        message = (
            f"{code(event.module_text)} is on {mod.device}{because(mod.why_device)} but its input {code(x.text)} is on "
            f'{x.tensor.device}{because(x.tensor.why_device)}: PyTorch raises "Expected all tensors to be on the same '
            f'device". Move the input: `{x.text}.to({mod.device!r})`.'
        )
        edits = (
            append_to(ctx.source, x.node, f".to({mod.device!r})") if x.node is not None else None
        )
        related = origins(
            (f"{code(event.module_text)} is on {mod.device}", mod.why_device),
            (f"{code(x.text)} is on {x.tensor.device}", x.tensor.why_device),
        )
        ctx.report(self.finding(ctx, event.node, message, related=related, fix_edits=edits))

    def _hidden_state(self, event: ModuleCall, ctx: RuleContext) -> None:
        """A torch.nn module's other tensor arguments (an RNN's initial state) share its device."""
        mod = event.module
        for arg in event.args[1:2]:
            value = arg.value
            items = value.items if isinstance(value, Seq) else (value,)
            for index, item in enumerate(items):
                if not isinstance(item, TRef):
                    continue
                t = event.state.tensor(item)
                if t.device not in _DEVICES or t.device == mod.device:
                    continue
                text = _item_text(arg, index, ctx) or arg.text
                message = (
                    f"{code(event.module_text)} is on {mod.device}{because(mod.why_device)} but {code(text)}, "
                    f'passed to it, is on {t.device}{because(t.why_device)}: PyTorch raises "Expected all '
                    f'tensors to be on the same device" (for a recurrent layer, "Input and hidden tensors are '
                    f"not at the same device\"). Create it on the module's device."
                )
                related = origins(
                    (f"{code(event.module_text)} is on {mod.device}", mod.why_device),
                    (f"{code(text)} is on {t.device}", t.why_device),
                )
                ctx.report(self.finding(ctx, event.node, message, related=related))
                return

    def _loss(self, event: ModuleCall, ctx: RuleContext) -> None:
        """`criterion(output, target)` with the two on different devices."""
        tensors = [a for a in event.args[:2] if a.tensor is not None]
        if len(tensors) < 2 or event.module.qualname in _TARGETS_ANYWHERE:
            return
        a, b = tensors
        assert a.tensor is not None and b.tensor is not None
        da, db = a.tensor.device, b.tensor.device
        if da in _DEVICES and db in _DEVICES and da != db and b.tensor.rank != 0:
            self._report(event.node, a, b, str(da), str(db), ctx)
            return
        self._loss_weight(event, a, ctx)

    def _loss_weight(self, event: ModuleCall, x: Operand, ctx: RuleContext) -> None:
        """`nn.CrossEntropyLoss(weight=w)` with `w` made on the CPU, called on CUDA outputs (the
        weight is a buffer of the loss module: it moves only with `criterion.to(...)`)."""
        mod = event.module
        # a module known to be on the CPU still (moved on some path, or by code not followed:
        # its device is no longer known)
        if x.tensor is None or x.tensor.device not in _DEVICES or mod.device != "cpu":
            return
        for key in _WEIGHTS.get(mod.qualname or "", ()):
            if key in mod.attrs:
                continue  # `criterion.weight = w.to(device)`: not the tensor it was built with
            value = mod.ctor.get(key) or (
                mod.ctor_args[0] if key == "weight" and mod.ctor_args else None
            )
            if not isinstance(value, TRef):
                continue
            w = event.state.tensor(value)
            # a 0-dim CPU tensor mixes with CUDA ones; a class weight is 1-dim or torch raises
            one_dim = w.rank not in (None, 0) or (
                key == "weight" and w.rank is None and mod.qualname in _CLASS_WEIGHTED
            )
            if w.device not in _DEVICES or w.device == x.tensor.device or not one_dim:
                continue
            message = (
                f"{code(event.module_text)} holds `{key}` on {w.device}{because(w.why_device)} but its input "
                f"{code(x.text)} is on {x.tensor.device}{because(x.tensor.why_device)}: PyTorch raises "
                f'"Expected all tensors to be on the same device". Move the loss module with the model '
                f"(`{event.module_text}.to({x.tensor.device!r})`) or create `{key}` on that device."
            )
            related = origins(
                (f"`{key}` is on {w.device}", w.why_device),
                (f"{code(x.text)} is on {x.tensor.device}", x.tensor.why_device),
            )
            ctx.report(self.finding(ctx, event.node, message, related=related))
            return

    def _report(
        self,
        node: ast.AST,
        a: Operand,
        b: Operand,
        da: str,
        db: str,
        ctx: RuleContext,
        raised: str = "Expected all tensors to be on the same device",
        move: tuple[Operand, str] | None = None,
    ) -> None:
        """`move`: the operand the fix moves and where to (default: `b` to `da`)."""
        assert a.tensor is not None and b.tensor is not None
        moved, target = move if move is not None else (b, repr(da))
        message = (
            f"{code(a.text)} is on {da}{because(a.tensor.why_device)} but {code(b.text)} is on {db}"
            f'{because(b.tensor.why_device)}: PyTorch raises "{raised}". '
            f"Move one: `{as_receiver(moved.text, moved.node)}.to({target})`."
        )
        edits = (
            append_to(ctx.source, moved.node, f".to({target})") if moved.node is not None else None
        )
        related = origins(
            (f"{code(a.text)} is on {da}", a.tensor.why_device),
            (f"{code(b.text)} is on {db}", b.tensor.why_device),
        )
        ctx.report(self.finding(ctx, node, message, related=related, fix_edits=edits))


# Loss modules holding a tensor of weights (a buffer), by keyword; `weight` may also be the
# first positional argument.
_CLASS_WEIGHTED: Final = frozenset({"torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss"})
_WEIGHTS: Final = {
    "torch.nn.CrossEntropyLoss": ("weight",),
    "torch.nn.NLLLoss": ("weight",),
    "torch.nn.BCELoss": ("weight",),
    "torch.nn.BCEWithLogitsLoss": ("weight", "pos_weight"),
    "torch.nn.MultiLabelSoftMarginLoss": ("weight",),
}


# The functional forms: the same weights as keywords.
_CLASS_WEIGHTED_F: Final = frozenset(
    {"torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"}
)
_FUNCTIONAL_WEIGHTS: Final = {
    "torch.nn.functional.cross_entropy": ("weight",),
    "torch.nn.functional.nll_loss": ("weight",),
    "torch.nn.functional.binary_cross_entropy": ("weight",),
    "torch.nn.functional.binary_cross_entropy_with_logits": ("weight", "pos_weight"),
}


_DEFAULT_DEVICE = re.compile(r"\bset_default_device\(|\bwith\s+torch\.device\(")


def _default_device_set(ctx: RuleContext) -> bool:
    """`torch.set_default_device("cuda")` or `with torch.device("cuda"):` somewhere in the
    file: tensors made without `device=` may be on the GPU."""
    text = ctx.source.scan_text
    # substring tests first: the regex's word boundaries make it slow on a long file
    if "set_default_device(" not in text and "torch.device(" not in text:
        return False
    return _DEFAULT_DEVICE.search(text) is not None


def _moves_its_input(mod: ModuleObj) -> bool:
    """The module's own `forward` moves its first argument (`x.to(...)`, `x.cuda()`)."""
    forward = mod.cls.lookup("forward") if mod.cls is not None else None
    node = forward.node if forward is not None else None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or len(node.args.args) < 2:
        return False
    name = node.args.args[1].arg
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("to", "cuda", "cpu")
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == name
        for n in ast.walk(node)
    )


def _item_text(arg: Operand, index: int, ctx: RuleContext) -> str | None:
    """The source of item `index` of a tuple written in place: `h0` in `(h0, c0)`."""
    if isinstance(arg.node, ast.Tuple | ast.List) and index < len(arg.node.elts):
        return ctx.source.segment(arg.node.elts[index])
    return None
