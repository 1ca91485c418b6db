import torch
import torch.nn as nn

model = nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(32, 10)
Y = torch.randn(32, 1)
running = 0.0
for epoch in range(10):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
    running += loss.item()
    running += loss.detach()

# accumulating on purpose, then one backward
for epoch in range(10):
    opt.zero_grad()
    total = 0
    for chunk in X.split(8):
        total = total + model(chunk).pow(2).mean()
    total.backward()
    opt.step()


def multi_scale_loss(preds, target):
    loss = 0
    for p in preds:
        loss += (p - target).abs().mean()
    return loss


def forward_blocks(x, blocks):
    for blk in blocks:
        x = x + blk(x)
    return x
