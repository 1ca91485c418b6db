# Running statistics updated through .data by a small helper of the normalising layer, after
# the division saved the running std: the flow's backward sees the new std.
import torch
from torch import nn


class RunningNorm(nn.Module):
    def __init__(self, dim, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("mean", torch.zeros(dim))
        self.register_buffer("std", torch.ones(dim))

    def forward(self, h):
        out = (h - self.mean) / self.std
        if self.training:
            self._update(h.detach())
        return out

    def _update(self, h):
        m = self.momentum
        self.mean.data.mul_(1 - m).add_(m * h.mean(0))
        self.std.data.mul_(1 - m).add_(m * h.std(0))  # expect: TL108


class Coupling(nn.Module):
    def __init__(self, dim, hidden=16):
        super().__init__()
        self.embed = nn.Linear(dim // 2, hidden)
        self.norm = RunningNorm(hidden)
        self.out = nn.Linear(hidden, dim - dim // 2)

    def forward(self, x):
        a, b = x.chunk(2, -1)
        return torch.cat([a, b + self.out(torch.tanh(self.norm(self.embed(a))))], -1)


def main():
    x = torch.randn(256, 4) * 3 + 5
    flow = nn.Sequential(Coupling(4), Coupling(4))
    opt = torch.optim.Adam(flow.parameters(), lr=1e-2)
    for step in range(5):
        z = flow(x[torch.randint(0, 256, (64,))])
        loss = 0.5 * (z**2).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
