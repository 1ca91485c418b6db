"""DoReFa-style weight quantisation in a subclass of nn.Linear, trained in a Sequential."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def quantize_weight(w, bits):
    if bits >= 32:
        return w
    w_t = torch.tanh(w)
    w_t /= w_t.abs().max()  # expect: TL102
    levels = 2**bits - 1
    return torch.round((w_t * 0.5 + 0.5) * levels) / levels * 2 - 1


class QuantLinear(nn.Linear):
    def __init__(self, in_features, out_features, bits=4):
        super().__init__(in_features, out_features)
        self.bits = bits

    def forward(self, x):
        return F.linear(x, quantize_weight(self.weight, self.bits), self.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(QuantLinear(8, 16), nn.ReLU(), QuantLinear(16, 2))

    def forward(self, x):
        return self.body(x)


def train(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        x, y = torch.randn(4, 8), torch.randint(0, 2, (4,))
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    train(Net())
