import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5), nn.Linear(8, 2))


def evaluate(x):
    with torch.no_grad():
        return model(x)


x = torch.randn(4, 8)
a = evaluate(x)
b = evaluate(x)
assert torch.equal(a, b), "evaluation is random: dropout is still active"
