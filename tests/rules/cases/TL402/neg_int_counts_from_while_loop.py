"""Adaptive integration: the evaluation counts are averaged as floats."""
import torch


def integrate(f, y0, t1, h=0.1):
    t, y, nfe = 0.0, y0, 0
    while t < t1:
        y = y + h * f(t, y)
        nfe += 1
        t += h
    return y, nfe


def solve_all(mus, y0):
    finals, counts = [], []
    for mu in mus:
        y, n = integrate(lambda t, y: -mu * y, y0, 1.0)
        finals.append(y)
        counts.append(n)
    return torch.stack(finals), torch.tensor(counts)


yT, nfe = solve_all([0.5, 1.0, 2.0], torch.tensor([1.0, 0.0]))
steps = torch.tensor([0.5 * k for k in range(3)])
print("mean nfe:", nfe.float().mean().item(), nfe.sum().item(), steps.mean().item())
