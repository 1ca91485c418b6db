"""Adaptive integration: the number of function evaluations per run is counted in a while
loop, collected in a list and averaged as a tensor."""
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
print("mean nfe:", nfe.mean().item())  # expect: TL402
