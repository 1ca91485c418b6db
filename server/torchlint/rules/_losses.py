"""Finding the input and target of a loss call, functional or module, for the loss rules."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from torchlint import knowledge as K
from torchlint.analysis.events import Event, ModuleCall, Operand, TorchCall

# Every loss function's qualified names, for the rules' TorchCall interest.
LOSS_FUNCTIONS: frozenset[str] = frozenset(
    name
    for name in K.loss_names() | K.op_names()
    if name.startswith("torch.nn.functional.") and K.loss(name) is not None
)


@dataclass(frozen=True, slots=True)
class LossCall:
    qualname: str  # "torch.nn.functional.cross_entropy" or "torch.nn.CrossEntropyLoss"
    facts: K.LossFacts
    input: Operand | None
    target: Operand | None
    node: ast.Call
    event: Event

    @property
    def short(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]


def loss_call(event: Event) -> LossCall | None:
    if isinstance(event, TorchCall):
        qual = event.qualname
        args, kwargs = event.args, event.kwargs
    elif isinstance(event, ModuleCall) and event.module.qualname is not None:
        qual = event.module.qualname
        args, kwargs = event.args, event.kwargs
    else:
        return None
    facts = K.loss(qual)
    if facts is None:
        return None
    inp = args[0] if args else kwargs.get("input")
    tgt = args[1] if len(args) > 1 else kwargs.get("target")
    return LossCall(qual, facts, inp, tgt, event.node, event)


def is_cross_entropy(call: LossCall) -> bool:
    return call.short in ("cross_entropy", "CrossEntropyLoss")


def is_nll(call: LossCall) -> bool:
    return call.short in ("nll_loss", "NLLLoss")
