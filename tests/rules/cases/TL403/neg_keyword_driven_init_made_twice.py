# A block whose buffer's device comes from **kw: the second block, made without it, is on
# the CPU like its input.
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, **kw):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.scale = torch.ones(d, device=kw.get("device", "cpu"))

    def forward(self, x):
        return self.fc(x) * self.scale


gpu_block = Block(4, device="cuda").to("cuda") if torch.cuda.is_available() else None
cpu_block = Block(4)
print(cpu_block(torch.randn(2, 4)).sum())
