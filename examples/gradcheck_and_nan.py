"""gradcheck in float32, and NaN gradients hidden behind masks."""

import torch
import torch.nn as nn
from torch.autograd import gradcheck

# TL201: gradcheck needs float64 inputs and a float64 module.
x = torch.rand(256, 2, requires_grad=True)
custom_op = nn.Linear(2, 10)
print(gradcheck(custom_op, (x,)))


# TL202: masking the output of sqrt / pow(0.5) / division does not mask its gradient.
def gamma_loss(x):
    mask = (x < 0.003).float()
    gamma_x = mask * 12.9 * x + (1 - mask) * (x**0.5)
    return torch.mean((x - gamma_x) ** 2)


values = torch.tensor([0, 0.0025, 0.5, 0.8, 1], requires_grad=True)
gamma_loss(values).backward()
print(values.grad)

num = torch.tensor([1.0, 1.0], requires_grad=True)
den = torch.tensor([0.0, 1.0])
ratio = num / den
picked = ratio[den != 0]
picked.sum().backward()
