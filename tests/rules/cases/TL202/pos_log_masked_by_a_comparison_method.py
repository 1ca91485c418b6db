"""The log of counts masked by `counts.gt(0)` written as a method: the discarded zeros
still get 0 * inf in the gradient."""
import torch

w = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
counts = w * 2.0
log_counts = torch.where(counts.gt(0), torch.log(counts), torch.zeros_like(counts))  # expect: TL202
log_counts.sum().backward()
print(w.grad)
