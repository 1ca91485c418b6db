import torch


def refine(energy, y, steps=5, lr=0.1):
    """Gradient descent on y, kept differentiable (meta-learning, equilibrium layers)."""
    velocity = torch.zeros_like(y)
    for _ in range(steps):
        e = energy(y)
        (g,) = torch.autograd.grad(e, y, create_graph=True)
        velocity = 0.9 * velocity - lr * g
        y = y + velocity
    return y


w = torch.randn(3, requires_grad=True)
y0 = torch.zeros(3, requires_grad=True)
out = refine(lambda y: ((y - w) ** 2).sum(), y0)
out.sum().backward()
print(w.grad)
