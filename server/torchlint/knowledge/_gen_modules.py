"""torch.nn modules, measured by building and running each one on a small input.

The recipe table below says how to build and call a module (constructor arguments, input
shapes); it holds no facts. Every fact is measured: what the forward saves for backward
(saved_tensors_hooks, matched by storage), whether train() and eval() give different
outputs, which functional it calls. Loss modules also get their target facts from
`_gen_losses`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import torch
from torch import nn

from ._gen_common import (
    public_objects,
    quiet,
    record_call,
    seed,
    storage_ptr,
    tensor_outputs,
)
from ._gen_losses import close, loss_facts, loss_inputs

_R = TypeVar("_R")


def _x(*shape: int) -> torch.Tensor:
    return torch.randn(*shape)


def _idx(*shape: int) -> torch.Tensor:
    return torch.randint(0, 10, shape)


def _shaped(*shape: int) -> Callable[[], tuple[Any, ...]]:
    return lambda: (_x(*shape),)


def _seq(n: int = 1) -> Callable[[], tuple[Any, ...]]:
    return lambda: tuple(_x(3, 2, 4) for _ in range(n))


_X4 = _shaped(2, 4)
_C1 = _shaped(1, 2, 8)
_C2 = _shaped(1, 2, 8, 8)
_C3 = _shaped(1, 2, 4, 4, 4)
_SEQ = _seq()
_LAYER: dict[str, Any] = {"d_model": 4, "nhead": 2, "dim_feedforward": 8}

# name -> (constructor, inputs). Modules missing here are built with no arguments and run on
# a (2, 4, 6, 6) input; those that fail either way are left out of the table.
RECIPES: dict[str, tuple[Callable[[], nn.Module], Callable[[], tuple[Any, ...]]]] = {
    "Linear": (lambda: nn.Linear(4, 3), _X4),
    "Bilinear": (lambda: nn.Bilinear(4, 5, 3), lambda: (_x(2, 4), _x(2, 5))),
    "Conv1d": (lambda: nn.Conv1d(2, 3, 3), _C1),
    "Conv2d": (lambda: nn.Conv2d(2, 3, 3), _C2),
    "Conv3d": (lambda: nn.Conv3d(2, 3, 3), _C3),
    "ConvTranspose1d": (lambda: nn.ConvTranspose1d(2, 3, 3), _C1),
    "ConvTranspose2d": (lambda: nn.ConvTranspose2d(2, 3, 3), _C2),
    "ConvTranspose3d": (lambda: nn.ConvTranspose3d(2, 3, 3), _C3),
    "BatchNorm1d": (lambda: nn.BatchNorm1d(3), lambda: (_x(4, 3),)),
    "BatchNorm2d": (lambda: nn.BatchNorm2d(3), lambda: (_x(4, 3, 5, 5),)),
    "BatchNorm3d": (lambda: nn.BatchNorm3d(3), lambda: (_x(2, 3, 3, 3, 3),)),
    "LayerNorm": (lambda: nn.LayerNorm(4), _X4),
    "RMSNorm": (lambda: nn.RMSNorm(4), _X4),
    "GroupNorm": (lambda: nn.GroupNorm(2, 4), lambda: (_x(2, 4, 3),)),
    "InstanceNorm1d": (lambda: nn.InstanceNorm1d(3), lambda: (_x(2, 3, 5),)),
    "InstanceNorm2d": (lambda: nn.InstanceNorm2d(3), lambda: (_x(2, 3, 4, 4),)),
    "InstanceNorm3d": (lambda: nn.InstanceNorm3d(3), lambda: (_x(2, 3, 3, 3, 3),)),
    "LocalResponseNorm": (lambda: nn.LocalResponseNorm(2), lambda: (_x(2, 4, 5, 5),)),
    "CrossMapLRN2d": (lambda: nn.CrossMapLRN2d(2), lambda: (_x(2, 4, 5, 5),)),
    "Embedding": (lambda: nn.Embedding(10, 3), lambda: (_idx(2, 3),)),
    "EmbeddingBag": (lambda: nn.EmbeddingBag(10, 3), lambda: (_idx(2, 3),)),
    "Softmax": (lambda: nn.Softmax(dim=1), _X4),
    "LogSoftmax": (lambda: nn.LogSoftmax(dim=1), _X4),
    "Softmin": (lambda: nn.Softmin(dim=1), _X4),
    "Threshold": (lambda: nn.Threshold(0.1, 0.0), _X4),
    "GLU": (lambda: nn.GLU(), _X4),
    "MaxPool1d": (lambda: nn.MaxPool1d(2), _C1),
    "MaxPool2d": (lambda: nn.MaxPool2d(2), _C2),
    "MaxPool3d": (lambda: nn.MaxPool3d(2), _C3),
    "AvgPool1d": (lambda: nn.AvgPool1d(2), _C1),
    "AvgPool2d": (lambda: nn.AvgPool2d(2), _C2),
    "AvgPool3d": (lambda: nn.AvgPool3d(2), _C3),
    "LPPool1d": (lambda: nn.LPPool1d(2, 2), _C1),
    "LPPool2d": (lambda: nn.LPPool2d(2, 2), _C2),
    "LPPool3d": (lambda: nn.LPPool3d(2, 2), _C3),
    "AdaptiveAvgPool1d": (lambda: nn.AdaptiveAvgPool1d(2), _C1),
    "AdaptiveAvgPool2d": (lambda: nn.AdaptiveAvgPool2d(2), _C2),
    "AdaptiveAvgPool3d": (lambda: nn.AdaptiveAvgPool3d(2), _C3),
    "AdaptiveMaxPool1d": (lambda: nn.AdaptiveMaxPool1d(2), _C1),
    "AdaptiveMaxPool2d": (lambda: nn.AdaptiveMaxPool2d(2), _C2),
    "AdaptiveMaxPool3d": (lambda: nn.AdaptiveMaxPool3d(2), _C3),
    "FractionalMaxPool2d": (lambda: nn.FractionalMaxPool2d(2, output_size=3), _C2),
    "FractionalMaxPool3d": (lambda: nn.FractionalMaxPool3d(2, output_size=2), _C3),
    "Upsample": (lambda: nn.Upsample(scale_factor=2), _C2),
    "UpsamplingNearest2d": (lambda: nn.UpsamplingNearest2d(scale_factor=2), _C2),
    "UpsamplingBilinear2d": (lambda: nn.UpsamplingBilinear2d(scale_factor=2), _C2),
    "PixelShuffle": (lambda: nn.PixelShuffle(2), lambda: (_x(1, 4, 2, 2),)),
    "PixelUnshuffle": (lambda: nn.PixelUnshuffle(2), lambda: (_x(1, 1, 4, 4),)),
    "ChannelShuffle": (lambda: nn.ChannelShuffle(2), lambda: (_x(1, 4, 2, 2),)),
    "Unflatten": (lambda: nn.Unflatten(1, (2, 2)), _X4),
    "Fold": (lambda: nn.Fold(output_size=(4, 4), kernel_size=2), lambda: (_x(1, 8, 9),)),
    "Unfold": (lambda: nn.Unfold(kernel_size=2), lambda: (_x(1, 2, 4, 4),)),
    "CosineSimilarity": (lambda: nn.CosineSimilarity(), lambda: (_x(2, 4), _x(2, 4))),
    "PairwiseDistance": (lambda: nn.PairwiseDistance(), lambda: (_x(2, 4), _x(2, 4))),
    "RNN": (lambda: nn.RNN(4, 3), _SEQ),
    "LSTM": (lambda: nn.LSTM(4, 3), _SEQ),
    "GRU": (lambda: nn.GRU(4, 3), _SEQ),
    "RNNCell": (lambda: nn.RNNCell(4, 3), _X4),
    "LSTMCell": (lambda: nn.LSTMCell(4, 3), _X4),
    "GRUCell": (lambda: nn.GRUCell(4, 3), _X4),
    "MultiheadAttention": (lambda: nn.MultiheadAttention(4, 2), _seq(3)),
    "TransformerEncoderLayer": (lambda: nn.TransformerEncoderLayer(**_LAYER), _SEQ),
    "TransformerDecoderLayer": (lambda: nn.TransformerDecoderLayer(**_LAYER), _seq(2)),
    "TransformerEncoder": (
        lambda: nn.TransformerEncoder(nn.TransformerEncoderLayer(**_LAYER), num_layers=1),
        _SEQ,
    ),
    "TransformerDecoder": (
        lambda: nn.TransformerDecoder(nn.TransformerDecoderLayer(**_LAYER), num_layers=1),
        _seq(2),
    ),
    "Transformer": (
        lambda: nn.Transformer(
            d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=8
        ),
        _seq(2),
    ),
    "AdaptiveLogSoftmaxWithLoss": (
        lambda: nn.AdaptiveLogSoftmaxWithLoss(4, 10, [5]),
        lambda: (_x(3, 4), _idx(3)),
    ),
}
for _d, _shape in ((1, (1, 2, 5)), (2, (1, 2, 5, 5)), (3, (1, 2, 4, 4, 4))):
    for _pad in ("ZeroPad", "ReflectionPad", "ReplicationPad", "CircularPad", "ConstantPad"):
        _args: tuple[Any, ...] = (1, 0.0) if _pad == "ConstantPad" else (1,)
        RECIPES[f"{_pad}{_d}d"] = (
            (lambda cls, a: lambda: cls(*a))(getattr(nn, f"{_pad}{_d}d"), _args),
            _shaped(*_shape),
        )

DEFAULT_INPUT = _shaped(2, 4, 6, 6)
SKIP = frozenset(
    {"Module", "Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"}
    | {"Container", "SyncBatchNorm", "Identity_", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"}
)

# ------------------------------------------------------------------------- modules


def _module_classes() -> dict[str, type[nn.Module]]:
    out = {}
    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if (
            inspect.isclass(cls)
            and issubclass(cls, nn.Module)
            and name not in SKIP
            and not name.startswith(("Lazy", "_"))
        ):
            out[name] = cls
    return out


def _is_loss(cls: type[nn.Module]) -> bool:
    return issubclass(cls, nn.modules.loss._Loss)


def _measure_module(
    make: Callable[[], nn.Module], inputs: Callable[[], tuple[Any, ...]]
) -> dict[str, Any] | None:
    seed()
    try:
        m = make()
        args = [a.requires_grad_(True) if a.dtype.is_floating_point else a for a in inputs()]
    except Exception:
        return None
    try:
        (out, call), saved = _saved_storages(lambda: record_call(m, *args))
    except Exception:
        return None
    outs = tensor_outputs(out)
    params = list(m.parameters())
    # the functional is the call that made the output from the module's input (a
    # Transformer's last call is a layer_norm of an intermediate: no single functional)
    if call is not None and not any(t is args[0] for t in call.tensors()):
        call = None
    return {
        # `nn.Identity()(x) is x`: the very tensor, a leaf stays a leaf
        "returns_input": out is args[0],
        "saves_input": storage_ptr(args[0]) in saved,  # the first input (not a loss target)
        "saves_output": bool(outs) and storage_ptr(outs[0]) in saved,  # the primary output
        "saves_parameters": any(storage_ptr(p) in saved for p in params),
        "saves_parameters_for_plain_input": bool(params) and _saves_parameters_plain(m, inputs),
        "has_parameters": bool(params),
        "mode_dependent": _mode_dependent(make, args),
        "returns_input_in_eval": _returns_input_in_eval(make, args),
        # the module's own parameters (not its submodules'): `nn.Linear(4, 3).weight` is 2-D
        "parameter_ranks": {n: p.dim() for n, p in m.named_parameters(recurse=False)},
        "rank_argument": None,
        "call": call,
    }


def _saved_storages(run: Callable[[], _R]) -> tuple[_R, set[int]]:
    """`run()` under `saved_tensors_hooks`, seeded: its result and the storages of every
    tensor autograd saved for backward meanwhile."""
    packed: list[torch.Tensor] = []

    def pack(t: torch.Tensor) -> torch.Tensor:
        packed.append(t)
        return t

    seed()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        result = run()
    return result, {p for t in packed if (p := storage_ptr(t)) is not None}


def _saves_parameters_plain(m: nn.Module, inputs: Callable[[], tuple[Any, ...]]) -> bool:
    """A parameter is saved also when the input does not require grad (a convolution keeps
    its weight either way; a linear layer fed plain data keeps none)."""
    try:
        _, saved = _saved_storages(lambda: m(*inputs()))
    except Exception:
        return False
    return any(storage_ptr(p) in saved for p in m.parameters())


def _returns_input_in_eval(make: Callable[[], nn.Module], args: Sequence[Any]) -> bool:
    """In eval mode the call gives back the very tensor it was given (`nn.Dropout`)."""
    seed()
    m = make().eval()
    x = args[0].detach()
    with torch.no_grad():
        return bool(m(x, *[a.detach() for a in args[1:]]) is x)


def _mode_dependent(make: Callable[[], nn.Module], args: Sequence[Any]) -> bool:
    """train() and eval() outputs differ on the same input (same RNG state)."""
    seed()
    m = make()
    results = []
    for train in (True, False):
        m.train(train)
        seed()
        with torch.no_grad():
            results.append(tensor_outputs(m(*[a.detach() for a in args])))
    return not all(close(a, b) for a, b in zip(*results, strict=True))


def generate(op_names: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """(modules, losses, qualname aliases); `op_names` maps a functional's qualified name to
    its op key."""
    public = public_objects()
    modules: dict[str, Any] = {}
    losses: dict[str, Any] = {}
    aliases: dict[str, str] = {}
    with quiet():
        for name, cls in _module_classes().items():
            key = f"torch.nn.{name}"
            is_loss = _is_loss(cls)
            if name in RECIPES:
                make, inputs = RECIPES[name]
            elif is_loss:
                try:
                    fixed = loss_inputs(name, cls())
                except TypeError:  # needs constructor arguments we have no recipe for
                    continue
                make = cls
                inputs = (lambda f: lambda: tuple(a.clone() for a in f))(fixed)
            else:
                make, inputs = cls, DEFAULT_INPUT
            facts = _measure_module(make, inputs)
            if facts is None:
                continue
            call = facts.pop("call")
            qualname = _functional_name(call.func if call else None, public)
            params = inspect.signature(cls.__init__).parameters
            functional = (
                op_names.get(qualname, qualname.removeprefix("torch.")) if qualname else None
            )
            modules[key] = {
                **facts,
                "functional": functional,
                "functional_qualname": qualname,
                "is_loss": is_loss,
                "inplace_arg": "inplace" in params,
                "init_arguments": [
                    n
                    for n, p in params.items()
                    if n != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                ],
            }
            aliases[f"nn.{name}"] = key
            aliases[f"{cls.__module__}.{cls.__qualname__}"] = key
            if is_loss:
                losses[key] = {"functional": modules[key]["functional"], **loss_facts(cls(), name)}
                if qualname is not None and call is not None:
                    losses[qualname] = {"functional": functional, **loss_facts(call.func, name)}
                    aliases[qualname.removeprefix("torch.")] = qualname
    return modules, losses, aliases


def _functional_name(func: Any, public: dict[int, list[str]]) -> str | None:
    """The public name of the call a module's forward made, preferring nn.functional."""
    names = sorted(public.get(id(func), ()))
    for prefix in ("torch.nn.functional.", "torch.", "Tensor."):
        for n in names:
            if n.startswith(prefix):
                return n
    return None
