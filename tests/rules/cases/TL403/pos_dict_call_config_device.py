"""A config made with dict(...) names the GPU; the BCE targets are built without a device."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = dict(dim=8, lr=1e-2, device=torch.device("cuda"))


class Scorer:
    def __init__(self, cfg):
        self.device = cfg["device"]
        self.net = nn.Linear(cfg["dim"], 1).to(self.device)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=cfg["lr"])

    def step(self, pos, neg):
        x = torch.cat([pos, neg]).to(self.device)
        targets = torch.cat([torch.ones(len(pos)), torch.zeros(len(neg))])
        loss = F.binary_cross_entropy_with_logits(self.net(x).squeeze(-1), targets)  # expect: TL403
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


if torch.cuda.is_available():
    print(Scorer(CONFIG).step(torch.randn(4, 8), torch.randn(4, 8)))
