import torch
from torch import nn

net = nn.Linear(4, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
data = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(8)]
stats = {"loss": 0.0}
history = {"loss": []}
epoch_loss = 0.0
for x, y in data:
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()
    epoch_loss = epoch_loss + loss.item()
    stats["loss"] += loss.detach()
    history["loss"].append(loss.item())

# gradient accumulation on purpose: the running sum is what is backpropagated
accum = 4
loss_sum = 0
for i, (x, y) in enumerate(data):
    loss = nn.functional.mse_loss(net(x), y)
    loss_sum = loss_sum + loss
    if (i + 1) % accum == 0:
        optimizer.zero_grad()
        (loss_sum / accum).backward()
        optimizer.step()
        loss_sum = 0

# a residual stream, not a loss total
def run(blocks, h):
    for blk in blocks:
        h = h + blk(h)
    return h
