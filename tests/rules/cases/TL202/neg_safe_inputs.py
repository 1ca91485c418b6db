import torch

x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
safe = torch.where(x > 0, x, torch.ones_like(x))
y = torch.where(x > 0, safe.sqrt(), torch.zeros_like(x))  # the double-where fix
y.sum().backward()

z = torch.where(x > 0, x.clamp(min=1e-12).sqrt(), torch.zeros_like(x))
n = torch.linalg.vector_norm(x)  # finite gradient at 0
m = torch.where(n > 0, n, torch.ones_like(n))


def loss_function(x):
    mask = x < 0.003
    gamma_x = torch.ones_like(x)
    gamma_x[mask] = 12.9 * x[mask]
    mask = x >= 0.003
    gamma_x[mask] = x[mask] ** 0.5
    return torch.mean((x - gamma_x) ** 2)


def masked_mean(values, mask):
    return (values * mask).sum() / mask.sum().clamp(min=1)


def attention(q, k, mask):
    scores = q @ k.transpose(-2, -1) / 8.0  # division by a number: not singular
    scores = scores.masked_fill(mask == 0, float("-inf"))
    return scores.softmax(-1)


with torch.no_grad():
    w = torch.randn(3)
    r = torch.where(w > 0, w.sqrt(), torch.zeros_like(w))
