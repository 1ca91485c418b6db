"""A trainer whose training_step backpropagates and steps itself, then clips the weights
through .data (WGAN) and decays them under no_grad: nothing is backpropagated after."""

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model: nn.Module, lr=1e-3, clip=0.01):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.clip = clip

    def training_step(self, batch):
        x, y = batch
        pred = self.model(x)
        loss = nn.functional.mse_loss(pred, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        for p in self.model.parameters():
            p.data.clamp_(-self.clip, self.clip)
        return loss

    def fit(self, loader, epochs=1):
        for _ in range(epochs):
            for batch in loader:
                loss = self.training_step(batch)
                print(loss.item())


class Trainer2:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def training_step(self, x, y):
        h = self.model[1](self.model[0](x))
        out = self.model[2](h)
        loss = ((out - y) ** 2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        h.mul_(0.0)
        with torch.no_grad():
            for p in self.model.parameters():
                p.mul_(0.999)
        return loss
