import torch
import torch.nn.functional as F
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 3))

    def forward(self, x):
        return self.net(x)


class Trainer:
    def __init__(self):
        self.model = Classifier()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.03)

    def train_step(self, x_l, y_l, x_u, threshold=0.9):
        self.model.train()
        with torch.no_grad():
            probs = self.model(x_u + 0.05 * torch.randn_like(x_u)).softmax(-1)
            conf, pseudo = probs.max(-1)
            mask = (conf >= threshold).float()
        sup = F.cross_entropy(self.model(x_l), y_l)
        unsup = (F.cross_entropy(self.model(x_u), pseudo, reduction="none") * mask).mean()
        loss = sup + unsup
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


trainer = Trainer()
for step in range(3):
    trainer.train_step(torch.randn(8, 8), torch.randint(0, 3, (8,)), torch.randn(16, 8))
