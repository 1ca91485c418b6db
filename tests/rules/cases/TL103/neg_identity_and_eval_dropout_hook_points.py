"""Saliency through hook points: nn.Identity, and a Dropout in eval mode, give back the
input leaf itself, so the .grad the hooks read is filled (review reproducer)."""
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Identity()  # hook point
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(4, 2)
    def forward(self, x):
        return self.fc(self.drop(self.inp(x)))

class Saver:
    def __init__(self, layer):
        self.out = None
        layer.register_forward_hook(self.save)
    def save(self, module, inputs, output):
        self.out = output

model = Net().eval()
s1 = Saver(model.inp)
s2 = Saver(model.drop)
x = torch.randn(1, 4, requires_grad=True)
model(x)[0, 1].backward()
print(s1.out.grad is not None, s2.out.grad is not None)
a = s1.out.grad.abs()
b = s2.out.grad.abs()
