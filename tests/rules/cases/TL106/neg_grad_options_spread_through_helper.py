import torch
import torch.nn as nn
import torch.nn.functional as F


def flat_grad(loss, params, **kw):
    return torch.cat([g.reshape(-1) for g in torch.autograd.grad(loss, params, **kw)])


def train(model, X, y, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for step in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), y)
        gnorm = flat_grad(loss, list(model.parameters()), retain_graph=True).norm()
        loss.backward()
        opt.step()
        print(step, gnorm.item())


def hvp(loss_fn, params, v):
    g = flat_grad(loss_fn(), params, create_graph=True)
    return flat_grad(g @ v, params)


def inner_step(model, X, y, first_order):
    params = list(model.parameters())
    grads = torch.autograd.grad(F.cross_entropy(model(X), y), params, create_graph=not first_order)
    return [p - 0.1 * g for p, g in zip(params, grads)]


if __name__ == "__main__":
    X, y = torch.randn(20, 5), torch.randint(0, 2, (20,))
    model = nn.Linear(5, 2)
    train(model, X, y)
    params = list(model.parameters())
    v = torch.randn(sum(p.numel() for p in params))
    print(hvp(lambda: F.cross_entropy(model(X), y), params, v).norm())
    fast = inner_step(model, X, y, first_order=False)
    (fast[0].sum() + fast[1].sum()).backward()
    w = torch.randn(3, requires_grad=True)
    l = (w * w).sum()
    opts = [None, True]  # grad_outputs, retain_graph
    (g,) = torch.autograd.grad(l, [w], *opts)
    l.backward()
