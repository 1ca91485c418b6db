"""Two instances of one head class, the second built in float64 and fed float64 (review
reproducer: it copied the first, float32 one)."""
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, n, dtype=torch.float32):
        super().__init__()
        self.fc = nn.Linear(n, 2, dtype=dtype)

    def forward(self, x):
        return self.fc(x)


h32 = Head(4)
h64 = Head(4, dtype=torch.float64)
x = torch.randn(3, 4, dtype=torch.float64)
print(h64(x).dtype)
