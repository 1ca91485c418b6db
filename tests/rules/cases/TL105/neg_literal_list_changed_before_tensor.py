# Lists of ints that a float joins before they become tensors: float32, which may require
# grad (an item assigned, inserted, or a float list extending it; sliced or not).
import torch
from torch import nn

CFG = {"n": 3}


def thresholds(cfg):
    bounds = [1, 2, 4, 8][: cfg["n"]]
    bounds.insert(0, 0.5)
    return nn.Parameter(torch.tensor(bounds))


def anchors(cfg):
    extra = [1, 2][: cfg["n"]]
    extra.extend([0.75])
    return torch.tensor(extra, requires_grad=True)


def scales():
    s = [1, 2, 3]
    s[0] = 0.5
    return torch.tensor(s, requires_grad=True)


print(thresholds(CFG), anchors(CFG), scales())
