import numpy as np
import torch
import torch.nn as nn


class ClipPool(nn.Module):
    def __init__(self, width=4, n_frames=6):
        super().__init__()
        self.proj = nn.Linear(width, width)
        w = np.hamming(n_frames)
        self.register_buffer("weights", torch.from_numpy(w / w.sum()).float())

    def forward(self, h):
        h = self.proj(h).transpose(1, 2)
        return torch.matmul(h, self.weights)


print(ClipPool()(torch.randn(2, 6, 4)).shape)
window = torch.from_numpy(np.blackman(16)).to(torch.float32)
print(torch.stft(torch.randn(64), 16, window=window, return_complex=True).shape)
