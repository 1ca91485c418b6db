"""
## What it does
Flags `F.interpolate` on a 3-D tensor used as an image `(C, H, W)`: a 2-D `size` or
`scale_factor`, or a 2-D mode (`bilinear`, `bicubic`), on a tensor known to have three
dimensions; a 3-D `size`/`scale_factor` or `trilinear` on a 4-D clip or volume
`(C, D, H, W)`; and any `size`/`scale_factor` on a tensor known to be an image (from
`torchvision.io.read_image`, `to_tensor`..., an H x W x C array turned channels-first with
`.permute(2, 0, 1)`, also after `.float() / 255`, one item of a batch of maps that 2-d
layers made: `for img in torch.sigmoid(decoder(z))`, or a plane drawn on the two grids of
`torch.meshgrid` given a channel with `unsqueeze(0)`: a disc mask `(1, H, W)`), unless a one-element `size` or
`scale_factor` (`size=(n,)`) says the resampling is 1-D on purpose. The rank comes
from where the tensor was made or reshaped: `array.permute(2, 0, 1)` of an H x W x 3 array
is 3-D whatever the array was; an item of a 4-D batch (`for m in maps`, `model(x)[0]`) is
3-D; resampling, padding, convolutions and norms keep the rank. An `nn.Upsample` (or
`UpsamplingBilinear2d`/`UpsamplingNearest2d`) module is judged by its constructor's `size`,
`scale_factor` and `mode` where it is called.

## Why is this bad?
`interpolate` takes a batch: `(N, C, L)`, `(N, C, H, W)`, `(N, C, D, H, W)`. A `(C, H, W)`
image is read as `(N=C, C=H, L=W)`: a 2-D `size` raises ("Input and output must have the
same number of spatial dimensions"), and a single `scale_factor` silently resizes only the
width — a `(3, 4, 4)` image becomes `(3, 4, 8)`.

## Example
```python
import torch
import torch.nn.functional as F

img = torch.rand(3, 32, 32)
out = F.interpolate(img, size=(64, 64), mode="bilinear")
```

## Use instead
```python
import torch
import torch.nn.functional as F

img = torch.rand(3, 32, 32)
out = F.interpolate(img.unsqueeze(0), size=(64, 64), mode="bilinear").squeeze(0)
```

## Fix safety
Safe: `unsqueeze(0)` adds the batch dimension that `interpolate` expects and `squeeze(0)`
removes it again.

## References
- TORCH_FACTS §1(j); seed article 004
"""

from __future__ import annotations

from torchlint.analysis.events import Event, ModuleCall, Operand, TorchCall
from torchlint.analysis.values import Const, Seq
from torchlint.findings import Severity
from torchlint.rules.base import Rule
from torchlint.rules.context import RuleContext
from torchlint.rules.fixes import append_to

_INTERPOLATE = frozenset(
    {
        "torch.nn.functional.interpolate",
        "torch.nn.functional.upsample",
        "torch.nn.functional.upsample_bilinear",
        "torch.nn.functional.upsample_nearest",
    }
)
_TWO_D_MODES = frozenset({"bilinear", "bicubic"})
# Modules that call `interpolate` in `forward`, with the mode each uses unless told.
_UPSAMPLE_MODULES = {
    "torch.nn.Upsample": "nearest",
    "torch.nn.UpsamplingBilinear2d": "bilinear",
    "torch.nn.UpsamplingNearest2d": "nearest",
}


class InterpolateBatchDim(Rule):
    code = "TL405"
    name = "interpolate-batch-dim"
    summary = "F.interpolate on a (C, H, W) image: it needs a batch dimension."
    default_severity = Severity.ERROR
    events = (TorchCall, ModuleCall)
    torch_calls = _INTERPOLATE
    fix_title = "Add the batch dimension (`unsqueeze(0)` … `squeeze(0)`)"

    def check(self, event: Event, ctx: RuleContext) -> None:
        if isinstance(event, ModuleCall):
            self._module_call(event, ctx)
            return
        assert isinstance(event, TorchCall)
        if event.qualname not in _INTERPOLATE:
            return
        x = event.args[0] if event.args else event.kwargs.get("input")
        size = event.args[1] if len(event.args) > 1 else event.kwargs.get("size")
        scale = event.args[2] if len(event.args) > 2 else event.kwargs.get("scale_factor")
        mode = event.args[3] if len(event.args) > 3 else event.kwargs.get("mode")
        mode_name = mode.value.value if mode is not None and isinstance(mode.value, Const) else None
        self._judge(event, x, size, scale, mode_name, ctx)

    def _module_call(self, event: ModuleCall, ctx: RuleContext) -> None:
        """`up = nn.Upsample(size=(h, w), mode="bilinear")`; `up(img)`: the module calls
        `interpolate` with its constructor's arguments."""
        module = event.module
        mode_of_class = _UPSAMPLE_MODULES.get(module.qualname or "")
        if mode_of_class is None:
            return
        given = dict(zip(("size", "scale_factor", "mode"), module.ctor_args, strict=False))
        given.update(module.ctor)
        size, scale = given.get("size"), given.get("scale_factor")
        mode = given.get("mode")
        mode_name = mode.value if isinstance(mode, Const) else mode_of_class
        x = event.args[0] if event.args else event.kwargs.get("input")
        self._judge(
            event,
            x,
            Operand(None, size, None) if size is not None else None,
            Operand(None, scale, None) if scale is not None else None,
            mode_name,
            ctx,
        )

    def _judge(
        self,
        event: TorchCall | ModuleCall,
        x: Operand | None,
        size: Operand | None,
        scale: Operand | None,
        mode_name: object,
        ctx: RuleContext,
    ) -> None:
        if x is None or x.tensor is None or x.tensor.rank not in (3, 4):
            return
        if x.tensor.rank == 4:
            self._volume(event, x, size, scale, mode_name, ctx)
            return
        reason = None
        if _pair(size):
            reason = f'{_given("size", size)} is 2-D, so PyTorch raises "Input and output must have the same number of spatial dimensions"'
        elif _pair(scale):
            reason = f"{_given('scale_factor', scale)} is 2-D, so PyTorch raises"
        elif isinstance(mode_name, str) and mode_name in _TWO_D_MODES:
            reason = f"mode `{mode_name}` needs a 4-D input, so PyTorch raises"
        elif (
            x.tensor.image
            and (size is not None or scale is not None)
            and mode_name != "linear"
            and not (_sized(size, 1) or _sized(scale, 1))  # `size=(n,)`: 1-D on purpose
        ):
            reason = "it is read as (N=C, C=H, L=W): only the width is resized, silently"
        if reason is None:
            return
        self._report(event, x, "(C, H, W)", reason, ctx)

    def _volume(
        self,
        event: TorchCall | ModuleCall,
        x: Operand,
        size: Operand | None,
        scale: Operand | None,
        mode_name: object,
        ctx: RuleContext,
    ) -> None:
        """A 4-D `(C, D, H, W)` clip or volume resized in 3-D: read as `(N, C, H, W)`."""
        if _sized(size, 3):
            reason = f'{_given("size", size)} is 3-D, so PyTorch raises "Input and output must have the same number of spatial dimensions"'
        elif _sized(scale, 3):
            reason = f'{_given("scale_factor", scale)} is 3-D, so PyTorch raises "Input and scale_factor must have the same number of spatial dimensions"'
        elif mode_name == "trilinear":
            reason = 'mode `trilinear` needs a 5-D input, so PyTorch raises "Got 4D input, but trilinear mode needs 5D input"'
        else:
            return
        self._report(event, x, "(C, D, H, W)", reason, ctx)

    def _report(
        self,
        event: TorchCall | ModuleCall,
        x: Operand,
        layout: str,
        reason: str,
        ctx: RuleContext,
    ) -> None:
        dims = layout.count(",") + 1
        callee = (
            f"`{(event.module.qualname or '').rsplit('.', 1)[-1]}` (which calls `interpolate`)"
            if isinstance(event, ModuleCall)
            else "`interpolate`"
        )
        message = (
            f"{'`' + x.text + '`' if x.text else 'The input'} has {dims} dimensions, {layout}, but {callee} expects a "
            f"batch (N, {layout[1:]}: {reason}. Add the batch dimension: `{x.text}.unsqueeze(0)` … `.squeeze(0)`."
        )
        edits = None
        if x.node is not None:
            edits = append_to(ctx.source, x.node, ".unsqueeze(0)") + append_to(
                ctx.source, event.node, ".squeeze(0)"
            )
        ctx.report(self.finding(ctx, event.node, message, fix_edits=edits))


def _given(name: str, op: Operand | None) -> str:
    """`size=(64, 64)` as written, or just the keyword when it came spread (`**opts`)."""
    text = op.text if op is not None else ""
    return f"`{name}={text}`" if text else f"`{name}`"


def _pair(op: Operand | None) -> bool:
    return _sized(op, 2)


def _sized(op: Operand | None, n: int) -> bool:
    return (
        op is not None
        and isinstance(op.value, Seq)
        and op.value.kind != "listof"
        and len(op.value.items) == n
    )
