import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class Regressor(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)


def sample_task():
    a = torch.rand(1) * 4 + 1
    xs = torch.rand(10, 1) * 10 - 5
    xq = torch.rand(10, 1) * 10 - 5
    return (xs, a * torch.sin(xs)), (xq, a * torch.sin(xq))


def adapt(model, params, support, lr):
    xs, ys = support
    loss = F.mse_loss(functional_call(model, params, (xs,)), ys)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    return {name: p - lr * g for (name, p), g in zip(params.items(), grads)}


def meta_train(iters=3, tasks=4):
    model = Regressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(iters):
        opt.zero_grad()
        meta_loss = 0.0
        for _ in range(tasks):
            support, (xq, yq) = sample_task()
            fast = adapt(model, dict(model.named_parameters()), support, 0.01)
            meta_loss = meta_loss + F.mse_loss(functional_call(model, fast, (xq,)), yq) / tasks
        meta_loss.backward()
        opt.step()
    return model


def per_task_backward(model, opt, tasks=4):
    opt.zero_grad()
    for _ in range(tasks):
        support, (xq, yq) = sample_task()
        fast = adapt(model, dict(model.named_parameters()), support, 0.01)
        query_loss = F.mse_loss(functional_call(model, fast, xq), yq) / tasks
        query_loss.backward()
    opt.step()


if __name__ == "__main__":
    m = meta_train()
    per_task_backward(m, torch.optim.SGD(m.parameters(), lr=0.1))
    with torch.no_grad():
        frozen = {k: v.detach() for k, v in m.named_parameters()}
        print(functional_call(m, frozen, (torch.zeros(2, 1),)))
