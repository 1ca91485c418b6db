import torch
import torch.nn as nn

model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def validate(model, loader):
    model.eval()
    with torch.no_grad():
        for x in loader:
            model(x)


@torch.no_grad()
def predict(model, loader):
    return [model(x) for x in loader]


def test(model, loader):
    with torch.inference_mode():
        for x in loader:
            model(x)


def evaluate_saliency(model, images):
    for img in images:
        img = img.clone().requires_grad_()
        model(img).sum().backward()  # needs gradients: not an evaluation loop


def train(loader):
    for x in loader:
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()
