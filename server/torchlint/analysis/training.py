"""What training and evaluation code does, as the interpreter sees it (filled in by the loop rules)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from torchlint.analysis.facts import Tri
from torchlint.analysis.state import State
from torchlint.analysis.values import ObjRef, TRef, Value

if TYPE_CHECKING:
    from torchlint.analysis.interpreter import Interpreter


class TrainingTracker:
    """Receives the training-relevant calls; the base version records nothing."""

    def __init__(self, ip: Interpreter) -> None:
        self.ip = ip

    def backward(self, ref: TRef, node: ast.Call, state: State) -> None:
        pass

    def zero_grad(self, ref: Value, node: ast.Call, state: State) -> None:
        pass

    def step(self, ref: Value, node: ast.Call, state: State) -> None:
        pass

    def forward(self, ref: ObjRef, node: ast.Call, state: State) -> None:
        pass

    def mode(self, ref: ObjRef, mode: Tri, node: ast.Call, state: State) -> None:
        pass

    def accumulate(self, target: ast.expr, value: Value, node: ast.AST, state: State) -> None:
        pass

    def unknown_mode(
        self, recv_node: ast.expr | None, name: str, node: ast.Call, state: State
    ) -> None:
        pass
