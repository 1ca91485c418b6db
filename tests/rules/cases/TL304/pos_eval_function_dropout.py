import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5), nn.Linear(8, 2))


def evaluate(x):
    with torch.no_grad():
        return model(x).argmax(1)  # expect: TL304


print(evaluate(torch.randn(4, 8)))
