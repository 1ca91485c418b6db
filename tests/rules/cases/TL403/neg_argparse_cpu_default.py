# An option defaulting to the CPU, and one added in a branch only: nothing is known to be
# on the GPU.
import argparse
import sys

import torch
from torch import nn

ap = argparse.ArgumentParser()
ap.add_argument("--device", default="cpu")
if "--gpu-only" in sys.argv:
    ap.add_argument("--aux-device", default="cuda")
args, _ = ap.parse_known_args()
model = nn.Linear(4, 2).to(args.device)
print(model(torch.randn(3, 4)))
aux = torch.zeros(3, device=getattr(args, "aux_device", "cpu"))
