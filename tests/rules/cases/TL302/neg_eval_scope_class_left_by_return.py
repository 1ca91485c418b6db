"""An eval-mode scope class returning from inside the block: its __exit__ switches the
model back to training for the loop that follows (review reproducer)."""
import torch
import torch.nn as nn


class EvalMode:
    def __init__(self, model):
        self.model = model

    def __enter__(self):
        self.model.eval()
        return self.model

    def __exit__(self, *exc):
        self.model.train()
        return False


def predict(model, x):
    with EvalMode(model), torch.no_grad():
        return model(x)


model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [torch.randn(2, 4) for _ in range(4)]
print(predict(model, batches[0]))
for epoch in range(3):
    outs = []
    for b in batches:
        outs.append(model(b))
    loss = torch.cat(outs).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
