# The same chain with the input made safe before the sqrt.
import torch


def pair_distances(pos):
    delta = pos.unsqueeze(1) - pos.unsqueeze(0)
    same = torch.eye(pos.size(0), dtype=torch.bool)
    d2 = delta.pow(2).sum(-1)
    d2 = torch.where(same, torch.ones_like(d2), d2)
    return torch.where(same, torch.zeros(()), d2.sqrt())


class Potential:
    def __init__(self, cutoff=2.5):
        self.cutoff = cutoff

    def energy(self, pos):
        r = pair_distances(pos)
        return torch.exp(-r).sum()


def step(potential, pos, lr):
    energy = potential.energy(pos)
    (grad,) = torch.autograd.grad(energy, pos)
    return (pos - lr * grad).detach().requires_grad_(True)


def simulate(potential, n_steps=3):
    pos = torch.randn(6, 3, requires_grad=True)
    for _ in range(n_steps):
        pos = step(potential, pos, 0.01)
    assert not torch.isnan(pos).any()
    return pos


def main():
    print(simulate(Potential()))


if __name__ == "__main__":
    main()
