import torch
from torch.autograd import gradcheck as gc

inp = torch.randn(4, requires_grad=True)
gc(torch.sigmoid, (inp,), eps=1e-3)  # expect: TL201
gc(torch.sigmoid, (inp,), eps=1e-4)  # expect: TL201
half = torch.randn(4, dtype=torch.float16, requires_grad=True)
torch.autograd.gradgradcheck(torch.tanh, (half,))  # expect: TL201
