"""A layer subclass whose forward moves its input to its weight's device (review reproducer)."""
import torch
import torch.nn as nn


class AutoDeviceLinear(nn.Linear):
    def forward(self, x):
        return super().forward(x.to(self.weight.device)).to(x.device)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        return self.fc(x.to(self.fc.weight.device)).to(x.device)


lin = AutoDeviceLinear(4, 3)
x = torch.randn(2, 4, device="cuda")
y = lin(x)
w = Wrapper()
y2 = w(x)
