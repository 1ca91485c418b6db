import numpy as np
import torch
import torch.nn as nn


def temporal_kernel(t):
    w = np.hanning(t + 2)[1:-1]
    return w / w.sum()


class ClipPool(nn.Module):
    def __init__(self, width=4, n_frames=6):
        super().__init__()
        self.proj = nn.Linear(width, width)
        self.weights = torch.from_numpy(temporal_kernel(n_frames))

    def forward(self, h):  # (N, T, width)
        h = self.proj(h).transpose(1, 2)
        return torch.matmul(h, self.weights)  # expect: TL402


if __name__ == "__main__":
    print(ClipPool()(torch.randn(2, 6, 4)).shape)
