import torch


def pairwise_distance(x, eps=1e-12):
    sq = ((x.unsqueeze(1) - x.unsqueeze(0)) ** 2).sum(-1)
    sq += eps
    return sq.sqrt()


x = torch.randn(5, 3, requires_grad=True)
off = ~torch.eye(5, dtype=torch.bool)
pairwise_distance(x)[off].sum().backward()
assert torch.isfinite(x.grad).all()
print("ok")
