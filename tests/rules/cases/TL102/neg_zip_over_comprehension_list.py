"""`zip(params, scales)` over a list built by a comprehension: each row's `s` is another
tensor, so filling one in place does not touch what an earlier row saved."""
import torch

params = [torch.randn(3, requires_grad=True), torch.randn(3, requires_grad=True)]
scales = [torch.ones_like(p) for p in params]
loss = torch.zeros(())
for p, s in zip(params, scales):
    s.fill_(0.5)
    loss = loss + (p * s).sum()
loss.backward()
print([p.grad for p in params])
