import torch
import torch.nn as nn


class Trainer:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        self.optim = torch.optim.SGD(self.net.parameters(), lr=0.01)

    def run(self, xs, ys):
        for x, y in zip(xs, ys):
            pred = self.net(x)
            loss = ((pred - y) ** 2).mean()
            loss.backward()
            self.optim.step()  # expect: TL301
