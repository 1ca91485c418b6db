# The same EMA copy switched to eval mode with the live model; and a mean teacher run under
# no_grad inside the training loop, where neither model is being evaluated.
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


net = Classifier(16, 4)
ema_net = copy.deepcopy(net)
teacher = copy.deepcopy(net)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
inputs, labels = torch.randn(128, 16), torch.randint(0, 4, (128,))

for epoch in range(3):
    net.train()
    with torch.no_grad():
        soft = teacher(inputs).softmax(1)
    optimizer.zero_grad()
    logits = net(inputs)
    loss = F.cross_entropy(logits, labels) + F.mse_loss(logits.softmax(1), soft)
    loss.backward()
    optimizer.step()

    net.eval()
    ema_net.eval()
    with torch.no_grad():
        live_acc = (net(inputs).argmax(1) == labels).float().mean().item()
        ema_acc = (ema_net(inputs).argmax(1) == labels).float().mean().item()
    print(epoch, live_acc, ema_acc)
