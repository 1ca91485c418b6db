# A force field: main -> simulate -> step -> Potential.energy -> pair_distances.
# The masked sqrt sits four calls below the tensor that requires grad.
import torch


def pair_distances(pos):
    delta = pos.unsqueeze(1) - pos.unsqueeze(0)
    same = torch.eye(pos.size(0), dtype=torch.bool)
    return torch.where(same, torch.zeros(()), delta.pow(2).sum(-1).sqrt())  # expect: TL202


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
    return pos


def main():
    print(simulate(Potential()))


if __name__ == "__main__":
    main()
