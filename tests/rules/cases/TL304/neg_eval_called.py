import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(8, 8), nn.Dropout(0.5), nn.Linear(8, 2))
plain = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))


def evaluate(x):
    model.eval()
    with torch.no_grad():
        out = model(x).argmax(1)
    model.train()
    return out


def evaluate_plain(x):
    with torch.no_grad():
        return plain(x)  # no dropout or batch norm: the mode does not matter


def evaluate_unknown(m, x):
    with torch.no_grad():
        return m(x)  # the mode of `m` is unknown here


with torch.no_grad():
    teacher_out = model(torch.randn(2, 8))  # never trained here: no evidence this is evaluation
