"""The sampled weight keeps its gradient (`retain_grad()` in forward); the mean's `.grad`
is a leaf's."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ReparamLinear(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.w_mu = nn.Parameter(torch.randn(n_out, n_in) * 0.1)
        self.w_rho = nn.Parameter(torch.full((n_out, n_in), -3.0))
        self.sampled_w = None

    def forward(self, x):
        std = F.softplus(self.w_rho)
        self.sampled_w = self.w_mu + std * torch.randn_like(std)
        self.sampled_w.retain_grad()
        return x @ self.sampled_w.t()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = ReparamLinear(4, 8)

    def forward(self, x):
        return self.l1(x)


def log_grads(model):
    for name, mod in model.named_modules():
        if isinstance(mod, ReparamLinear):
            print(name, mod.w_mu.grad.norm().item())
            print(name, mod.sampled_w.grad.norm().item())


net = Net()
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
for _ in range(2):
    loss = F.mse_loss(net(torch.randn(16, 4)), torch.randn(16, 8))
    opt.zero_grad()
    loss.backward()
    log_grads(net)
    opt.step()
