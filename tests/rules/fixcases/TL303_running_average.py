import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
smoothed = 0.0
for step in range(3):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    smoothed = 0.9 * smoothed + 0.1 * loss
assert not (isinstance(smoothed, torch.Tensor) and smoothed.requires_grad), "the running average keeps every graph alive"
