"""A forward runner shared by training and evaluation: the evaluation loop calls it with
the model in eval mode but records a graph for every batch."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 3))


def run(net, xb):
    feats = xb.flatten(1)
    return net(feats)


def evaluate(batches):
    model.eval()
    correct = 0
    for xb, yb in batches:
        logits = run(model, xb)  # expect: TL302
        correct += (logits.argmax(1) == yb).sum().item()
    return correct


opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(4, 2, 3), torch.randint(0, 3, (4,))) for _ in range(3)]
for xb, yb in data:
    loss = F.cross_entropy(run(model, xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(evaluate(data))
