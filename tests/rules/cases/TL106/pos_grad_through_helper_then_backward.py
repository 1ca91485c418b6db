import torch
import torch.nn as nn
import torch.nn.functional as F


def flat_grad(loss, params, **kw):
    grads = torch.autograd.grad(loss, params, **kw)
    return torch.cat([g.reshape(-1) for g in grads])


def train(model, X, y, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for step in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), y)
        gnorm = flat_grad(loss, list(model.parameters())).norm()
        loss.backward()  # expect: TL106
        opt.step()
        print(step, gnorm.item())


if __name__ == "__main__":
    train(nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2)), torch.randn(20, 5), torch.randint(0, 2, (20,)))
