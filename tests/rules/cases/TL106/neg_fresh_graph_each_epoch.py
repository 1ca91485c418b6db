# Each epoch builds its graphs anew in an inner loop and backpropagates once: the tensors
# made at the same lines in the previous epoch are not reached.
import torch
import torch.nn as nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    opt.zero_grad()
    for x in torch.randn(3, 2, 4):
        out = model(x).pow(2).mean()
    out.backward()
    opt.step()

for epoch in range(2):
    opt.zero_grad()
    losses = []
    for x in torch.randn(3, 2, 4):
        losses.append(model(x).pow(2).mean())
    sum(losses).backward()
    opt.step()
