# One helper steps the optimizer for two loops: the second loop never zeroes the gradients.
import torch
import torch.nn as nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def update(optimizer):
    optimizer.step()


def train(batches):
    for x in batches:
        opt.zero_grad()
        model(x).sum().backward()
        update(opt)


def finetune(batches):
    for x in batches:
        model(x).sum().backward()  # expect: TL301
        update(opt)
