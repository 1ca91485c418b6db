import torch
import torch.nn as nn


class Scaler(nn.Module):
    def __init__(self, dim, device="cpu"):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(dim, dtype=torch.float64))
        self.temperature = nn.Parameter(torch.tensor(10.0).to(device))
        self.bias = nn.Parameter(torch.zeros(dim).double())
        self.register_buffer("shift", torch.zeros(dim).to(device))
        self.offset = torch.zeros(dim, device=device)
        self.table = torch.randn(dim, dim).double()

    def forward(self, x):
        return x.double() * self.gain / self.temperature + self.bias + self.shift


model = Scaler(4).double()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model(torch.randn(2, 4)).sum().backward()
opt.step()
