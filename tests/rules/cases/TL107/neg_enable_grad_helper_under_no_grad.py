# A saliency helper that turns grad on itself, called under no_grad.
import torch
import torch.nn as nn


@torch.enable_grad()
def input_saliency(model, x):
    x = x.detach().requires_grad_(True)
    out = model(x)
    score = out.max(dim=1).values.sum()
    score.backward()
    sal = x.grad.abs()
    return sal


def explain(model, x):
    with torch.no_grad():
        probs = model(x).softmax(dim=1)
        sal = input_saliency(model, x)   # enable_grad inside: gradients are on here
    return probs, sal


def report(model, xs):
    return [explain(model, x) for x in xs]


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
    out = report(model, [torch.randn(2, 4)])
    print(out[0][1])


main()
