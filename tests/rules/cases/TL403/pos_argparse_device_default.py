# The device comes from a command-line option whose default asks for the GPU; a positional
# index tensor made inside forward stays on the CPU.
import argparse

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, frames=64, dim=32):
        super().__init__()
        self.proj = nn.Linear(16, dim)
        self.pos = nn.Embedding(frames, dim)

    def forward(self, x):
        h = self.proj(x)
        return h + self.pos(torch.arange(x.size(1)))  # expect: TL403


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--batch-size", type=int, default=4)
    args = ap.parse_args()
    model = Encoder().to(torch.device(args.device))
    x = torch.randn(args.batch_size, 10, 16, device=args.device)
    return model(x)


if __name__ == "__main__":
    main()
