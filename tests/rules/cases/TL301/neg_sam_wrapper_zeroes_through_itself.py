"""A SAM optimizer wrapping a base optimizer over the same parameter groups: the wrapper's
inherited zero_grad() clears what the base optimizer steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer_cls, rho=0.05, **base_kwargs):
        super().__init__(params, dict(rho=rho, **base_kwargs))
        self.base = base_optimizer_cls(self.param_groups, **base_kwargs)

    @torch.no_grad()
    def step(self, closure):
        with torch.enable_grad():
            loss = closure()
            loss.backward()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    e = p.grad * group["rho"]
                    p.add_(e)
                    self.state[p]["e_w"] = e
        self.zero_grad()
        with torch.enable_grad():
            closure().backward()
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base.step()
        return loss


model = nn.Sequential(nn.Linear(10, 16), nn.Tanh(), nn.Linear(16, 1))
opt = SAM(model.parameters(), torch.optim.SGD, rho=0.05, lr=0.1)
x, y = torch.randn(64, 10), torch.randn(64, 1)
for epoch in range(5):
    opt.zero_grad()
    loss = opt.step(lambda: F.mse_loss(model(x), y))
