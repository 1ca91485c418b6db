# A helper too deep to follow switches the model to eval mode before evaluation.
import torch
import torch.nn as nn


def freeze(model, log):
    log.append("freezing")
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    log.append("frozen")


def evaluate(model, xs, log):
    log.append("evaluating")
    outs = []
    with torch.no_grad():
        for x in xs:
            outs.append(model(x))
    return outs


def level3(model, xs, log):
    freeze(model, log)             # cut off by the depth limit: switches to eval mode
    return evaluate(model, xs, log)  # cut off too: analysed alone from this call


def level2(model, xs, log):
    return level3(model, xs, log)


def level1(model, xs, log):
    return level2(model, xs, log)


model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
out = level1(model, [torch.randn(2, 4)], [])
assert not model.training
