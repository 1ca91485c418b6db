import torch
from torch import nn

net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
data = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(5)]
stats = {"loss": 0.0, "steps": 0}
epoch_loss = 0
for x, y in data:
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()
    epoch_loss = epoch_loss + loss  # expect: TL303
    stats["loss"] += loss  # expect: TL303
    stats["steps"] += 1
print(epoch_loss, stats)


class Trainer:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def fit(self, batches):
        total = 0.0
        for inputs, targets in batches:
            self.opt.zero_grad()
            loss = (self.model(inputs) - targets).pow(2).mean()
            loss.backward()
            self.opt.step()
            total = loss + total  # expect: TL303
        return total


Trainer(net, optimizer).fit(data)
