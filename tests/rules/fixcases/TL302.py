import torch
import torch.nn as nn

model = nn.Linear(4, 2)


def evaluate(batches):
    model.eval()
    outs = []
    for x in batches:
        outs.append(model(x))
    return outs


outs = evaluate([torch.randn(3, 4) for _ in range(3)])
assert all(o.grad_fn is None for o in outs), "evaluation kept an autograd graph per batch"
