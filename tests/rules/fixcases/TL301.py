import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.0)  # lr 0: w stays put, so each step's gradient is the same
x = torch.randn(3)
for step in range(3):
    loss = (w * x).sum()
    loss.backward()
    opt.step()
assert torch.allclose(w.grad, x), f"gradients accumulated across steps: {w.grad} != {x}"
