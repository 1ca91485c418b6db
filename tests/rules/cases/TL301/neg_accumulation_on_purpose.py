import torch
import torch.nn as nn

model = nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
data = [(torch.randn(8, 10), torch.randn(8, 1)) for _ in range(16)]
for i, (x, y) in enumerate(data):
    loss = ((model(x) - y) ** 2).mean() / accum_steps
    loss.backward()
    if (i + 1) % accum_steps == 0:
        opt.step()
        opt.zero_grad()


def manual_sgd(w, x, lr=0.1):
    for _ in range(10):
        loss = (x @ w).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            w.grad.zero_()


def scheduler_only(loader, model, scheduler):
    for x in loader:
        model(x).sum().backward()
        scheduler.step()  # not an optimizer: unknown object named like a scheduler
