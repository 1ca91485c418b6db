import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class A(nn.Module):
    def __init__(self, n, m):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(m, n))
        self.bias = nn.Parameter(torch.Tensor(m))
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        bound = 1 / math.sqrt(self.weight.size(1))
        nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class B(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.Tensor(n, n))
        self.b = nn.Parameter(torch.Tensor(n))
        for p in self.parameters():
            nn.init.normal_(p, std=0.02)

    def forward(self, x):
        return x @ self.w + self.b


class C(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.Tensor(n, n))
        self.apply(self._init)

    def _init(self, m):
        for p in m.parameters(recurse=False):
            nn.init.xavier_uniform_(p)

    def forward(self, x):
        return x @ self.w


class D(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.Tensor(n, n))
        self.scale = nn.Parameter(torch.Tensor(1))
        self.w.data.normal_(0, 0.02)
        self.scale.data.fill_(1.0)

    def forward(self, x):
        return x @ self.w * self.scale


class E(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.Tensor(n, n))
        self._reset()

    def _reset(self):
        stdv = 1.0 / math.sqrt(self.w.size(1))
        self.w.data.uniform_(-stdv, stdv)

    def forward(self, x):
        return x @ self.w


class F2(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.Tensor(n, n))

    def forward(self, x):
        return x @ self.w


def init_weights(m):
    for name, p in m.named_parameters():
        nn.init.zeros_(p)


model = F2(3)
model.apply(init_weights)
y = model(torch.randn(2, 3))
for name, mod in [("a", A(3, 3)), ("b", B(3)), ("c", C(3)), ("d", D(3)), ("e", E(3))]:
    print(name, mod(torch.randn(2, 3)).shape)

buf = torch.Tensor(4)
torch.nn.init.constant_(buf, 0.5)
print(buf * 2)
out = torch.FloatTensor(3)
torch.randn(3, out=out)
print(out + 1)


def fill(t):
    t.copy_(torch.from_numpy(np.ones(4, dtype=np.float32)))


def external(t):
    np.copyto(t.numpy(), 1.0)


a = torch.Tensor(4)
fill(a)
print(a + 1)
b = torch.FloatTensor(4)
external(b)
print(b + 1)
c = torch.Tensor(4)
c[:] = 3
print(c * 2)
d = torch.Tensor(2, 2)
d.copy_(torch.eye(2))
print(d.sum())
e = torch.Tensor(3)
e.data = torch.ones(3)
print(e.sum())
f = torch.DoubleTensor(4)
np.random.default_rng(0).random(out=f.numpy())
print(f + 1)


class Holder(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.gamma = torch.Tensor(n)

    def forward(self, x):
        return x * self.gamma


def build(n):
    m = Holder(n)
    m.gamma.fill_(1.0)
    return m


print(build(4)(torch.ones(2, 4)))
