"""m.forward(x) does not run the hooks that m(x) runs: the in-place hook never touches the
saved output (review reproducer)."""
import torch
import torch.nn as nn

# hooks do not run for module.forward(x)
relu = nn.ReLU()
lin = nn.Linear(4, 4)

def scale(module, inputs, output):
    output.mul_(0.5)

relu.register_forward_hook(scale)
x = torch.randn(3, 4)
y = relu.forward(lin(x))
y.sum().backward()
print("ok")
