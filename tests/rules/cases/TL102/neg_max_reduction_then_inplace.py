"""`torch.max(x, dim)` (the reduction) keeps only the indices of its input for backward, so
changing the input in place afterwards is fine; the element-wise maximum is taken of a copy."""
import torch

w = torch.randn(4, 4, requires_grad=True)
scores = w * 2
best, idx = torch.max(scores, 1)
floor = torch.max(scores.clone(), torch.zeros(4, 4))
scores.clamp_(min=-1.0)
(best.sum() + floor.sum()).backward()
print(w.grad.shape)
