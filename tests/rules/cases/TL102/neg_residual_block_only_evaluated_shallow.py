# The same residual blocks adding the skip path out of place: relu's saved output is intact.
import torch
import torch.nn.functional as F
from torch import nn


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = h + x
        return self.fc2(h)


class Encoder(nn.Module):
    def __init__(self, in_dim, width, depth):
        super().__init__()
        self.stem = nn.Linear(in_dim, width)
        self.blocks = nn.Sequential(*[ResidualMLPBlock(width) for _ in range(depth)])

    def forward(self, x):
        return self.blocks(self.stem(x))


class Regressor(nn.Module):
    def __init__(self, in_dim, width, depth):
        super().__init__()
        self.encoder = Encoder(in_dim, width, depth)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.encoder(x)).squeeze(-1)


class Trainer:
    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def step(self, x, y):
        self.opt.zero_grad()
        loss = F.huber_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.detach()

    def train_epoch(self, loader):
        self.model.train()
        return torch.stack([self.step(x, y) for x, y in loader]).mean().item()

    @torch.inference_mode()
    def evaluate(self, loader):
        self.model.eval()
        return sum(F.mse_loss(self.model(x), y).item() for x, y in loader)

    def fit(self, train, val, epochs=2):
        return [(self.train_epoch(train), self.evaluate(val)) for _ in range(epochs)]


def batches(n=64, d=12, b=16):
    x = torch.randn(n, d)
    y = x[:, :3].sum(-1)
    return [(x[i : i + b], y[i : i + b]) for i in range(0, n, b)]


if __name__ == "__main__":
    model = Regressor(12, 24, 3)
    trainer = Trainer(model, torch.optim.Adam(model.parameters(), lr=3e-3))
    print(trainer.fit(batches(), batches(32)))
