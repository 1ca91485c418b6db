"""A GIoU-style box loss, with the predicted boxes clipped in place for logging before the
backward: `torch.max(a, b)` of two tensors (the element-wise maximum) saved both inputs."""
import torch


def enclosing_area(a, b):
    lt = torch.min(a[:, :2], b[:, :2])
    rb = torch.max(a[:, 2:], b[:, 2:])
    return (rb - lt).prod(1)


w = torch.randn(4, 4, requires_grad=True)
pred = (w.sigmoid() * 64).sort(dim=1).values
gt = torch.tensor([[5.0, 4.0, 30.0, 40.0]]).expand(4, 4)
loss = enclosing_area(pred, gt).mean()
shown = pred.clamp_(min=0.0, max=64.0)  # expect: TL102
loss.backward()
