import math

import torch
import torch.nn as nn


class MyLinear(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(n_out, n_in))
        self.bias = nn.Parameter(torch.Tensor(n_out))
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        nn.init.zeros_(self.bias)


w = torch.FloatTensor(10)
w.normal_()
u = torch.FloatTensor(4)
u.zero_()
total = (w.sum() + u.sum())
data = torch.FloatTensor([1.0, 2.0, 3.0])  # legacy spelling of torch.tensor, but correct
