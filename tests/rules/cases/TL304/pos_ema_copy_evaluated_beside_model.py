# An EMA of the weights kept with copy.deepcopy; validation switches the live model to eval
# mode and scores both, but the copy still has its dropout active.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, n_in: int, n_out: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, 64), nn.ReLU(), nn.Dropout(0.3))
        self.head = nn.Linear(64, n_out)

    def forward(self, x):
        return self.head(self.body(x))


def ema_update(ema_model, model, decay=0.99):
    with torch.no_grad():
        for e, p in zip(ema_model.parameters(), model.parameters()):
            e.mul_(decay).add_(p, alpha=1 - decay)


net = Classifier(16, 4)
ema_net = copy.deepcopy(net)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
inputs, labels = torch.randn(128, 16), torch.randint(0, 4, (128,))

for epoch in range(3):
    net.train()
    optimizer.zero_grad()
    F.cross_entropy(net(inputs), labels).backward()
    optimizer.step()
    ema_update(ema_net, net)

    net.eval()
    with torch.no_grad():
        live_acc = (net(inputs).argmax(1) == labels).float().mean().item()
        ema_acc = (ema_net(inputs).argmax(1) == labels).float().mean().item()  # expect: TL304
    print(epoch, live_acc, ema_acc)
