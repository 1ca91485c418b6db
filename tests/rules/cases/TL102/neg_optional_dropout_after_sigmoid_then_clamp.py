"""A head whose dropout is appended only when p > 0, after a Sigmoid: the clamp_ changes
the dropout's output, not the saved sigmoid (review reproducer)."""
import argparse

import torch
import torch.nn as nn


def make_head(d_in, d_out, p):
    layers = [nn.Linear(d_in, d_out), nn.Sigmoid()]
    if p > 0:
        layers.append(nn.Dropout(p))
    return nn.Sequential(*layers)


parser = argparse.ArgumentParser()
parser.add_argument("--p", type=float, default=0.1)
args = parser.parse_args()
head = make_head(4, 2, args.p)
opt = torch.optim.SGD(head.parameters(), lr=0.1)
x = torch.randn(8, 4)
for step in range(3):
    out = head(x)
    out.clamp_(1e-4, 1 - 1e-4)
    loss = -out.log().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print("ok")
