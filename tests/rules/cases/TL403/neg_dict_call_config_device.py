"""A config made with dict(...) names the device; the BCE targets are built on it."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = dict(dim=8, lr=1e-2, device=torch.device("cuda" if torch.cuda.is_available() else "cpu"))


class Scorer:
    def __init__(self, cfg):
        self.device = cfg["device"]
        self.net = nn.Linear(cfg["dim"], 1).to(self.device)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=cfg["lr"])

    def step(self, pos, neg):
        x = torch.cat([pos, neg]).to(self.device)
        targets = torch.cat([torch.ones(len(pos)), torch.zeros(len(neg))]).to(self.device)
        loss = F.binary_cross_entropy_with_logits(self.net(x).squeeze(-1), targets)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


print(Scorer(CONFIG).step(torch.randn(4, 8), torch.randn(4, 8)))
