"""A hand-written precision whose inner where tests the recall's denominator: where
tp + fp is 0 but tp + fn is not, the division by 0 is masked afterwards."""
import torch


def precision(tp, fp, fn):
    safe = torch.where(tp + fn != 0, tp + fp, torch.ones_like(tp))
    return torch.where(tp + fp != 0, tp / safe, torch.zeros_like(tp))  # expect: TL202


w = torch.tensor([0.0, 2.0, 1.0], requires_grad=True)
tp = w * torch.tensor([0.0, 1.0, 1.0])
fp = w * torch.tensor([0.0, 0.5, 0.0])
fn = torch.tensor([3.0, 0.0, 1.0])
precision(tp, fp, fn).sum().backward()
print(w.grad)
