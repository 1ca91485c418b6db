import sys

import torch
import torch.nn as nn

no_cuda = "--cpu" in sys.argv
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
if no_cuda:
    print("running on the CPU")
else:
    model.cuda()
x = torch.randn(4, 3)
y = model(x)  # expect: TL403
