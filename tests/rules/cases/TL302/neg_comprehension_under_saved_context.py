# The grad-mode manager made first and entered later (`ctx = torch.inference_mode()`), and a
# comprehension that a training step backpropagates through.
import torch
import torch.nn as nn
from torch import inference_mode

model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def predict(loader):
    model.eval()
    ctx = inference_mode()
    with ctx:
        return [model(x).argmax(1) for x in loader]


def evaluate(loader):
    model.eval()
    guard = torch.no_grad()
    with guard:
        scores = [model(x).softmax(-1) for x in loader]
    return scores


def train_step(chunks):
    model.train()
    opt.zero_grad()
    losses = [model(x).pow(2).mean() for x in chunks]
    sum(losses).backward()
    opt.step()


data = [torch.randn(2, 4) for _ in range(2)]
print(predict(data), evaluate(data)[0].requires_grad)
train_step(data)
