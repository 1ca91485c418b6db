import torch
import torch.nn as nn

model = nn.Linear(4, 2)


@torch.no_grad()
def score(x):
    out = model(x)
    loss = out.pow(2).mean()
    loss.backward()  # expect: TL107
    return loss
