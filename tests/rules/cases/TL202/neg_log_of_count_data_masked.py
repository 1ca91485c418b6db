"""Poisson deviance: log of the observed counts (data, no gradient) is masked where the
count is 0; the gradient flows only through log(mu), which is never singular here."""
import torch

counts = torch.poisson(torch.full((64,), 2.0))
x = torch.randn(64, 3)
w = torch.zeros(3, requires_grad=True)


def deviance(y, mu):
    ylogy = torch.where(y > 0, y * (torch.log(y) - torch.log(mu)), torch.zeros_like(y))
    return 2 * (ylogy - (y - mu)).mean()


for step in range(20):
    mu = torch.exp(x @ w)
    loss = deviance(counts, mu)
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
