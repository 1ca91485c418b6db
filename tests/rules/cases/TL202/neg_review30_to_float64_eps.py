import torch


def pdist(x):
    sq = ((x.unsqueeze(1) - x.unsqueeze(0)) ** 2).sum(-1)
    return torch.sqrt(sq.to(torch.float64) + 1e-12)


x = torch.randn(5, 3, requires_grad=True)
off = ~torch.eye(5, dtype=torch.bool)
pdist(x)[off].sum().backward()
assert torch.isfinite(x.grad).all()
print("ok")
