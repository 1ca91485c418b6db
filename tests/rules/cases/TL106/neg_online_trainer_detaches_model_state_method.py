"""An online forecaster whose trainer updates every k observations and asks the model to
detach its state (`detach_state()`), the pending losses reset to a fresh list."""
"""Hidden state kept on self; a method cuts it, called only when an update happened."""
import torch
import torch.nn as nn


class OnlineForecaster(nn.Module):
    def __init__(self, n_in=2, n_hid=16):
        super().__init__()
        self.cell = nn.GRUCell(n_in, n_hid)
        self.head = nn.Linear(n_hid, n_in)
        self.n_hid = n_hid
        self.state = None

    def reset(self, batch):
        self.state = torch.zeros(batch, self.n_hid)

    def detach_state(self):
        self.state = self.state.detach()

    def forward(self, x):
        self.state = self.cell(x, self.state)
        return self.head(self.state)


class Trainer:
    def __init__(self, model, k=5):
        self.model = model
        self.k = k
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.pending = []

    def observe(self, x, y, t):
        pred = self.model(x)
        self.pending.append(nn.functional.mse_loss(pred, y))
        if len(self.pending) == self.k:
            loss = torch.stack(self.pending).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.pending = []
            self.model.detach_state()


torch.manual_seed(11)
m = OnlineForecaster()
tr = Trainer(m)
m.reset(3)
series = torch.randn(41, 3, 2).cumsum(0) * 0.1
for t in range(40):
    tr.observe(series[t], series[t + 1], t)
print("ok")
