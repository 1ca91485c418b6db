import torch
import torch.nn as nn


class MCPredictor:
    """Monte-Carlo dropout: dropout is kept on deliberately to sample predictions."""

    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def _one(self, x):
        return self.model(x).softmax(-1)

    def __call__(self, x):
        self.model.train()
        probs = torch.stack([self._one(x) for _ in range(8)])
        return probs.mean(0), probs.std(0)


model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(3):
    loss = model(torch.randn(3, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
mu, sd = MCPredictor(model)(torch.randn(3, 4))
print("ok", mu.shape)
