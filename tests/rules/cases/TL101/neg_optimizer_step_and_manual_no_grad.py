import torch

w = torch.randn(4, 1, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
x = torch.randn(16, 4)
for _ in range(3):
    opt.zero_grad()
    loss = (x @ w).pow(2).mean()
    loss.backward()
    opt.step()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
