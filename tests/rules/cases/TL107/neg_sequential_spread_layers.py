import torch
import torch.nn as nn
import torch.nn.functional as F


def make_mlp(d_in, hidden, d_out, depth):
    layers, d = [], d_in
    for _ in range(depth):
        layers += [nn.Linear(d, hidden), nn.ReLU()]
        d = hidden
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def main():
    student = make_mlp(20, 16, 5, depth=2)
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    data = [(torch.randn(32, 20), torch.randint(0, 5, (32,))) for _ in range(3)]
    for x, y in data:
        loss = F.cross_entropy(student(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
