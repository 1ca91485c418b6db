"""A scaler built with a CUDA buffer on one path and with its default CPU buffer for the
CPU model (review reproducer: the second instance copied the first one's buffer)."""
import torch
import torch.nn as nn


class Scaler(nn.Module):
    def __init__(self, d, scale=None):
        super().__init__()
        self.fc = nn.Linear(d, d)
        if scale is None:
            scale = torch.ones(d)
        self.register_buffer("scale", scale)

    def forward(self, x):
        return self.fc(x) * self.scale


if torch.cuda.is_available():
    gpu = Scaler(4, torch.full((4,), 2.0, device="cuda")).cuda()
    print(gpu(torch.randn(2, 4, device="cuda")).shape)
cpu_model = Scaler(4)
print(cpu_model(torch.randn(2, 4)).shape)
