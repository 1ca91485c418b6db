# A spectral Poisson solver: its wavenumbers come from torch.fft.fftfreq, made on the CPU,
# and stay a plain attribute when the model moves to the GPU.
import math

import torch
from torch import nn

device = "cuda"


def wavenumbers(n, length=2 * math.pi):
    k = torch.fft.fftfreq(n, d=length / n) * 2 * math.pi
    kx, ky = torch.meshgrid(k, k, indexing="ij")
    k2 = kx**2 + ky**2
    k2[0, 0] = 1.0
    return k2


class SpectralPoisson(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.k2 = wavenumbers(n)

    def forward(self, f):
        f_hat = torch.fft.fft2(f)
        u_hat = f_hat / self.k2  # expect: TL403
        return torch.fft.ifft2(u_hat).real


class SourceFit(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.coef = nn.Parameter(torch.zeros(n, n))
        self.solver = SpectralPoisson(n)

    def forward(self):
        return self.solver(self.coef)


model = SourceFit(16).to(device)
loss = model().pow(2).mean()
loss.backward()
