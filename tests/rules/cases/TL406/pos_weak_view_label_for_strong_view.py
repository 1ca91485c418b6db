import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(10, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 4))
model.train()
params = [p for m in model.modules() if isinstance(m, nn.BatchNorm1d) for p in m.parameters()]
optimizer = torch.optim.SGD(params, lr=1e-3)


def weak_aug(x):
    return x + 0.01 * torch.randn_like(x)


def strong_aug(x):
    return (x * torch.empty(x.shape[0], 1).uniform_(0.7, 1.3) + 0.1 * torch.randn_like(x)).clamp(-3, 3)


def test_stream(n=4):
    for _ in range(n):
        yield torch.randn(16, 10)


for x in test_stream():
    logits_weak = model(weak_aug(x))
    soft_target = F.softmax(logits_weak, dim=1)
    logits_strong = model(strong_aug(x))
    loss = F.cross_entropy(logits_strong, soft_target)  # expect: TL406
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
