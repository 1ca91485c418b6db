import torch
import torch.nn as nn


class Scaler(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(dim)).double()  # expect: TL104
        self.temperature = nn.Parameter(torch.tensor(10.0)).to("cuda")  # expect: TL104
        self.bias = torch.zeros(dim, requires_grad=True).cuda()  # expect: TL104

    def forward(self, x):
        return x.double() * self.gain


model = Scaler(4)
print(list(model.parameters()))  # [] : nothing to train
