import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
total = 0
for step in range(3):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    total += loss
assert not (isinstance(total, torch.Tensor) and total.requires_grad), "the running total keeps every graph alive"
