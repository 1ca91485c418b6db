import torch
import torch.nn as nn
import torch.nn.functional as F


class Trainer:
    def __init__(self, dim=8, n_classes=3):
        self.encoder = nn.Sequential(nn.Linear(4, dim), nn.Tanh())
        self.heads = nn.ModuleDict({"cls": nn.Linear(dim, n_classes), "reg": nn.Linear(dim, 1)})
        params = list(self.encoder.parameters()) + list(self.heads.parameters())
        self.opt = torch.optim.SGD(params, lr=0.1)

    def head_loss(self, name, feats, labels, targets):
        if name == "cls":
            return F.cross_entropy(self.heads["cls"](feats), labels)
        return F.mse_loss(self.heads["reg"](feats).squeeze(-1), targets)

    def step(self, x, labels, targets):
        self.opt.zero_grad()
        feats = self.encoder(x)
        for name in self.heads:
            loss = self.head_loss(name, feats, labels, targets)
            loss.backward(retain_graph=True)
        self.opt.step()


def main():
    trainer = Trainer()
    for epoch in range(2):
        for _ in range(3):
            x = torch.randn(5, 4)
            trainer.step(x, torch.randint(0, 3, (5,)), torch.randn(5))


if __name__ == "__main__":
    main()
