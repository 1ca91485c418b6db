import torch
import torch.nn as nn

model = nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(32, 10)
Y = torch.randn(32, 1)
for epoch in range(5):
    opt.zero_grad()
    loss = ((model(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()

for epoch in range(5):
    loss = ((model(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)

for epoch in range(5):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    opt.step()

for epoch in range(5):
    for p in model.parameters():
        p.grad = None
    ((model(X) - Y) ** 2).mean().backward()
    opt.step()
